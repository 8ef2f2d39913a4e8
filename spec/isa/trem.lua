-- TREM: elementwise floor modulo of two tiles, with the divisor's sign: r = fmod(x, y), plus y
-- (rounded once) where r is not 0 and their signs differ, a zero taking y's sign; integers
-- Python's %, x rem 0 = x (docs/contract.md). Upstream: floor formulas with a rounding per step,
-- A2A3's i32 through f32 (exact within 2^24 only, and rewriting both sources), no sign fix on A5
-- floats, hardware vmod on A5 integers; broken in place on A2A3. Both NPUs run it exactly on the
-- scalar unit. tmp (upstream's: at least C columns) is taken and never read.
instruction {
  name = "trem",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary_tmp",
  summary = "Elementwise floor modulo of two tiles.",
  math = "rem(src0, src1)",
  operand_use = { tmp = { a2a3 = "ignored", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "i32" } },
    a5 = { T = { "f32", "f16", "i32", "u32", "i16", "u16" } },
  },
}
