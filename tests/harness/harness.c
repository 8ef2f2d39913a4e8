#include "harness.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pto/pto_layout.h"
#include "ref.h"
#include "values.h"

typedef struct {
    const h_tuple *t;
    const h_case *c;
    uint8_t *base;       /* arena start (after the front guard) */
    uint8_t *snapshot;   /* the whole allocation before the call */
    uint8_t *mem;        /* the whole allocation */
    size_t total;
    pto_tile tile[H_MAX_OPS];
    pto_gm gm[H_MAX_OPS];  /* the global tensors (H_IO_GM_*) */
    const char *variant;   /* the ISA variant being compared with the first, or NULL */
} run;

static unsigned dt_bytes(int32_t dt) { return dt >= 0 && (unsigned)dt < ref_n_dtypes() ? ref_fmt((pto_dtype)dt)->bytes : 1; }

static int is_gm(const h_tuple *t, int op) { return t->io[op] == H_IO_GM_IN || t->io[op] == H_IO_GM_OUT; }

/* The global tensor operand o describes, its data at base + offset */
static void gm_of(const h_operand *o, uint8_t *base, pto_gm *g)
{
    unsigned k;
    g->data = o->null_data || base == NULL ? NULL : base + o->offset; /* NULL base: the maps only */
    g->dtype = (pto_dtype)o->dtype;
    g->layout = (pto_gm_layout)o->layout;
    for (k = 0; k < 5; k++) {
        g->shape[k] = o->shape[k];
        g->stride[k] = o->stride[k];
    }
}

/* Element (i, j)'s index in operand op's data: the layout's index map (pto/pto_layout.h,
 * gen/layouts.py), a tile's or a global tensor's */
static size_t elem_index(const h_tuple *t, const h_operand *o, int op, uint32_t i, uint32_t j)
{
    if (is_gm(t, op)) {
        pto_gm g;
        gm_of(o, NULL, &g);
        return (size_t)pto_gm_offset(&g, i, j);
    }
    return pto_layout_offset(o->blayout, o->slayout, o->loc, o->rows, o->cols, dt_bytes(o->dtype), i, j);
}

static uint64_t get(const run *r, const uint8_t *arena, int op, uint32_t i, uint32_t j)
{
    const h_operand *o = &r->c->op[op];
    unsigned n = dt_bytes(o->dtype);
    return ref_load(arena + o->offset + elem_index(r->t, o, op, i, j) * n, n);
}

/* The outputs: every operand the call writes (H_IO_OUT, H_IO_GM_OUT), at most two. */
static int out_ops(const h_tuple *t, int *outs)
{
    int k, n = 0;
    for (k = 0; k < t->n_ops && n < 2; k++)
        if (t->io[k] == H_IO_OUT || t->io[k] == H_IO_GM_OUT) outs[n++] = k;
    return n;
}

/* The region of operand op whose elements are given (an input) or written (an output, the kind's
 * H_W_*): a tile's valid region, or a global tensor as a matrix (pto/pto_layout.h). */
static void region(const h_tuple *t, const h_operand *o, int op, uint32_t *rows, uint32_t *cols)
{
    if (is_gm(t, op)) {
        pto_gm g;
        uint64_t r, c;
        gm_of(o, NULL, &g);
        pto_gm_region(&g, dt_bytes(o->dtype), &r, &c);
        *rows = (uint32_t)r;
        *cols = (uint32_t)c;
        return;
    }
    *rows = t->io[op] == H_IO_OUT && t->writes == H_W_ROW0 ? 1 : o->valid_rows;
    *cols = t->io[op] == H_IO_OUT && t->writes == H_W_COL0 ? 1 : o->valid_cols;
}

/* Byte offset of element (i, j) of operand op from the start of the allocation. */
static size_t elem_at(const h_tuple *t, const h_operand *o, int op, uint32_t i, uint32_t j)
{
    return H_GUARD + o->offset + elem_index(t, o, op, i, j) * dt_bytes(o->dtype);
}

/* What a kind's reader sees: the case's inputs in the snapshot taken before the call. */
struct h_view {
    const run *r;
    const uint8_t *arena;
};

const h_tuple *h_view_tuple(const h_view *v) { return v->r->t; }
const h_operand *h_view_op(const h_view *v, int op) { return &v->r->c->op[op]; }
uint64_t h_elem(const h_view *v, int op, uint32_t i, uint32_t j) { return get(v->r, v->arena, op, i, j); }
uint64_t h_scalar(const h_view *v, int op) { return ref_load(v->arena + v->r->c->op[op].offset, dt_bytes(v->r->t->dtype)); }

int h_first_input(const h_view *v)
{
    int op = 0;
    while (v->r->t->io[op] != H_IO_IN) op++;
    return op;
}

int32_t h_param(const h_view *v)
{
    int op = 0;
    while (v->r->t->io[op] != H_IO_PARAM) op++;
    return v->r->c->op[op].value;
}

uint64_t h_pair_tree(const h_view *v, uint64_t *val, size_t n, uint64_t *in)
{
    const h_tuple *t = v->r->t;
    while (n > 1) {
        const size_t half = n / 2;
        size_t k;
        for (k = 0; k < half; k++) {
            in[0] = val[2 * k];
            in[1] = val[2 * k + 1];
            val[k] = t->math(t->dtype, in);
        }
        if (n % 2) val[half] = val[n - 1];
        n -= half;
    }
    return val[0];
}

size_t h_reduce_line(const h_view *v, int along_row, uint32_t i, uint64_t *in, int *n_in)
{
    const h_tuple *t = v->r->t;
    const int src = h_first_input(v);
    const h_operand *o = &v->r->c->op[src];
    uint64_t *line;
    uint32_t n, k;
    size_t at;
    n = along_row ? o->valid_cols : o->valid_rows;
    line = malloc(sizeof *line * n);
    assert_non_null(line);
    for (k = 0; k < n; k++) line[k] = along_row ? h_elem(v, src, i, k) : h_elem(v, src, k, i);
    at = t->reduce(t->dtype, line, n);
    in[0] = at;
    in[1] = line[at];
    *n_in = 0;
    free(line);
    return at;
}

/* Expected bits of output `op` at (i, j), from the snapshot; the inputs used go to in[]. */
static uint64_t expect_at(const run *r, int op, uint32_t i, uint32_t j, uint64_t *in, int *n_in)
{
    const h_view v = { r, r->snapshot + H_GUARD };
    return r->t->read(&v, op, i, j, in, n_in);
}

static void describe(const run *r, char *buf, size_t size)
{
    size_t len;
    int k;
    len = (size_t)snprintf(buf, size, "tuple %s, case '%s', seed %u%s%s:", r->t->name, r->c->label, (unsigned)r->c->seed,
                           r->variant ? ", ISA variant " : "", r->variant ? r->variant : "");
    for (k = 0; k < r->t->n_ops && len < size; k++) {
        const h_operand *o = &r->c->op[k];
        if (r->t->io[k] == H_IO_PARAM)
            len += (size_t)snprintf(buf + len, size - len, " %s=%d", r->t->op_names[k], (int)o->value);
        else if (is_gm(r->t, k) && o->present)
            len += (size_t)snprintf(buf + len, size - len, " %s=%s gm layout %d shape [%u,%u,%u,%u,%u] strides [%llu,%llu,%llu,%llu,%llu]",
                                    r->t->op_names[k], o->dtype >= 0 && (unsigned)o->dtype < ref_n_dtypes() ? ref_fmt((pto_dtype)o->dtype)->name : "?",
                                    (int)o->layout, (unsigned)o->shape[0], (unsigned)o->shape[1], (unsigned)o->shape[2],
                                    (unsigned)o->shape[3], (unsigned)o->shape[4], (unsigned long long)o->stride[0],
                                    (unsigned long long)o->stride[1], (unsigned long long)o->stride[2],
                                    (unsigned long long)o->stride[3], (unsigned long long)o->stride[4]);
        else if (r->t->io[k] == H_IO_SCALAR || !o->present)
            len += (size_t)snprintf(buf + len, size - len, " %s=%s", r->t->op_names[k], o->present ? "scalar" : "NULL");
        else
            len += (size_t)snprintf(buf + len, size - len, " %s=%s %ux%u valid %ux%u%s", r->t->op_names[k],
                                    o->dtype >= 0 && (unsigned)o->dtype < ref_n_dtypes() ? ref_fmt((pto_dtype)o->dtype)->name : "?",
                                    (unsigned)o->rows, (unsigned)o->cols, (unsigned)o->valid_rows,
                                    (unsigned)o->valid_cols, o->blayout == PTO_COL_MAJOR ? " DN" : "");
    }
}

/* The case's tile (and global tensor) descriptors over the arena at base (its first byte after
 * the guard). */
static void make_tiles(const run *r, uint8_t *base, pto_tile *tile, pto_gm *gm)
{
    int op;
    for (op = 0; op < r->t->n_ops; op++) {
        const h_operand *o = &r->c->op[op];
        pto_tile *x = &tile[op];
        if (is_gm(r->t, op)) gm_of(o, base, &gm[op]);
        x->data = o->null_data ? NULL : base + o->offset;
        x->dtype = (pto_dtype)o->dtype;
        x->loc = (pto_loc)o->loc;
        x->blayout = (pto_blayout)o->blayout;
        x->slayout = (pto_slayout)o->slayout;
        x->rows = o->rows;
        x->cols = o->cols;
        x->valid_rows = o->valid_rows;
        x->valid_cols = o->valid_cols;
    }
}

static void setup(run *r, const h_tuple *t, const h_case *c, int fill_inputs)
{
    uint64_t rng = 0x5eed0000ull ^ c->seed;
    size_t k;
    int op, in_no = 0;
    memset(r, 0, sizeof *r);
    r->t = t;
    r->c = c;
    r->total = (size_t)c->arena_bytes + 2 * H_GUARD;
    if (t->machine) { /* the arena sits at the start of the simulated UB */
        r->mem = t->machine->ub(NULL);
        if (r->total > t->machine->tile_bytes) fail_msg("%s: case '%s' needs %lu bytes of UB", t->name, c->label, (unsigned long)r->total);
        t->machine->reset();
    } else {
        r->mem = aligned_alloc(64, (r->total + 63) / 64 * 64);
    }
    r->snapshot = malloc(r->total);
    assert_non_null(r->mem);
    assert_non_null(r->snapshot);
    r->base = r->mem + H_GUARD;
    { /* sentinel everywhere: 8 bytes a draw from a copy of the stream, which then moves on as
       * if drawn once a byte (the inputs' values stay those of a byte a draw) */
        uint64_t sentinel = rng;
        for (k = 0; k < r->total; k += 8) {
            const uint64_t bits = h_rand(&sentinel);
            memcpy(r->mem + k, &bits, r->total - k < 8 ? r->total - k : 8);
        }
        rng += (uint64_t)r->total * H_RAND_STEP;
    }
    make_tiles(r, r->base, r->tile, r->gm);
    if (c->fill == H_FILL_CVT) h_cvt_target((pto_dtype)c->op[0].dtype); /* a conversion's dst: its target */
    for (op = 0; op < t->n_ops; op++) {
        const h_operand *o = &c->op[op];
        if (!fill_inputs || !o->present) continue;
        if (t->io[op] == H_IO_SCALAR) {
            ref_store(r->base + o->offset, dt_bytes(t->dtype), h_value(t->dtype, c->fill, &rng, 0, (size_t)in_no * c->seed, 0, 0));
            in_no++;
        } else if (t->io[op] == H_IO_IN || t->io[op] == H_IO_GM_IN) {
            uint32_t i, j, rows, cols;
            size_t n = 0;
            unsigned eb = dt_bytes(o->dtype);
            region(t, o, op, &rows, &cols);
            for (i = 0; i < rows; i++)
                for (j = 0; j < cols; j++)
                    ref_store(r->base + o->offset + elem_index(t, o, op, i, j) * eb, eb,
                          h_value((pto_dtype)o->dtype, c->fill, &rng, n++, (size_t)in_no * c->seed, i, j));
            in_no++;
        }
    }
    memcpy(r->snapshot, r->mem, r->total);
}

static pto_status call_with(const run *r, const pto_tile *tile, const pto_gm *gm,
                            pto_status (*fn)(const void *const *args))
{
    const void *args[H_MAX_OPS];
    int op;
    for (op = 0; op < r->t->n_ops; op++) {
        if (!r->c->op[op].present) args[op] = NULL;
        else if (is_gm(r->t, op)) args[op] = &gm[op];
        else if (r->t->io[op] == H_IO_SCALAR) args[op] = tile[op].data;
        else if (r->t->io[op] == H_IO_PARAM) args[op] = &r->c->op[op].value;
        else args[op] = &tile[op];
    }
    return fn(args);
}

static pto_status call(run *r) { return call_with(r, r->tile, r->gm, r->t->call); }

static void finish(run *r)
{
    if (!r->t->machine) free(r->mem);
    free(r->snapshot);
}

static void fail_run(run *r, const char *fmt, ...)
{
    char head[1024], tail[512];
    va_list ap;
    describe(r, head, sizeof head);
    va_start(ap, fmt);
    vsnprintf(tail, sizeof tail, fmt, ap);
    va_end(ap);
    finish(r);
    fail_msg("%s\n    %s", head, tail);
}

/* A simulated machine must have run the call without breaking a hardware rule, and issued
 * nothing at all for a rejected call. */
static void check_machine(run *r, int rejected)
{
    const char *first = "";
    uint64_t n;
    if (!r->t->machine) return;
    n = r->t->machine->faults(&first);
    if (n) fail_run(r, "the kernel broke %llu hardware rule(s) of the simulator; first: %s", (unsigned long long)n, first);
    n = r->t->machine->issued();
    if (rejected && n) fail_run(r, "a rejected call issued %llu vector instruction(s)", (unsigned long long)n);
}

/* Each output element of r->mem against the same element of `other` (an arena of the same
 * layout): the same bits, NaN for NaN. A difference frees `other` and fails, naming both. */
static void same_outputs(run *r, uint8_t *other, const char *other_name, const char *this_name, const int *outs, int n_out)
{
    int k;
    for (k = 0; k < n_out; k++) {
        const h_operand *o = &r->c->op[outs[k]];
        unsigned eb = dt_bytes(o->dtype);
        uint32_t i, j, rows, cols;
        region(r->t, o, outs[k], &rows, &cols);
        for (i = 0; i < rows; i++)
            for (j = 0; j < cols; j++) {
                size_t at = elem_at(r->t, o, outs[k], i, j);
                uint64_t mine = ref_load(r->mem + at, eb), theirs = ref_load(other + at, eb);
                if (!ref_same((pto_dtype)o->dtype, theirs, mine)) {
                    free(other);
                    fail_run(r, "%s[%u,%u]: %s gives 0x%llx, %s gives 0x%llx", r->t->op_names[outs[k]], (unsigned)i,
                             (unsigned)j, other_name, (unsigned long long)theirs, this_name, (unsigned long long)mine);
                }
            }
    }
}

/* The cross profile, given a host copy of the same inputs, must write the same outputs. */
static void check_cross(run *r, const int *outs, int n_out)
{
    uint8_t *host;
    pto_tile tile[H_MAX_OPS];
    pto_gm gm[H_MAX_OPS];
    pto_status st;
    if (!r->t->cross) return;
    host = malloc(r->total);
    assert_non_null(host);
    memcpy(host, r->snapshot, r->total);
    make_tiles(r, host + H_GUARD, tile, gm);
    st = call_with(r, tile, gm, r->t->cross);
    if (st != PTO_OK) { free(host); fail_run(r, "the %s profile rejects this call: %s", r->t->cross_name, pto_status_str(st)); }
    same_outputs(r, host, r->t->cross_name, "this profile", outs, n_out);
    free(host);
}

static void check_untouched(run *r, const uint8_t *written)
{
    size_t k;
    for (k = 0; k < r->total; k++) {
        if ((written && written[k]) || r->mem[k] == r->snapshot[k]) continue;
        fail_run(r, "byte %ld of the arena (outside every written element) changed: 0x%02x -> 0x%02x",
                 (long)k - H_GUARD, r->snapshot[k], r->mem[k]);
    }
}

static const h_variants *variants; /* NULL: the variant the program runs, alone */

void h_compare_variants(const h_variants *v) { variants = v; }

/* Each other ISA variant, from the bytes before the call: the outputs variant 0 gave (checked
 * against the reference), the same elsewhere (written: the bytes outputs and tmp may change). */
static void check_variants(run *r, const uint8_t *written, const int *outs, int n_out)
{
    uint8_t *first;
    unsigned v;
    pto_status st;
    if (!variants || variants->n < 2) return;
    first = malloc(r->total);
    assert_non_null(first);
    memcpy(first, r->mem, r->total);
    for (v = 1; v < variants->n; v++) {
        if (!variants->select(v)) continue;
        memcpy(r->mem, r->snapshot, r->total);
        r->variant = variants->name(v);
        st = call(r);
        variants->select(0);
        if (st != PTO_OK) { free(first); fail_run(r, "expected PTO_OK, got %s", pto_status_str(st)); }
        same_outputs(r, first, variants->name(0), r->variant, outs, n_out);
        check_untouched(r, written);
    }
    r->variant = NULL;
    free(first);
}

/* The memo twin on this run's inputs (the arena restored from the snapshot); what it wrote is in r->mem */
static pto_status call_memo(run *r)
{
    memcpy(r->mem, r->snapshot, r->total);
    return call_with(r, r->tile, r->gm, r->t->memo);
}

/* The memo twin, twice from the same inputs (the first call may fill the memo, the second takes
 * its shortcut), must give PTO_OK and the very bytes the plain entry point left (r->mem now). */
static void check_memo_twin(run *r)
{
    uint8_t *plain;
    size_t k;
    int pass;
    if (!r->t->memo) return;
    plain = malloc(r->total);
    assert_non_null(plain);
    memcpy(plain, r->mem, r->total);
    for (pass = 0; pass < 2; pass++) {
        const pto_status st = call_memo(r);
        if (st != PTO_OK) { free(plain); fail_run(r, "the memo twin (call %d): expected PTO_OK, got %s", pass + 1, pto_status_str(st)); }
        for (k = 0; k < r->total; k++)
            if (r->mem[k] != plain[k]) {
                const unsigned a = plain[k], b = r->mem[k];
                free(plain);
                fail_run(r, "the memo twin (call %d): byte %ld of the arena is 0x%02x, the entry point's 0x%02x", pass + 1,
                         (long)k - H_GUARD, b, a);
            }
    }
    free(plain);
}

/* A legal call of case c through the memo twin, which fills its memo with c's static facts */
static void fill_memo(const h_tuple *t, const h_case *c)
{
    run r;
    pto_status st;
    setup(&r, t, c, 1);
    st = call_memo(&r);
    if (st != PTO_OK) fail_run(&r, "the memo twin: expected PTO_OK, got %s", pto_status_str(st));
    finish(&r);
}

static void run_one(const h_tuple *t, const h_case *c, int memo_too)
{
    run r;
    uint8_t *written;
    int outs[2], n_out, k;
    pto_status st;
    setup(&r, t, c, 1);
    st = call(&r);
    if (st != PTO_OK) fail_run(&r, "expected PTO_OK, got %s", pto_status_str(st));
    check_machine(&r, 0);
    written = calloc(r.total, 1);
    assert_non_null(written);
    n_out = out_ops(t, outs);
    for (k = 0; k < t->n_ops; k++) /* tmp contents after a call are unspecified */
        if (t->io[k] == H_IO_TMP && c->op[k].present)
            memset(written + H_GUARD + c->op[k].offset, 1, (size_t)c->op[k].rows * c->op[k].cols * dt_bytes(c->op[k].dtype));
    for (k = 0; k < n_out; k++) {
        const h_operand *o = &c->op[outs[k]];
        unsigned eb = dt_bytes(o->dtype);
        uint32_t i, j, rows, cols;
        region(t, o, outs[k], &rows, &cols);
        for (i = 0; i < rows; i++) {
            for (j = 0; j < cols; j++) {
                size_t at = elem_at(t, o, outs[k], i, j);
                uint64_t in[2], want, got = ref_load(r.mem + at, eb);
                int n_in;
                memset(written + at, 1, eb);
                want = expect_at(&r, outs[k], i, j, in, &n_in);
                if (!ref_same((pto_dtype)o->dtype, want, got)) {
                    free(written);
                    if (n_in == 1)
                        fail_run(&r, "%s[%u,%u]: input 0x%llx: expected 0x%llx, got 0x%llx", t->op_names[outs[k]],
                                 (unsigned)i, (unsigned)j, (unsigned long long)in[0], (unsigned long long)want,
                                 (unsigned long long)got);
                    if (n_in)
                        fail_run(&r, "%s[%u,%u]: inputs 0x%llx, 0x%llx: expected 0x%llx, got 0x%llx", t->op_names[outs[k]],
                                 (unsigned)i, (unsigned)j, (unsigned long long)in[0], (unsigned long long)in[1],
                                 (unsigned long long)want, (unsigned long long)got);
                    fail_run(&r, "%s[%u,%u]: the reduction's pick %llu (value 0x%llx): expected 0x%llx, got 0x%llx",
                             t->op_names[outs[k]], (unsigned)i, (unsigned)j, (unsigned long long)in[0],
                             (unsigned long long)in[1], (unsigned long long)want, (unsigned long long)got);
                }
            }
        }
    }
    check_untouched(&r, written);
    check_cross(&r, outs, n_out);
    if (memo_too) check_memo_twin(&r);
    check_variants(&r, written, outs, n_out); /* after the twin: it compares with r->mem, variant 0's bytes */
    free(written);
    finish(&r);
}

/* A positive whole number from the environment variable `name`, or 1. */
static unsigned env_count(const char *name)
{
    const char *env = getenv(name);
    long v = env ? strtol(env, NULL, 10) : 1;
    return v < 1 ? 1u : (unsigned)v;
}

unsigned h_every(void) { return env_count("PTOGEN_EVERY"); }

/* PTOGEN_EVERY=K (ninja test's valgrind runs) runs every K-th legal case and every K-th rejected
 * call of each tuple, at least one of each: the first at 0 in the first tuple, 1 in the next and
 * so on (modulo K and the count), so that the tuples of a program together run every place of
 * their case and rejection lists (the lists of one kind follow one order of shapes and fields). */
static size_t first_of(size_t *turn, size_t step, size_t n)
{
    size_t k = n ? *turn % step % n : 0;
    ++*turn;
    return k;
}

static size_t case_turn, mutation_turn, case_tuple_turn, mutation_tuple_turn;

/* PTOGEN_TUPLES=K (ninja test's memcheck run of an instruction with hundreds of tuples, TCVT's
 * modes and saturations of each pair: one kernel) runs the tests of every K-th tuple, in the
 * program's order, and reports the others skipped */
static void skip_unless_chosen(size_t *turn)
{
    if ((*turn)++ % env_count("PTOGEN_TUPLES") != 0) skip();
}

/* PTOGEN_DEPTH=N (ninja conformance) reruns every random case with N-1 further seeds. */
void h_run_cases(const h_tuple *t, const h_case *cases, size_t n)
{
    unsigned rounds = env_count("PTOGEN_DEPTH"), r;
    size_t step = h_every(), k, runs = 0;
    skip_unless_chosen(&case_tuple_turn);
    for (k = first_of(&case_turn, step, n); k < n; k += step) {
        h_case c = cases[k];
        for (r = 0; r < (c.fill == H_FILL_CLASSES ? 1u : rounds); r++) {
            c.seed = cases[k].seed + r * 7919u;
            run_one(t, &c, runs == 0);
            runs++;
        }
    }
    print_message("%s: %lu legal cases passed (shapes x fills x seeds)\n", t->name, (unsigned long)runs);
}

static void apply(h_case *c, const h_change *ch)
{
    h_operand *o;
    if (ch->op < 0) return;
    o = &c->op[ch->op];
    switch (ch->field) {
    case H_F_PRESENT: o->present = (uint8_t)ch->value; break;
    case H_F_NULL_DATA: o->null_data = (uint8_t)ch->value; break;
    case H_F_DTYPE: o->dtype = (int32_t)ch->value; break;
    case H_F_LOC: o->loc = (int32_t)ch->value; break;
    case H_F_BLAYOUT: o->blayout = (int32_t)ch->value; break;
    case H_F_SLAYOUT: o->slayout = (int32_t)ch->value; break;
    case H_F_ROWS: o->rows = (uint32_t)ch->value; break;
    case H_F_COLS: o->cols = (uint32_t)ch->value; break;
    case H_F_VALID_ROWS: o->valid_rows = (uint32_t)ch->value; break;
    case H_F_VALID_COLS: o->valid_cols = (uint32_t)ch->value; break;
    case H_F_VALUE: o->value = (int32_t)ch->value; break;
    case H_F_LAYOUT: o->layout = (int32_t)ch->value; break;
    case H_F_SHAPE0: case H_F_SHAPE1: case H_F_SHAPE2: case H_F_SHAPE3: case H_F_SHAPE4:
        o->shape[ch->field - H_F_SHAPE0] = (uint32_t)ch->value;
        break;
    case H_F_STRIDE0: case H_F_STRIDE1: case H_F_STRIDE2: case H_F_STRIDE3: case H_F_STRIDE4:
        o->stride[ch->field - H_F_STRIDE0] = (uint64_t)ch->value;
        break;
    default: o->offset = (uint32_t)ch->value; break;
    }
}

void h_run_mutations(const h_tuple *t, const h_case *cases, const h_mutation *m, size_t n)
{
    size_t step = h_every(), k, runs = 0, filled = n; /* filled: the base case the memo holds (none) */
    skip_unless_chosen(&mutation_tuple_turn);
    for (k = first_of(&mutation_turn, step, n); k < n; k += step, runs++) {
        h_case c = cases[m[k].base];
        run r;
        pto_status st;
        if (t->memo && m[k].base != filled) { /* the memo holds the facts of the legal call mutated */
            fill_memo(t, &c);
            filled = m[k].base;
        }
        apply(&c, &m[k].change[0]);
        apply(&c, &m[k].change[1]);
        c.label = m[k].what;
        setup(&r, t, &c, 0);
        st = call(&r);
        if (st != (pto_status)m[k].expect)
            fail_run(&r, "expected %s, got %s", pto_status_str((pto_status)m[k].expect), pto_status_str(st));
        check_machine(&r, 1);
        check_untouched(&r, NULL);
        if (t->memo) {
            st = call_memo(&r);
            if (st != (pto_status)m[k].expect)
                fail_run(&r, "the memo twin: expected %s, got %s", pto_status_str((pto_status)m[k].expect), pto_status_str(st));
            check_untouched(&r, NULL);
        }
        finish(&r);
    }
    print_message("%s: %lu rejected calls returned their status and wrote nothing\n", t->name, (unsigned long)runs);
}
