/* The correctly rounded exp (runtime/common/pto_exp.h, as the cpu kernels call it) against GNU
 * MPFR (the conformance reference, tests/harness/ref.c): every f16 and every bf16 input, 10^7
 * f32 inputs (every float of the interesting range at a prime stride, a seeded random sweep of
 * all bit patterns, the values around the overflow and underflow thresholds) and the inputs whose
 * rounding the fast evaluation cannot settle (the slow path's: all 20 of 2^32, found by
 * `exp-exhaustive`), which the slow path must get right on its own too.
 *
 *   test_exp                  the cmocka suite (ninja test)
 *   test_exp --all K N        shard K of N (1-based) of the f32 inputs: every i with i % N == K - 1,
 *                             in the long targets' protocol (tests/exhaustive.py: a FAIL line per
 *                             wrong input, a count, exit status 1 iff any failed; ninja exhaustive) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pto_cpu_ops.h"
#include "ref.h"

#define F32_STRIDE 421u    /* a prime: ~5.1M floats of [-104, 89] */
#define F32_RANDOM 5000000u

static const uint32_t hard[] = { 0x33800000u, 0x36fdffc1u, 0x377eff81u, 0x383a3ef1u, 0x38e69cc1u, 0x39c6be5bu,
                                 0x39e5bb1du, 0x3d1a274eu, 0x3fe67199u, 0x4001b249u, 0x40315b33u, 0x41cbf87bu,
                                 0x4288942bu, 0xb3000000u, 0xbae0e25cu, 0xbbb70ee8u, 0xbbf0edf1u, 0xbc2a461au,
                                 0xc13d6631u, 0xc16912cdu };

static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
static float flt(uint32_t u) { float f; memcpy(&f, &u, sizeof f); return f; }

/* pto_cpu__exp_f(x) is MPFR's e^x rounded to f32 (NaN: any NaN); else a message */
static int check_f32(uint32_t x, uint32_t *got, uint32_t *want)
{
    *got = bits(pto_cpu__exp_f(flt(x)));
    *want = (uint32_t)ref_exp(PTO_F32, x);
    return ref_same(PTO_F32, *want, *got);
}

static void f32_fails(uint32_t x, uint32_t got, uint32_t want)
{
    fail_msg("exp(%a) [0x%08x]: got %a [0x%08x], want %a [0x%08x]", flt(x), (unsigned)x, flt(got), (unsigned)got,
             flt(want), (unsigned)want);
}

/* every input of a 16-bit format: exp_h is the kernels' exp to it, widen and narrow its conversions */
static void every_input(pto_dtype dt, float (*exp_h)(float), float (*widen)(uint16_t), uint16_t (*narrow)(float))
{
    uint32_t h;
    for (h = 0; h < 65536; h++) {
        const uint16_t got = narrow(exp_h(widen((uint16_t)h))), want = (uint16_t)ref_exp(dt, h);
        if (!ref_same(dt, want, got))
            fail_msg("%s exp(0x%04x): got 0x%04x, want 0x%04x", ref_fmt(dt)->name, (unsigned)h, got, want);
    }
}

static void every_f16(void **state)
{
    (void)state;
    every_input(PTO_F16, pto_cpu__exp_f16, pto_cpu__f16_to_f32, pto_cpu__f32_to_f16);
}

static void every_bf16(void **state)
{
    (void)state;
    every_input(PTO_BF16, pto_cpu__exp_bf16, pto_cpu__bf16_to_f32, pto_cpu__f32_to_bf16);
}

static void f32_range_at_a_prime_stride(void **state)
{
    const uint32_t ranges[][2] = { { 0x00000000u, 0x42b20000u }, { 0x80000000u, 0xc2d00000u } }; /* [0, 89], [-104, -0] */
    uint32_t r, x, got, want;
    (void)state;
    for (r = 0; r < 2; r++)
        for (x = ranges[r][0]; x < ranges[r][1]; x += F32_STRIDE)
            if (!check_f32(x, &got, &want)) f32_fails(x, got, want);
}

static void f32_random_patterns(void **state)
{
    uint64_t s = 0x9e3779b97f4a7c15u; /* xorshift64, seeded: the same inputs every run */
    uint32_t k, got, want;
    (void)state;
    for (k = 0; k < F32_RANDOM; k++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        if (!check_f32((uint32_t)s, &got, &want)) f32_fails((uint32_t)s, got, want);
    }
}

/* overflow near 88.72, subnormal results below -87.34, +0 below -103.97, 1 +- ulp near 0 */
static void f32_thresholds(void **state)
{
    const float at[] = { 88.72283935546875f, -87.336544f, -103.972076f, -103.27893f, 0x1p-24f, -0x1p-25f, 0.0f };
    uint32_t a, got, want;
    int d;
    (void)state;
    for (a = 0; a < sizeof at / sizeof at[0]; a++)
        for (d = -4096; d <= 4096; d++) {
            const uint32_t x = bits(at[a]) + (uint32_t)d;
            if (!check_f32(x, &got, &want)) f32_fails(x, got, want);
        }
    for (a = 0; a < 4; a++) { /* the specials */
        const uint32_t x = (uint32_t[]){ 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x80000000u }[a];
        if (!check_f32(x, &got, &want)) f32_fails(x, got, want);
    }
}

/* where the fast evaluation cannot settle the rounding: the slow path decides, and must also be
 * right when asked directly; and it agrees with the fast path wherever that one settles */
static void f32_hard_cases_and_the_slow_path(void **state)
{
    uint32_t k, got, want;
    (void)state;
    for (k = 0; k < sizeof hard / sizeof hard[0]; k++) {
        const double c = (double)flt(hard[k]);
        assert_false(pto__exp_settled(pto__exp_fast(c), PTO__EXP_F32)); /* the slow path runs */
        if (!check_f32(hard[k], &got, &want)) f32_fails(hard[k], got, want);
        got = bits(pto__exp_round_dd(pto__exp_dd(c), PTO__EXP_F32));
        if (got != want) f32_fails(hard[k], got, want);
    }
    for (k = 0; k < 100000; k++) { /* floats of (-200, 100), the slow path's domain */
        const uint32_t x = k % 2 ? 0x42c80000u - k * 10651u : 0xc3480000u - k * 21313u;
        float slow, fast;
        if (!(flt(x) > -200.0f && flt(x) < 100.0f)) continue;
        slow = pto__exp_round_dd(pto__exp_dd((double)flt(x)), PTO__EXP_F32);
        fast = pto_cpu__exp_fast_f(flt(x)); /* the kernels' vectorising form: a NaN or the answer */
        if (bits(slow) != bits(pto_cpu__exp_f(flt(x)))) f32_fails(x, bits(slow), bits(pto_cpu__exp_f(flt(x))));
        if (fast == fast && bits(fast) != bits(slow)) f32_fails(x, bits(fast), bits(slow));
    }
}

/* shard k of n (1-based) in the long targets' protocol (tests/exhaustive.py): every wrong input
 * is printed, the last line counts; exit status 1 iff any failed */
static int all_f32(unsigned long k, unsigned long n)
{
    uint64_t i;
    unsigned long bad = 0, done = 0;
    for (i = k - 1; i < 0x100000000ull; i += n) {
        uint32_t got, want;
        if (!check_f32((uint32_t)i, &got, &want)) {
            printf("FAIL exp f32 0x%08x got 0x%08x want 0x%08x\n", (unsigned)i, (unsigned)got, (unsigned)want);
            bad++;
        }
        done++;
    }
    printf("exp f32 shard %lu/%lu: %lu inputs, %lu failed\n", k, n, done, bad);
    return bad != 0;
}

/* a decimal in [1, max], or 0 */
static unsigned long count_arg(const char *s, unsigned long max)
{
    char *end;
    const unsigned long v = strtoul(s, &end, 10);
    return *s >= '0' && *s <= '9' && *end == 0 && v <= max ? v : 0;
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_f16),
        cmocka_unit_test(every_bf16),
        cmocka_unit_test(f32_range_at_a_prime_stride),
        cmocka_unit_test(f32_random_patterns),
        cmocka_unit_test(f32_thresholds),
        cmocka_unit_test(f32_hard_cases_and_the_slow_path),
    };
    if (argc == 4 && strcmp(argv[1], "--all") == 0) {
        const unsigned long n = count_arg(argv[3], 0xffffffffu), k = count_arg(argv[2], n);
        if (!n || !k) {
            fprintf(stderr, "usage: %s --all K N (1 <= K <= N < 2^32)\n", argv[0]);
            return 2;
        }
        return all_f32(k, n);
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
