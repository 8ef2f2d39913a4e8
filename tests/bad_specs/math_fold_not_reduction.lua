-- target: isa/trowsum.lua
-- expect: spec/isa/trowsum.lua:5: math of a row_reduce instruction must be a reduction; allowed: max(...), min(...), prod(...), sum(...)
instruction {
  name = "trowsum",
  family = "reduce-and-expand",
  kind = "row_reduce",
  summary = "A row reduction whose math is not one.",
  math = "src + src",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = { a5 = { T = { "f32" } } },
}
