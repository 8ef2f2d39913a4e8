-- TANDS: elementwise bitwise and of a tile with a scalar, integer dtypes only (docs/contract.md).
-- A2A3's vand works on 16-bit lanes: upstream also runs 8-bit tiles (and f16/bf16 bit patterns)
-- through it in byte pairs, which with an odd valid column count writes the byte after each
-- row's last element; here A2A3 takes the 16-bit integers only. Upstream's NPU kernels broadcast
-- the scalar into dst first, so they break in place; ours broadcast it into the scratch (A2A3)
-- or a register (A5), and in place works.
instruction {
  name = "tands",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise bitwise and of a tile with a scalar.",
  math = "src & scalar",
  legal = {
    a2a3 = { T = { "i16", "u16" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
