-- TREMS: floor modulo of each element by a scalar, with the scalar's sign (Python's %): the
-- exact fmod, then the scalar added (rounded once) where the signs differ. Upstream's A2A3 kernel
-- goes through f32 for i32 (exact only within 2^24), reuses one compare mask for every repeat and
-- breaks in place; its A5 floats skip the sign fix: not copied. The NPU kernels run on the scalar
-- unit (spec/ops.lua), so no profile reads tmp.
instruction {
  name = "trems",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar_tmp",
  summary = "Elementwise floor modulo of a tile by a scalar, with the scalar's sign.",
  math = "rem(src, scalar)",
  operand_use = { tmp = { a2a3 = "ignored", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "i32" } },
    a5 = { T = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16" } },
  },
}
