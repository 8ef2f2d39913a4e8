/* libFuzzer harness over every entry point of a profile (the table in
 * out/fuzz/<profile>/fuzz_entries.c). An input picks an entry point and one of its legal calls,
 * then applies any number of mutations: any field of any operand set to any value, a
 * descriptor passed for two operands, or one operand made the very tile of another. The
 * call must then
 *   - return PTO_OK or a known status (pto_status_str names it),
 *   - on PTO_OK: have accepted only sane descriptors (known dtype, VEC, valid region inside the
 *     storage, data given) and written nothing but dst's valid region (tmp: its storage),
 *   - on a rejection: have written nothing at all,
 *   - never change a descriptor, and never touch memory outside the arena (ASan).
 * Tiles live in one arena filled with input-seeded sentinel bytes; a mutated descriptor whose
 * storage would not fit in the arena is not called (it would claim memory the harness does not
 * have): the verifier's overflow guards are covered by the generated rejection tests. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "pto/pto_layout.h"

#define ARENA (64u * 1024u)
#define SCALAR_BYTES 4u /* the widest element: a scalar's size, and an unknown dtype's */

enum { FZ_SAME_DESC = H_F_VALUE + 1, FZ_COPY_DESC, FZ_N_FIELDS };

static uint8_t *arena, *before, *allowed, *noise; /* noise: sentinel bytes, a window per input */
static uint8_t *ub_rest, *ub_rest_before;         /* a simulated UB beyond the arena: must not change */
static size_t ub_rest_bytes;

typedef struct {
    const uint8_t *p;
    size_t n;
} input;

static uint32_t take(input *in, unsigned bytes)
{
    uint32_t v = 0;
    unsigned k;
    for (k = 0; k < bytes && in->n; k++, in->p++, in->n--) v |= (uint32_t)*in->p << (8 * k);
    return v;
}

/* A new field value from 32 input bits: a small step from the current value, a small value,
 * a boundary value, or the raw bits, so both near-legal and absurd descriptors come up. */
static uint32_t decode(uint32_t cur, uint32_t v)
{
    static const uint32_t edge[] = { 0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 255, 256, 0xffff, 0x10000,
                                     0x7fffffff, 0x80000000u, 0xffffffffu };
    uint32_t low = v & 0x3fffffffu;
    switch (v >> 30) {
    case 0: return cur + (uint32_t)(int32_t)(int8_t)(low & 0xff);
    case 1: return low & 0xfff;
    case 2: return edge[low % (sizeof edge / sizeof edge[0])];
    default: return v;
    }
}

/* What an operand is to the call: a tile, a scalar or a runtime parameter (only like for like
 * may share a descriptor or a value). */
static int part(const fz_entry *e, int op) { return e->io[op] == H_IO_SCALAR ? 1 : e->io[op] == H_IO_PARAM ? 2 : 0; }

static void mutate(const fz_entry *e, h_case *c, int *same, input *in)
{
    int op = (int)(take(in, 1) % (unsigned)e->n_ops);
    unsigned field = take(in, 1) % FZ_N_FIELDS;
    uint32_t v = take(in, 4);
    h_operand *o = &c->op[op];
    int other = (int)(v % (unsigned)e->n_ops);
    switch (field) {
    case H_F_PRESENT: o->present = (uint8_t)(v & 1); break;
    case H_F_NULL_DATA: o->null_data = (uint8_t)(v & 1); break;
    case H_F_DTYPE: o->dtype = (int32_t)decode((uint32_t)o->dtype, v); break;
    case H_F_LOC: o->loc = (int32_t)decode((uint32_t)o->loc, v); break;
    case H_F_BLAYOUT: o->blayout = (int32_t)decode((uint32_t)o->blayout, v); break;
    case H_F_SLAYOUT: o->slayout = (int32_t)decode((uint32_t)o->slayout, v); break;
    case H_F_ROWS: o->rows = decode(o->rows, v); break;
    case H_F_COLS: o->cols = decode(o->cols, v); break;
    case H_F_VALID_ROWS: o->valid_rows = decode(o->valid_rows, v); break;
    case H_F_VALID_COLS: o->valid_cols = decode(o->valid_cols, v); break;
    case H_F_OFFSET: o->offset = decode(o->offset, v); break;
    case H_F_VALUE: o->value = (int32_t)decode((uint32_t)o->value, v); break;
    case FZ_SAME_DESC: /* one descriptor for two operands, tile for tile (a scalar is not one) */
        if (other != op && part(e, op) == part(e, other)) same[op] = other;
        break;
    default: /* the very tile of another operand: every field equal */
        if (part(e, op) == part(e, other)) *o = c->op[other];
        break;
    }
}

static uint32_t elem_bytes(int32_t dtype) { return dtype >= 0 && dtype < fz_n_dtypes ? fz_elem_bytes[dtype] : 0; }

/* Does the memory the operand claims lie inside the arena? (unknown dtypes: the widest) */
static int fits(const fz_entry *e, const h_operand *o, int op)
{
    uint64_t eb = elem_bytes(o->dtype) ? elem_bytes(o->dtype) : SCALAR_BYTES;
    uint64_t bytes = e->io[op] == H_IO_SCALAR ? SCALAR_BYTES : (uint64_t)o->rows * o->cols;
    if (!o->present || e->io[op] == H_IO_PARAM || (o->null_data && e->io[op] != H_IO_SCALAR))
        return 1; /* a scalar has no data field, a parameter no memory */
    if (e->io[op] != H_IO_SCALAR && bytes > ARENA / eb) return 0;
    if (e->io[op] != H_IO_SCALAR) bytes *= eb;
    return o->offset <= ARENA && bytes <= ARENA - o->offset;
}

static void describe(const fz_entry *e, const h_case *c, const int *same)
{
    int k;
    fprintf(stderr, "fuzz: %s, starting from legal call '%s'\n", e->name, c->label);
    for (k = 0; k < e->n_ops; k++) {
        const h_operand *o = &c->op[k];
        fprintf(stderr, "  operand %d: present %u null_data %u dtype %d loc %d blayout %d slayout %d rows %u cols %u "
                "valid %ux%u offset %u value %d%s\n", k, o->present, o->null_data, (int)o->dtype, (int)o->loc, (int)o->blayout,
                (int)o->slayout, (unsigned)o->rows, (unsigned)o->cols, (unsigned)o->valid_rows,
                (unsigned)o->valid_cols, (unsigned)o->offset, (int)o->value, same[k] >= 0 ? ", passed as another's descriptor" : "");
        if (same[k] >= 0) fprintf(stderr, "    (the call received operand %d's descriptor here)\n", same[k]);
    }
}

#define FINDING(...) do { describe(e, &c, same); fprintf(stderr, "fuzz: FINDING: " __VA_ARGS__); \
                          fputc('\n', stderr); abort(); } while (0)

/* Mark what an accepted call may write: dst's valid region, a tmp's whole storage. */
static void mark_writable(const fz_entry *e, const pto_tile *t, int op)
{
    uint32_t i, j;
    size_t eb, base;
    if (e->io[op] != H_IO_OUT && e->io[op] != H_IO_TMP) return;
    eb = (size_t)elem_bytes((int32_t)t->dtype);
    base = (size_t)((const uint8_t *)t->data - arena);
    if (e->io[op] == H_IO_TMP) {
        memset(allowed + base, 1, (size_t)t->rows * t->cols * eb);
        return;
    }
    for (i = 0; i < t->valid_rows; i++)
        for (j = 0; j < t->valid_cols; j++)
            memset(allowed + base + eb * pto_tile_offset(t, (unsigned)eb, i, j), 1, eb); /* pto/pto_layout.h */
}

/* A tile an accepted call used must be one the contract admits. */
static const char *insane(const pto_tile *t)
{
    if (t->data == NULL) return "NULL data";
    if (elem_bytes((int32_t)t->dtype) == 0) return "an unknown dtype";
    if ((unsigned)t->loc >= PTO_N_LOCS) return "an unknown location";
    if (pto_tile_offset(t, 1, 0, 0) == SIZE_MAX) return "an unknown layout"; /* not a layout of pto/pto_layout.h */
    if (t->valid_rows == 0 || t->valid_cols == 0 || t->valid_rows > t->rows || t->valid_cols > t->cols)
        return "a valid region outside the storage";
    return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    uint64_t x = 0x9e3779b97f4a7c15u;
    size_t k;
    (void)argc;
    (void)argv;
    size_t ub_bytes;
    uint8_t *ub = fz_machine_ub(&ub_bytes);
    if (ub != NULL && ub_bytes < ARENA) abort();
    /* exactly the arena: ASan's redzones catch any access beyond it; in a simulated UB the
     * rest of the tile area is compared instead */
    arena = ub != NULL ? ub : malloc(ARENA);
    if (ub != NULL) {
        ub_rest = ub + ARENA;
        ub_rest_bytes = ub_bytes - ARENA;
        ub_rest_before = malloc(ub_rest_bytes);
        if (!ub_rest_before) abort();
        memcpy(ub_rest_before, ub_rest, ub_rest_bytes);
    }
    before = malloc(ARENA);
    allowed = malloc(ARENA);
    noise = malloc(2 * ARENA);
    if (!arena || !before || !allowed || !noise) abort();
    for (k = 0; k < 2 * ARENA; k++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        noise[k] = (uint8_t)(x >> 32);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = { data, size };
    const fz_entry *e = fz_entries[take(&in, 1) % fz_n_entries];
    h_case c = e->cases[take(&in, 2) % e->n_cases];
    int same[H_MAX_OPS];
    pto_tile t[H_MAX_OPS], t_before[H_MAX_OPS];
    const void *args[H_MAX_OPS];
    uint32_t rng = 2166136261u;
    size_t k;
    int op;
    pto_status st;
    const char *name;

    for (op = 0; op < H_MAX_OPS; op++) same[op] = -1; /* every operand its own descriptor */
    while (in.n) mutate(e, &c, same, &in);
    for (op = 0; op < e->n_ops; op++)
        if (!fits(e, &c.op[op], op)) return 0;
    for (k = 0; k < size; k++) rng = (rng ^ data[k]) * 16777619u; /* the sentinel depends on the input */
    memcpy(arena, noise + rng % ARENA, ARENA);
    memcpy(before, arena, ARENA);
    for (op = 0; op < e->n_ops; op++) {
        const h_operand *o = &c.op[op];
        pto_tile x = { o->null_data ? NULL : arena + o->offset, (pto_dtype)o->dtype, (pto_loc)o->loc,
                       (pto_blayout)o->blayout, (pto_slayout)o->slayout, o->rows, o->cols, o->valid_rows,
                       o->valid_cols };
        t[op] = x;
        if (e->io[op] == H_IO_PARAM) args[op] = &c.op[op].value; /* an int argument: never NULL */
        else args[op] = !o->present ? NULL : e->io[op] == H_IO_SCALAR ? (const void *)(arena + o->offset) : (const void *)&t[op];
    }
    for (op = 0; op < e->n_ops; op++)
        if (same[op] >= 0) args[op] = args[same[op]];
    memcpy(t_before, t, sizeof t);

    fz_machine_reset();
    st = e->call(args);
    {
        const char *first;
        if (fz_machine_faults(&first) != 0) FINDING("the kernel broke a hardware rule of the simulator: %s", first);
        if (ub_rest != NULL && memcmp(ub_rest, ub_rest_before, ub_rest_bytes) != 0)
            FINDING("the call (%s) changed the simulated UB beyond the arena", pto_status_str(st));
    }

    if ((int)st < 0 || (int)st > (int)fz_last_status) FINDING("unknown status %d", (int)st);
    name = pto_status_str(st);
    if (name == NULL || name[0] == '\0') FINDING("status %d has no name", (int)st);
    if (memcmp(t, t_before, sizeof t) != 0) FINDING("the call changed a descriptor (%s)", name);
    for (op = 0; st == PTO_OK && op < e->n_ops; op++) {
        const char *why;
        if (args[op] == NULL || part(e, op) != 0 || e->use[op] == FZ_USE_IGNORED) continue;
        if ((why = insane((const pto_tile *)args[op])) != NULL) FINDING("PTO_OK for operand %d with %s", op, why);
    }
    if (memcmp(arena, before, ARENA) == 0) return 0;
    memset(allowed, 0, ARENA);
    for (op = 0; st == PTO_OK && op < e->n_ops; op++)
        if (args[op] != NULL && e->use[op] != FZ_USE_IGNORED) mark_writable(e, (const pto_tile *)args[op], op);
    for (k = 0; k < ARENA; k += sizeof(uint64_t)) { /* a word at a time: this scan was a fifth of the run */
        uint64_t now, then, may;
        size_t b;
        memcpy(&now, arena + k, sizeof now);
        memcpy(&then, before + k, sizeof then);
        memcpy(&may, allowed + k, sizeof may);
        if (now == then || may == UINT64_C(0x0101010101010101)) continue;
        for (b = k; b < k + sizeof(uint64_t); b++)
            if (arena[b] != before[b] && !allowed[b])
                FINDING("%s, yet byte %lu of the arena changed (0x%02x -> 0x%02x): outside every writable region",
                        name, (unsigned long)b, before[b], arena[b]);
    }
    return 0;
}
