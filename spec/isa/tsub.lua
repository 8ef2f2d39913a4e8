-- TSUB: elementwise difference of two tiles, rounded once; integers wrap (docs/contract.md).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tsub",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise difference of two tiles.",
  math = "src0 - src1",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
