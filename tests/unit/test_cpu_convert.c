/* The cpu kernels' f16/bf16 conversions against the reference encoder: every f16 input,
 * and f32 inputs at a prime stride through all 2^32 patterns (the full sweep, run once with
 * F16C as the oracle, found no difference). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "pto_cpu_ops.h"
#include "harness.h"
#include "ref.h"

#define STRIDE 4099u /* ~1M f32 patterns, every exponent and sign (under memcheck h_every() times as far) */

static void f16_widening_is_exact(void **state)
{
    uint32_t h;
    (void)state;
    for (h = 0; h < 65536; h++) {
        uint64_t back = ref_from_double(PTO_F32, ref_to_double(PTO_F16, h));
        uint32_t got = pto_cpu__bits(pto_cpu__f16_to_f32((uint16_t)h));
        if (!ref_same(PTO_F32, back, got)) fail_msg("f16 0x%04x: expected f32 0x%08x, got 0x%08x", (unsigned)h, (unsigned)back, (unsigned)got);
    }
}

static void narrowing_rounds_to_nearest_even(void **state)
{
    uint64_t u;
    (void)state;
    for (u = 0; u < (1ull << 32); u += (uint64_t)STRIDE * h_every()) {
        float f = pto_cpu__float((uint32_t)u);
        double x = ref_to_double(PTO_F32, u);
        uint64_t want16 = ref_from_double(PTO_F16, x), wantb = ref_from_double(PTO_BF16, x);
        uint16_t got16 = pto_cpu__f32_to_f16(f), gotb = pto_cpu__f32_to_bf16(f);
        if (!ref_same(PTO_F16, want16, got16)) fail_msg("f32 0x%08x -> f16: expected 0x%04x, got 0x%04x", (unsigned)u, (unsigned)want16, got16);
        if (!ref_same(PTO_BF16, wantb, gotb)) fail_msg("f32 0x%08x -> bf16: expected 0x%04x, got 0x%04x", (unsigned)u, (unsigned)wantb, gotb);
    }
}

static void halfway_cases_round_to_even(void **state)
{
    /* f32 values exactly between two f16 (or bf16) neighbours, in every binade */
    uint32_t e, m;
    (void)state;
    for (e = 1; e < 255; e++) {
        for (m = 0; m < 4; m++) {
            uint32_t u16 = (e << 23) | (m << 13) | 0x1000u, ub = (e << 23) | (m << 16) | 0x8000u;
            uint64_t want16 = ref_from_double(PTO_F16, ref_to_double(PTO_F32, u16));
            uint64_t wantb = ref_from_double(PTO_BF16, ref_to_double(PTO_F32, ub));
            assert_true(ref_same(PTO_F16, want16, pto_cpu__f32_to_f16(pto_cpu__float(u16))));
            assert_true(ref_same(PTO_BF16, wantb, pto_cpu__f32_to_bf16(pto_cpu__float(ub))));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        { "cpu.convert.f16_widening_is_exact", f16_widening_is_exact, NULL, NULL, NULL },
        { "cpu.convert.narrowing_rounds_to_nearest_even", narrowing_rounds_to_nearest_even, NULL, NULL, NULL },
        { "cpu.convert.halfway_cases_round_to_even", halfway_cases_round_to_even, NULL, NULL, NULL },
    };
    return cmocka_run_group_tests_name("cpu.convert", tests, NULL, NULL);
}
