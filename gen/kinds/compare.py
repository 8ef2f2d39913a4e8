"""Kind compare: TCMP, every element of src0 compared with the same element of src1 into the u8 bit
mask of compare_scalar (docs/contract.md section 2): bit j mod 8 of byte (i, j / 8), least
significant first, bits past the valid columns 0. The comparison is a runtime parameter (pto_cmp),
an axis: each mode has its own kernel. IEEE comparisons: with a NaN only NE holds, -0 == +0. The
cpu compares a block of 64 columns into lanes and packs them 8 bytes at once
(templates/cpu/masks.j2); A5 compares a register of each source (vcmp) into a predicate and stores
its bits (psts), a partial last chunk through the scalar unit, as compare_scalar's."""
from kinds import same_c
import cexpr
from kinds import _tiles as TT
from kinds import compare_scalar as CS
import lowerbound as LB
import testplan as T

MAIN_OPERAND = "src0"
READER = "h_read_compare"  # tests/harness/kinds/
WRITES = CS.WRITES
MEMCPY_TARGET = {"ratio": 2.0, "shapes": ("64x128", "128x256")}  # the bit packing vectorised
IN_PLACE_FILL = CS.IN_PLACE_FILL
def test_shapes(E, B, cls):
    return TT.halved(CS.test_shapes(E, B, cls))
extra_fills = CS.extra_fills
cpu_variants = same_c  # every ISA variant compiles the same C
notes = CS.notes
more_cases = TT.more_cases  # src1's classes crossed with src0's


def element_ctx(inst, p, tup, prefix, convert_all):
    """The compare in the compute type (f16 and bf16 widen exactly to f32: load, the plain loop's),
    and the cpu kernels' lane, a C format of the two elements a and b: f32 and integers compare as they
    are; f16 and bf16 by compare_scalar's keys, which give two NaNs the same key, so with a NaN
    either side every mode is false but ne (ordered, unordered)."""
    dt = tup.dtype_of("src0")
    mode = tup.axes["mode"]
    c = dict(cexpr.dtype_c(dt, prefix, False), mode=mode, cmp=CS.C_OPERATOR[mode], **CS.keys(dt, mode, prefix))
    if not c["key"]:
        c["lane"] = f"%(a)s {c['cmp']} %(b)s"
    else:
        either = f"{prefix}__{'unordered' if mode == 'ne' else 'ordered'}_{dt['name']}(%(a)s, %(b)s)"
        keyed = f"({c['key']}(%(a)s) {c['cmp']} {c['key']}(%(b)s))"
        c["lane"] = f"{either} {'|' if mode == 'ne' else '&'} {keyed}"
    return c


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    """The machine's compare of two vectors, typed, and its condition."""
    k = CS.npu_ctx(inst, p, tup, m, names, scalar_vars, dt)
    k["vcmp"] = f"pto_{p}_{'vcmpv' if p == 'a2a3' else 'vcmp'}_{dt['name']}"
    k["compose"] = CS.compose(inst, p, tup, m, dt, True)
    return k


def plain_ctx(inst, p, tup):
    return {}


def reference(inst):
    """The math's comparison on the reference, the mode as a third value (the reader passes it)."""
    return {"reduce": None, "ref_math": "ref_compare(dt, v_src0, v_src1, (int)v_mode)", "ref_forms": {},
            "math_operands": ["src0", "src1", "mode"]}


def test_operands(plan, tup, vr, vc, extra, variant):
    """src0 vr x vc with padding, src1 with storage of its own, the mask rows of ceil(vc / 8) bytes."""
    ops = CS.test_operands(plan, tup, vr, vc, extra, variant, src="src0")
    B = plan.E_B(tup.dtype_of("src1"))[1]
    ops["src1"] = T.tile(plan.dindex[tup.dtype_of("src1")["name"]], vr + (variant + 1) % 3 if variant else vr,
                         T.roundup(vc, B) + (B if variant % 2 else 0), vr, vc)  # variant 0: the smallest
    return ops


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """compare_scalar's, and A5 loads src1 too."""
    if p == "a2a3":
        return CS.lower_bound(m, p, tup, vr, vc, storage_cols, E)
    return LB.a5(4 * vr * LB.ceil(vc, E))
