-- target: isa/ttwo.lua
-- expect: spec/isa/ttwo.lua:9: a second instruction in one file; spec/isa/<name>.lua holds exactly one
-- expect: spec/isa/ttwo.lua:10: instruction 'ttwo' is defined twice
instruction {
  name = "ttwo",
  family = "reduce-and-expand",
  kind = "col_expand",
  summary = "Two records in one file.",
  math = "min(src0, src1)",
  legal = { a5 = { T = { "f32" } } },
}
instruction {
  name = "ttwo",
  family = "reduce-and-expand",
  kind = "col_expand",
  summary = "Two records in one file.",
  math = "min(src0, src1)",
  legal = { a5 = { T = { "f32" } } },
}
