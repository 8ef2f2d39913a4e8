#include "values.h"

#include <math.h>

#include "ref.h"

uint64_t h_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#define MAX_CLASSES 40

static size_t float_classes(pto_dtype dt, uint64_t *v)
{
    const ref_format *f = ref_fmt(dt);
    uint64_t sign = 1ull << (8 * f->bytes - 1), exp_all = (1ull << f->exp_bits) - 1;
    uint64_t frac_all = (1ull << f->frac_bits) - 1, one = ref_from_double(dt, 1.0);
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
    size_t n = 0, i;
    for (i = 0; i < sizeof mags / sizeof mags[0]; i++) {
        v[n++] = mags[i];
        v[n++] = mags[i] | sign;
    }
    return n;
}

static size_t int_classes(pto_dtype dt, uint64_t *v)
{
    const ref_format *f = ref_fmt(dt);
    unsigned w = 8 * f->bytes;
    int64_t lo = f->is_signed ? -(int64_t)(1ull << (w - 1)) : 0;
    int64_t hi = f->is_signed ? (int64_t)(1ull << (w - 1)) - 1 : (int64_t)((1ull << w) - 1);
    int64_t vals[] = { 0, 1, -1, 2, -2, 3, 7, -7, lo, lo + 1, hi, hi - 1, hi / 2, lo / 2 };
    size_t n = 0, i;
    for (i = 0; i < sizeof vals / sizeof vals[0]; i++) v[n++] = ref_from_int(dt, vals[i]);
    return n;
}

size_t h_classes(pto_dtype dt, const uint64_t **out)
{
    static uint64_t table[9][MAX_CLASSES];
    static size_t count[9];
    if (count[dt] == 0)
        count[dt] = ref_fmt(dt)->is_float ? float_classes(dt, table[dt]) : int_classes(dt, table[dt]);
    *out = table[dt];
    return count[dt];
}

uint64_t h_value(pto_dtype dt, int fill, uint64_t *rng, size_t k, size_t offset)
{
    const ref_format *f = ref_fmt(dt);
    const uint64_t *cls;
    size_t n = h_classes(dt, &cls);
    uint64_t r = h_rand(rng), m = f->bytes == 8 ? ~0ull : (1ull << (8 * f->bytes)) - 1;
    if (fill == H_FILL_CLASSES) return cls[(k + offset) % n];
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
