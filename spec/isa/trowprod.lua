-- TROWPROD: each row's product into column 0 of dst. Upstream multiplies in a different order on
-- each backend: lanes of one 32-byte block over the row, then a left-to-right fold on the scalar
-- unit, in float for f16 (A2A3); lanes of 256 bytes, then a tree folding the upper half onto the
-- lower (A5); left to right (CPU). Its tests compare with a
-- tolerance, so none of these is pinned. ptogen multiplies in one order on every profile, the
-- lane order of docs/contract.md section 2, in T (integers wrap), so every profile gives the
-- same bits: neither NPU has an in-register product, so both reduce a register by the
-- adjacent-pair tree of vmul on deinterleaved lanes (docs/machine-models.md). tmp: A2A3 requires
-- it (any size: one 32-byte block as upstream's; the reserved scratch holds what more the kernel wants).
instruction {
  name = "trowprod",
  family = "reduce-and-expand",
  kind = "row_reduce",
  summary = "Product of each row.",
  math = "prod(src)",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "i32", "i16" } },
  },
}
