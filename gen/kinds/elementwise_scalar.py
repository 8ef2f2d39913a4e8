"""Kind elementwise_scalar: dst[i,j] = f(src[i,j], scalar)."""
from kinds._elementwise import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, element_ctx, cpu_variants, plain_ctx,  # noqa: F401
                                notes, reference, test_shapes, extra_fills)
from kinds import _elementwise as EW
import lowerbound as LB
import testplan as T

READER = "h_read_elementwise_scalar"  # tests/harness/kinds/


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    """src walks the columns, the broadcast scalar is one block."""
    return {"vargs": [{"ptr": "s", "reg": "x", "stride": "src->cols", "along": 1} if a == "src" else
                      {"ptr": "bcast", "reg": "bcast", "stride": "0", "along": 0} for a in names if a not in scalar_vars]}


def test_operands(plan, tup, vr, vc, extra, variant):
    ops = EW.dst_and_full(plan, tup, vr, vc, extra, variant, "src")
    ops["scalar"] = {"present": 1, "scalar": True, "offset": 0}
    return ops


def more_cases(plan, tup, shapes, B):
    """Every scalar class against every src class, the scalar at odd addresses too."""
    cases = []
    for s in range(1, T.N_CLASSES_MAX):
        ops = plan.operands(tup, 2, T.N_CLASSES_MAX, 0, 0)
        c = plan.case(tup, "classes x scalar" + (" (unaligned)" if s % 2 else ""), ops, s, "H_FILL_CLASSES")
        if c and s % 2:
            c["ops"]["scalar"]["offset"] += 1  # the scalar is any element in memory: no alignment
        cases.append(c)
    return cases


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    if p == "a2a3":
        return EW.a2a3_bound(m, vr, vc, E, storage_cols=storage_cols)
    return LB.a5(3 * LB.runs(vr, vc, storage_cols, E))
