"""Kind convert: TCVT, every element of src converted to dst's dtype (docs/contract.md, TCVT) by
the conversion core runtime/common/pto_cvt.h, one routine per (source class, destination class)
whose arguments fold to the pair's code. The kernels take round and sat as arguments (param_args:
one kernel per pair); DEFAULT saturation resolves per pair (spec/isa/tcvt.lua sat_default_off).
The cpu adds vectorising paths for f32 <-> f16, f32 <-> bf16 and f32 <-> i32 under RINT (NONE);
a2a3 issues vconv (the machine model's conversion, defined by pto_cvt.h) over the tiling plan
(runtime/a2a3/pto_a2a3_tiling.h), groups of rows a column block a repeat where both ends are as
wide; a5 loads, converts (vcvt, the same definition) and stores a register's worth at a time,
and converts a pair with an i64 end (no register form) on the scalar unit."""
from kinds import _elementwise as EW
from kinds import _tiles as TT
import lowerbound as LB
import testplan as T

MAIN_OPERAND = "src"
READER = "h_read_convert"  # tests/harness/kinds/
IN_PLACE_FILL = "H_FILL_CVT"
# f32 to f16/bf16/i32 under RINT (the bench's f32 rows; the widenings back are f16, bf16, i32 rows)
MEMCPY_TARGET = {"ratio": 1.5, "shapes": ("128x256",), "variants": ("to_f16", "to_bf16", "to_i32")}


def cpu_variants(inst, p, tup, k):
    """The x86 variants narrow f32 to f16 (F16C) and bf16 a vector at a time (pto_<p>_simd.h's
    block conversions, the same bits) and round f32 to an integer by the SSE4.1 instruction
    (__builtin_rintf: nearest even, inline), or to i32 on AVX-512 by vcvtps2dq's own rounding;
    the baseline compiles the portable C."""
    def specialise(v, kv):
        if v["x86"] and k["rint"]:  # roundps for the float -> integer rounding
            s, d = tup.dtype_of("src"), tup.dtype_of("dst")
            kv["rint"] = {"on": rint_body(p, s, d, True, True), "off": rint_body(p, s, d, False, True)}
        if v["x86"] and k["S"] == "f16" and k["D"] == "f32" and v["f16c"]:
            conv = f"pto_{p}__{v['name']}_widen_f16"
            kv.update(wide=v["lanes"], widen_block=conv, widen_part=conv + "_part")
        if not v["x86"] or k["fast"] != "narrow":
            return
        if k["D"] == "i32" and v["name"] == "avx512":  # vcvtps2dq with its own rounding, 16 at a time
            kv.update(rint_i32=f"pto_{p}__avx512_rint_i32", wide=16)
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
    rint = None  # every other pair of small dtypes: the generic vectorising RINT path
    if not fast and d["name"] in SMALL and s["name"] in SMALL and prefix.startswith("pto_"):
        rint = {"on": rint_body(p, s, d, True, False), "off": rint_body(p, s, d, False, False)}
    return {
        "rint": rint,
        "D": d["name"], "S": s["name"], "DT": f"uint{d['bits']}_t", "ST": f"uint{s['bits']}_t",
        "d_bits": d["bits"], "s_bits": s["bits"], "same_size": d["bits"] == s["bits"],
        "routine": f"{prefix}__cvt_{routine[(cls(s), cls(d))]}", "s_fmt": fmt_args(s), "d_fmt": fmt_args(d),
        "sat_default": "PTO_SAT_OFF" if default_off(inst, tup) else "PTO_SAT_ON",
        "fast": fast, "rint_i32": "", "ignored": [], "D_enum": d["enum"], "S_enum": s["enum"],
        # a2a3's vconv and a5's vcvt: a repeat (chunk) of 256 / the wider element's bytes lanes
        "wide_bits": max(d["bits"], s["bits"]), "E_cvt": 256 * 8 // max(d["bits"], s["bits"]),
        "sources": [{"name": "src", "ptr": "in0"}], "full": [("src", "in0row")],
    }


HALF_INF = {"f16": "0x7c00u", "bf16": "0x7f80u"}    # +inf's bits of a 16-bit float format
HALF_MAX = {"f16": "0x7bffu", "bf16": "0x7f7fu"}    # its largest finite
SMALL = ("f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8")  # the vectorising path's dtypes


def rint_body(p, s, d, sat_on, x86):
    """The C statements of one element of the vectorising RINT path of pair s -> d (dtype records),
    in0row[j] to `out` (dst's bits), with saturation on or off; the same bits as the core. Floats
    widen exactly to f32 (f16 and bf16), which rounds to an integer to nearest even (the x86
    variants by roundps) or narrows to f16/bf16 once; integers go through int64_t; an integer
    to f16/bf16 through f32, exact below 2^24 (an i32 beyond overflows f16 either way)."""
    P = f"pto_{p}_"
    sn, dn = s["name"], d["name"]
    lines = []
    if s["class"] == "float":
        load = {"f32": f"{P}_float(in0row[j])", "f16": f"{P}_f16_to_f32(in0row[j])",
                "bf16": f"{P}_bf16_to_f32(in0row[j])"}[sn]
        lines.append(f"const float x = {load};")
    else:
        ct = {"i32": "int32_t", "u32": "uint32_t", "i16": "int16_t", "u16": "uint16_t", "i8": "int8_t", "u8": "uint8_t"}[sn]
        lines.append(f"const int64_t x = ({ct})in0row[j];")

    def rint():
        if x86:
            return ["const float r = __builtin_rintf(x); /* roundps: nearest even */"]
        return [f"const float ax = {P}_float({P}_bits(x) & 0x7fffffffu);",
                f"const float t = {P}_float({P}_bits((ax + 0x1p23f) - 0x1p23f) | ({P}_bits(x) & 0x80000000u));",
                "const float r = ax < 0x1p23f ? t : x; /* nearest even below 2^23, integral above */"]

    def narrow(f):  # an f32 value f to f16/bf16 bits h, a finite overflow to +-max when saturating
        out = [f"const uint16_t h = {P}_f32_to_{dn}({f});"]
        if sat_on:
            out += [f"const uint16_t over = (uint16_t)(0u - (uint16_t)((h & 0x7fffu) == {HALF_INF[dn]} && "
                    f"({P}_bits({f}) & 0x7fffffffu) < 0x7f800000u));",
                    f"const uint16_t out = (uint16_t)((h & ~over) | (over & ((h & 0x8000u) | {HALF_MAX[dn]})));"]
        else:
            out += ["const uint16_t out = h;"]
        return out

    if s["class"] == "float" and d["class"] == "float":
        if dn == "f32" and sn == "f32":  # round to an integral value
            lines += rint() + [f"const uint32_t out = {P}_bits(r);"]
        elif dn == "f32":
            lines += [f"const uint32_t out = {P}_bits(x); /* exact */"]
        else:
            lines += narrow("x")
    elif s["class"] == "float":  # to an integer of at most 32 bits
        bits, signed = d["bits"], d["class"] == "signed"
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed and sat_on else (0, (1 << bits) - 1)
        if not sat_on:  # OFF: clamped to the int32 range, then the low bits
            lo, hi = -(1 << 31), (1 << 31) - 1
        lines += rint()
        lines += [f"const float in = r >= {float(lo)!r}f && r < {float(hi + 1)!r}f ? r : 0.0f; /* NaN: 0 */",
                  "const int32_t v = (int32_t)in; /* exact: in is integral and inside the int32 range */",
                  f"const int32_t c = r >= {float(hi + 1)!r}f ? (int32_t){hi} : r < {float(lo)!r}f ? (int32_t)({lo}ll) : v;",
                  f"const uint{bits}_t out = (uint{bits}_t)(uint32_t)c;"]
    elif d["class"] == "float":  # an integer to a float
        lines.append("const float f = (float)(int32_t)x; /* nearest even (every such source fits int32) */")
        if dn == "f32":
            lines.append(f"const uint32_t out = {P}_bits(f);")
        else:
            lines += narrow("f")
    else:  # integer to integer: ON clamps, OFF wraps
        bits, signed = d["bits"], d["class"] == "signed"
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
        if sat_on:
            lines.append(f"const int64_t c = x > (int64_t){hi}ll ? (int64_t){hi}ll : x < (int64_t)({lo}ll) ? (int64_t)({lo}ll) : x;")
        else:
            lines.append("const int64_t c = x;")
        lines.append(f"const uint{bits}_t out = (uint{bits}_t)(uint64_t)c;")
    return lines


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


def mixed_width_repeats(vr, vc, pitch, E, q):
    """A2A3: the fewest vconv repeats a pair whose ends differ in width q times can convert a vr x vc
    region in, its wider operand's rows `pitch` elements apart. A narrower block holds the lanes of
    q wider blocks, and its elements are consecutive in one row (tile rows are whole blocks), so the
    wider elements they convert are too: if two of those wider blocks have lanes that convert
    valid elements, they are adjacent and the block stride is 1, making the repeat's wider lanes E
    consecutive elements of storage (a window); else at most one wider block per narrower block
    converts valid elements, E / q lanes. (Reached where E / q lanes make no whole repeat of a
    row's tail: the f32 <-> 16-bit pairs on a padded 60x100, 120. The 8-byte pairs there take
    240 against 195: four rows' tails could share a masked repeat, which the plan does not do.)
    So: the cheapest cover of the valid elements by windows of E consecutive positions (1 each) and
    single elements (q / E each, a lower bound of those repeats), by dynamic programming over the
    positions in order (counted in 1 / E units to stay exact)."""
    pos = [r * pitch + c for r in range(vr) for c in range(vc)]
    cost, j = [0] * (len(pos) + 1), 0
    for i in range(1, len(pos) + 1):
        while pos[i - 1] - pos[j] >= E:  # the earliest start of a window ending at element i - 1
            j += 1
        cost[i] = min(cost[i - 1] + q, cost[j] + E)
    return LB.ceil(cost[-1], E)


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """A2A3: every element needs a lane of a vconv repeat of E = 256 / the wider element's bytes
    lanes; where the ends differ in width, repeats that span rows lose lanes (mixed_width_repeats).
    A5: per chunk of that many elements a load, the vcvt and a store; a pair with an i64 end
    converts on the scalar unit: a load and a store per element."""
    d_bytes, s_bytes = tup.dtype_of("dst")["bytes"], tup.dtype_of("src")["bytes"]
    wide = max(d_bytes, s_bytes)
    if p == "a2a3":
        E = m["repeat_bytes"] // wide  # the wider operand's lanes, whichever end it is
        if d_bytes == s_bytes:
            return EW.a2a3_bound(m, vr, vc, E, ops=1, storage_cols=storage_cols)
        return LB.a2a3(m, [mixed_width_repeats(vr, vc, storage_cols or vc, E, wide // min(d_bytes, s_bytes))])
    if wide == 8:
        return {"metric": "scalar", "value": 2 * vr * vc, "instructions": 0}
    # plt makes a whole chunk's and the last chunk's predicate at each width once a call
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
    arguments: the value classes at their shape and the conversion fill on a padded tile, and the
    rejections of the parameters; RINT/DEFAULT gets every shape and fill (None: the full plan)."""
    if primary(tup):
        return None
    return plan.fill_cases(tup, {"classes": "H_FILL_CLASSES", "valid<tile": "H_FILL_CVT"})
