"""Kind convert: TCVT, every element of src converted to dst's dtype (docs/contract.md, TCVT) by
the conversion core runtime/common/pto_cvt.h, one routine per (source class, destination class)
whose arguments fold to the pair's code. The kernels take round and sat as arguments (param_args:
one kernel per pair); DEFAULT saturation resolves per pair (spec/isa/tcvt.lua sat_default_off).
The cpu adds vectorising paths for f32 <-> f16, f32 <-> bf16 and f32 <-> i32 under RINT (NONE);
a2a3 issues vconv (the machine model's conversion, defined by pto_cvt.h) in counter mode, one per
run of rows; a5 loads, converts (vcvt, the same definition) and stores a register's worth at a
time, and converts a pair with an i64 end (no register form) on the scalar unit."""
from kinds import _elementwise as EW
from kinds import _tiles as TT
import lowerbound as LB
import testplan as T

MAIN_OPERAND = "src"
READER = "h_read_convert"  # tests/harness/kinds/
IN_PLACE_FILL = "H_FILL_CVT"
MEMCPY_TARGET = {"ratio": 1.5, "shapes": ("128x256",)}  # f32 <-> f16/bf16/i32 under RINT


def cpu_variants(inst, p, tup, k):
    """The x86 variants narrow f32 to f16 (F16C) and bf16 a vector at a time (pto_<p>_simd.h's
    block conversions, the same bits) and round f32 to an integer by the SSE4.1 instruction
    (__builtin_rintf: nearest even, inline); the baseline compiles the portable C."""
    def specialise(v, kv):
        if v["x86"] and k["S"] == "f16" and k["D"] == "f32" and v["f16c"]:
            conv = f"pto_{p}__{v['name']}_widen_f16"
            kv.update(wide=v["lanes"], widen_block=conv, widen_part=conv + "_part")
        if not v["x86"] or k["fast"] != "narrow":
            return
        if k["D"] in ("f16", "bf16") and v["f16c"]:
            conv = f"pto_{p}__{v['name']}_narrow_{k['D']}"
            kv.update(wide=v["lanes"], narrow_block=conv, narrow_part=conv + "_part",
                      narrow_sat=f"pto_{p}__{v['name']}_narrow_sat_{k['D']}")
    return specialise


def default_off(inst, tup):
    pair = [tup.dvars["S"], tup.dvars["D"]]
    return any(list(x) == pair for x in inst.d.get("sat_default_off") or [])


def element_ctx(inst, p, tup, prefix, convert_all):
    d, s = tup.dtype_of("dst"), tup.dtype_of("src")
    def fmt_args(dt):  # a kernel names its profile's table row; the plain loop spells it out
        if prefix.startswith("pto_"):
            return f"PTO_{p.upper()}_FMT_{dt['name']}"
        if dt["class"] == "float":
            return f"{dt['exponent_bits']}u, {dt['fraction_bits']}u, {int(bool(dt.get('finite')))}u"
        return f"{dt['bits']}u, {int(dt['class'] == 'signed')}u"
    routine = {("float", "float"): "f2f", ("float", "int"): "f2i", ("int", "float"): "i2f", ("int", "int"): "i2i"}
    cls = lambda dt: "float" if dt["class"] == "float" else "int"
    fast = None
    if d["name"] == "f32" and s["name"] in ("f16", "bf16", "i32"):
        fast = "widen"
    elif s["name"] == "f32" and d["name"] in ("f16", "bf16", "i32"):
        fast = "narrow"
    return {
        "D": d["name"], "S": s["name"], "DT": f"uint{d['bits']}_t", "ST": f"uint{s['bits']}_t",
        "d_bits": d["bits"], "s_bits": s["bits"], "same_size": d["bits"] == s["bits"],
        "routine": f"{prefix}__cvt_{routine[(cls(s), cls(d))]}", "s_fmt": fmt_args(s), "d_fmt": fmt_args(d),
        "sat_default": "PTO_SAT_OFF" if default_off(inst, tup) else "PTO_SAT_ON",
        "fast": fast, "ignored": [], "D_enum": d["enum"], "S_enum": s["enum"],
        # a2a3's vconv: a repeat of 256 / the wider element's bytes lanes, each side's repeat stride in blocks
        "d_rep": 8 * d["bits"] // max(d["bits"], s["bits"]), "s_rep": 8 * s["bits"] // max(d["bits"], s["bits"]),
        # a5's vcvt: a chunk of VL / the wider element's bytes lanes, a predicate for each width
        "wide_bits": max(d["bits"], s["bits"]), "E_cvt": 256 * 8 // max(d["bits"], s["bits"]),
        "sources": [{"name": "src", "ptr": "in0"}], "full": [("src", "in0row")],
    }


def npu_ctx(inst, p, tup, m, names, scalar_vars, dt):
    return {}


def plain_ctx(inst, p, tup):
    return {}


def notes(inst):
    return ["round: a pto_round (NONE rounds as RINT; ODD only where listed), sat: a pto_sat (DEFAULT: the pair's "
            "own); a value outside its enum, or a mode the pair does not take, is PTO_ERR_PARAM and nothing is written."]


def reference(inst):
    """ref_cvt of the source element (dt: src's dtype) to dst's dtype (v_dtype) by the round and sat
    the call passed (tests/harness/kinds/convert.c); DEFAULT saturation is the pair's own, from the
    spec's sat_default_off."""
    dts = inst.model.dtypes
    off = " || ".join(f"(dt == {dts[s]['enum']} && (pto_dtype)v_dtype == {dts[d]['enum']})"
                      for s, d in inst.d.get("sat_default_off") or []) or "0"
    sat = f"(int)v_sat != PTO_SAT_DEFAULT ? (int)v_sat : ({off}) ? PTO_SAT_OFF : PTO_SAT_ON"
    return {"reduce": None, "ref_math": f"ref_cvt((pto_dtype)v_dtype, dt, v_src, (int)v_round, {sat})", "ref_forms": {},
            "math_operands": ["src", "round", "sat", "dtype"]}


def primary(tup):
    """The tuple that gets every shape and rejection: RINT with the pair's default saturation; the
    other modes get the conversion fills at a few shapes (the same kernel, other arguments)."""
    return tup.axes["round"] == "rint" and tup.axes["sat"] == "default"


def test_shapes(E, B, cls):
    return TT.halved(T.grid_shapes(E, B, cls))


def extra_fills(label):
    return ["H_FILL_CVT"] if label in ("classes", "repeats+tail", "upstream 7x448") else []


def more_cases(plan, tup, shapes, B):
    return []


def test_operands(plan, tup, vr, vc, extra, variant):
    """dst and src with dst's valid region, each with a storage of its own (its dtype's blocks)."""
    Bd = plan.E_B(tup.dtype_of("dst"))[1]
    Bs = plan.E_B(tup.dtype_of("src"))[1]
    di = lambda op: plan.dindex[tup.dtype_of(op)["name"]]
    return {"dst": T.tile(di("dst"), vr + variant % 2, T.roundup(vc, Bd) + extra * Bd // max(Bs, 1) if extra else
                          T.roundup(vc, Bd), vr, vc),
            "src": T.tile(di("src"), vr + (variant + 1) % 2, T.roundup(vc, Bs) + (Bs if variant % 3 == 1 else 0), vr, vc)}


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: every element needs a lane of a vconv repeat of E = 256 / the wider element's bytes
    lanes. A5: per chunk of that many elements a load, the vcvt and a store; a pair with an i64 end
    converts on the scalar unit: a load and a store per element."""
    wide = max(tup.dtype_of("dst")["bytes"], tup.dtype_of("src")["bytes"])
    if p == "a2a3":
        return EW.a2a3_bound(m, vr, vc, m["repeat_bytes"] // wide, ops=1, storage_cols=storage_cols)
    if wide == 8:
        return {"metric": "scalar", "value": 2 * vr * vc, "instructions": 0}
    return LB.a5(3 * LB.runs(vr, vc, storage_cols, m["repeat_bytes"] // wide))


BENCH_PAIRS = {("f32", "f16"), ("f16", "f32"), ("f32", "bf16"), ("bf16", "f32"), ("f32", "i32"), ("i32", "f32"),
               ("f32", "i16"), ("i16", "f32")}


def bench_variant(tup):
    """ninja bench times the vectorised pairs (and two through the conversion core) under RINT,
    filed under src's dtype, the variant naming dst's."""
    if tup.axes["round"] != "rint" or tup.axes["sat"] != "default" or (tup.dvars["S"], tup.dvars["D"]) not in BENCH_PAIRS:
        return None
    return "to_" + tup.dvars["D"]


def light(plan, tup):
    """Every mode but RINT with the pair's default saturation runs the same kernel with other
    arguments: the conversion fills and the value classes at two shapes (one padded), and the
    rejections of the parameters; RINT/DEFAULT gets every shape (None: the full plan)."""
    if primary(tup):
        return None
    E, B = plan.E_B(tup.dtype_of(MAIN_OPERAND))
    cases = []
    for n, (label, vr, vc, extra) in enumerate(test_shapes(E, B, T.N_CLASSES_MAX)):
        if label in ("classes", "valid<tile"):
            for fill in ("H_FILL_CVT", "H_FILL_CLASSES"):
                cases.append(plan.shape_case(tup, n, label, vr, vc, extra, fill, 1000 + len(cases)))
    return [c for c in cases if c]
