"""Kind compare_scalar: TCMPS, every element of src compared with the scalar into a u8 bit mask
(docs/contract.md section 2): bit j mod 8 of byte (i, j / 8), least significant first, bits past
the valid columns 0. The comparison is a runtime parameter (pto_cmp), an axis: each mode has its
own kernel. IEEE comparisons: with a NaN only NE holds, -0 == +0. The cpu compares a block of 64
columns into lanes and packs them 8 bytes at once (templates/cpu/masks.j2); A2A3 compares whole
repeats (vcmpvs writes E bits a repeat, no mask) straight into the mask row for the full repeats
and into the scratch for the last partial one, whose bytes the scalar unit copies with the bits
past the valid columns cleared; A5 compares a register (vcmps) into a predicate and stores its bits
(psts), likewise through the scratch for a partial chunk."""
from kinds import same_c
import cexpr
from kinds import _elementwise as EW
from kinds import elementwise_scalar as ES
import lowerbound as LB
import testplan as T

MAIN_OPERAND = "src"
READER = "h_read_compare_scalar"  # tests/harness/kinds/
WRITES = "H_W_ALL"  # every byte of the mask's valid region
MEMCPY_TARGET = {"ratio": 1.5, "shapes": ("64x128", "128x256")}  # one pass over src, an eighth of it written
IN_PLACE_FILL = "H_FILL_RANDOM"
C_OPERATOR = {"eq": "==", "ne": "!=", "lt": "<", "gt": ">", "ge": ">=", "le": "<="}  # IEEE in C for floats
def test_shapes(E, B, cls):
    """The element-wise shapes, and a row of more repeats than one instruction issues (A2A3 compares
    it in runs whose bits must each start block aligned)."""
    return EW.test_shapes(E, B, cls) + [("wide 1x256E", 1, 256 * E, 0)]
extra_fills = EW.extra_fills


def mask_bytes(vc):
    return -(-vc // 8)


def element_ctx(inst, p, tup, prefix, convert_all):
    """The compare in the compute type (f16 and bf16 widen exactly to f32: load, the plain loop's),
    and the kernels' compare keys (keys()): an element and the scalar as they compare (key, KT,
    scalar_key). A NaN scalar takes the key on the other side of the numbers from a NaN element's,
    which no element equals or passes, so every mode is false but ne."""
    dt = tup.dtype_of("src")
    mode = tup.axes["mode"]
    c = dict(cexpr.dtype_c(dt, prefix, False), mode=mode, cmp=C_OPERATOR[mode], **keys(dt, mode, prefix))
    up = mode in ("gt", "ge")
    c["scalar_key"] = (f"{prefix}__isnan_{dt['name']}(scalar_bits) ? {'INT16_MAX' if up else 'INT16_MIN'} : "
                       f"{c['key']}(scalar_bits)" if c["key"] else "scalar_bits")
    return c


def keys(dt, mode, prefix):
    """How the cpu kernels compare dtype dt: f32 and integers as they are (key ""); f16 and bf16 by
    their keys of pto_<p>_simd.h, the signed magnitude in int16 (the order of the values, -0 = +0,
    integer lanes that vectorise), a NaN's key beyond every number on the side where the mode is
    false (above for eq, ne, lt, le: cmpkey; below for gt, ge: cmpkey_min)."""
    if not (dt["class"] == "float" and dt["bits"] < 32):
        return {"key": "", "KT": cexpr.CTYPE[dt["name"]], "key_note": ""}
    key = f"{prefix}__cmpkey{'_min' if mode in ('gt', 'ge') else ''}_{dt['name']}"
    return {"key": key, "KT": "int16_t", "key_note": f"{dt['name']} compares by its key ({key})."}


cpu_variants = same_c  # every ISA variant compiles the same C


# A condition a profile's compare lacks for a dtype (spec/profiles.lua eq_only), as EQ after a
# minimum or maximum with the second operand b, and whether to take the complement:
# min(a, b) == b is a >= b, max(a, b) == b is a <= b.
COMPOSE = {"eq": (None, False), "ne": (None, True), "ge": ("min", False), "lt": ("min", True),
           "le": ("max", False), "gt": ("max", True)}
COMPOSE_REPEATS = 16  # repeats a run of the composed compare takes: its minimum or maximum in the scratch


def compose(inst, p, tup, m, dt, tile):
    """The a2a3 kernel's composition of the mode (templates/a2a3/compare_rows.j2), or None: the
    minimum or maximum first (spec/ops.lua's instruction: with the scalar, or with a tile), its
    results in the scratch after the bits of COMPOSE_REPEATS rows' tails."""
    if p != "a2a3" or dt["name"] not in inst.model.profile(p)["eq_only"] or tup.axes["mode"] == "eq":
        return None
    pre, invert = COMPOSE[tup.axes["mode"]]
    fn = {"min": "minimum", "max": "maximum"}[pre] if pre else ""
    if pre:
        low = next(o for o in inst.model.ops if o["name"] == pre)["lower"][p]
        pre = f"pto_{p}_{low['vector'] if tile else low['scalar']['instr']}_{dt['name']}"
    return {"pre": pre or "", "invert": invert, "chunk": COMPOSE_REPEATS,
            "t_offset": COMPOSE_REPEATS * m["repeat_bytes"] // dt["bytes"] // 8 // 32 * 32 + 32,
            "pre_doc": f"the {fn} of the two" if pre else "",
            "doc": f"{dt['name']} compares EQ only: {tup.axes['mode'].upper()} is " +
                   ("NOT " if invert else "") + (f"({pre}(a, b) == b)" if pre else "EQ")}


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    """The machine's compare of a vector with a scalar, typed, and its condition (EQ where composed)."""
    instr = "vcmpvs" if p == "a2a3" else "vcmps"
    c = compose(inst, p, tup, m, dt, False)
    return {"vcmp": f"pto_{p}_{instr}_{dt['name']}",
            "cond": f"PTO_{p.upper()}_{'EQ' if c else tup.axes['mode'].upper()}", "compose": c,
            "W": 8 * dt["bytes"], "mask_bytes_per_chunk": m["repeat_bytes"] // dt["bytes"] // 8,
            # a scalar-unit load's bits as an element (the scalar unit compares a partial chunk)
            "from_bits": f"pto_{p}__float" if dt["name"] == "f32" else f"({cexpr.CTYPE[dt['name']]})"}


def plain_ctx(inst, p, tup):
    return {}


def notes(inst):
    return ["The mask: bit j mod 8 of byte (i, j / 8) is element (i, j), least significant bit first; its valid "
            "region is rows x ceil(cols / 8) bytes, and the bits past cols in a row's last byte are written 0. "
            "IEEE comparisons: with a NaN operand every mode is false but NE; -0 equals +0."]


def reference(inst):
    """The math's comparison on the reference, the mode as a third value (the reader passes it)."""
    return {"reduce": None, "ref_math": "ref_compare(dt, v_src, v_scalar, (int)v_mode)", "ref_forms": {},
            "math_operands": ["src", "scalar", "mode"]}


more_cases = ES.more_cases  # every scalar class against every src class, the scalar unaligned too


def test_operands(plan, tup, vr, vc, extra, variant, src="src"):
    """src vr x vc with padding, the mask rows of ceil(vc / 8) bytes (a block or two of storage
    more), the scalar (where the kind has one: TCMP's other source is a tile)."""
    B = plan.E_B(tup.dtype_of(src))[1]
    mb = mask_bytes(vc)
    ops = {src: T.tile(plan.dindex[tup.dtype_of(src)["name"]], vr + variant % 2, T.roundup(vc, B) + extra, vr, vc),
           "dst": T.tile(plan.dindex["u8"], vr + (variant + 1) % 2, T.roundup(mb, 32) + (32 if variant % 3 == 1 else 0),
                         vr, mb)}
    if "scalar" in tup.entry["operands"]:
        ops["scalar"] = {"present": 1, "scalar": True, "offset": 0}
    return ops


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: a compare repeat per E columns of each row (the bits of a repeat go to one place).
    A5: per chunk of E columns of each row a load, a compare and a store of the bits."""
    if p == "a2a3":
        return LB.a2a3(m, [vr * LB.ceil(vc, E)])
    return LB.a5(3 * vr * LB.ceil(vc, E))

