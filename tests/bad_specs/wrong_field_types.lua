-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:2: instruction: field 'name' must be a string, got 5
-- expect: spec/isa/tmaxs.lua:7: instruction: field 'rules' must be a table, got 5
instruction {
  name = 5,
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise maximum of a tile and a scalar.",
  math = "max(src, scalar)",
  rules = 5,
  legal = { a5 = { T = { "f32" } } },
}
