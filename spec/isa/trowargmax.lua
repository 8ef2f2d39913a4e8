-- TROWARGMAX: column index of each row's maximum; the value+index form also writes the
-- maximum. Index-only writes 32-bit indices; the dual form's indices are as wide
-- as src. Only A2A3 uses tmp (two-stage vcmax scheme, upstream stride formula).
instruction {
  name = "trowargmax",
  family = "reduce-and-expand",
  kind = "row_reduce_index",
  summary = "Column index of the maximum of each row, optionally with the maximum itself.",
  math = "argmax(src)",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { S = { "f32", "f16" }, I = { "u32", "i32", "u16", "i16" } },
    a5 = { S = { "f32", "f16", "i32", "i16" }, I = { "u32", "i32", "u16", "i16" } },
  },
}
