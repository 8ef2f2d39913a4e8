"""Kind col_reduce: per column of src, the fold of its elements by one operation of spec/ops.lua
(prod(src) by mul, max(src) and min(src) by max and min) into row 0 of dst (TCOLPROD, TCOLMAX,
TCOLMIN), sequentially over the rows as the contract orders it: ((r0 op r1) op r2) ... Every
profile keeps a running row: the cpu E columns at a time, A2A3 in dst's row 0 (one instruction
per row over every column, counter mode), A5 one register per chunk of columns."""
from kinds._cols import test_shapes  # noqa: F401
from kinds import _cols as C
from kinds import row_reduce as RR
import cexpr
import cpuisa
import lowerbound as LB

MAIN_OPERAND = "src"
READER = "h_read_col_reduce"  # tests/harness/kinds/
WRITES = "H_W_ROW0"  # row 0 of dst's valid columns
MEMCPY_TARGET = {"ratio": 2.0, "shapes": ("64x128", "128x256")}  # one pass over src
IN_PLACE_FILL = "H_FILL_RANDOM"
CHUNK = 64  # cpu: columns whose running values a pass over the rows keeps (a constant count)
VECTOR_BYTES = 64  # cpu: 32-bit dtypes' last columns where they are a 512-bit vector's worth (16)
reference = RR.reference  # the fold's operation, ref_<op>(dt, a, b), applied by the reader


def element_ctx(inst, p, tup, prefix, convert_all):
    dt = tup.dtype_of("src")
    fn, fold = RR.operation(inst)
    bits = not convert_all and cexpr.on_stored_bits(RR._binary(fn), dt, inst.model.ops)
    return dict(cexpr.dtype_c(dt, prefix, bits), fn=fn, fold=fold, chunk=CHUNK, block=VECTOR_BYTES // dt["bytes"] if dt["bytes"] == 4 else 0,
                op=RR._op(fn, dt, prefix, bits))


def cpu_variants(inst, p, tup, k):
    """The x86 variants' fold by their own maximum (pto_cpu__x86_max_f: the NaN test one unordered
    compare, which gcc vectorises without moving lane masks through general registers)."""
    dt = tup.dtype_of("src")
    fn, _ = RR.operation(inst)
    bits = cexpr.on_stored_bits(RR._binary(fn), dt, inst.model.ops)
    op = RR._op(fn, dt, f"pto_{p}", bits, cexpr.format_names(inst.model.ops, dt, f"pto_{p}", cpuisa.x86_ops(p)))

    fold = fn not in RR.ORDER_FREE and dt["name"] in ("f16", "bf16")  # sum, product: a vector fold in floats (pto_cpu_simd.h)

    def specialise(v, kv):
        if v["x86"]:
            kv["op"] = op
        kv["fold_x86"] = f"pto_{p}__avx512_col_fold_{fn}_{dt['name']}" if fold and v["name"] == "avx512" else ""
    return specialise


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    fn, _ = RR.operation(inst)
    return {"vop": f"pto_{p}_v{fn}_{dt['name']}", "W": 8 * dt["bytes"]}


def plain_ctx(inst, p, tup):
    return {}


def notes(inst):
    return ["The rows fold in order, ((row 0 op row 1) op row 2) ..., each operation rounded once in T."]


def extra_fills(label):
    return ["H_FILL_TIES"] if label in ("valid<E", "tall 2000x5") else []


def more_cases(plan, tup, shapes, B):
    return []


def test_operands(plan, tup, vr, vc, extra, variant):
    return C.src_and_row(plan, tup, vr, vc, extra, variant)


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: row 0 copied to dst, then one repeat per E columns of each further row. A5: per chunk
    of E columns, a load of every row, an operation per further row and the store."""
    if p == "a2a3":
        return LB.a2a3(m, [vr * LB.ceil(vc, E)])
    return LB.a5(LB.ceil(vc, E) * 2 * vr)
