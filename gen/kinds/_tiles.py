"""Shared by the elementwise tile-tile kinds (elementwise_unary, elementwise_binary,
elementwise_binary_tmp, elementwise_ternary): dst and every source tile share one valid region
(the iteration domain), each with its own row stride; dst may be the very same tile as any
source. The cpu walks the tiles row by row (one run when all their rows are back to back); the
NPU kernels run the math's program (gen/lower.py): a2a3 instruction by instruction over the
tiling plan, a temporary in the reserved scratch where dst may still be a source (band by band);
A5 in registers. Math only the scalar unit computes (spec/ops.lua scalar_unit) runs there
element by element. tmp, where the entry has one, is upstream's operand and never read."""
from kinds._elementwise import (MAIN_OPERAND, IN_PLACE_FILL, cpu_variants, plain_ctx,  # noqa: F401
                                notes, reference, test_shapes, extra_fills)
from kinds import _elementwise as EW
from kinds import _rows as R
import lowerbound as LB
import testplan as T

READER = "h_read_elementwise"  # tests/harness/kinds/
MEMCPY_TARGET = {"ratio": 1.3, "shapes": ("128x256",)}  # ninja bench: f32 at 128x256 within 1.3x memcpy of its stream
BANDS = True  # the a2a3 kernel cuts the region into bands when a temporary lives in the scratch


def halved(shapes):
    """Shapes with the tallest halved (2048 rows to 1024): four tiles of 2048 rows of f16 blocks
    exceed A2A3's UB."""
    return [(label.replace("2048", "1024"), min(vr, 1024), vc, extra) for label, vr, vc, extra in shapes]


def sources(inst, tup):
    """The input tiles, in the entry's order."""
    ops = inst.kind["operands"]
    return [o for o in tup.entry["operands"] if ops[o]["tile"] and ops[o]["io"] == "in"]


def source_ctx(inst, tup):
    """Each source with the kernels' pointer variable to its data (in0, in1, ...)."""
    return [{"name": o, "ptr": f"in{i}"} for i, o in enumerate(sources(inst, tup))]


def element_ctx(inst, p, tup, prefix, convert_all):
    k = EW.element_ctx(inst, p, tup, prefix, convert_all)
    k["sources"] = source_ctx(inst, tup)
    k["full"] = [(s["name"], s["ptr"] + "row") for s in k["sources"]]  # the element loop's row pointers
    return k


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {"sources": source_ctx(inst, tup)}


def walks(inst, p, tup, m, dt):
    """a2a3: pointers into the current band; A5: the registers of a chunk (the result in y)."""
    at = lambda t: f" + (size_t)band.row * {t}->cols + band.col"
    w = {"dst": {"ptr": "d" + at("dst"), "reg": "y"}}
    for s, i in zip(source_ctx(inst, tup), range(len(sources(inst, tup)))):
        w[s["name"]] = {"ptr": s["ptr"] + at(s["name"]), "stride": f"{s['name']}->cols", "along": 1, "reg": f"x{i}"}
    return w


def test_operands(plan, tup, vr, vc, extra, variant):
    """dst and the first source as the element-wise kinds' (varied storage), each further source
    with a storage of its own (other rows and row strides); tmp, where the entry has one, absent
    or nonsense (it is never read)."""
    srcs = sources(plan.inst, tup)
    ops = EW.dst_and_full(plan, tup, vr, vc, extra, variant, srcs[0])
    B = plan.E_B(tup.dtype_of("dst"))[1]
    for n, o in enumerate(srcs[1:], 1):
        ops[o] = T.tile(plan.dindex[tup.dtype_of(o)["name"]], vr + (variant + n) % 3 if variant else vr,
                        T.roundup(vc, B) + (n * B if variant % 2 else 0), vr, vc)  # variant 0: the smallest
    if "tmp" in tup.entry["operands"]:
        R.add_tmp(plan, tup, ops, vr, variant)
    return ops


def more_cases(plan, tup, shapes, B):
    """Two or more sources: the value classes of each source crossed with every class of the
    first, one case per distance between their class lists (the seed)."""
    if len(sources(plan.inst, tup)) < 2:
        return []
    return [plan.case(tup, "classes crossed", plan.operands(tup, 2, T.N_CLASSES_MAX, 0, 0), s, "H_FILL_CLASSES")
            for s in range(1, T.N_CLASSES_MAX)]


def lower_bound(m, p, tup, vr, vc, storage_cols, E, ops=1):
    """A2A3: a lane of a repeat of each instruction per element. A5: per register, a load of each
    source, the instructions and a store."""
    if p == "a2a3":
        return EW.a2a3_bound(m, vr, vc, E, ops=ops, storage_cols=storage_cols)
    return LB.a5((len(sources_of(tup)) + 1 + ops) * LB.runs(vr, vc, storage_cols, E))


def sources_of(tup):
    return sources(tup.inst, tup)
