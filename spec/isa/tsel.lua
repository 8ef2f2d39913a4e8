-- TSEL: select src0 where the mask bit is 1, src1 where it is 0 (the mask of TCMP and TCMPS:
-- docs/contract.md section 2). Upstream reads the mask per row on A2A3 (with an address in CMPMASK
-- written to tmp), per row but with the 8-bit chunks' offsets mis-stepped on A5, and as one bit
-- stream over the whole region taking 8 bits per mask element on its CPU. tmp (upstream's: at
-- least 16 bytes) is taken and never read.
instruction {
  name = "tsel",
  family = "elementwise-tile-tile",
  kind = "select",
  summary = "Select between two tiles by a bit mask.",
  math = "select(mask, src0, src1)",
  operand_use = { tmp = { a2a3 = "ignored", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "i32", "u32", "f16", "bf16", "i16", "u16" } },
    a5 = { T = { "f32", "i32", "u32", "f16", "i16", "u16", "i8", "u8" } },
  },
}
