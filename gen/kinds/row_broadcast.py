"""Kind row_broadcast: dst[i,j] = src[i,0] (TROWEXPAND), src a DN column or an ND tile with one
valid column. A2A3 broadcasts a DN column into blocks (vbrcb) and copies them over the rows
(vcopy), and an ND one (rows a stride apart) row by row: the scalar unit reads the values, vector_dup
writes them; A5 loads each row's value into a register (vlds ONEPT, vdup) and stores it."""
from kinds._moves import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, element_ctx, cpu_variants, plain_ctx, notes,  # noqa: F401
                          reference, test_shapes, extra_fills, more_cases)
from kinds import _elementwise as EW
from kinds import _expand as X
from kinds import _moves as MV
import lowerbound as LB
import testplan as T

READER = "h_read_row_broadcast"  # tests/harness/kinds/


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    B = m["block_bytes"] // dt["bytes"]
    return {"chunk": X.broadcast_rows(m, B), "B": B, "blocks_per_repeat": m["repeat_bytes"] // m["block_bytes"]}


def test_operands(plan, tup, vr, vc, extra, variant):
    dt = tup.dtype_of("src")
    B = plan.E_B(dt)[1]
    di = plan.dindex[dt["name"]]
    if tup.layouts["src"] == "DN":
        src = T.tile(di, T.roundup(vr, B), 1, vr, 1, "DN")
    else:
        src = T.tile(di, vr, B * (1 + variant % 2), vr, 1)
    return {"dst": MV.dst_tile(plan, tup, vr, vc, extra, variant), "src": src}


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    if p == "a2a3":  # a DN column: vbrcb, 8 rows a repeat, then the copies; ND: the fills (scalar reads aside)
        vbrcb = [LB.ceil(vr, m["repeat_bytes"] // m["block_bytes"])] if tup.layouts["src"] == "DN" else []
        return EW.a2a3_bound(m, vr, vc, E, vbrcb, storage_cols=storage_cols)
    return LB.a5(vr * (2 + LB.ceil(vc, E)))  # per row: its value into a register (load, vdup), then the stores
