-- target: isa/tdivs.lua
-- expect: spec/isa/tdivs.lua:7: forms: kind elementwise_scalar has no optional entry 'inverse'; allowed: rev
instruction {
  name = "tdivs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "The scalar divided by each element.",
  math = "src / scalar",
  forms = { inverse = "scalar / src" },
  legal = { a5 = { T = { "f32" } } },
}
