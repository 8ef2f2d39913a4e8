-- TADDSC: a tile plus a scalar plus a tile, left to right: (src0 + s) + src1, each addition
-- rounded once. Upstream has only a CPU implementation; the NPU kernels here issue vadds then vadd.
-- Dtypes: TADDS's sets (docs/contract.md).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "taddsc",
  family = "tile-scalar-and-immediate",
  kind = "ternary_scalar",
  summary = "Elementwise sum of a tile, a scalar and a second tile, added left to right.",
  math = "src0 + scalar + src1",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
