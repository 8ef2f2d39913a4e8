"""Shared by the global-memory kinds (gm_load: TLOAD, gm_store: TSTORE; docs/memory.md): a tile's
valid region to or from a global tensor (pto_gm), element (i, j) to element (i, j), through the
tile's layout map and the tensor's (gen/layouts.py, pto/pto_layout.h). The kernels copy bits: one
kernel per element width and layout pair; an ACC f32 source converts to an f16/bf16 tensor (round
to nearest even, overflow to +-inf) after relu when asked.

The cpu kernels (templates/cpu/gm.j2) are the movement kinds' remap (gen/kinds/_remap.py): both
maps once per block, blocks copied row by row (ND, NZ and the tiles' Nz, Zz, ND), column by column
(DN and Zn, DN) or transposed, runs where both sides are contiguous (rows back to back, boxes
alike). The NPU profiles do not offer the kinds yet (no DMA in the machine models).

Test plan: few shapes, each with a strided tensor (padding between rows, boxes or columns that must
stay untouched) and a tile with padding; one ND shape has four dims of rows. A GM NZ tensor is whole
boxes, so its shapes round up to 16 x c0."""
from kinds import _remap as R
from kinds._matmul import npu_ctx  # noqa: F401 (like the matrix unit: no NPU kernel)
from kinds._movement import MEMCPY_TARGET, below0, located_tile, narrow, relu_bits  # noqa: F401
import layouts as L
import testplan as T

READER = "h_read_gm"        # tests/harness/kinds/gm.c
IN_PLACE_FILL = "H_FILL_RANDOM"
FUZZ = False                # the fuzzer's descriptors are tiles (tests/fuzz/fuzz.c)
UINT = {1: "uint8_t", 2: "uint16_t", 4: "uint32_t"}
ND4 = 1000                  # test_shapes' extra: + ND4 gives an ND tensor of four row dims


def element_ctx(inst, p, tup, prefix, convert_all):
    """The tensor's and the tile's types (GT, TT; a load's source ST is the tensor, a store's the
    tile), the conversion of the source's bits v (relu first where the tuple asks) and the remap
    (gen/kinds/_remap.py) between the tensor g and the tile t."""
    gm, tile = gm_operand(tup), tile_operand(tup)
    g, t = tup.dtype_of(gm), tup.dtype_of(tile)
    x = relu_bits(t, "v") if tup.axes.get("relu") == "normal" else "v"  # the tile element's bits, after relu when asked
    sides = {gm: R.gm_side("g", gm[0], tup.layouts[gm], g["bytes"]),
             tile: R.tile_side("t", tile[0], tup.layouts[tile], t["bytes"], ("0", "0"))}
    load = gm == "src"
    return {"GT": UINT[g["bytes"]], "TT": UINT[t["bytes"]], "gm": gm, "tile": tile, "load": load,
            "ST": UINT[(g if load else t)["bytes"]], "DT": UINT[(t if load else g)["bytes"]],
            "cvt": x if g["name"] == t["name"] else narrow(prefix, g["name"], x),
            "narrow": g["name"] if g["name"] != t["name"] and x == "v" else None,
            "remap": R.remap(sides["src"], sides["dst"], tup.kernel, fixed=g["name"] == t["name"] and x == "v"), "ident": tup.ident()}


def plain_ctx(inst, p, tup):
    """The plain loop's value of the tile's element bits x: relu by value (as a straightforward
    implementation compares), then the conversion (bench/harness/plain.h)."""
    t, g = tup.dtype_of(tile_operand(tup)), tup.dtype_of(gm_operand(tup))
    x = f"({below0(t, 'x')} ? 0u : x)" if tup.axes.get("relu") == "normal" else "x"
    return {"plain_value": x if g["name"] == t["name"] else narrow("plain", g["name"], x)}


def sized(tup):
    """The operands this tuple matches by element size rather than dtype: the tensor, where the
    tuple copies bits (not out of ACC, whose tuples convert); upstream takes any tensor dtype of the
    tile's size there (model.verify, the verifier's tuple table: sized)."""
    return {gm_operand(tup)} if tup.axes.get("loc") != "acc" else set()


def gm_operand(tup):
    return next(o for o in tup.entry["operands"] if tup.inst.kind["operands"][o].get("gm"))


def tile_operand(tup):
    return next(o for o in tup.entry["operands"] if tup.inst.kind["operands"][o]["tile"])


cpu_variants = R.cpu_variants  # the x86 variants' vector blocks: transposes, F16C narrowing
body = R.body  # a copy's body, shared by the dtypes of its element size


def reference(inst):
    """The element's bits: the reader (tests/harness/kinds/gm.c) converts an ACC f32 itself."""
    return {"reduce": None, "ref_math": "((void)dt, v_src)", "ref_forms": {}, "math_operands": ["src"]}


SHAPES = [("1x1", 1, 1, 1), ("valid<E", 3, None, 0), ("valid<tile", 13, None, 2),
          ("4-D rows", 12, None, 1 + ND4), ("upstream 32x16", 32, 16, 0), ("upstream 64x32", 64, 32, 0)]


def test_shapes(E, B, cls):
    """(label, valid rows, valid cols, extra): extra is the padding, in 32-byte blocks, of the
    tensor's rows (columns, boxes) and the tile's, + ND4 for four dims of rows."""
    out = [(label, vr, vc if vc else (E - 1 if label == "valid<E" else 3 * B - 1), extra) for label, vr, vc, extra in SHAPES]
    return out + [("classes", cls, cls + 1, 1)]


def extra_fills(label):
    return []


def more_cases(plan, tup, shapes, B):
    """The tensor as each other dtype of its size (where the tuple matches by size): the same bits."""
    gm = gm_operand(tup)
    if gm not in sized(tup):
        return []
    dt = tup.dtype_of(gm)
    out = []
    for n, other in enumerate(d for d in plan.model.dtype_list
                              if d["bytes"] == dt["bytes"] and d["name"] != dt["name"] and not d["conversion_only"]):
        ops = plan.operands(tup, 5, 2 * B + 1, 1, n)
        ops[gm]["dtype"] = plan.dindex[other["name"]]
        out.append(plan.case(tup, f"tensor as {other['name']}", ops, 3000 + n, "H_FILL_RANDOM"))
    return out


def gm_desc(plan, tup, op, vr, vc, pad, nd4):
    """The tensor of a vr x vc region in its tuple's layout, each row (DN: column, NZ: box) `pad`
    32-byte blocks apart from the next beyond what it needs; nd4: ND rows in four dims."""
    dt = tup.dtype_of(op)
    B = plan.E_B(dt)[1]
    lay = L.GM_LAYOUTS.index(tup.layouts[op])
    c0 = L.gm_c0(dt["bytes"])
    if tup.layouts[op] == "ND":
        s4 = vc
        rs = T.roundup(vc, B) + pad * B
        if nd4 and vr % 12 == 0:  # [2, 2, vr / 12, 3, cols], each outer dim one more row of padding apart
            shape = [2, 2, vr // 12, 3, s4]
            s3 = rs
            s2 = 3 * s3 + pad * B
            s1 = shape[2] * s2 + B
            s0 = 2 * s1 + B
            stride = [s0, s1, s2, s3, 1]
        else:
            shape = [1, 1, 1, vr, s4]
            stride = [vr * rs, vr * rs, vr * rs, rs, 1]
    elif tup.layouts[op] == "DN":
        cs = T.roundup(vr, B) + pad * B
        shape = [1, 1, 1, vr, vc]
        stride = [vc * cs, vc * cs, vc * cs, 1, cs]
    else:
        s2 = 16 * c0 + pad * c0
        s1 = (vr // 16) * s2 + pad * c0
        shape = [1, vc // c0, vr // 16, 16, c0]
        stride = [shape[1] * s1, s1, s2, c0, 1]
    span = L.gm_span(shape, stride)
    return {"present": 1, "null_data": 0, "dtype": plan.dindex[dt["name"]], "loc": 0, "blayout": 0, "slayout": 0,
            "rows": 1, "cols": span, "valid_rows": 0, "valid_cols": 0, "offset": 0, "gm": True,
            "layout": lay, "shape": shape, "stride": stride}


def test_operands(plan, tup, vr, vc, extra, variant):
    """The tile (its tuple's location and layout) and the tensor of its valid region vr x vc; an
    NZ tensor's region is whole boxes (vr, vc rounded up)."""
    gm, tile = gm_operand(tup), tile_operand(tup)
    nd4, pad = divmod(extra, ND4)
    if tup.layouts[gm] == "NZ":
        c0 = L.gm_c0(tup.dtype_of(gm)["bytes"])
        vr, vc = T.roundup(vr, 16), T.roundup(vc, c0)
    loc = L.LOCS.index(next(ax["map"][tup.axes[ax["name"]]] for ax in tup.inst.kind["axes"] if ax["derive"] == "loc"))
    return {tile: located_tile(plan, tup.dtype_of(tile), tup.layouts[tile], loc, vr, vc, pad, variant % 2),
            gm: gm_desc(plan, tup, gm, vr, vc, pad, nd4)}


# ninja bench's transfers (gen/benchplan.py bench_cases): (tile location, tensor layout, tile layout,
# tile dtype, tensor dtype), those of upstream's programs that the kind has (relu NONE)
BENCH_MOVES = [("VEC", "ND", "ND", "f32", "f32"), ("VEC", "ND", "ND", "f16", "f16"),  # attention: GM ND <-> VEC
               ("MAT", "ND", "Nz", "f32", "f32"), ("MAT", "ND", "Nz", "f16", "f16"),  # gemm: a, b into L1 boxes
               ("MAT", "DN", "Zn", "f16", "f16"),                                    # gemm: b from a DN tensor
               ("MAT", "NZ", "Nz", "f16", "f16"),                                    # gemm: a tensor stored in boxes
               ("ACC", "ND", "Nz", "f32", "f32"), ("ACC", "ND", "Nz", "f32", "f16"),  # gemm: c out of L0C
               ("ACC", "NZ", "Nz", "f32", "f32")]


def bench_tensor(plan, tup, op, rows, cols, vr, vc):
    """The tensor of a vr x vc region of a rows x cols matrix in the tuple's layout (ND rows, DN
    columns, NZ boxes of the whole matrix apart), or None where an NZ region is not whole boxes."""
    dt = tup.dtype_of(op)
    lay, c0 = tup.layouts[op], L.gm_c0(dt["bytes"])
    whole = rows * cols
    if lay == "ND":
        shape, stride = [1, 1, 1, vr, vc], [whole, whole, whole, cols, 1]
    elif lay == "DN":
        shape, stride = [1, 1, 1, vr, vc], [whole, whole, whole, 1, rows]
    elif vr % L.GM_BOX_ROWS or vc % c0:
        return None
    else:
        shape, stride = [1, vc // c0, vr // L.GM_BOX_ROWS, L.GM_BOX_ROWS, c0], [whole, rows * c0, L.GM_BOX_ROWS * c0, c0, 1]
    return {"present": 1, "null_data": 0, "dtype": plan.dindex[dt["name"]], "loc": 0, "blayout": 0, "slayout": 0,
            "rows": 1, "cols": L.gm_span(shape, stride), "valid_rows": 0, "valid_cols": 0, "offset": 0, "gm": True,
            "layout": L.GM_LAYOUTS.index(lay), "shape": shape, "stride": stride}


def bench_cases(plan):
    """ninja bench: the tile the benchmark's, in its location; the tensor its valid region out of
    a matrix of the tile's storage shape."""
    def make(t, loc):
        gm, tile = gm_operand(t), tile_operand(t)

        def ops(rows, cols, vr, vc):
            g = bench_tensor(plan, t, gm, rows, cols, vr, vc)
            if g is None:
                return None
            d = T.tile(plan.dindex[t.dtype_of(tile)["name"]], rows, cols, vr, vc, layout=t.layouts[tile])
            d["loc"] = L.LOCS.index(loc)
            return {tile: d, gm: g}
        return ops
    out = []
    for loc, glay, tlay, tdt, gdt in BENCH_MOVES:
        for t in plan.inst.tuples.get(plan.p, []):
            gm, tile = gm_operand(t), tile_operand(t)
            if ((t.axes["loc"], t.layouts[gm], t.layouts[tile], t.dtype_of(tile)["name"], t.dtype_of(gm)["name"])
                    == (loc.lower(), glay, tlay, tdt, gdt) and t.axes.get("relu", "none") == "none"):
                label = f"GM {glay}->{loc} {tlay}" if gm == "src" else f"{loc} {tlay}->GM {glay}"
                out.append((t, label + (f" to {gdt}" if gdt != tdt else ""), make(t, loc)))
                break
    return out


def notes(inst):
    return ["A global tensor (pto_gm) is a matrix: ND dims 0-3 are its rows (dim 3 the fastest) and dim 4 its "
            "columns; DN 1 x 1 x 1 x R x C, column-major; NZ [1, C / c0, R / 16, 16, c0] (c0 = 32 / sizeof T), "
            "whole boxes. Its matrix is the tile's valid region (else PTO_ERR_VALID); strides are in elements, "
            "the innermost dim contiguous, rows (DN columns, NZ boxes) 32-byte multiples apart; a written "
            "tensor's elements do not overlap (PTO_ERR_SHAPE). No other byte of either is written."]


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    return {"metric": "scalar", "value": vr * vc, "instructions": 0}
