-- target: isa/tcolexpandmax.lua
-- expect: spec/isa/tcolexpandmax.lua:9: a second instruction in one file; spec/isa/<name>.lua holds exactly one
-- expect: spec/isa/tcolexpandmax.lua:10: instruction 'tcolexpandmax' is defined twice
instruction {
  name = "tcolexpandmax",
  family = "reduce-and-expand",
  kind = "col_expand",
  summary = "Two records in one file.",
  math = "min(src0, src1)",
  legal = { a5 = { T = { "f32" } } },
}
instruction {
  name = "tcolexpandmax",
  family = "reduce-and-expand",
  kind = "col_expand",
  summary = "Two records in one file.",
  math = "min(src0, src1)",
  legal = { a5 = { T = { "f32" } } },
}
