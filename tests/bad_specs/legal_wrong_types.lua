-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:8: legal.a5: field 'exclude' must be a table, got 5
-- expect: spec/isa/tmaxs.lua:8: legal.a5: field 'layouts' must be a table, got ND
instruction {
  name = "tmaxs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise maximum of a tile and a scalar.",
  math = "max(src, scalar)",
  legal = {
    a5 = { T = { "f32" }, exclude = 5, layouts = "ND" },
  },
}
