-- target: isa/tempty.lua
-- expect: spec/isa/tempty.lua:1: defines no instruction; spec/isa/<name>.lua holds exactly one `instruction { ... }`
local forgot = "the instruction record"
