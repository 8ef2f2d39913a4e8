-- TCOLSUM: each column's sum into row 0 of dst, row after row (binary == 0) or by the
-- adjacent-pair tree over the rows (docs/contract.md section 2). Upstream: A2A3 sums sequentially, or pairs the rows and adds an odd leftover into index 0;
-- A5 sums x0 + (x1 + x2) + (x3 + x4) ..., or pairs the rows and adds an odd leftover into the last
-- survivor; the CPU ignores binary and sums sequentially. ptogen sums in the contract's two orders
-- on every profile, each addition rounded once in T (integers wrap). tmp: the A2A3 tree keeps a
-- level's sums in it, floor(rows / 2) rows of src's valid columns (rule tmp_rows; upstream's size);
-- A5 keeps them in registers and the cpu on its stack, so both ignore tmp.
instruction {
  name = "tcolsum",
  family = "reduce-and-expand",
  kind = "col_sum",
  summary = "The sum of each column.",
  math = "sum(src)",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
  rules = {
    rule { name = "tmp_rows", on = { "a2a3" }, status = "tmp", when = { sum = "tree" },
           check = "tmp.rows >= src.valid_rows / 2 and tmp.cols >= src.valid_cols",
           why = "the tree keeps a level's sums in tmp: floor(rows / 2) rows of src's valid columns" },
  },
}
