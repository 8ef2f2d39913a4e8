-- TPRELU: elementwise parametric ReLU, src0 >= 0 ? src0 : src0 * src1 (src1 the slope of each
-- element), the product rounded once; -0 stays -0, a NaN gives NaN (docs/contract.md). Upstream's
-- A2A3 and CPU test `> 0` (x = -0 takes -0 * slope), its A5 vprelu `>= 0`; its A2A3 sequence breaks
-- for dst == src0 and puts a scratch just past the end of its u8 tmp. A5 uses vprelu; A2A3
-- selects by vsel between src0 and the product (vmul) on the bits of src0 >= +0 (vcmpvs). tmp
-- (upstream's: a u8 tile of the compare bits) is taken and never read.
instruction {
  name = "tprelu",
  family = "elementwise-tile-tile",
  kind = "elementwise_binary_tmp",
  summary = "Elementwise parametric rectified linear unit.",
  math = "lrelu(src0, src1)",
  operand_use = { tmp = { a2a3 = "ignored", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "f16" } },
    a5 = { T = { "f32", "f16" } },
  },
}
