"""Kind select: TSEL, dst[i,j] = bit (i, j) of the u8 bit mask ? src0[i,j] : src1[i,j] (the mask of
compare and compare_scalar; bits past the valid columns never read). The cpu unpacks 8 mask bytes
into a block of 64 lanes and selects over the block (templates/cpu/masks.j2); A5 loads a chunk's
bits into a predicate (plds) and selects between the two sources' registers (vsel). tmp is
upstream's operand (A2A3 writes an address there); it is never read."""
from kinds import same_c
from kinds import _elementwise as EW
from kinds import _tiles as TT
from kinds import select_scalar as SS
import lowerbound as LB

MAIN_OPERAND = "dst"
READER = "h_read_select"  # tests/harness/kinds/
MEMCPY_TARGET = {"ratio": 2.0, "shapes": ("64x128", "128x256")}  # the bit unpacking vectorised
IN_PLACE_FILL = "H_FILL_RANDOM"
def test_shapes(E, B, cls):
    return TT.halved(EW.test_shapes(E, B, cls))
extra_fills = EW.extra_fills
more_cases = TT.more_cases
cpu_variants = same_c  # every ISA variant compiles the same C
element_ctx = SS.element_ctx  # the stored bits move as they are
npu_ctx = SS.npu_ctx


def plain_ctx(inst, p, tup):
    return {}


def notes(inst):
    return [SS.mask_note("src0", "src1")]


def reference(inst):
    """The bit (the reader extracts it) and the two elements."""
    return {"reduce": None, "ref_math": "v_mask ? v_src0 : v_src1", "ref_forms": {}, "bare_math": True}


def test_operands(plan, tup, vr, vc, extra, variant):
    """dst and the sources as the tile-tile kinds', the mask rows of ceil(vc / 8) bytes."""
    ops = TT.test_operands(plan, tup, vr, vc, extra, variant)
    ops["mask"] = SS.mask_tile(plan, vr, vc, variant)
    return ops


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: a select repeat per E columns of each row (a row's bits start a selection) and its
    address for CMPMASK (written, then loaded). A5: per chunk of E columns of each row a load of each source and of the
    bits, the select and the store."""
    if p == "a2a3":  # the address: vector_dup into a block, set_cmpmask
        return LB.a2a3(m, [vr * LB.ceil(vc, E), 2 * vr])
    return LB.a5(5 * vr * LB.ceil(vc, E))
