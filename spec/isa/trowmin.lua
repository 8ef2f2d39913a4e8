-- TROWMIN: each row's minimum into column 0 of dst. The mirror of TROWMAX: upstream takes its NaN
-- and signed-zero answers from the hardware (vmin/vcmin, undocumented; A5 starts from +inf) and
-- from std::min on the CPU, where a NaN counts only as the first element. ptogen gives IEEE 754-2019 minimum on every profile (a NaN gives NaN, -0 is below +0),
-- which no order changes; the kernels fold the lanes by vmin and the adjacent-pair tree, not by
-- vcmin (its ONLY_VALUE keeps the first of -0 and +0). tmp: as TROWMAX's (A2A3 only).
instruction {
  name = "trowmin",
  family = "reduce-and-expand",
  kind = "row_reduce",
  summary = "Minimum of each row.",
  math = "min(src)",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "i32", "i16" } },
  },
}
