-- TFMOD: elementwise exact fmod of two tiles (the remainder of the truncated quotient, with the
-- dividend's sign: fmod(x, 0) and fmod(inf, y) are NaN, fmod(x, inf) = x); integers C's %, x % 0
-- = x, MIN % -1 = 0 (docs/contract.md). Upstream's NPUs compute src0 - trunc(src0/src1)*src1 with
-- a rounding per step (not exact), and break in place on A2A3; its CPU traps on y = 0. Neither
-- NPU has an exact fmod instruction: both run it on the scalar unit.
instruction {
  name = "tfmod",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise remainder of the truncated quotient of two tiles.",
  math = "fmod(src0, src1)",
  legal = {
    a2a3 = { T = { "f32" } },
    a5 = { T = { "f32", "f16", "i32", "u32", "i16", "u16" } },
  },
}
