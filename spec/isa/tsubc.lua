-- TSUBC: elementwise (src0 - src1) + src2, each step rounded once in T, integers wrap
-- (docs/contract.md). Upstream has it on its CPU only (no NPU kernel); here every profile has it,
-- with TSUB's dtypes.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tsubc",
  family = "elementwise-tile-tile",
  kind = "elementwise_ternary",
  summary = "Elementwise difference of two tiles plus a third.",
  math = "src0 - src1 + src2",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
