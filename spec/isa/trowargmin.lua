-- TROWARGMIN: column index of each row's minimum; the value+index form also writes the
-- minimum. The mirror of TROWARGMAX: the same operands, index widths, layouts and rules (the
-- index-only form writes 32-bit indices, the dual form's indices are as wide as src; only A2A3
-- uses tmp: upstream's two-stage vcmin scheme, sized like vcmax's).
instruction {
  name = "trowargmin",
  family = "reduce-and-expand",
  kind = "row_reduce_index",
  summary = "Column index of the minimum of each row, optionally with the minimum itself.",
  math = "argmin(src)",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { S = { "f32", "f16" }, I = { "u32", "i32", "u16", "i16" } },
    a5 = { S = { "f32", "f16", "i32", "i16" }, I = { "u32", "i32", "u16", "i16" } },
  },
}
