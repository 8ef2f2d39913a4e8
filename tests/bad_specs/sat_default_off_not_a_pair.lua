-- target: isa/tcvt.lua
-- expect: spec/isa/tcvt.lua:7: sat_default_off: f32 -> i16 is not a legal pair on any profile
instruction {
  name = "tcvt",
  family = "elementwise-tile-tile",
  kind = "convert",
  summary = "A default-off saturation for a pair no profile lists.",
  math = "cvt(src)",
  sat_default_off = { f32 = { "i16" } },
  legal = { a5 = { pairs = { f32 = { "f16" } } } },
}
