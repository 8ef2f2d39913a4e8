/* Part of every profile's element operations: hand-written C (runtime/common/), copied into each
 * profile's library as out/<profile>/pto_<profile>_math.h and included by its pto_<profile>_ops.h
 * after pto_<profile>_exp.h, whose rounding routine, bit casts and double-double arithmetic it
 * uses. log, sqrt and rsqrt correctly rounded to f32, f16 or bf16 (docs/math.md), freestanding:
 * no libm (no hardware square root either: __builtin_sqrt may call libm), no libc.
 *
 * exp's design: a fast evaluation in double with a proven relative error bound; where its error
 * interval holds no rounding boundary the result rounded is the answer, else (the boundary is
 * the midpoint of two neighbours) a slow path decides on which side of that midpoint the exact
 * value lies, exactly (sqrt, rsqrt: the midpoint squared) or with exp's double-double
 * e^midpoint (log). Each format's value is exact in double and its result is rounded once, from
 * double, to the format itself: nothing goes through an f32 result. */
#ifndef PTO_MATH_H
#define PTO_MATH_H

#include <stdint.h>

/* Four times (at least) every fast evaluation's bound below: log 2^-51, rsqrt 2^-51, sqrt 2^-50.5. */
#define PTO__MATH_ERR 0x1p-48

#define PTO__MATH_INF 0x7f800000u
#define PTO__MATH_NAN 0x7fc00000u

/* y rounded once to the format (p, emin, emax), either sign: exp's routine on |y|, the sign put
 * back on the bits (y = 0 gives +0) */
static inline float pto__math_round(double y, int p, int emin, int emax)
{
    const uint64_t sign = pto__exp_bits(y) & 0x8000000000000000u;
    const float r = pto__exp_round(pto__exp_double(pto__exp_bits(y) ^ sign), p, emin, emax);
    return pto__exp_float(pto__exp_fbits(r) | (uint32_t)(sign >> 32));
}

/* the ends of the fast result's error interval, rounded */
static inline float pto__math_end_lo(double y, int p, int emin, int emax) { return pto__math_round(y * (1 - PTO__MATH_ERR), p, emin, emax); }
static inline float pto__math_end_hi(double y, int p, int emin, int emax) { return pto__math_round(y * (1 + PTO__MATH_ERR), p, emin, emax); }

/* Is the rounding of a = |y| settled: does no rounding boundary lie in the error interval? In
 * quanta of a's binade the boundaries are the half-integers (or 2^(p-1) - 1/4 below the binade,
 * far out of reach; 2^p + 1/2 above it is no boundary, and out of reach too), so: the distance of
 * a to its nearest integer stays below 1/2 by more than the interval's half-width. Every step is
 * exact (powers of two, the magic addition, the integer's distance). exp rounds both ends and
 * compares them (pto__exp_settled): the same decision but where an end's product rounds across a
 * boundary, for three roundings instead of one. */
static inline int pto__math_settled(double a, int p, int emin)
{
    const double scaled = a * pto__exp_pow2(-pto__exp_quantum(a, p, emin));
    const double d = scaled - ((scaled + 0x1p52) - 0x1p52);
    return 0.5 - pto__exp_double(pto__exp_bits(d) & 0x7fffffffffffffffu) > scaled * PTO__MATH_ERR;
}

static inline double pto__math_abs(double y) { return pto__exp_double(pto__exp_bits(y) & 0x7fffffffffffffffu); }

/* y rounded where the rounding is settled, else PTO__REDO; and `special` (the function's value
 * there) where ok is 0. Merged by masks, no select (under a select gcc computes the rounding only
 * for the lanes taking it, and the loop stays scalar); the rounding and the settling share their
 * scaling once inlined. The special values come out here, not in the redo: a tile of negative
 * square roots would otherwise take the redo's branch at random (sqrt ran at 0.8 times its plain loop).
 * f32 (a constant test: it folds) settles as exp does, both ends of the interval converted, and
 * where they agree the lower end's bits are the answer: two conversions in place of the scaled
 * distance and a third rounding (TLOG f32 0.29 -> 0.22 of its loop); the slow path then takes a
 * few other inputs (tests/math/test_math.c lists them). */
PTO__EXP_INLINE float pto__math_settled_or_redo(double y, int ok, uint32_t special, int p, int emin, int emax)
{
    const uint32_t in = pto__exp_mask(ok);
    uint32_t keep, r;
    if (pto__exp_is_f32(p, emin, emax)) {
        r = pto__exp_fbits((float)(y * (1 - PTO__MATH_ERR)));
        keep = in & pto__exp_mask(r == pto__exp_fbits((float)(y * (1 + PTO__MATH_ERR))));
    } else {
        r = pto__exp_fbits(pto__math_round(y, p, emin, emax));
        keep = in & pto__exp_mask(pto__math_settled(pto__math_abs(y), p, emin));
    }
    return pto__exp_float((r & keep) | (PTO__REDO & in & ~keep) | (special & ~in));
}

/* Where log, sqrt and rsqrt evaluate: x > 0 finite; elsewhere each function's pto__<fn>_special
 * gives its bits, branch-free (the scalar function and its vectorising form share it) */
static inline int pto__math_in(float x) { return (x > 0.0f) & (x < pto__exp_float(PTO__MATH_INF)); }

/* An unsettled rounding: the interval holds one rounding boundary, the midpoint of two
 * neighbouring values of the format (the interval is far narrower than an ulp): the rounded ends.
 * The exact value lies above it or below, never on it (no such function value is a midpoint: see
 * each). Should the ends' products round to one side (the boundary within 2^-53 of an end), the
 * exact value, within a quarter of the interval of y, is on that side too: lo = hi is the answer. */
typedef struct { float lo, hi; double mid; } pto__math_pair;

static inline pto__math_pair pto__math_pair_of(double y, int p, int emin, int emax)
{
    const float a = pto__math_end_lo(y, p, emin, emax), b = pto__math_end_hi(y, p, emin, emax);
    pto__math_pair r;
    r.lo = a < b ? a : b;
    r.hi = a < b ? b : a;
    r.mid = ((double)r.lo + (double)r.hi) * 0.5; /* exact: neighbours of at most 24 bits */
    return r;
}

/* y (within the error bound of the exact value) rounded once: directly where the bound settles it,
 * else the neighbour on the side of the midpoint that above(x, mid) names, the function's exact
 * test of whether its value at x lies above mid (each function's pto__<fn>_above) */
static inline float pto__math_decide(double y, float x, int (*above)(float, double), int p, int emin, int emax)
{
    if (pto__math_settled(pto__math_abs(y), p, emin)) return pto__math_round(y, p, emin, emax);
    {
        const pto__math_pair c = pto__math_pair_of(y, p, emin, emax);
        return above(x, c.mid) ? c.hi : c.lo;
    }
}

/* ---- log ---- */

/* ln x for x > 0 finite (a format's value, a normal double), relative error below 2^-51: x =
 * 2^k m, m in [sqrt(1/2), sqrt(2)) (k from the bits of x plus the distance of sqrt(1/2) to 1: no
 * branch, no integer conversion), f = m - 1 (exact), and ln m = f - f^2/2 + s (f^2/2 + R) with
 * s = f / (2 + f), R = 2 atanh(s)/s - 2, its Taylor series in z = s^2 <= 0.0295 to degree 11
 * (tail below 2^-60 of the result): the error of s and R falls on a correction below 0.07 of the
 * result. k ln2 in two parts, the first with 33 significant bits, so k ln2_hi is exact (|k| <= 150). */
static inline double pto__log_fast(double x)
{
    const uint64_t kb = (pto__exp_bits(x) + 0x95f619980c433u) >> 52; /* k + 1023 */
    const double m = pto__exp_double(pto__exp_bits(x) - (kb << 52) + ((uint64_t)1023 << 52));
    const double k = pto__exp_double(pto__exp_bits(0x1.8p52) + kb) - (0x1.8p52 + 1023); /* exact */
    const double f = m - 1, s = f / (2 + f), z = s * s, hfsq = 0.5 * f * f;
    double r = 0x1.642c8590b2164p-4; /* 2/23 */
    r = r * z + 0x1.8618618618618p-4;
    r = r * z + 0x1.af286bca1af28p-4;
    r = r * z + 0x1.e1e1e1e1e1e1ep-4;
    r = r * z + 0x1.1111111111111p-3;
    r = r * z + 0x1.3b13b13b13b14p-3;
    r = r * z + 0x1.745d1745d1746p-3;
    r = r * z + 0x1.c71c71c71c71cp-3;
    r = r * z + 0x1.2492492492492p-2;
    r = r * z + 0x1.999999999999ap-2;
    r = r * z + 0x1.5555555555555p-1; /* 2/3 */
    r *= z;
    return k * 0x1.62e42fee00000p-1 + (f - (hfsq - (s * (hfsq + r) + k * 0x1.a39ef35793c76p-33)));
}

/* The slow paths' decisions: is the function of x above mid, the midpoint of two neighbouring
 * values of the format (mid > 0 for sqrt and rsqrt)? log: x above e^mid, by exp's double-double
 * e^mid (relative error below 2^-95; x - e^mid.hi is exact, the two within a factor 2). */

/* ln x correctly rounded to the format; x one of its values, held in a float. ln x is never
 * subnormal nor out of range (|ln x| >= 2^-25 for x != 1), and never a midpoint: an exact ln
 * of a format value is ln 1 = 0 only. */
static inline int pto__log_above(float x, double mid)
{
    const pto__dd e = pto__exp_dd(mid);
    return (double)x - e.hi > e.lo;
}

/* ln(+-0) = -inf, ln(x < 0) = NaN, ln(+inf) = +inf, a NaN quieted (x + x) */
static inline uint32_t pto__log_special(float x)
{
    const uint32_t zero = pto__exp_mask(x == 0), neg = pto__exp_mask(x < 0);
    return (zero & 0xff800000u) | (neg & PTO__MATH_NAN) | (~zero & ~neg & pto__exp_fbits(x + x));
}

static inline float pto__log_to(float x, int p, int emin, int emax)
{
    double y;
    if (!pto__math_in(x)) return pto__exp_float(pto__log_special(x));
    y = pto__log_fast((double)x);
    return pto__math_decide(y, x, pto__log_above, p, emin, emax);
}

/* the same where the fast evaluation settles the rounding (and for x <= 0, +inf and NaN, as
 * pto__log_to), else PTO__REDO: branch-free, so loops over it vectorise; a caller redoes its
 * PTO__REDO results with pto__log_to */
static inline float pto__log_fast_to(float x, int p, int emin, int emax)
{
    return pto__math_settled_or_redo(pto__log_fast((double)x), pto__math_in(x), pto__log_special(x), p, emin, emax);
}

/* ---- sqrt and rsqrt ---- */

/* 1/sqrt(x) for x > 0 finite (a normal double), relative error below 2^-51: the bit-pattern
 * estimate (error below 3.5%), then four Newton steps y (3/2 - x/2 y^2), each squaring the error
 * (1.8e-3, 4.6e-6, 3.2e-11, below 2^-68); the last step's roundings add below 1.5 2^-52. */
static inline double pto__rsqrt_fast(double x)
{
    const double hx = 0.5 * x;
    double y = pto__exp_double(0x5fe6eb50c7b537a9u - (pto__exp_bits(x) >> 1));
    y = y * (1.5 - hx * (y * y));
    y = y * (1.5 - hx * (y * y));
    y = y * (1.5 - hx * (y * y));
    return y * (1.5 - hx * (y * y));
}

/* sqrt(x) correctly rounded to the format; x one of its values, held in a float. The fast value
 * x rsqrt(x) has a relative error below 2^-50.5; sqrt(x) is never subnormal nor out of range
 * (x >= 2^-149 gives 2^-74.5) and never a midpoint m (p + 1 significant bits, the last one set:
 * m^2 has 2p + 2 and its last one set too, no format value). The slow path compares x with m^2,
 * exact in double (at most 50 bits). */
static inline int pto__sqrt_above(float x, double mid) { return (double)x > mid * mid; }

/* sqrt(x < 0) = NaN; +-0 and +inf kept, a NaN quieted: x + x */
static inline uint32_t pto__sqrt_special(float x)
{
    const uint32_t neg = pto__exp_mask(x < 0);
    return (neg & PTO__MATH_NAN) | (~neg & pto__exp_fbits(x + x));
}

static inline float pto__sqrt_to(float x, int p, int emin, int emax)
{
    double y;
    if (!pto__math_in(x)) return pto__exp_float(pto__sqrt_special(x));
    y = (double)x * pto__rsqrt_fast((double)x);
    return pto__math_decide(y, x, pto__sqrt_above, p, emin, emax);
}

static inline float pto__sqrt_fast_to(float x, int p, int emin, int emax)
{
    return pto__math_settled_or_redo((double)x * pto__rsqrt_fast((double)x), pto__math_in(x), pto__sqrt_special(x), p, emin, emax);
}

/* 1/sqrt(x) correctly rounded to the format; x one of its values, held in a float. rsqrt(+-0) =
 * +-inf (IEEE 754's rSqrt), rsqrt(+inf) = +0. The result lies in (2^-65, 2^75): never subnormal
 * nor out of range; and never a midpoint m (m^2 x = 1 makes m a power of two). The slow path
 * compares m^2 x with 1: m^2 exact in double, its product with x exact as a double-double. */
static inline int pto__rsqrt_above(float x, double mid)
{
    const pto__dd q = pto__dd_two_prod(mid * mid, (double)x);
    return q.hi < 1 || (q.hi == 1 && q.lo < 0);
}

/* rsqrt(+-0) = +-inf, rsqrt(x < 0) = NaN, rsqrt(+inf) = +0, a NaN quieted (x + x) */
static inline uint32_t pto__rsqrt_special(float x)
{
    const uint32_t zero = pto__exp_mask(x == 0), neg = pto__exp_mask(x < 0), pos = pto__exp_mask(x > 0);
    return (zero & ((pto__exp_fbits(x) & 0x80000000u) | PTO__MATH_INF)) | (neg & PTO__MATH_NAN)
           | (~zero & ~neg & ~pos & pto__exp_fbits(x + x));
}

static inline float pto__rsqrt_to(float x, int p, int emin, int emax)
{
    double y;
    if (!pto__math_in(x)) return pto__exp_float(pto__rsqrt_special(x));
    y = pto__rsqrt_fast((double)x);
    return pto__math_decide(y, x, pto__rsqrt_above, p, emin, emax);
}

static inline float pto__rsqrt_fast_to(float x, int p, int emin, int emax)
{
    return pto__math_settled_or_redo(pto__rsqrt_fast((double)x), pto__math_in(x), pto__rsqrt_special(x), p, emin, emax);
}

#endif /* PTO_MATH_H */
