/* `ninja bench`'s matrix section (bench/run.py prints its lines): TMATMUL on the cpu, f32 and
 * f16 -> f32 with a in A5's Nz boxes, at 64 x 64 x 64 and 128 x 128 x 128, against
 *   - the plain loop: c(i, j) summed over k in the contract's order, each element read through
 *     its box map (pto/pto_layout.h), as a straightforward scalar implementation writes it (same
 *     bits: checked);
 *   - the bound: the multiply and the add the contract requires, as a bare loop over row-major
 *     f32 arrays (the operands widened beforehand, untimed), vectorised across j at the ISA
 *     variant the kernels run (x86: target attributes);
 *   - OpenBLAS's sgemm on one thread (built with it when configure finds libopenblas: Debian
 *     libopenblas-dev), over the same widened arrays: it fuses and reorders, so speed only.
 * Each method runs in turns with the others, ROUNDS times; a figure is its median. Output: one
 * tab-separated line per case (dtype, shape, then microseconds of kernel, plain loop, bound and
 * OpenBLAS, 0 when not built), which bench/report.py turns into a table with the targets. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pto/pto.h"
#include "pto/pto_cpu_isa.h"
#include "pto/pto_layout.h"
#include "plain.h"
#ifdef PTO_BENCH_OPENBLAS
#include <cblas.h>
void openblas_set_num_threads(int threads); /* OpenBLAS's own: not in every cblas.h */
#endif

#define ROUNDS 31

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

typedef struct {
    void (*kernel)(const pto_tile *, const pto_tile *, const pto_tile *); /* the tuple's, unchecked */
    pto_tile c, a, b;
    float *af, *bf, *cf; /* row-major f32 copies for the bound and OpenBLAS */
    size_t m, n, k;
} mm_case;

static float value(pto_dtype dt, const void *data, size_t at)
{
    return dt == PTO_F32 ? plain__float(((const uint32_t *)data)[at]) : plain__f16_to_f32(((const uint16_t *)data)[at]);
}

/* the contract's order, element by element, through the box maps of a (Nz), b (Zn), c (Nz) */
static void plain(const mm_case *x)
{
    const size_t c0 = x->a.dtype == PTO_F32 ? 8 : 16; /* a box's columns: 32 bytes */
    size_t i, j, p;
    for (i = 0; i < x->m; i++)
        for (j = 0; j < x->n; j++) {
            float s = 0.0f;
            for (p = 0; p < x->k; p++)
                s = s + value(x->a.dtype, x->a.data, pto_offset_nz(x->m, x->k, 16, c0, i, p)) *
                            value(x->b.dtype, x->b.data, pto_offset_zn(x->k, x->n, c0, 16, p, j));
            ((uint32_t *)x->c.data)[pto_offset_nz(x->m, x->n, 16, 16, i, j)] = plain__bits(s);
        }
}

#define BOUND_BODY                                                                   \
    size_t i, j, p;                                                                  \
    for (i = 0; i < m; i++) {                                                        \
        float *acc = c + i * n;                                                      \
        for (j = 0; j < n; j++) acc[j] = 0.0f;                                       \
        for (p = 0; p < k; p++) {                                                    \
            const float x = a[i * k + p];                                            \
            const float *brow = b + p * n;                                           \
            for (j = 0; j < n; j++) acc[j] = acc[j] + x * brow[j];                   \
        }                                                                            \
    }
typedef void (*bound_fn)(size_t, size_t, size_t, const float *restrict, const float *restrict, float *restrict);
static void bound_base(size_t m, size_t n, size_t k, const float *restrict a, const float *restrict b, float *restrict c) { BOUND_BODY }
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2"))) static void bound_avx2(size_t m, size_t n, size_t k, const float *restrict a,
                                                        const float *restrict b, float *restrict c) { BOUND_BODY }
__attribute__((target("avx512f"))) static void bound_avx512(size_t m, size_t n, size_t k, const float *restrict a,
                                                             const float *restrict b, float *restrict c) { BOUND_BODY }
#endif

static bound_fn bound_for_isa(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    switch (pto_cpu_isa_selected()) {
    case PTO_CPU_ISA_AVX512: return bound_avx512;
    case PTO_CPU_ISA_AVX2: return bound_avx2;
    default: break;
    }
#endif
    return bound_base;
}

static void *zalloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "bench matmul: out of memory\n");
        exit(2);
    }
    memset(p, 0, bytes);
    return p;
}

/* random values in [-1, 1) into tile t, and their f32 values row-major into f */
static void fill(pto_tile *t, float *f)
{
    const unsigned eb = t->dtype == PTO_F32 ? 4u : 2u;
    size_t i, j;
    for (i = 0; i < t->rows; i++)
        for (j = 0; j < t->cols; j++) {
            const float v = (float)rand() / (float)RAND_MAX * 2.0f - 1.0f;
            const size_t at = pto_tile_offset(t, eb, (uint32_t)i, (uint32_t)j);
            if (t->dtype == PTO_F32) ((uint32_t *)t->data)[at] = plain__bits(v);
            else ((uint16_t *)t->data)[at] = plain__f32_to_f16(v);
            f[i * t->cols + j] = value(t->dtype, t->data, at);
        }
}

static void make(mm_case *x, pto_dtype dt, size_t m, size_t n, size_t k)
{
    const unsigned eb = dt == PTO_F32 ? 4u : 2u;
    x->m = m, x->n = n, x->k = k;
    x->kernel = dt == PTO_F32 ? pto_cpu_tmatmul_f32_f32_nz : pto_cpu_tmatmul_f32_f16_nz;
    x->a = (pto_tile){ zalloc(m * k * eb), dt, PTO_LEFT, PTO_COL_MAJOR, PTO_BOX_ROW_MAJOR, (uint32_t)m, (uint32_t)k, (uint32_t)m, (uint32_t)k };
    x->b = (pto_tile){ zalloc(k * n * eb), dt, PTO_RIGHT, PTO_ROW_MAJOR, PTO_BOX_COL_MAJOR, (uint32_t)k, (uint32_t)n, (uint32_t)k, (uint32_t)n };
    x->c = (pto_tile){ zalloc(m * n * 4), PTO_F32, PTO_ACC, PTO_COL_MAJOR, PTO_BOX_ROW_MAJOR, (uint32_t)m, (uint32_t)n, (uint32_t)m, (uint32_t)n };
    x->af = zalloc(m * k * 4), x->bf = zalloc(k * n * 4), x->cf = zalloc(m * n * 4);
    srand(7);
    fill(&x->a, x->af);
    fill(&x->b, x->bf);
}

static void release(mm_case *x)
{
    free(x->a.data), free(x->b.data), free(x->c.data), free(x->af), free(x->bf), free(x->cf);
}

enum { KERNEL, PLAIN, BOUND, BLAS, METHODS };

static double time_one(const mm_case *x, int method, bound_fn bound, unsigned reps)
{
    unsigned r;
    const double t0 = now_ns();
    for (r = 0; r < reps; r++) {
        switch (method) {
        case KERNEL: x->kernel(&x->c, &x->a, &x->b); break;
        case PLAIN: plain(x); break;
        case BOUND: bound(x->m, x->n, x->k, x->af, x->bf, x->cf); break;
#ifdef PTO_BENCH_OPENBLAS
        case BLAS:
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)x->m, (int)x->n, (int)x->k, 1.0f, x->af,
                        (int)x->k, x->bf, (int)x->n, 0.0f, x->cf, (int)x->n);
            break;
#endif
        default: break;
        }
    }
    return (now_ns() - t0) / reps / 1e3;
}

int main(void)
{
    static const struct { pto_dtype dt; const char *name; } dts[] = { { PTO_F32, "f32" }, { PTO_F16, "f16" } };
    static const size_t sizes[] = { 64, 128 };
    const bound_fn bound = bound_for_isa();
    size_t d, s;
#ifdef PTO_BENCH_OPENBLAS
    openblas_set_num_threads(1);
#endif
    for (d = 0; d < sizeof dts / sizeof dts[0]; d++)
        for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            const size_t n = sizes[s];
            const unsigned reps = n == 64 ? 20u : 4u;
            double t[METHODS][ROUNDS], med[METHODS];
            uint32_t *kernel_bits;
            mm_case x;
            int r, meth;
            make(&x, dts[d].dt, n, n, n);
            /* the entry point accepts the tiles, and the plain loop gives the kernel's bits */
            if (pto_cpu_tmatmul(&x.c, &x.a, &x.b) != PTO_OK) {
                fprintf(stderr, "bench matmul: pto_cpu_tmatmul refused the %s case\n", dts[d].name);
                return 1;
            }
            kernel_bits = zalloc(n * n * 4);
            memcpy(kernel_bits, x.c.data, n * n * 4);
            plain(&x);
            if (memcmp(kernel_bits, x.c.data, n * n * 4) != 0) {
                fprintf(stderr, "bench matmul: kernel and plain loop differ (%s %zu)\n", dts[d].name, n);
                return 1;
            }
            free(kernel_bits);
            for (r = 0; r < ROUNDS; r++)
                for (meth = 0; meth < METHODS; meth++)
                    t[meth][r] = time_one(&x, meth, bound, meth == PLAIN ? 1u : reps);
            for (meth = 0; meth < METHODS; meth++) {
                qsort(t[meth], ROUNDS, sizeof t[meth][0], cmp_double);
                med[meth] = t[meth][ROUNDS / 2];
            }
#ifndef PTO_BENCH_OPENBLAS
            med[BLAS] = 0.0;
#endif
            printf("matmul\t%s\t%zux%zux%zu\t%.2f\t%.2f\t%.2f\t%.2f\n", dts[d].name, n, n, n, med[KERNEL], med[PLAIN],
                   med[BOUND], med[BLAS]);
            release(&x);
        }
    return 0;
}
