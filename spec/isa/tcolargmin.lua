-- TCOLARGMIN: the row of each column's minimum (docs/contract.md: argmin).
-- Upstream: A2A3 moves the index to a NaN row (best >= NaN is false) and
-- compares u16/u32 sources as f16/f32 bit patterns; A5 never lets a NaN win (vcmp_lt); its 8/16-bit indices
-- wrap. Here every profile picks the lowest row of the minimum and a column's first NaN, -0 and +0
-- tie. The A2A3 kernel compares floats (vcmp on f32, f16); 8-bit sources would need indices wider
-- than their lanes, so A5 takes the 16- and 32-bit dtypes. tmp is accepted and never read.
instruction {
  name = "tcolargmin",
  family = "reduce-and-expand",
  kind = "col_reduce_index",
  summary = "Row index of the minimum of each column.",
  math = "argmin(src)",
  legal = {
    a2a3 = { S = { "f32", "f16" }, I = { "u32", "i32" } },
    a5 = { S = { "f32", "f16", "i32", "u32", "i16", "u16" }, I = { "u32", "i32" } },
  },
  operand_use = { tmp = { a2a3 = "ignored", a5 = "ignored" } },
}
