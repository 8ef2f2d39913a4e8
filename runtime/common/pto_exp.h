/* Part of every profile's element operations: hand-written C (runtime/common/), copied into each
 * profile's library as out/<profile>/pto_<profile>_exp.h and included by its pto_<profile>_ops.h.
 * e^x correctly rounded to f32, f16 or bf16 (docs/math.md), freestanding: no libm, no libc.
 *
 * A fast evaluation in double (x = k ln2 + r, |r| <= ln2/2, e^r by its Taylor polynomial of
 * degree 14, scaled by 2^k) has a relative error below 2^-51 on (-200, 100); outside, every
 * format gives +0 or +inf. Its result rounds to the format
 * correctly unless e^x lies within that error of a rounding boundary: the two ends of the error
 * interval are rounded, and where they differ (about once in 2^24 inputs) a slow evaluation in
 * double-double arithmetic (error below 2^-95) decides. Everything but the slow path is
 * branch-free arithmetic, so loops over pto__exp_fast vectorise. */
#ifndef PTO_EXP_H
#define PTO_EXP_H

#include <stdint.h>

/* The vectorising evaluation inlined into every loop that uses it: gcc otherwise calls it out of
 * line from a kernel's remainder loop once the kernel's main loop holds an inlined copy, and the
 * remainder stays scalar (TROWEXPANDEXPDIF f32 mode 2 on 16x16 ran at 1.1 times its plain loop). */
#if defined(__GNUC__)
#define PTO__EXP_INLINE static inline __attribute__((always_inline))
#else
#define PTO__EXP_INLINE static inline
#endif

static inline uint64_t pto__exp_bits(double d) { union { double d; uint64_t u; } x; x.d = d; return x.u; }
static inline double pto__exp_double(uint64_t u) { union { double d; uint64_t u; } x; x.u = u; return x.d; }
static inline float pto__exp_float(uint32_t u) { union { float f; uint32_t u; } x; x.u = u; return x.f; }
static inline uint32_t pto__exp_fbits(float f) { union { float f; uint32_t u; } x; x.f = f; return x.u; }

/* What a vectorising form (pto__<fn>_fast_to, fmod's) returns where the full function must decide:
 * a NaN no special case gives (they give 0x7fc00000 or a NaN input quieted; should one be this,
 * the full function's redo gives it again). Either sign: fmod's keeps the dividend's. */
#define PTO__REDO 0x7fffffffu

/* The formats: precision p (significand bits), least normal exponent, largest exponent. */
#define PTO__EXP_F32 24, -126, 127
#define PTO__EXP_F16 11, -14, 15
#define PTO__EXP_BF16 8, -126, 127

/* The exponent of the quantum of y >= 0 (a normal double, or 0) in the format of precision p and
 * least normal exponent emin: y's own exponent, or emin below it (subnormal quanta), minus p - 1. */
static inline int64_t pto__exp_quantum(double y, int p, int emin)
{
    const int64_t e = (int64_t)((pto__exp_bits(y) >> 52) & 0x7ff) - 1023;
    return (e < emin ? (int64_t)emin : e) - (p - 1);
}

/* all ones where c holds: the special values' and the fast forms' masks (no select: gcc would
 * compute each side only for its lanes, and the loop stays scalar) */
static inline uint32_t pto__exp_mask(int c) { return 0u - (uint32_t)c; }

/* 2^k for a normal double's exponent k, from its bits */
static inline double pto__exp_pow2(int64_t k) { return pto__exp_double((uint64_t)(1023 + k) << 52); }

/* Whether (p, emin, emax) is f32's own format, whose rounding is C's conversion (a test of
 * constants at every call: it folds) */
static inline int pto__exp_is_f32(int p, int emin, int emax) { return p == 24 && emin == -126 && emax == 127; }

/* y > 0 rounded once, to nearest even, to precision p with least normal exponent emin (below it
 * the quantum of subnormals) and largest exponent emax (above: +inf), as a float, which holds
 * every such value. Scaling by powers of two is exact; the magic addition rounds to an integer.
 * f32's own rounding is C's conversion (to nearest even in the default rounding mode, which
 * every kernel's arithmetic assumes; gradual underflow and overflow alike): one instruction. */
PTO__EXP_INLINE float pto__exp_round(double y, int p, int emin, int emax)
{
    if (pto__exp_is_f32(p, emin, emax)) return (float)y;
    const int64_t qe = pto__exp_quantum(y, p, emin);
    const double n = (y * pto__exp_pow2(-qe) + 0x1p52) - 0x1p52; /* < 2^p + 1: exact */
    const double r = n * pto__exp_pow2(qe);
    /* 2^(emax+1) and above: +inf, by moving emax to f32's for the conversion and back (exact both
     * ways for the format's values): no select, so loops over it vectorise */
    const double up = pto__exp_pow2(127 - emax);
    const float down = (float)pto__exp_pow2(-127 + emax);
    return (float)(r * up) * down;
}

/* e^x for x in (-200, 100) in double, relative error below 2^-51 (docs/math.md). k = round(x/ln2)
 * by the magic addition; ln2 in two parts, the first with 32 significant bits so k * LN2_HI is
 * exact and x - k * LN2_HI too. */
PTO__EXP_INLINE double pto__exp_fast(double x)
{
    const double t = x * 0x1.71547652b82fep+0 + 0x1.8p52, kd = t - 0x1.8p52;
    const double r = (x - kd * 0x1.62e42fee00000p-1) - kd * 0x1.a39ef35793c76p-33;
    const uint64_t k = pto__exp_bits(t) - pto__exp_bits(0x1.8p52); /* k, two's complement: no conversion */
    double p = 0x1.93974a8c07c9dp-37; /* 1/14! */
    p = p * r + 0x1.6124613a86d09p-33;
    p = p * r + 0x1.1eed8eff8d898p-29;
    p = p * r + 0x1.ae64567f544e4p-26;
    p = p * r + 0x1.27e4fb7789f5cp-22;
    p = p * r + 0x1.71de3a556c734p-19;
    p = p * r + 0x1.a01a01a01a01ap-16;
    p = p * r + 0x1.a01a01a01a01ap-13;
    p = p * r + 0x1.6c16c16c16c17p-10;
    p = p * r + 0x1.1111111111111p-7;
    p = p * r + 0x1.5555555555555p-5;
    p = p * r + 0x1.5555555555555p-3;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    return p * pto__exp_double((k + 1023) << 52);
}

/* The fast result's error interval ends, rounded: equal when the rounding is settled. */
#define PTO__EXP_ERR 0x1p-49
static inline int pto__exp_settled(double y, int p, int emin, int emax)
{
    return pto__exp_bits((double)pto__exp_round(y * (1 - PTO__EXP_ERR), p, emin, emax)) == pto__exp_bits((double)pto__exp_round(y * (1 + PTO__EXP_ERR), p, emin, emax));
}

/* ---- the slow path: double-double arithmetic (hi + lo, |lo| <= ulp(hi) / 2) ---- */

typedef struct { double hi, lo; } pto__dd;

static inline pto__dd pto__dd_two_sum(double a, double b)
{
    const double s = a + b, bb = s - a;
    pto__dd r;
    r.hi = s;
    r.lo = (a - (s - bb)) + (b - bb);
    return r;
}

/* a * b exactly, by Veltkamp's split (no fused multiply-add needed) */
static inline pto__dd pto__dd_two_prod(double a, double b)
{
    const double ca = 0x1.0000002p27 * a, cb = 0x1.0000002p27 * b;
    const double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;
    pto__dd r;
    r.hi = a * b;
    r.lo = ((ah * bh - r.hi) + ah * bl + al * bh) + al * bl;
    return r;
}

static inline pto__dd pto__dd_add(pto__dd a, pto__dd b)
{
    pto__dd s = pto__dd_two_sum(a.hi, b.hi);
    s.lo += a.lo + b.lo;
    return pto__dd_two_sum(s.hi, s.lo);
}

static inline pto__dd pto__dd_mul(pto__dd a, pto__dd b)
{
    pto__dd p = pto__dd_two_prod(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return pto__dd_two_sum(p.hi, p.lo);
}

static inline pto__dd pto__dd_of(double hi, double lo)
{
    pto__dd r;
    r.hi = hi;
    r.lo = lo;
    return r;
}

/* e^x (x in (-200, 100)) in double-double, relative error below 2^-95: r = x - k ln2 with ln2 in
 * three parts, then the Taylor polynomial of degree 22 (|r| <= 0.35: the tail is below 2^-100). */
static pto__dd pto__exp_dd(double x)
{
    static const double inv_fact[23][2] = {
        { 0x1p0, 0 }, { 0x1p0, 0 }, { 0x1p-1, 0 },
        { 0x1.5555555555555p-3, 0x1.5555555555555p-57 }, { 0x1.5555555555555p-5, 0x1.5555555555555p-59 },
        { 0x1.1111111111111p-7, 0x1.1111111111111p-63 }, { 0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65 },
        { 0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73 }, { 0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76 },
        { 0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73 }, { 0x1.27e4fb7789f5cp-22, 0x1.cbbc05b4fa99ap-76 },
        { 0x1.ae64567f544e4p-26, -0x1.c062e06d1f209p-80 }, { 0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83 },
        { 0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87 }, { 0x1.93974a8c07c9dp-37, 0x1.05d6f8a2efd1fp-92 },
        { 0x1.ae7f3e733b81fp-41, 0x1.1d8656b0ee8cbp-97 }, { 0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101 },
        { 0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103 }, { 0x1.6827863b97d97p-53, 0x1.eec01221a8b0bp-107 },
        { 0x1.2f49b46814157p-57, 0x1.2650f61dbdcb4p-112 }, { 0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120 },
        { 0x1.71b8ef6dcf572p-66, -0x1.d043ae40c4647p-120 }, { 0x1.0ce396db7f853p-70, -0x1.aebcdbd20331cp-124 },
    };
    const double t = x * 0x1.71547652b82fep+0 + 0x1.8p52, kd = t - 0x1.8p52;
    const double scale = pto__exp_double((pto__exp_bits(t) - pto__exp_bits(0x1.8p52) + 1023) << 52);
    pto__dd r = pto__dd_two_prod(-kd, 0x1.62e42fefa39efp-1); /* x - k ln2, ln2 = c1 + c2 + c3 */
    pto__dd p;
    int n;
    r = pto__dd_add(pto__dd_of(x, 0), r);
    r = pto__dd_add(r, pto__dd_two_prod(-kd, 0x1.abc9e3b39803fp-56));
    r = pto__dd_add(r, pto__dd_of(-kd * 0x1.7b57a079a1934p-111, 0));
    p = pto__dd_of(inv_fact[22][0], inv_fact[22][1]);
    for (n = 21; n >= 0; n--) p = pto__dd_add(pto__dd_mul(p, r), pto__dd_of(inv_fact[n][0], inv_fact[n][1]));
    p.hi *= scale; /* a power of two: exact */
    p.lo *= scale;
    return p;
}

/* hi + lo rounded once: in quanta of hi's binade, the integer nearest hi's, moved by one where
 * hi's distance to it and lo together pass half a quantum (a power-of-two scaling is exact, and
 * so is hi's distance to the integer) */
static inline float pto__exp_round_dd(pto__dd v, int p, int emin, int emax)
{
    const int e = (int)((pto__exp_bits(v.hi) >> 52) & 0x7ff) - 1023;
    const int qe = (e < emin ? emin : e) - (p - 1);
    const double down = pto__exp_double((uint64_t)(1023 - qe) << 52);
    const double sh = v.hi * down, n0 = (sh + 0x1p52) - 0x1p52, t = (sh - n0) + v.lo * down;
    const double n = t > 0.5 ? n0 + 1 : (t < -0.5 ? n0 - 1 : n0);
    const double r = n * pto__exp_double((uint64_t)(1023 + qe) << 52);
    const double inf = pto__exp_double(0x7ff0000000000000u);
    return (float)(r >= pto__exp_double((uint64_t)(1023 + emax + 1) << 52) ? inf : r);
}

/* Where the evaluation runs, and e^x's bits elsewhere: +0 below (-200, 100) and +inf above in every
 * format, a NaN quieted (x + x). Branch-free: the vectorising form uses it too. */
static inline int pto__exp_in(float x) { return (x > -200.0f) & (x < 100.0f); }
static inline uint32_t pto__exp_special(float x)
{
    const uint32_t nan = pto__exp_mask(x != x);
    return (nan & pto__exp_fbits(x + x)) | (~nan & pto__exp_mask(x > 0.0f) & 0x7f800000u);
}

/* e^x correctly rounded to the format (p, emin, emax); x one of its values, held in a float. */
static inline float pto__exp_to(float x, int p, int emin, int emax)
{
    double y;
    if (!pto__exp_in(x)) return pto__exp_float(pto__exp_special(x));
    y = pto__exp_fast((double)x);
    if (pto__exp_settled(y, p, emin, emax)) return pto__exp_round(y, p, emin, emax);
    return pto__exp_round_dd(pto__exp_dd((double)x), p, emin, emax);
}

/* The same where the fast evaluation settles the rounding (and outside (-200, 100), where it is
 * a special value), else PTO__REDO: branch-free, so loops over it vectorise; a caller redoes its
 * PTO__REDO results with pto__exp_to. */
PTO__EXP_INLINE float pto__exp_fast_to(float x, int p, int emin, int emax)
{
    const double y = pto__exp_fast((double)x); /* garbage outside the range, never used */
    const float r = pto__exp_round(y, p, emin, emax);
    const float lo = pto__exp_round(y * (1 - PTO__EXP_ERR), p, emin, emax), hi = pto__exp_round(y * (1 + PTO__EXP_ERR), p, emin, emax);
    /* merged by masks: under a select gcc would compute r only for the lanes taking it, and not vectorise */
    const uint32_t in = pto__exp_mask(pto__exp_in(x)), keep = in & pto__exp_mask(lo == hi);
    return pto__exp_float((pto__exp_fbits(r) & keep) | (PTO__REDO & in & ~keep) | (pto__exp_special(x) & ~in));
}

#endif /* PTO_EXP_H */
