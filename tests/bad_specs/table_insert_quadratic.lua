-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:3: instruction limit (200000) exceeded; specs must not loop forever
-- TMAXS: elementwise maximum of a tile and a scalar (IEEE maximum for floats: docs/contract.md).
local t = {}
for i = 1, 1e7 do table.insert(t, 1, i) end
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tmaxs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise maximum of a tile and a scalar.",
  math = "max(src, scalar)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
