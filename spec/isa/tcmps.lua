-- TCMPS: compare every element with a scalar into a bit mask (docs/contract.md section 2).
-- Upstream: A2A3 writes whole repeats of bits per row (garbage past the
-- valid columns), compares i32 only for EQ whatever the mode, and i16/u16 as f16 bit patterns; A5
-- writes one flat bit stream that ignores the row strides; the CPU writes the src tile's width of
-- bytes per row and compares EQ/NE with a 1e-9 tolerance (NaN != x false). ptogen writes the
-- contract's u8 ND mask on every profile, bits past the valid columns 0, nothing else touched, with
-- IEEE comparisons. A2A3's compare-to-bits instruction takes f32, f16 and i32, i32 for EQ only: the
-- kernel composes i32's other modes exactly (GE as min(src, s) == s, LE as max(src, s) == s, the
-- rest their complement by vnot); i16/u16 are not offered (upstream's f16 reading of them orders
-- integers wrongly).
instruction {
  name = "tcmps",
  family = "tile-scalar-and-immediate",
  kind = "compare_scalar",
  summary = "Compare every element with a scalar into a bit mask.",
  math = "cmp(src, scalar)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32" } },
    a5 = { T = { "f32", "f16", "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
