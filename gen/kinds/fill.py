"""Kind fill: dst[i,j] = scalar over dst's valid region, an ND or a DN tile (TEXPANDS). The
kernels write the scalar's bits: no element operation, no conversion. A DN tile is walked as
the ND tile of its storage (rows and columns swapped), so one kernel serves both layouts."""
import cexpr
import lowerbound as LB
import testplan as T

MAIN_OPERAND = "dst"
READER = "h_read_fill"  # tests/harness/kinds/
IN_PLACE_FILL = "H_FILL_RANDOM"  # no source: no in-place case


def element_ctx(inst, p, tup, prefix, convert_all):
    """U: the unsigned integer of the element's width, which carries the scalar's bits."""
    dt = tup.dtype_of("dst")
    return {"U": f"uint{dt['bits']}_t", "bits": dt["bits"], "T": cexpr.CTYPE[dt["name"]], "ignored": []}


def cpu_variants(inst, p, tup, k):
    """The variants differ only in their target: wider stores."""
    return lambda v, kv: None


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def plain_ctx(inst, p, tup):
    return {}


def notes(inst):
    return ["A DN dst is filled column by column: the same valid region, stored transposed."]


def reference(inst):
    return {"reduce": None, "ref_math": cexpr.reference_math(inst.math()), "ref_forms": {}}


def test_shapes(E, B, cls):
    return T.grid_shapes(E, B, cls)


def extra_fills(label):
    return []


def more_cases(plan, tup, shapes, B):
    """The scalar at an odd address: it is any element in memory, with no alignment."""
    ops = plan.operands(tup, 3, 2 * B + 1, B, 1)
    c = plan.case(tup, "unaligned scalar", ops, 3000, "H_FILL_CLASSES")
    if c:
        c["ops"]["scalar"]["offset"] += 1
    return [c]


def test_operands(plan, tup, vr, vc, extra, variant):
    """dst with padding on either side of its valid region. A DN dst is the transposed shape:
    vr lines of vc contiguous elements either way, so the shapes test the same runs."""
    dt = tup.dtype_of("dst")
    B = plan.E_B(dt)[1]
    di = plan.dindex[dt["name"]]
    if tup.layouts["dst"] == "DN":
        dst = T.tile(di, T.roundup(vc, B) + extra, vr + variant % 2, vc, vr, layout="DN")
    else:
        dst = T.tile(di, vr + variant % 2, T.roundup(vc, B) + extra, vr, vc)
    return {"dst": dst, "scalar": {"present": 1, "scalar": True, "offset": 0}}


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: a vector_dup repeat per E elements; A5: the broadcast, then a store per register
    (a DN dst is test_operands' transposed shape: vr lines of vc elements either way)."""
    if p == "a2a3":
        return LB.a2a3(m, [LB.ceil(vr * vc, E)])
    return LB.a5(1 + LB.runs(vr, vc, storage_cols, E))
