-- TSQRT: elementwise square root, correctly rounded to the dtype: sqrt(-0) = -0, sqrt(x < 0) = NaN
-- (docs/contract.md, docs/math.md). Upstream's CPU (via double) is correct; its NPUs' vsqrt is not
-- correctly rounded for f32 and mishandles subnormal inputs (what A5's high-precision path
-- repairs). Both NPUs here use vsqrt, defined as the correctly rounded function.
instruction {
  name = "tsqrt",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise square root, correctly rounded.",
  math = "sqrt(src)",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16", "bf16" } },
  },
}
