-- TROWEXPANDDIV: row-broadcast division. A2A3 divides floats only (vdiv); A5 also
-- divides integers (truncating, see the semantics contract). Only A2A3 has the tmp form.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "trowexpanddiv",
  family = "reduce-and-expand",
  kind = "row_expand",
  summary = "Row-wise broadcast division: each row of the full source divided by its row's value of the narrow operand.",
  math = "src0 / src1",
  legal = {
    a2a3 = { T = { "f32", "f16" }, order = { "normal", "swap" }, mode = { "mode1", "mode2" }, tmp = { "none", "tmp" },
             exclude = { { mode = "mode2", tmp = "tmp" } } }, -- the tmp overload forces mode 1
    a5 = { T = all9, order = { "normal", "swap" }, mode = { "mode1", "mode2" }, tmp = { "none" } },
  },
}
