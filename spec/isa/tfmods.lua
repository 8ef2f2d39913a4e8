-- TFMODS: the exact fmod of each element by a scalar (C fmod; integers C %, x % 0 = x).
-- Upstream's NPU kernels compute src - trunc(src/s)*s with a rounding at every step, wrong
-- whenever src/s is not exact (fmod(5.5, 1.1) comes out near 1.1 or 0), and its A2A3 kernel breaks
-- in place: not copied. Neither vector unit has an exact fmod, so the NPU kernels run on the
-- scalar unit (spec/ops.lua), in place too; its cost shows in the counters.
instruction {
  name = "tfmods",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise remainder of a tile by a scalar, truncated, exact (C fmod).",
  math = "fmod(src, scalar)",
  legal = {
    a2a3 = { T = { "f32" } },
    a5 = { T = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16" } },
  },
}
