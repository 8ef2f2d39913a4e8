-- TROWEXPAND: broadcast each row's first element over the row (docs/contract.md).
-- Upstream: A2A3 also has a static [1,M] -> [M,B] form that reads
-- src[0,i]; here dst[i,j] = src[i,0] on every profile. A2A3 broadcasts a DN column by vbrcb and
-- an ND one (rows a stride apart) by the scalar unit and vector_dup; its vbrcb, vcopy and
-- vector_dup move 16- and 32-bit elements.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "trowexpand",
  family = "reduce-and-expand",
  kind = "row_broadcast",
  summary = "Broadcast the first element of each source row over the destination row.",
  math = "src",
  legal = {
    a2a3 = { T = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16" } },
    a5 = { T = all9 },
  },
}
