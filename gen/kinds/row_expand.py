"""Kind row_expand: dst[i,j] = f(full[i,j], s_i), the narrow operand a DN column (mode 1) or one
32-byte block per row (mode 2); an optional tmp holds the broadcast blocks."""
from kinds._elementwise import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, plain_ctx, notes, reference,  # noqa: F401
                                test_shapes, extra_fills, more_cases)
from kinds._expand import element_ctx, cpu_variants  # noqa: F401
from kinds import _elementwise as EW
from kinds import _expand as X
import lowerbound as LB
import testplan as T

# upstream's CPU reads column 0 of a DN R x C src1 (never the full operand here: that one is ND):
# the C++ API passes that column (gen/cppapi.py)
CPP_COLUMN0 = ("src1",)
READER = "h_read_row_expand"  # tests/harness/kinds/


def narrow_walk(tup, name, B, skip_rows):
    if tup.axes["mode"] == "mode1":
        return {"var": "bcast", "stride": str(B), "along": 0, "at_r0": ""}  # one vbrcb block per row, per chunk
    return {"var": "narrow", "stride": f"{name}->cols", "along": 0, "at_r0": skip_rows}  # the row's own block


def walks(inst, p, tup, m, dt):
    return X.walks(tup, m["block_bytes"] // dt["bytes"], narrow_walk)


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    B = m["block_bytes"] // dt["bytes"]
    k = X.npu_ctx(tup, B, narrow_walk)
    k["mode1"] = tup.axes["mode"] == "mode1"
    k["user_tmp"] = tup.axes.get("tmp") == "tmp"
    k["chunk"] = X.broadcast_rows(m, B)
    return k


def narrow_tile(plan, tup, vr, vc, variant, B, di):
    if tup.axes["mode"] == "mode1":
        return T.tile(di, T.roundup(vr, B), 1, vr, 1, "DN")
    wide = B * (2 if variant % 2 and not any(r.name == "mode2_stride" for r in tup.rules) else 1)
    return T.tile(di, vr, wide, vr, B)


def test_operands(plan, tup, vr, vc, extra, variant):
    ops = X.test_operands(plan, tup, vr, vc, extra, variant, narrow_tile)
    if "tmp" in tup.axes:
        # described even when absent, so a rejection case can hand it over
        ops["tmp"] = plan.fit_tmp(tup, ops, vr)
        ops["tmp"]["present"] = int(tup.axes["tmp"] == "tmp")
    return ops


def lower_bound(m, p, tup, vr, vc, storage_cols, E, ops=1):
    mode1 = tup.axes["mode"] == "mode1"
    if p == "a2a3":  # vbrcb: 8 rows a repeat
        return EW.a2a3_bound(m, vr, vc, E, [LB.ceil(vr, m["repeat_bytes"] // m["block_bytes"])] if mode1 else [], ops,
                             storage_cols)
    # each row needs its narrow value in a register: mode 2 one block load, mode 1 an element load and a vdup
    return X.a5_bound(vr, vc, E, vr * (2 if mode1 else 1), ops)
