"""Shared by the kinds whose math is an operand itself (fill, row_broadcast, col_broadcast): the
kernels move that operand's bits into dst's valid region, with no element operation and no
conversion, so every variant and profile stores the same bits. The rest (reference, shapes,
fills, the memcpy target) is the element-wise kinds'."""
from kinds import same_c
from kinds._elementwise import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, plain_ctx, notes,  # noqa: F401
                                reference, test_shapes, extra_fills, more_cases)
import cexpr
import testplan as T


def element_ctx(inst, p, tup, prefix, convert_all):
    """U: the unsigned integer of the element's width, which carries the bits; T: the element's
    C type (the plain loops')."""
    dt = tup.dtype_of("dst")
    return {"U": f"uint{dt['bits']}_t", "bits": dt["bits"], "T": cexpr.CTYPE[dt["name"]], "ignored": []}


cpu_variants = same_c  # every ISA variant compiles the same C


def dst_tile(plan, tup, vr, vc, extra, variant):
    """An ND dst with padding on either side of its valid region vr x vc."""
    dt = tup.dtype_of("dst")
    B = plan.E_B(dt)[1]
    return T.tile(plan.dindex[dt["name"]], vr + variant % 2, T.roundup(vc, B) + extra, vr, vc)
