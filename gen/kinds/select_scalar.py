"""Kind select_scalar: TSELS, dst[i,j] = bit (i, j) of a u8 bit mask ? src[i,j] : the scalar
(docs/contract.md section 2; the mask as compare_scalar writes it, bits past the valid columns
never read). The cpu unpacks 8 mask bytes into a block of 64 lanes and selects over the block
(templates/cpu/masks.j2); A2A3 puts the scalar in CMPMASK (the scalar unit writes it into tmp's
first block, set_cmpmask loads it) and selects a row at a time with vsel in tensor-scalar mode, the
row's mask bits its selection; A5 broadcasts the scalar into a register (vbr), loads a chunk's bits
into a predicate (plds) and selects (vsel)."""
from kinds import same_c
import cexpr
from kinds import _elementwise as EW
from kinds import _rows as R
import lowerbound as LB
import testplan as T

MAIN_OPERAND = "dst"
READER = "h_read_select_scalar"  # tests/harness/kinds/
MEMCPY_TARGET = EW.MEMCPY_TARGET
IN_PLACE_FILL = "H_FILL_RANDOM"
test_shapes = EW.test_shapes
extra_fills = EW.extra_fills
more_cases = EW.more_cases


def element_ctx(inst, p, tup, prefix, convert_all):
    """The stored bits move as they are: no conversion."""
    return cexpr.dtype_c(tup.dtype_of("dst"), prefix, True)


cpu_variants = same_c  # every ISA variant compiles the same C


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {"W": 8 * dt["bytes"], "mask_bytes_per_chunk": m["repeat_bytes"] // dt["bytes"] // 8}


def plain_ctx(inst, p, tup):
    return {}


def mask_note(chosen, other):
    """The docs' note on the mask: a set bit takes `chosen`, a clear one `other`."""
    return ("The mask: bit j mod 8 of byte (i, j / 8) selects element (i, j), least significant bit first; a "
            f"set bit takes {chosen}, a clear one {other}. Its valid region is rows x ceil(cols / 8) bytes; the bits "
            "past cols in a row's last byte are not read.")


def notes(inst):
    return [mask_note("src", "the scalar")]


def mask_tile(plan, vr, vc, variant):
    """The mask operand of a test: vr rows of ceil(vc / 8) bytes, row strides varied by variant."""
    mb = -(-vc // 8)
    return T.tile(plan.dindex["u8"], vr + variant % 2, T.roundup(mb, 32) + (32 if variant % 3 == 2 else 0), vr, mb)


def reference(inst):
    """The bit (the reader extracts it), src's element and the scalar."""
    return {"reduce": None, "ref_math": "v_mask ? v_src : v_scalar", "ref_forms": {}, "bare_math": True}


def test_operands(plan, tup, vr, vc, extra, variant):
    """dst and src as the element-wise kinds', the mask rows of ceil(vc / 8) bytes, tmp as the
    profile uses it (A2A3: one block), the scalar."""
    ops = EW.dst_and_full(plan, tup, vr, vc, extra, variant, "src")
    ops["mask"] = mask_tile(plan, vr, vc, variant)
    ops["scalar"] = {"present": 1, "scalar": True, "offset": 0}
    return R.add_tmp(plan, tup, ops, vr, variant)


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: a select repeat per E columns of each row (a row's bits start a selection), the scalar's
    set_cmpmask. A5: per chunk of E columns of each row a load of src and of the bits, the select and the
    store, and the scalar's broadcast."""
    if p == "a2a3":
        return LB.a2a3(m, [vr * LB.ceil(vc, E), 1])
    return LB.a5(4 * vr * LB.ceil(vc, E) + 1)
