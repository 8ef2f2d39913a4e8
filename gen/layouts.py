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
    return {"layouts": out, "locs": LOCS, "box_bytes": BOX_BYTES, "box_side": BOX_SIDE, "acc_box": ACC_BOX}
