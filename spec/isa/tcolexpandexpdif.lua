-- TCOLEXPANDEXPDIF: exp of the difference between each element and its column's scalar,
-- exp(src0 - s_j) (or exp(s_j - src1)): the difference rounded to the dtype, then e^x correctly
-- rounded (docs/contract.md). Upstream's A5 fuses the two (vexpdif) for every dtype but f16, and
-- A2A3's static list admits integers that its vexp cannot take: here floats only, vsub then vexp.
instruction {
  name = "tcolexpandexpdif",
  family = "reduce-and-expand",
  kind = "col_expand",
  summary = "Column-wise broadcast exponential of the difference.",
  math = "exp(src0 - src1)",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16", "bf16" } },
  },
}
