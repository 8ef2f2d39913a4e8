-- TLOG: elementwise ln(x), correctly rounded to the dtype (round to nearest even, subnormal inputs
-- kept; f16/bf16 from their own bits, rounded once): log(±0) = -inf, log(x < 0) = NaN,
-- log(+inf) = +inf, log(1) = +0 (docs/contract.md, docs/math.md). Upstream's CPU rounds
-- (T)log((double)x), 1 ulp off on five f32 inputs; its NPUs' vln is approximate and, by what A5's
-- high-precision path repairs, mishandles subnormal inputs. Both NPUs here use vln, defined as the
-- correctly rounded function. Integer dtypes (upstream's CPU casts the double result) are not offered.
instruction {
  name = "tlog",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise natural logarithm, correctly rounded.",
  math = "log(src)",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16", "bf16" } },
  },
}
