-- TROWEXPANDSUB: row-broadcast subtraction. Integer subtraction wraps (docs/contract.md).
-- Only A2A3 has the tmp form.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "trowexpandsub",
  family = "reduce-and-expand",
  kind = "row_expand",
  summary = "Row-wise broadcast subtraction: the narrow operand's row value subtracted from (or, swapped, minus) each row of the full source.",
  math = "src0 - src1",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" }, order = { "normal", "swap" }, mode = { "mode1", "mode2" }, tmp = { "none", "tmp" },
             exclude = { { mode = "mode2", tmp = "tmp" } } }, -- the tmp overload forces mode 1
    a5 = { T = all9, order = { "normal", "swap" }, mode = { "mode1", "mode2" }, tmp = { "none" } },
  },
}
