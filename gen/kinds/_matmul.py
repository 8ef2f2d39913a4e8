"""Shared by the matrix-unit kinds (matmul, matmul_acc, matmul_bias; docs/matmul.md): c = a . b over
c's valid region m x n, m = c.valid_rows, k = a.valid_cols, n = c.valid_cols; each element the sum
over k in increasing order from +0 of the products (rounded to the accumulator dtype), each
addition rounded once; then c_in + s or s + bias(0, j). a is a LEFT tile (Nz or Zz: the kernel's
`left` axis), b a RIGHT tile (Zn), c (and c_in) an ACC tile (Nz, 16 x 16 boxes), bias a BIAS row.

The cpu kernel (templates/cpu/matmul.j2) works on blocks of 16 rows by one 16-column box column of
c, k in chunks of K_CHUNK: per chunk it widens b's 16 columns once into a row-major panel (columns
contiguous), then, four rows at a time, adds a(i, p) * b(p, j0 .. j0 + 15) into 16 accumulators
per row, p increasing: the order of the contract per element, vectorised across j. The NPU profiles do not offer the kinds yet (no cube unit)."""
import layouts as L
import testplan as T

MAIN_OPERAND = "a"          # tests and benchmark cases are filed under a's dtype
READER = "h_read_matmul"    # tests/harness/kinds/matmul.c
IN_PLACE_FILL = "H_FILL_DOT"
CPP_LEADING = "AccPhase"  # upstream's TMATMUL<AccPhase>: a unit flag (pipelining), ignored (gen/cppapi.py)
ACC_BOX = L.ACC_BOX[0]      # c's boxes are ACC_BOX x ACC_BOX
K_CHUNK = 128  # the cpu kernel's k per pass: b's widened panel (K_CHUNK x 16) and a's four rows stay in L1
ROW_BLOCK = 64  # the cpu kernel's rows of c per widened panel of b (a multiple of 4: rows go four at a time)

# storage type, the accumulator's C type and how an element widens to it (prefix: the element
# operations' prefix, pto_<p>)
A_TYPES = {
    "f32": ("uint32_t", "float", "{pre}__float({x})"),
    "f16": ("uint16_t", "float", "{pre}__f16_to_f32({x})"),
    "bf16": ("uint16_t", "float", "{pre}__bf16_to_f32({x})"),
    "i8": ("int8_t", "uint32_t", "(uint32_t)(int32_t)({x})"),
}


def element_ctx(inst, p, tup, prefix, convert_all):
    a, c = tup.dtype_of("a"), tup.dtype_of(out_operand(tup))
    st, acc, widen = A_TYPES[a["name"]]
    ops = tup.entry["operands"]
    return {
        "A": a["name"], "C": c["name"], "AT": st, "ACC": acc, "CT": "uint32_t",
        "widen": widen.replace("{pre}", prefix), "result": result(c, prefix, ops),
        "left": tup.layouts["a"].lower(), "kb": L.BOX_BYTES // L.BOX_SIDE // a["bytes"],  # a's box cols = b's box rows
        "out": out_operand(tup), "c_in": "c_in" if "c_in" in ops else "", "bias": "bias" if "bias" in ops else "",
        "box": ACC_BOX, "kc": K_CHUNK, "rb": ROW_BLOCK, "ident": tup.ident(),
    }


def result(c, prefix, ops):
    """The C of c(i0 + i, j0 + jj) from the sum s[i][jj]: c_in + s, s + bias(0, j) or s, in the
    accumulator's arithmetic; a float's bits through the union helpers (crow, cirow, brow: the
    template's row pointers of c, c_in and bias)."""
    val, bits = (f"{prefix}__float({{}})", f"{prefix}__bits({{}})") if c["class"] == "float" else ("{}", "{}")
    if "c_in" in ops:
        expr = f"{val.format('cirow[jj]')} + s[i][jj]"
    elif "bias" in ops:
        expr = f"s[i][jj] + {val.format('brow[j0 + jj]')}"
    else:
        expr = "s[i][jj]"
    return bits.format(expr)


def out_operand(tup):
    return "c_out" if "c_out" in tup.entry["operands"] else "c"


def cpu_variants(inst, p, tup, k):
    """Every ISA variant compiles the same C (gcc vectorises the j loops), but for a's rows of a
    16-bit float format in the x86 variants: a box row widened at once (pto_<p>_simd.h, F16C for
    f16: the same bits as the software conversion), where gcc's loop of the software conversion
    took TMATMUL f16 64x64x64 1.2x the time of f32."""
    a = tup.dtype_of("a")["name"]

    def specialise(v, kv):
        if v["x86"] and v["f16c"] and a in ("f16", "bf16"):
            kv["widen_row"], kv["widen_lanes"] = f"pto_{p}__{v['name']}_widen_{a}", v["vector_bytes"] // 4
        elif v["x86"] and a == "f32":  # a box row is 8: one 256-bit move in either variant
            kv["widen_row"], kv["widen_lanes"] = f"pto_{p}__avx2_widen_f32", 8
    return specialise


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def plain_ctx(inst, p, tup):
    return {}


def notes(inst):
    return ["m = c's valid rows (a's for TMATMUL, 1 for TGEMV, which reads row 0 of a), k = a's valid columns = b's "
            "valid rows, n = b's valid columns = c's; only c's valid region is written. a: a LEFT tile, Nz or Zz "
            "(the cpu takes both; A2A3's is Zz, A5's Nz); b: a RIGHT tile, Zn; c: an ACC tile, Nz (16 x 16 boxes); "
            "bias: a BIAS tile, one ND row. Boxed tiles have whole boxes (pto/pto_layout.h)."]


def reference(inst):
    """The math of one step of the sum (ref_mma: acc + a*b, the product rounded to the
    accumulator dtype, the addition once); tests/harness/kinds/matmul.c walks k and adds c_in or bias."""
    return {"reduce": None, "ref_math": "ref_mma(dt, v_acc, v_a, v_b)", "ref_forms": {},
            "math_operands": ["acc", "a", "b"]}


def is_gemv(inst):
    """TGEMV's instructions: their rule makes c one row (m = 1), whatever a's valid rows."""
    return any(r.name == "one_row" for r in inst.rules)


# (label, m, n, k, extra boxes of padding): c-shaped (m x n) with k; classes: every class of a's
# column crossed with every class of b's row (k = 1, then k = 2: sums of two class products)
SHAPES = [
    ("1x1x1", 1, 1, 1, 0), ("valid<box", 5, 7, 3, 0), ("one box", 16, 16, 16, 0),
    ("boxes+tail", 20, 33, 37, 0), ("valid<tile", 13, 19, 21, 1),
    ("long k", 3, 17, 300, 0), ("upstream gemm 32x16x32", 32, 32, 16, 0),
    ("upstream 64x32x64", 64, 64, 32, 0),
]
K_UNIT = 16  # the plan's shapes carry k and the padding boxes in one number: k * K_UNIT + boxes


def test_shapes(E, B, cls):
    """(label, m, n, k * K_UNIT + padding boxes): the conformance plan's shape tuples."""
    shapes = SHAPES + [("classes k=1", cls, cls + 1, 1, 0), ("classes k=2", cls, cls + 1, 2, 0)]
    return [(label, m, n, k * K_UNIT + extra) for label, m, n, k, extra in shapes]


def extra_fills(label):
    """The dot fill (sums that depend on their order) on every shape; extremes (integer ends, inf
    and signed zeros by rows) on two."""
    if label.startswith("classes"):
        return []
    return ["H_FILL_DOT"] + (["H_FILL_EXTREMES"] if label in ("boxes+tail", "long k") else [])


def more_cases(plan, tup, shapes, B):
    return []


def boxed(plan, tup, op, rows_valid, cols_valid, extra):
    """Tile operand op with its tuple's layout and location, storage rounded up to whole boxes,
    plus `extra` boxes of padding in either dimension."""
    dt = tup.dtype_of(op)
    lay = tup.layouts[op]
    loc = L.LOCS.index(plan.inst.kind["operands"][op]["locs"][0])
    bl, sl = L.LAYOUT_ENUMS[lay]
    r0, c0 = L.box(loc, sl, dt["bytes"])
    if op == "bias":  # one ND row, 32-byte aligned storage
        Bb = plan.E_B(dt)[1]
        d = T.tile(plan.dindex[dt["name"]], 1, T.roundup(cols_valid, Bb) + extra * Bb, 1, cols_valid)
    else:
        d = T.tile(plan.dindex[dt["name"]], T.roundup(rows_valid, r0) + extra * r0, T.roundup(cols_valid, c0) + extra * c0,
                   rows_valid, cols_valid, layout=lay)
    d["loc"] = loc
    return d


def test_operands(plan, tup, m, n, k_extra, variant):
    """c's valid region m x n (a's m rows: TGEMV's c has one), and k and the padding boxes in
    k_extra (test_shapes); variant gives c_in and bias paddings of their own."""
    k, extra = divmod(k_extra, K_UNIT)
    inst = plan.inst
    out = out_operand(tup)
    a_rows = m
    if is_gemv(inst):  # c is one row; a may have more valid rows (only row 0 is read)
        m = 1
    ops = {out: boxed(plan, tup, out, m, n, extra), "a": boxed(plan, tup, "a", a_rows, k, extra),
           "b": boxed(plan, tup, "b", k, n, extra)}
    if "c_in" in tup.entry["operands"]:
        ops["c_in"] = boxed(plan, tup, "c_in", m, n, extra + (variant % 2))
    if "bias" in tup.entry["operands"]:
        ops["bias"] = boxed(plan, tup, "bias", 1, n, extra + variant % 3)
    return ops


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    return {"metric": "scalar", "value": vr * vc, "instructions": 0}
