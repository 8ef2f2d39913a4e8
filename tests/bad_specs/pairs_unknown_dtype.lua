-- target: isa/tcvt.lua
-- expect: spec/isa/tcvt.lua:7: legal.a5.pairs.f32: unknown value 'f99'; allowed: f32, f16, bf16, i32, u32, i16, u16, i8, u8, i64, f8e4m3, f8e5m2
instruction {
  name = "tcvt",
  family = "elementwise-tile-tile",
  kind = "convert",
  summary = "A pair list naming a dtype that does not exist.",
  math = "cvt(src)",
  legal = { a5 = { pairs = { f32 = { "f16", "f99" } } } },
}
