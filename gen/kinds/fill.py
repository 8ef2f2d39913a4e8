"""Kind fill: dst[i,j] = scalar over dst's valid region, an ND or a DN tile (TEXPANDS). The
kernels write the scalar's bits. A DN tile is walked as the ND tile of its storage (rows and
columns swapped), so one kernel serves both layouts."""
from kinds._moves import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, element_ctx, cpu_variants, plain_ctx,  # noqa: F401
                          reference, test_shapes, extra_fills)
from kinds import _elementwise as EW
from kinds import _moves as MV
import lowerbound as LB
import testplan as T

READER = "h_read_fill"  # tests/harness/kinds/


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def notes(inst):
    return ["A DN dst is filled column by column: the same valid region, stored transposed."]


def more_cases(plan, tup, shapes, B):
    """The scalar at an odd address: it is any element in memory, with no alignment."""
    ops = plan.operands(tup, 3, 2 * B + 1, B, 1)
    c = plan.case(tup, "unaligned scalar", ops, 3000, "H_FILL_CLASSES")
    if c:
        c["ops"]["scalar"]["offset"] += 1
    return [c]


def test_operands(plan, tup, vr, vc, extra, variant):
    """dst with padding on either side of its valid region. A DN dst is the transposed shape:
    vr lines of vc contiguous elements either way, so the shapes test the same runs."""
    if tup.layouts["dst"] == "DN":
        dt = tup.dtype_of("dst")
        B = plan.E_B(dt)[1]
        dst = T.tile(plan.dindex[dt["name"]], T.roundup(vc, B) + extra, vr + variant % 2, vc, vr, layout="DN")
    else:
        dst = MV.dst_tile(plan, tup, vr, vc, extra, variant)
    return {"dst": dst, "scalar": {"present": 1, "scalar": True, "offset": 0}}


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: a vector_dup repeat per E elements; A5: the broadcast and a predicate, then a store
    per register (a DN dst is test_operands' transposed shape: vr lines of vc elements either way)."""
    if p == "a2a3":
        return EW.a2a3_bound(m, vr, vc, E, storage_cols=storage_cols)
    return LB.a5(2 + LB.runs(vr, vc, storage_cols, E))
