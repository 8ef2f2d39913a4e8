-- TDIVS: a tile divided elementwise by a scalar, rounded once (no reciprocal). A2A3
-- divides integers on its scalar unit (its vdiv takes floats only), as upstream does.

instruction {
  name = "tdivs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise quotient of a tile by a scalar.",
  math = "src / scalar",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
