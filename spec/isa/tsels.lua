-- TSELS: select src where a bit mask is 1, the scalar where it is 0 (docs/contract.md section 2).
-- Upstream: A2A3 and A5 select by the bits of a mask tile of
-- any dtype (A2A3 puts the scalar in tmp for set_cmpmask; A5's 32-bit path writes past the valid
-- region for some widths); the CPU implements another operation, a whole
-- tile select by the scalar's value. ptogen reads the contract's u8 ND mask on every profile. tmp:
-- A2A3 writes the scalar into its first block for set_cmpmask, so it is bytes of any dtype, as
-- upstream's (every tile holds the 16 bytes set_cmpmask reads); A5 and the cpu ignore it.
instruction {
  name = "tsels",
  family = "tile-scalar-and-immediate",
  kind = "select_scalar",
  summary = "Select src where the mask bit is 1, else the scalar.",
  math = "select(mask, src, scalar)",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "i32", "u32", "f16", "i16", "u16" } },
    a5 = { T = { "f32", "i32", "u32", "f16", "i16", "u16", "i8", "u8" } },
  },
}
