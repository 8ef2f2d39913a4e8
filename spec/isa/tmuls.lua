-- TMULS: elementwise product of a tile and a scalar. Integers wrap.

instruction {
  name = "tmuls",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise product of a tile and a scalar.",
  math = "src * scalar",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "bf16", "i32", "i16" } },
  },
}
