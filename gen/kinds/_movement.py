"""Shared by the movement kinds (move: TMOV, extract: TEXTRACT, insert: TINSERT; docs/moves.md):
an index-mapped copy between locations and layouts. The kernels move bits, narrow f32 to f16/bf16
(out of ACC; RINT, overflow to +-inf, by the element operations' conversion) and take the runtime
parameters as arguments (param_args). They are the remap of gen/kinds/_remap.py: both tiles'
maps (pto/pto_layout.h, each tile's box its location's) once per block, blocks copied row by
row, column by column or as one run; the conformance plan builds each case's tiles in the
locations the tuple's layout pair moves between (MOVES, the kind's rules)."""
from kinds import _remap as R
import layouts as L
import testplan as T

MAIN_OPERAND = "src"          # tests and benchmark cases are filed under src's dtype
# ninja bench (bench/report.py): every movement kernel, every dtype, within 1.5x memcpy of its bytes
# on the 64x128 tiles and larger (and TTRANS's 64x32), where a call's fixed cost does not dominate
MEMCPY_TARGET = {"ratio": 1.5, "shapes": ("64x128", "60x100 in 64x128", "128x256", "64x32"), "dtypes": None}
IN_PLACE_FILL = "H_FILL_RANDOM"  # (no in-place form: a move's dst is never its source)
# the C++ API (gen/cppapi.py): upstream's TMOV<Dst, Src, ReluPreMode>, TMOV<Dst, Src, AccToVecMode,
# ReluPreMode> (TEXTRACT and TINSERT alike: they take relu NoRelu only), no leading option; its forms
# with a tile after src (TMOV's tmp, the fp forms) or a preQuantScalar are not ptogen's
CPP_LEADING = None
CPP_OPTIONS = [("relu",), ("acc_to_vec", "relu")]
QUANT = ("uint64_t preQuantScalar", "src", "preQuantScalar (the fixpipe's scalar quantization)")
CPP_REFUSED = [("tile", "src", "a tile after src (the fp forms' quantization parameters)"), QUANT]


def relu_consts(dt):
    """(sign, lo, hi) of dtype dt's stored bits: x is below 0, relu's +0, where its sign bit is set
    and lo <= (x without it) <= hi (floats: -0 and NaN kept; unsigned: never, sign 0)."""
    bits = dt["bits"]
    if dt["class"] == "float":
        return 1 << (bits - 1), 1, {"f32": 0x7f800000, "f16": 0x7c00, "bf16": 0x7f80}[dt["name"]]
    if dt["class"] == "signed":
        return 1 << (bits - 1), 0, (1 << (bits - 1)) - 1
    return 0, 0, 0


def relu_bits(dt, x):
    """C of `x < 0 ? +0 : x` on the stored bits x of dtype dt (relu_consts as literals)."""
    sign, lo, hi = relu_consts(dt)
    if not sign:
        return x
    mag = f"({x} & 0x{(sign - 1):x}u)"
    tests = [f"({x} & 0x{sign:x}u) != 0"] + [f"{mag} >= 0x{lo:x}u"] * (lo > 0) + [f"{mag} <= 0x{hi:x}u"] * (hi < sign - 1)
    return f"(({' && '.join(tests)}) ? 0u : {x})"


def relu_param(x):
    """relu_bits with relu_consts as the run-time values rsign, rlo and rhi (TMOV's bodies, which
    dtypes of one size share: rsign 0 for no relu)."""
    return f"((({x} & rsign) != 0 && ({x} & ~rsign) >= rlo && ({x} & ~rsign) <= rhi) ? 0u : {x})"


def narrow(prefix, dst, x):
    """C of f32 bits x narrowed to dtype dst (f16, bf16): round to nearest even, overflow to +-inf."""
    return f"{prefix}__f32_to_{dst}({prefix}__float({x}))"


def element_ctx(inst, p, tup, prefix, convert_all):
    """Types, the layout pair (from, to), the relu (move) of bits x, the conversion of bits v and
    the remap: src to dst, the outer tile's part of a window at (row, col)."""
    s, d = tup.dtype_of("src"), tup.dtype_of("dst")
    cvt = "v" if s == d else narrow(prefix, d["name"], "v")  # of the source's bits v
    at = {"extract": "src", "insert": "dst"}.get(inst.kind_name)  # the window's outer tile
    sides = [R.tile_side(op, op[0], tup.layouts[op], tup.dtype_of(op)["bytes"], ("row", "col") if op == at else ("0", "0"))
             for op in ("src", "dst")]
    return {"S": s["name"], "D": d["name"], "ST": f"uint{s['bits']}_t", "DT": f"uint{d['bits']}_t",
            "from": tup.axes["from"], "to": tup.axes["to"], "relu": relu_param("x"), "relu_consts": [f"0x{c:x}u" for c in relu_consts(s)], "cvt": cvt,
            "narrow": d["name"] if s != d else None,  # relu is a run-time flag: its blocks are __rest_relu's
            "remap": R.remap(*sides, tup.kernel, fixed=s == d), "ignored": []}


cpu_variants = R.cpu_variants  # the x86 variants' vector blocks: transposes, F16C narrowing
body = R.body  # a copy's body, shared by the dtypes of its element size


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def plain_ctx(inst, p, tup):
    """The plain loop's relu test on the source's bits v, by value as a straightforward
    implementation compares (floats converted, signed integers as themselves; -0 and NaN are not
    below 0): element_ctx's conversion (prefix plain) follows it."""
    return {"below0": below0(tup.dtype_of("src"), "v")}


def below0(dt, x):
    """C of `x < 0` on the value of the stored bits x of dtype dt (bench/harness/plain.h)."""
    if dt["class"] == "float":
        return f"{'plain__float' if dt['name'] == 'f32' else 'plain__' + dt['name'] + '_to_f32'}({x}) < 0.0f"
    if dt["class"] == "signed":
        return f"(int{dt['bits']}_t){x} < 0"
    return "0"


def reference(inst):
    return {"reduce": None, "ref_math": "v_src", "ref_forms": {}}


# (label, valid rows, valid cols, extra boxes of padding): small; boxes of every location and tails
SHAPES = [("1x1", 1, 1, 0), ("valid<box", 5, 7, 0), ("one box", 16, 16, 0), ("boxes+tails", 20, 33, 1),
          ("valid<tile", 13, 19, 1), ("upstream 64x64", 64, 64, 0)]


def test_shapes(E, B, cls):
    return SHAPES + [("classes", cls, cls + 1, 0)]


def extra_fills(label):
    return ["H_FILL_EXTREMES"] if label == "boxes+tails" else []


def more_cases(plan, tup, shapes, B):
    return []


# The locations each (from, to) pair moves between (the kind's rules), the first the default
MOVES = {("nd", "nd"): [("VEC", "VEC")], ("dn", "dn"): [("VEC", "VEC")],
         ("nd", "nz"): [("VEC", "LEFT")], ("nd", "zz"): [("VEC", "LEFT")], ("nd", "zn"): [("VEC", "RIGHT")],
         ("nz", "nd"): [("ACC", "VEC")], ("nz", "dn"): [("ACC", "VEC")],
         ("nz", "nz"): [("MAT", "LEFT"), ("ACC", "MAT"), ("ACC", "LEFT")],
         ("nz", "zz"): [("MAT", "LEFT"), ("ACC", "LEFT")], ("nz", "zn"): [("MAT", "RIGHT"), ("ACC", "RIGHT")],
         ("zn", "zn"): [("MAT", "RIGHT")]}


LAYOUT_NAMES = {"nd": "ND", "dn": "DN", "nz": "Nz", "zn": "Zn", "zz": "Zz"}


def moves_note(inst):
    """What an instruction's header and page say of its moves: each location pair with the layout
    pairs the cpu's legal tuples move between them (MOVES), conversions out of ACC only."""
    by_locs = {}
    for t in inst.tuples.get("cpu", []):
        pair = (t.axes["from"], t.axes["to"])
        for m in MOVES[pair]:
            if t.dtype_of("src") == t.dtype_of("dst") or m[0] == "ACC":
                by_locs.setdefault(m, set()).add(pair)
    moves = [f"{s} -> {d} ({', '.join(LAYOUT_NAMES[f] + ' -> ' + LAYOUT_NAMES[t] for f, t in sorted(pairs))})"
             for (s, d), pairs in sorted(by_locs.items())]
    return ("The moves (the legality matrix has each dtype pair's): " + "; ".join(moves)
            + "; another location is PTO_ERR_LOC, another layout pair PTO_ERR_LAYOUT. dst never overlaps src.")


def locations(tup, variant):
    """(src, dst) locations of a case: the pair's moves in turn by variant (a conversion's: out of ACC)."""
    moves = MOVES[(tup.axes["from"], tup.axes["to"])]
    if tup.dtype_of("src") != tup.dtype_of("dst"):
        moves = [m for m in moves if m[0] == "ACC"]
    return moves[variant % len(moves)]


def located_tile(plan, dt, lay, loc, vr, vc, extra, pad):
    """A tile of layout lay in location loc (an index) with valid region vr x vc: storage whole
    boxes (boxed) or 32-byte lines (ND, DN), `extra` boxes or blocks more, `pad` more lines."""
    B = plan.E_B(dt)[1]
    di = plan.dindex[dt["name"]]
    if L.boxed(lay):
        r0, c0 = L.box(loc, L.LAYOUT_ENUMS[lay][1], dt["bytes"])
        d = T.tile(di, T.roundup(vr, r0) + extra * r0, T.roundup(vc, c0) + extra * c0, vr, vc, layout=lay)
    elif lay == "ND":
        d = T.tile(di, vr + pad, T.roundup(vc, B) + extra * B, vr, vc)
    else:
        d = T.tile(di, T.roundup(vr, B) + extra * B, vc + pad, vr, vc, layout="DN")
    d["loc"] = loc
    return d


def tiles(plan, tup, dst_valid, src_valid, extra, variant):
    """dst and src with these valid regions in the locations of the case (locations())."""
    sl, dl = locations(tup, variant)
    return {"dst": located_tile(plan, tup.dtype_of("dst"), tup.layouts["dst"], L.LOCS.index(dl), *dst_valid, extra, variant % 2),
            "src": located_tile(plan, tup.dtype_of("src"), tup.layouts["src"], L.LOCS.index(sl), *src_valid, extra, (variant + 1) % 2)}


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    return {"metric": "scalar", "value": vr * vc, "instructions": 0}


# ninja bench's moves (gen/benchplan.py bench_cases): those upstream's programs make, as (src
# location, from, dst location, to), each in f32 and f16 and out of ACC f32 -> f32 and f32 -> f16,
# where the kind has the tuple and the locations take it (TEXTRACT and TINSERT: their windows)
BENCH_MOVES = [("MAT", "nz", "LEFT", "zz"),    # gemm: L1 -> L0A (A2A3's layout)
               ("MAT", "nz", "LEFT", "nz"),    # gemm: L1 -> L0A (A5's)
               ("MAT", "nz", "RIGHT", "zn"),   # gemm: L1 -> L0B
               ("MAT", "zn", "RIGHT", "zn"),   # gemm: b loaded from a DN tensor
               ("VEC", "nd", "LEFT", "nz"),    # attention (upstream's cpu demos): VEC -> LEFT, RIGHT
               ("VEC", "nd", "LEFT", "zz"),
               ("VEC", "nd", "RIGHT", "zn"),
               ("ACC", "nz", "VEC", "nd"),     # attention: the scores to VEC
               ("ACC", "nz", "MAT", "nz"),     # a result fed back to the cube
               ("VEC", "nd", "VEC", "nd")]     # a copy
BENCH_DTYPES = [("f32", "f32"), ("f16", "f16"), ("f32", "f16")]  # (src, dst); f32 -> f16 out of ACC
NAME = {lay.lower(): lay for lay in L.NAMES}  # a tuple's layout axis value to its name (nz -> Nz)


def bench_tuples(plan):
    """[(tuple, label, (src loc, dst loc))] of BENCH_MOVES and BENCH_DTYPES the kind has (relu
    NONE), labelled by the move: "MAT Nz->LEFT Zz", " to f16" added where it converts."""
    out = []
    for sl, frm, dl, to in BENCH_MOVES:
        for sd, dd in BENCH_DTYPES:
            if sl == "ACC" and sd != "f32" or sl != "ACC" and sd != dd:  # ACC holds f32; only its moves convert
                continue
            for t in plan.inst.tuples.get(plan.p, []):
                if ((t.axes["from"], t.axes["to"], t.dtype_of("src")["name"], t.dtype_of("dst")["name"]) == (frm, to, sd, dd)
                        and t.axes.get("relu", "none") == "none"):
                    label = f"{sl} {NAME[frm]}->{dl} {NAME[to]}" + (f" to {dd}" if sd != dd else "")
                    out.append((t, label, (sl, dl)))
                    break
    return out


def bench_tile(plan, tup, op, loc, rows, cols, vr, vc):
    """Operand op of the tuple in location loc (a name), stored rows x cols, valid vr x vc."""
    d = T.tile(plan.dindex[tup.dtype_of(op)["name"]], rows, cols, vr, vc, layout=tup.layouts[op])
    d["loc"] = L.LOCS.index(loc)
    return d


def bench_move(plan):
    """bench_cases of TMOV: dst and src both the benchmark's tile, each in its location."""
    def make(t, sl, dl):
        return lambda rows, cols, vr, vc: {"dst": bench_tile(plan, t, "dst", dl, rows, cols, vr, vc),
                                           "src": bench_tile(plan, t, "src", sl, rows, cols, vr, vc)}
    return [(t, label, make(t, *locs)) for t, label, locs in bench_tuples(plan)]


def bench_window(outer):
    """bench_cases of a window kind: the inner tile the benchmark's, the window one box (unboxed:
    a row and 32 bytes) into the outer tile, which ends where the window does."""
    inner = "dst" if outer == "src" else "src"

    def cases(plan):
        def make(t, sl, dl):
            def ops(rows, cols, vr, vc):
                loc = {"src": sl, "dst": dl}
                lay = t.layouts[outer]
                if L.boxed(lay):
                    r, c = L.box(L.LOCS.index(loc[outer]), L.LAYOUT_ENUMS[lay][1], t.dtype_of(outer)["bytes"])
                else:
                    r, c = 1, plan.E_B(t.dtype_of(outer))[1]
                return {inner: bench_tile(plan, t, inner, loc[inner], rows, cols, vr, vc),
                        outer: bench_tile(plan, t, outer, loc[outer], r + rows, c + cols, r + vr, c + vc),
                        "row": {"present": 1, "param": True, "value": r}, "col": {"present": 1, "param": True, "value": c}}
            return ops
        return [(t, label, make(t, *locs)) for t, label, locs in bench_tuples(plan)]
    return cases


def window_at(tup, outer, variant):
    """(row, col) of a window in tile `outer` of the tuple: a box or two in on a boxed tile (at a
    multiple of its box), a few elements in on an unboxed one."""
    lay = tup.layouts[outer]
    if L.boxed(lay):
        sl = L.LOCS.index(locations(tup, variant)[0 if outer == "src" else 1])
        r0, c0 = L.box(sl, L.LAYOUT_ENUMS[lay][1], tup.dtype_of(outer)["bytes"])
        return r0 * (1 + variant % 2), c0 * (variant % 3)
    return 1 + variant % 3, 2 + variant % 4


def window_kind(outer):
    """notes, test_operands and bench_cases of a window kind (extract, insert) whose window lies
    in `outer`."""
    def notes(inst):
        return [moves_note(inst) + f" row and col place the window in {outer}: inside its valid region, at a multiple of "
                "its box (else PTO_ERR_VALID)."]

    def test_operands(plan, tup, vr, vc, extra, variant):
        return window_operands(plan, tup, vr, vc, extra, variant, outer)
    return notes, test_operands, bench_window(outer)


def window_operands(plan, tup, vr, vc, extra, variant, outer):
    """The inner tile vr x vc and the outer one around the window, a row and a column beyond it;
    row and col as the value params."""
    row, col = window_at(tup, outer, variant)
    big = (row + vr + 1, col + vc + 1)
    ops = tiles(plan, tup, (vr, vc) if outer == "src" else big, big if outer == "src" else (vr, vc), extra, variant)
    ops["row"] = {"present": 1, "param": True, "value": row}
    ops["col"] = {"present": 1, "param": True, "value": col}
    return ops
