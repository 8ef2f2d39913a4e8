/* The cpu kernels' bit masks (out/cpu/pto_cpu_simd.h, templates/cpu/masks.j2): the portable byte
 * pack and unpack on every byte, every ISA variant's 64-lane pack and unpack against bit-by-bit
 * packing on random blocks, and the 16-bit float formats' compare keys (with a scalar, TCMPS, and
 * of two elements, TCMP) against the reference's IEEE compare on every f16 and bf16 value. A
 * variant this CPU lacks is skipped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pto/pto_cpu_isa.h" /* not pto.h: a spec edit recompiles no unit test */
#include "pto_cpu_simd.h"
#include "harness.h"
#include "ref.h"
#include "values.h"

#define BLOCKS 5000u /* random 64-lane blocks per variant (under memcheck: a h_every()-th of them) */

static void bytes_round_trip(void **state)
{
    unsigned byte, k;
    (void)state;
    for (byte = 0; byte < 256; byte++) {
        uint8_t lanes[8], from[8];
        pto_cpu__mask_lanes(lanes, byte);
        for (k = 0; k < 8; k++) {
            assert_int_equal(lanes[k], byte >> k & 1u);
            from[k] = (uint8_t)(byte >> k & 1u);
        }
        assert_int_equal(pto_cpu__mask_byte(from), byte);
    }
}

/* One variant's 64-lane pack and unpack */
typedef struct {
    pto_cpu_isa isa;
    void (*pack)(uint8_t *, const uint8_t *);
    void (*unpack)(uint8_t *, const uint8_t *);
} block_fns;

static const block_fns variants[] = {
    { PTO_CPU_ISA_BASELINE, pto_cpu__baseline_mask_pack64, pto_cpu__baseline_mask_unpack64 },
#if PTO_CPU_X86
    { PTO_CPU_ISA_AVX2, pto_cpu__avx2_mask_pack64, pto_cpu__avx2_mask_unpack64 },
    { PTO_CPU_ISA_AVX512, pto_cpu__avx512_mask_pack64, pto_cpu__avx512_mask_unpack64 },
#endif
};

static void blocks_match_bit_by_bit(void **state)
{
    uint64_t rng = 11;
    const unsigned blocks = BLOCKS / h_every();
    unsigned v, n, l;
    (void)state;
    for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        const block_fns *f = &variants[v];
        if (!pto_cpu_isa_supported(f->isa)) continue;
        for (n = 0; n < blocks; n++) {
            /* lanes of every density: all clear, all set, then random with a random share of ones */
            const uint64_t share = n == 0 ? 0 : n == 1 ? 64 : h_rand(&rng) % 65;
            uint8_t lanes[64], bytes[8 + 1], back[64 + 1];
            for (l = 0; l < 64; l++) lanes[l] = (uint8_t)(h_rand(&rng) % 64 < share);
            bytes[8] = 0xa5; /* nothing written past the 8 bytes */
            f->pack(bytes, lanes);
            assert_int_equal(bytes[8], 0xa5);
            for (l = 0; l < 64; l++)
                if ((bytes[l / 8] >> (l % 8) & 1u) != lanes[l])
                    fail_msg("%s pack: block %u lane %u: expected %u", pto_cpu_isa_name(f->isa), n, l, lanes[l]);
            back[64] = 0x5a;
            f->unpack(back, bytes);
            assert_int_equal(back[64], 0x5a);
            for (l = 0; l < 64; l++)
                if (back[l] != lanes[l])
                    fail_msg("%s unpack: block %u lane %u: expected %u, got %u", pto_cpu_isa_name(f->isa), n, l, lanes[l], back[l]);
        }
    }
}

/* The keys as TCMPS uses them: cmpkey for EQ, NE, LT, LE and cmpkey_min for GT, GE; a NaN
 * scalar's key is INT16_MIN (cmpkey) or INT16_MAX (cmpkey_min). TCMP compares two elements' keys
 * and asks whether either is a NaN. */
typedef int16_t (*key_fn)(uint16_t);

static int keyed(key_fn key, int up, int nan_scalar, uint16_t x, uint16_t s, int mode)
{
    const int16_t kx = key(x), ks = nan_scalar ? (up ? INT16_MAX : INT16_MIN) : key(s);
    switch (mode) {
    case 0: return kx == ks;
    case 1: return kx != ks;
    case 2: return kx < ks;
    case 3: return kx > ks;
    case 4: return kx >= ks;
    default: return kx <= ks;
    }
}

static void half_keys_compare_as_ieee(void **state)
{
    static const struct {
        pto_dtype dt;
        key_fn key, key_min;
        int (*unordered)(uint16_t, uint16_t), (*ordered)(uint16_t, uint16_t);
    } halves[] = { { PTO_F16, pto_cpu__cmpkey_f16, pto_cpu__cmpkey_min_f16, pto_cpu__unordered_f16, pto_cpu__ordered_f16 },
                   { PTO_BF16, pto_cpu__cmpkey_bf16, pto_cpu__cmpkey_min_bf16, pto_cpu__unordered_bf16,
                     pto_cpu__ordered_bf16 } };
    /* +-0, the least negative subnormal, 1, the largest finite value, +-inf, a quiet NaN, a negative
     * signalling NaN and the negative NaN of all ones, then random patterns */
    static const uint16_t f16_scalars[] = { 0x0000, 0x8000, 0x8001, 0x3c00, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0xfc01, 0xffff };
    static const uint16_t bf16_scalars[] = { 0x0000, 0x8000, 0x8001, 0x3f80, 0x7f7f, 0x7f80, 0xff80, 0x7fc0, 0xff81, 0xffff };
    const unsigned every = h_every();
    uint64_t rng = 5;
    unsigned h, t, n, mode;
    (void)state;
    for (h = 0; h < 2; h++) {
        const uint16_t *fixed = h ? bf16_scalars : f16_scalars;
        for (t = 0; t < 10 + 2; t++) {
            const uint16_t s = t < 10 ? fixed[t] : (uint16_t)h_rand(&rng);
            const int nan_scalar = ref_is_nan(halves[h].dt, s);
            for (n = t % every; n < 65536; n += every) { /* under memcheck each value with some scalars */
                /* the reference's EQ, LT and GT give every mode (each false with a NaN) */
                const int eq = (int)ref_compare(halves[h].dt, n, s, 0), lt = (int)ref_compare(halves[h].dt, n, s, 2);
                const int gt = (int)ref_compare(halves[h].dt, n, s, 3);
                const int want[6] = { eq, !eq, lt, gt, gt || eq, lt || eq };
                for (mode = 0; mode < 6; mode++) {
                    const int up = mode == 3 || mode == 4;
                    const key_fn key = up ? halves[h].key_min : halves[h].key;
                    const int got = keyed(key, up, nan_scalar, (uint16_t)n, s, (int)mode);
                    /* TCMP: two elements, either a NaN (the ordered and unordered tests) */
                    const int pair = mode == 1 ? halves[h].unordered((uint16_t)n, s) | keyed(key, up, 0, (uint16_t)n, s, 1)
                                               : halves[h].ordered((uint16_t)n, s) & keyed(key, up, 0, (uint16_t)n, s, (int)mode);
                    if (got != want[mode])
                        fail_msg("%s 0x%04x mode %u scalar 0x%04x: got %d", ref_fmt(halves[h].dt)->name, n, mode, s, got);
                    if (pair != want[mode])
                        fail_msg("%s 0x%04x mode %u tile element 0x%04x: got %d", ref_fmt(halves[h].dt)->name, n, mode, s, pair);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        { "cpu.masks.bytes_round_trip", bytes_round_trip, NULL, NULL, NULL },
        { "cpu.masks.blocks_match_bit_by_bit", blocks_match_bit_by_bit, NULL, NULL, NULL },
        { "cpu.masks.half_keys_compare_as_ieee", half_keys_compare_as_ieee, NULL, NULL, NULL },
    };
    return cmocka_run_group_tests_name("cpu.masks", tests, NULL, NULL);
}
