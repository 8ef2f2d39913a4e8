"""The cpu remap (templates/cpu/remap.j2), which the movement kinds' kernels share (TMOV, TEXTRACT,
TINSERT, TLOAD, TSTORE, TTRANS): a rows x cols region copied element (i, j) to element (i, j)
between two sides, each a tile layout, a global tensor layout or TTRANS's transposed view.

A side's map is a row part plus a column part (pto/pto_layout.h), and each part is linear inside a
group: a box's rows (columns), a tensor's row group (ND: dim 3; NZ: a box), or everywhere for an
unboxed direction. Inside its group a part advances by the step of gen/layouts.py steps (one of a
side's two steps is 1: the direction its elements are contiguous in), and from one group to the
next by a constant stride (gen/layouts.py box_strides; NZ's box strides), except a tensor's ND row
groups, whose start the map gives. So the remap walks both sides without a division: it cuts the
region into blocks that stay inside every group, computes each block's two parts by addition
(the columns of up to CHUNK blocks at once, then the rows band by band) and copies the block by
the steps: rows contiguous on both sides (Nz, Zz, ND, GM ND and NZ), columns on both (Zn, DN,
GM DN), or transposed (one of each). Blocks whose rows (columns) follow each other on both sides
are one run: boxes alike (MAT Nz -> LEFT Zz, MAT Zn -> RIGHT Zn), full ND rows. Blocks of the
common sizes (16 rows; a box's 32 bytes, or ACC's 16 elements, across) take loops of a fixed trip
count that the compilers vectorise (gcc: whole 512-byte boxes as 64-byte moves); other blocks
the same loops with run-time counts. A transposing region of whole 16 x 16 blocks, evenly spaced
both ways on both sides (each direction linear, or grouped with its blocks whole groups), skips
the chunks: the variant's __even walker places each block by steps from the first (TTRANS f16
64x32 70 -> 63 ns, TMOV MAT Nz -> RIGHT Zn f16 64x128 266 -> 250; docs/moves.md). No libc call:
no memcpy at any optimisation level."""
import itertools

import layouts as L

BLOCK = 16        # a block's rows (columns) where no side's group bounds them and the other direction is not whole
CHUNK = 64        # column blocks whose widths and column parts are computed together (on the stack)
# ... and how many a pass over the rows takes when, in a region past FIT_BYTES (half of L1), one
# side's column blocks are a multiple of ALIAS_BYTES apart: their lines then fall in the same
# cache sets, and a long chunk's band evicted the lines the next band reads again (TLOAD GM DN ->
# MAT Zn f16 128x256 1,816 -> 1,251 ns, TTRANS f16 128x256 1,761 -> 1,448, TMOV MAT Nz -> LEFT Nz
# f32 128x256 3,080 -> 2,385); elsewhere short chunks only cost loop overhead (up to 20%)
CHUNK_ALIASED = 4
FIT_BYTES = 16384
ALIAS_BYTES = 4096
BOX_ACROSS = 32   # bytes across a box outside ACC: a box row of Nz and Zz, a box column of Zn (32 / sizeof T elements)


def c_of(expr, names):
    """A layout step (gen/layouts.py, over rows, cols, r0, c0) in C over names' values."""
    return " * ".join(names.get(f.strip(), f.strip()) for f in expr.split("*"))


def part(fn, step, origin, group=None, stride=None, vals=()):
    """One direction of a side: its map part fn ("...{}..."), in-group step, the region's origin
    in it, the group (None: linear everywhere), the stride from one group's start to the next
    (None: the map gives each start) and the group sizes the fixed-count loops expect."""
    return {"fn": fn, "step": step, "origin": origin, "group": group, "stride": stride, "vals": list(vals)}


def tile_side(op, p, layout, eb, origin):
    """Tile operand op (its C name) of layout `layout` (a name of gen/layouts.py), elements of eb
    bytes, its part of the region starting at origin (row, col) in C; p prefixes its variables."""
    lay = layout.lower()
    boxed = L.boxed(layout)
    r0, c0 = (f"{p}r0", f"{p}c0") if boxed else ("1u", "1u")
    names = {"rows": f"(size_t){op}->rows", "cols": f"(size_t){op}->cols", "r0": f"(size_t){r0}", "c0": f"(size_t){c0}"}
    steps, strides = L.steps(layout), L.box_strides(layout) if boxed else (None, None)
    rstep, cstep = (c_of(x, names) for x in steps)
    # a direction whose box stride is its box side times its step is linear across boxes too
    # (Nz's rows, Zn's columns): no group bounds it
    across_boxes = [boxed and sorted(f"{side} * {step}".split(" * ")) == sorted(stride.split(" * "))
                    for side, step, stride in zip(("r0", "c0"), steps, strides)]
    rnext, cnext = (c_of(x, names) for x in strides) if boxed else (None, None)
    args = f"{op}->rows, {op}->cols, {r0}, {c0}"
    across = BOX_ACROSS // eb
    rows_in_box = L.LAYOUT_ENUMS[layout][1] == 1  # BOX_ROW_MAJOR: 16 x (32 / sizeof T), or ACC's 16 x 16
    row, col = f"pto_offset_{lay}_row({args}, {{}})", f"pto_offset_{lay}_col({args}, {{}})"
    if not boxed:
        return {"p": p, "decls": [], "setup": [], "r": part(row, rstep, origin[0]), "c": part(col, cstep, origin[1])}
    return {"p": p, "decls": [f"uint32_t {r0}, {c0};"],
            "setup": [f"pto_layout_box({op}->loc, {op}->slayout, {eb}u, &{r0}, &{c0});"],
            "r": part(row, rstep, origin[0]) if across_boxes[0] else
            part(row, rstep, origin[0], f"(size_t){r0}", rnext, [L.BOX_SIDE] if rows_in_box else [across]),
            "c": part(col, cstep, origin[1]) if across_boxes[1] else
            part(col, cstep, origin[1], f"(size_t){c0}", cnext, [across, L.ACC_BOX[1]] if rows_in_box else [L.BOX_SIDE])}


def gm_side(op, p, layout, eb):
    """Global tensor op (its C name, a pto_gm pointer) of layout `layout` (ND, DN, NZ): ND's rows
    in groups of dim 3 (the map gives each group's start), NZ's boxes, DN linear; the contiguous
    direction's stride is 1 (verified)."""
    lay = layout.lower()
    row, col = (f"(size_t)pto_gm_offset_{lay}_{x}({op}->shape, {op}->stride, {{}})" for x in ("row", "col"))
    rstep, cstep = ("1", f"(size_t){op}->stride[4]") if layout == "DN" else (f"(size_t){op}->stride[3]", "1")
    if layout == "ND":
        return {"p": p, "decls": [], "setup": [], "r": part(row, rstep, "0", f"(size_t){op}->shape[3]"),
                "c": part(col, cstep, "0")}
    if layout == "DN":
        return {"p": p, "decls": [], "setup": [], "r": part(row, rstep, "0"), "c": part(col, cstep, "0")}
    return {"p": p, "decls": [], "setup": [],
            "r": part(row, rstep, "0", str(L.GM_BOX_ROWS), f"(size_t){op}->stride[2]", [L.GM_BOX_ROWS]),
            "c": part(col, cstep, "0", f"(size_t){op}->shape[4]", f"(size_t){op}->stride[1]", [L.gm_c0(eb)])}


def transposed_side(op, p):
    """TTRANS's dst seen from src's indices: element (i, j) at dst's row-major (j, i)."""
    return {"p": p, "decls": [], "setup": [], "r": part("{}", "1", "0"), "c": part(f"{{}} * (size_t){op}->cols", f"(size_t){op}->cols", "0")}


def plus(origin, index):
    return index if origin == "0" else f"{origin} + {index}"


def walk(side, d, index, count):
    """C of one side's walk in direction d ("r": rows, index i, block count h; "c": columns,
    index je, count w): names, the setup (once a call), the start (before the walk), the limit on
    the block's count, the part at the block and the advance past it; and `even`: when blocks of
    BLOCK elements are evenly spaced (after the start: "cond", None for always) and the step from
    one to the next ("step") from the first at "first", or None where they never are (a tensor's
    ND row groups)."""
    x, v = side[d], f"{side['p']}{d}"
    step = "" if x["step"] == "1" else f" * {v}s"
    out = {"names": [f"{v}s"] * (x["step"] != "1") + [f"{v}b"], "setup": [f"{v}s = {x['step']};"] * (x["step"] != "1"),
           "start": [], "limit": [], "advance": []}
    if x["group"] is None:  # linear: the part at the origin, plus the index's steps
        out["start"] = [f"{v}b = {x['fn'].format(x['origin'])};"]
        out["at"] = f"{v}b + {index}{step}"
        out["even"] = {"cond": None, "step": f"{BLOCK}u{step}", "first": f"{v}b"}
        return out
    out["names"] += [f"{v}g", f"{v}p"] + [f"{v}n"] * bool(x["stride"])
    out["setup"] += [f"{v}g = {x['group']};"] + [f"{v}n = {x['stride']};"] * bool(x["stride"])
    pos = "0" if x["origin"] == "0" else f"{x['origin']} % {v}g"
    out["start"] = [f"{v}p = {pos};", f"{v}b = {x['fn'].format('0' if pos == '0' else x['origin'] + ' - ' + v + 'p')};"]
    out["limit"] = [f"if ({count} > {v}g - {v}p) {count} = {v}g - {v}p; /* inside a group */"]
    out["at"] = f"{v}b + {v}p{step}"
    nxt = f"{v}b += {v}n;" if x["stride"] else f"{v}b = {x['fn'].format(plus(x['origin'], index + ' + ' + count))};"
    out["advance"] = [f"{v}p += {count};", f"if ({v}p == {v}g) {{ /* the next group */", f"    {v}p = 0;", f"    {nxt}", "}"]
    # a block a whole group from its start: the next one a group's stride on
    out["even"] = {"cond": f"{v}g == {BLOCK} && {v}p == 0", "step": f"{v}n", "first": f"{v}b"} if x["stride"] else None
    return out


def at(side, name):
    """C of an element's offset in a block: ii rows and jj columns in, by the side's steps."""
    r = "ii" if side["r"]["step"] == "1" else f"ii * {name}rs"
    c = "jj" if side["c"]["step"] == "1" else f"jj * {name}cs"
    return f"{r} + {c}"


def remap(src, dst, helper, fixed=True):
    """The remap context of templates/cpu/remap.j2: both sides' walks, the blocks' most rows H and
    columns W, the bands' block copies (of a fixed size where a box gives one; not fixed: runs and
    run-time loops only) and the names of the block copies (remap_blocks.j2: helper__block, __run)
    and of their step arguments."""
    along = ("j" if src["c"]["step"] == "1" else "i") + ("j" if dst["c"]["step"] == "1" else "i")
    # Rows contiguous on both sides: bands of 16 rows (a box's; taller bands of ND rows read 32
    # bytes a row down the rows, which the prefetchers follow less well), blocks as wide as the
    # groups allow (whole ND rows). Columns contiguous on both sides: the same transposed.
    # Transposing: 16 x 16 blocks.
    H = "rows" if along == "ii" else str(BLOCK)
    W = "cols" if along == "jj" else str(BLOCK)
    sides = [dict(src, name="s"), dict(dst, name="d")]
    rvals = sorted({v for x in sides if x["r"]["group"] for v in x["r"]["vals"]})
    cvals = sorted({v for x in sides if x["c"]["group"] for v in x["c"]["vals"]})

    # The bands: each a condition (on h, the band's rows, and the steps; None: any other band) and
    # the copies its blocks take: the first case whose condition on w holds, else `rest`
    def block(h, w, cond=None, run=False):
        return {"h": h, "w": w, "cond": cond, "run": run}

    def band(cond, cases, rest):
        return {"cond": cond, "cases": cases, "rest": rest, "relu": False}
    if along == "jj":  # rows contiguous on both sides: w fixed at a box's width
        bands = [band(f"h == {BLOCK} && srs == {w} && drs == {w}", [block(BLOCK, w, f"w == {w}", run=True)], block(BLOCK, "w"))
                 for w in cvals]  # boxes alike: each whole box one run
        # the last band of a valid region whose rows are not whole bands: run-time loops (fixed
        # sizes there would double the code for a few rows)
        bands += [band(f"h == {BLOCK}", [block(BLOCK, w, f"w == {w}") for w in cvals]
                       + [block(BLOCK, "w", "srs == w && drs == w", run=True)], block(BLOCK, "w")),
                  band(None, [block("h", "w", "srs == w && drs == w", run=True)], block("h", "w"))]
    elif along == "ii":  # columns contiguous on both sides: h fixed at a box's height
        bands = [band(f"h == {h} && scs == {h} && dcs == {h}", [], block(h, "w", run=True)) for h in rvals]
        bands += [band(f"h == {h}", [block(h, BLOCK, f"w == {BLOCK}")], block(h, "w")) for h in rvals]
        bands.append(band(None, [block("h", "w", "scs == h && dcs == h", run=True)], block("h", "w")))
    else:  # transposing: both counts fixed
        bands = [band(f"h == {h}", [block(h, w, f"w == {w}") for w in cvals or [BLOCK]], block(h, "w")) for h in rvals or [BLOCK]]
        bands.append(band(None, [], block("h", "w")))
    if not fixed:  # a conversion, whose time is its arithmetic's: blocks of fixed sizes would only multiply its code
        run = {"jj": "srs == w && drs == w", "ii": "scs == h && dcs == h"}.get(along)
        bands = [band(None, [block("h", "w", run, run=True)] if run else [], block("h", "w"))]
    rows = [walk(x, "r", "i", "h") for x in sides]
    cols = [walk(x, "c", "je", "w") for x in sides]
    names = [n for w in cols + rows for n in w["names"]]
    step_args = [f"{x['name']}{d}s" for x in sides for d in "rc" if x[d]["step"] != "1"]
    sizes = [(c["h"], c["w"]) for b in bands for c in b["cases"] if not c["run"]]
    # a region of whole BLOCK x BLOCK blocks, evenly spaced both ways on both sides (when the
    # conditions hold), is walked by steps alone (templates/cpu/remap.j2, where the variant's
    # blocks are stepped)
    walks = rows + cols
    blocked = {x[d]["group"] for x in sides for d in "rc" if x[d]["group"] and x[d]["stride"]}
    even = None if any(w["even"] is None for w in walks) else {
        "conds": [w["even"]["cond"] for w in walks if w["even"]["cond"]],
        "rows": [w["even"]["step"] for w in rows], "cols": [w["even"]["step"] for w in cols],
        "first": [f"{r['even']['first']} + {c['even']['first']}" for r, c in zip(rows, cols)],
        # the blocks' step arguments, BLOCK where the conditions make them so (a box's side: Nz's
        # rows step by its width, which its column groups are): constants the compiler folds
        "steps": [f"{BLOCK}u" if x[d]["step"] in blocked else f"{x['name']}{d}s"
                  for x in sides for d in "rc" if x[d]["step"] != "1"]}
    return {"along": along, "H": H, "W": W, "s_at": at(src, "s"), "d_at": at(dst, "d"), "bands": bands, "chunk": CHUNK,
            "chunk_aliased": CHUNK_ALIASED, "fit_bytes": FIT_BYTES, "alias_bytes": ALIAS_BYTES,
            "helper": helper, "step_args": step_args, "sizes": sizes,
            "rows": rows, "cols": cols, "even": even,
            "decls": [line for x in sides for line in x["decls"]] + [f"size_t {', '.join(names)};"],
            "setup": [line for x in sides for line in x["setup"]] + [line for w in cols + rows for line in w["setup"]]}


# An x86 variant's own block routines (templates/cpu/remap_blocks.j2), each None where it has none:
# n x n transposes (from the largest), the partial-corner transpose, row narrowing, line copy; and
# whether the remap places a chunk's whole, evenly spaced blocks by steps (templates/cpu/remap.j2)
SIMD_NONE = {"transpose": None, "part": None, "narrow": None, "line_copy": None, "stepped": False}


def cpu_variants(inst, p, tup, k):
    """The x86 variants' own blocks by vector instructions (pto_<p>_simd.h, the same bits; the
    baseline's portable C is the rest), where the move copies bits: a transposing block of 32-bit
    (16-bit) elements 8 x 8 (16 x 16) at a time by shuffles, and in AVX-512 a box's partial
    corners 16 x 16 by masked loads and stores; AVX-512: a partial box's lines along the copy
    by vector moves (pto_<p>__avx512_copy_row: 64 bytes at a time, the last ones by one
    overlapping or masked move). Rows of f32 narrowed to f16 or bf16 8 (AVX2) or 16 (AVX-512) at
    a time (F16C for f16: a NaN keeps its payload), the last ones by a masked load, where that is
    the whole conversion (k narrow)."""
    r, bits = k["remap"], int(k["ST"][4:-2])
    copies = k["ST"] == k["DT"] and k["cvt"] == "v"

    def specialise(v, kv):
        if not v["x86"]:
            return
        avx512 = v["name"] == "avx512"
        if r["along"] in ("ji", "ij") and copies and bits in (16, 32):
            # whole blocks in 256-bit registers: Zen 4 runs a 512-bit shuffle at half the rate, and
            # 16 x 16 32-bit blocks in zmm registers took 1.5x the time of four 8 x 8 (TTRANS f32
            # 64x32 146 against 105 ns); AVX-512's masks serve the partial corners
            sizes = [(8, f"pto_{p}__avx2_transpose8_32")] if bits == 32 else [(16, f"pto_{p}__avx2_transpose16_16")]
            steps = ("dcs", "srs") if r["along"] == "ji" else ("drs", "scs")  # to[c * ts + r] = from[r * fs + c]
            counts = ("h - ii", "w - jj") if r["along"] == "ji" else ("w - jj", "h - ii")  # from's rows, columns
            # stepped: where a block is one shuffle network (16 x 16 16-bit), a chunk's first blocks,
            # whole and evenly spaced on both sides (all of a whole-box region), are placed by two
            # steps, which leaves the network the registers the array lookups took (TMOV MAT Nz ->
            # RIGHT Zn f16 64x128 344 -> 269 ns); not where a block is several networks (f32's four
            # 8 x 8): the walk's own copy of them cost registers (TTRANS f32 128x256 2,408 -> 2,775)
            kv["simd"] = dict(SIMD_NONE, transpose=sizes, to_step=steps[0], from_step=steps[1],
                              part=f"pto_{p}__avx512_transpose16_{bits}_part" if avx512 else None,
                              part_counts=", ".join(counts), stepped=bits == 16)
        elif r["along"] in ("jj", "ii") and copies and avx512:
            kv["simd"] = dict(SIMD_NONE, line_copy=f"pto_{p}__avx512_copy_row")
        elif r["along"] == "jj" and k.get("narrow") and v["f16c"]:
            kv["simd"] = dict(SIMD_NONE, narrow=f"pto_{p}__{v['name']}_narrow_{k['narrow']}", n=v["lanes"])
    return specialise


def body(inst, p, tup, k):
    """The body a kernel that moves bits (no conversion) shares with the other dtypes of its element
    size and layout pair (bf16, f16, i16 and u16 move alike; render.py gives each kernel a call
    of it): {"name", "params", "args": the kernel's call (after the C lines "first", if any),
    "elements", "ident": for its comments},
    or None (a conversion: its own body)."""
    if k["ST"] != k["DT"] or k["cvt"] != "v":
        return None
    dtypes = {d["name"] for d in inst.model.dtype_list}
    rest = [x for x in tup.kernel[len(f"pto_{p}_{inst.name}_"):].split("_") if x not in dtypes]
    bits = k["ST"][4:-2]
    return {"name": "_".join([f"pto_{p}_{inst.name}_", f"bits{bits}"] + rest), "params": k["params"], "args": k["call_args"],
            "elements": f"bits{bits}", "ident": f"the bits of every {bits}-bit dtype"}
