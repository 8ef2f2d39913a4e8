-- TMATMUL: Matrix multiply: c = a . b (docs/contract.md section 5, docs/matmul.md): the sum over k in increasing order from
-- +0, each product rounded to the accumulator dtype and each addition once, no fused multiply-add.
-- Dtypes (A -> C) are upstream's on A2A3 and A5 (the matrix facts notes, section 4.1, among
-- ptogen's dtypes); LEFT is Zz on A2A3 and Nz on A5, and the cpu takes both. Neither NPU profile
-- offers it yet (no cube unit in the machine models): its calls there return a status.
local pairs_ = { f16 = { "f32" }, bf16 = { "f32" }, f32 = { "f32" }, i8 = { "i32" } }

instruction {
  name = "tmatmul",
  family = "matrix",
  kind = "matmul",
  summary = "Matrix multiply: c = a . b.",
  math = "matmul(a, b)",
  rules = {
    rule { name = "m_rows", check = "c.valid_rows == a.valid_rows", status = "valid", why = "c has one valid row per valid row of a (m)" },
  },
  legal = {
    a2a3 = { pairs = pairs_, left = { "zz" }, offered = false },
    a5 = { pairs = pairs_, left = { "nz" }, offered = false },
  },
}
