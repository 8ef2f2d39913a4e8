-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:9: math: 'max' takes 2 argument(s), got 3
-- expect: spec/isa/tmaxs.lua:11: legal.a2a3.T: 'f16' is listed twice
-- expect: spec/isa/tmaxs.lua:11: legal.a2a3.T: unknown value 'i61'; allowed: f32, f16, bf16, i32, u32, i16, u16, i8, u8
-- expect: spec/isa/tmaxs.lua:13: legal: unknown profile 'a7'; allowed: a2a3, a5 (derived profiles get the union)
-- TMAXS: elementwise maximum of a tile and a scalar (IEEE maximum for floats: docs/contract.md).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tmaxs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise maximum of a tile and a scalar.",
  math = "max(src, scalar, src)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16", "f16", "i61" } },
    a5 = { T = all9 },
    a7 = { T = all9 },
  },
}
