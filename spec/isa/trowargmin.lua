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
  rules = {
    rule { name = "a5_index16", on = { "a5" }, status = "valid", when = { ["src.elem_bytes"] = 2 },
           check = "src.valid_cols <= 65536",
           why = "A5 keeps the running index in lanes as wide as src: 16 bits for a 16-bit src" },
    rule { name = "a2a3_cols_limit", on = { "a2a3" }, status = "valid",
           check = "src.valid_cols <= src.repeat_elems * src.repeat_elems * src.repeat_elems",
           why = "the two-stage vcmin scheme reduces at most E^3 columns" },
    rule { name = "tmp_rows", on = { "a2a3" }, status = "tmp",
           check = "src.valid_cols <= src.repeat_elems or tmp.rows >= src.valid_rows",
           why = "rows wider than one repeat need one tmp row per src row" },
    rule { name = "tmp_stride", on = { "a2a3" }, status = "tmp",
           check = "src.valid_cols <= src.repeat_elems or tmp.cols >= "
                .. "roundup(2 * ceildiv(src.valid_cols, src.repeat_elems), src.block_elems) + "
                .. "roundup(ceildiv(src.valid_cols, src.repeat_elems), src.block_elems)",
           why = "a tmp row holds the block-padded (value, index) pairs and minima of one row: "
              .. "roundup(2r, B) + roundup(r, B) elements with r = ceil(valid_cols / E)" },
    rule { name = "tmp_pairs", on = { "a2a3" }, status = "tmp", when = { form = "val" },
           check = "src.valid_cols > src.repeat_elems or tmp.rows * tmp.cols >= 2 * src.valid_rows",
           why = "the value+index form stores one (value, index) pair per row in tmp" },
  },
}
