-- TOR: elementwise bitwise or of two tiles, integer dtypes only (docs/contract.md). Upstream's
-- A2A3 also runs 8-bit types as 16-bit lanes (writing the padding byte after a row of odd
-- width); A2A3's vor works on 16-bit lanes, so it takes i16 and u16 here.
instruction {
  name = "tor",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise bitwise or of two tiles.",
  math = "src0 | src1",
  legal = {
    a2a3 = { T = { "i16", "u16" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
