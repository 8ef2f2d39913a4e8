-- TINSERT: dst(row + i, col + j) = src(i, j) over src's valid region, the rest of dst untouched
-- (docs/contract.md section 5, docs/moves.md): the window lies inside dst's valid region, at a
-- multiple of dst's box on a boxed dst (else PTO_ERR_VALID); the moves are TMOV's, out of ACC f32
-- narrows to f16/bf16 (no relu). Upstream (the matrix facts notes, section 5.4): A2A3 and A5 insert
-- ACC -> MAT through the fixpipe, A5 also VEC -> MAT and VEC -> VEC (TInsertMode); its CPU
-- simulator copies through the index maps. VEC -> MAT is not a move here yet (docs/moves.md).
-- Neither NPU profile offers it yet (no L1, L0 or fixpipe); the cpu takes the union.
local acc = { f32 = { "f32", "f16", "bf16" }, i32 = { "i32" } }
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }
local a5 = {}
for _, d in ipairs(all9) do a5[d] = { d } end
a5.f32 = { "f32", "f16", "bf16" }

instruction {
  name = "tinsert",
  family = "layout-and-rearrangement",
  kind = "insert",
  summary = "Insert src into dst's window at (row, col), converting out of ACC (f32 to f16/bf16).",
  math = "src",
  legal = {
    a2a3 = { pairs = acc, from = { "nz" }, to = { "nz" }, exclude = { { S = "f32", D = "f32" } }, offered = false },
    a5 = { pairs = a5, from = { "nd", "nz" }, to = { "nd", "nz" },
           exclude = { { from = "nd", to = "nz" }, { from = "nz", to = "nd" },
                       { from = "nd", S = "f32", D = { "f16", "bf16" } },
                       { from = "nz", S = { "f16", "bf16", "u32", "i16", "u16", "i8", "u8" } } }, offered = false },
  },
}
