#include "ref.h"

#include <math.h>
#include <mpfr.h>

static const ref_format formats[] = {
    [PTO_F32] = { "f32", 4, 1, 0, 8, 23 },  [PTO_F16] = { "f16", 2, 1, 0, 5, 10 },
    [PTO_BF16] = { "bf16", 2, 1, 0, 8, 7 }, [PTO_I32] = { "i32", 4, 0, 1, 0, 0 },
    [PTO_U32] = { "u32", 4, 0, 0, 0, 0 },   [PTO_I16] = { "i16", 2, 0, 1, 0, 0 },
    [PTO_U16] = { "u16", 2, 0, 0, 0, 0 },   [PTO_I8] = { "i8", 1, 0, 1, 0, 0 },
    [PTO_U8] = { "u8", 1, 0, 0, 0, 0 },
};

const ref_format *ref_fmt(pto_dtype dt) { return &formats[dt]; }

static uint64_t mask(const ref_format *f) { return f->bytes == 8 ? ~0ull : (1ull << (8 * f->bytes)) - 1; }

int ref_is_nan(pto_dtype dt, uint64_t bits)
{
    const ref_format *f = ref_fmt(dt);
    uint64_t exp_all = (1ull << f->exp_bits) - 1;
    if (!f->is_float) return 0;
    return ((bits >> f->frac_bits) & exp_all) == exp_all && (bits & ((1ull << f->frac_bits) - 1)) != 0;
}

int ref_same(pto_dtype dt, uint64_t expected, uint64_t actual)
{
    if (ref_is_nan(dt, expected) || ref_is_nan(dt, actual))
        return ref_is_nan(dt, expected) && ref_is_nan(dt, actual);
    return expected == actual;
}

double ref_to_double(pto_dtype dt, uint64_t bits)
{
    const ref_format *f = ref_fmt(dt);
    int bias = (1 << (f->exp_bits - 1)) - 1;
    uint64_t frac = bits & ((1ull << f->frac_bits) - 1);
    uint64_t e = (bits >> f->frac_bits) & ((1ull << f->exp_bits) - 1);
    int negative = (int)(bits >> (8 * f->bytes - 1)) & 1;
    double mag;
    if (e == (1ull << f->exp_bits) - 1)
        mag = frac ? NAN : INFINITY;
    else if (e == 0)
        mag = ldexp((double)frac, 1 - bias - f->frac_bits);
    else
        mag = ldexp((double)(frac | 1ull << f->frac_bits), (int)e - bias - f->frac_bits);
    return negative ? -mag : mag;
}

uint64_t ref_from_double(pto_dtype dt, double x)
{
    const ref_format *f = ref_fmt(dt);
    int bias = (1 << (f->exp_bits - 1)) - 1, emin = 1 - bias, e2;
    uint64_t sign = (uint64_t)(signbit(x) ? 1 : 0) << (8 * f->bytes - 1);
    uint64_t exp_all = (1ull << f->exp_bits) - 1, one = 1ull << f->frac_bits, m;
    double a = fabs(x), r;
    int E;
    if (isnan(x)) return (exp_all << f->frac_bits) | (one >> 1); /* a quiet NaN */
    if (isinf(x)) return sign | exp_all << f->frac_bits;
    if (a == 0) return sign;
    (void)frexp(a, &e2);
    E = e2 - 1 < emin ? emin : e2 - 1;           /* exponent of the result's quantum scale */
    r = nearbyint(ldexp(a, f->frac_bits - E));   /* exact scaling, then one rounding to even */
    m = (uint64_t)r;
    if (m == 2 * one) { m = one; E++; }         /* rounding carried into the next binade */
    if (m < one) return sign | m;                /* subnormal (or rounded to zero) */
    if (E + bias >= (int)exp_all) return sign | exp_all << f->frac_bits; /* overflow */
    return sign | (uint64_t)(E + bias) << f->frac_bits | (m - one);
}

int64_t ref_to_int(pto_dtype dt, uint64_t bits)
{
    const ref_format *f = ref_fmt(dt);
    unsigned w = 8 * f->bytes;
    bits &= mask(f);
    if (f->is_signed && (bits >> (w - 1) & 1)) return (int64_t)bits - (int64_t)(1ull << w);
    return (int64_t)bits;
}

uint64_t ref_from_int(pto_dtype dt, int64_t v) { return (uint64_t)v & mask(ref_fmt(dt)); }

typedef double (*dop)(double, double);
static double d_add(double a, double b) { return a + b; }
static double d_sub(double a, double b) { return a - b; }
static double d_mul(double a, double b) { return a * b; }
static double d_div(double a, double b) { return a / b; }

static uint64_t float_op(pto_dtype dt, uint64_t a, uint64_t b, dop op)
{
    return ref_from_double(dt, op(ref_to_double(dt, a), ref_to_double(dt, b)));
}

uint64_t ref_add(pto_dtype dt, uint64_t a, uint64_t b)
{
    if (ref_fmt(dt)->is_float) return float_op(dt, a, b, d_add);
    return ref_from_int(dt, (int64_t)((uint64_t)ref_to_int(dt, a) + (uint64_t)ref_to_int(dt, b)));
}

uint64_t ref_sub(pto_dtype dt, uint64_t a, uint64_t b)
{
    if (ref_fmt(dt)->is_float) return float_op(dt, a, b, d_sub);
    return ref_from_int(dt, (int64_t)((uint64_t)ref_to_int(dt, a) - (uint64_t)ref_to_int(dt, b)));
}

uint64_t ref_mul(pto_dtype dt, uint64_t a, uint64_t b)
{
    if (ref_fmt(dt)->is_float) return float_op(dt, a, b, d_mul);
    return ref_from_int(dt, (int64_t)((uint64_t)ref_to_int(dt, a) * (uint64_t)ref_to_int(dt, b)));
}

uint64_t ref_div(pto_dtype dt, uint64_t a, uint64_t b)
{
    int64_t x, y;
    if (ref_fmt(dt)->is_float) return float_op(dt, a, b, d_div);
    x = ref_to_int(dt, a);
    y = ref_to_int(dt, b);
    if (y == 0) return mask(ref_fmt(dt));       /* all ones: -1 signed, max unsigned */
    return ref_from_int(dt, x / y);             /* truncates; MIN / -1 wraps to MIN */
}

uint64_t ref_fmod(pto_dtype dt, uint64_t a, uint64_t b)
{
    int64_t x, y;
    if (ref_fmt(dt)->is_float) return float_op(dt, a, b, fmod); /* C's fmod is exact */
    x = ref_to_int(dt, a);
    y = ref_to_int(dt, b);
    if (y == 0) return a;
    return ref_from_int(dt, x % y);           /* in 64 bits: MIN % -1 is 0 */
}

uint64_t ref_rem(pto_dtype dt, uint64_t a, uint64_t b)
{
    int64_t x, y, r;
    if (ref_fmt(dt)->is_float) {
        double u = ref_to_double(dt, a), v = ref_to_double(dt, b), q = fmod(u, v);
        if (q == 0) return ref_from_double(dt, copysign(0.0, v));
        if (signbit(q) != signbit(v) && !isnan(q)) q += v; /* rounded in double, then to the dtype: 53 >= 2p + 2 */
        return ref_from_double(dt, q);
    }
    x = ref_to_int(dt, a);
    y = ref_to_int(dt, b);
    if (y == 0) return a;
    r = x % y;
    return ref_from_int(dt, r != 0 && (r < 0) != (y < 0) ? r + y : r);
}

/* fn(a) by GNU MPFR at the dtype's precision and exponent range (subnormals included), rounded once */
static uint64_t mpfr_fn(pto_dtype dt, uint64_t a, int (*fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t))
{
    const ref_format *f = ref_fmt(dt);
    const int p = f->frac_bits + 1, bias = (1 << (f->exp_bits - 1)) - 1;
    const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t m;
    double r;
    int t;
    if (ref_is_nan(dt, a)) return a;
    mpfr_set_emin(1 - bias - p + 2); /* MPFR's exponents are one more: 0.1b x 2^e */
    mpfr_set_emax(bias + 1);
    mpfr_init2(m, p);
    mpfr_set_d(m, ref_to_double(dt, a), MPFR_RNDN); /* exact */
    t = fn(m, m, MPFR_RNDN);
    mpfr_subnormalize(m, t, MPFR_RNDN);
    r = mpfr_get_d(m, MPFR_RNDN);                   /* exact: a value of the dtype */
    mpfr_clear(m);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return ref_from_double(dt, r);
}

static int mpfr_recip(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd) { return mpfr_ui_div(r, 1, a, rnd); }

uint64_t ref_exp(pto_dtype dt, uint64_t a) { return mpfr_fn(dt, a, mpfr_exp); }
uint64_t ref_log(pto_dtype dt, uint64_t a) { return mpfr_fn(dt, a, mpfr_log); }
uint64_t ref_sqrt(pto_dtype dt, uint64_t a) { return mpfr_fn(dt, a, mpfr_sqrt); }
uint64_t ref_recip(pto_dtype dt, uint64_t a) { return mpfr_fn(dt, a, mpfr_recip); }

/* MPFR's rec_sqrt gives +inf for -0; the contract (IEEE 754's rSqrt) -inf */
uint64_t ref_rsqrt(pto_dtype dt, uint64_t a)
{
    const ref_format *f = ref_fmt(dt);
    const uint64_t sign = 1ull << (f->exp_bits + f->frac_bits);
    return a == sign ? ref_from_double(dt, -INFINITY) : mpfr_fn(dt, a, mpfr_rec_sqrt);
}

uint64_t ref_and(pto_dtype dt, uint64_t a, uint64_t b) { return ref_from_int(dt, (int64_t)(a & b)); }
uint64_t ref_or(pto_dtype dt, uint64_t a, uint64_t b) { return ref_from_int(dt, (int64_t)(a | b)); }
uint64_t ref_xor(pto_dtype dt, uint64_t a, uint64_t b) { return ref_from_int(dt, (int64_t)(a ^ b)); }

/* b's bits as an unsigned count */
static uint64_t count_of(pto_dtype dt, uint64_t b) { return (uint64_t)ref_from_int(dt, (int64_t)b); }

uint64_t ref_shl(pto_dtype dt, uint64_t a, uint64_t b)
{
    const uint64_t c = count_of(dt, b);
    return c >= 8u * ref_fmt(dt)->bytes ? 0 : ref_from_int(dt, (int64_t)(a << c));
}

uint64_t ref_shr(pto_dtype dt, uint64_t a, uint64_t b)
{
    const uint64_t c = count_of(dt, b), w = 8u * ref_fmt(dt)->bytes;
    const int64_t x = ref_to_int(dt, a);
    if (ref_fmt(dt)->is_signed) { /* floor(x / 2^c): the sign fill for c >= w */
        const uint64_t k = c >= w ? w - 1 : c;
        return ref_from_int(dt, x >= 0 ? x / ((int64_t)1 << k) : -((-x - 1) / ((int64_t)1 << k)) - 1);
    }
    return c >= w ? 0 : ref_from_int(dt, x / ((int64_t)1 << c));
}

uint64_t ref_lrelu(pto_dtype dt, uint64_t a, uint64_t b)
{
    const double x = ref_to_double(dt, a), s = ref_to_double(dt, b);
    return x >= 0 ? a : ref_from_double(dt, x * s); /* the product of two dtype values is exact in double */
}

uint64_t ref_neg(pto_dtype dt, uint64_t a)
{
    const ref_format *f = ref_fmt(dt);
    if (f->is_float) return a ^ (1ull << (8 * f->bytes - 1));
    return ref_from_int(dt, (int64_t)(0 - (uint64_t)ref_to_int(dt, a)));
}

uint64_t ref_abs(pto_dtype dt, uint64_t a)
{
    const ref_format *f = ref_fmt(dt);
    const int64_t v = ref_to_int(dt, a);
    if (f->is_float) return a & ~(1ull << (8 * f->bytes - 1));
    return v < 0 ? ref_neg(dt, a) : a;
}

uint64_t ref_not(pto_dtype dt, uint64_t a) { return ref_from_int(dt, (int64_t)~a); }

/* IEEE 754-2019 maximum with +0: -0 and every negative number give +0, a NaN stays a NaN */
uint64_t ref_relu(pto_dtype dt, uint64_t a)
{
    const ref_format *f = ref_fmt(dt);
    if (f->is_float) return ref_is_nan(dt, a) || ref_to_double(dt, a) > 0 ? a : 0;
    return ref_to_int(dt, a) > 0 ? a : 0;
}

/* IEEE 754-2019 maximum (want_max) or minimum: NaN wins, then -0 < +0, then the value. */
static uint64_t extremum(pto_dtype dt, uint64_t a, uint64_t b, int want_max)
{
    const ref_format *f = ref_fmt(dt);
    if (f->is_float) {
        double x, y;
        if (ref_is_nan(dt, a)) return a;
        if (ref_is_nan(dt, b)) return b;
        x = ref_to_double(dt, a);
        y = ref_to_double(dt, b);
        if (x == y) {
            if (x == 0 && signbit(x) != signbit(y)) return (want_max == !signbit(x)) ? a : b;
            return a;
        }
        return (x > y) == want_max ? a : b;
    }
    return (ref_to_int(dt, a) > ref_to_int(dt, b)) == want_max ? a : b;
}

uint64_t ref_max(pto_dtype dt, uint64_t a, uint64_t b) { return extremum(dt, a, b, 1); }
uint64_t ref_min(pto_dtype dt, uint64_t a, uint64_t b) { return extremum(dt, a, b, 0); }

size_t ref_argmax(pto_dtype dt, const uint64_t *row, size_t n)
{
    size_t best = 0, j;
    for (j = 0; j < n; j++) {
        if (ref_fmt(dt)->is_float) {
            if (ref_is_nan(dt, row[j])) return j; /* the first NaN is above everything */
            if (ref_to_double(dt, row[j]) > ref_to_double(dt, row[best])) best = j;
        } else if (ref_to_int(dt, row[j]) > ref_to_int(dt, row[best])) {
            best = j;
        }
    }
    return best;
}

size_t ref_argmin(pto_dtype dt, const uint64_t *row, size_t n)
{
    size_t best = 0, j;
    for (j = 0; j < n; j++) {
        if (ref_fmt(dt)->is_float) {
            if (ref_is_nan(dt, row[j])) return j; /* the first NaN is below everything */
            if (ref_to_double(dt, row[j]) < ref_to_double(dt, row[best])) best = j;
        } else if (ref_to_int(dt, row[j]) < ref_to_int(dt, row[best])) {
            best = j;
        }
    }
    return best;
}

uint64_t ref_compare(pto_dtype dt, uint64_t a, uint64_t b, int mode)
{
    int lt, eq;
    if (ref_fmt(dt)->is_float) {
        const double x = ref_to_double(dt, a), y = ref_to_double(dt, b);
        if (ref_is_nan(dt, a) || ref_is_nan(dt, b)) return mode == 1; /* unordered: only NE */
        lt = x < y;
        eq = x == y;
    } else {
        const int64_t x = ref_to_int(dt, a), y = ref_to_int(dt, b);
        lt = x < y;
        eq = x == y;
    }
    switch (mode) {
    case 0: return (uint64_t)eq;
    case 1: return (uint64_t)!eq;
    case 2: return (uint64_t)lt;
    case 3: return (uint64_t)(!lt && !eq);
    case 4: return (uint64_t)!lt;
    case 5: return (uint64_t)(lt || eq);
    default: return 0;
    }
}
