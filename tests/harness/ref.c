#include "ref.h"

#include <math.h>
#include <mpfr.h>

static const ref_format formats[] = {
    [PTO_F32] = { "f32", 4, 1, 0, 8, 23, 0 },  [PTO_F16] = { "f16", 2, 1, 0, 5, 10, 0 },
    [PTO_BF16] = { "bf16", 2, 1, 0, 8, 7, 0 }, [PTO_I32] = { "i32", 4, 0, 1, 0, 0, 0 },
    [PTO_U32] = { "u32", 4, 0, 0, 0, 0, 0 },   [PTO_I16] = { "i16", 2, 0, 1, 0, 0, 0 },
    [PTO_U16] = { "u16", 2, 0, 0, 0, 0, 0 },   [PTO_I8] = { "i8", 1, 0, 1, 0, 0, 0 },
    [PTO_U8] = { "u8", 1, 0, 0, 0, 0, 0 },     [PTO_I64] = { "i64", 8, 0, 1, 0, 0, 0 },
    [PTO_F8E4M3] = { "f8e4m3", 1, 1, 0, 4, 3, 1 }, [PTO_F8E5M2] = { "f8e5m2", 1, 1, 0, 5, 2, 0 },
};

const ref_format *ref_fmt(pto_dtype dt) { return &formats[dt]; }
unsigned ref_n_dtypes(void) { return sizeof formats / sizeof formats[0]; }

static uint64_t mask(const ref_format *f) { return f->bytes == 8 ? ~0ull : (1ull << (8 * f->bytes)) - 1; }

int ref_is_nan(pto_dtype dt, uint64_t bits)
{
    const ref_format *f = ref_fmt(dt);
    uint64_t exp_all = (1ull << f->exp_bits) - 1, frac_all = (1ull << f->frac_bits) - 1;
    if (!f->is_float) return 0;
    if (f->finite) return ((bits >> f->frac_bits) & exp_all) == exp_all && (bits & frac_all) == frac_all;
    return ((bits >> f->frac_bits) & exp_all) == exp_all && (bits & frac_all) != 0;
}

int ref_same(pto_dtype dt, uint64_t expected, uint64_t actual)
{
    if (ref_is_nan(dt, expected) || ref_is_nan(dt, actual))
        return ref_is_nan(dt, expected) && ref_is_nan(dt, actual);
    return expected == actual;
}

uint64_t ref_load(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    unsigned b;
    for (b = 0; b < bytes; b++) v |= (uint64_t)p[b] << (8 * b);
    return v;
}

void ref_store(uint8_t *p, unsigned bytes, uint64_t bits)
{
    unsigned b;
    for (b = 0; b < bytes; b++) p[b] = (uint8_t)(bits >> (8 * b));
}

double ref_to_double(pto_dtype dt, uint64_t bits)
{
    const ref_format *f = ref_fmt(dt);
    int bias = (1 << (f->exp_bits - 1)) - 1;
    uint64_t frac = bits & ((1ull << f->frac_bits) - 1);
    uint64_t e = (bits >> f->frac_bits) & ((1ull << f->exp_bits) - 1);
    int negative = (int)(bits >> (8 * f->bytes - 1)) & 1;
    double mag;
    if (ref_is_nan(dt, bits))
        mag = NAN;
    else if (e == (1ull << f->exp_bits) - 1 && !f->finite)
        mag = INFINITY;
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
    if (f->finite && (isnan(x) || isinf(x))) return (exp_all << f->frac_bits) | (one - 1); /* its NaN */
    if (isnan(x)) return (exp_all << f->frac_bits) | (one >> 1); /* a quiet NaN */
    if (isinf(x)) return sign | exp_all << f->frac_bits;
    if (a == 0) return sign;
    (void)frexp(a, &e2);
    E = e2 - 1 < emin ? emin : e2 - 1;           /* exponent of the result's quantum scale */
    r = nearbyint(ldexp(a, f->frac_bits - E));   /* exact scaling, then one rounding to even */
    m = (uint64_t)r;
    if (m == 2 * one) { m = one; E++; }         /* rounding carried into the next binade */
    if (m < one) return sign | m;                /* subnormal (or rounded to zero) */
    if (f->finite && (E + bias > (int)exp_all || (E + bias == (int)exp_all && m == 2 * one - 1)))
        return (exp_all << f->frac_bits) | (one - 1); /* overflow: no infinity, NaN */
    if (!f->finite && E + bias >= (int)exp_all) return sign | exp_all << f->frac_bits; /* overflow */
    return sign | (uint64_t)(E + bias) << f->frac_bits | (m - one);
}

double ref_max_finite(pto_dtype dt)
{
    const ref_format *f = ref_fmt(dt);
    int bias = (1 << (f->exp_bits - 1)) - 1, emax = (1 << f->exp_bits) - 2 - bias;
    /* E4M3FN: the top exponent is normal, its largest fraction the NaN */
    if (f->finite) return ldexp(2.0 - ldexp(1.0, 1 - f->frac_bits), emax + 1);
    return ldexp(2.0 - ldexp(1.0, -f->frac_bits), emax);
}

int64_t ref_to_int(pto_dtype dt, uint64_t bits)
{
    const ref_format *f = ref_fmt(dt);
    unsigned w = 8 * f->bytes;
    bits &= mask(f);
    if (w == 64) return (int64_t)bits;
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

pto_dtype ref_acc_dtype(pto_dtype ab)
{
    return ref_fmt(ab)->is_float ? PTO_F32 : PTO_I32;
}

uint64_t ref_mma(pto_dtype ab, uint64_t acc, uint64_t a, uint64_t b)
{
    const pto_dtype c = ref_acc_dtype(ab);
    uint64_t p;
    if (ref_fmt(ab)->is_float) /* the exact product (at most 48 bits) in double, rounded once to c */
        p = ref_from_double(c, ref_to_double(ab, a) * ref_to_double(ab, b));
    else /* exact: at most 2^14 in magnitude */
        p = ref_from_int(c, ref_to_int(ab, a) * ref_to_int(ab, b));
    return ref_add(c, acc, p);
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

/* TCVT. The exact value goes to GNU MPFR: a float result is mpfr_set_d/_sj at dst's precision in
 * dst's subnormal range (mpfr_subnormalize) with an unbounded top, then the overflow rule; an
 * integer result is mpfr_rint (mpfr_round for ties away) read exactly into an mpz_t, clamped and
 * reduced modulo 2^bits by GMP. Ties away from zero and round to odd, which MPFR has no mode
 * for, take its toward-zero and away-from-zero neighbours and choose by the midpoint (away) or
 * by the toward-zero neighbour's last bit (odd). */
static mpfr_rnd_t mpfr_mode(int round)
{
    switch (round) {
    case PTO_ROUND_FLOOR: return MPFR_RNDD;
    case PTO_ROUND_CEIL: return MPFR_RNDU;
    case PTO_ROUND_TRUNC: return MPFR_RNDZ;
    default: return MPFR_RNDN; /* NONE, RINT */
    }
}

/* the source's value into x (precision >= 64: exact) */
static void cvt_source(mpfr_t x, pto_dtype s, uint64_t bits, mpfr_rnd_t rnd)
{
    if (ref_fmt(s)->is_float) mpfr_set_d(x, ref_to_double(s, bits), rnd);
    else if (ref_fmt(s)->is_signed) mpfr_set_sj(x, (intmax_t)ref_to_int(s, bits), rnd);
    else mpfr_set_uj(x, (uintmax_t)ref_to_int(s, bits), rnd);
}

/* the source's value rounded by rnd to dst's precision, subnormals in dst's quanta, exponent unbounded above */
static double cvt_round_float(pto_dtype d, pto_dtype s, uint64_t bits, mpfr_rnd_t rnd)
{
    const ref_format *f = ref_fmt(d);
    const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    const int bias = (1 << (f->exp_bits - 1)) - 1;
    static mpfr_t r; /* one, reused: the reference runs some 10^7 times in the unit test */
    static int ready;
    double out;
    int inex;
    if (!ready) mpfr_init2(r, 64), ready = 1;
    mpfr_set_emin(2 - bias - f->frac_bits); /* the least subnormal, 2^(1 - bias - frac_bits), is 0.1b * 2^emin */
    mpfr_set_emax(4096);
    mpfr_set_prec(r, f->frac_bits + 1);
    if (ref_fmt(s)->is_float) inex = mpfr_set_d(r, ref_to_double(s, bits), rnd);
    else if (ref_fmt(s)->is_signed) inex = mpfr_set_sj(r, (intmax_t)ref_to_int(s, bits), rnd);
    else inex = mpfr_set_uj(r, (uintmax_t)ref_to_int(s, bits), rnd);
    inex = mpfr_subnormalize(r, inex, rnd);
    (void)inex;
    out = mpfr_get_d(r, MPFR_RNDN); /* exact: at most 24 bits, within double's range */
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return out;
}

/* out[0] the result with saturation ON, out[1] with OFF: the value is rounded once for both */
static void cvt_float(pto_dtype d, pto_dtype s, uint64_t bits, int round, uint64_t out[2])
{
    const ref_format *f = ref_fmt(d), *sf = ref_fmt(s);
    const uint64_t sign = 1ull << (8 * f->bytes - 1), nan = ref_from_double(d, NAN);
    const double max = ref_max_finite(d);
    double x = sf->is_float ? ref_to_double(s, bits) : 0.0, r;
    int neg = sf->is_float ? signbit(x) != 0 : ref_to_int(s, bits) < 0;
    if (sf->is_float && isnan(x)) {
        out[0] = out[1] = nan;
        return;
    }
    if (sf->is_float && isinf(x)) {
        out[0] = f->finite ? ref_from_double(d, neg ? -max : max) : ref_from_double(d, x);
        out[1] = f->finite ? nan : ref_from_double(d, x);
        return;
    }
    if (sf->is_float && d == s) { /* f32 -> f32: an integral value by the mode */
        static mpfr_t v;
        static int ready;
        if (!ready) mpfr_init2(v, 128), ready = 1;
        cvt_source(v, s, bits, MPFR_RNDN);
        if (round == PTO_ROUND_ROUND) mpfr_round(v, v);
        else mpfr_rint(v, v, mpfr_mode(round));
        r = mpfr_get_d(v, MPFR_RNDN);
        out[0] = out[1] = ref_from_double(d, r == 0 ? (neg ? -0.0 : 0.0) : r);
        return;
    }
    if (round == PTO_ROUND_ROUND || round == PTO_ROUND_ODD) {
        double z = cvt_round_float(d, s, bits, MPFR_RNDZ), a = cvt_round_float(d, s, bits, MPFR_RNDA);
        if (z == a) r = z;
        else if (round == PTO_ROUND_ODD) r = ref_from_double(d, z) & 1 ? z : a;
        else {
            static mpfr_t v, mid;
            static int ready;
            if (!ready) mpfr_inits2(256, v, mid, (mpfr_ptr)0), ready = 1;
            cvt_source(v, s, bits, MPFR_RNDN);
            mpfr_set_d(mid, z, MPFR_RNDN);
            mpfr_add_d(mid, mid, a, MPFR_RNDN);
            mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
            r = mpfr_cmpabs(v, mid) >= 0 ? a : z;
        }
    } else {
        r = cvt_round_float(d, s, bits, mpfr_mode(round));
    }
    if (fabs(r) > max) { /* overflow: ON the largest finite value; OFF IEEE's by the mode, inf a NaN in E4M3FN */
        int to_max;
        if (round == PTO_ROUND_TRUNC || round == PTO_ROUND_ODD) to_max = 1;
        else if (round == PTO_ROUND_FLOOR) to_max = !neg;
        else if (round == PTO_ROUND_CEIL) to_max = neg;
        else to_max = 0;
        out[0] = ref_from_double(d, neg ? -max : max);
        out[1] = to_max ? out[0] : f->finite ? nan : (sign * (uint64_t)neg) | ref_from_double(d, INFINITY);
        return;
    }
    out[0] = out[1] = r == 0 ? (neg ? sign : 0) : ref_from_double(d, r);
}

/* out[0] with saturation ON: clamped to dst's range; out[1] with OFF: a float's value clamped to
 * the int32 range (int64 for a 64-bit dst), an integer's not at all; then the low bits of each */
static void cvt_int(pto_dtype d, pto_dtype s, uint64_t bits, int round, uint64_t out[2])
{
    const ref_format *f = ref_fmt(d), *sf = ref_fmt(s);
    const unsigned w = 8 * f->bytes, ow = w == 64 ? 64 : 32;
    static mpz_t z, c, lo, hi; /* reused, as in cvt_round_float */
    static mpfr_t v;
    static int ready;
    int k;
    if (!ready) mpz_inits(z, c, lo, hi, (mpz_ptr)0), mpfr_init2(v, 256), ready = 1;
    if (sf->is_float && ref_is_nan(s, bits)) {
        mpz_set_ui(z, 0);
    } else if (sf->is_float && isinf(ref_to_double(s, bits))) {
        mpz_ui_pow_ui(z, 2, 200); /* beyond every range: the clamps decide */
        if (ref_to_double(s, bits) < 0) mpz_neg(z, z);
    } else {
        cvt_source(v, s, bits, MPFR_RNDN);
        if (round == PTO_ROUND_ROUND) mpfr_round(v, v);
        else mpfr_rint(v, v, mpfr_mode(round));
        mpfr_get_z(z, v, MPFR_RNDN);
    }
    for (k = 0; k < 2; k++) {
        const unsigned cw = k == 0 ? w : ow;
        const int csigned = k == 0 ? f->is_signed : 1;
        mpz_set(c, z);
        if (k == 0 || sf->is_float) {
            mpz_set_ui(hi, 0); /* 2^(cw - 1) or 2^cw by one bit: a power by mpz_ui_pow_ui was 5% of TCVT's unit test */
            mpz_setbit(hi, csigned ? cw - 1 : cw);
            if (csigned) mpz_neg(lo, hi);
            else mpz_set_ui(lo, 0);
            mpz_sub_ui(hi, hi, 1);
            if (mpz_cmp(c, hi) > 0) mpz_set(c, hi);
            if (mpz_cmp(c, lo) < 0) mpz_set(c, lo);
        }
        mpz_fdiv_r_2exp(c, c, w); /* the low w bits, as a number in [0, 2^w) */
        out[k] = mpz_get_ui(c);   /* unsigned long: 64 bits on the hosts the tests run on */
    }
}

void ref_cvt2(pto_dtype d, pto_dtype s, uint64_t bits, int round, uint64_t out[2])
{
    if (ref_fmt(d)->is_float) cvt_float(d, s, bits, round, out);
    else cvt_int(d, s, bits, round, out);
}

uint64_t ref_cvt(pto_dtype d, pto_dtype s, uint64_t bits, int round, int sat)
{
    uint64_t out[2];
    ref_cvt2(d, s, bits, round, out);
    return out[sat == PTO_SAT_ON ? 0 : 1];
}
