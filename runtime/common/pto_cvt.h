/* Part of every profile's library: hand-written C (runtime/common/), copied into out/<profile>/ as
 * pto_<profile>_cvt.h. TCVT's conversion of one element, exactly as docs/contract.md (TCVT) says:
 * one routine per (source class, destination class), float or integer, driven by the dtype table
 * PTO_<PROFILE>_FORMATS (pto_<profile>_ops.h, from spec/dtypes.lua): each dtype is its table row's
 * arguments, PTO_<PROFILE>_FMT_<dtype> (a float: exponent bits, fraction bits, finite; an
 * integer: bits, signed), so that a call with one pair's constants folds to that pair's code:
 *
 *   dst_bits = PTO(_cvt_f2i)(src_bits, PTO_(FMT_f32), PTO_(FMT_i16), round, sat);
 *
 * round is a pto_round (NONE rounds as RINT), sat PTO_SAT_ON or PTO_SAT_OFF (the entry point
 * resolves DEFAULT per pair, spec/isa/tcvt.lua). Elements are bit patterns in uint64_t, the
 * result's bits above its width 0. A value is decoded exactly (sign, magnitude, binary exponent),
 * rounded once on the integer magnitude by the mode, then saturated or wrapped.
 *
 * Not a header to include anywhere else: pto_<profile>_ops.h includes it once, after
 * pto_<profile>_ops_core.h, with PTO(name) and PTO_(NAME) defined. Freestanding: no libc. */

/* a decoded element: (-1)^neg * mag * 2^exp when finite */
typedef struct { uint64_t mag; int32_t exp; uint32_t neg, cls; } PTO(_cvt_num);
enum { PTO_(CVT_FINITE), PTO_(CVT_INF), PTO_(CVT_NAN) };

static inline PTO(_cvt_num) PTO(_cvt_decode_float)(uint64_t x, unsigned eb, unsigned fb, unsigned finite)
{
    const uint64_t emask = (1ull << eb) - 1, fmask = (1ull << fb) - 1;
    const uint64_t e = (x >> fb) & emask, f = x & fmask;
    const int32_t bias = (int32_t)(emask >> 1);
    PTO(_cvt_num) n;
    n.neg = (uint32_t)(x >> (eb + fb)) & 1u;
    n.cls = PTO_(CVT_FINITE);
    n.mag = e ? f | (1ull << fb) : f;
    n.exp = (e ? (int32_t)e : 1) - bias - (int32_t)fb;
    if (e == emask) {
        if (!finite) n.cls = f ? PTO_(CVT_NAN) : PTO_(CVT_INF);
        else if (f == fmask) n.cls = PTO_(CVT_NAN); /* E4M3FN: the top exponent is normal but for S.1111.111 */
    }
    return n;
}

static inline PTO(_cvt_num) PTO(_cvt_decode_int)(uint64_t x, unsigned bits, unsigned sgn)
{
    const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    PTO(_cvt_num) n;
    x &= mask;
    n.neg = sgn && (x >> (bits - 1)) ? 1u : 0u;
    n.mag = n.neg ? (0u - x) & mask : x; /* the minimum's magnitude, 2^(bits-1), fits */
    n.exp = 0;
    n.cls = PTO_(CVT_FINITE);
    return n;
}

/* mag / 2^sh (sh > 0) rounded to an integer by the mode, on a value of sign neg */
static inline uint64_t PTO(_cvt_round)(uint64_t mag, uint32_t sh, uint32_t neg, unsigned round)
{
    const uint64_t q = sh >= 64 ? 0 : mag >> sh, r = sh >= 64 ? mag : mag & ((1ull << sh) - 1);
    /* the remainder against half a unit: -1 below, 0 at, 1 above */
    const uint64_t half = sh > 64 ? 0 : 1ull << (sh - 1);
    const int cmp = sh > 64 ? -1 : r > half ? 1 : r == half ? 0 : -1;
    if (r == 0) return q;
    switch (round) {
    case PTO_ROUND_ROUND: return q + (cmp >= 0);
    case PTO_ROUND_FLOOR: return q + neg;
    case PTO_ROUND_CEIL: return q + !neg;
    case PTO_ROUND_TRUNC: return q;
    case PTO_ROUND_ODD: return q | 1u;
    default: return q + (cmp > 0 || (cmp == 0 && (q & 1u))); /* RINT, NONE: ties to even */
    }
}

/* An integer dst of `bits` (signed: sgn): round by the mode, NaN -> 0; sat ON clamps to dst's
 * range (+-inf to its maximum and minimum), OFF to the signed range of off_bits (32 or 64) and
 * then keeps the low bits. */
static inline uint64_t PTO(_cvt_encode_int)(PTO(_cvt_num) n, unsigned bits, unsigned sgn, unsigned off_bits,
                                            unsigned round, unsigned sat)
{
    const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    const unsigned lim_bits = sat == PTO_SAT_ON ? bits : off_bits;
    const unsigned lim_sgn = sat == PTO_SAT_ON ? sgn : 1u;
    const uint64_t hi = lim_sgn ? (1ull << (lim_bits - 1)) - 1 : mask; /* largest magnitudes */
    const uint64_t lo = lim_sgn ? 1ull << (lim_bits - 1) : 0;
    uint64_t m = 0;
    int big = 0;
    if (n.cls == PTO_(CVT_NAN)) return 0;
    if (n.cls == PTO_(CVT_INF)) big = 1;
    else if (n.exp >= 0) {
        big = n.exp > 0 && n.mag != 0 && (n.exp >= 64 || (n.mag >> (64 - n.exp)) != 0);
        m = big ? 0 : n.mag << n.exp;
    } else {
        m = PTO(_cvt_round)(n.mag, (uint32_t)-n.exp, n.neg, round);
    }
    if (!n.neg) m = big || m > hi ? hi : m;
    else m = 0u - (big || m > lo ? lo : m);
    return m & mask;
}

/* The most negative exponent of a float format's quantum (subnormals') and its largest finite
 * biased exponent and fraction. */
static inline uint64_t PTO(_cvt_max_bits)(unsigned eb, unsigned fb, unsigned finite)
{
    const uint64_t emask = (1ull << eb) - 1, fmask = (1ull << fb) - 1;
    return finite ? (emask << fb) | (fmask - 1) : ((emask - 1) << fb) | fmask;
}

/* A float dst: round by the mode to its precision (subnormals kept); an overflow gives +-max
 * finite with sat ON, and with OFF the IEEE result of the mode (RINT, ROUND: inf; TRUNC, ODD:
 * max; FLOOR: -inf / +max; CEIL: +inf / -max); a finite format (E4M3FN) gives NaN for every
 * inf, and +-max for an inf in with ON. A NaN stays a NaN (its sign kept). */
static inline uint64_t PTO(_cvt_encode_float)(PTO(_cvt_num) n, unsigned eb, unsigned fb, unsigned finite,
                                              unsigned round, unsigned sat)
{
    const uint64_t emask = (1ull << eb) - 1, sign = (uint64_t)n.neg << (eb + fb);
    const uint64_t inf = emask << fb, max = PTO(_cvt_max_bits)(eb, fb, finite);
    const uint64_t nan = finite ? inf | ((1ull << fb) - 1) : inf | (1ull << (fb - 1));
    const int32_t bias = (int32_t)(emask >> 1), emin = 1 - bias;
    uint64_t m, over;
    int32_t top, q, e;
    if (n.cls == PTO_(CVT_NAN)) return sign | nan;
    if (n.cls == PTO_(CVT_INF)) return sign | (finite ? (sat == PTO_SAT_ON ? max : nan) : inf);
    if (n.mag == 0) return sign;
    for (top = 63; !(n.mag >> top); top--) {
    }
    e = n.exp + top;                                     /* 2^e <= |value| < 2^(e+1) */
    q = (e > emin ? e : emin) - (int32_t)fb;             /* the exponent of dst's quantum there */
    m = q <= n.exp ? n.mag << (n.exp - q) : PTO(_cvt_round)(n.mag, (uint32_t)(q - n.exp), n.neg, round);
    if (m >> (fb + 1)) { m >>= 1; q++; }                 /* rounded up into the next binade */
    if (!(m >> fb)) return sign | m;                     /* subnormal or zero: the quantum is emin's */
    e = q + (int32_t)fb + bias;                          /* the biased exponent */
    if (e < (int32_t)emask || (finite && e == (int32_t)emask && (m & ((1ull << fb) - 1)) != ((1ull << fb) - 1)))
        return sign | ((uint64_t)e << fb) | (m & ((1ull << fb) - 1));
    /* overflow */
    if (sat == PTO_SAT_ON) return sign | max;
    switch (round) {
    case PTO_ROUND_TRUNC: case PTO_ROUND_ODD: over = max; break;
    case PTO_ROUND_FLOOR: over = n.neg ? inf : max; break;
    case PTO_ROUND_CEIL: over = n.neg ? max : inf; break;
    default: over = inf; break; /* RINT, ROUND, NONE */
    }
    return sign | (finite && over == inf ? nan : over);
}

/* float -> float; the same format (f32 -> f32) rounds to an integral value by the mode */
static inline uint64_t PTO(_cvt_f2f)(uint64_t x, unsigned seb, unsigned sfb, unsigned sfin,
                                     unsigned deb, unsigned dfb, unsigned dfin, unsigned round, unsigned sat)
{
    PTO(_cvt_num) n = PTO(_cvt_decode_float)(x, seb, sfb, sfin);
    if (seb == deb && sfb == dfb && sfin == dfin && n.cls == PTO_(CVT_FINITE) && n.exp < 0) {
        n.mag = PTO(_cvt_round)(n.mag, (uint32_t)-n.exp, n.neg, round);
        n.exp = 0;
    }
    return PTO(_cvt_encode_float)(n, deb, dfb, dfin, round, sat);
}

/* float -> integer: OFF clamps to the int32 range (int64 for a 64-bit dst), then wraps */
static inline uint64_t PTO(_cvt_f2i)(uint64_t x, unsigned seb, unsigned sfb, unsigned sfin,
                                     unsigned dbits, unsigned dsgn, unsigned round, unsigned sat)
{
    return PTO(_cvt_encode_int)(PTO(_cvt_decode_float)(x, seb, sfb, sfin), dbits, dsgn, dbits == 64 ? 64u : 32u, round, sat);
}

static inline uint64_t PTO(_cvt_i2f)(uint64_t x, unsigned sbits, unsigned ssgn,
                                     unsigned deb, unsigned dfb, unsigned dfin, unsigned round, unsigned sat)
{
    return PTO(_cvt_encode_float)(PTO(_cvt_decode_int)(x, sbits, ssgn), deb, dfb, dfin, round, sat);
}

/* integer -> integer: ON clamps, OFF wraps (every source value is in the int64 range) */
static inline uint64_t PTO(_cvt_i2i)(uint64_t x, unsigned sbits, unsigned ssgn,
                                     unsigned dbits, unsigned dsgn, unsigned round, unsigned sat)
{
    return PTO(_cvt_encode_int)(PTO(_cvt_decode_int)(x, sbits, ssgn), dbits, dsgn, 64u, round, sat);
}
