-- TDIVS: a tile divided elementwise by a scalar, rounded once (no reciprocal), and the reversed
-- form tdivs_rev(dst, scalar, src), the scalar divided by each element. A2A3 divides integers on
-- its scalar unit (its vdiv takes floats only), as upstream does. Upstream's A2A3 replaces an in-place
-- division by a multiplication with the rounded reciprocal and breaks the reversed form in place
-- (every element becomes s/s): not copied, both forms divide and work in place.

instruction {
  name = "tdivs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise quotient of a tile by a scalar.",
  math = "src / scalar",
  forms = { rev = "scalar / src" },
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
