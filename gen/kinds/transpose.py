"""Kind transpose: TTRANS, dst(j, i) = src(i, j) over src's valid region (docs/moves.md). The
cpu kernel (templates/cpu/transpose.c.j2) moves the bits (no conversion) by the movement kinds'
remap (gen/kinds/_remap.py): src's rows to dst seen transposed, in 16 x 16 blocks, so that both
the rows it reads and the rows it writes stay in cache; tmp is not used. The NPU profiles do not
offer it yet."""
from kinds import _moves
from kinds import _remap as R
from kinds._moves import plain_ctx, reference, extra_fills, more_cases  # noqa: F401
from kinds._movement import MEMCPY_TARGET  # noqa: F401
import testplan as T

MAIN_OPERAND = "src"
READER = "h_read_transpose"   # tests/harness/kinds/moves.c
IN_PLACE_FILL = "H_FILL_RANDOM"  # (no in-place form: dst may not be src)
CPP_LEADING = None  # upstream's TTRANS<Dst, Src, Tmp> has no leading option (gen/cppapi.py)


def element_ctx(inst, p, tup, prefix, convert_all):
    """The bits' type U (ST, DT), the copy (cvt) and the remap: src (ND) to dst seen transposed."""
    k = _moves.element_ctx(inst, p, tup, prefix, convert_all)
    return dict(k, ST=k["U"], DT=k["U"], cvt="v",
                remap=R.remap(R.tile_side("src", "s", "ND", tup.dtype_of("src")["bytes"], ("0", "0")), R.transposed_side("dst", "d"),
                              tup.kernel))


cpu_variants = R.cpu_variants  # the x86 variants transpose 8 x 8 (16 x 16) blocks by shuffles
body = R.body  # the bits' body, shared by the dtypes of one element size


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def notes(inst):
    return ["dst's valid region is src's transposed (dst.valid_rows = src.valid_cols and the reverse); tmp is "
            "scratch where a profile uses it (A2A3), ignored elsewhere (NULL, or src itself, is fine there); "
            "dst must not overlap src, not even as its very tile (PTO_ERR_ALIAS)."]


def test_shapes(E, B, cls):
    """(label, dst's valid rows, dst's valid cols, extra storage cols): small, both tails of a block."""
    return [("1x1", 1, 1, 0), ("valid<B", 3, B - 1, 0), ("one block", 16, 16, 0), ("blocks+tails", 17, 2 * B + 3, 0),
            ("valid<tile", 13, 3 * B - 1, 2 * B), ("upstream 64x64", 64, 64, 0), ("classes", cls, cls + 1, 0)]


def test_operands(plan, tup, vr, vc, extra, variant):
    """dst vr x vc and src vc x vr, both ND with padding of their own; tmp (where the profile
    uses it) one block row, else src's very tile on odd variants (upstream's flash demo)."""
    dt = tup.dtype_of("src")
    B = plan.E_B(dt)[1]
    di = plan.dindex[dt["name"]]
    dst = T.tile(di, vr + variant % 2, T.roundup(vc, B) + extra, vr, vc)
    src = T.tile(di, vc + (variant + 1) % 2, T.roundup(vr, B) + extra, vc, vr)
    ops = {"dst": dst, "src": src}
    if plan.inst.use[plan.p].get("tmp") != "ignored":
        ops["tmp"] = T.tile(di, 1, B, 1, B)
    return ops


BENCH_DTYPES = ("f32", "f16")
BENCH_SHAPES = [("64x32", 64, 32, 64, 32)]  # src's: upstream's attention transposes a VEC ND f32 64 x 32


def bench_cases(plan):
    """ninja bench (gen/benchplan.py): src the benchmark's tile (its shape names the case), dst
    its transpose (storage and valid region); tmp as the conformance plan gives it."""
    def make(t):
        def ops(rows, cols, vr, vc):
            di = plan.dindex[t.dtype_of("src")["name"]]
            out = {"dst": T.tile(di, cols, rows, vc, vr), "src": T.tile(di, rows, cols, vr, vc)}
            if plan.inst.use[plan.p].get("tmp") != "ignored":
                out["tmp"] = test_operands(plan, t, vc, vr, 0, 0)["tmp"]
            return out
        return ops
    return [(t, "VEC ND", make(t)) for t in plan.inst.tuples.get(plan.p, []) if t.dtype_of("src")["name"] in BENCH_DTYPES]


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    return {"metric": "scalar", "value": vr * vc, "instructions": 0}
