"""Tile layouts: the one table of them (docs/contract.md section 5, DESIGN 4.3). A layout is a
pair (blayout, slayout) of the tile descriptor; each has its index map, element (i, j) to its
element offset in the tile's data. Everything that addresses a tile reads it from here: the
verifier's mirror (gen/model.py), the generated public header out/include/pto/pto_layout.h
(templates/include/pto_layout.h.j2: the cpu kernels, the test harness's reference and the C++
API call its functions), the conformance plan and the docs. spec/kinds.lua and the legal sets
name layouts by `name`; gen/spec2json.lua's LAYOUTS lists the same names (tests/gen check it).

A boxed tile (slayout != NONE_BOX) is stored in boxes of r0 x c0 elements: BOX_BYTES per box in
VEC, MAT, LEFT and RIGHT (16 x (32 / sizeof T) with rows contiguous inside a box, BOX_ROW_MAJOR;
(32 / sizeof T) x 16 with columns contiguous, BOX_COL_MAJOR), 16 x 16 elements in ACC. The maps
name bi = i / r0, ii = i % r0, bj = j / c0, jj = j % c0, and the tile's rows and cols; Nn
(COL_MAJOR + BOX_COL_MAJOR) is not a layout. Only + and * of those names appear in a map.
"""

BLAYOUTS = ["ROW_MAJOR", "COL_MAJOR"]                      # pto_blayout, in C order
SLAYOUTS = ["NONE_BOX", "BOX_ROW_MAJOR", "BOX_COL_MAJOR"]  # pto_slayout, in C order
LOCS = ["VEC", "MAT", "LEFT", "RIGHT", "ACC", "BIAS"]      # pto_loc, in C order (BIAS appended)

BOX_BYTES = 512        # a box of VEC, MAT, LEFT, RIGHT tiles
BOX_SIDE = 16          # the box's fixed side (rows of BOX_ROW_MAJOR, cols of BOX_COL_MAJOR)
ACC_BOX = (16, 16)     # an ACC box, whatever the dtype

LAYOUTS = [
    {"name": "ND", "blayout": 0, "slayout": 0, "offset": "i * cols + j",
     "doc": "row-major, no boxes"},
    {"name": "DN", "blayout": 1, "slayout": 0, "offset": "j * rows + i",
     "doc": "column-major, no boxes"},
    {"name": "Nz", "blayout": 1, "slayout": 1, "offset": "bj * rows * c0 + bi * r0 * c0 + ii * c0 + jj",
     "doc": "boxes column-major, rows contiguous inside a box"},
    {"name": "Zn", "blayout": 0, "slayout": 2, "offset": "bi * cols * r0 + bj * r0 * c0 + jj * r0 + ii",
     "doc": "boxes row-major, columns contiguous inside a box"},
    {"name": "Zz", "blayout": 0, "slayout": 1, "offset": "bi * cols * r0 + bj * r0 * c0 + ii * c0 + jj",
     "doc": "boxes row-major, rows contiguous inside a box"},
]
BY_NAME = {x["name"]: x for x in LAYOUTS}
LAYOUT_OF = {(x["blayout"], x["slayout"]): x["name"] for x in LAYOUTS}  # (blayout, slayout) -> name
LAYOUT_ENUMS = {x["name"]: (x["blayout"], x["slayout"]) for x in LAYOUTS}
NAMES = [x["name"] for x in LAYOUTS]


def boxed(name):
    return LAYOUT_ENUMS[name][1] != 0


def box(loc, slayout, elem_bytes):
    """(r0, c0) of a tile in location loc (an index of LOCS) with this slayout (an index)."""
    if slayout == 0:
        return 1, 1
    if LOCS[loc] == "ACC":
        return ACC_BOX
    across = BOX_BYTES // BOX_SIDE // elem_bytes  # 32 / sizeof T
    return (BOX_SIDE, across) if slayout == 1 else (across, BOX_SIDE)


def offset(name, rows, cols, r0, c0, i, j):
    """Element (i, j)'s offset in a tile of this layout (the map of LAYOUTS, evaluated)."""
    env = {"i": i, "j": j, "rows": rows, "cols": cols, "r0": r0, "c0": c0,
           "bi": i // r0, "ii": i % r0, "bj": j // c0, "jj": j % c0}
    total = 0
    for term in BY_NAME[name]["offset"].split("+"):
        v = 1
        for f in term.split("*"):
            v *= env[f.strip()]
        total += v
    return total


def c_expr(name):
    """The map as a C expression over size_t names (the generated header's functions)."""
    return BY_NAME[name]["offset"]


ROW_NAMES, COL_NAMES = {"i", "bi", "ii"}, {"j", "bj", "jj"}
LOCAL_DEFS = {"bi": "i / r0", "ii": "i % r0", "bj": "j / c0", "jj": "j % c0"}


def parts(name):
    """The map as its row part plus its column part (C expressions): every term names i or j, not
    both, so a remap computes each row's and each column's part once and adds them per element."""
    rows, cols = [], []
    for term in BY_NAME[name]["offset"].split("+"):
        names = {f.strip() for f in term.split("*")}
        assert not (names & ROW_NAMES and names & COL_NAMES), f"{name}: term {term} names both i and j"
        (rows if names & ROW_NAMES else cols).append(term.strip())
    return " + ".join(rows) or "0", " + ".join(cols) or "0"


def _coef(name, expr, names):
    """The factors of expr's term that names one of `names`, without it ("1" if none is left)."""
    for term in expr.split("+"):
        factors = [f.strip() for f in term.split("*")]
        if names & set(factors):
            return " * ".join(f for f in factors if f not in names) or "1"
    raise AssertionError(f"{name}: no {names} term in {expr}")


def steps(name):
    """(row step, column step) of the map inside a box (unboxed: anywhere): the coefficients of ii
    (i) in the row part and of jj (j) in the column part, as C expressions over rows, cols, r0, c0.
    One of them is "1": the direction the layout's elements are contiguous in (a box's rows for
    Nz and Zz, its columns for Zn; ND rows, DN columns), which the cpu remaps copy along."""
    row, col = parts(name)
    out = _coef(name, row, {"i", "ii"}), _coef(name, col, {"j", "jj"})
    assert "1" in out, f"{name}: contiguous in neither direction"
    return out


def box_strides(name):
    """(row stride, column stride) of a boxed layout's map from one box to the next, down (the
    coefficient of bi in the row part) and across (of bj in the column part), as steps gives them."""
    row, col = parts(name)
    return _coef(name, row, {"bi"}), _coef(name, col, {"bj"})


def c_function(expr, index):
    """(locals, unused parameters) of a header function computing expr over rows, cols, r0, c0
    and the indices `index`."""
    words = set(expr.replace("+", " ").replace("*", " ").split())
    local = [(v, LOCAL_DEFS[v]) for v in ("bi", "ii", "bj", "jj") if v in words]
    used = words | {w for _, e in local for w in e.split()}
    return local, [v for v in ("rows", "cols", "r0", "c0") + index if v not in used]


def c_context():
    """What templates/include/pto_layout.h.j2 and the verifier's header need."""
    out = []
    for x in LAYOUTS:
        local, unused = c_function(x["offset"], ("i", "j"))
        row, col = parts(x["name"])
        out.append(dict(x, locals=local, unused=unused,
                        parts=[{"which": "row", "index": "i", "expr": row, "fn": c_function(row, ("i",))},
                               {"which": "col", "index": "j", "expr": col, "fn": c_function(col, ("j",))}]))
    return {"layouts": out, "locs": LOCS, "box_bytes": BOX_BYTES, "box_side": BOX_SIDE, "acc_box": ACC_BOX,
            "gm_layouts": GM_LAYOUTS, "gm_box_rows": GM_BOX_ROWS, "gm_row_bytes": GM_ROW_BYTES, "gm_span_bytes": GM_SPAN_BYTES}


# -- global tensors ---------------------------------------------------------------------------
# pto_gm (docs/contract.md section 5, docs/memory.md): data, dtype, layout, shape[5], stride[5]
# (elements). Element (i, j) of the tensor, the tile's element (i, j) in TLOAD and TSTORE, is at
# this offset (in elements) from data; templates/include/pto_layout.h.j2 gives the same maps in C
# (pto_gm_offset), which the cpu kernels and the test harness call, and the verifier's checks
# (pto_gm_check) that model.verify mirrors with gm_check below.
GM_LAYOUTS = ["ND", "DN", "NZ"]  # pto_gm_layout, in C order (PTO_GM_ND, ...)
GM_BOX_ROWS = 16                 # an NZ box: 16 rows of c0 = 32 / sizeof T elements
GM_ROW_BYTES = 32                # ND row strides, DN column strides, NZ box strides: multiples of this
GM_SPAN_BYTES = 1 << 60          # the largest offset of a tensor, in bytes, stays below this


def gm_c0(elem_bytes):
    return GM_ROW_BYTES // elem_bytes


def gm_region(layout, shape, elem_bytes):
    """(rows, cols) of the tensor as a matrix: ND dims 0-3 flattened into rows, dim 4 the columns;
    DN rows in dim 3, columns in dim 4; NZ [1, C / c0, R / 16, 16, c0]."""
    name = GM_LAYOUTS[layout]
    if name == "ND":
        return shape[0] * shape[1] * shape[2] * shape[3], shape[4]
    if name == "DN":
        return shape[3], shape[4]
    return GM_BOX_ROWS * shape[2], gm_c0(elem_bytes) * shape[1]


def gm_offset(layout, shape, stride, i, j):
    """Element (i, j)'s offset in elements (pto_gm_offset)."""
    name = GM_LAYOUTS[layout]
    if name == "ND":
        i3, i = i % shape[3], i // shape[3]
        i2, i = i % shape[2], i // shape[2]
        i1, i0 = i % shape[1], i // shape[1]
        return i0 * stride[0] + i1 * stride[1] + i2 * stride[2] + i3 * stride[3] + j * stride[4]
    if name == "DN":
        return i * stride[3] + j * stride[4]
    c0 = shape[4]
    return (j // c0) * stride[1] + (i // GM_BOX_ROWS) * stride[2] + (i % GM_BOX_ROWS) * stride[3] + (j % c0) * stride[4]


def gm_span(shape, stride):
    """One past the largest offset (elements) of any element of the tensor."""
    return 1 + sum(s * (n - 1) for n, s in zip(shape, stride))


def gm_check(layout, shape, stride, elem_bytes, written):
    """None, or why the tensor's shape and strides are not legal (PTO_ERR_SHAPE): every dim at
    least 1; the innermost dim contiguous (ND and NZ dim 4, DN dim 3, stride 1); each row (ND),
    column (DN) or box row (NZ) starting a multiple of 32 bytes after data; DN 1 x 1 x 1 x R x C,
    NZ [1, C / c0, R / 16, 16, c0] with rows of a box back to back (stride[3] = c0); the largest
    offset below 2^60 bytes; a written tensor's elements apart (each dim's stride at least the
    span of the dims inside it, in the order 4, 3, 2, 1, 0)."""
    if any(n < 1 for n in shape):
        return "a dim of the tensor's shape is 0"
    name, limit = GM_LAYOUTS[layout], GM_SPAN_BYTES // elem_bytes
    for n, s in zip(shape, stride):
        if n > 1 and s > limit // (n - 1):
            return "the tensor is too large"
    if gm_span(shape, stride) - 1 >= limit:
        return "the tensor is too large"
    row = GM_ROW_BYTES // elem_bytes
    inner = {"ND": 4, "DN": 3, "NZ": 4}[name]
    if stride[inner] != 1:
        return f"the tensor's dim {inner} must be contiguous (stride 1)"
    if name == "DN" and (shape[0], shape[1], shape[2]) != (1, 1, 1):
        return "a DN tensor is 1 x 1 x 1 x rows x cols"
    if name == "NZ":
        if shape[0] != 1 or shape[3] != GM_BOX_ROWS or shape[4] != row:
            return f"an NZ tensor is [1, C / {row}, R / 16, 16, {row}] ({GM_ROW_BYTES} / sizeof T = {row})"
        if stride[3] != row:
            return f"an NZ box's rows must be back to back (stride[3] = {row})"
    dims = {"ND": (0, 1, 2, 3), "DN": (4,), "NZ": (1, 2)}[name]
    if any(shape[k] > 1 and stride[k] % row for k in dims):
        return f"rows (DN: columns, NZ: boxes) must start {GM_ROW_BYTES}-byte multiples apart"
    if written:
        span = row * GM_BOX_ROWS if name == "NZ" else shape[inner]
        for k in ({"ND": (3, 2, 1, 0), "DN": (4,), "NZ": (2, 1)}[name]):
            if shape[k] > 1 and stride[k] < span:
                return f"the tensor's dim {k} (stride {stride[k]}) overlaps the dims inside it (span {span}): elements written twice"
            span = stride[k] * (shape[k] - 1) + span
    return None
