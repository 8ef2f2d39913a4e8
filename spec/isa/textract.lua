-- TEXTRACT: dst(i, j) = src(row + i, col + j) over dst's valid region (docs/contract.md section 5,
-- docs/moves.md): the window lies inside src's valid region, at a multiple of src's box on a boxed
-- src (else PTO_ERR_VALID); the moves are TMOV's, out of ACC f32 narrows to f16/bf16 (no relu).
-- Upstream (the matrix facts notes, section 5.4): A2A3 extracts MAT (Nz, Zn) -> LEFT (Zz) / RIGHT
-- (Zn) and ACC -> MAT through the fixpipe; A5 MAT -> LEFT (Nz) / RIGHT and more (scale tiles, fp8);
-- its CPU simulator copies through the index maps but asserts that the window ends at src's valid
-- end (a middle window aborts: a bug; here any window inside src's valid region is legal). The
-- cpu takes the union of the two sets; neither NPU profile offers it yet (no L1, L0 or fixpipe).
local a = { f16 = { "f16" }, bf16 = { "bf16" }, f32 = { "f32", "f16", "bf16" }, i8 = { "i8" }, i32 = { "i32" } }
local conversion_from_acc = { S = "f32", D = { "f16", "bf16" }, from = { "nd", "dn", "zn" } }

instruction {
  name = "textract",
  family = "layout-and-rearrangement",
  kind = "extract",
  summary = "Extract the window of src at (row, col) into dst, converting out of ACC (f32 to f16/bf16).",
  math = "src",
  legal = {
    a2a3 = { pairs = a, from = { "nz", "zn" }, to = { "nz", "zz", "zn" },
             exclude = { { from = "zn", to = { "nz", "zz" } }, { from = "nz", to = "nz", S = { "f16", "bf16", "i8", "i32" } },
                         conversion_from_acc }, offered = false },
    a5 = { pairs = a, from = { "nz", "zn" }, to = { "nz", "zz", "zn" },
           exclude = { { from = "zn", to = { "nz", "zz" } }, conversion_from_acc }, offered = false },
  },
}
