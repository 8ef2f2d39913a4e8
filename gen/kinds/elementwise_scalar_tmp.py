"""Kind elementwise_scalar_tmp: dst[i,j] = f(src[i,j], scalar) with a scratch tile operand, tmp,
for the profiles whose kernels need one (spec operand_use); the element-wise kernels read it only
there (templates/<p>/elementwise_scalar_tmp.c.j2 are elementwise_scalar's)."""
from kinds.elementwise_scalar import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, element_ctx, cpu_variants, plain_ctx,  # noqa: F401
                                      notes, reference, test_shapes, extra_fills, npu_ctx, more_cases)
from kinds import elementwise_scalar as ES
from kinds import _elementwise as EW
import lowerbound as LB

READER = ES.READER
TEMP_OPERAND = "tmp"  # a2a3: a temporary dst cannot hold lives in tmp (dst's shape; spec rules)


def walks(inst, p, tup, m, dt):
    """a2a3: pointers (the broadcast scalar one block of the scratch); A5: registers."""
    return {"dst": {"ptr": "d", "reg": "x"}, "src": {"ptr": "s", "stride": "src->cols", "along": 1, "reg": "x"},
            "bcast": {"ptr": "bcast", "stride": "0", "along": 0, "reg": "bcast"},
            "tmp": {"ptr": "t", "stride": "tmp->cols", "along": 1}}


def lower_bound(m, p, tup, vr, vc, storage_cols, E, ops=1):
    if p == "a2a3":
        return EW.a2a3_bound(m, vr, vc, E, ops=ops, storage_cols=storage_cols)
    return LB.a5((2 + ops) * LB.runs(vr, vc, storage_cols, E))  # a load, the instructions, a store


def test_operands(plan, tup, vr, vc, extra, variant):
    """elementwise_scalar's, and a tmp shaped like dst (described even when absent, so a
    rejection case can hand it over)."""
    ops = ES.test_operands(plan, tup, vr, vc, extra, variant)
    ops["tmp"] = dict(ops["dst"], present=int(tup.present("tmp")))
    return ops
