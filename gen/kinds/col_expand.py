"""Kind col_expand: dst[i,j] = f(full[i,j], s_j), the narrow operand's row 0 one value per column."""
from kinds._elementwise import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, plain_ctx, notes, reference,  # noqa: F401
                                test_shapes, extra_fills, more_cases)
from kinds._expand import element_ctx, cpu_variants  # noqa: F401
from kinds import _elementwise as EW
from kinds import _expand as X
import lowerbound as LB
import testplan as T

READER = "h_read_col_expand"  # tests/harness/kinds/


def narrow_walk(tup, name, B, skip_rows):
    return {"var": "narrow", "stride": "0", "along": 1, "at_r0": ""}  # row 0 for every row


def walks(inst, p, tup, m, dt):
    return X.walks(tup, m["block_bytes"] // dt["bytes"], narrow_walk)


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return X.npu_ctx(tup, m["block_bytes"] // dt["bytes"], narrow_walk)


def narrow_tile(plan, tup, vr, vc, variant, B, di):
    nvr = 1 + variant % 2
    nvr = 3 - nvr if nvr == vr else nvr  # a narrow operand shaped like dst would be read as full
    return T.tile(di, nvr, T.roundup(vc, B) + (B if variant % 2 else 0), nvr, vc)


def test_operands(plan, tup, vr, vc, extra, variant):
    return X.test_operands(plan, tup, vr, vc, extra, variant, narrow_tile)


def lower_bound(m, p, tup, vr, vc, storage_cols, E, ops=1):
    if p == "a2a3":
        return EW.a2a3_bound(m, vr, vc, E, ops=ops, storage_cols=storage_cols)
    return X.a5_bound(vr, vc, E, LB.ceil(vc, E), ops)  # each chunk its narrow row chunk
