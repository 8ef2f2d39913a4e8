-- TLRELU: leaky ReLU, src >= 0 ? src : src * slope, the product rounded once; -0 stays -0 and a
-- NaN gives a NaN. Upstream's tile docs and CPU simulator use src > 0 (so -0 * slope gives +0
-- with a negative slope, and +0 gives -0) while its vector docs say >= 0: the contract takes >= 0
-- on every profile.
instruction {
  name = "tlrelu",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise leaky ReLU of a tile with a scalar slope.",
  math = "lrelu(src, scalar)",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16" } },
  },
}
