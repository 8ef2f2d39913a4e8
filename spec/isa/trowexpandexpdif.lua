-- TROWEXPANDEXPDIF: exp of the difference between each element and its row's scalar,
-- exp(src0 - s_i) (or exp(s_i - src1) with the narrow operand first): the difference rounded to
-- the dtype, then e^x correctly rounded (docs/contract.md). Upstream's A5 fuses the two for f32
-- (vexpdif, the difference presumably not rounded) and leaves the accuracy of vexp undocumented:
-- here every profile subtracts, then takes the correctly rounded exp (vsub, then vexp).
instruction {
  name = "trowexpandexpdif",
  family = "reduce-and-expand",
  kind = "row_expand",
  summary = "Row-wise broadcast exponential of the difference.",
  math = "exp(src0 - src1)",
  legal = {
    a2a3 = { T = { "f32", "f16" }, exclude = { { mode = "mode2", tmp = "tmp" } } },
    a5 = { T = { "f32", "f16", "bf16" }, tmp = { "none" } },
  },
}
