-- TEXP: elementwise e^x, correctly rounded to the dtype (round to nearest even, subnormals kept;
-- f16/bf16 from their own bits, rounded once) (docs/contract.md, docs/math.md). Upstream's CPU
-- rounds (T)exp((double)x), but f16 through expf's float result, rounded again (two f16 inputs
-- 1 ulp off); its NPUs' vexp is approximate and, by what A5's high-precision path repairs, flushes
-- subnormal results. Both NPUs here use vexp, defined as the correctly rounded function.
instruction {
  name = "texp",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise natural exponential, correctly rounded.",
  math = "exp(src)",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16", "bf16" } },
  },
}
