"""Kind elementwise_scalar_tmp: dst[i,j] = f(src[i,j], scalar) with a scratch tile operand, tmp,
for the profiles whose kernels need one (spec operand_use); the element-wise kernels read it only
there (templates/<p>/elementwise_scalar_tmp.c.j2 are elementwise_scalar's)."""
from kinds.elementwise_scalar import (MAIN_OPERAND, IN_PLACE_FILL, element_ctx, cpu_variants, plain_ctx,  # noqa: F401
                                      notes, reference, test_shapes, extra_fills, npu_ctx, more_cases,
                                      lower_bound)
from kinds import elementwise_scalar as ES

HARNESS_KIND = ES.HARNESS_KIND


def test_operands(plan, tup, vr, vc, extra, variant):
    """elementwise_scalar's, and a tmp shaped like dst (described even when absent, so a
    rejection case can hand it over)."""
    ops = ES.test_operands(plan, tup, vr, vc, extra, variant)
    ops["tmp"] = dict(ops["dst"], present=int(tup.present("tmp")))
    return ops
