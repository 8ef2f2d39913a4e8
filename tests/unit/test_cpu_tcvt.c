/* TCVT's conversion core (runtime/common/pto_cvt.h, as every profile's kernels and simulators call
 * it) against the independent reference ref_cvt (GNU MPFR and GMP, tests/harness/ref.c), for every
 * ordered (source, destination) pair of the dtype table PTO_CPU_FORMATS (the 144 the core converts,
 * a superset of every profile's TCVT pairs), every rounding mode (ODD where a float goes to
 * another float format) and saturation ON and OFF (DEFAULT is one of them, resolved per pair by
 * the entry point):
 *   - every bit pattern of an 8- or 16-bit source;
 *   - for a 32- or 64-bit source, the boundaries (boundary_inputs) and RANDOM seeded random
 *     patterns, each under every mode and saturation.
 * PTOGEN_EVERY=n (ninja test's valgrind run) checks every n-th input and pattern only.
 * Usage: test_cpu_tcvt                 the cmocka tests (ninja test)
 *        test_cpu_tcvt --all K N [S->D]
 *                                      every 32-bit input i with i % N == K - 1 of every pair with a
 *                                      32-bit source (or of pair S->D: f32->i16), every mode and
 *                                      saturation; prints
 *                                      FAIL tcvt <pair> 0x<input> got 0x<bits> want 0x<bits> (round, sat)
 *                                      per wrong input and per pair
 *                                      tcvt <pair> shard K/N: <checked> inputs, <failed> failed
 *                                      and exits nonzero iff any input failed. */
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
#include "values.h"

#define RANDOM 1000000u /* random patterns per pair with a 32- or 64-bit source */

enum { CLS_FLOAT, CLS_INT };
typedef struct { const char *name; pto_dtype dt; int cls; unsigned p[3]; } fmt;
#define ROW(name, e, cls, ...) { #name, e, CLS_##cls, { __VA_ARGS__ } },
static const fmt formats[] = { PTO_CPU_FORMATS(ROW) };
#undef ROW

static const fmt *format(pto_dtype dt)
{
    size_t i;
    for (i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (formats[i].dt == dt) return &formats[i];
    return NULL;
}

typedef struct { pto_dtype d, s; } pair;
#define N_FORMATS (sizeof formats / sizeof formats[0])
#define N_PAIRS (N_FORMATS * N_FORMATS)
static pair pairs[N_PAIRS]; /* every (dst, src), main fills it */

static uint64_t core(const fmt *d, const fmt *s, uint64_t x, unsigned round, unsigned sat)
{
    if (s->cls == CLS_FLOAT && d->cls == CLS_FLOAT)
        return pto_cpu__cvt_f2f(x, s->p[0], s->p[1], s->p[2], d->p[0], d->p[1], d->p[2], round, sat);
    if (s->cls == CLS_FLOAT) return pto_cpu__cvt_f2i(x, s->p[0], s->p[1], s->p[2], d->p[0], d->p[1], round, sat);
    if (d->cls == CLS_FLOAT) return pto_cpu__cvt_i2f(x, s->p[0], s->p[1], d->p[0], d->p[1], d->p[2], round, sat);
    return pto_cpu__cvt_i2i(x, s->p[0], s->p[1], d->p[0], d->p[1], round, sat);
}

/* the modes a pair takes: ODD only where a float is narrowed to another float format */
static unsigned n_modes(const pair *pr)
{
    return pr->d != pr->s && format(pr->d)->cls == CLS_FLOAT && format(pr->s)->cls == CLS_FLOAT ? 7u : 6u;
}

static const char *const round_names[] = { "none", "rint", "round", "floor", "ceil", "trunc", "odd" };
static const unsigned sats[] = { PTO_SAT_ON, PTO_SAT_OFF };

/* Checks x under every mode and saturation; on the first difference fills got, want, mode and sat
 * and returns 0. */
static int check(const pair *pr, uint64_t x, uint64_t *got, uint64_t *want, unsigned *mode, unsigned *sat)
{
    const fmt *d = format(pr->d), *s = format(pr->s);
    unsigned m, k;
    for (m = 0; m < n_modes(pr); m++) {
        uint64_t want2[2]; /* ON, OFF */
        ref_cvt2(pr->d, pr->s, x, (int)m, want2);
        for (k = 0; k < 2; k++) {
            uint64_t g = core(d, s, x, m, sats[k]), w = want2[sats[k] == PTO_SAT_ON ? 0 : 1];
            if (!ref_same(pr->d, w, g)) {
                *got = g, *want = w, *mode = m, *sat = sats[k];
                return 0;
            }
        }
    }
    return 1;
}

static void expect(const pair *pr, uint64_t x)
{
    uint64_t got, want;
    unsigned mode, sat;
    if (!check(pr, x, &got, &want, &mode, &sat))
        fail_msg("%s -> %s 0x%llx round %s sat %s: got 0x%llx, want 0x%llx", format(pr->s)->name, format(pr->d)->name,
                 (unsigned long long)x, round_names[mode], sat == PTO_SAT_ON ? "on" : "off",
                 (unsigned long long)got, (unsigned long long)want);
}

static uint64_t every = 1; /* PTOGEN_EVERY */

static unsigned src_bits(const pair *pr) { return 8u * ref_fmt(pr->s)->bytes; }

static void narrow_sources_exhaustive(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < N_PAIRS; i++) {
        uint64_t x;
        if (src_bits(&pairs[i]) > 16) continue;
        for (x = 0; x < (1ull << src_bits(&pairs[i])); x += every) expect(&pairs[i], x);
    }
}

/* The boundaries of a 32- or 64-bit source: for a float every exponent with the fractions that
 * sit on or next to a power of two, half a unit of every narrower precision (ties), all ones
 * (max finite, the last value before a carry) and their neighbours; for an integer every power
 * of two and its neighbours, the sums of two and three powers (the halfway cases of every float
 * precision), and the extremes; both signs of each. Returns the count written to out. */
static size_t boundary_inputs(pto_dtype s, uint64_t *out)
{
    const ref_format *f = ref_fmt(s);
    const unsigned w = 8 * f->bytes;
    const uint64_t sign = 1ull << (w - 1);
    size_t n = 0;
    unsigned e, k, j;
    if (f->is_float) {
        const unsigned fb = (unsigned)f->frac_bits;
        const uint64_t fmask = (1ull << fb) - 1;
        for (e = 0; e < (1u << f->exp_bits); e++) {
            for (k = 0; k <= fb; k++) {
                const uint64_t b = 1ull << k >> 1, ones = (1ull << k) - 1; /* b: half a unit at precision fb - k + 1 */
                const uint64_t fr[] = { b, b + 1, b - 1, ones, fmask & ~ones, (fmask & ~ones) | b, (fmask & ~ones) | (b - 1),
                                        (fmask & ~ones) | b | 1 };
                for (j = 0; j < sizeof fr / sizeof fr[0]; j++) {
                    const uint64_t v = ((uint64_t)e << fb) | (fr[j] & fmask);
                    out[n++] = v;
                    out[n++] = v | sign;
                }
            }
        }
        return n;
    }
    for (k = 0; k < w; k++) {
        for (j = 0; j <= k; j++) {
            const uint64_t v = (1ull << k) | (1ull << j);
            const uint64_t vs[] = { v, v - 1, v + 1, v | (1ull << j >> 1) };
            unsigned i;
            for (i = 0; i < 4; i++) {
                out[n++] = vs[i] & (w == 64 ? ~0ull : (1ull << w) - 1);
                out[n++] = (0u - vs[i]) & (w == 64 ? ~0ull : (1ull << w) - 1);
            }
        }
    }
    out[n++] = sign;
    out[n++] = sign - 1;
    out[n++] = sign + 1;
    return n;
}

static void wide_sources_boundaries(void **state)
{
    static uint64_t in[1 << 17];
    size_t i, k, n;
    (void)state;
    for (i = 0; i < N_PAIRS; i++) {
        if (src_bits(&pairs[i]) <= 16) continue;
        n = boundary_inputs(pairs[i].s, in);
        assert_true(n <= sizeof in / sizeof in[0]);
        for (k = 0; k < n; k += every) expect(&pairs[i], in[k]);
    }
}

static void wide_sources_random(void **state)
{
    size_t i, k;
    (void)state;
    for (i = 0; i < N_PAIRS; i++) {
        const unsigned w = src_bits(&pairs[i]);
        uint64_t rng = 0x7c17u + i;
        if (w <= 16) continue;
        for (k = 0; k < RANDOM / every; k++) {
            const uint64_t x = h_rand(&rng) & (w == 64 ? ~0ull : (1ull << w) - 1);
            const fmt *d = format(pairs[i].d), *s = format(pairs[i].s);
            /* one mode and saturation each, so that every pattern meets the reference once */
            const unsigned m = (unsigned)(k % n_modes(&pairs[i])), sat = sats[(k / 7) % 2];
            const uint64_t got = core(d, s, x, m, sat), want = ref_cvt(pairs[i].d, pairs[i].s, x, (int)m, (int)sat);
            if (!ref_same(pairs[i].d, want, got))
                fail_msg("%s -> %s 0x%llx round %s sat %s: got 0x%llx, want 0x%llx", s->name, d->name, (unsigned long long)x,
                         round_names[m], sat == PTO_SAT_ON ? "on" : "off", (unsigned long long)got, (unsigned long long)want);
        }
    }
}

/* a line `FAIL tcvt S->D/<round>/<sat> 0x<input> got 0x<bits> want 0x<bits>` (tests/exhaustive.py's
 * protocol: the pair, mode and saturation in its dtype field); 1 if x is right for pr */
static int all_check(const pair *pr, const char *name, uint64_t x)
{
    uint64_t got, want;
    unsigned mode, sat;
    if (check(pr, x, &got, &want, &mode, &sat)) return 1;
    printf("FAIL tcvt %s/%s/%s 0x%08llx got 0x%llx want 0x%llx\n", name, round_names[mode], sat == PTO_SAT_ON ? "on" : "off",
           (unsigned long long)x, (unsigned long long)got, (unsigned long long)want);
    return 0;
}

static void pair_name(const pair *pr, char *name, size_t size)
{
    snprintf(name, size, "%s->%s", format(pr->s)->name, format(pr->d)->name);
}

/* --all K N [S | S->D] (1-based, tests/exhaustive.py's protocol): every 32-bit input i with
 * i % N == K - 1 for every pair from source dtype S (one long target per 32-bit source), ending
 * with `tcvt S->* shard K/N: <inputs> inputs, <failed> failed`; or for the one pair S->D, or (no
 * S) for each pair with a 32-bit source, a line `tcvt S->D shard K/N: ...` each */
static int all_inputs(unsigned k, unsigned n, const char *only)
{
    size_t i;
    int failed_any = 0;
    char name[32];
    uint64_t x;
    if (only && !strstr(only, "->")) {
        size_t mine[N_PAIRS], n_mine = 0;
        char names[N_PAIRS][32];
        unsigned long checked = 0, failed = 0;
        for (i = 0; i < N_PAIRS; i++)
            if (src_bits(&pairs[i]) == 32 && strcmp(format(pairs[i].s)->name, only) == 0) {
                pair_name(&pairs[i], names[n_mine], sizeof names[n_mine]);
                mine[n_mine++] = i;
            }
        if (n_mine == 0) {
            fprintf(stderr, "--all: '%s' is no 32-bit source dtype\n", only);
            return 2;
        }
        for (x = k - 1; x < (1ull << 32); x += n) {
            checked++;
            for (i = 0; i < n_mine; i++) failed += !all_check(&pairs[mine[i]], names[i], x);
        }
        printf("tcvt %s->* shard %u/%u: %lu inputs, %lu failed\n", only, k, n, checked, failed);
        return failed != 0;
    }
    for (i = 0; i < N_PAIRS; i++) {
        const pair *pr = &pairs[i];
        unsigned long checked = 0, failed = 0;
        pair_name(pr, name, sizeof name);
        if (src_bits(pr) != 32 || (only && strcmp(only, name) != 0)) continue;
        for (x = k - 1; x < (1ull << 32); x += n) {
            checked++;
            failed += !all_check(pr, name, x);
        }
        printf("tcvt %s shard %u/%u: %lu inputs, %lu failed\n", name, k, n, checked, failed);
        fflush(stdout);
        failed_any |= failed != 0;
    }
    return failed_any;
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        { "cpu.tcvt.narrow_sources_exhaustive", narrow_sources_exhaustive, NULL, NULL, NULL },
        { "cpu.tcvt.wide_sources_boundaries", wide_sources_boundaries, NULL, NULL, NULL },
        { "cpu.tcvt.wide_sources_random", wide_sources_random, NULL, NULL, NULL },
    };
    const char *env = getenv("PTOGEN_EVERY");
    size_t i;
    if (env && strtoul(env, NULL, 10) > 1) every = strtoul(env, NULL, 10);
    for (i = 0; i < N_PAIRS; i++) {
        pairs[i].d = formats[i / N_FORMATS].dt;
        pairs[i].s = formats[i % N_FORMATS].dt;
    }
    if ((argc == 4 || argc == 5) && strcmp(argv[1], "--all") == 0) {
        const unsigned n = (unsigned)strtoul(argv[3], NULL, 10), k = (unsigned)strtoul(argv[2], NULL, 10);
        if (k == 0 || k > n) {
            fprintf(stderr, "usage: %s --all K N [S | S->D] (1 <= K <= N)\n", argv[0]);
            return 2;
        }
        return all_inputs(k, n, argc == 5 ? argv[4] : NULL);
    }
    return cmocka_run_group_tests_name("cpu.tcvt", tests, NULL, NULL);
}
