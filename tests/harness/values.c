#include "values.h"

#include <math.h>

#include "ref.h"

uint64_t h_rand(uint64_t *state)
{
    uint64_t z = (*state += H_RAND_STEP);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#define MAX_CLASSES 40
#define MAX_DTYPES 32 /* at least ref_n_dtypes() */

static size_t float_classes(pto_dtype dt, uint64_t *v)
{
    const ref_format *f = ref_fmt(dt);
    uint64_t sign = 1ull << (8 * f->bytes - 1), exp_all = (1ull << f->exp_bits) - 1;
    uint64_t frac_all = (1ull << f->frac_bits) - 1, one = ref_from_double(dt, 1.0);
    uint64_t fn[] = { /* E4M3FN: the largest and the top binade's smallest, and its one NaN */
        0, one, ref_from_double(dt, 2.0), ref_from_double(dt, 3.0), ref_from_double(dt, 0.5), one + 1,
        1ull << f->frac_bits, (exp_all << f->frac_bits) | (frac_all - 1), 1, frac_all,
        exp_all << f->frac_bits, (exp_all << f->frac_bits) | frac_all,
    };
    uint64_t mags[] = {
        0,                                             /* zero */
        one,                                           /* one */
        ref_from_double(dt, 2.0), ref_from_double(dt, 3.0), ref_from_double(dt, 0.5),
        one + 1,                                       /* one ulp above one: rounding ties */
        1ull << f->frac_bits,                          /* min normal */
        ((exp_all - 1) << f->frac_bits) | frac_all,    /* max normal */
        1,                                             /* min subnormal */
        frac_all,                                      /* max subnormal */
        exp_all << f->frac_bits,                       /* inf */
        (exp_all << f->frac_bits) | (1ull << (f->frac_bits - 1)), /* quiet NaN */
        (exp_all << f->frac_bits) | 1,                 /* signalling NaN */
    };
    const uint64_t *m = f->finite ? fn : mags;
    size_t n = 0, i, count = f->finite ? sizeof fn / sizeof fn[0] : sizeof mags / sizeof mags[0];
    for (i = 0; i < count; i++) {
        v[n++] = m[i];
        v[n++] = m[i] | sign;
    }
    return n;
}

static size_t int_classes(pto_dtype dt, uint64_t *v)
{
    const ref_format *f = ref_fmt(dt);
    unsigned w = 8 * f->bytes;
    int64_t lo = f->is_signed ? INT64_MIN >> (64 - w) : 0;
    int64_t hi = f->is_signed ? INT64_MAX >> (64 - w) : (int64_t)(UINT64_MAX >> (64 - w));
    /* the last four are shift counts around the width and past it (255 wraps to -1 in i8) */
    int64_t vals[] = { 0, 1, -1, 2, -2, 3, 7, -7, lo, lo + 1, hi, hi - 1, hi / 2, lo / 2, w - 1, w, w + 1, 255 };
    size_t n = 0, i;
    for (i = 0; i < sizeof vals / sizeof vals[0]; i++) v[n++] = ref_from_int(dt, vals[i]);
    return n;
}

size_t h_classes(pto_dtype dt, const uint64_t **out)
{
    static uint64_t table[MAX_DTYPES][MAX_CLASSES];
    static size_t count[MAX_DTYPES];
    if ((unsigned)dt >= MAX_DTYPES || (unsigned)dt >= ref_n_dtypes()) return *out = NULL, (size_t)0;
    if (count[dt] == 0)
        count[dt] = ref_fmt(dt)->is_float ? float_classes(dt, table[dt]) : int_classes(dt, table[dt]);
    *out = table[dt];
    return count[dt];
}

/* H_FILL_EXTREMES: the row's theme (row mod 8), r a random number */
static uint64_t extreme(pto_dtype dt, uint64_t r, uint32_t row, uint32_t col)
{
    const ref_format *f = ref_fmt(dt);
    const unsigned w = 8 * f->bytes;
    const uint64_t sign = 1ull << (w - 1);
    uint64_t hi, lo, base, above, below;
    if (f->is_float) {
        hi = ref_from_double(dt, INFINITY);
        lo = hi | sign;
        base = (r >> 20) & 1 ? sign : 0;                   /* -0 or +0 */
        above = (r >> 21) & 1 ? hi : ref_from_double(dt, 1.0);
        below = (r >> 21) & 1 ? lo : ref_from_double(dt, -1.0);
    } else {
        hi = f->is_signed ? sign - 1 : (sign << 1) - 1;
        lo = f->is_signed ? sign : 0;
        base = f->is_signed ? 0 : 1;
        above = (r >> 21) & 1 ? hi : base + 1;
        below = (r >> 21) & 1 ? lo : base - 1;
    }
    switch (row % 8) {
    case 0: /* ascending by column, NaN-free: the maximum ends the row (f16 rounds: ties) */
        return f->is_float ? ref_from_double(dt, (double)col) : ref_from_int(dt, (int64_t)col);
    case 1: /* descending: the minimum ends the row */
        return f->is_float ? ref_from_double(dt, -(double)col) : ref_from_int(dt, f->is_signed ? -(int64_t)col : (int64_t)(hi - col));
    case 2: return hi;
    case 3: return lo;
    case 7: /* infinities (integer extremes) of both signs */
        if (f->is_float && r % 61 == 0) return ref_from_double(dt, NAN);
        return (r >> 8) & 1 ? hi : lo;
    default: break;
    }
    if (f->is_float && ((row % 8 == 6 && col == 0) || r % 127 == 0)) return ref_from_double(dt, NAN);
    if ((r >> 8) % 16) return base;
    switch (row % 8) {
    case 4: return above;
    case 5: return below;
    default: return (r >> 12) & 1 ? above : below;
    }
}

/* H_FILL_ORDER (values.h), r a random number */
static uint64_t order_sensitive(pto_dtype dt, uint64_t r, uint32_t row)
{
    const ref_format *f = ref_fmt(dt);
    const double frac = (double)((r >> 8) & 0xffffff) / 16777216.0; /* [0, 1), 24 random bits */
    double x, scale = 1.0;
    unsigned b;
    if (!f->is_float) return (r >> 16) & ((1ull << (8 * f->bytes)) - 1);
    if (row % 2) {
        x = 1.0 + (frac - 0.5) / 16.0;
    } else {
        for (b = 0; b < (unsigned)f->frac_bits / 2 + 1; b++) scale *= 2.0;
        x = 1.0 + frac;
        if (((r >> 40) & 7) == 0) x *= scale;
        else if (((r >> 40) & 7) == 1) x /= scale;
    }
    return ref_from_double(dt, r & 1 ? -x : x);
}

/* H_FILL_DOT (values.h), r a random number */
static uint64_t dot_value(pto_dtype dt, uint64_t r, uint32_t row, uint32_t col)
{
    const ref_format *f = ref_fmt(dt);
    const double frac = (double)((r >> 8) & 0xffffff) / 16777216.0; /* [0, 1), 24 random bits */
    double x;
    if (!f->is_float) return (r >> 16) & ((1ull << (8 * f->bytes)) - 1);
    switch ((row + col) % 4) {
    case 0: x = 0x1p14; break;  /* +-2^14 along a diagonal pattern: big products that cancel */
    case 2: x = -0x1p14; break;
    default: x = ldexp(1.0 + frac, (int)((r >> 40) % 15) - 7); break; /* 2^-7 .. 2^8 */
    }
    return ref_from_double(dt, (r >> 48) % 8 == 0 ? -x : x);
}

static pto_dtype cvt_target = PTO_F32;
void h_cvt_target(pto_dtype dst) { cvt_target = dst; }

/* bits below a precision: 0, half, half + 1, half - 1, 1, all ones, random (n >= 1 bits) */
static uint64_t low_pattern(unsigned n, uint64_t r)
{
    const uint64_t all = n >= 64 ? ~0ull : (1ull << n) - 1, half = 1ull << (n - 1);
    switch (r % 7) {
    case 0: return 0;
    case 1: return half;
    case 2: return (half + 1) & all;
    case 3: return half - 1;
    case 4: return 1;
    case 5: return all;
    default: return (r >> 3) & all;
    }
}

/* H_FILL_CVT (values.h): a value of s aimed at d, r a random number */
static uint64_t cvt_value(pto_dtype s, pto_dtype d, uint64_t r)
{
    const ref_format *fs = ref_fmt(s), *fd = ref_fmt(d);
    const unsigned sw = 8 * fs->bytes, dw = 8 * fd->bytes;
    const uint64_t sign = (r >> 60) & 1;
    const uint64_t q = r >> 4;
    if (fs->is_float && fd->is_float && fs->frac_bits > fd->frac_bits) { /* narrowing: ties at d's precision */
        const int sbias = (1 << (fs->exp_bits - 1)) - 1, dbias = (1 << (fd->exp_bits - 1)) - 1;
        const int lo = 1 - dbias - fd->frac_bits - 2, hi = dbias + 1 + (fd->finite ? 1 : 0);
        int e = lo + (int)(q % (uint64_t)(hi - lo + 1));
        const unsigned drop = (unsigned)(fs->frac_bits - fd->frac_bits);
        uint64_t top = (q >> 8) & ((1ull << fd->frac_bits) - 1), frac;
        if ((q >> 30) % 4 == 0) top = (1ull << fd->frac_bits) - 1; /* the top of a binade: rounds up into the next */
        if (e < 1 - sbias) e = 1 - sbias;
        if (e > sbias) e = sbias;
        frac = (top << drop) | low_pattern(drop, q >> 32);
        return (sign << (sw - 1)) | ((uint64_t)(e + sbias) << fs->frac_bits) | frac;
    }
    if (fs->is_float && (!fd->is_float || s == d)) { /* to an integer, or to an integral value */
        static const double edges[] = { 0, 1, 2, 3, 7, 127, 128, 255, 256, 32767, 32768, 65504, 65535, 65536,
                                        2147483647.0, 2147483648.0, 4294967295.0, 4294967296.0, 8388608.0, 16777216.0,
                                        9223372036854775807.0, 18446744073709551616.0 };
        static const double fracs[] = { 0, 0.25, 0.5, 0.75, -0.25, -0.5, -0.75, 1.5, 2.5, -1.5 };
        double x = edges[q % (sizeof edges / sizeof edges[0])] + fracs[(q >> 8) % (sizeof fracs / sizeof fracs[0])];
        uint64_t b;
        if ((q >> 16) % 3 == 0) x = (double)((q >> 20) % 64) + fracs[(q >> 8) % 4]; /* small numbers */
        b = ref_from_double(s, sign ? -x : x);
        if ((q >> 40) % 4 == 0) { /* a neighbour of the value, one or two ulps away */
            const uint64_t mask = sw == 64 ? ~0ull : (1ull << sw) - 1;
            b = (b + ((q >> 44) & 1 ? 1 : (uint64_t)-1) * (1 + ((q >> 45) & 1))) & mask;
        }
        return b;
    }
    if (!fs->is_float && fd->is_float) { /* an integer to a float: ties at d's precision */
        /* len: the magnitude's bits (a signed source's below its sign bit; its minimum is a class) */
        const unsigned p = (unsigned)fd->frac_bits + 1, len = 1 + (unsigned)(q % (fs->is_signed ? sw - 1 : sw));
        uint64_t m;
        if (len <= p) m = (1ull << (len - 1)) | ((q >> 8) & ((1ull << (len - 1)) - 1));
        else {
            uint64_t top = (1ull << (p - 1)) | ((q >> 8) & ((1ull << (p - 1)) - 1));
            if ((q >> 30) % 4 == 0) top = (1ull << p) - 1;
            m = (top << (len - p)) | low_pattern(len - p, q >> 32);
        }
        if (fs->is_signed && sign) return ref_from_int(s, -(int64_t)m);
        return sw == 64 ? m : m & ((1ull << sw) - 1);
    }
    if (!fs->is_float && !fd->is_float) { /* integers near d's range ends */
        const int64_t dmax = fd->is_signed ? (int64_t)(~0ull >> (65 - dw)) : (dw == 64 ? -1 : (int64_t)((1ull << dw) - 1));
        const int64_t dmin = fd->is_signed ? -dmax - 1 : 0;
        const int64_t at[] = { 0, dmax, dmin, -1, 1 };
        return ref_from_int(s, (int64_t)((uint64_t)at[q % 5] + (q >> 8) % 5 - 2)); /* wraps, no overflow */
    }
    return (r >> 8) & (sw == 64 ? ~0ull : (1ull << sw) - 1); /* widening floats: random bits */
}

uint64_t h_value(pto_dtype dt, int fill, uint64_t *rng, size_t k, size_t offset, uint32_t row, uint32_t col)
{
    const ref_format *f = ref_fmt(dt);
    const uint64_t *cls;
    size_t n = h_classes(dt, &cls);
    uint64_t r = h_rand(rng), m = f->bytes == 8 ? ~0ull : (1ull << (8 * f->bytes)) - 1;
    if (fill == H_FILL_CLASSES) return cls[(k + offset) % n];
    if (fill == H_FILL_CVT) { /* a quarter the source's classes and random bits, the rest aimed at the target */
        if ((r & 7) == 0) return cls[(r >> 8) % n];
        if ((r & 7) == 1) return (r >> 16) & m;
        return cvt_value(dt, cvt_target, r);
    }
    if (fill == H_FILL_EXTREMES) return extreme(dt, r, row, col);
    if (fill == H_FILL_ORDER) return order_sensitive(dt, r, row);
    if (fill == H_FILL_DOT) return dot_value(dt, r, row, col);
    if (fill == H_FILL_TIES) {
        /* few distinct values so rows repeat their maximum; NaN now and then */
        if (f->is_float) {
            static const double few[] = { -1.0, 0.0, -0.0, 1.0, 1.0, 2.0, 2.0, -INFINITY };
            if (r % 97 == 0) return ref_from_double(dt, NAN);
            return ref_from_double(dt, few[(r >> 8) % 8]);
        }
        return ref_from_int(dt, (int64_t)((r >> 8) % 5) - 2);
    }
    /* random: a quarter named classes, a quarter moderate numbers, half raw bits */
    switch (r & 3) {
    case 0: return cls[(r >> 8) % n];
    case 1:
        if (f->is_float) return ref_from_double(dt, ((double)((r >> 8) % 20001) - 10000.0) / 64.0);
        return ref_from_int(dt, (int64_t)((r >> 8) % 201) - 100);
    default: return (r >> 16) & m;
    }
}
