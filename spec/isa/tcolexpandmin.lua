-- TCOLEXPANDMIN: column-broadcast minimum (IEEE minimum for floats: docs/contract.md).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tcolexpandmin",
  family = "reduce-and-expand",
  kind = "col_expand",
  summary = "Column-wise broadcast minimum: each column of the full source against row 0 of the narrow operand.",
  math = "min(src0, src1)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" }, order = { "normal", "swap" } },
    a5 = { T = all9, order = { "normal", "swap" } },
  },
}
