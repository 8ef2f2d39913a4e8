-- TSHLS: each element shifted left by a scalar count, on the two's-complement bits (i16
-- 3 << 15 = 0x8000). The count is the scalar read as an unsigned number; a count of the bit
-- width or more gives 0. Upstream leaves such counts (and negative ones) unspecified on the NPUs
-- and undefined on its CPU for 32-bit types; here every profile answers the same, and the NPU
-- kernels never hand the hardware a count it does not define (they clamp it, and fill with 0).
instruction {
  name = "tshls",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise left shift of a tile by a scalar count.",
  math = "src << scalar",
  legal = {
    a2a3 = { T = { "i32", "u32", "i16", "u16" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
