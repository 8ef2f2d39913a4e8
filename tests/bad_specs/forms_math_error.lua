-- target: isa/tdivs.lua
-- expect: spec/isa/tdivs.lua:7: forms.rev: unknown operand 'dst'; allowed: scalar, src
instruction {
  name = "tdivs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "The scalar divided by each element.",
  math = "src / scalar",
  forms = { rev = "scalar / dst" },
  legal = { a5 = { T = { "f32" } } },
}
