"""Kind ternary_scalar: dst[i,j] = f(src0[i,j], scalar, src1[i,j]), two tiles and a scalar."""
from kinds._elementwise import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, element_ctx, cpu_variants, plain_ctx,  # noqa: F401
                                notes, reference, test_shapes, extra_fills)
from kinds.elementwise_scalar import more_cases  # noqa: F401 (every scalar class, unaligned too)
from kinds import _elementwise as EW
import lowerbound as LB
import testplan as T

READER = "h_read_ternary_scalar"  # tests/harness/kinds/
BANDS = True  # the a2a3 kernel cuts the region into bands when a temporary lives in the scratch


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def walks(inst, p, tup, m, dt):
    """a2a3: pointers into the current band; A5: the registers of the run (the result in y)."""
    at = lambda t: f" + (size_t)band.row * {t}->cols + band.col"
    return {"dst": {"ptr": "d" + at("dst"), "reg": "y"},
            "src0": {"ptr": "in0" + at("src0"), "stride": "src0->cols", "along": 1, "reg": "x0"},
            "src1": {"ptr": "in1" + at("src1"), "stride": "src1->cols", "along": 1, "reg": "x1"}}


def test_operands(plan, tup, vr, vc, extra, variant):
    ops = EW.dst_and_full(plan, tup, vr, vc, extra, variant, "src0")
    B = plan.E_B(tup.dtype_of("dst"))[1]
    ops["src1"] = T.tile(plan.dindex[tup.dtype_of("src1")["name"]], vr + variant % 3,
                         T.roundup(vc, B) + (B if variant % 2 else 0), vr, vc)
    ops["scalar"] = {"present": 1, "scalar": True, "offset": 0}
    return ops


def lower_bound(m, p, tup, vr, vc, storage_cols, E, ops=1):
    if p == "a2a3":
        return EW.a2a3_bound(m, vr, vc, E, ops=ops, storage_cols=storage_cols)
    return LB.a5((3 + ops) * LB.runs(vr, vc, storage_cols, E))  # two loads, the instructions, a store
