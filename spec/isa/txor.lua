-- TXOR: elementwise bitwise xor of two tiles, integer dtypes only (docs/contract.md). A2A3 has no
-- vxor: (a | b) - (a & b), exactly (the and's bits are a subset of the or's), its first
-- temporary in the reserved scratch; vsub takes i16 lanes, so A2A3 takes i16 here (upstream also
-- runs u16 and 8-bit types through 16-bit lanes). Upstream's A2A3 asserts that dst, the sources
-- and tmp are four distinct tiles; here dst may be either source, and tmp (upstream's, dst's
-- shape) is taken but never read. A5 uses vxor.
instruction {
  name = "txor",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary_tmp",
  summary = "Elementwise bitwise xor of two tiles.",
  math = "src0 ^ src1",
  operand_use = { tmp = { a2a3 = "ignored", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "i16" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
