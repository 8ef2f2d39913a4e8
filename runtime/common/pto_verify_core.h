/* Part of every profile's library: hand-written C (runtime/common/), copied into out/<profile>/
 * as pto_<profile>_verify_core.h. The operand-tuple verifier: every check runs before any memory
 * is touched, in the order of pto_status; the first failure is returned. gen/model.py:verify
 * mirrors it. Not a header to include anywhere else: the profile's generated pto_<profile>_verify.c
 * includes it once, after pto_<profile>_verify.h, the profile's public headers, PTO(name) and
 * PTO_(NAME) (the profile's names, pto_<profile>_name and PTO_<PROFILE>_NAME) and
 * VERIFY_ELEM_BYTES (the bytes of an element of each pto_dtype). Freestanding: no libc.
 * PTO(_verify) checks a call; PTO(_verify_memo) checks it with a caller's memo (pto_memo): what a
 * verified call's static facts decided, so that a later call with the same facts skips those checks
 * and gets the same status. */
#ifndef PTO_VERIFY_CORE_H
#define PTO_VERIFY_CORE_H

static const uint8_t elem_bytes[] = { VERIFY_ELEM_BYTES };
#define N_DTYPES (sizeof elem_bytes / sizeof elem_bytes[0])

int64_t PTO(_elem_bytes)(const pto_tile *t) { return elem_bytes[t->dtype]; }
/* the tile's box, rows and columns (1 x 1 unboxed): pto/pto_layout.h */
int64_t PTO(_box_rows)(const pto_tile *t)
{
    uint32_t r0, c0;
    pto_layout_box(t->loc, t->slayout, elem_bytes[t->dtype], &r0, &c0);
    return r0;
}
int64_t PTO(_box_cols)(const pto_tile *t)
{
    uint32_t r0, c0;
    pto_layout_box(t->loc, t->slayout, elem_bytes[t->dtype], &r0, &c0);
    return c0;
}
int64_t PTO(_div)(int64_t a, int64_t b) { return b == 0 ? 0 : a / b; }
int64_t PTO(_ceildiv)(int64_t a, int64_t b) { return b <= 0 ? 0 : (a + b - 1) / b; }
int64_t PTO(_roundup)(int64_t a, int64_t b) { return PTO(_ceildiv)(a, b) * b; }
int64_t PTO(_max)(int64_t a, int64_t b) { return a > b ? a : b; }
int64_t PTO(_min)(int64_t a, int64_t b) { return a < b ? a : b; }

static const uint32_t buffer_align[] = { PTO_(BUFFER_ALIGNS) }; /* per pto_loc: spec/profiles.lua buffers */

/* The layout (PTO_<P>_ND, ...) of a tile's (blayout, slayout), or NO_VALUE: the table of
 * gen/layouts.py, as pto/pto_layout.h lists it */
static unsigned layout_of(const pto_tile *t)
{
#define LAYOUT_IS(name, bl, sl) if ((int)t->blayout == (bl) && (int)t->slayout == (sl)) return PTO_(name);
    PTO_LAYOUTS(LAYOUT_IS)
#undef LAYOUT_IS
    return PTO_(NO_VALUE);
}

/* A global tensor's layout (PTO_<P>_GM_ND, ...), or NO_VALUE */
static unsigned gm_layout_of(const pto_gm *g)
{
    return (unsigned)g->layout <= (unsigned)PTO_GM_NZ ? PTO_(GM_ND) + (unsigned)g->layout : PTO_(NO_VALUE);
}

/* The dtype of operand i (a tile or a global tensor), or -1 where it is absent */
static int op_dtype(const pto_tile *const *tile, const pto_gm *const *gm, unsigned i)
{
    return tile[i] ? (int)tile[i]->dtype : gm[i] ? (int)gm[i]->dtype : -1;
}

/* The shape and strides of a global tensor (gen/layouts.py gm_check, docs/memory.md): every dim at
 * least 1; the innermost dim contiguous (ND and NZ dim 4, DN dim 3); rows (DN: columns, NZ: boxes)
 * GM_ROW_BYTES apart; DN 1 x 1 x 1 x R x C; NZ [1, C / c0, R / 16, 16, c0] with a box's rows back to
 * back; the largest offset below GM_SPAN_BYTES; a written tensor's dims nested without overlap. */
static int gm_shape_ok(const pto_gm *g, unsigned eb, int written)
{
    const uint64_t limit = PTO_(GM_SPAN_BYTES) / eb, row = PTO_(GM_ROW_BYTES) / eb;
    const int nd = g->layout == PTO_GM_ND, dn = g->layout == PTO_GM_DN;
    const unsigned inner = dn ? 3 : 4;
    uint64_t total = 0, span;
    unsigned k;
    for (k = 0; k < 5; k++) {
        if (g->shape[k] == 0) return 0;
        if (g->shape[k] > 1 && g->stride[k] > limit / (g->shape[k] - 1)) return 0;
        total += g->stride[k] * (g->shape[k] - 1); /* five terms of at most 2^60: no wrap */
    }
    if (total >= limit || g->stride[inner] != 1) return 0;
    if (dn && (g->shape[0] != 1 || g->shape[1] != 1 || g->shape[2] != 1)) return 0;
    if (!nd && !dn && (g->shape[0] != 1 || g->shape[3] != 16 || g->shape[4] != row || g->stride[3] != row)) return 0;
    for (k = nd ? 0 : dn ? 4 : 1; k < (nd ? 4u : dn ? 5u : 3u); k++)
        if (g->shape[k] > 1 && g->stride[k] % row != 0) return 0;
    if (!written) return 1;
    span = nd ? g->shape[4] : dn ? g->shape[3] : 16 * row;
    for (k = nd ? 4 : dn ? 5 : 3; k-- > (nd ? 0u : dn ? 4u : 1u);) {
        if (g->shape[k] > 1 && g->stride[k] < span) return 0;
        span += g->stride[k] * (g->shape[k] - 1);
    }
    return 1;
}

/* Role "full": row-major, no boxes, and dst's (operand 0's) valid region. */
static int is_full(const pto_tile *t, const pto_tile *dst)
{
    return layout_of(t) == PTO_(ND) && t->valid_rows == dst->valid_rows && t->valid_cols == dst->valid_cols;
}

static uint64_t tile_bytes(const pto_tile *t)
{
    return (uint64_t)t->rows * t->cols * elem_bytes[t->dtype];
}

/* The bytes [*lo, *hi) operand i (a tile or a global tensor, its shape checked) spans */
static void span_of(const pto_tile *const *tile, const pto_gm *const *gm, unsigned i, uintptr_t *lo, uintptr_t *hi)
{
    if (tile[i]) {
        *lo = (uintptr_t)tile[i]->data;
        *hi = *lo + (uintptr_t)tile_bytes(tile[i]);
    } else {
        uint64_t last = 0;
        unsigned k;
        for (k = 0; k < 5; k++) last += gm[i]->stride[k] * (gm[i]->shape[k] - 1);
        *lo = (uintptr_t)gm[i]->data;
        *hi = *lo + (uintptr_t)((last + 1) * elem_bytes[gm[i]->dtype]);
    }
}

/* retype: a conversion's dst may be its source with another dtype of the same size */
static int same_tile(const pto_tile *a, const pto_tile *b, int retype)
{
    return a->data == b->data && (a->dtype == b->dtype || (retype && elem_bytes[a->dtype] == elem_bytes[b->dtype]))
        && a->blayout == b->blayout && a->slayout == b->slayout
        && a->rows == b->rows && a->cols == b->cols && a->valid_rows == b->valid_rows && a->valid_cols == b->valid_cols;
}

/* The candidate tuple t agrees with everything decided so far. */
static int agrees(const PTO(entry) *e, const PTO(tuple) *t, const pto_tile *const *tile, const pto_gm *const *gm,
                  const uint8_t *axis, unsigned n_axes_known, int check_layouts)
{
    unsigned i;
    for (i = 0; i < e->n_ops; i++) {
        if (gm[i] != NULL) { /* a global tensor: its dtype (or its size, where the tuple says) and layout */
            if (t->dtype[i] != PTO_(NO_VALUE) && t->dtype[i] != (unsigned)gm[i]->dtype
                && !((t->sized >> i & 1u) && elem_bytes[t->dtype[i]] == elem_bytes[gm[i]->dtype])) return 0;
            if (check_layouts && t->layout[i] != PTO_(NO_VALUE) && t->layout[i] != gm_layout_of(gm[i])) return 0;
            continue;
        }
        /* an operand the tuple does not take has neither (presence is an axis); one of any
         * dtype has a layout only */
        if (tile[i] == NULL) continue;
        if (t->dtype[i] != PTO_(NO_VALUE) && t->dtype[i] != (unsigned)tile[i]->dtype) return 0;
        if (check_layouts && t->layout[i] != PTO_(NO_VALUE) && t->layout[i] != layout_of(tile[i])) return 0;
    }
    for (i = 0; i < n_axes_known; i++)
        if (axis[i] != PTO_(NO_VALUE) && t->axis[i] != axis[i]) return 0;
    return 1;
}

static const PTO(tuple) *find(const PTO(entry) *e, const pto_tile *const *tile, const pto_gm *const *gm,
                                     const uint8_t *axis, unsigned n_axes_known, int check_layouts)
{
    size_t k;
    for (k = 0; k < e->n_tuples; k++)
        if (agrees(e, &e->tuples[k], tile, gm, axis, n_axes_known, check_layouts)) return &e->tuples[k];
    return NULL;
}

/* null: required operands, and the data of every tile or tensor that is given; fills tile[] and gm[]
 * (NULL where the operand is absent, ignored or not a tile or tensor) */
static pto_status collect(const PTO(entry) *e, const void *const *args, const pto_tile **tile, const pto_gm **gm)
{
    unsigned i;
    for (i = 0; i < e->n_ops; i++) {
        const PTO(operand) *o = &e->op[i];
        tile[i] = NULL;
        gm[i] = NULL;
        if (o->use == PTO_(USE_IGNORED)) continue;
        if (args[i] == NULL) {
            if (o->use == PTO_(USE_REQUIRED)) return PTO_ERR_NULL;
            continue;
        }
        if (o->tile) {
            tile[i] = (const pto_tile *)args[i];
            if (tile[i]->data == NULL) return PTO_ERR_NULL;
        } else if (o->gm) {
            gm[i] = (const pto_gm *)args[i];
            if (gm[i]->data == NULL) return PTO_ERR_NULL;
        }
    }
    return PTO_OK;
}

/* The value of axis i that this call derives (a location, a runtime parameter, the operand order,
 * an optional operand's presence), NO_VALUE for a location the axis does not map or a parameter
 * outside its domain; form and layout axes are the tuples' to decide (NO_VALUE). */
static uint8_t axis_value(const PTO(entry) *e, unsigned i, const void *const *args, const pto_tile *const *tile)
{
    const PTO(axis) *a = &e->axis[i];
    if (a->derive == PTO_(AXIS_LOC)) {
        const unsigned v = a->loc_values >> (4u * (unsigned)tile[a->of]->loc) & 0xFu;
        return v == 0xFu ? PTO_(NO_VALUE) : (uint8_t)v;
    }
    if (a->derive == PTO_(AXIS_FLAG)) return *(const int *)args[a->of] != 0;
    if (a->derive == PTO_(AXIS_ENUM)) {
        const int v = *(const int *)args[a->of];
        return v < 0 || v >= a->n_values ? PTO_(NO_VALUE) : (uint8_t)v;
    }
    if (a->derive == PTO_(AXIS_ROLES)) { /* which source is full; when neither is, a column-major first
                                          * source is the narrow one (so the valid-region rules, not
                                          * the layouts, report the mistake) */
        const pto_tile *first = tile[e->full[0]], *second = tile[e->full[1]];
        return !is_full(first, tile[0]) && (is_full(second, tile[0])
                                            || (layout_of(first) == PTO_(DN) && layout_of(second) != PTO_(DN)));
    }
    if (a->derive == PTO_(AXIS_PRESENCE)) return tile[a->of] != NULL;
    return PTO_(NO_VALUE);
}

/* The shape of every tile (the first checks after the tuple's choice) */
static pto_status check_tile_shapes(const PTO(entry) *e, const pto_tile *const *tile)
{
    unsigned i;
    for (i = 0; i < e->n_ops; i++) {
        const pto_tile *x = tile[i];
        uint64_t contiguous;
        if (x == NULL) continue;
        if (x->rows == 0 || x->cols == 0) return PTO_ERR_SHAPE;
        if ((uint64_t)x->rows * x->cols > (uint64_t)INT64_MAX / elem_bytes[x->dtype]) return PTO_ERR_SHAPE;
        if (x->slayout != PTO_NONE_BOX) { /* whole boxes */
            uint32_t r0, c0;
            pto_layout_box(x->loc, x->slayout, elem_bytes[x->dtype], &r0, &c0);
            if (x->rows % r0 != 0 || x->cols % c0 != 0) return PTO_ERR_SHAPE;
            continue;
        }
        contiguous = layout_of(x) == PTO_(ND) ? x->cols : x->rows;
        if (contiguous * elem_bytes[x->dtype] % PTO_(BLOCK_BYTES) != 0) return PTO_ERR_SHAPE;
    }
    return PTO_OK;
}

/* The checks after the tiles' shapes, in the order of pto_status: each global tensor's shape, the
 * valid region of every tile, each tensor's matrix, the tuple's rules, alias, alignment, placement. */
static pto_status check_rest(const PTO(entry) *e, const void *const *args, const pto_tile *const *tile,
                             const pto_gm *const *gm, const PTO(tuple) *t)
{
    const pto_tile *slot[PTO_(MAX_SLOTS)];
    unsigned slot_op[PTO_(MAX_SLOTS)]; /* the operand each slot (operand or role) resolves to */
    uintptr_t lo[PTO_(MAX_OPS)], hi[PTO_(MAX_OPS)]; /* the bytes each tile or tensor spans */
    unsigned i, j;

    for (i = 0; i < e->n_ops; i++)
        if (gm[i] && !gm_shape_ok(gm[i], elem_bytes[gm[i]->dtype], e->op[i].io == PTO_(IO_OUT))) return PTO_ERR_SHAPE;
    for (i = 0; i < e->n_ops; i++) {
        const pto_tile *x = tile[i];
        if (x == NULL) continue;
        if (x->valid_rows == 0 || x->valid_rows > x->rows || x->valid_cols == 0 || x->valid_cols > x->cols)
            return PTO_ERR_VALID;
    }
    /* a global tensor's matrix is the valid region of the tile (a kind with a tensor has one tile) */
    for (i = 0; i < e->n_ops; i++)
        if (gm[i]) {
            uint64_t rows, cols;
            pto_gm_region(gm[i], elem_bytes[gm[i]->dtype], &rows, &cols);
            for (j = 0; j < e->n_ops; j++)
                if (tile[j] && (rows != tile[j]->valid_rows || cols != tile[j]->valid_cols)) return PTO_ERR_VALID;
        }

    /* the spec's rules, with roles resolved for this tuple */
    for (i = 0; i < PTO_(MAX_SLOTS); i++) {
        slot[i] = i < e->n_ops ? tile[i] : NULL;
        slot_op[i] = i;
    }
    for (i = 0; i < e->n_axes; i++)
        if (e->axis[i].derive == PTO_(AXIS_ROLES)) {
            slot_op[e->n_ops] = e->full[t->axis[i]];
            slot_op[e->n_ops + 1] = e->narrow[t->axis[i]];
            slot[e->n_ops] = tile[slot_op[e->n_ops]];
            slot[e->n_ops + 1] = tile[slot_op[e->n_ops + 1]];
        }
    for (i = 0; i < e->n_rules; i++)
        if ((t->rules >> i & 1u) && !e->rules[i].holds(slot, args)) return e->rules[i].status;

    /* alias: written tiles overlap nothing, except an out tile that is the very same tile as
     * one of its in-place sources (matched by operand, not by descriptor pointer: one
     * descriptor passed for several operands must satisfy the rule for each of them) */
    for (i = 0; i < e->n_ops; i++)
        if (op_dtype(tile, gm, i) >= 0) span_of(tile, gm, i, &lo[i], &hi[i]);
    for (i = 0; i < e->n_ops; i++) {
        for (j = i + 1; j < e->n_ops; j++) {
            const pto_tile *a = tile[i], *b = tile[j];
            unsigned s;
            int allowed = 0;
            if (op_dtype(tile, gm, i) < 0 || op_dtype(tile, gm, j) < 0) continue;
            if (e->op[i].io == PTO_(IO_IN) && e->op[j].io == PTO_(IO_IN)) continue;
            if (!(lo[i] < hi[j] && lo[j] < hi[i])) continue;
            if (a == NULL || b == NULL) return PTO_ERR_ALIAS; /* a global tensor is never a tile */
            if (e->op[i].io == PTO_(IO_OUT) && e->op[j].io == PTO_(IO_IN))
                for (s = 0; s < PTO_(MAX_SLOTS); s++)
                    if ((e->op[i].in_place >> s & 1u) && slot_op[s] == j && same_tile(a, b, e->retype)) allowed = 1;
            if (!allowed) return PTO_ERR_ALIAS;
        }
    }

    /* alignment of every data pointer: its location's, else an element's */
    for (i = 0; i < e->n_ops; i++) /* a global tensor's data: its element's */
        if (gm[i] && (uintptr_t)gm[i]->data % elem_bytes[gm[i]->dtype] != 0) return PTO_ERR_ALIGN;
    for (i = 0; i < e->n_ops; i++) {
        uintptr_t align;
        if (tile[i] == NULL) continue;
        align = buffer_align[tile[i]->loc];
        if (align == 0) align = elem_bytes[tile[i]->dtype];
        if ((uintptr_t)tile[i]->data % align != 0) return PTO_ERR_ALIGN;
    }

#if PTO_(UB_BYTES)
    /* placement: every VEC tile inside the unified buffer, below its reserved scratch (the other
     * buffers are not modelled yet: no tuple of a simulated profile takes a tile there) */
    {
        const uintptr_t lo = (uintptr_t)PTO(ub)(NULL), hi = lo + PTO_(UB_TILE_BYTES);
        for (i = 0; i < e->n_ops; i++) {
            uintptr_t a0;
            if (tile[i] == NULL || tile[i]->loc != PTO_VEC) continue;
            a0 = (uintptr_t)tile[i]->data;
            if (a0 < lo || a0 > hi || tile_bytes(tile[i]) > hi - a0) return PTO_ERR_PLACEMENT;
        }
    }
#endif
    return PTO_OK;
}

pto_status PTO(_verify)(const PTO(entry) *e, const void *const *args, uint16_t *kernel)
{
    const pto_tile *tile[PTO_(MAX_OPS)];
    const pto_gm *gm[PTO_(MAX_OPS)];     /* the global tensors (TLOAD's src, TSTORE's dst) */
    uint8_t axis[PTO_(MAX_AXES)]; /* no initialiser: compilers make it a memset call */
    const PTO(tuple) *t;
    unsigned i, j;
    pto_status st;

    st = collect(e, args, tile, gm);
    if (st != PTO_OK) return st;
    for (i = 0; i < e->n_ops; i++) /* each tile in a location its operand takes */
        if (tile[i] && ((unsigned)tile[i]->loc >= PTO_N_LOCS || !(e->op[i].locs >> tile[i]->loc & 1u))) return PTO_ERR_LOC;

    /* dtype: known values, shared dtype variables, then a legal combination */
    for (i = 0; i < e->n_ops; i++)
        if ((tile[i] && (unsigned)tile[i]->dtype >= N_DTYPES) || (gm[i] && (unsigned)gm[i]->dtype >= N_DTYPES))
            return PTO_ERR_DTYPE;
    for (i = 0; i < e->n_ops; i++)
        for (j = i + 1; j < e->n_ops; j++)
            if (op_dtype(tile, gm, i) >= 0 && op_dtype(tile, gm, j) >= 0 && e->op[i].dvar == e->op[j].dvar
                && op_dtype(tile, gm, i) != op_dtype(tile, gm, j))
                return PTO_ERR_DTYPE;
    /* every slot, not just n_axes: gcc -O1 cannot tell that find() reads only the known ones */
    for (i = 0; i < PTO_(MAX_AXES); i++) axis[i] = PTO_(NO_VALUE);
    if (find(e, tile, gm, axis, 0, 0) == NULL) return PTO_ERR_DTYPE;

    /* locations that pick the tuple (a loc axis; the location itself is one the operand takes) */
    for (i = 0; i < e->n_axes; i++)
        if (e->axis[i].derive == PTO_(AXIS_LOC)) {
            axis[i] = axis_value(e, i, args, tile);
            if (axis[i] == PTO_(NO_VALUE) || find(e, tile, gm, axis, e->n_axes, 0) == NULL) return e->axis[i].status;
        }

    /* runtime parameters: a value outside the parameter's domain, then one that no tuple with
     * these dtypes takes (the axis's status) */
    for (i = 0; i < e->n_axes; i++)
        if (e->axis[i].derive == PTO_(AXIS_ENUM) || e->axis[i].derive == PTO_(AXIS_FLAG)) {
            axis[i] = axis_value(e, i, args, tile);
            if (axis[i] == PTO_(NO_VALUE)) return PTO_ERR_PARAM;
            if (find(e, tile, gm, axis, e->n_axes, 0) == NULL) return e->axis[i].status;
        }

    /* operand order: which source is full */
    for (i = 0; i < e->n_axes; i++)
        if (e->axis[i].derive == PTO_(AXIS_ROLES)) {
            axis[i] = axis_value(e, i, args, tile);
            if (find(e, tile, gm, axis, e->n_axes, 0) == NULL) return e->axis[i].status;
        }

    /* layouts (these also decide layout-derived axes such as the row-expand mode) */
    for (i = 0; i < e->n_ops; i++)
        if ((tile[i] && layout_of(tile[i]) == PTO_(NO_VALUE)) || (gm[i] && gm_layout_of(gm[i]) == PTO_(NO_VALUE)))
            return PTO_ERR_LAYOUT;
    if (find(e, tile, gm, axis, e->n_axes, 1) == NULL) return PTO_ERR_LAYOUT;

    /* presence of optional operands, for the forms the layouts chose (a tmp given to a
     * mode-2 call fails here, as tmp) */
    for (i = 0; i < e->n_axes; i++)
        if (e->axis[i].derive == PTO_(AXIS_PRESENCE)) {
            axis[i] = axis_value(e, i, args, tile);
            if (find(e, tile, gm, axis, e->n_axes, 1) == NULL) return e->axis[i].status;
        }
    t = find(e, tile, gm, axis, e->n_axes, 1);

    st = check_tile_shapes(e, tile);
    if (st == PTO_OK) st = check_rest(e, args, tile, gm, t);
    if (st == PTO_OK) *kernel = t->kernel;
    return st;
}

/* ---- the memo (pto_memo, pto/cpp/detail/memo.h: internal to the C++ API) ---- */

/* The static facts of a call, PTO_MEMO_WORDS words per operand: whether it is given (1 a tile, 2 a
 * tensor) with, for a tile, its dtype, location and layout fields and its rows and columns, for a
 * global tensor its dtype and layout. Every check before the tensors' shapes, and the tuple,
 * depend on these and on the values the call derives (axis_value) alone. 0 (no key) where a field
 * does not fit its byte: such a call is never remembered. */
static int memo_key(const PTO(entry) *e, const void *const *args, uint32_t *key)
{
    unsigned i;
    for (i = 0; i < e->n_ops; i++) {
        uint32_t *k = key + PTO_MEMO_WORDS * i;
        k[0] = k[1] = k[2] = 0;
        if (e->op[i].use == PTO_(USE_IGNORED) || args[i] == NULL) continue;
        if (e->op[i].tile) {
            const pto_tile *x = (const pto_tile *)args[i];
            if ((unsigned)x->dtype > 0xFFu || (unsigned)x->loc > 0xFFu || (unsigned)x->blayout > 0xFu
                || (unsigned)x->slayout > 0xFu) return 0;
            k[0] = 1u | (uint32_t)x->dtype << 8 | (uint32_t)x->loc << 16 | (uint32_t)x->blayout << 24
                 | (uint32_t)x->slayout << 28;
            k[1] = x->rows;
            k[2] = x->cols;
        } else if (e->op[i].gm) {
            const pto_gm *g = (const pto_gm *)args[i];
            if ((unsigned)g->dtype > 0xFFu || (unsigned)g->layout > 0xFFu) return 0;
            k[0] = 2u | (uint32_t)g->dtype << 8 | (uint32_t)g->layout << 16;
        }
    }
    return 1;
}

/* After a call that verified: remember its key and the tuples its dtypes and layouts allow (in
 * the table's order), or nothing where they are more than the memo holds. */
static void memo_fill(const PTO(entry) *e, const uint32_t *key, const pto_tile *const *tile, const pto_gm *const *gm,
                      pto_memo *m)
{
    uint8_t axis[PTO_(MAX_AXES)];
    size_t k;
    unsigned i, n = 0;
    for (i = 0; i < PTO_(MAX_AXES); i++) axis[i] = PTO_(NO_VALUE);
    m->entry = NULL;
    for (k = 0; k < e->n_tuples; k++)
        if (agrees(e, &e->tuples[k], tile, gm, axis, 0, 1)) {
            if (n == PTO_MEMO_TUPLES) return;
            m->tuple[n++] = (uint16_t)k;
        }
    for (i = 0; i < PTO_MEMO_WORDS * (unsigned)e->n_ops; i++) m->key[i] = key[i];
    m->n = (uint8_t)n;
    m->entry = e;
}

static pto_status verify_by_facts(const PTO(entry) *e, const void *const *args, pto_memo *m, uint16_t *kernel)
{
    const pto_tile *tile[PTO_(MAX_OPS)];
    const pto_gm *gm[PTO_(MAX_OPS)];
    uint32_t key[PTO_MEMO_WORDS * PTO_MEMO_OPS];
    uint8_t axis[PTO_(MAX_AXES)];
    unsigned i;
    int derived = 1;
    pto_status st;
    const int keyed = memo_key(e, args, key);

    if (keyed && m->entry == e) {
        for (i = 0; i < PTO_MEMO_WORDS * (unsigned)e->n_ops && m->key[i] == key[i]; i++) {}
        if (i == PTO_MEMO_WORDS * (unsigned)e->n_ops) {
            /* the same static facts as a call that verified: every check they decide passes
             * again (locations, dtypes, layouts, the tiles' shapes); the null checks come first,
             * then the values this call derives pick the tuple among those the facts allow (the
             * first in the table's order, as find's), then the rest of the checks */
            st = collect(e, args, tile, gm);
            if (st != PTO_OK) return st;
            for (i = 0; i < PTO_(MAX_AXES); i++) axis[i] = i < e->n_axes ? axis_value(e, i, args, tile) : PTO_(NO_VALUE);
            for (i = 0; i < e->n_axes; i++) /* a parameter outside its domain: no value (which agrees() would
                                               * take for any), the full checks' PTO_ERR_PARAM */
                if (axis[i] == PTO_(NO_VALUE) && (e->axis[i].derive == PTO_(AXIS_ENUM) || e->axis[i].derive == PTO_(AXIS_LOC)))
                    derived = 0;
            for (i = 0; derived && i < m->n; i++) {
                const PTO(tuple) *t = &e->tuples[m->tuple[i]];
                if (agrees(e, t, tile, gm, axis, e->n_axes, 1)) {
                    st = check_rest(e, args, tile, gm, t);
                    if (st == PTO_OK) *kernel = t->kernel;
                    return st;
                }
            }
            /* no tuple for these values (a parameter outside its domain or not legal here, an
             * operand order no tuple takes): the full checks find the status */
        }
    }
    st = PTO(_verify)(e, args, kernel);
    if (st == PTO_OK && keyed) {
        collect(e, args, tile, gm); /* (verified: it passes) */
        memo_fill(e, key, tile, gm, m);
    }
    return st;
}

/* The memo's last call: every check reads only which operands are given, the tiles' and tensors'
 * descriptors and the parameters' values, so a call equal to it in these passes as it did. */
static int same_gm_desc(const pto_gm *a, const pto_gm *b)
{
    unsigned k;
    if (a->data != b->data || a->dtype != b->dtype || a->layout != b->layout) return 0;
    for (k = 0; k < 5; k++)
        if (a->shape[k] != b->shape[k] || a->stride[k] != b->stride[k]) return 0;
    return 1;
}
static int same_arg(const PTO(operand) *o, const void *arg, const pto_memo_arg *last)
{
    if (o->use == PTO_(USE_IGNORED)) return 1;
    if ((arg != NULL) != last->given) return 0;
    if (arg == NULL) return 1;
    if (o->tile) return same_tile((const pto_tile *)arg, &last->as.tile, 0) && ((const pto_tile *)arg)->loc == last->as.tile.loc;
    if (o->gm) return same_gm_desc((const pto_gm *)arg, &last->as.gm);
    return !o->param || *(const int *)arg == last->as.param;
}
static void remember_arg(const PTO(operand) *o, const void *arg, pto_memo_arg *last)
{
    last->given = o->use != PTO_(USE_IGNORED) && arg != NULL;
    if (!last->given) return;
    if (o->tile) last->as.tile = *(const pto_tile *)arg;
    else if (o->gm) last->as.gm = *(const pto_gm *)arg;
    else if (o->param) last->as.param = *(const int *)arg;
}

pto_status PTO(_verify_memo)(const PTO(entry) *e, const void *const *args, pto_memo *m, uint16_t *kernel)
{
    unsigned i;
    pto_status st;
    if (m->last_entry == e) {
        for (i = 0; i < e->n_ops && same_arg(&e->op[i], args[i], &m->last[i]); i++) {}
        if (i == e->n_ops) {
            *kernel = m->last_kernel;
            return PTO_OK;
        }
    }
    st = verify_by_facts(e, args, m, kernel);
    m->last_entry = NULL;
    if (st == PTO_OK) {
        for (i = 0; i < e->n_ops; i++) remember_arg(&e->op[i], args[i], &m->last[i]);
        m->last_kernel = *kernel;
        m->last_entry = e;
    }
    return st;
}

#endif /* PTO_VERIFY_CORE_H */
