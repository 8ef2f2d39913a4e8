-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:7: unknown kind 'elementwise_scalr'; allowed: elementwise_scalar, row_expand, col_expand, row_reduce_index
-- TMAXS: elementwise maximum of a tile and a scalar (facts §2).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tmaxs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalr",
  summary = "Elementwise maximum of a tile and a scalar.",
  math = "max(src, scalar)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
