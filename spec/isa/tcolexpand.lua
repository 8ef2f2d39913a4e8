-- TCOLEXPAND: broadcast the first row of the source over every destination row (docs/contract.md).
-- Upstream: A2A3 copies whole 32-byte blocks with copy_ubuf_to_ubuf (it
-- may write past the valid columns) and never checks src's valid columns; here only dst's valid
-- region is written and src must give one value per valid column. A2A3's vcopy moves 16- and
-- 32-bit elements.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "tcolexpand",
  family = "reduce-and-expand",
  kind = "col_broadcast",
  summary = "Broadcast the first row of the source over every destination row.",
  math = "src",
  legal = {
    a2a3 = { T = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16" } },
    a5 = { T = all9 },
  },
}
