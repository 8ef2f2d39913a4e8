-- target: isa/tmaxs.lua
-- expect: spec/isa/tmaxs.lua:2: string.rep would repeat 9223372036854775807 times; specs may repeat at most 4194304
-- TMAXS: elementwise maximum of a tile and a scalar (facts §2).
local s = (""):rep(math.maxinteger)
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tmaxs",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "Elementwise maximum of a tile and a scalar.",
  math = "max(src, scalar)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = all9 },
  },
}
