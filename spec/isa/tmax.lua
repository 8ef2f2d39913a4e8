-- TMAX: elementwise IEEE 754-2019 maximum of two tiles (a NaN gives NaN, max(-0, +0) = +0;
-- docs/contract.md). Upstream's CPU returns the first operand on ties and NaN (max(1, NaN) = 1);
-- its NPUs leave it to the hardware, undocumented.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tmax",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise maximum of two tiles.",
  math = "max(src0, src1)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
