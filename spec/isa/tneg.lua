-- TNEG: elementwise negation: floats flip the sign bit (neg(+0) = -0, a NaN keeps its payload),
-- integers wrap (neg(MIN) = MIN) (docs/contract.md). Upstream multiplies by -1 (TMULS), which
-- leaves a NaN's sign to the hardware. Here both NPUs add the sign bit to a float's bits as a
-- signed integer (only the top bit changes) and multiply integers by -1; the dtypes are TMULS's.
instruction {
  name = "tneg",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise negation.",
  math = "-src",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "bf16", "i32", "i16" } },
  },
}
