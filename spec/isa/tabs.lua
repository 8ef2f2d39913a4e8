-- TABS: elementwise absolute value: floats clear the sign bit (abs(-0) = +0, a NaN keeps its
-- payload), integers wrap (abs(MIN) = MIN) (docs/contract.md). Upstream's CPU keeps -0 and a
-- NaN's sign (src < 0 ? -src : src); its NPUs use vabs, whose documentation gives the same
-- formula. Both NPUs here use vabs, defined as the bit operation.
instruction {
  name = "tabs",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise absolute value.",
  math = "abs(src)",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16", "bf16", "i32", "i16" } },
  },
}
