-- The PTO instruction families ptogen covers. Each lists its instructions by upstream's names
-- (lower case), planned ones too, each with its planned entry points (operands in PTO intrinsic
-- order, a runtime parameter with its C type; docs/contract.md section 3):
--   "tadd(dst, src0, src1)"                          one entry point
--   { "tdivs(dst, src, scalar)", "tdivs_rev(dst, scalar, src)" }   several: the first names it
--   "tfoo"                                           entry points not planned yet
-- An instruction's `family` names one of these, which must list it; once its spec exists its
-- entry points are the kind's, and must be the planned ones. docs/instructions.md (generated:
-- `ninja update-golden`) and out/docs/index.md count what exists against these lists.

family {
  name = "reduce-and-expand", title = "Reduce-and-Expand",
  instructions = {
    "trowsum(dst, src, tmp)", "trowprod(dst, src, tmp)", "trowmax(dst, src, tmp)", "trowmin(dst, src, tmp)",
    { "trowargmax(dst, src, tmp)", "trowargmax_val(dst_val, dst_idx, src, tmp)" },
    { "trowargmin(dst, src, tmp)", "trowargmin_val(dst_val, dst_idx, src, tmp)" },
    "tcolsum(dst, src, tmp, int binary)", "tcolprod(dst, src)", "tcolmax(dst, src)", "tcolmin(dst, src)",
    "tcolargmax(dst, src, tmp)", "tcolargmin(dst, src, tmp)",
    "trowexpand(dst, src)", "tcolexpand(dst, src)",
    "trowexpandadd(dst, src0, src1, tmp)", "trowexpandsub(dst, src0, src1, tmp)",
    "trowexpandmul(dst, src0, src1, tmp)", "trowexpanddiv(dst, src0, src1, tmp)",
    "trowexpandmax(dst, src0, src1, tmp)", "trowexpandmin(dst, src0, src1, tmp)",
    "trowexpandexpdif(dst, src0, src1, tmp)",
    "tcolexpandadd(dst, src0, src1)", "tcolexpandsub(dst, src0, src1)", "tcolexpandmul(dst, src0, src1)",
    "tcolexpanddiv(dst, src0, src1)", "tcolexpandmax(dst, src0, src1)", "tcolexpandmin(dst, src0, src1)",
    "tcolexpandexpdif(dst, src0, src1)",
  },
}

family {
  name = "tile-scalar-and-immediate", title = "Tile-Scalar-and-Immediate",
  instructions = {
    "tadds(dst, src, scalar)", "tsubs(dst, src, scalar)", "tmuls(dst, src, scalar)",
    { "tdivs(dst, src, scalar)", "tdivs_rev(dst, scalar, src)" },
    "tfmods(dst, src, scalar)", "trems(dst, src, scalar, tmp)",
    "tmins(dst, src, scalar)", "tmaxs(dst, src, scalar)",
    "tands(dst, src, scalar)", "tors(dst, src, scalar)", "txors(dst, src, scalar, tmp)",
    "tshls(dst, src, scalar)", "tshrs(dst, src, scalar)", "tlrelu(dst, src, scalar)",
    "taddsc(dst, src0, scalar, src1)", "tsubsc(dst, src0, scalar, src1)",
    "texpands(dst, scalar)",
    "tcmps(dst, src, scalar, pto_cmp mode)",
    "tsels(dst, mask, src, tmp, scalar)",
  },
}

family {
  name = "elementwise-tile-tile", title = "Elementwise Tile-Tile",
  instructions = {
    "tadd(dst, src0, src1)", "tsub(dst, src0, src1)", "tmul(dst, src0, src1)", "tdiv(dst, src0, src1)",
    "tmax(dst, src0, src1)", "tmin(dst, src0, src1)",
    "tabs(dst, src)", "tneg(dst, src)",
    "tand(dst, src0, src1)", "tor(dst, src0, src1)", "txor(dst, src0, src1, tmp)", "tnot(dst, src)",
    "tshl(dst, src0, src1)", "tshr(dst, src0, src1)",
    "trem(dst, src0, src1, tmp)", "tfmod(dst, src0, src1)",
    "tlog(dst, src)", "texp(dst, src)", "tsqrt(dst, src)", "trsqrt(dst, src)", "trecip(dst, src)",
    "trelu(dst, src)", "tprelu(dst, src0, src1, tmp)",
    "taddc(dst, src0, src1, src2)", "tsubc(dst, src0, src1, src2)",
    "tcmp(dst, src0, src1, pto_cmp mode)",
    "tsel(dst, mask, src0, src1, tmp)",
    "tcvt(dst, src, pto_round round, pto_sat sat)",
  },
}

family {
  name = "matrix", title = "Matrix and Matrix-Vector",
  instructions = {
    "tmatmul(c, a, b)", "tmatmul_acc(c_out, c_in, a, b)", "tmatmul_bias(c, a, b, bias)", "tmatmul_mx",
    "tgemv(c, a, b)", "tgemv_acc(c_out, c_in, a, b)", "tgemv_bias(c, a, b, bias)", "tgemv_mx",
  },
}

-- Upstream's "Layout and Rearrangement" family (its ISA docs' family page; the
-- matrix facts notes, section 5): TMOV, TTRANS, TEXTRACT and TINSERT with their _FP forms, TRESHAPE,
-- the TFILLPAD forms and TIMG2COL (docs/moves.md).
family {
  name = "layout-and-rearrangement", title = "Layout and Rearrangement",
  instructions = {
    "tmov(dst, src, pto_relu relu)", "tmov_fp",
    "ttrans(dst, src, tmp)",
    "textract(dst, src, uint32_t row, uint32_t col)", "textract_fp",
    "tinsert(dst, src, uint32_t row, uint32_t col)", "tinsert_fp",
    "treshape", "tfillpad", "tfillpad_inplace", "tfillpad_expand", "timg2col",
  },
}

family {
  name = "memory", title = "Memory and Data Movement",
  instructions = {
    "tload(dst, src)", "tprefetch", "tstore(dst, src, pto_relu relu)", "tstore_fp", "mgather", "mscatter",
  },
}
