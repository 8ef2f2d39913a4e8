-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:2: string.rep would build a string of 1048576000 bytes; specs may build at most 4194304
-- TMAXS: elementwise maximum of a tile and a scalar (IEEE maximum for floats: docs/contract.md).
local s = string.rep("", 1 << 20, ("y"):rep(1000))
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
