-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:2: math.random is not available to specs; allowed: abs, acos, asin, atan, atan2, ceil, cos, cosh, deg, exp, floor, fmod, frexp, huge, ldexp, log, log10, max, maxinteger, min, mininteger, modf, pi, pow, rad, sin, sinh, sqrt, tan, tanh, tointeger, type, ult
-- TMAXS: elementwise maximum of a tile and a scalar (IEEE maximum for floats: docs/contract.md).
local pick = math.random(1, 9)
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
