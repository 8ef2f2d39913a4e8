-- TADDC: elementwise (src0 + src1) + src2, each addition rounded once in T, integers wrap
-- (docs/contract.md). Upstream has it on its CPU only (no NPU kernel: a call does not compile);
-- here every profile has it, with TADD's dtypes: two vadd in turn, the first sum in the reserved
-- scratch on A2A3 where dst may be src2.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "taddc",
  family = "elementwise-tile-tile",
  kind = "elementwise_ternary",
  summary = "Elementwise sum of three tiles, the first two added first.",
  math = "src0 + src1 + src2",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
