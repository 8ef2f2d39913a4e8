-- TNOT: elementwise bitwise not, integer dtypes only (docs/contract.md). Upstream's A2A3 also runs
-- 8-bit types as 16-bit lanes (writing the padding byte after a row of odd width); A2A3's vnot
-- works on 16-bit lanes, so it takes i16 and u16 here.
instruction {
  name = "tnot",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise bitwise not.",
  math = "~src",
  legal = {
    a2a3 = { T = { "i16", "u16" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
