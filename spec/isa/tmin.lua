-- TMIN: elementwise IEEE 754-2019 minimum of two tiles (a NaN gives NaN, min(-0, +0) = -0;
-- docs/contract.md). Upstream's CPU returns the first operand on ties and NaN; its NPUs leave it
-- to the hardware, undocumented.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tmin",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise minimum of two tiles.",
  math = "min(src0, src1)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
