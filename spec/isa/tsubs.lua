-- TSUBS: elementwise difference of a tile and a scalar. The NPU profiles add the
-- negated scalar (exact: see spec/ops.lua); upstream's A2A3 negates an i32 scalar through float, which
-- loses bits above 2^24: not copied.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tsubs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise difference of a tile and a scalar.",
  math = "src - scalar",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
