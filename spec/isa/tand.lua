-- TAND: elementwise bitwise and of two tiles, integer dtypes only (docs/contract.md). Upstream's
-- A2A3 also takes f16/bf16 bit patterns and 8-bit types, which it runs as 16-bit lanes (writing
-- the padding byte after a row of odd width); A2A3's vand works on 16-bit lanes, so it takes i16
-- and u16 here.
instruction {
  name = "tand",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise bitwise and of two tiles.",
  math = "src0 & src1",
  legal = {
    a2a3 = { T = { "i16", "u16" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
