-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:10: legal is empty; an instruction must be legal on at least one of: a2a3, a5
-- TMAXS: elementwise maximum of a tile and a scalar (facts §2).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tmaxs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise maximum of a tile and a scalar.",
  math = "max(src, scalar)",
  legal = {},
}
