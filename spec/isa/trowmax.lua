-- TROWMAX: each row's maximum into column 0 of dst. Upstream takes its NaN and signed-zero answers
-- from the hardware (vmax/vcmax, undocumented; A5 starts from -inf, so an all-NaN row may give
-- -inf) and from std::max on the CPU, where a NaN counts only as the first element.
-- ptogen gives IEEE 754-2019 maximum on every profile (a NaN gives NaN,
-- +0 is above -0), which no order changes; the kernels fold the lanes by vmax and the
-- adjacent-pair tree, not by vcmax (its ONLY_VALUE keeps the first of -0 and +0). tmp: A2A3 requires it
-- (any size: its kernels work in the reserved scratch where tmp is smaller, as upstream sizes it
-- rows x E for its own scheme); A5 and the cpu ignore it.
instruction {
  name = "trowmax",
  family = "reduce-and-expand",
  kind = "row_reduce",
  summary = "Maximum of each row.",
  math = "max(src)",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "i32", "i16" } },
  },
}
