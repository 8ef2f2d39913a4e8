"""Kind col_reduce_index: per column of src, the row the reduction (argmax, argmin) selects,
into row 0 of dst (TCOLARGMAX, TCOLARGMIN). Every kernel walks the rows keeping, per column,
the running extremum and its row, replaced only by a strictly better value; the NPU kernels
(whose compares are IEEE: a NaN is never greater) then give the columns that hold a NaN their
first NaN row in a second pass, backwards, taken only when a column's extremum came out NaN."""
from kinds import same_c
import cexpr
import cpuisa
from kinds._cols import test_shapes  # noqa: F401
from kinds import _cols as C
import lowerbound as LB
import reductions
import testplan as T

MAIN_OPERAND = "src"  # the output is indices
READER = "h_read_col_reduce_index"  # tests/harness/kinds/
WRITES = "H_W_ROW0"  # row 0 of dst's valid columns
IN_PLACE_FILL = "H_FILL_TIES"
MEMCPY_TARGET = {"ratio": 2.0, "shapes": ("64x128", "128x256")}  # one pass over src
CHUNK = 64  # cpu: columns whose running extrema a pass over the rows keeps (a constant count)


def element_ctx(inst, p, tup, prefix, convert_all):
    src, idx = tup.dtype_of("src"), tup.dtype_of("dst")
    fn = inst.d["math"]["fn"]
    d = reductions.reduction(fn)
    rank = cpuisa.float_rank(fn) if src["class"] == "float" else "rank"
    return dict(S=cexpr.CTYPE[src["name"]], I=cexpr.CTYPE[idx["name"]], dir=d, chunk=CHUNK,
                K="uint32_t" if src["name"] == "u32" else "int32_t", rank=f"{prefix}__{rank}_{src['name']}")


cpu_variants = same_c  # every ISA variant compiles the same C


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    """Row counters and indices in lanes as wide as src (signed: A2A3 adds in i16/i32; they wrap
    to the unsigned row); the extremum by vmax/vmin."""
    fn = inst.d["math"]["fn"]
    d = reductions.REDUCTIONS[fn]
    w = 8 * dt["bytes"]
    return dict(is_float=dt["class"] == "float", W=w, IB=8 * tup.dtype_of("dst")["bytes"],
                vcmp=f"pto_{p}_vcmp_{dt['name']}", cmp=d["cmp"], vext=f"pto_{p}_v{d['ext']}_{dt['name']}",
                vadds_row=f"pto_{p}_vadds_{'i' if p == 'a2a3' else 'u'}{w}",
                vcmax=f"pto_{p}_vcmax_{dt['name']}", nan_bits=f"0x{((1 << dt['exponent_bits']) - 1) << dt['fraction_bits']:x}u"
                if dt["class"] == "float" else "", abs_mask=f"0x{(1 << (w - 1)) - 1:x}u")


def plain_ctx(inst, p, tup):
    src = tup.dtype_of("src")
    return dict(cexpr.dtype_c(src, "plain"), is_float=src["class"] == "float")


def notes(inst):
    d = reductions.reduction(inst.d["math"]["fn"])
    return [f"{inst.d['math']['fn']}: the lowest row holding the column's {d['extremum']}; a NaN counts as "
            f"{d['comparative']} than every number, so a column holding a NaN selects its first NaN; values are "
            "compared, so -0 and +0 tie and the lowest row wins."]


def reference(inst):
    return {"reduce": inst.d["math"]["fn"], "ref_math": None, "ref_forms": {}}


def extra_fills(label):
    return ["H_FILL_TIES"] if label in ("valid<E", "rows>255", "tall 2000x5", "upstream 16x127") else []


def more_cases(plan, tup, shapes, B):
    return []


def test_operands(plan, tup, vr, vc, extra, variant):
    ops = C.src_and_row(plan, tup, vr, vc, extra, variant)
    if variant % 2:
        ops["tmp"] = dict(T.tile(0, 1, 1, 9, 9), loc=1)  # nonsense no profile looks at
    return ops


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """Per chunk of E columns: row 0 loaded, then per further row the running row number, a
    compare, a select of the index and the new extremum; the indices stored."""
    chunks = LB.ceil(vc, E)
    if p == "a2a3":
        return LB.a2a3(m, [chunks * (4 * (vr - 1) + 2)])
    return LB.a5(chunks * (5 * (vr - 1) + 2))
