/* The cpu kernels' ISA variants (pto/pto_cpu_isa.h, out/cpu/pto_cpu_simd.h): the selection API,
 * the x86 variants' f16 and bf16 conversions and math blocks against the software ones, the
 * AVX-512 transposes of partial corners, and every argmax and
 * argmin row routine (portable short rows and lanes, x86 vectors) against the reference on
 * every row length up to a few vectors, around the vector lengths and the overlapping last
 * vector. A variant this CPU lacks is skipped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pto/pto_cpu_isa.h" /* not pto.h: a spec edit recompiles no unit test */
#include "pto_cpu_simd.h"
#include "harness.h"
#include "ref.h"
#include "values.h"

#define STRIDE 4099u /* f32 patterns at this stride: ~1M, every exponent and sign (under memcheck h_every() times as far) */

static void names_and_support(void **state)
{
    int v, w;
    (void)state;
    for (v = 0; v < PTO_CPU_ISA_COUNT; v++) {
        assert_non_null(pto_cpu_isa_name((pto_cpu_isa)v));
        for (w = 0; w < v; w++) assert_string_not_equal(pto_cpu_isa_name((pto_cpu_isa)v), pto_cpu_isa_name((pto_cpu_isa)w));
    }
    assert_null(pto_cpu_isa_name(PTO_CPU_ISA_COUNT));
    assert_true(pto_cpu_isa_supported(PTO_CPU_ISA_AUTO));
    assert_true(pto_cpu_isa_supported(PTO_CPU_ISA_BASELINE));
    assert_false(pto_cpu_isa_supported(PTO_CPU_ISA_COUNT));
    assert_false(pto_cpu_isa_supported((pto_cpu_isa)-1));
}

/* AUTO selects the widest supported variant; forcing one selects it; an unsupported one
 * changes nothing */
static void forcing_and_detection(void **state)
{
    int best = PTO_CPU_ISA_BASELINE, v;
    (void)state;
    for (v = PTO_CPU_ISA_BASELINE; v < PTO_CPU_ISA_COUNT; v++)
        if (pto_cpu_isa_supported((pto_cpu_isa)v)) best = v;
    assert_int_equal(pto_cpu_set_isa(PTO_CPU_ISA_AUTO), 1);
    assert_int_equal(pto_cpu_isa_selected(), best);
    for (v = PTO_CPU_ISA_BASELINE; v < PTO_CPU_ISA_COUNT; v++) {
        if (pto_cpu_isa_supported((pto_cpu_isa)v)) {
            assert_int_equal(pto_cpu_set_isa((pto_cpu_isa)v), 1);
            assert_int_equal(pto_cpu_isa_selected(), v);
        } else {
            assert_int_equal(pto_cpu_set_isa(PTO_CPU_ISA_BASELINE), 1);
            assert_int_equal(pto_cpu_set_isa((pto_cpu_isa)v), 0);
            assert_int_equal(pto_cpu_isa_selected(), PTO_CPU_ISA_BASELINE);
        }
    }
    assert_int_equal(pto_cpu_set_isa(PTO_CPU_ISA_COUNT), 0);
    assert_int_equal(pto_cpu_set_isa(PTO_CPU_ISA_AUTO), 1);
    assert_int_equal(pto_cpu_isa_selected(), best);
}

#if PTO_CPU_X86
/* One x86 variant's conversions */
typedef struct {
    pto_cpu_isa isa;
    unsigned lanes;
    float (*f16_to_f32)(uint16_t);
    uint16_t (*f32_to_f16)(float);
    void (*widen_f16)(float *, const uint16_t *), (*narrow_f16)(uint16_t *, const float *);
    void (*widen_bf16)(float *, const uint16_t *), (*narrow_bf16)(uint16_t *, const float *);
    void (*widen_part[2])(float *, const uint16_t *, size_t);   /* f16, bf16: the first n elements */
    void (*narrow_part[2])(uint16_t *, const float *, size_t);
    void (*narrow_tail[2])(uint16_t *, const float *, size_t);  /* the same from a row's last n */
    void (*sqrt_block)(float *, const float *, size_t), (*rsqrt_block)(float *, const float *, size_t);
    void (*narrow_sat[2])(uint16_t *, const float *);                 /* f16, bf16: TCVT's saturating narrowing */
} convert;

static const convert converts[] = {
    { PTO_CPU_ISA_AVX2, 8, pto_cpu__avx2_f16_to_f32, pto_cpu__avx2_f32_to_f16, pto_cpu__avx2_widen_f16,
      pto_cpu__avx2_narrow_f16, pto_cpu__avx2_widen_bf16, pto_cpu__avx2_narrow_bf16,
      { pto_cpu__avx2_widen_f16_part, pto_cpu__avx2_widen_bf16_part },
      { pto_cpu__avx2_narrow_f16_part, pto_cpu__avx2_narrow_bf16_part },
      { pto_cpu__avx2_narrow_f16_tail, pto_cpu__avx2_narrow_bf16_tail }, pto_cpu__avx2_sqrt_block,
      pto_cpu__avx2_rsqrt_block, { pto_cpu__avx2_narrow_sat_f16, pto_cpu__avx2_narrow_sat_bf16 } },
    { PTO_CPU_ISA_AVX512, 16, pto_cpu__avx512_f16_to_f32, pto_cpu__avx512_f32_to_f16, pto_cpu__avx512_widen_f16,
      pto_cpu__avx512_narrow_f16, pto_cpu__avx512_widen_bf16, pto_cpu__avx512_narrow_bf16,
      { pto_cpu__avx512_widen_f16_part, pto_cpu__avx512_widen_bf16_part },
      { pto_cpu__avx512_narrow_f16_part, pto_cpu__avx512_narrow_bf16_part },
      { pto_cpu__avx512_narrow_f16_tail, pto_cpu__avx512_narrow_bf16_tail }, pto_cpu__avx512_sqrt_block,
      pto_cpu__avx512_rsqrt_block, { pto_cpu__avx512_narrow_sat_f16, pto_cpu__avx512_narrow_sat_bf16 } },
};

/* runs check on every x86 variant this CPU has; with none, the test is skipped */
static void on_each_variant(void (*check)(const convert *c))
{
    unsigned i, ran = 0;
    for (i = 0; i < sizeof converts / sizeof converts[0]; i++) {
        if (!pto_cpu_isa_supported(converts[i].isa)) continue;
        check(&converts[i]);
        ran++;
    }
    if (!ran) skip();
}

/* every f16 and bf16 widened, one by one and in vectors: the software's bits (a NaN: a NaN) */
static void check_widening(const convert *c)
{
    uint16_t in[16];
    float out[16];
    unsigned l;
    uint32_t h;
    for (h = 0; h < 65536; h += c->lanes * h_every()) {
        for (l = 0; l < c->lanes; l++) in[l] = (uint16_t)(h + l);
        c->widen_f16(out, in);
        for (l = 0; l < c->lanes; l++) {
            uint32_t want = pto_cpu__bits(pto_cpu__f16_to_f32(in[l]));
            if (!ref_same(PTO_F32, want, pto_cpu__bits(out[l])) || !ref_same(PTO_F32, want, pto_cpu__bits(c->f16_to_f32(in[l]))))
                fail_msg("%s: f16 0x%04x: expected f32 0x%08x", pto_cpu_isa_name(c->isa), in[l], (unsigned)want);
        }
        c->widen_bf16(out, in);
        for (l = 0; l < c->lanes; l++)
            if (pto_cpu__bits(out[l]) != pto_cpu__bits(pto_cpu__bf16_to_f32(in[l])))
                fail_msg("%s: bf16 0x%04x widened to 0x%08x", pto_cpu_isa_name(c->isa), in[l], (unsigned)pto_cpu__bits(out[l]));
    }
}

/* f32 patterns narrowed, one by one and in vectors: f16 the software's bits (a NaN: a NaN),
 * bf16 exactly its bits (the same rule quiets a NaN) */
static void check_narrowing(const convert *c)
{
    float in[16];
    uint16_t out[16];
    unsigned l;
    uint64_t u;
    for (u = 0; u < (1ull << 32); u += (uint64_t)STRIDE * c->lanes * h_every()) {
        for (l = 0; l < c->lanes; l++) in[l] = pto_cpu__float((uint32_t)(u + (uint64_t)l * STRIDE));
        c->narrow_f16(out, in);
        for (l = 0; l < c->lanes; l++) {
            uint16_t want = pto_cpu__f32_to_f16(in[l]);
            if (!ref_same(PTO_F16, want, out[l]) || !ref_same(PTO_F16, want, c->f32_to_f16(in[l])))
                fail_msg("%s: f32 0x%08x: expected f16 0x%04x, got 0x%04x", pto_cpu_isa_name(c->isa),
                         (unsigned)pto_cpu__bits(in[l]), want, out[l]);
        }
        c->narrow_bf16(out, in);
        for (l = 0; l < c->lanes; l++)
            if (out[l] != pto_cpu__f32_to_bf16(in[l]))
                fail_msg("%s: f32 0x%08x: expected bf16 0x%04x, got 0x%04x", pto_cpu_isa_name(c->isa),
                         (unsigned)pto_cpu__bits(in[l]), pto_cpu__f32_to_bf16(in[l]), out[l]);
    }
}

/* The saturating narrowing (TCVT f32 -> f16/bf16 under PTO_SAT_ON): the software rounding, and a
 * finite value that rounds to infinity gives the largest finite value of its sign */
static uint16_t narrowed_sat(unsigned h, float x)
{
    const uint32_t a = pto_cpu__bits(x) & 0x7fffffffu;
    const uint16_t r = h ? pto_cpu__f32_to_bf16(x) : pto_cpu__f32_to_f16(x);
    const uint16_t inf = h ? 0x7f80u : 0x7c00u, max = h ? 0x7f7fu : 0x7bffu;
    return (uint16_t)((r & 0x7fffu) == inf && a < 0x7f800000u ? (r & 0x8000u) | max : r);
}

/* f32 patterns at a stride, and vectors mixing values about the largest finite ones (both
 * sides of the tie that rounds to infinity), infinities and NaNs with small values, in every
 * lane: each vector with and without such a lane takes its own path */
static void check_narrowing_sat(const convert *c)
{
    static const uint32_t edges[] = { 0x7f7f7fffu, 0x7f7f8000u, 0x7f7fffffu, 0x7f800000u, 0x7fc00000u, 0x477fefffu,
                                      0x477ff000u, 0x477fe000u, 0x47800000u, 0x3f800000u, 0x00000001u, 0x7f7f0000u };
    const unsigned n_edges = sizeof edges / sizeof edges[0];
    float in[16];
    uint16_t out[16];
    unsigned h, l, k;
    uint64_t u;
    for (h = 0; h < 2; h++) {
        for (u = 0; u < (1ull << 32); u += (uint64_t)STRIDE * c->lanes * h_every()) {
            for (l = 0; l < c->lanes; l++) in[l] = pto_cpu__float((uint32_t)(u + (uint64_t)l * STRIDE));
            c->narrow_sat[h](out, in);
            for (l = 0; l < c->lanes; l++)
                if (!ref_same(h ? PTO_BF16 : PTO_F16, narrowed_sat(h, in[l]), out[l]))
                    fail_msg("%s: f32 0x%08x saturated to %s: 0x%04x, expected 0x%04x", pto_cpu_isa_name(c->isa),
                             (unsigned)pto_cpu__bits(in[l]), h ? "bf16" : "f16", out[l], narrowed_sat(h, in[l]));
        }
        for (k = 0; k < 2 * n_edges; k++)
            for (l = 0; l < c->lanes; l++) {
                unsigned m;
                for (m = 0; m < c->lanes; m++) in[m] = 1.5f;
                in[l] = pto_cpu__float(edges[k % n_edges] | (k >= n_edges ? 0x80000000u : 0u));
                c->narrow_sat[h](out, in);
                for (m = 0; m < c->lanes; m++)
                    if (!ref_same(h ? PTO_BF16 : PTO_F16, narrowed_sat(h, in[m]), out[m]))
                        fail_msg("%s: f32 0x%08x in lane %u saturated to %s: 0x%04x, expected 0x%04x", pto_cpu_isa_name(c->isa),
                                 (unsigned)pto_cpu__bits(in[m]), m, h ? "bf16" : "f16", out[m], narrowed_sat(h, in[m]));
            }
    }
}

/* a row's last n < lanes elements: widened as a whole vector would, and narrowed into exactly
 * n elements, the ones after them untouched (each buffer is exactly n long: a sanitizer sees
 * any access past it) */
static void check_partial_vectors(const convert *c)
{
    unsigned h, l, n;
    for (h = 0; h < 2; h++) {
        const pto_dtype dt = h ? PTO_BF16 : PTO_F16;
        for (n = 1; n < c->lanes; n++) {
            uint16_t *in = malloc(n * sizeof *in), *out = malloc((n + 1) * sizeof *out);
            float wide[16], back[16];
            assert_true(in && out);
            for (l = 0; l < n; l++) in[l] = (uint16_t)(0x3c00u + 37u * l + 1000u * h);
            c->widen_part[h](wide, in, n);
            for (l = 0; l < n; l++) {
                const float want = h ? pto_cpu__bf16_to_f32(in[l]) : pto_cpu__f16_to_f32(in[l]);
                if (pto_cpu__bits(wide[l]) != pto_cpu__bits(want))
                    fail_msg("%s: %s partial widening of %u: element %u", pto_cpu_isa_name(c->isa), ref_fmt(dt)->name, n, l);
            }
            for (l = 0; l < c->lanes; l++) back[l] = l < n ? wide[l] : 1e30f;
            out[n] = 0xabcd;
            c->narrow_part[h](out, back, n);
            for (l = 0; l < n; l++)
                if (out[l] != in[l]) fail_msg("%s: %s partial narrowing of %u: element %u", pto_cpu_isa_name(c->isa), ref_fmt(dt)->name, n, l);
            assert_int_equal(out[n], 0xabcd);
            { /* a row's last n, from a buffer of n (a sanitizer sees any read past them): every
                 * tail value at every lane, against the software conversion (f16: a NaN for a NaN) */
                static const uint32_t tails[] = { 0x7fe00000u, 0xffc12345u, 0x7f800000u, 0xff800000u, 0x00000001u,
                                                  0x33000001u, 0x387fe000u, 0x3f808000u, 0x3f818000u, 0x477ff000u,
                                                  0xc77fefffu, 0x80000000u };
                const unsigned count = sizeof tails / sizeof tails[0];
                float *row = malloc(n * sizeof *row);
                unsigned shift;
                assert_true(row != NULL);
                for (shift = 0; shift < count; shift++) {
                    for (l = 0; l < n; l++) row[l] = pto_cpu__float(tails[(l + shift) % count]);
                    c->narrow_tail[h](out, row, n);
                    for (l = 0; l < n; l++) {
                        const uint16_t want = h ? pto_cpu__f32_to_bf16(row[l]) : pto_cpu__f32_to_f16(row[l]);
                        if (h ? out[l] != want : !ref_same(PTO_F16, want, out[l]))
                            fail_msg("%s: %s narrowing of a row's last %u: f32 0x%08x gave 0x%04x, expected 0x%04x",
                                     pto_cpu_isa_name(c->isa), ref_fmt(dt)->name, n, (unsigned)pto_cpu__bits(row[l]), out[l], want);
                    }
                    assert_int_equal(out[n], 0xabcd);
                }
                free(row);
            }
            free(in);
            free(out);
        }
    }
}

/* The AVX-512 transposes of a box's partial corner (h x w, both counted up to 16; the movement
 * kinds' blocks): every element in place, nothing written outside the corner, nothing read past its
 * last element (the source is a buffer that ends there) */
#define CORNER_CHECK(bits, fn)                                                                   \
    static void corner_##bits(void)                                                             \
    {                                                                                           \
        const size_t fs = 21, ts = 19; /* rows longer than the corner, apart in memory */       \
        size_t h, w, r, c;                                                                      \
        for (h = 1; h <= 18; h++) /* past 16: the whole 16 */                                   \
            for (w = 1; w <= 18; w++) {                                                         \
                const size_t n_from = (h - 1) * fs + w, n_to = 18 * ts;                         \
                uint##bits##_t *from = malloc(n_from * sizeof *from), *to = malloc(n_to * sizeof *to); \
                assert_true(from && to);                                                        \
                for (r = 0; r < n_from; r++) from[r] = (uint##bits##_t)(r * 2654435761u + 1u);  \
                for (r = 0; r < n_to; r++) to[r] = (uint##bits##_t)0xabcd;                      \
                fn(to, ts, from, fs, h, w);                                                      \
                for (c = 0; c < 18; c++)                                                        \
                    for (r = 0; r < ts; r++) {                                                  \
                        const uint##bits##_t want = c < w && c < 16 && r < h && r < 16 ? from[r * fs + c] : (uint##bits##_t)0xabcd; \
                        if (to[c * ts + r] != want)                                             \
                            fail_msg("%u-bit %zu x %zu corner: element (%zu, %zu)", bits, h, w, r, c); \
                    }                                                                           \
                free(from);                                                                     \
                free(to);                                                                       \
            }                                                                                   \
    }
CORNER_CHECK(16, pto_cpu__avx512_transpose16_16_part)
CORNER_CHECK(32, pto_cpu__avx512_transpose16_32_part)

static void partial_corners_transposed(void **state)
{
    (void)state;
    if (!pto_cpu_isa_supported(PTO_CPU_ISA_AVX512)) skip();
    corner_16();
    corner_32();
}

/* The special values and a few of the inputs whose rounding the blocks leave to the scalar
 * function (its slow path's: sqrt_hard and rsqrt_hard of tests/math/test_math.c) */
static const uint32_t math_special[] = { 0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u,
                                         0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff812345u, 0x00000001u, 0x80000001u,
                                         0x007fffffu, 0x7f7fffffu, 0xff7fffffu, 0x00800001u, 0x017fffffu, 0x00113e07u, 0x0044f81cu,
                                         0x0809f038u, 0x083a18e3u };

/* `block` on n inputs (n <= 48), in place and into another buffer, against the scalar function's
 * bits (a NaN: a NaN, the contract's rule); nothing before or after the n written */
static void check_block_of(const convert *c, const char *what, void (*block)(float *, const float *, size_t),
                           float (*fn)(float), const float *in, unsigned n)
{
    float out[50], apart[50];
    unsigned l, in_place;
    for (in_place = 0; in_place < 2; in_place++) { /* into the inputs' own buffer, and into another */
        const float *got = in_place ? out : apart;
        for (l = 0; l < 50; l++) out[l] = l >= 1 && l <= n ? in[l - 1] : 1e30f, apart[l] = 1e30f;
        block(in_place ? out + 1 : apart + 1, out + 1, n);
        for (l = 0; l < 50; l++) {
            const uint32_t want = l >= 1 && l <= n ? pto_cpu__bits(fn(in[l - 1])) : pto_cpu__bits(1e30f);
            if (!ref_same(PTO_F32, want, pto_cpu__bits(got[l])))
                fail_msg("%s: %s of f32 0x%08x (block of %u, lane %u, %s): 0x%08x, expected 0x%08x", pto_cpu_isa_name(c->isa),
                         what, l >= 1 && l <= n ? (unsigned)pto_cpu__bits(in[l - 1]) : 0u, n, l, in_place ? "in place" : "apart",
                         (unsigned)pto_cpu__bits(got[l]), (unsigned)want);
        }
    }
}

/* f32 patterns at a stride in blocks of every length up to three vectors, and the special
 * values in every lane of such blocks */
static void check_block_f32(const convert *c, const char *what, void (*block)(float *, const float *, size_t),
                            float (*fn)(float))
{
    const unsigned n_special = sizeof math_special / sizeof math_special[0];
    float in[48];
    unsigned l, n;
    uint64_t u;
    for (n = 1, u = 0; u < (1ull << 32); u += (uint64_t)STRIDE * n * h_every(), n = n % 48 + 1) {
        for (l = 0; l < n; l++) in[l] = pto_cpu__float((uint32_t)(u + (uint64_t)l * STRIDE));
        check_block_of(c, what, block, fn, in, n);
    }
    for (n = 1; n <= 48; n++) {
        for (l = 0; l < n; l++) in[l] = pto_cpu__float(math_special[(l + n) % n_special]);
        check_block_of(c, what, block, fn, in, n);
    }
}

/* The math blocks (TSQRT's and TRSQRT's x86 kernels) give the correctly rounded functions' values:
 * f32 by check_block_f32; the square root also on every f16 and bf16 value widened, its f32
 * root narrowed (the kernels' rounding once more). */
static void check_math_blocks(const convert *c)
{
    float in[32], out[32];
    unsigned l;
    uint32_t h;
    for (h = 0; h < 65536; h += 16 * h_every()) {
        for (l = 0; l < 16; l++) in[l] = pto_cpu__f16_to_f32((uint16_t)(h + l)), in[16 + l] = pto_cpu__bf16_to_f32((uint16_t)(h + l));
        c->sqrt_block(out, in, 32);
        for (l = 0; l < 16; l++) {
            const uint16_t f16 = pto_cpu__f32_to_f16(out[l]), bf16 = pto_cpu__f32_to_bf16(out[16 + l]);
            if (!ref_same(PTO_F16, pto_cpu__f32_to_f16(pto_cpu__sqrt_f16(in[l])), f16))
                fail_msg("%s: sqrt of f16 0x%04x: 0x%04x", pto_cpu_isa_name(c->isa), (unsigned)(h + l), f16);
            if (!ref_same(PTO_BF16, pto_cpu__f32_to_bf16(pto_cpu__sqrt_bf16(in[16 + l])), bf16))
                fail_msg("%s: sqrt of bf16 0x%04x: 0x%04x", pto_cpu_isa_name(c->isa), (unsigned)(h + l), bf16);
        }
    }
    check_block_f32(c, "sqrt", c->sqrt_block, pto_cpu__sqrt_f);
    check_block_f32(c, "rsqrt", c->rsqrt_block, pto_cpu__rsqrt_f);
}

static void widening_matches_software(void **state) { (void)state; on_each_variant(check_widening); }
static void narrowing_matches_software(void **state) { (void)state; on_each_variant(check_narrowing); }
static void saturating_narrowing_matches_software(void **state) { (void)state; on_each_variant(check_narrowing_sat); }
static void partial_vectors_touch_only_their_elements(void **state) { (void)state; on_each_variant(check_partial_vectors); }
static void math_blocks_match_software(void **state) { (void)state; on_each_variant(check_math_blocks); }
#endif

/* ---- argmax and argmin row routines ---- */
typedef size_t (*row_fn)(const void *row, size_t n);
typedef size_t (*ref_fn)(pto_dtype dt, const uint64_t *row, size_t n);
typedef struct {
    const char *name;      /* argmax, argmin */
    ref_fn ref;
    pto_dtype dt;
    row_fn fn[4];          /* short rows, lanes, avx2, avx512 */
} routines;

#if PTO_CPU_X86
#define X86_ROUTINES(R, N, T) \
    static size_t avx2_##R##_##N(const void *r, size_t n) { return pto_cpu__avx2_##R##_##N((const T *)r, n); } \
    static size_t avx512_##R##_##N(const void *r, size_t n) { return pto_cpu__avx512_##R##_##N((const T *)r, n); }
#define X86_NAMES(R, N) avx2_##R##_##N, avx512_##R##_##N
#else
#define X86_ROUTINES(R, N, T)
#define X86_NAMES(R, N) NULL, NULL
#endif
#define ROUTINES(R, N, T) \
    static size_t short_##R##_##N(const void *r, size_t n) { return pto_cpu__##R##_short_##N((const T *)r, n); } \
    static size_t lanes_##R##_##N(const void *r, size_t n) { return pto_cpu__##R##_lanes_##N((const T *)r, n); } \
    X86_ROUTINES(R, N, T)
#define BOTH(N, T) ROUTINES(argmax, N, T) ROUTINES(argmin, N, T)
BOTH(f32, float)
BOTH(f16, uint16_t)
BOTH(bf16, uint16_t)
BOTH(i32, int32_t)
BOTH(u32, uint32_t)
BOTH(i16, int16_t)
BOTH(u16, uint16_t)
BOTH(i8, int8_t)
BOTH(u8, uint8_t)
#define ENTRY(R, E, N) { #R, ref_##R, E, { short_##R##_##N, lanes_##R##_##N, X86_NAMES(R, N) } }
#define ENTRIES(R) \
    ENTRY(R, PTO_F32, f32), ENTRY(R, PTO_F16, f16), ENTRY(R, PTO_BF16, bf16), ENTRY(R, PTO_I32, i32), \
    ENTRY(R, PTO_U32, u32), ENTRY(R, PTO_I16, i16), ENTRY(R, PTO_U16, u16), ENTRY(R, PTO_I8, i8), ENTRY(R, PTO_U8, u8)
static const routines all[] = { ENTRIES(argmax), ENTRIES(argmin) };
/* each routine's variant and the shortest row it takes (pto_cpu_simd.h) */
static const pto_cpu_isa fn_isa[4] = { PTO_CPU_ISA_BASELINE, PTO_CPU_ISA_BASELINE, PTO_CPU_ISA_AVX2, PTO_CPU_ISA_AVX512 };
static const size_t fn_min[4] = { 1, 32, 8, 16 };
static const char *const fn_name[4] = { "short rows", "lanes", "avx2", "avx512" };

enum { FILL_RANDOM, FILL_CLASSES, FILL_TIES, FILL_ZEROS, FILL_ASCENDING, FILL_DESCENDING, FILL_EXTREMES, N_FILLS };

/* element k of a row of n; `row` picks the H_FILL_EXTREMES theme */
static uint64_t value(pto_dtype dt, int fill, uint64_t *rng, size_t k, size_t n, unsigned row)
{
    const ref_format *f = ref_fmt(dt);
    switch (fill) {
    case FILL_CLASSES: return h_value(dt, H_FILL_CLASSES, rng, k, n % 7, 0, 0);
    case FILL_TIES: return h_value(dt, H_FILL_TIES, rng, k, 0, 0, 0);
    case FILL_EXTREMES: return h_value(dt, H_FILL_EXTREMES, rng, k, 0, row, (uint32_t)k);
    case FILL_ZEROS: /* +0 and -0 (integers: 0): all tie */
        return f->is_float && (h_rand(rng) & 1) ? 1ull << (8 * f->bytes - 1) : 0;
    case FILL_ASCENDING: /* the maximum is the last element, the minimum the first */
        return f->is_float ? ref_from_double(dt, (double)k) : ref_from_int(dt, (int64_t)(k % 100));
    case FILL_DESCENDING: /* the minimum is the last element, the maximum the first */
        return f->is_float ? ref_from_double(dt, -(double)k) : ref_from_int(dt, (int64_t)(99 - k % 100));
    default: { /* random numbers: NaN-free, so the vector routines finish in their lanes */
        uint64_t v = h_rand(rng);
        return f->is_float ? ref_from_double(dt, (double)(int64_t)(v % 2001) - 1000.0) : v;
    }
    }
}

static void rows_match_reference(void **state)
{
    static const size_t longer[] = { 127, 128, 129, 255, 256, 257, 1000 };
    uint64_t bits[1000], rng = 7;
    unsigned r, f, fill, seed;
    size_t n, k, b, t;
    (void)state;
    for (r = 0; r < sizeof all / sizeof all[0]; r++) {
        const routines *x = &all[r];
        const unsigned eb = ref_fmt(x->dt)->bytes;
        for (t = 0; t < 100 + sizeof longer / sizeof longer[0]; t++) {
            n = t < 100 ? t + 1 : longer[t - 100];
            for (fill = 0; fill < N_FILLS; fill++) {
                for (seed = 0; seed < (fill == FILL_EXTREMES ? 8u : 2u); seed++) { /* extremes: every theme */
                    uint8_t *row = malloc(n * eb); /* exactly the row: a sanitizer sees any read past it */
                    size_t want;
                    assert_non_null(row);
                    for (k = 0; k < n; k++) {
                        bits[k] = value(x->dt, (int)fill, &rng, k, n, seed);
                        for (b = 0; b < eb; b++) row[k * eb + b] = (uint8_t)(bits[k] >> (8 * b));
                    }
                    want = x->ref(x->dt, bits, n);
                    for (f = 0; f < 4; f++) {
                        size_t got;
                        if (!x->fn[f] || n < fn_min[f] || !pto_cpu_isa_supported(fn_isa[f])) continue;
                        got = x->fn[f](row, n);
                        if (got != want)
                            fail_msg("%s %s, %s, n %zu, fill %u, seed %u: expected %zu, got %zu", ref_fmt(x->dt)->name,
                                     x->name, fn_name[f], n, fill, seed, want, got);
                    }
                    free(row);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        { "cpu.isa.names_and_support", names_and_support, NULL, NULL, NULL },
        { "cpu.isa.forcing_and_detection", forcing_and_detection, NULL, NULL, NULL },
#if PTO_CPU_X86
        { "cpu.isa.widening_matches_software", widening_matches_software, NULL, NULL, NULL },
        { "cpu.isa.narrowing_matches_software", narrowing_matches_software, NULL, NULL, NULL },
        { "cpu.isa.saturating_narrowing_matches_software", saturating_narrowing_matches_software, NULL, NULL, NULL },
        { "cpu.isa.partial_vectors_touch_only_their_elements", partial_vectors_touch_only_their_elements, NULL, NULL, NULL },
        { "cpu.isa.math_blocks_match_software", math_blocks_match_software, NULL, NULL, NULL },
        { "cpu.isa.partial_corners_transposed", partial_corners_transposed, NULL, NULL, NULL },
#endif
        { "cpu.isa.argmax_and_argmin_rows_match_reference", rows_match_reference, NULL, NULL, NULL },
    };
    return cmocka_run_group_tests_name("cpu.isa", tests, NULL, NULL);
}
