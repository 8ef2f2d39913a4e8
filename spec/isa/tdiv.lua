-- TDIV: elementwise quotient of two tiles. Floats: IEEE division rounded once (x/0 = inf, 0/0 =
-- NaN); integers truncate, x/0 = all ones, MIN/-1 = MIN (docs/contract.md). Upstream divides by
-- 0 as its hardware does (undocumented) and traps on integer x/0 on its CPU; its template option
-- DivAlgorithm changes nothing here. A2A3 divides floats only (vdiv), as upstream's A2A3 TDIV.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tdiv",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary",
  summary = "Elementwise quotient of two tiles.",
  math = "src0 / src1",
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = all9 },
  },
}
