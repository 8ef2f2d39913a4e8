"""ISA variants of the portable profile's kernels (the cpu profile: kernels, no machine model).

Every such kernel is rendered once per variant below. The baseline body is plain C11 and is
all that non-x86 or non-GNU builds compile; on x86-64 with gcc or clang the other bodies are
compiled for wider ISA levels through __attribute__((target(...))) (the library's flags stay
baseline x86-64), and the public kernel picks one at run time: the best the CPU runs, detected
on the first call (out/<p>/pto_<p>_dispatch.c), or the one pto_<p>_set_isa() forces.

No target names FMA, and -ffp-contract=off keeps a*b+c two roundings in every variant (AVX-512F
has FMA instructions of its own; tests/firmware.py finds none). F16C converts f16 exactly like
the software conversions of pto_<p>_ops.h (tests/unit/test_cpu_isa.c: every f16 and a sweep
of f32 patterns), except that a NaN stays a NaN with its own payload where the software's is
the quiet NaN 0x7e00 with the sign (the contract leaves a NaN's payload free).
"""
import reductions

# name, what the variant is, the x86 target ("" for the portable baseline), gcc's extra target
# options, the __builtin_cpu_supports features detection needs (F16C is read from CPUID: clang
# 14 does not know the name), vector bytes (the argmax/argmin lanes) and whether f16 converts by F16C
VARIANTS = [
    {"name": "baseline", "title": "portable C11; on x86-64 the baseline ISA (SSE2)",
     "target": "", "gcc_extra": "", "features": [], "vector_bytes": 16, "f16c": False},
    {"name": "avx2", "title": "AVX2 and F16C, 256-bit vectors",
     "target": "avx2,f16c", "gcc_extra": "", "features": ["avx2"], "vector_bytes": 32, "f16c": True},
    {"name": "avx512", "title": "AVX-512 F, BW and VL with F16C, 512-bit vectors",
     "target": "avx512f,avx512bw,avx512vl,avx2,f16c", "gcc_extra": ",prefer-vector-width=512",
     "features": ["avx512f", "avx512bw", "avx512vl", "avx2"], "vector_bytes": 64, "f16c": True},
]

# The baseline argmax (argmin) keeps this many lanes of running maxima (minima) per row (rows at
# least this long; shorter ones take the scalar loop). More than 16: gcc unrolls loops of up to 16
# iterations completely before it vectorises, and the unrolled lanes then stay scalar.
REDUCE_LANES = 32

def has_variants(model, p):
    prof = model.profile(p)
    return bool(prof["kernels"]) and not prof["isa"]


def variants(p):
    """The variants as the templates see them: enum value (0 is AUTO), names, attribute macro."""
    out = []
    for i, v in enumerate(VARIANTS):
        out.append(dict(v, value=i + 1, enum=f"PTO_{p.upper()}_ISA_{v['name'].upper()}", x86=bool(v["target"]),
                        attr=f"PTO_{p.upper()}_{v['name'].upper()}" if v["target"] else "",
                        lanes=v["vector_bytes"] // 4))
    return out


def float_rank(fn):
    """The name part of a float dtype's rank function for reduction fn (pto_<p>__<part>_<dtype> of
    pto_<p>_simd.h, which ranks NaN by the direction): argmax's keeps the plain name, which the
    integer dtypes' rank functions have for both directions."""
    r = reductions.REDUCTIONS[fn]
    return "rank" if r["better"] == ">" else f"rank_{r['ext']}"


def x86_ops(p):
    """Element operations the x86 variants' math calls instead of pto_<p>_ops.h's, by
    <op>_<suffix>: the same bits in a form gcc vectorises without moving lane masks through
    general registers (pto_<p>_simd.h; GNU C builtins, which the portable baseline avoids)."""
    return {"max_f": f"pto_{p}__x86_max_f"}


# Element operations the x86 variants compute a block at a time, by hand-written vector routines
# of pto_<p>_simd.h, pto_<p>__<variant>_<name>(float *y, const float *x, size_t n): y[j] = the
# operation of x[j] in f32, for a kernel whose math is that one operation on one source, of the
# dtypes listed (f16 and bf16 widened to f32 and the result rounded to them: for the square root
# that second rounding is innocuous). The hardware's square root and division: gcc vectorises
# no square root that may set errno, and the portable C computes one in software.
X86_BLOCKS = {"sqrt": ("sqrt_block", ("f32", "f16", "bf16")), "rsqrt": ("rsqrt_block", ("f32",))}


def x86_block(p, v, math, dtype):
    """The block routine of variant v for kernel math `math` (an expression tree) on dtype, or None."""
    one = math["op"] == "call" and len(math["args"]) == 1 and math["args"][0]["op"] == "ref"
    name, dtypes = X86_BLOCKS.get(math["fn"], (None, ())) if one and v["x86"] else (None, ())
    return f"pto_{p}__{v['name']}_{name}" if dtype["name"] in dtypes else None


def kernel_variants(p, k, specialise):
    """The per-variant contexts of kernel k (a baseline context): its body's name and linkage,
    and what differs: specialise(v, kv) fills in the kind's part (gen/kinds/<kind>.py cpu_variants)."""
    out = []
    for v in variants(p):
        kv = dict(k, name=f"{k['name']}__{v['name']}", variant=v["name"], x86=v["x86"],
                  linkage=f"{v['attr'] + ' ' if v['attr'] else ''}PTO_{p.upper()}__BODY static ", wide=0)
        specialise(v, kv)
        out.append(kv)
    return out
