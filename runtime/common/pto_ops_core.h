/* Part of every profile's library: hand-written C (runtime/common/), copied into out/<profile>/ as
 * pto_<profile>_ops_core.h. The element operations of the profile's kernels (or of its simulator),
 * written to vectorise: branchless f16/bf16 conversions (exact widening, round-to-nearest-even
 * narrowing, subnormals kept) and the semantics contract (docs/contract.md) for max/min and integer
 * division. f16 and bf16 compute in f32: one f32 operation followed by one rounding equals the
 * exactly rounded result (24 >= 2p + 2 for p = 11 and 8).
 *
 * Not a header to include anywhere else: the profile's generated pto_<profile>_ops.h includes it
 * once, after <stdint.h>, pto_<profile>_exp.h, pto_<profile>_math.h, its spec tables PTO_<PROFILE>_INTS and
 * PTO_<PROFILE>_HALFS, and PTO(name) and PTO_(NAME) (the profile's names, pto_<profile>_name and
 * PTO_<PROFILE>_NAME). No include guard of its own: that header's guards it, and one file may
 * include the operations of two profiles. Freestanding: no libc. */

/* memcpy without libc: firmware builds are freestanding */
static inline void PTO(_copy_bytes)(void *to, const void *from, unsigned n)
{
    unsigned char *t = (unsigned char *)to;
    const unsigned char *f = (const unsigned char *)from;
    unsigned k;
    for (k = 0; k < n; k++) t[k] = f[k];
}

static inline uint32_t PTO(_bits)(float f) { union { float f; uint32_t u; } x; x.f = f; return x.u; }
static inline float PTO(_float)(uint32_t u) { union { float f; uint32_t u; } x; x.u = u; return x.f; }
static inline uint64_t PTO(_bits64)(double f) { union { double f; uint64_t u; } x; x.f = f; return x.u; }
static inline double PTO(_double)(uint64_t u) { union { double f; uint64_t u; } x; x.u = u; return x.f; }

/* The float results below are used unconditionally and merged with integer masks: a float
 * operation under a condition is one gcc will not speculate, and then the loop stays scalar. */
static inline float PTO(_f16_to_f32)(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t em = (uint32_t)(h & 0x7fffu) << 13;
    /* exponent and fraction moved into place; the multiply rebias is exact, also for subnormals */
    uint32_t u = PTO(_bits)(PTO(_float)(em) * 0x1p112f);
    uint32_t inf_nan = 0u - (uint32_t)((h & 0x7c00u) == 0x7c00u); /* all exponent bits set: keep the fraction */
    return PTO(_float)(u | (inf_nan & 0x7f800000u) | sign);
}

/* The FPU rounds (the method of Maratyszcza's FP16 library): 4|f|, computed as |f| * 2^112 *
 * 2^-110 so that it is inf wherever f16 overflows, is added to 2^(e+15), e the exponent of |f|
 * but at least -14 (f16's least normal exponent, whose quantum subnormals share). The sum's
 * quantum is 4 times f16's at e, so the addition rounds to nearest even at f16's precision,
 * and the sum's exponent and fraction fields add up to the f16 bits. Compares are signed
 * (operands below 2^31; SSE2 has no unsigned ones) and the result is built in the high half,
 * so one 32-to-16-bit narrowing ends it. */
static inline uint16_t PTO(_f32_to_f16)(float f)
{
    const uint32_t u = PTO(_bits)(f), a = u & 0x7fffffffu, e = a & 0x7f800000u;
    const uint32_t least = (int32_t)e < 0x38800000 ? 0x38800000u : e;
    const uint32_t r = PTO(_bits)(PTO(_float)(least + 0x07800000u) + PTO(_float)(a) * 0x1p112f * 0x1p-110f);
    const uint32_t half = ((r << 3) & 0x7c000000u) + ((r << 16) & 0x0fff0000u);
    const uint32_t nan = 0u - (uint32_t)((int32_t)a > 0x7f800000); /* NaN stays NaN */
    return (uint16_t)(((u & 0x80000000u) | (nan & 0x7e000000u) | (~nan & half)) >> 16);
}

static inline float PTO(_bf16_to_f32)(uint16_t h) { return PTO(_float)((uint32_t)h << 16); }

/* Round to nearest even on the 16 dropped bits, or quiet a NaN (keeping its sign): masks, a
 * signed compare and one narrowing of the high half, as for f16. */
static inline uint16_t PTO(_f32_to_bf16)(float f)
{
    const uint32_t u = PTO(_bits)(f);
    const uint32_t nan = 0u - (uint32_t)((int32_t)(u & 0x7fffffffu) > 0x7f800000);
    return (uint16_t)((((u | 0x00400000u) & nan) | ((u + 0x7fffu + ((u >> 16) & 1u)) & ~nan)) >> 16);
}

/* IEEE 754-2019 minimum and maximum from plain selections taken both ways (`a < b ? a : b` is
 * exactly SSE's minps, so the loops vectorise): for ordered, unequal values both give the same;
 * for -0 and +0 one gives each and | (&) keeps -0 (+0); for a NaN one gives the NaN, whose bits
 * survive |. & may lose it, so max adds a NaN of its own (all ones) when either is NaN. */
static inline float PTO(_min_f)(float a, float b)
{
    return PTO(_float)(PTO(_bits)(a < b ? a : b) | PTO(_bits)(b < a ? b : a));
}
static inline float PTO(_max_f)(float a, float b)
{
    const uint32_t nan = 0u - (uint32_t)(a != a || b != b);
    return PTO(_float)((PTO(_bits)(a > b ? a : b) & PTO(_bits)(b > a ? b : a)) | nan);
}

/* The 16-bit formats' maximum and minimum on the stored bits: the result is one of the operands
 * (or a NaN), so no conversion is needed. The key orders the bits as the values, -0 below +0;
 * inf is the format's +inf, the largest bits below a NaN's. abs and neg clear and flip the sign
 * bit, relu is the maximum with +0: all exact on the bits (spec/ops.lua: bits). */
static inline int16_t PTO(_key16)(uint16_t u) { return (int16_t)((int32_t)(u & 0x7fffu) ^ -(int32_t)(u >> 15)); }
#define PTO_OPS_HALF(name, inf)                                             \
    static inline uint16_t PTO(_max_##name)(uint16_t a, uint16_t b)         \
    {                                                                       \
        const uint16_t nan = (uint16_t)(0u - (uint32_t)(((a & 0x7fffu) > inf) | ((b & 0x7fffu) > inf))); \
        return (uint16_t)((PTO(_key16)(a) > PTO(_key16)(b) ? a : b) | nan); \
    }                                                                       \
    static inline uint16_t PTO(_min_##name)(uint16_t a, uint16_t b)         \
    {                                                                       \
        const uint16_t nan = (uint16_t)(0u - (uint32_t)(((a & 0x7fffu) > inf) | ((b & 0x7fffu) > inf))); \
        return (uint16_t)((PTO(_key16)(a) < PTO(_key16)(b) ? a : b) | nan); \
    }                                                                       \
    static inline uint16_t PTO(_abs_##name)(uint16_t a) { return (uint16_t)(a & 0x7fffu); } \
    static inline uint16_t PTO(_neg_##name)(uint16_t a) { return (uint16_t)(a ^ 0x8000u); } \
    static inline uint16_t PTO(_relu_##name)(uint16_t a) { return PTO(_max_##name)(a, 0); }
PTO_(HALFS)(PTO_OPS_HALF)
#undef PTO_OPS_HALF

static inline float PTO(_add_f)(float a, float b) { return a + b; }
static inline float PTO(_sub_f)(float a, float b) { return a - b; }
static inline float PTO(_mul_f)(float a, float b) { return a * b; }
static inline float PTO(_div_f)(float a, float b) { return a / b; }
/* abs and neg on the bits (a NaN keeps its payload and gets the new sign); relu = maximum(a, +0) */
static inline float PTO(_neg_f)(float a) { return PTO(_float)(PTO(_bits)(a) ^ 0x80000000u); }
static inline float PTO(_abs_f)(float a) { return PTO(_float)(PTO(_bits)(a) & 0x7fffffffu); }
static inline float PTO(_relu_f)(float a) { return PTO(_max_f)(a, 0.0f); }
/* fmod, exactly: the result a - n*b is representable, so the long division of the significands
 * gives it with no rounding; f16 and bf16 values are f32 values, so their fmod is this one's.
 * Invalid cases give a NaN. With each value m 2^(e - 150), m its significand as an integer and e
 * its exponent field (1 for a subnormal, whose m lacks the leading bit), fmod(a, b) is
 * (ma 2^(ea - eb) mod mb) 2^(eb - 150) for |a| >= |b|: the partial remainder (below mb < 2^24)
 * takes up to 40 more bits at a time, a 64-bit remainder each (at most 7 for f32's exponents). */
static inline float PTO(_fmod_f)(float a, float b)
{
    const uint32_t ua = PTO(_bits)(a), ub = PTO(_bits)(b), sign = ua & 0x80000000u;
    const uint32_t xa = ua & 0x7fffffffu, xb = ub & 0x7fffffffu;
    const int32_t ea = xa < 0x800000u ? 1 : (int32_t)(xa >> 23);
    int32_t e = xb < 0x800000u ? 1 : (int32_t)(xb >> 23), d = ea - e, p = 0, shift;
    const uint32_t mb = xb < 0x800000u ? xb : (xb & 0x7fffffu) | 0x800000u;
    uint64_t r = xa < 0x800000u ? xa : (xa & 0x7fffffu) | 0x800000u;
    uint32_t m, t;
    if (xb == 0 || xa >= 0x7f800000u || xb > 0x7f800000u) return PTO(_float)(0x7fc00000u);
    if (xa < xb) return a; /* |a| < |b|, a zero, b infinite */
    r %= mb;
    while (d > 0) {
        const int32_t k = d < 40 ? d : 40;
        r = (r << k) % mb;
        d -= k;
    }
    if (r == 0) return PTO(_float)(sign);
    /* r 2^(e - 150), r < 2^24: its leading bit p to bit 23 while the exponent stays at least 1 (a
     * subnormal result keeps e = 1); the leading bit then adds 1 to the exponent field */
    m = t = (uint32_t)r;
    if (t >= 1u << 16) { t >>= 16; p += 16; }
    if (t >= 1u << 8) { t >>= 8; p += 8; }
    if (t >= 1u << 4) { t >>= 4; p += 4; }
    if (t >= 1u << 2) { t >>= 2; p += 2; }
    if (t >= 1u << 1) p += 1;
    shift = 23 - p < e - 1 ? 23 - p : e - 1;
    m <<= shift;
    e -= shift;
    return PTO(_float)(sign | (((uint32_t)(e - 1) << 23) + m));
}

/* fmod's vectorising form (the kernels' first pass; PTO__REDO where fmod itself must decide): for
 * |a| / |b| < 2^28 by one step in double. t = |a| * (1 / |b|) is within 2^-24 of the quotient
 * (relative error below 2^-52), so q, t rounded to an integer (adding and subtracting 2^52: each
 * result is stored as a double, so it rounds there, C11 5.2.4.2.2), is the nearest integer to the
 * quotient or one off near a half: |a| - q |b| lies in (-|b|, |b|). q |b| is exact (29 by 24 bits),
 * and so are |a| - q |b| (a multiple of |b|'s quantum below |b|) and the one correction, |b| added
 * to a negative remainder. Every other case (a larger quotient, b zero or infinite, a NaN or an
 * infinity) gives a NaN, made PTO__REDO: t's exponent field (with its sign, 0 but for a NaN) fails
 * the bound, or the remainder is a NaN. The selections are integer masks on the bits (SSE2 has no 64-bit
 * compares), so every variant vectorises it. */
static inline float PTO(_fmod_fast_f)(float a, float b)
{
    const uint32_t ua = PTO(_bits)(a);
    const double x = (double)PTO(_float)(ua & 0x7fffffffu), y = (double)PTO(_float)(PTO(_bits)(b) & 0x7fffffffu);
    const double t = x * (1.0 / y), big = t + 0x1p52, q = big - 0x1p52;
    const double r0 = x - q * y, up = r0 + y;
    const uint64_t neg = 0u - (PTO(_bits64)(r0) >> 63);
    const uint64_t ok = 0u - (uint64_t)((uint32_t)(PTO(_bits64)(t) >> 52) < 1023u + 28u); /* t < 2^28 */
    const double r = PTO(_double)((((PTO(_bits64)(up) & neg) | (PTO(_bits64)(r0) & ~neg)) & ok) | (~ok & 0x7ff8000000000000u));
    const uint32_t f = PTO(_bits)((float)r), nan = 0u - (uint32_t)((f & 0x7fffffffu) > 0x7f800000u); /* exact */
    return PTO(_float)((f & ~nan) | (PTO__REDO & nan) | (ua & 0x80000000u));
}

/* Floor modulo from fmod's r: b added (rounded once) where r's sign differs from b's; a zero takes
 * b's sign; a NaN stays a NaN. The sum is computed either way and picked by integer masks, so the
 * fast form vectorises. */
static inline float PTO(_rem_of)(float r, float b)
{
    const uint32_t ur = PTO(_bits)(r), ub = PTO(_bits)(b), sum = PTO(_bits)(r + b), mag = ur & 0x7fffffffu;
    const uint32_t zero = 0u - (uint32_t)(mag == 0), nan = 0u - (uint32_t)(mag > 0x7f800000u);
    const uint32_t add = (0u - ((ur ^ ub) >> 31)) & ~nan & ~zero; /* the signs differ */
    return PTO(_float)((zero & ub & 0x80000000u) | (add & sum) | (~add & ~zero & ur));
}
/* Must the full function redo this result of a vectorising form (PTO__REDO, either sign)? */
static inline int PTO(_redo)(float y) { return (PTO(_bits)(y) & 0x7fffffffu) == PTO__REDO; }
static inline float PTO(_rem_f)(float a, float b) { return PTO(_rem_of)(PTO(_fmod_f)(a, b), b); }
static inline float PTO(_rem_fast_f)(float a, float b) { return PTO(_rem_of)(PTO(_fmod_fast_f)(a, b), b); }

/* e^a correctly rounded to f32, or (its argument an f16/bf16 value) to f16/bf16, returned as the
 * float holding that value, so the kernels' narrowing is exact (pto_<profile>_exp.h) */
static inline float PTO(_exp_f)(float a) { return pto__exp_to(a, PTO__EXP_F32); }
static inline float PTO(_exp_f16)(float a) { return pto__exp_to(a, PTO__EXP_F16); }
static inline float PTO(_exp_bf16)(float a) { return pto__exp_to(a, PTO__EXP_BF16); }
/* the vectorising pass of the kernels: a NaN where the rounding is not settled (redone with the above) */
PTO__EXP_INLINE float PTO(_exp_fast_f)(float a) { return pto__exp_fast_to(a, PTO__EXP_F32); }
PTO__EXP_INLINE float PTO(_exp_fast_f16)(float a) { return pto__exp_fast_to(a, PTO__EXP_F16); }
PTO__EXP_INLINE float PTO(_exp_fast_bf16)(float a) { return pto__exp_fast_to(a, PTO__EXP_BF16); }

/* ln, sqrt and 1/sqrt the same way (pto_<profile>_math.h), and their vectorising passes */
static inline float PTO(_log_f)(float a) { return pto__log_to(a, PTO__EXP_F32); }
static inline float PTO(_log_f16)(float a) { return pto__log_to(a, PTO__EXP_F16); }
static inline float PTO(_log_bf16)(float a) { return pto__log_to(a, PTO__EXP_BF16); }
static inline float PTO(_log_fast_f)(float a) { return pto__log_fast_to(a, PTO__EXP_F32); }
static inline float PTO(_log_fast_f16)(float a) { return pto__log_fast_to(a, PTO__EXP_F16); }
static inline float PTO(_log_fast_bf16)(float a) { return pto__log_fast_to(a, PTO__EXP_BF16); }
static inline float PTO(_sqrt_f)(float a) { return pto__sqrt_to(a, PTO__EXP_F32); }
static inline float PTO(_sqrt_f16)(float a) { return pto__sqrt_to(a, PTO__EXP_F16); }
static inline float PTO(_sqrt_bf16)(float a) { return pto__sqrt_to(a, PTO__EXP_BF16); }
static inline float PTO(_sqrt_fast_f)(float a) { return pto__sqrt_fast_to(a, PTO__EXP_F32); }
static inline float PTO(_sqrt_fast_f16)(float a) { return pto__sqrt_fast_to(a, PTO__EXP_F16); }
static inline float PTO(_sqrt_fast_bf16)(float a) { return pto__sqrt_fast_to(a, PTO__EXP_BF16); }
static inline float PTO(_rsqrt_f)(float a) { return pto__rsqrt_to(a, PTO__EXP_F32); }
static inline float PTO(_rsqrt_f16)(float a) { return pto__rsqrt_to(a, PTO__EXP_F16); }
static inline float PTO(_rsqrt_bf16)(float a) { return pto__rsqrt_to(a, PTO__EXP_BF16); }
static inline float PTO(_rsqrt_fast_f)(float a) { return pto__rsqrt_fast_to(a, PTO__EXP_F32); }
static inline float PTO(_rsqrt_fast_f16)(float a) { return pto__rsqrt_fast_to(a, PTO__EXP_F16); }
static inline float PTO(_rsqrt_fast_bf16)(float a) { return pto__rsqrt_fast_to(a, PTO__EXP_BF16); }

/* 1/a: one IEEE division in f32, which f16 and bf16 round once more to themselves; that second
 * rounding is innocuous (the quotient in 24 >= 2p + 2 bits rounds to p bits as the exact one
 * does), also where the f16/bf16 result is subnormal: 1/a, a = M 2^e with M < 2^p, lies at
 * least 2^-(p + 1) of a subnormal quantum away from every midpoint it is not on, far beyond f32's
 * half quantum. So recip has no per-format form and no slow path: it vectorises as it is. */
static inline float PTO(_recip_f)(float a) { return 1.0f / a; }

/* leaky ReLU: the product is computed for every element and merged by masks (a select becomes a
 * branch once gcc unrolls the x86 variants' blocks, and they stay scalar) */
static inline float PTO(_lrelu_f)(float a, float b)
{
    const uint32_t keep = 0u - (uint32_t)(a >= 0); /* -0 >= 0 keeps -0; a NaN takes the product (NaN) */
    return PTO(_float)((PTO(_bits)(a) & keep) | (PTO(_bits)(a * b) & ~keep));
}

static inline float PTO(_requant_f16)(float a) { return PTO(_f16_to_f32)(PTO(_f32_to_f16)(a)); }
static inline float PTO(_requant_bf16)(float a) { return PTO(_bf16_to_f32)(PTO(_f32_to_bf16)(a)); }

/* The operations of one integer dtype (a row of PTO_<PROFILE>_INTS: name, pto_dtype, C type T,
 * bits, SIGNED or UNSIGNED): wrapping add, sub, mul and neg (in uint32_t: no overflow); max and
 * min; and, or, xor, not on the bits; shifts that read b as an unsigned count, a count of the width or
 * more giving 0 (left, and unsigned right) or the sign fill (signed right); then what differs
 * with signedness (PTO_OPS_SIGNED, PTO_OPS_UNSIGNED). */
#define PTO_OPS_INT(name, dtype, T, bits, sign)                                           \
    static inline T PTO(_add_##name)(T a, T b) { return (T)((uint32_t)a + (uint32_t)b); } \
    static inline T PTO(_sub_##name)(T a, T b) { return (T)((uint32_t)a - (uint32_t)b); } \
    static inline T PTO(_mul_##name)(T a, T b) { return (T)((uint32_t)a * (uint32_t)b); } \
    static inline T PTO(_neg_##name)(T a) { return (T)(0u - (uint32_t)a); }               \
    static inline T PTO(_not_##name)(T a) { return (T)~(uint32_t)a; }                     \
    static inline T PTO(_max_##name)(T a, T b) { return a > b ? a : b; }                  \
    static inline T PTO(_min_##name)(T a, T b) { return a < b ? a : b; }                  \
    static inline T PTO(_and_##name)(T a, T b) { return (T)(a & b); }                     \
    static inline T PTO(_or_##name)(T a, T b) { return (T)(a | b); }                      \
    static inline T PTO(_xor_##name)(T a, T b) { return (T)(a ^ b); }                     \
    static inline T PTO(_shl_##name)(T a, T b)                                            \
    {                                                                                     \
        const uint##bits##_t c = (uint##bits##_t)b;                                       \
        return (T)(c >= bits##u ? 0u : PTO_OPS_SHL_##bits((uint##bits##_t)a, c));          \
    }                                                                                     \
    PTO_OPS_##sign(name, T, bits, PTO_OPS_QUOTIENT_##bits)

/* a << c for c below the width, unsigned (no overflow); 16 bits as the product with 2^c, which
 * gcc vectorises at 16 bits (pmullw: 32 lanes to a 512-bit vector), where C's shift promotes
 * each lane to int (16 lanes, then packed back): TSHLS i16 64x128 318 -> 156 ns, memcpy's time */
#define PTO_OPS_SHL_8(a, c) ((uint32_t)(a) << (c))
#define PTO_OPS_SHL_16(a, c) ((uint32_t)(a) * (uint16_t)(1u << ((c) & 15u)))
#define PTO_OPS_SHL_32(a, c) ((uint32_t)(a) << (c))

/* Integer division runs in the narrowest float type whose significand holds every operand
 * exactly (PTO_OPS_SIGNED's div): float (24 bits) up to 16-bit dtypes, double (53) for 32-bit. */
#define PTO_OPS_QUOTIENT_8 float
#define PTO_OPS_QUOTIENT_16 float
#define PTO_OPS_QUOTIENT_32 double

/* A signed dtype's abs (wrapping: abs(MIN) = MIN), relu, right shift, remainders and division, Q the
 * float type the division runs in.
 * - shr: arithmetic, on non-negative values only (a negative a shifts its complement); a count
 *   of the width or more shifts by width - 1, which fills with the sign.
 * - fmod: C's truncating remainder without its traps: x % 0 = x, MIN % -1 = 0.
 * - rem: floor modulo, the truncating remainder plus b where their signs differ.
 * - div: truncating, x / 0 = all ones and MIN / -1 = MIN. The quotient goes through Q division,
 *   which vectorises (x86 has no SIMD integer divide), and is exact: for |a| below 2 to the
 *   precision of Q the rounding error of a/b is below 1/|b|, the least distance from a/b to an
 *   integer it is not, so truncating gives the integer quotient. The divisors with their own
 *   answer (0 and -1) divide by 1 instead and their answers are merged with masks: selects here
 *   would become branches, and the loops would stay scalar. */
#define PTO_OPS_SIGNED(name, T, bits, Q)                                                          \
    static inline T PTO(_abs_##name)(T a) { return (T)(a < 0 ? 0u - (uint32_t)a : (uint32_t)a); } \
    static inline T PTO(_relu_##name)(T a) { return a > 0 ? a : 0; }                             \
    static inline T PTO(_shr_##name)(T a, T b)                                                    \
    {                                                                                             \
        const uint##bits##_t c = (uint##bits##_t)b;                                               \
        const unsigned k = c >= bits##u ? bits##u - 1u : c;                                       \
        return (T)(a < 0 ? ~(~(int32_t)a >> k) : (int32_t)a >> k);                                \
    }                                                                                             \
    static inline T PTO(_fmod_##name)(T a, T b) { return b == 0 ? a : b == -1 ? 0 : (T)(a % b); } \
    static inline T PTO(_rem_##name)(T a, T b)                                                    \
    {                                                                                             \
        const T r = PTO(_fmod_##name)(a, b);                                                      \
        return b != 0 && r != 0 && (r < 0) != (b < 0) ? (T)(r + b) : r;                           \
    }                                                                                             \
    static inline T PTO(_div_##name)(T a, T b)                                                    \
    {                                                                                             \
        const uint32_t zero = 0u - (uint32_t)(b == 0), minus_one = 0u - (uint32_t)(b == -1);      \
        const T q = (T)((Q)a / (Q)(b + (b == 0) + 2 * (b == -1)));                                \
        return (T)(((uint32_t)q & ~(zero | minus_one)) | zero | ((0u - (uint32_t)a) & minus_one)); \
    }

/* The same for an unsigned dtype: a logical right shift; fmod with x % 0 = x, which is also its
 * floor modulo; division with x / 0 = all ones, the only divisor with its own answer. */
#define PTO_OPS_UNSIGNED(name, T, bits, Q)                                          \
    static inline T PTO(_shr_##name)(T a, T b)                                      \
    {                                                                               \
        const uint##bits##_t c = (uint##bits##_t)b;                                 \
        return (T)(c >= bits##u ? 0u : (uint32_t)a >> c);                           \
    }                                                                               \
    static inline T PTO(_fmod_##name)(T a, T b) { return b == 0 ? a : (T)(a % b); } \
    static inline T PTO(_rem_##name)(T a, T b) { return PTO(_fmod_##name)(a, b); }  \
    static inline T PTO(_div_##name)(T a, T b)                                      \
    {                                                                               \
        const uint32_t zero = 0u - (uint32_t)(b == 0);                              \
        const T q = (T)((Q)a / (Q)(b + (b == 0)));                                  \
        return (T)(((uint32_t)q & ~zero) | zero);                                   \
    }

PTO_(INTS)(PTO_OPS_INT)

#undef PTO_OPS_INT
#undef PTO_OPS_QUOTIENT_8
#undef PTO_OPS_QUOTIENT_16
#undef PTO_OPS_QUOTIENT_32
#undef PTO_OPS_SIGNED
#undef PTO_OPS_UNSIGNED
