"""Kind row_reduce: per row of src, the fold of its elements by one operation of spec/ops.lua
(sum(src) folds by add, prod(src) by mul, max(src) and min(src) by max and min), into column 0
of dst. Sums and products follow the contract's lane order (docs/contract.md section 2): element
j of a row is in lane j mod E of a 256-byte vector (E = 256 / sizeof T), each lane folds its
elements in increasing j, and the lanes holding an element are combined by the adjacent-pair
tree. IEEE maximum and minimum do not depend on the order (up to a NaN's payload, which is free):
the cpu kernels reduce them in one running loop, the NPU kernels as they do sums and products.

Padding with the operation's identity (identity()) changes no value: x + -0 = x (for every x, +0 and NaN
too), x * 1 = x, maximum(x, -inf) = x, minimum(x, +inf) = x, bit for bit, and an identity paired
with an identity stays one. So a row of n lanes padded to a power of two w gives, level by level,
the contract's tree: a value the tree moves up unchanged meets an identity instead. The cpu and
A2A3 kernels pad; A5 keeps the odd value with a merging predicate."""
import cexpr
from kinds import _rows as R
import lower
import lowerbound as LB
import testplan as T

# upstream's CPU writes a DN R x C dst's column 0 (its attention demos reduce into 64 x 64 DN
# tiles): the C++ API passes that column (gen/cppapi.py)
CPP_COLUMN0 = ("dst",)

MAIN_OPERAND = "src"
READER = "h_read_row_reduce"  # tests/harness/kinds/
WRITES = "H_W_COL0"  # column 0 of each dst row
MEMCPY_TARGET = {"ratio": 2.0, "shapes": ("64x128", "128x256")}  # ninja bench: one pass over src
IN_PLACE_FILL = "H_FILL_ORDER"
EXTREME_SHAPES = ("valid<E", "repeats+tail", "rows>255", "E^2+1", "upstream 1023x17", "upstream 3x4095")
ORDER_FREE = ("max", "min")  # folds whose result does not depend on the order (IEEE maximum, minimum)
GROUP = 8  # the cpu kernels' rows per pass of the tree (two arrays of GROUP x E lanes on the stack)


F32 = {"class": "float", "bits": 32, "exponent_bits": 8, "fraction_bits": 23}  # the compute type of f16


def operation(inst):
    """The operation the instruction folds by (spec/ops.lua: add, mul, max, min) and its fold's name."""
    return inst.d["math"]["fn"], inst.d["math"]["fold"]


def identity(fn, dt):
    """The bits of the identity of operation fn on dtype dt (see the module's docstring)."""
    bits = dt["bits"]
    if dt["class"] == "float":
        inf = ((1 << dt["exponent_bits"]) - 1) << dt["fraction_bits"]
        one = ((1 << (dt["exponent_bits"] - 1)) - 1) << dt["fraction_bits"]
        sign = 1 << (bits - 1)
        return {"add": sign, "mul": one, "max": sign | inf, "min": inf}[fn]
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if dt["class"] == "signed" else (0, (1 << bits) - 1)
    return {"add": 0, "mul": 1, "max": lo, "min": hi}[fn] & ((1 << bits) - 1)


def _binary(fn):
    return {"op": "call", "fn": fn, "args": [{"op": "ref", "name": "a"}, {"op": "ref", "name": "b"}]}


def _op(fn, dt, prefix, bits, names=None):
    """The fold's operation as a C format string of two operands (%s), in the compute type: f16
    computed in f32 rounds to f16 after every operation, as the contract's accumulation in T."""
    text = cexpr.kernel_math(_binary(fn), dt, prefix, bits, names, ref=lambda n: "%s")
    if dt["class"] == "float" and dt["bits"] < 32 and not bits:
        text = f"{prefix}__requant_{dt['name']}({text})"
    return text


def _identity_c(fn, dt, c, prefix):
    """The identity as a value of the compute type c["CT"]."""
    value = identity(fn, dt)
    if c["CT"] == "float":  # f32, or f16 computed in f32: the identity's f32 bits (it widens exactly)
        return f"{prefix}__float(0x{identity(fn, F32):08x}u)"
    if dt["class"] != "signed":  # unsigned, or a float's stored bits
        return f"({c['CT']})0x{value:x}u"
    v = value - (1 << dt["bits"]) if value >> (dt["bits"] - 1) else value
    return f"({c['CT']})({v + 1} - 1)" if v < 0 else f"({c['CT']}){v}"


def _order_keys(dt, prefix, bits):
    """Floats' maximum and minimum by order keys (the cpu kernels): a float's bits as a signed
    integer that orders as the values do, -0 below +0 (magnitude, complemented when negative),
    with NaN apart; the types, masks and conversions, or None for the integers."""
    if dt["class"] != "float":
        return None
    w = dt["bits"]
    inf = ((1 << dt["exponent_bits"]) - 1) << dt["fraction_bits"]
    wide = w == 32
    return {"U": f"uint{w}_t", "S": f"int{w}_t", "width": w, "lo": f"INT{w}_MIN", "hi": f"INT{w}_MAX",
            "bits": f"{prefix}__bits" if wide else f"(uint{w}_t)", "value": f"{prefix}__float" if wide else f"(uint{w}_t)",
            "abs": f"0x{(1 << (w - 1)) - 1:x}u", "sign": f"0x{1 << (w - 1):x}u", "inf": f"0x{inf:x}u",
            "qnan": f"0x{inf | 1 << (dt['fraction_bits'] - 1):x}u"} if wide or bits else None


def element_ctx(inst, p, tup, prefix, convert_all):
    dt = tup.dtype_of("src")
    fn, fold = operation(inst)
    bits = not convert_all and cexpr.on_stored_bits(_binary(fn), dt, inst.model.ops)
    c = cexpr.dtype_c(dt, prefix, bits)
    E = 256 // dt["bytes"]  # the contract's lanes: a 256-byte vector, whatever the profile's registers
    return dict(c, fn=fn, fold=fold, E=E, group=GROUP, op=_op(fn, dt, prefix, bits),
                neutral=_identity_c(fn, dt, c, prefix), ordered=fn not in ORDER_FREE,
                key=_order_keys(dt, prefix, bits) if fn in ORDER_FREE else None)


X86_TREE = {"avx512": ("f32", "f16", "bf16")}  # the variants with a vector row tree (pto_cpu_simd.h), by dtype


def cpu_variants(inst, p, tup, k):
    """Sums and products of floats in a variant with a vector row tree call it; everything else
    compiles the same C in every variant (gcc vectorises the loops for each)."""
    dt = tup.dtype_of("src")["name"]
    fn, _ = operation(inst)

    def specialise(v, kv):
        tree = fn not in ORDER_FREE and dt in X86_TREE.get(v["name"], ())
        kv["tree_x86"] = f"pto_{p}__{v['name']}_row_tree_{fn}_{dt}" if tree else ""
    return specialise


def tree_width(vc, E, B):
    """A2A3: the lanes of a row's tree: E for rows of E columns or more, else the power of two at
    least vc and 2B (so half of it is whole blocks); lanes past vc hold the identity."""
    if vc >= E:
        return E
    w = 2 * B
    while w < vc:
        w *= 2
    return w


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    """The register's reduction: the fold instruction (vcadd) where the profile has one for the
    dtype, else the tree of the lane instruction on deinterleaved lanes; A2A3 pads with the
    identity and copies with a vmuls by one (exact)."""
    step = lower.compute_steps(inst.program(p, dt["name"]))[0]
    fn, _ = operation(inst)
    one = "1.0f" if dt["name"] == "f32" else f"({cexpr.CTYPE[dt['name']]}){identity('mul', dt)}"
    return dict(vfold=f"pto_{p}_{step['reduce']}_{dt['name']}" if step["reduce"] else "",
                identity=f"0x{identity(fn, dt):x}u", one=one, vcopy=f"pto_{p}_vmuls_{dt['name']}")


def plain_ctx(inst, p, tup):
    return dict(at={o: f"i * {o}->cols" if lay == "ND" else "i" for o, lay in tup.layouts.items()})


def notes(inst):
    fn, fold = operation(inst)
    if fn in ORDER_FREE:
        return [f"{fold}(src): IEEE {'maximum' if fn == 'max' else 'minimum'} of the row (a NaN gives NaN, "
                f"{'+0 is above -0' if fn == 'max' else '-0 is below +0'}), so the order does not matter."]
    return [f"{fold}(src): in the lane order of a 256-byte vector, the same on every profile: with E = 256 / sizeof T, "
            f"element j of the row is in lane j mod E; each lane folds its elements in increasing j from its first "
            f"(no identity is added); the lanes holding an element are then combined by the adjacent-pair tree "
            f"(l0 op l1), (l2 op l3), ..., an odd last value moving up a level unchanged, until one is left. "
            f"Every operation rounds once, to T (integers wrap)."]


def reference(inst):
    """The reference folds with the operation's reference, ref_<op>(dt, a, b) (the reader applies it)."""
    fn, _ = operation(inst)
    return {"reduce": None, "ref_math": f"ref_{fn}(dt, v_a, v_b)", "ref_forms": {}, "math_operands": ["a", "b"]}


def test_shapes(E, B, cls):
    return T.reduce_shapes(E, B, cls)


def extra_fills(label):
    """Values whose sums and products depend on the order (tests/harness/values.h H_FILL_ORDER)."""
    return ["H_FILL_ORDER"] if label != "classes" else []


def test_operands(plan, tup, vr, vc, extra, variant):
    B = plan.E_B(tup.dtype_of("src"))[1]
    ops = {"src": T.tile(plan.dindex[tup.dtype_of("src")["name"]], vr + variant % 2, T.roundup(vc, B) + extra, vr, vc),
           "dst": R.column(plan, tup, "dst", vr, variant, 1 + variant % 2)}
    return R.add_tmp(plan, tup, ops, vr, variant)


def more_cases(plan, tup, shapes, B):
    """Rows of extremes: ascending and descending ramps, infinities, -0 and +0 ties with
    outliers, NaNs (tests/harness/values.h), in place too."""
    return R.extreme_cases(plan, tup, shapes, B, EXTREME_SHAPES)


def tree_levels(n):
    """Levels of the adjacent-pair tree over n values."""
    levels = 0
    while n > 1:
        n -= n // 2
        levels += 1
    return levels


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3 (repeats): every element past a row's first E needs a lane of a fold repeat across
    chunks; a row of two chunks, the second partial, also needs the lanes its first chunk holds
    alone copied beside the folded ones (a repeat reads one place). Then, with vcadd, one repeat
    per row; without, the tree: its width w (tree_width) of lanes per row, padded with the
    identity where the row is narrower, a row narrower than E copied beside its padding (packed
    rows fill whole repeats: gathering straight from src would take a repeat per row), and each
    level's even and odd lanes gathered (vreducev2 reads every lane, once per parity) and
    combined, w halving per level.
    A5 (instructions): per row a load and, but for the first, a fold per chunk, the register's
    reduction (vcadd, or per tree level a vdintlv and an operation), one store."""
    inst = tup.inst
    dt = tup.dtype_of("src")
    B = m["block_bytes"] // dt["bytes"]
    step = lower.compute_steps(inst.program(p, dt["name"]))[0]
    chunks = LB.ceil(vc, E)
    if p == "a5":
        reduce = 1 if step["reduce"] else 2 * tree_levels(min(vc, E))
        return LB.a5(vr * (chunks + (chunks - 1) + reduce + 1))
    parts = []
    if vc > E:
        parts.append(LB.ceil(vr * (vc - E), E))
        last = vc - (chunks - 1) * E
        if chunks == 2 and last < E:
            parts.append(LB.ceil(vr * (E - last), E))
    if step["reduce"]:
        return LB.a2a3(m, parts + [vr])
    w = tree_width(vc, E, B)
    if vc < w:
        parts.append(LB.ceil(vr * w, E))
    if vc < E:
        parts.append(LB.ceil(vr * vc, E))
    while w > 1:
        parts += [LB.ceil(vr * w, E), LB.ceil(vr * w, E), LB.ceil(vr * w // 2, E)]
        w //= 2
    return LB.a2a3(m, parts)
