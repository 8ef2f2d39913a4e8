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

uint64_t h_value(pto_dtype dt, int fill, uint64_t *rng, size_t k, size_t offset, uint32_t row, uint32_t col)
{
    const ref_format *f = ref_fmt(dt);
    const uint64_t *cls;
    size_t n = h_classes(dt, &cls);
    uint64_t r = h_rand(rng), m = f->bytes == 8 ? ~0ull : (1ull << (8 * f->bytes)) - 1;
    if (fill == H_FILL_CLASSES) return cls[(k + offset) % n];
    if (fill == H_FILL_EXTREMES) return extreme(dt, r, row, col);
    if (fill == H_FILL_ORDER) return order_sensitive(dt, r, row);
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
