"""Kind col_broadcast: dst[i,j] = src[0,j] (TCOLEXPAND). A2A3 copies row 0 over the rows (vcopy
with a repeat stride of 0 on src); A5 loads each register of row 0 once and stores it to every
row."""
from kinds._moves import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, element_ctx, plain_ctx, notes,  # noqa: F401
                          reference, test_shapes, extra_fills, more_cases)
from kinds import _elementwise as EW
from kinds import _moves as MV
import lowerbound as LB
import testplan as T

READER = "h_read_col_broadcast"  # tests/harness/kinds/


def cpu_variants(inst, p, tup, k):
    """The AVX-512 variant copies each row by 64-byte vectors and one masked pair for the rest
    (pto_cpu_simd.h); the others compile the same C."""
    def specialise(v, kv):
        kv["copy_row"] = f"pto_{p}__avx512_copy_row" if v["name"] == "avx512" else ""
    return specialise


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def test_operands(plan, tup, vr, vc, extra, variant):
    """src holds one or two valid rows (only row 0 is read), wider than dst's valid region or not."""
    dt = tup.dtype_of("src")
    B = plan.E_B(dt)[1]
    nvr = 1 + variant % 2
    src = T.tile(plan.dindex[dt["name"]], nvr, T.roundup(vc, B) + (B if variant % 3 == 1 else 0), nvr, vc)
    return {"dst": MV.dst_tile(plan, tup, vr, vc, extra, variant), "src": src}


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    if p == "a2a3":
        return EW.a2a3_bound(m, vr, vc, E, storage_cols=storage_cols)
    return LB.a5((1 + vr) * LB.ceil(vc, E))  # each register of row 0 loaded once, stored to every row
