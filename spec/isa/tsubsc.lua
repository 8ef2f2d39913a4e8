-- TSUBSC: a tile minus a scalar plus a tile, left to right: (src0 - s) + src1, each operation
-- rounded once. Upstream has only a CPU implementation; the NPU kernels here add the exactly
-- negated scalar (spec/ops.lua), then the second tile. Dtypes: TADDS's sets (docs/contract.md).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tsubsc",
  family = "tile-scalar-and-immediate",
  kind = "ternary_scalar",
  summary = "Elementwise difference of a tile and a scalar, plus a second tile, left to right.",
  math = "src0 - scalar + src1",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
