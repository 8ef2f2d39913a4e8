-- TCOLEXPANDDIV: column-broadcast division. A2A3 divides floats only (vdiv); A5 also
-- divides integers (truncating, see the semantics contract).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tcolexpanddiv",
  family = "reduce-and-expand",
  kind = "col_expand",
  summary = "Column-wise broadcast division: each column of the full source divided by (or, swapped, dividing) row 0 of the narrow operand.",
  math = "src0 / src1",
  legal = {
    a2a3 = { T = { "f32", "f16" }, order = { "normal", "swap" } },
    a5 = { T = all9, order = { "normal", "swap" } },
  },
}
