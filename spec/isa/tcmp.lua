-- TCMP: compare two tiles element by element into the u8 bit mask of docs/contract.md section 2:
-- bit j mod 8 of byte (i, j / 8), least significant first, bits past the valid columns 0; IEEE
-- compares (with a NaN only NE holds, -0 == +0), all six modes for every dtype. Upstream writes
-- three formats: per-row bits padded to whole repeats with garbage past C, and i32 compared for EQ
-- whatever the mode (A2A3); one flat bit stream ignoring the row strides (A5); 0/1 elements of
-- src's dtype (CPU).
instruction {
  name = "tcmp",
  family = "elementwise-tile-tile",
  kind = "compare",
  summary = "Compare two tiles element by element into a bit mask.",
  math = "cmp(src0, src1)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32" } },
    a5 = { T = { "f32", "f16", "i32", "u32", "i16", "u16", "i8", "u8" } },
  },
}
