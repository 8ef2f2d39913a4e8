"""Shared by the element-wise kinds (elementwise_scalar and the expand kinds): one output
element per dst element, computed by the spec's math in dst's dtype."""
import cexpr
import cpuisa
import lowerbound as LB
import testplan as T

MAIN_OPERAND = "dst"
IN_PLACE_FILL = "H_FILL_RANDOM"
# ninja bench's target: f32 kernels at these shapes within this many times a memcpy of the stream
MEMCPY_TARGET = {"ratio": 1.5, "shapes": ("64x128", "128x256")}


def element_ctx(inst, p, tup, prefix, convert_all):
    """Types and math of dst's dtype; convert_all: f16/bf16 go through f32 even where the math
    is exact on the stored bits."""
    dt = tup.dtype_of("dst")
    math = inst.math(tup.entry["form"])
    bits = not convert_all and cexpr.on_stored_bits(math, dt, inst.model.ops)
    k = dict(cexpr.dtype_c(dt, prefix, bits))
    k["math"] = cexpr.kernel_math(math, dt, prefix, bits, cexpr.format_names(inst.model.ops, dt, prefix))
    # a float kernel's math with a slow path (exp, fmod, rem): first its vectorising form, PTO__REDO (k.redo tells)
    # where the slow one must redo it
    k["fast_math"] = (cexpr.kernel_math(math, dt, prefix, bits, cexpr.format_names(inst.model.ops, dt, prefix, fast=True))
                      if not convert_all and dt["class"] == "float" and cexpr.has_fast(math, inst.model.ops) else "")
    k["redo"] = f"{prefix}__redo"
    k["vector_block"] = None  # an x86 variant's block routine (cpu_variants)
    # scratch operands the element-wise kernels never need (a kind may pass one for other profiles')
    k["ignored"] = [o for o in tup.entry["operands"] if inst.kind["operands"][o]["io"] == "tmp"]
    return k


def cpu_variants(inst, p, tup, k):
    """The x86 variants' element math and, for f16/bf16 arithmetic (a load that converts),
    whole-vector conversions (f16's by F16C)."""
    dt = tup.dtype_of("dst")
    math = inst.math(tup.entry["form"])
    bits = cexpr.on_stored_bits(math, dt, inst.model.ops)
    x86 = cexpr.format_names(inst.model.ops, dt, f"pto_{p}", cpuisa.x86_ops(p))
    x86_fast = cexpr.format_names(inst.model.ops, dt, f"pto_{p}", cpuisa.x86_ops(p), fast=True)
    math_x86 = cexpr.kernel_math(math, dt, f"pto_{p}", bits, x86)

    def specialise(v, kv):
        if not v["x86"]:
            return
        kv["math"] = math_x86
        if k["fast_math"]:
            kv["fast_math"] = cexpr.kernel_math(math, dt, f"pto_{p}", bits, x86_fast)
        if k["load"] and (dt["name"] != "f16" or v["f16c"]):
            conv = f"pto_{p}__{v['name']}_%s_{dt['name']}"
            kv.update(wide=v["lanes"], widen_block=conv % "widen", narrow_block=conv % "narrow",
                      widen_part=conv % "widen" + "_part", narrow_part=conv % "narrow" + "_part")
            if not bits:  # intermediate results rounded a block at a time
                kv["stages"], kv["math"] = cexpr.staged_math(math, dt, f"pto_{p}", x86)
                kv["requant_block"] = conv % "requant"
                # the slow path's redo reads the last stage's inputs: only a slow operation at the root
                root_slow = k["fast_math"] and not any(cexpr.has_fast(a, inst.model.ops) for a in math["args"])
                kv["fast_math"] = cexpr.staged_math(math, dt, f"pto_{p}", x86_fast)[1] if root_slow else ""
        if k["load"] and dt["name"] == "f16":
            kv.update(load=f"pto_{p}__{v['name']}_f16_to_f32", store=f"pto_{p}__{v['name']}_f32_to_f16")
        if dt["name"] == "f32":  # a row's last few as one more vector, where gcc's epilogue is scalar
            conv = f"pto_{p}__{v['name']}_%s_f32_part"
            kv.update(tail=v["lanes"], widen_part=conv % "widen", narrow_part=conv % "narrow")
        # an operation computed a block at a time, on f32 or on a block widened to f32; exact, no slow path
        if dt["class"] == "float" and (dt["bits"] == 32 or kv["wide"]) and not kv.get("stages"):
            kv["vector_block"] = cpuisa.x86_block(p, v, math, dt)
            kv["fast_math"] = "" if kv["vector_block"] else kv["fast_math"]
    return specialise


def plain_ctx(inst, p, tup):
    return {}


def notes(inst):
    return []


def reference(inst):
    """The math on the reference; ref_forms: each optional entry's own (templates/tests: math_<form>)."""
    return {"reduce": None, "ref_math": cexpr.reference_math(inst.math()),
            "ref_forms": {f: cexpr.reference_math(inst.math(f)) for f in inst.forms}}


def test_shapes(E, B, cls):
    return T.grid_shapes(E, B, cls)


def extra_fills(label):
    return []


def more_cases(plan, tup, shapes, B):
    return []


def dst_and_full(plan, tup, vr, vc, extra, variant, full):
    """dst and the source `full` with dst's valid region vr x vc; variant varies the storage."""
    B = plan.E_B(tup.dtype_of("dst"))[1]
    di = lambda op: plan.dindex[tup.dtype_of(op)["name"]]
    return {"dst": T.tile(di("dst"), vr + variant % 2, T.roundup(vc, B) + extra, vr, vc),
            full: T.tile(di(full), vr + (variant + 1) % 2, T.roundup(vc, B) + (B if variant % 3 == 1 else 0), vr, vc)}


def a2a3_bound(m, vr, vc, E, extra=(), ops=1, storage_cols=None):
    """A2A3: every output element needs a lane of some repeat of each of the program's `ops`
    instructions, plus the kind's extra repeats. A repeat spans 8 blocks, and rows that are not
    back to back (storage_cols != vc) share none: then each row's ceil(vc / B) blocks."""
    per = m["repeat_bytes"] // m["block_bytes"]
    lanes = (LB.ceil(vr * vc, E) if storage_cols in (None, vc) or vr == 1
             else LB.ceil(vr * LB.ceil(vc, E // per), per))
    return LB.a2a3(m, [lanes] * ops + list(extra))
