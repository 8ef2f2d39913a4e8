"""Shared by the movement kinds (move: TMOV, extract: TEXTRACT, insert: TINSERT; docs/moves.md):
an index-mapped copy between locations and layouts. The kernels move bits, narrow f32 to f16/bf16
(out of ACC; RINT, overflow to +-inf, by the element operations' conversion) and take the runtime
parameters as arguments (param_args). The box remaps read and write every element through
pto/pto_layout.h's maps with each tile's box (its location's), split into row and column parts; the conformance plan builds each
case's tiles in the locations the tuple's layout pair moves between (MOVES, the kind's rules)."""
import layouts as L
import testplan as T

MAIN_OPERAND = "src"          # tests and benchmark cases are filed under src's dtype
IN_PLACE_FILL = "H_FILL_RANDOM"  # (no in-place form: a move's dst is never its source)
# the C++ API (gen/cppapi.py): upstream's TMOV<Dst, Src, ReluPreMode>, TMOV<Dst, Src, AccToVecMode,
# ReluPreMode> (TEXTRACT and TINSERT alike: they take relu NoRelu only), no leading option; its forms
# with a tile after src (TMOV's tmp, the fp forms) or a preQuantScalar are not ptogen's
CPP_LEADING = None
CPP_OPTIONS = [("relu",), ("acc_to_vec", "relu")]
QUANT = ("uint64_t preQuantScalar", "src", "preQuantScalar (the fixpipe's scalar quantization)")
CPP_REFUSED = [("tile", "src", "a tile after src (the fp forms' quantization parameters)"), QUANT]
LINES = {"nd": "rows", "dn": "cols"}  # the layouts a line copy walks: lines along rows (ND) or columns (DN)
REMAP_CHUNK = 64  # the box remaps' columns per pass: their row and column map parts on the stack
ALONG_J = {"nd", "nz", "zz"}  # layouts whose elements are contiguous along j (inside a box, for Nz and Zz)


def remap_run(frm, to):
    """C of the remap's run: the elements contiguous on both sides from a box's start (a boxed
    side's c0, an ND side a whole chunk), 1 where either side's columns are not contiguous."""
    if frm not in ALONG_J or to not in ALONG_J:
        return "1"
    sides = [f"(size_t){c0}" for lay, c0 in ((frm, "sc0"), (to, "dc0")) if lay != "nd"] or [str(REMAP_CHUNK)]
    return sides[0] if len(sides) == 1 else f"({sides[0]} < {sides[1]} ? {sides[0]} : {sides[1]})"


def relu_bits(dt, x):
    """C of `x < 0 ? +0 : x` on the stored bits x of dtype dt (floats: -0 and NaN kept)."""
    bits = dt["bits"]
    sign = f"0x{1 << (bits - 1):x}u"
    if dt["class"] == "float":
        mag, inf = f"0x{(1 << (bits - 1)) - 1:x}u", {"f32": "0x7f800000u", "f16": "0x7c00u", "bf16": "0x7f80u"}[dt["name"]]
        neg = f"(({x} & {sign}) != 0 && ({x} & {mag}) != 0 && ({x} & {mag}) <= {inf})"
    elif dt["class"] == "signed":
        neg = f"(({x} & {sign}) != 0)"
    else:
        return x
    return f"({neg} ? 0u : {x})"


def narrow(prefix, dst, x):
    """C of f32 bits x narrowed to dtype dst (f16, bf16): round to nearest even, overflow to +-inf."""
    return f"{prefix}__f32_to_{dst}({prefix}__float({x}))"


def element_ctx(inst, p, tup, prefix, convert_all):
    """Types, the layouts' map names (from, to), the relu (move) and the conversion of bits v."""
    s, d = tup.dtype_of("src"), tup.dtype_of("dst")
    frm, to = tup.axes["from"], tup.axes["to"]
    cvt = "v" if s == d else narrow(prefix, d["name"], "v")  # of the source's bits v
    return {"S": s["name"], "D": d["name"], "ST": f"uint{s['bits']}_t", "DT": f"uint{d['bits']}_t",
            "s_bytes": s["bytes"], "d_bytes": d["bytes"], "from": frm, "to": to,
            "line": LINES.get(frm) if frm == to else None,
            "relu": relu_bits(s, "x"), "cvt": cvt, "chunk": REMAP_CHUNK,
            "run": remap_run(frm, to), "ignored": []}


def cpu_variants(inst, p, tup, k):
    return lambda v, kv: None  # every ISA variant compiles the same C


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def plain_ctx(inst, p, tup):
    return {}


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


MOVES_NOTE = ("The moves: VEC -> VEC (ND -> ND, DN -> DN), MAT -> LEFT (Nz -> Nz or Zz), MAT -> RIGHT (Nz or Zn -> Zn), "
              "ACC -> VEC (Nz -> ND or DN), ACC -> MAT (Nz -> Nz), and the cpu's VEC -> LEFT/RIGHT (ND -> Nz, Zz, Zn) and "
              "ACC -> LEFT/RIGHT (Nz -> Nz, Zz, Zn); another location is PTO_ERR_LOC. dst never overlaps src.")


# The locations each (from, to) pair moves between (the kind's rules), the first the default
MOVES = {("nd", "nd"): [("VEC", "VEC")], ("dn", "dn"): [("VEC", "VEC")],
         ("nd", "nz"): [("VEC", "LEFT")], ("nd", "zz"): [("VEC", "LEFT")], ("nd", "zn"): [("VEC", "RIGHT")],
         ("nz", "nd"): [("ACC", "VEC")], ("nz", "dn"): [("ACC", "VEC")],
         ("nz", "nz"): [("MAT", "LEFT"), ("ACC", "MAT"), ("ACC", "LEFT")],
         ("nz", "zz"): [("MAT", "LEFT"), ("ACC", "LEFT")], ("nz", "zn"): [("MAT", "RIGHT"), ("ACC", "RIGHT")],
         ("zn", "zn"): [("MAT", "RIGHT")]}


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
    """notes and test_operands of a window kind (extract, insert) whose window lies in `outer`."""
    def notes(inst):
        return [MOVES_NOTE + f" row and col place the window in {outer}: inside its valid region, at a multiple of "
                "its box (else PTO_ERR_VALID)."]

    def test_operands(plan, tup, vr, vc, extra, variant):
        return window_operands(plan, tup, vr, vc, extra, variant, outer)
    return notes, test_operands


def window_operands(plan, tup, vr, vc, extra, variant, outer):
    """The inner tile vr x vc and the outer one around the window, a row and a column beyond it;
    row and col as the value params."""
    row, col = window_at(tup, outer, variant)
    big = (row + vr + 1, col + vc + 1)
    ops = tiles(plan, tup, (vr, vc) if outer == "src" else big, big if outer == "src" else (vr, vc), extra, variant)
    ops["row"] = {"present": 1, "param": True, "value": row}
    ops["col"] = {"present": 1, "param": True, "value": col}
    return ops
