-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:2: string.dump is not available to specs; allowed: byte, char, format, len, lower, rep, reverse, sub, upper
-- TMAXS: elementwise maximum of a tile and a scalar (IEEE maximum for floats: docs/contract.md).
local code = string.dump(function() end)
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
