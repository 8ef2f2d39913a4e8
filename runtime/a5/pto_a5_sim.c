/* Part of the a5 machine model: hand-written C (runtime/a5/), copied into out/a5/ as it is.
 * The host simulator of the A5 vector unit (pto/pto_a5_sim.h): a PTO_A5_UB_BYTES-byte UB and
 * instructions on PTO_A5_VECTOR_BYTES-byte registers under predicates. Every call is checked (UB
 * bounds, alignment, predicate use, arguments) before it changes anything; a broken rule is a
 * fault and the call does nothing. Element arithmetic follows the semantics contract
 * (pto_a5_ops.h). What comes from the specs (the instruction set, the dtypes each instruction
 * takes, element widths) is in the generated pto_a5_sim_tables.h. Freestanding: no libc. */
#include "pto/pto_a5_sim.h"
#include "pto_a5_ops.h"
#include "pto_a5_sim_tables.h"

#define PTO(name) pto_a5_##name  /* the profile's names, for pto_a5_sim_core.h */
#define PTO_(NAME) PTO_A5_##NAME

#define VL PTO_A5_VECTOR_BYTES
#define MAX_LANES SIM_MAX_LANES /* lanes of the narrowest element */

#include "pto_a5_sim_core.h"

static void reset_machine(void) {}
static void on_issue(void) {}

/* ---- registers and predicates ---- */

static uint32_t lane_get(const pto_a5_vreg *r, unsigned eb, uint32_t l) { return load((uintptr_t)(r->bytes + l * eb), eb); }
static void lane_set(pto_a5_vreg *r, unsigned eb, uint32_t l, uint32_t v) { store((uintptr_t)(r->bytes + l * eb), eb, v); }

static int pred_on(const pto_a5_preg *pg, unsigned eb, uint32_t l)
{
    uint32_t bit = l * eb;
    return (int)(pg->bits[bit / 32] >> (bit % 32) & 1u);
}

static void pred_set(pto_a5_preg *pg, unsigned eb, uint32_t l, int on)
{
    uint32_t b;
    for (b = l * eb; b < (l + 1) * eb; b++) {
        if (on) pg->bits[b / 32] |= 1u << (b % 32);
        else pg->bits[b / 32] &= ~(1u << (b % 32));
    }
}

/* A predicate for elements of eb bytes with no lane on. */
static void pred_none(pto_a5_preg *p, unsigned eb)
{
    unsigned k;
    for (k = 0; k < VL / 32; k++) p->bits[k] = 0;
    p->width = eb;
}

/* pg was made by plt for elements of eb bytes (every instruction that takes one needs one). */
static int check_pred(pto_a5_op op, const char *name, const pto_a5_preg *pg, unsigned eb)
{
    if (pg == NULL) return fault(op, PTO_A5_HW_PREDICATE, name, "is missing; element bytes", eb, "a predicate made by plt");
    if (pg->width != eb)
        return fault(op, PTO_A5_HW_PREDICATE, name, "was made for element bytes", pg->width, "a predicate made for the instruction's element width");
    return 0;
}

static int check_mode(pto_a5_op op, pto_a5_mode mode)
{
    return (unsigned)mode > PTO_A5_MERGING ? fault(op, PTO_A5_HW_ARG, NULL, "mode", (uint64_t)mode, "ZEROING or MERGING") : 0;
}

/* The inactive lanes of a result: zero, or what dst held. */
static void inactive(pto_a5_vreg *out, const pto_a5_vreg *dst, const pto_a5_preg *pg, unsigned eb, pto_a5_mode mode)
{
    uint32_t l;
    for (l = 0; l < VL / eb; l++)
        if (!pred_on(pg, eb, l)) lane_set(out, eb, l, mode == PTO_A5_MERGING ? lane_get(dst, eb, l) : 0);
}

static void copy_reg(pto_a5_vreg *to, const pto_a5_vreg *from) { pto_a5__copy_bytes(to, from, sizeof *to); }

/* ---- predicates ---- */

void pto_a5_plt(unsigned bits, pto_a5_preg *dst, uint32_t *remaining)
{
    const pto_a5_op op = PTO_A5_OP_PLT;
    unsigned eb = bits / 8;
    uint32_t l, lanes;
    if (check_width(op, bits)) return;
    lanes = *remaining < VL / eb ? *remaining : VL / eb;
    pred_none(dst, eb);
    for (l = 0; l < lanes; l++) pred_set(dst, eb, l, 1);
    *remaining -= lanes; /* POST_UPDATE: the next plt makes the next chunk's predicate */
    issued(op, 0);
}

/* p was made for some element width (by plt, a compare, plds or predicate logic). */
static int check_made(pto_a5_op op, const char *name, const pto_a5_preg *p)
{
    if (p == NULL) return fault(op, PTO_A5_HW_PREDICATE, name, "is missing; element bytes", 0, "a predicate made by plt");
    if (p->width != 1 && p->width != 2 && p->width != 4)
        return fault(op, PTO_A5_HW_PREDICATE, name, "was made for element bytes", p->width, "a predicate made by plt (1, 2 or 4 bytes)");
    return 0;
}

/* Predicate logic: pg governs, and a (and b) were made for pg's width. */
static int check_preds(pto_a5_op op, const pto_a5_preg *a, const pto_a5_preg *b, const pto_a5_preg *pg)
{
    if (check_made(op, "pg", pg) || check_pred(op, "a", a, pg->width)) return 1;
    return b != NULL && check_pred(op, "b", b, pg->width);
}

void pto_a5_pand(pto_a5_preg *dst, const pto_a5_preg *a, const pto_a5_preg *b, const pto_a5_preg *pg)
{
    unsigned k;
    if (b == NULL) { fault(PTO_A5_OP_PAND, PTO_A5_HW_PREDICATE, "b", "is missing; element bytes", 0, "a predicate made by plt"); return; }
    if (check_preds(PTO_A5_OP_PAND, a, b, pg)) return;
    for (k = 0; k < VL / 32; k++) dst->bits[k] = a->bits[k] & b->bits[k] & pg->bits[k];
    dst->width = pg->width;
    issued(PTO_A5_OP_PAND, 0);
}

void pto_a5_pnot(pto_a5_preg *dst, const pto_a5_preg *a, const pto_a5_preg *pg)
{
    unsigned k;
    if (check_preds(PTO_A5_OP_PNOT, a, NULL, pg)) return;
    for (k = 0; k < VL / 32; k++) dst->bits[k] = ~a->bits[k] & pg->bits[k];
    dst->width = pg->width;
    issued(PTO_A5_OP_PNOT, 0);
}

/* ---- loads and stores ---- */

/* The span a NORM access covers: up to the last active lane (addresses grow with the lane). */
static uintptr_t norm_span(const pto_a5_preg *pg, unsigned eb)
{
    uint32_t l, end = 0;
    for (l = 0; l < VL / eb; l++)
        if (pred_on(pg, eb, l)) end = l + 1;
    return (uintptr_t)end * eb;
}

void pto_a5_vlds(unsigned bits, pto_a5_vreg *dst, const void *base, uint32_t offset, pto_a5_dist dist,
                    const pto_a5_preg *pg)
{
    const pto_a5_op op = PTO_A5_OP_VLDS;
    unsigned eb = bits / 8;
    uintptr_t at = (uintptr_t)base + (uintptr_t)offset * (bits / 8);
    pto_a5_vreg r;
    uint32_t l;
    if (check_width(op, bits) || check_flags(op)) return;
    if (dist == PTO_A5_DIST_NORM) {
        if (check_pred(op, "pg", pg, eb) || check_span(op, "address", at, norm_span(pg, eb), PTO_A5_BLOCK_BYTES)) return;
        for (l = 0; l < VL / eb; l++) lane_set(&r, eb, l, pred_on(pg, eb, l) ? load(at + (uintptr_t)l * eb, eb) : 0);
    } else if (dist == PTO_A5_DIST_BLK) {
        if (check_span(op, "address", at, PTO_A5_BLOCK_BYTES, PTO_A5_BLOCK_BYTES)) return;
        for (l = 0; l < VL / eb; l++) lane_set(&r, eb, l, load(at + (uintptr_t)(l % (PTO_A5_BLOCK_BYTES / eb)) * eb, eb));
    } else if (dist == PTO_A5_DIST_ONEPT) {
        if (check_span(op, "address", at, eb, eb)) return;
        for (l = 0; l < VL / eb; l++) lane_set(&r, eb, l, l == 0 ? load(at, eb) : 0);
    } else {
        fault(op, PTO_A5_HW_ARG, NULL, "distribution", (uint64_t)dist, "NORM, BLK or ONEPT");
        return;
    }
    copy_reg(dst, &r);
    issued(op, 1);
}

void pto_a5_vsts(unsigned bits, const pto_a5_vreg *src, void *base, uint32_t offset, pto_a5_dist dist,
                    const pto_a5_preg *pg)
{
    const pto_a5_op op = PTO_A5_OP_VSTS;
    unsigned eb = bits / 8;
    uintptr_t at = (uintptr_t)base + (uintptr_t)offset * (bits / 8);
    uint32_t l;
    if (check_width(op, bits) || check_flags(op)) return;
    if (dist == PTO_A5_DIST_NORM) {
        if (check_pred(op, "pg", pg, eb) || check_span(op, "address", at, norm_span(pg, eb), PTO_A5_BLOCK_BYTES)) return;
        for (l = 0; l < VL / eb; l++)
            if (pred_on(pg, eb, l)) store(at + (uintptr_t)l * eb, eb, lane_get(src, eb, l));
    } else if (dist == PTO_A5_DIST_ONEPT) {
        if (check_span(op, "address", at, eb, eb)) return;
        store(at, eb, lane_get(src, eb, 0));
    } else {
        fault(op, PTO_A5_HW_ARG, NULL, "distribution", (uint64_t)dist, "NORM or ONEPT");
        return;
    }
    su.vector_written = 1; /* the scalar unit must wait for a V->S flag */
    issued(op, 1);
}

/* Packed predicate bits in UB: one bit per lane of the predicate's element width, VL / eb / 8
 * bytes (8 for b32, 16 for b16, 32 for b8), aligned to their size. */
static unsigned packed_bytes(unsigned eb) { return VL / eb / 8; }

void pto_a5_psts(const pto_a5_preg *src, void *addr)
{
    const pto_a5_op op = PTO_A5_OP_PSTS;
    const uintptr_t at = (uintptr_t)addr;
    unsigned char on[MAX_LANES];
    unsigned eb;
    uint32_t l;
    if (check_flags(op) || check_made(op, "src", src)) return;
    eb = src->width;
    if (check_span(op, "address", at, packed_bytes(eb), packed_bytes(eb))) return;
    for (l = 0; l < VL / eb; l++) on[l] = (unsigned char)pred_on(src, eb, l);
    store_bits(at, on, VL / eb);
    su.vector_written = 1; /* the scalar unit must wait for a V->S flag */
    issued(op, 1);
}

void pto_a5_plds(unsigned bits, pto_a5_preg *dst, const void *addr)
{
    const pto_a5_op op = PTO_A5_OP_PLDS;
    const uintptr_t at = (uintptr_t)addr;
    unsigned eb = bits / 8;
    pto_a5_preg r;
    uint32_t l;
    if (check_width(op, bits) || check_flags(op) || check_span(op, "address", at, packed_bytes(eb), packed_bytes(eb))) return;
    pred_none(&r, eb);
    for (l = 0; l < VL / eb; l++) pred_set(&r, eb, l, bit_at(at, l));
    pto_a5__copy_bytes(dst, &r, sizeof r);
    issued(op, 1);
}

/* ---- arithmetic ---- */

/* dst = a op b on the active lanes, or a op the scalar (a register) when one is given. A shift
 * with a count register (vshl, vshr) takes lane l of b as lane l's count: below the element width
 * in every active lane. */
static void elementwise(pto_a5_op op, pto_dtype dt, pto_a5_vreg *dst, const pto_a5_vreg *a,
                        const pto_a5_vreg *b, const void *scalar, const pto_a5_preg *pg, pto_a5_mode mode)
{
    pto_a5_vreg r;
    unsigned eb;
    uint32_t l, s = 0;
    if (check_dtype(op, dt) || check_mode(op, mode)) return;
    eb = elem_bytes[dt];
    if (check_pred(op, "pg", pg, eb)) return;
    if (!scalar && b && counts(op))
        for (l = 0; l < VL / eb; l++)
            if (pred_on(pg, eb, l) && check_count_value(op, "b", dt, lane_get(b, eb, l))) return;
    if (scalar) s = load((uintptr_t)scalar, eb);
    inactive(&r, dst, pg, eb, mode);
    for (l = 0; l < VL / eb; l++)
        if (pred_on(pg, eb, l))
            lane_set(&r, eb, l, alu(op, dt, lane_get(a, eb, l), scalar ? s : b ? lane_get(b, eb, l) : 0));
    copy_reg(dst, &r); /* dst may be a or b */
    issued(op, 1);
}

/* vcvt: lane l of src (sd's width) converted to lane l of dst (dd's width) by sim_convert, for the
 * lanes pg (made for the wider width) has on; dst's other lanes are zero. */
void pto_a5_vcvt(pto_dtype dd, pto_dtype sd, pto_round round, pto_sat sat, pto_a5_vreg *dst, const pto_a5_vreg *src,
                 const pto_a5_preg *pg)
{
    const pto_a5_op op = PTO_A5_OP_VCVT;
    pto_a5_vreg r;
    unsigned db, sb, wide;
    uint32_t l;
    if ((unsigned)dd >= sizeof elem_bytes || (unsigned)sd >= sizeof elem_bytes || elem_bytes[dd] > 4 || elem_bytes[sd] > 4) {
        fault(op, PTO_A5_HW_ARG, NULL, "dtype", (uint64_t)((unsigned)dd >= sizeof elem_bytes || elem_bytes[dd] > 4 ? dd : sd),
              "a pto_dtype of 1, 2 or 4 bytes");
        return;
    }
    if ((unsigned)round > (unsigned)PTO_ROUND_ODD || (sat != PTO_SAT_ON && sat != PTO_SAT_OFF)) {
        fault(op, PTO_A5_HW_ARG, NULL, "rounding or saturation mode", (uint64_t)((unsigned)round > (unsigned)PTO_ROUND_ODD ? (unsigned)round : (unsigned)sat),
              "a pto_round, and PTO_SAT_ON or PTO_SAT_OFF");
        return;
    }
    db = elem_bytes[dd];
    sb = elem_bytes[sd];
    wide = db > sb ? db : sb;
    if (check_pred(op, "pg", pg, wide)) return;
    for (l = 0; l < VL / db; l++) lane_set(&r, db, l, 0);
    for (l = 0; l < VL / wide; l++)
        if (pred_on(pg, wide, l))
            lane_set(&r, db, l, (uint32_t)sim_convert(dd, sd, lane_get(src, sb, l), (unsigned)round, (unsigned)sat));
    copy_reg(dst, &r); /* dst may be src */
    issued(op, 1);
}

void pto_a5_vbinary(pto_a5_op op, pto_dtype dt, pto_a5_vreg *dst, const pto_a5_vreg *a, const pto_a5_vreg *b,
                       const pto_a5_preg *pg, pto_a5_mode mode)
{
    elementwise(op, dt, dst, a, b, NULL, pg, mode);
}

void pto_a5_vunary(pto_a5_op op, pto_dtype dt, pto_a5_vreg *dst, const pto_a5_vreg *a, const pto_a5_preg *pg,
                   pto_a5_mode mode)
{
    if (!is_unary(op)) { fault(op, PTO_A5_HW_ARG, NULL, "instruction of one operand", (uint64_t)op, SIM_UNARY_ALLOWED); return; }
    elementwise(op, dt, dst, a, NULL, NULL, pg, mode);
}

void pto_a5_vscalar(pto_a5_op op, pto_dtype dt, pto_a5_vreg *dst, const pto_a5_vreg *a, const void *scalar,
                       const pto_a5_preg *pg, pto_a5_mode mode)
{
    if (check_count(op, dt, scalar)) return;
    elementwise(op, dt, dst, a, NULL, scalar, pg, mode);
}

void pto_a5_vreduce(pto_a5_op op, pto_dtype dt, pto_a5_vreg *dst, const pto_a5_vreg *a, const pto_a5_preg *pg,
                       pto_a5_mode mode)
{
    pto_a5_vreg r;
    unsigned eb;
    uint32_t l, best = MAX_LANES;
    int64_t best_key = 0;
    if (check_dtype(op, dt) || check_mode(op, mode)) return;
    eb = elem_bytes[dt];
    if (check_pred(op, "pg", pg, eb)) return;
    for (l = 0; l < VL / eb; l++)
        if (pred_on(pg, eb, l) && (best == MAX_LANES || reduce_rank(op, dt, lane_get(a, eb, l)) > best_key)) {
            best = l;
            best_key = reduce_rank(op, dt, lane_get(a, eb, l));
        }
    if (best == MAX_LANES) { fault(op, PTO_A5_HW_PREDICATE, "pg", "selects lanes:", 0, "at least one"); return; }
    for (l = 0; l < VL / eb; l++) lane_set(&r, eb, l, mode == PTO_A5_MERGING ? lane_get(dst, eb, l) : 0);
    lane_set(&r, eb, 0, lane_get(a, eb, best));
    lane_set(&r, eb, 1, best);
    copy_reg(dst, &r);
    issued(op, 1);
}

/* A fold (vcadd): the adjacent-pair tree of the active lanes, taken in lane order (inactive lanes
 * take no part), into lane 0; the other lanes zero, or dst's with MERGING. A 16-bit integer sum
 * comes out as 32 bits, as on the hardware: lanes 0 and 1 hold its low and high halves (its low
 * half is the 16-bit wrapping sum). */
void pto_a5_vfold(pto_a5_op op, pto_dtype dt, pto_a5_vreg *dst, const pto_a5_vreg *a, const pto_a5_preg *pg,
                  pto_a5_mode mode)
{
    const pto_a5_op elem_op = fold_lanes(op);
    pto_a5_vreg r;
    uint32_t v[MAX_LANES], l, n = 0, sum;
    unsigned eb;
    int widen;
    if (elem_op == PTO_A5_N_OPS) { fault(op, PTO_A5_HW_ARG, NULL, "instruction that folds", (uint64_t)op, "vcadd"); return; }
    if (check_dtype(op, dt) || check_mode(op, mode)) return;
    eb = elem_bytes[dt];
    if (check_pred(op, "pg", pg, eb)) return;
    widen = dt == PTO_I16;
    for (l = 0; l < VL / eb; l++)
        if (pred_on(pg, eb, l)) v[n++] = widen ? (uint32_t)(int32_t)(int16_t)lane_get(a, eb, l) : lane_get(a, eb, l);
    if (n == 0) { fault(op, PTO_A5_HW_PREDICATE, "pg", "selects lanes:", 0, "at least one"); return; }
    sum = fold_tree(elem_op, widen ? PTO_I32 : dt, v, n);
    for (l = 0; l < VL / eb; l++) lane_set(&r, eb, l, mode == PTO_A5_MERGING ? lane_get(dst, eb, l) : 0);
    if (widen) lane_set(&r, 4, 0, sum);
    else lane_set(&r, eb, 0, sum);
    copy_reg(dst, &r);
    issued(op, 1);
}

/* dst = the condition on the lanes of a and b, or of a and the scalar (a register) when one is
 * given; 0 where pg is off. */
static void compare_lanes(pto_a5_op op, pto_dtype dt, pto_a5_preg *dst, const pto_a5_vreg *a, const pto_a5_vreg *b,
                          const void *scalar, const pto_a5_preg *pg, pto_a5_cmp cmp)
{
    pto_a5_preg r;
    unsigned eb;
    uint32_t l, s = 0;
    if (check_element(op, dt)) return;
    if (check_cmp(op, (unsigned)cmp)) return;
    eb = elem_bytes[dt];
    if (check_pred(op, "pg", pg, eb)) return;
    if (scalar) s = load((uintptr_t)scalar, eb);
    pred_none(&r, eb);
    for (l = 0; l < VL / eb; l++)
        pred_set(&r, eb, l, pred_on(pg, eb, l) && compare(dt, lane_get(a, eb, l), scalar ? s : lane_get(b, eb, l), (unsigned)cmp));
    pto_a5__copy_bytes(dst, &r, sizeof r);
    issued(op, 1);
}

void pto_a5_vcmp(pto_dtype dt, pto_a5_preg *dst, const pto_a5_vreg *a, const pto_a5_vreg *b,
                    const pto_a5_preg *pg, pto_a5_cmp cmp)
{
    compare_lanes(PTO_A5_OP_VCMP, dt, dst, a, b, NULL, pg, cmp);
}

void pto_a5_vcmps(pto_dtype dt, pto_a5_preg *dst, const pto_a5_vreg *a, const void *scalar, const pto_a5_preg *pg,
                  pto_a5_cmp cmp)
{
    if (check_given(PTO_A5_OP_VCMPS, "scalar", scalar)) return;
    compare_lanes(PTO_A5_OP_VCMPS, dt, dst, a, NULL, scalar, pg, cmp);
}

/* ---- moves ---- */

void pto_a5_vsel(unsigned bits, pto_a5_vreg *dst, const pto_a5_vreg *a, const pto_a5_vreg *b, const pto_a5_preg *pg)
{
    const pto_a5_op op = PTO_A5_OP_VSEL;
    pto_a5_vreg r;
    unsigned eb = bits / 8;
    uint32_t l;
    if (check_width(op, bits) || check_pred(op, "pg", pg, eb)) return;
    for (l = 0; l < VL / eb; l++) lane_set(&r, eb, l, lane_get(pred_on(pg, eb, l) ? a : b, eb, l));
    copy_reg(dst, &r);
    issued(op, 1);
}

void pto_a5_vdup(unsigned bits, pto_a5_vreg *dst, const pto_a5_vreg *src, const pto_a5_preg *pg, pto_a5_mode mode)
{
    const pto_a5_op op = PTO_A5_OP_VDUP;
    pto_a5_vreg r;
    unsigned eb = bits / 8;
    uint32_t l, v;
    if (check_width(op, bits) || check_mode(op, mode) || check_pred(op, "pg", pg, eb)) return;
    v = lane_get(src, eb, 0);
    inactive(&r, dst, pg, eb, mode);
    for (l = 0; l < VL / eb; l++)
        if (pred_on(pg, eb, l)) lane_set(&r, eb, l, v);
    copy_reg(dst, &r);
    issued(op, 1);
}

void pto_a5_vbr(unsigned bits, pto_a5_vreg *dst, uint32_t value)
{
    const pto_a5_op op = PTO_A5_OP_VBR;
    unsigned eb = bits / 8;
    uint32_t l;
    if (check_width(op, bits)) return;
    for (l = 0; l < VL / eb; l++) lane_set(dst, eb, l, value);
    issued(op, 1);
}

void pto_a5_vdintlv(unsigned bits, pto_a5_vreg *even, pto_a5_vreg *odd, const pto_a5_vreg *a, const pto_a5_vreg *b)
{
    const pto_a5_op op = PTO_A5_OP_VDINTLV;
    pto_a5_vreg e, o;
    unsigned eb = bits / 8;
    uint32_t l, n;
    if (check_width(op, bits)) return;
    n = VL / eb;
    for (l = 0; l < n; l++) {
        const pto_a5_vreg *from = 2 * l < n ? a : b;
        lane_set(&e, eb, l, lane_get(from, eb, (2 * l) % n));
        lane_set(&o, eb, l, lane_get(from, eb, (2 * l + 1) % n));
    }
    copy_reg(even, &e);
    copy_reg(odd, &o);
    issued(op, 1);
}
