/* Part of the a2a3 machine model: hand-written C (runtime/a2a3/), copied into out/a2a3/ as it is.
 * How the a2a3 kernels cut a 2-D region into vector instructions. An operand either walks
 * along the columns or reuses one 32-byte block for all of them (the broadcast of
 * row-expand), and steps a fixed number of elements per row (0: every row reads the same
 * row, the broadcast of col-expand). Four plans:
 *   RUN       one counter-mode instruction, when the region is one contiguous run;
 *   ROWS      norm mode, per column chunk of E and per PTO_A2A3_MAX_REPEAT rows, one repeat per row;
 *   BLOCKS    norm mode, per group of 8 rows: each repeat takes the same 32-byte column block
 *             of the 8 rows (block stride = row stride), repeating along the columns;
 *   EACH_ROW  one counter-mode instruction per row.
 * ROWS and BLOCKS need every row stride to fit PTO_A2A3_MAX_REPEAT_STRIDE blocks. An operand may have
 * narrower elements than the region's (vconv: a repeat has the wider element's lanes, and the
 * narrower operand's repeat spans proportionally fewer blocks); then BLOCKS is out, since its
 * blocks hold the lanes of several of the wider operand's blocks, which BLOCKS puts in different
 * rows. The vector unit issues while
 * earlier repeats run, so time follows repeats: the plan with the fewest repeats is taken,
 * and of those the one with the fewest instructions. The step iterator sets the mask for
 * each step; kernels issue one instruction per step. */
#ifndef PTO_A2A3_TILING_H
#define PTO_A2A3_TILING_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_a2a3_sim.h"

#define PTO_A2A3_GRID_MAX_OPS 6 /* dst, three sources and two temporaries */
#define PTO_A2A3_BLOCKS_PER_REPEAT (PTO_A2A3_REPEAT_BYTES / PTO_A2A3_BLOCK_BYTES)

typedef struct {
    uint32_t rows, cols;                        /* the region */
    uint32_t E, B;                              /* elements per repeat and per block */
    unsigned n;                                 /* operands added */
    uint32_t stride[PTO_A2A3_GRID_MAX_OPS];  /* elements between rows */
    uint8_t along[PTO_A2A3_GRID_MAX_OPS];    /* 1: walks the columns; 0: one block, reused */
    uint8_t narrow[PTO_A2A3_GRID_MAX_OPS];   /* the region's element bytes / the operand's */
} pto_a2a3_grid;

enum { PTO_A2A3_PLAN_RUN, PTO_A2A3_PLAN_ROWS, PTO_A2A3_PLAN_BLOCKS, PTO_A2A3_PLAN_EACH_ROW };

typedef struct {
    size_t off[PTO_A2A3_GRID_MAX_OPS];       /* element offset of each operand */
    uint32_t repeat;                            /* norm-mode repeat count; 0 in counter mode */
    uint32_t blk[PTO_A2A3_GRID_MAX_OPS], rep[PTO_A2A3_GRID_MAX_OPS];
    /* iteration state */
    int plan, mask_mode;                        /* mask_mode: -1 unset, 0 norm, 1 counter */
    uint64_t mask_hi, mask_lo;                  /* mask (norm) or count in mask_lo (counter) last set */
    uint32_t row, col;                          /* where the next step starts (col: in blocks for BLOCKS) */
} pto_a2a3_step;

static inline void pto_a2a3_grid_init(pto_a2a3_grid *g, uint32_t rows, uint32_t cols, uint32_t elem_bytes)
{
    g->rows = rows;
    g->cols = cols;
    g->E = PTO_A2A3_REPEAT_BYTES / elem_bytes;
    g->B = PTO_A2A3_BLOCK_BYTES / elem_bytes;
    g->n = 0;
}

static inline void pto_a2a3_grid_operand(pto_a2a3_grid *g, uint32_t row_stride, int along)
{
    g->stride[g->n] = row_stride;
    g->along[g->n] = (uint8_t)(along != 0);
    g->narrow[g->n] = 1;
    g->n++;
}

/* An operand walking the columns whose elements are `narrow` times narrower than the region's. */
static inline void pto_a2a3_grid_operand_narrow(pto_a2a3_grid *g, uint32_t row_stride, uint32_t narrow)
{
    pto_a2a3_grid_operand(g, row_stride, 1);
    g->narrow[g->n - 1] = (uint8_t)narrow;
}

static inline uint64_t pto_a2a3__ceil(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static inline int pto_a2a3__contiguous(const pto_a2a3_grid *g)
{
    unsigned i;
    if (g->rows == 1) return 1;
    for (i = 0; i < g->n; i++)
        if (!g->along[i] || g->stride[i] != g->cols) return 0;
    return 1;
}

static inline int pto_a2a3__strides_fit(const pto_a2a3_grid *g)
{
    unsigned i;
    for (i = 0; i < g->n; i++)
        if (g->stride[i] % (g->B * g->narrow[i]) != 0 || g->stride[i] / (g->B * g->narrow[i]) > PTO_A2A3_MAX_REPEAT_STRIDE) return 0;
    return 1;
}

static inline int pto_a2a3__same_width(const pto_a2a3_grid *g)
{
    unsigned i;
    for (i = 0; i < g->n; i++)
        if (g->narrow[i] != 1) return 0;
    return 1;
}

/* Chooses the plan; call pto_a2a3_grid_next before each instruction. */
static inline void pto_a2a3_grid_start(const pto_a2a3_grid *g, pto_a2a3_step *s)
{
    const uint64_t per_row = pto_a2a3__ceil(g->cols, g->E), col_blocks = pto_a2a3__ceil(g->cols, g->B);
    const uint64_t groups = pto_a2a3__ceil(g->rows, PTO_A2A3_BLOCKS_PER_REPEAT);
    const uint64_t rows_repeats = g->rows * per_row, blocks_repeats = groups * col_blocks;
    const uint64_t rows_instructions = per_row * pto_a2a3__ceil(g->rows, PTO_A2A3_MAX_REPEAT);
    const uint64_t blocks_instructions = groups * (pto_a2a3__ceil(g->cols / g->B, PTO_A2A3_MAX_REPEAT) + (g->cols % g->B != 0));
    if (pto_a2a3__contiguous(g)) s->plan = PTO_A2A3_PLAN_RUN;
    else if (!pto_a2a3__strides_fit(g)) s->plan = PTO_A2A3_PLAN_EACH_ROW;
    else if (pto_a2a3__same_width(g)
             && (blocks_repeats < rows_repeats || (blocks_repeats == rows_repeats && blocks_instructions < rows_instructions)))
        s->plan = PTO_A2A3_PLAN_BLOCKS;
    else s->plan = rows_instructions <= g->rows ? PTO_A2A3_PLAN_ROWS : PTO_A2A3_PLAN_EACH_ROW;
    s->mask_mode = -1;
    s->row = s->col = 0;
}

/* The norm-mode mask of the first n lanes (1 <= n <= 128), high and low halves. */
static inline uint64_t pto_a2a3__prefix_hi(uint64_t n) { return n > 64 ? ~(uint64_t)0 >> (128 - n) : 0; }
static inline uint64_t pto_a2a3__prefix_lo(uint64_t n) { return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1; }

/* Norm mode: the first n lanes. */
static inline void pto_a2a3_set_lanes(uint64_t n) { pto_a2a3_set_vector_mask(pto_a2a3__prefix_hi(n), pto_a2a3__prefix_lo(n)); }

/* Sets the mode and the mask for a step, writing only what changed since the last step. */
static inline void pto_a2a3__mask(pto_a2a3_step *s, int counter, uint64_t hi, uint64_t lo)
{
    if (s->mask_mode != counter) {
        if (counter) pto_a2a3_set_mask_count();
        else pto_a2a3_set_mask_norm();
    }
    if (s->mask_mode != counter || s->mask_hi != hi || s->mask_lo != lo) pto_a2a3_set_vector_mask(hi, lo);
    s->mask_mode = counter;
    s->mask_hi = hi;
    s->mask_lo = lo;
}

static inline void pto_a2a3__lanes(pto_a2a3_step *s, uint64_t n)
{
    pto_a2a3__mask(s, 0, pto_a2a3__prefix_hi(n), pto_a2a3__prefix_lo(n));
}

/* The first `tail` lanes of each of the first `group` blocks of a repeat (B lanes a block): a
 * BLOCKS repeat's last, partial column block over a group of rows. */
static inline void pto_a2a3__block_lanes(uint32_t group, uint32_t B, uint32_t tail, uint64_t *hi, uint64_t *lo)
{
    uint32_t b, l;
    *hi = *lo = 0;
    for (b = 0; b < group; b++)
        for (l = b * B; l < b * B + tail; l++) {
            if (l < 64) *lo |= (uint64_t)1 << l;
            else *hi |= (uint64_t)1 << (l - 64);
        }
}

/* Norm mode: the first `tail` lanes of each of a repeat's blocks. */
static inline void pto_a2a3_set_block_lanes(uint32_t B, uint32_t tail)
{
    uint64_t hi, lo;
    pto_a2a3__block_lanes(PTO_A2A3_BLOCKS_PER_REPEAT, B, tail, &hi, &lo);
    pto_a2a3_set_vector_mask(hi, lo);
}

/* A select's walk (templates/a2a3/select_rows.j2): how many of its leading rows go in groups of 8,
 * each repeat one column block of a group (BLOCKS; the last, partial blocks of every group
 * together, the groups 8 rows apart when `tail_apart`: 8 row strides fit a repeat stride; else
 * a batch each), the rest one repeat a row per chunk of E (ROWS); 0 when the groups issue no
 * fewer repeats: three instructions take each repeat, and each batch of at most `batch` repeats
 * also issues a vector_dup and a set_cmpmask (a repeat each). */
static inline uint32_t pto_a2a3_select_grouped(uint32_t rows, uint32_t cols, uint32_t E, uint32_t B, uint32_t batch,
                                               int tail_apart)
{
    const uint64_t per_row = pto_a2a3__ceil(cols, E), groups = rows / 8, rest = rows % 8;
    const uint64_t full = cols / B, tail = cols % B != 0;
    const uint64_t tail_batches = tail ? (tail_apart ? pto_a2a3__ceil(groups, batch) : groups) : 0;
    const uint64_t rows_cost = 3 * rows * per_row + 2 * per_row * pto_a2a3__ceil(rows, batch);
    const uint64_t blocks_cost = 3 * (groups * (full + tail) + rest * per_row)
                                 + 2 * (groups * pto_a2a3__ceil(full, batch) + tail_batches + per_row * pto_a2a3__ceil(rest, batch));
    return groups && blocks_cost < rows_cost ? (uint32_t)(groups * 8) : 0;
}

/* BLOCKS: the next step of a group of rows (its repeats walk the column blocks). */
static inline void pto_a2a3__blocks_step(const pto_a2a3_grid *g, pto_a2a3_step *s)
{
    const uint32_t group = g->rows - s->row < PTO_A2A3_BLOCKS_PER_REPEAT ? g->rows - s->row : PTO_A2A3_BLOCKS_PER_REPEAT;
    const uint32_t full = g->cols / g->B, tail = g->cols % g->B;
    unsigned i;
    if (s->col < full) { /* whole blocks of the group's rows */
        s->repeat = full - s->col < PTO_A2A3_MAX_REPEAT ? full - s->col : PTO_A2A3_MAX_REPEAT;
        pto_a2a3__lanes(s, (uint64_t)group * g->B);
    } else { /* the last, partial block: its first `tail` lanes in each of the group's blocks */
        uint64_t hi, lo;
        pto_a2a3__block_lanes(group, g->B, tail, &hi, &lo);
        s->repeat = 1;
        pto_a2a3__mask(s, 0, hi, lo);
    }
    for (i = 0; i < g->n; i++) {
        s->off[i] = (size_t)s->row * g->stride[i] + (g->along[i] ? (size_t)s->col * g->B : 0);
        s->blk[i] = g->stride[i] / g->B;
        s->rep[i] = g->along[i];
    }
    s->col += s->repeat;
    if (s->col >= full + (tail != 0)) { s->col = 0; s->row += group; }
}

/* The next instruction's offsets, strides and repeat, with the mask set for it; 0 when done. */
static inline int pto_a2a3_grid_next(const pto_a2a3_grid *g, pto_a2a3_step *s)
{
    unsigned i;
    if (g->rows == 0 || g->cols == 0 || s->row >= g->rows) return 0;
    if (s->plan == PTO_A2A3_PLAN_BLOCKS) {
        pto_a2a3__blocks_step(g, s);
        return 1;
    }
    if (s->plan == PTO_A2A3_PLAN_ROWS) {
        uint32_t k = g->rows - s->row < PTO_A2A3_MAX_REPEAT ? g->rows - s->row : PTO_A2A3_MAX_REPEAT;
        uint32_t lanes = g->cols - s->col < g->E ? g->cols - s->col : g->E;
        pto_a2a3__lanes(s, lanes);
        s->repeat = k;
        for (i = 0; i < g->n; i++) {
            s->off[i] = (size_t)s->row * g->stride[i] + (g->along[i] ? s->col : 0);
            s->blk[i] = g->along[i];
            s->rep[i] = g->stride[i] / (g->B * g->narrow[i]);
        }
        s->col += lanes;
        if (s->col >= g->cols) { s->col = 0; s->row += k; }
        return 1;
    }
    /* counter mode: the whole run, or one row */
    pto_a2a3__mask(s, 1, 0, s->plan == PTO_A2A3_PLAN_RUN ? (uint64_t)g->rows * g->cols : g->cols);
    s->repeat = 0;
    for (i = 0; i < g->n; i++) {
        s->off[i] = (size_t)s->row * g->stride[i];
        s->blk[i] = g->along[i];
        s->rep[i] = g->along[i] ? PTO_A2A3_BLOCKS_PER_REPEAT / g->narrow[i] : 0;
    }
    s->row = s->plan == PTO_A2A3_PLAN_RUN ? g->rows : s->row + 1;
    return 1;
}

/* Bands: the region cut so that a temporary of each band fits `bytes` of scratch. A band is
 * whole rows while one row fits (its temporary's rows are block aligned, `stride` elements
 * apart), else a run of whole repeats of one row. bytes == 0: the whole region, one band. */
typedef struct {
    uint32_t row, col, rows, cols; /* the band */
    uint32_t stride;               /* elements between its temporary's rows */
} pto_a2a3_band;

static inline void pto_a2a3_band_start(pto_a2a3_band *b)
{
    b->row = b->col = b->rows = b->cols = b->stride = 0;
}

/* The next band of the rows x cols region of elem_bytes elements; 0 when done. */
static inline int pto_a2a3_band_next(pto_a2a3_band *b, uint32_t rows, uint32_t cols, uint32_t elem_bytes, uint32_t bytes)
{
    const uint32_t B = PTO_A2A3_BLOCK_BYTES / elem_bytes, E = PTO_A2A3_REPEAT_BYTES / elem_bytes;
    const uint32_t width = (uint32_t)pto_a2a3__ceil(cols, B) * B, fit = bytes / elem_bytes;
    if (b->rows) { /* past the last band */
        b->col += b->cols;
        if (b->col >= cols) { b->col = 0; b->row += b->rows; }
    }
    if (b->row >= rows || cols == 0) return 0;
    if (bytes == 0 || width <= fit) {
        /* whole groups of 8 rows where more fit: the plan that takes a block of 8 rows per repeat */
        const uint32_t most = bytes == 0 ? rows : (fit / width >= PTO_A2A3_BLOCKS_PER_REPEAT ? fit / width / PTO_A2A3_BLOCKS_PER_REPEAT * PTO_A2A3_BLOCKS_PER_REPEAT : fit / width);
        b->rows = rows - b->row < most ? rows - b->row : most;
        b->cols = cols;
        b->stride = width;
    } else {
        const uint32_t most = fit / E * E;
        b->rows = 1;
        b->cols = cols - b->col < most ? cols - b->col : most;
        b->stride = (uint32_t)pto_a2a3__ceil(b->cols, B) * B;
    }
    return 1;
}

/* Leaves the machine as kernels expect to find it: norm mode, every lane. */
static inline void pto_a2a3_mask_reset(void)
{
    pto_a2a3_set_mask_norm();
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
}

#endif /* PTO_A2A3_TILING_H */
