"""ISA variants of the portable profile's kernels (the cpu profile: kernels, no machine model).

Every such kernel is rendered once per variant below. The baseline body is plain C11 and is
all that non-x86 or non-GNU builds compile; on x86-64 with gcc or clang the other bodies are
compiled for wider ISA levels through __attribute__((target(...))) (the library's flags stay
baseline x86-64), and the public kernel picks one at run time: the best the CPU runs, detected
on the first call (out/<p>/pto_<p>_dispatch.c), or the one pto_<p>_set_isa() forces.

No target names FMA, and -ffp-contract=off keeps a*b+c two roundings in every variant (AVX-512F
has FMA instructions of its own; tests/firmware.py finds none).
"""

# name, what the variant is, the x86 target ("" for the portable baseline), gcc's extra target
# options, the __builtin_cpu_supports features detection needs (F16C is read from CPUID: clang
# 14 does not know the name), vector bytes and whether the variant has F16C
VARIANTS = [
    {"name": "baseline", "title": "portable C11; on x86-64 the baseline ISA (SSE2)",
     "target": "", "gcc_extra": "", "features": [], "vector_bytes": 16, "f16c": False},
    {"name": "avx2", "title": "AVX2 and F16C, 256-bit vectors",
     "target": "avx2,f16c", "gcc_extra": "", "features": ["avx2"], "vector_bytes": 32, "f16c": True},
    {"name": "avx512", "title": "AVX-512 F, BW and VL with F16C, 512-bit vectors",
     "target": "avx512f,avx512bw,avx512vl,avx2,f16c", "gcc_extra": ",prefer-vector-width=512",
     "features": ["avx512f", "avx512bw", "avx512vl", "avx2"], "vector_bytes": 64, "f16c": True},
]


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


def kernel_variants(p, k):
    """The per-variant contexts of kernel k (a baseline context): its body's name and linkage."""
    return [dict(k, name=f"{k['name']}__{v['name']}", variant=v["name"], x86=v["x86"],
                 linkage=(v["attr"] + " static " if v["attr"] else "static ")) for v in variants(p)]
