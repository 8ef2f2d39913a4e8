-- TSHL: each element of src0 shifted left by the count in src1's element, on the two's-complement
-- bits; the count is read as an unsigned number of T's width (an i16 count of -1 is 65535), and a
-- count of the width or more gives 0 (docs/contract.md). Upstream promotes 8- and 16-bit values
-- to int (so counts up to 31 give 0) and leaves 32-bit counts of 32 or more undefined (the x86
-- CPU masks them mod 32). A2A3 has no shift by a count per element: its scalar unit shifts, as
-- upstream's; A5 clamps the counts for vshl (which takes counts below the width) and zeroes the
-- lanes whose count was wider.
instruction {
  name = "tshl",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise left shift of a tile by the counts in another.",
  math = "src0 << src1",
  legal = {
    a2a3 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
