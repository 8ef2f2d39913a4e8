-- TRELU: elementwise IEEE maximum(x, +0): -0 gives +0, a NaN gives NaN (docs/contract.md).
-- Upstream's CPU keeps -0 (std::max(x, 0)); its NPUs use vrelu, documented as x > 0 ? x : 0
-- (which turns a NaN into 0). Both NPUs here take the maximum with +0 by vmaxs.
instruction {
  name = "trelu",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise rectified linear unit.",
  math = "relu(src)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32" } },
    a5 = { T = { "f32", "f16", "i32" } },
  },
}
