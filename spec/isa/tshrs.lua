-- TSHRS: each element shifted right by a scalar count: arithmetic on signed dtypes, logical on
-- unsigned. The count is the scalar read as an unsigned number; a count of the bit width or
-- more gives the sign fill (0 or -1; 0 on unsigned). Upstream leaves such counts unspecified on
-- the NPUs and undefined on its CPU for 32-bit types; the NPU kernels here clamp the count to
-- width - 1 (signed) or fill with 0 (unsigned) instead of handing the hardware an undefined one.
instruction {
  name = "tshrs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise right shift of a tile by a scalar count (arithmetic on signed dtypes).",
  math = "src >> scalar",
  legal = {
    a2a3 = { T = { "i32", "u32", "i16", "u16" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
