/* The benchmark driver (bench.h): for every generated case, builds the tiles, checks that the
 * checked entry point accepts them and that kernel and plain loop write the same values (a NaN
 * for a NaN), then times kernel, plain loop and memcpy, interleaved round by round in this one
 * process, and prints each case's medians as one tab-separated line for bench/report.py:
 *   case <instr> <kind> <variant> <dtype> <shape> <elems> <kernel ns> <plain ns> <memcpy ns> <memcpy bytes>
 * BENCH_ROUNDS (default 101) sets the rounds; BENCH_FILTER=text keeps cases whose
 * "instr variant dtype shape" contains it, BENCH_FILTER="a|b|c" those that contain any of the
 * alternatives (BENCH_FILTER="tmov |ttrans ": two instructions); PTO_CPU_ISA=name runs that ISA variant of the
 * kernels (pto/pto_cpu_isa.h) instead of the detected one. BENCH_PLACEMENTS (default 4): each
 * case is measured with its buffers in that many places, its rounds shared among them, and the
 * figures of the place where its kernel was fastest are printed (alloc_bytes says why): kernel,
 * plain loop and memcpy of one place, taken in turns. The first
 * line names the variant:
 *   isa <name> */
#define _DEFAULT_SOURCE /* clock_gettime, mmap's MAP_ANONYMOUS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench.h"
#include "pto/pto_cpu_isa.h"
#include "ref.h"

#define BLOCK_NS 20000.0 /* each timed block runs a function often enough to last this long */

typedef struct {
    const uint8_t *from;
    uint8_t *to;
    size_t lines, line_bytes, stride; /* along the contiguous dimension */
} b_copy;

static uint64_t rng_state;

static uint64_t rng(void) /* xorshift64*: the same tiles every run */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}

static int is_gm(const b_operand *o) { return o->kind == B_GM_IN || o->kind == B_GM_OUT; }
static int is_out(const b_operand *o) { return o->kind == B_OUT || o->kind == B_GM_OUT; }

static size_t op_bytes(const b_operand *o)
{
    size_t n = o->kind == B_SCALAR ? 1 : (size_t)o->rows * o->cols, k;
    if (is_gm(o)) /* one past the tensor's largest offset */
        for (n = 1, k = 0; k < 5; k++) n += (size_t)o->stride[k] * (o->shape[k] - 1);
    return n * ref_fmt((pto_dtype)o->dtype)->bytes;
}

/* Random finite normal values of moderate size (no zeros, subnormals, infinities or NaNs, whose
 * special cases would time the slow paths of the hardware, not the code), integers over their
 * whole range, shift counts below the width. */
static void fill(const b_operand *o, uint8_t *p, uint64_t seed)
{
    const ref_format *f = ref_fmt((pto_dtype)o->dtype);
    size_t n = op_bytes(o) / f->bytes, e;
    rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
    for (e = 0; e < n; e++) {
        uint64_t r = rng(), v;
        if (f->is_float) {
            double x = (double)(r >> 11) / 9007199254740992.0 * 7.5 + 0.5; /* [0.5, 8) */
            v = ref_from_double((pto_dtype)o->dtype, (r & 1) ? -x : x);
        } else {
            v = o->below ? r % o->below : r;
        }
        ref_store(p + e * f->bytes, f->bytes, v);
    }
}

/* A case's buffers, one after another from page boundaries in one of the arena's places (each
 * PLACE_BYTES of pages of its own). Where a tile's pages land in physical memory decides which L2
 * sets it takes, and a case takes one of several times by its pages: TADD bf16 128x256 3,910 or
 * 4,550 ns, the same binary in the same process with its buffers 4 MiB further on. One process
 * had one place, so two builds compared by their passes drew different luck; now every pass
 * measures each case in several places. Each buffer starts a page, so the places differ in their
 * physical pages alone, not in the buffers' offsets from one another; the arena takes no
 * transparent huge pages, whose 2 MiB would map every place to the same sets. setup takes the
 * buffers of the current place; use_place starts a place afresh (a case's buffers need no freeing). */
#define PLACE_BYTES ((size_t)4 << 20)
#define MAX_PLACES 16
static uint8_t *arena;
static size_t place_start, place_used, page;

static uint8_t *alloc_bytes(size_t n)
{
    uint8_t *p;
    if (!arena) {
        void *m = mmap(NULL, MAX_PLACES * PLACE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) { fputs("bench: out of memory\n", stderr); exit(1); }
        arena = (uint8_t *)m;
        (void)madvise(arena, MAX_PLACES * PLACE_BYTES, MADV_NOHUGEPAGE); /* a hint: places of pages of their own */
        page = (size_t)sysconf(_SC_PAGESIZE);
    }
    n = (n + page - 1) / page * page;
    if (n > PLACE_BYTES - place_used) { fputs("bench: a case's buffers outgrow PLACE_BYTES\n", stderr); exit(1); }
    p = arena + place_start + place_used;
    place_used += n;
    return p;
}

static void use_place(unsigned k)
{
    place_start = (size_t)k * PLACE_BYTES;
    place_used = 0;
}

static void copy_region(const void *const *args)
{
    const b_copy *c = (const b_copy *)args[0];
    size_t i;
    if (c->line_bytes == c->stride) {
        memcpy(c->to, c->from, c->lines * c->line_bytes);
        return;
    }
    for (i = 0; i < c->lines; i++) memcpy(c->to + i * c->stride, c->from + i * c->stride, c->line_bytes);
}

/* read through a volatile pointer, so the compiler cannot inline the copy into the timing loop
 * and merge the repeated copies */
static void (*volatile copy_call)(const void *const *) = copy_region;

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static double per_call(b_call fn, const void *const *args, unsigned reps)
{
    double t0 = now_ns();
    unsigned r;
    for (r = 0; r < reps; r++) fn(args);
    return (now_ns() - t0) / reps;
}

static unsigned calibrate(b_call fn, const void *const *args)
{
    unsigned reps = 1;
    per_call(fn, args, 4); /* warm caches and branch predictors */
    while (reps < (1u << 24) && per_call(fn, args, reps) * reps < BLOCK_NS) reps *= 2;
    return reps;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, unsigned n)
{
    qsort(v, n, sizeof *v, by_value);
    return v[n / 2];
}

typedef struct {
    const b_case *c;
    pto_tile tile[B_MAX_OPS];
    pto_gm gm[B_MAX_OPS];
    uint8_t *data[B_MAX_OPS], *scratch, *copy_from;
    const void *args[B_MAX_OPS];
    b_copy copy;
} b_run;

static void fill_outputs(b_run *r)
{
    unsigned i;
    for (i = 0; i < r->c->n_ops; i++)
        if (is_out(&r->c->op[i])) fill(&r->c->op[i], r->data[i], 1000 + i);
}

static void setup(b_run *r, const b_case *c)
{
    unsigned i, k;
    const b_operand *s = &c->op[c->stream];
    size_t eb = ref_fmt((pto_dtype)s->dtype)->bytes;
    memset(r, 0, sizeof *r);
    r->c = c;
    for (i = 0; i < c->n_ops; i++) {
        const b_operand *o = &c->op[i];
        if (o->kind == B_ABSENT) continue;
        if (o->kind == B_PARAM) { r->args[i] = &o->value; continue; }
        r->data[i] = alloc_bytes(op_bytes(o));
        fill(o, r->data[i], i + 1);
        if (is_gm(o)) {
            r->gm[i] = (pto_gm){ r->data[i], (pto_dtype)o->dtype, (pto_gm_layout)o->layout, { 0 }, { 0 } };
            for (k = 0; k < 5; k++) r->gm[i].shape[k] = o->shape[k], r->gm[i].stride[k] = o->stride[k];
            r->args[i] = &r->gm[i];
            continue;
        }
        r->tile[i] = (pto_tile){ r->data[i], (pto_dtype)o->dtype, (pto_loc)o->loc, (pto_blayout)o->blayout,
                                 (pto_slayout)o->slayout, o->rows, o->cols, o->valid_rows, o->valid_cols };
        r->args[i] = o->kind == B_SCALAR ? (const void *)r->data[i] : (const void *)&r->tile[i];
    }
    /* the streamed tile's valid region, line by line along its contiguous dimension (a boxed
     * tile's as many bytes: by columns when its boxes are, Nz), and more such lines out of a
     * buffer of their own while the kernel moves more bytes than that */
    if (s->blayout == PTO_COL_MAJOR)
        r->copy = (b_copy){ r->data[c->stream], NULL, s->valid_cols, s->valid_rows * eb, s->rows * eb };
    else
        r->copy = (b_copy){ r->data[c->stream], NULL, s->valid_rows, s->valid_cols * eb, s->cols * eb };
    if (c->copy_bytes > r->copy.lines * r->copy.line_bytes) {
        r->copy.lines = (c->copy_bytes + r->copy.line_bytes - 1) / r->copy.line_bytes;
        r->copy_from = alloc_bytes(r->copy.lines * r->copy.stride);
        memset(r->copy_from, 0x5a, r->copy.lines * r->copy.stride);
        r->copy.from = r->copy_from;
    }
    r->copy.to = r->scratch = alloc_bytes(r->copy.lines * r->copy.stride > op_bytes(s) ? r->copy.lines * r->copy.stride
                                                                                         : op_bytes(s));
}

/* The same bytes, but a NaN for a NaN of any sign and payload (the contract leaves them free:
 * the x86 square roots give the hardware's default NaN) */
static int same_values(const b_operand *o, const uint8_t *a, const uint8_t *b)
{
    const ref_format *f = ref_fmt((pto_dtype)o->dtype);
    size_t n = op_bytes(o), e;
    if (!f->is_float) return memcmp(a, b, n) == 0;
    for (e = 0; e < n; e += f->bytes)
        if (!ref_same((pto_dtype)o->dtype, ref_load(a + e, f->bytes), ref_load(b + e, f->bytes))) return 0;
    return 1;
}

/* The entry point must accept the tiles, and kernel and plain loop must write the same values:
 * otherwise the comparison would not be of the same work. */
static int check(b_run *r)
{
    const b_case *c = r->c;
    uint8_t *kernel_out[B_MAX_OPS] = { 0 };
    pto_status st = c->entry(r->args);
    unsigned i;
    int ok = 1;
    if (st != PTO_OK) {
        fprintf(stderr, "bench: %s %s %s %s: the entry point says %s\n", c->instr, c->variant, c->dtype, c->shape,
                pto_status_str(st));
        return 0;
    }
    fill_outputs(r);
    c->kernel(r->args);
    for (i = 0; i < c->n_ops; i++) {
        if (!is_out(&c->op[i])) continue;
        kernel_out[i] = malloc(op_bytes(&c->op[i]));
        if (!kernel_out[i]) { fputs("bench: out of memory\n", stderr); exit(1); }
        memcpy(kernel_out[i], r->data[i], op_bytes(&c->op[i]));
    }
    fill_outputs(r);
    c->plain(r->args);
    for (i = 0; i < c->n_ops; i++) {
        if (kernel_out[i] && !same_values(&c->op[i], kernel_out[i], r->data[i])) {
            fprintf(stderr, "bench: %s %s %s %s: kernel and plain loop differ in operand %u\n", c->instr, c->variant,
                    c->dtype, c->shape, i);
            ok = 0;
        }
        free(kernel_out[i]);
    }
    return ok;
}

/* Kernel, plain loop and memcpy take turns in every round, in a rotating order, so drifts of
 * the machine (frequency, neighbours) fall on all three alike; each keeps its median. */
static void measure(b_run *r, unsigned rounds, double out[3])
{
    const void *copy_args[1];
    const void *const *args[3];
    b_call fn[3];
    unsigned reps[3], k, round;
    double *t = malloc(3 * rounds * sizeof *t);
    if (!t) { fputs("bench: out of memory\n", stderr); exit(1); }
    copy_args[0] = &r->copy;
    fn[0] = r->c->kernel, fn[1] = r->c->plain, fn[2] = copy_call;
    args[0] = r->args, args[1] = r->args, args[2] = copy_args;
    for (k = 0; k < 3; k++) reps[k] = calibrate(fn[k], args[k]);
    for (round = 0; round < rounds; round++)
        for (k = 0; k < 3; k++) {
            unsigned which = (round + k) % 3;
            t[which * rounds + round] = per_call(fn[which], args[which], reps[which]);
        }
    for (k = 0; k < 3; k++) out[k] = median(t + k * rounds, rounds);
    free(t);
}

/* PTO_CPU_ISA=name: force that variant; exits if the name is unknown or the CPU lacks it */
static void force_isa(void)
{
    const char *want = getenv("PTO_CPU_ISA");
    int v;
    if (!want) return;
    for (v = 0; v < PTO_CPU_ISA_COUNT; v++) {
        if (strcmp(want, pto_cpu_isa_name((pto_cpu_isa)v)) != 0) continue;
        if (pto_cpu_set_isa((pto_cpu_isa)v)) return;
        fprintf(stderr, "bench: PTO_CPU_ISA=%s: this CPU lacks it\n", want);
        exit(1);
    }
    fprintf(stderr, "bench: PTO_CPU_ISA=%s: no such variant\n", want);
    exit(1);
}

static int selected(const b_case *c, const char *filter)
{
    char name[256], want[256];
    const char *alt, *bar;
    if (!filter) return 1;
    snprintf(name, sizeof name, "%s %s %s %s", c->instr, c->variant, c->dtype, c->shape);
    for (alt = filter;; alt = bar + 1) { /* the alternatives between '|' */
        size_t n;
        bar = strchr(alt, '|');
        n = bar ? (size_t)(bar - alt) : strlen(alt);
        if (n < sizeof want) {
            memcpy(want, alt, n);
            want[n] = '\0';
            if (strstr(name, want)) return 1;
        }
        if (!bar) return 0;
    }
}

int main(void)
{
    const char *env = getenv("BENCH_ROUNDS"), *filter = getenv("BENCH_FILTER"), *places_env = getenv("BENCH_PLACEMENTS");
    unsigned rounds = env ? (unsigned)strtoul(env, NULL, 10) : 101;
    unsigned places = places_env ? (unsigned)strtoul(places_env, NULL, 10) : 4, share, k;
    const b_table *const *t;
    int failed = 0;
    size_t n;
    if (rounds < 1) rounds = 1;
    if (places < 1) places = 1;
    if (places > MAX_PLACES) places = MAX_PLACES;
    share = (rounds + places - 1) / places;
    force_isa();
    printf("# ptogen kernel benchmark: %u rounds in %u places, medians in ns per call\n", share * places, places);
    printf("isa\t%s\n", pto_cpu_isa_name(pto_cpu_isa_selected()));
    for (t = b_tables; *t; t++) {
        if ((*t)->n == 0) printf("note\t%s\n", (*t)->note);
        for (n = 0; n < (*t)->n; n++) {
            const b_case *c = &(*t)->cases[n];
            b_run r;
            double ns[3] = { 0, 0, 0 }, at[3];
            if (!selected(c, filter)) continue;
            use_place(0);
            setup(&r, c);
            if (check(&r)) {
                for (k = 0; k < places; k++) { /* the place where the kernel is fastest */
                    if (k > 0) { /* the case again in place k (use_place gives back the last one's pages) */
                        use_place(k);
                        setup(&r, c);
                    }
                    measure(&r, share, at);
                    if (k == 0 || at[0] < ns[0]) memcpy(ns, at, sizeof ns);
                }
                printf("case\t%s\t%s\t%s\t%s\t%s\t%u\t%.2f\t%.2f\t%.2f\t%zu\n", c->instr, c->kind, c->variant,
                       c->dtype, c->shape, (unsigned)c->elems, ns[0], ns[1], ns[2], r.copy.lines * r.copy.line_bytes);
                fflush(stdout);
            } else {
                failed = 1;
            }
        }
    }
    return failed;
}
