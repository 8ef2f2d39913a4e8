"""Kind row_reduce_index: per row of src, the column the reduction (argmax, argmin) selects,
and in the value+index form that element too. Kernels compute in src's dtype."""
import cexpr
import cpuisa
from kinds import _rows as R
import lowerbound as LB
import reductions
import testplan as T

MAIN_OPERAND = "src"  # the outputs are indices
READER = "h_read_row_reduce_index"  # tests/harness/kinds/
WRITES = "H_W_COL0"  # column 0 of each output row
MEMCPY_TARGET = {"ratio": 3.0, "shapes": ("64x128",)}  # ninja bench: a pass over src that also ranks
# ties put row maxima at column 0, the element an in-place index overwrites first
IN_PLACE_FILL = "H_FILL_TIES"
TIE_SHAPES = ("valid<E", "repeats+tail", "rows>255", "E^2+1")
EXTREME_SHAPES = TIE_SHAPES + ("upstream 1023x17", "upstream 3x4095")


def idx_operand(tup):
    return "dst_idx" if tup.entry["form"] == "val" else "dst"


def element_ctx(inst, p, tup, prefix, convert_all):
    src = tup.dtype_of("src")
    fn = inst.d["math"]["fn"]
    return dict(S=cexpr.CTYPE[src["name"]], I=cexpr.CTYPE[tup.dtype_of(idx_operand(tup))["name"]], reduce=fn,
                dir=dict(reductions.reduction(fn), vop=inst.reduce_instruction(p)),
                short_rows=f"{prefix}__{fn}_short_{src['name']}")


def cpu_variants(inst, p, tup, k):
    """The long rows' routine: the baseline's lanes or an x86 vector routine."""
    dt = tup.dtype_of("src")

    def specialise(v, kv):
        if v["x86"]:
            kv.update(long_rows=f"pto_{p}__{v['name']}_{k['reduce']}_{dt['name']}", lanes=v["lanes"])
        else:
            kv.update(long_rows=f"pto_{p}__{k['reduce']}_lanes_{dt['name']}", lanes=cpuisa.REDUCE_LANES)
        narrow = v["name"] == "avx512" and dt["name"] == "f32"  # 16 rows at a time (pto_cpu_simd.h)
        kv["narrow_rows"] = f"pto_{p}__avx512_{k['reduce']}16_f32" if narrow else ""
    return specialise


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    idx = tup.dtype_of(idx_operand(tup))
    return dict(IB=8 * idx["bytes"], idx_out=idx_operand(tup), is_float=dt["class"] == "float",
                vcmp=f"pto_{p}_vcmp_{dt['name']}",
                vadds_index=f"pto_{p}_vadds_u{8 * dt['bytes']}")  # lane indices are unsigned, as wide as src


def plain_ctx(inst, p, tup):
    src = tup.dtype_of("src")
    return dict(cexpr.dtype_c(src, "plain"), is_float=src["class"] == "float",
                at={o: f"i * {o}->cols" if lay == "ND" else "i" for o, lay in tup.layouts.items()})


def notes(inst):
    """Which element the reduction selects: the contract's rule for it."""
    return [reductions.reduction(inst.d["math"]["fn"])["rule"]]


def reference(inst):
    return {"reduce": inst.d["math"]["fn"], "ref_math": None, "ref_forms": {}}


def test_shapes(E, B, cls):
    return T.reduce_shapes(E, B, cls)


def extra_fills(label):
    return ["H_FILL_TIES"] if label in TIE_SHAPES else []


def test_operands(plan, tup, vr, vc, extra, variant):
    B = plan.E_B(tup.dtype_of("src"))[1]
    ops = {"src": T.tile(plan.dindex[tup.dtype_of("src")["name"]], vr + variant % 2, T.roundup(vc, B) + extra, vr, vc)}
    for o in ["dst"] if tup.entry["form"] == "idx" else ["dst_val", "dst_idx"]:
        ops[o] = R.column(plan, tup, o, vr, variant)
    return R.add_tmp(plan, tup, ops, vr, variant)


def more_cases(plan, tup, shapes, B):
    """NaN-free ramps (a wide row's winner in its last chunk), rows of one extreme, signed-zero
    ties, a NaN first; in place, they put most rows' winner at column 0."""
    return R.extreme_cases(plan, tup, shapes, B, EXTREME_SHAPES)


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: one vcmax (vcmin) repeat per E values at each level of a row's reduction tree. A5,
    as upstream's scheme: a load, a vcmax (vcmin) and a vdintlv per chunk, for every chunk after
    the first the merge into the running pair (vadds, vcmp, two vsel), then the stores."""
    if p == "a2a3":
        return LB.a2a3(m, [vr * LB.reduce_levels(vc, E)])
    outputs = 2 if tup.entry["form"] == "val" else 1
    return LB.a5(vr * (3 + 7 * (LB.ceil(vc, E) - 1) + outputs))
