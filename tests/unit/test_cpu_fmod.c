/* fmod and rem on floats (out/cpu/pto_cpu_ops_core.h): the word-at-a-time long division
 * pto_cpu__fmod_f and the kernels' vectorising form pto_cpu__fmod_fast_f (PTO__REDO where fmod itself
 * must decide), and rem over both, against the independent reference (tests/harness/ref.c: C's
 * exact fmod in double) and against the earlier one-bit-per-exponent-step division, kept below as
 * it was: every exponent difference 0..277 with random significands, subnormals, +-0, +-inf and
 * NaNs against everything, multiples of b one quantum either side (quotients up to 2^30, where the
 * fast form's rounded quotient is one off), and random bit patterns. The fast form must take every
 * finite case whose quotient is below 2^27. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pto_cpu_ops.h"
#include "ref.h"
#include "values.h"

/* The previous pto_cpu__fmod_f: one bit of the quotient per exponent step */
static float bitwise_fmod(float a, float b)
{
    const uint32_t ua = pto_cpu__bits(a), ub = pto_cpu__bits(b), sign = ua & 0x80000000u;
    const uint32_t xa = ua & 0x7fffffffu, xb = ub & 0x7fffffffu;
    uint32_t ma, mb;
    int32_t ea, eb;
    if (xb == 0 || xa >= 0x7f800000u || xb > 0x7f800000u) return pto_cpu__float(0x7fc00000u);
    if (xa < xb) return a;
    if (xa == xb) return pto_cpu__float(sign);
    ea = (int32_t)(xa >> 23);
    eb = (int32_t)(xb >> 23);
    ma = ea ? (xa & 0x7fffffu) | 0x800000u : xa;
    mb = eb ? (xb & 0x7fffffu) | 0x800000u : xb;
    if (!ea)
        for (ea = 1; ma < 0x800000u; ea--) ma <<= 1;
    if (!eb)
        for (eb = 1; mb < 0x800000u; eb--) mb <<= 1;
    for (; ea > eb; ea--) {
        if (ma >= mb) ma -= mb;
        ma <<= 1;
    }
    if (ma >= mb) ma -= mb;
    if (ma == 0) return pto_cpu__float(sign);
    for (; ma < 0x800000u; eb--) ma <<= 1;
    if (eb > 0) return pto_cpu__float(sign | (uint32_t)eb << 23 | (ma & 0x7fffffu));
    return pto_cpu__float(sign | ma >> (1 - eb));
}

typedef struct {
    unsigned cases, fast_taken;
} tally;

static int quotient_below(uint32_t ua, uint32_t ub, double bound)
{
    const double x = ref_to_double(PTO_F32, ua & 0x7fffffffu), y = ref_to_double(PTO_F32, ub & 0x7fffffffu);
    return x == x && y == y && y != 0 && x < bound * y && y < 1e300 && x < 1e300;
}

static void check(tally *t, uint32_t ua, uint32_t ub)
{
    const float a = pto_cpu__float(ua), b = pto_cpu__float(ub);
    const uint64_t want = ref_fmod(PTO_F32, ua, ub), want_rem = ref_rem(PTO_F32, ua, ub);
    const uint32_t got = pto_cpu__bits(pto_cpu__fmod_f(a, b)), fast = pto_cpu__bits(pto_cpu__fmod_fast_f(a, b));
    const uint32_t old = pto_cpu__bits(bitwise_fmod(a, b));
    const uint32_t rem = pto_cpu__bits(pto_cpu__rem_f(a, b)), rem_fast = pto_cpu__bits(pto_cpu__rem_fast_f(a, b));
    t->cases++;
    if (!ref_same(PTO_F32, want, got) || !ref_same(PTO_F32, old, got))
        fail_msg("fmod(%a, %a) [0x%08x, 0x%08x]: reference 0x%08x, bitwise 0x%08x, got 0x%08x", (double)a, (double)b, ua, ub,
                 (unsigned)want, old, got);
    if (!ref_same(PTO_F32, want_rem, rem))
        fail_msg("rem(%a, %a) [0x%08x, 0x%08x]: reference 0x%08x, got 0x%08x", (double)a, (double)b, ua, ub, (unsigned)want_rem,
                 rem);
    if (!pto_cpu__redo(pto_cpu__float(fast))) {
        t->fast_taken++;
        if (fast != (uint32_t)want)
            fail_msg("fmod_fast(%a, %a) [0x%08x, 0x%08x]: reference 0x%08x, got 0x%08x", (double)a, (double)b, ua, ub,
                     (unsigned)want, fast);
    } else if (quotient_below(ua, ub, 0x1p27)) {
        fail_msg("fmod_fast(%a, %a) [0x%08x, 0x%08x]: the redo where it decides", (double)a, (double)b, ua, ub);
    }
    if (!pto_cpu__redo(pto_cpu__float(rem_fast)) && rem_fast != (uint32_t)want_rem)
        fail_msg("rem_fast(%a, %a) [0x%08x, 0x%08x]: reference 0x%08x, got 0x%08x", (double)a, (double)b, ua, ub,
                 (unsigned)want_rem, rem_fast);
    if (pto_cpu__redo(pto_cpu__float(rem_fast)) != pto_cpu__redo(pto_cpu__float(fast)))
        fail_msg("rem_fast(%a, %a): the redo where fmod_fast decided, or the reverse", (double)a, (double)b);
}

/* both signs of both operands */
static void check_signs(tally *t, uint32_t ua, uint32_t ub)
{
    unsigned s;
    for (s = 0; s < 4; s++) check(t, ua ^ (s & 1u) << 31, ub ^ (s >> 1) << 31);
}

/* d = the difference of the exponents, a's over b's (b's own, its leading bit's, where b is
 * subnormal): 0 to 276 (the largest finite a over the least subnormal b) */
static void exponent_differences(void **state)
{
    tally t = { 0, 0 };
    uint64_t rng = 3;
    int d, n;
    (void)state;
    for (d = 0; d <= 277; d++) {
        for (n = 0; n < 64; n++) {
            const uint64_t r = h_rand(&rng);
            const uint32_t ma = n == 0 ? 0 : n == 1 ? 0x7fffffu : (uint32_t)(r >> 33) & 0x7fffffu;
            uint32_t ua, ub;
            if (n % 2 == 0 && d <= 253) { /* exponent fields d apart, b's from 0 (subnormal) to 254 - d */
                const uint32_t eb = (uint32_t)(r % (uint64_t)(255 - d));
                uint32_t mb = n == 0 ? 0x7fffffu : (uint32_t)(r >> 9) & 0x7fffffu;
                if (eb == 0 && mb == 0) mb = 1;
                ua = (eb + (uint32_t)d) << 23 | ma;
                ub = eb << 23 | mb;
            } else { /* b subnormal with its leading bit at p, a d above it */
                const int lo = d > 23 ? 0 : 23 - d, hi = d > 254 ? 276 - d : 22;
                int p;
                if (lo > hi) continue;
                p = lo + (int)(r % (uint64_t)(hi - lo + 1));
                ua = (uint32_t)(p + d - 22) << 23 | ma;
                ub = 1u << p | ((uint32_t)(r >> 9) & ((1u << p) - 1u));
            }
            check_signs(&t, ua, ub);
        }
    }
    assert_true(t.fast_taken > t.cases / 20);
}

static void special_values(void **state)
{
    static const uint32_t v[] = { 0x00000000, 0x00000001, 0x00000002, 0x00000003, 0x007fffff, 0x00400000, 0x00800000,
                                  0x00800001, 0x01000000, 0x3f800000, 0x3f800001, 0x3fffffff, 0x40000000, 0x40400000,
                                  0x4b800000, 0x4b7fffff, 0x4c800001, 0x7f000000, 0x7f7fffff, 0x7f800000, 0x7fc00000,
                                  0x7f800001, 0x7fffffff, 0x34000000, 0x33ffffff, 0x0c000000 };
    tally t = { 0, 0 };
    size_t i, j;
    (void)state;
    for (i = 0; i < sizeof v / sizeof v[0]; i++)
        for (j = 0; j < sizeof v / sizeof v[0]; j++) check_signs(&t, v[i], v[j]);
}

/* a = n b + k quanta of b for k in -1..1, n up to 2^30 (exactly representable where the product
 * has no more than 24 significant bits; others round, still a valid case) */
static void near_multiples(void **state)
{
    tally t = { 0, 0 };
    uint64_t rng = 9;
    unsigned i;
    int k;
    (void)state;
    for (i = 0; i < 6000; i++) {
        const uint64_t r = h_rand(&rng);
        const unsigned bits = 1u + (unsigned)(r % 30u);
        const uint32_t n = (uint32_t)(r >> 32) & ((1u << bits) - 1u);
        const uint32_t ub = (i % 4 == 0) ? (uint32_t)(r >> 5) & 0x007fffffu : (uint32_t)(r >> 5) & 0x3fffffffu;
        const double prod = (double)n * ref_to_double(PTO_F32, ub | (ub == 0));
        const uint32_t ua = (uint32_t)ref_from_double(PTO_F32, prod); /* the rounded multiple */
        for (k = -1; k <= 1; k++) {
            if (ua == 0 && k < 0) continue;
            check_signs(&t, (uint32_t)((int32_t)ua + k), ub | (ub == 0));
        }
    }
    assert_true(t.fast_taken > t.cases / 2);
}

static void random_patterns(void **state)
{
    tally t = { 0, 0 };
    uint64_t rng = 17;
    unsigned i;
    (void)state;
    for (i = 0; i < 20000; i++) {
        const uint64_t r = h_rand(&rng);
        check(&t, (uint32_t)r, (uint32_t)(r >> 32));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        { "cpu.fmod.exponent_differences", exponent_differences, NULL, NULL, NULL },
        { "cpu.fmod.special_values", special_values, NULL, NULL, NULL },
        { "cpu.fmod.near_multiples", near_multiples, NULL, NULL, NULL },
        { "cpu.fmod.random_patterns", random_patterns, NULL, NULL, NULL },
    };
    return cmocka_run_group_tests_name("cpu.fmod", tests, NULL, NULL);
}
