-- TADD: elementwise sum of two tiles, rounded once; integers wrap (docs/contract.md). Upstream's
-- backends agree on the dtypes below (its family page also claims bf16 on A2A3, which its code
-- rejects); its CPU takes one C++ tile type for every operand, its NPUs any row strides, as here.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tadd",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise sum of two tiles.",
  math = "src0 + src1",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
