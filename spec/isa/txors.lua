-- TXORS: elementwise bitwise xor of a tile with a scalar, integer dtypes only (docs/contract.md).
-- A2A3 has no vxor: its kernels compute (src | s) - (src & s), one temporary in tmp (dst's shape,
-- as upstream requires); vsub takes i16 but not u16 or 8-bit lanes, so A2A3 takes i16 only here
-- (upstream also runs u16, i8 and u8 through 16-bit lanes). Upstream's NPU kernels break in place
-- (dst, src and tmp must differ); ours do not (tmp must still be its own tile). A5 uses vxor and
-- never reads tmp.
instruction {
  name = "txors",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar_tmp",
  summary = "Elementwise bitwise xor of a tile with a scalar.",
  math = "src ^ scalar",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  rules = {
    rule { name = "tmp_valid", on = { "a2a3" }, status = "tmp",
           check = "tmp.valid_rows == dst.valid_rows and tmp.valid_cols == dst.valid_cols",
           why = "tmp holds a temporary of every element: dst's valid region" },
  },
  legal = {
    a2a3 = { T = { "i16" } },
    a5 = { T = { "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
