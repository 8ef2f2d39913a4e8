-- TRECIP: elementwise 1/x, rounded once: recip(±0) = ±inf, recip(±inf) = ±0 (docs/contract.md,
-- docs/math.md). Upstream runs it as the reversed TDIVS (1 / x): its CPU asserts x != 0, its A2A3
-- also takes i32/i16 (truncating 1/x) and its A5 has no dtype check (bf16 stores an uninitialised
-- register). Floats only here; both NPUs use vrec, defined as the correctly rounded division.
instruction {
  name = "trecip",
  family = "elementwise-tile-tile",
  kind = "elementwise_unary",
  summary = "Elementwise reciprocal, correctly rounded.",
  math = "recip(src)",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16", "bf16" } },
  },
}
