-- TTRANS: transpose, dst(j, i) = src(i, j) over src's valid region (docs/contract.md section 5,
-- docs/moves.md). Upstream (the matrix facts notes, section 5.5): A2A3 transposes row-major
-- tiles of 1-, 2- and 4-byte elements through tmp (scatter_vnchwconv, then a copy), A5 by vgather2
-- with tmp unused, its CPU simulator by a plain copy with tmp unused (boxed tiles do not compile
-- there). Here tmp is required on A2A3 and ignored elsewhere (the cpu takes NULL, or src itself as
-- upstream's flash demo passes it); dst may not be src, not even its very tile (PTO_ERR_ALIAS).
-- Neither NPU profile offers it yet: their machine models have no transposing moves.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "ttrans",
  family = "layout-and-rearrangement",
  kind = "transpose",
  summary = "Transpose: dst(j, i) = src(i, j) over src's valid region.",
  math = "src",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { T = all9, offered = false },
    a5 = { T = all9, offered = false },
  },
}
