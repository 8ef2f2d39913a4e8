-- TSHR: each element of src0 shifted right by the count in src1's element: arithmetic on signed
-- T, logical on unsigned; the count is read as an unsigned number of T's width, and a count of
-- the width or more gives the sign fill (signed) or 0 (docs/contract.md). Upstream leaves such
-- counts to C's promotions (8/16-bit) or undefined behaviour (32-bit). A2A3 shifts on its scalar
-- unit, as upstream's; A5 clamps the counts for vshr.
instruction {
  name = "tshr",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise right shift of a tile by the counts in another.",
  math = "src0 >> src1",
  legal = {
    a2a3 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
