-- TRSQRT: elementwise 1/sqrt(x), rounded once to the dtype: rsqrt(+0) = +inf, rsqrt(-0) = -inf,
-- rsqrt(+inf) = +0, rsqrt(x < 0) = NaN (docs/contract.md, docs/math.md). Upstream's A2A3 vrsqrt is
-- approximate (its own test allows 3e-3 and calls it a known issue) and its tmp form and A5 compute
-- sqrt then a division: two roundings. Both NPUs here use vrsqrt, defined as the correctly rounded
-- function; tmp is not an operand (upstream's tmp overload only picks that two-rounding form).
instruction {
  name = "trsqrt",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise reciprocal square root, correctly rounded.",
  math = "rsqrt(src)",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16", "bf16" } },
  },
}
