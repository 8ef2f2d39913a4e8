/* Part of the a2a3 machine model: hand-written C (runtime/a2a3/), copied into out/a2a3/ as it is.
 * The host simulator of the A2A3 vector unit (pto/pto_a2a3_sim.h): a PTO_A2A3_UB_BYTES-byte UB,
 * the mask register and the pipe flags. Every call is checked against the hardware rules before
 * it touches anything; a broken rule is a fault and the call does nothing. Element arithmetic
 * follows the semantics contract (pto_a2a3_ops.h). What comes from the specs (the instruction
 * set, the dtypes each instruction takes, element widths) is in the generated
 * pto_a2a3_sim_tables.h. Freestanding: no libc. */
#include "pto/pto_a2a3_sim.h"
#include "pto_a2a3_ops.h"
#include "pto_a2a3_sim_tables.h"

#define PTO(name) pto_a2a3_##name  /* the profile's names, for pto_a2a3_sim_core.h */
#define PTO_(NAME) PTO_A2A3_##NAME
#define STR_(x) #x
#define STR(x) STR_(x) /* a machine parameter in a message */

#define BLOCK PTO_A2A3_BLOCK_BYTES
#define REPEAT PTO_A2A3_REPEAT_BYTES
#define BLOCKS_PER_REPEAT (REPEAT / BLOCK)
#define MAX_LANES SIM_MAX_LANES /* E of the narrowest element the model moves */
#define MAX_STRIDE PTO_A2A3_MAX_REPEAT_STRIDE
#define MAX_REPEAT PTO_A2A3_MAX_REPEAT
#define FULL (~(uint64_t)0)

static struct {
    int count_mode;
    uint64_t hi, lo;                /* the mask register: lane bits, or the count in lo */
    uint64_t cmp_hi, cmp_lo;        /* CMPMASK: vcmp's result (bit l for lane l) or what set_cmpmask loaded */
} m = { .hi = FULL, .lo = FULL };

#include "pto_a2a3_sim_core.h"

static void reset_machine(void)
{
    m.count_mode = 0;
    m.hi = m.lo = FULL;
    m.cmp_hi = m.cmp_lo = 0;
}

static void on_issue(void) { su.vector_written = 1; } /* every instruction writes UB */

void pto_a2a3_set_mask_norm(void) { m.count_mode = 0; sim.stats.mask_sets++; }
void pto_a2a3_set_mask_count(void) { m.count_mode = 1; sim.stats.mask_sets++; }
void pto_a2a3_set_vector_mask(uint64_t hi, uint64_t lo) { m.hi = hi; m.lo = lo; sim.stats.mask_sets++; }
void pto_a2a3_pipe_barrier_v(void) { sim.stats.barriers++; }

/* ---- vector operands ---- */

/* One vector operand: lane l of repeat r is at base + (r*rep + (l / per_block)*blk) blocks + (l % per_block) elements. */
typedef struct {
    const char *name;
    uintptr_t base;
    unsigned eb;
    uint32_t blk, rep;
} operand;

static operand opnd(const char *name, const void *base, unsigned eb, uint32_t blk, uint32_t rep)
{
    operand o;
    o.name = name;
    o.base = (uintptr_t)base;
    o.eb = eb;
    o.blk = blk;
    o.rep = rep;
    return o;
}

static uintptr_t lane_addr(const operand *o, uint64_t r, uint32_t l)
{
    uint32_t per_block = BLOCK / o->eb;
    return o->base + (uintptr_t)((r * o->rep + (uint64_t)(l / per_block) * o->blk) * BLOCK) + (uintptr_t)(l % per_block) * o->eb;
}

static int check_stride(pto_a2a3_op op, const char *name, const char *what, uint32_t v)
{
    return v > MAX_STRIDE ? fault(op, PTO_A2A3_HW_STRIDE, name, what, v, "at most " STR(PTO_A2A3_MAX_REPEAT_STRIDE) " blocks") : 0;
}

/* ---- the mask: which lanes of which repeats run ---- */

/* Bit l of a 128-bit register held as (hi, lo): the mask, CMPMASK. */
static int bit_of(uint64_t hi, uint64_t lo, uint32_t l)
{
    return (int)((l < 64 ? lo >> l : hi >> (l - 64)) & 1u);
}

static int check_repeat(pto_a2a3_op op, uint32_t repeat)
{
    return repeat > MAX_REPEAT ? fault(op, PTO_A2A3_HW_REPEAT, NULL, "repeat", repeat, "at most " STR(PTO_A2A3_MAX_REPEAT)) : 0;
}

typedef struct {
    uint32_t E;        /* lanes per repeat */
    uint64_t repeats;
    uint32_t first;    /* lowest active lane of a repeat (norm mode) */
    uint32_t last;     /* highest active lane of a full repeat */
    uint32_t last_end; /* highest active lane of the last repeat, plus one */
} lanes;

static int lane_on(const lanes *g, uint64_t r, uint32_t l)
{
    if (m.count_mode) return r * g->E + l < m.lo;
    if (m.hi == FULL && m.lo == FULL) return 1;
    return bit_of(m.hi, m.lo, l);
}

/* The active lanes of a masked instruction with elements of eb bytes, or a fault. */
static int mask_lanes(pto_a2a3_op op, unsigned eb, uint32_t repeat, lanes *g)
{
    uint32_t l;
    g->E = REPEAT / eb;
    if (m.count_mode) {
        if (m.lo == 0 || m.lo > PTO_A2A3_UB_BYTES || m.hi != 0)
            return fault(op, PTO_A2A3_HW_MASK, NULL, "counter-mode count", m.lo, "1 to the UB size, with hi = 0");
        g->repeats = (m.lo + g->E - 1) / g->E;
        g->first = 0;
        g->last = g->E - 1;
        g->last_end = (uint32_t)(m.lo - (g->repeats - 1) * g->E);
        return 0;
    }
    if (check_repeat(op, repeat)) return 1;
    g->repeats = repeat;
    if (!(m.hi == FULL && m.lo == FULL)) {
        for (l = g->E; l < 128; l++)
            if (bit_of(m.hi, m.lo, l))
                return fault(op, PTO_A2A3_HW_MASK, NULL, "norm-mode mask selects lane", l, "lanes below E = 256 / sizeof(T)");
        if (m.hi == 0 && m.lo == 0) return fault(op, PTO_A2A3_HW_MASK, NULL, "norm-mode mask selects lanes:", 0, "at least one");
    }
    for (g->first = 0; !lane_on(g, 0, g->first); g->first++) {}
    for (g->last = g->E - 1; !lane_on(g, 0, g->last); g->last--) {}
    g->last_end = g->last + 1;
    return 0;
}

/* Every lane of `repeat` repeats, for an instruction that takes no mask (vcmpvs, vcmpv). It runs in norm
 * mode: what the hardware makes of a count for it is undocumented. */
static int whole_repeats(pto_a2a3_op op, unsigned eb, uint32_t repeat, lanes *g)
{
    if (m.count_mode)
        return fault(op, PTO_A2A3_HW_MASK, NULL, "issued in counter mode; count", m.lo, "norm mode (it compares whole repeats, unmasked)");
    if (check_repeat(op, repeat)) return 1;
    g->E = REPEAT / eb;
    g->repeats = repeat;
    g->first = 0;
    g->last = g->E - 1;
    g->last_end = g->E;
    return 0;
}

/* The bytes of a bit operand (vcmpvs's and vcmpv's dst, vsel's selection bits in modes 1 and 2):
 * E bits per repeat, contiguous across the repeats. */
static uintptr_t bit_bytes(const lanes *g) { return (uintptr_t)(g->repeats * g->E / 8); }

/* Every active lane of operand o inside UB, its start aligned, its strides in range. Lane
 * addresses grow with the repeat and the lane, so the extremes bound them all. */
static int check_operand(pto_a2a3_op op, const operand *o, const lanes *g)
{
    uintptr_t lo, hi;
    if (check_start(op, o->name, o->base, BLOCK) || check_stride(op, o->name, "block stride", o->blk)
        || check_stride(op, o->name, "repeat stride", o->rep))
        return 1;
    if (g->repeats == 0) return 0;
    lo = lane_addr(o, 0, g->first);
    hi = lane_addr(o, g->repeats - 1, g->last_end - 1);
    if (g->repeats > 1 && lane_addr(o, g->repeats - 2, g->last) > hi) hi = lane_addr(o, g->repeats - 2, g->last);
    if (in_ub(lo, hi + o->eb)) return 0;
    if (lo < (uintptr_t)ub) return fault(op, PTO_A2A3_HW_UB_BOUNDS, o->name, "starts before UB at host address", (uint64_t)lo, "inside UB");
    return fault(op, PTO_A2A3_HW_UB_BOUNDS, o->name, "reaches past the end of UB by bytes",
                 (uint64_t)(hi + o->eb - ((uintptr_t)ub + sizeof ub)), "inside UB");
}

/* ---- instructions ---- */

static uint32_t reg_a[MAX_LANES], reg_b[MAX_LANES];

/* dst = src0 op src1 on the active lanes, or src0 op the scalar (a register, not UB) when one
 * is given (vadds ... vmins). blk and rep: dst, src0, src1. */
static void elementwise(pto_a2a3_op op, pto_dtype dt, void *dst, const void *src0, const void *src1, const void *scalar,
                        uint32_t repeat, const uint32_t *blk, const uint32_t *rep)
{
    operand d, a, b;
    lanes g;
    uint64_t r;
    uint32_t l, s = 0;
    const int unary = is_unary(op);
    if (check_dtype(op, dt) || check_flags(op) || mask_lanes(op, elem_bytes[dt], repeat, &g)) return;
    d = opnd("dst", dst, elem_bytes[dt], blk[0], rep[0]);
    a = opnd(scalar ? "src" : "src0", src0, elem_bytes[dt], blk[1], rep[1]);
    b = opnd("src1", src1, elem_bytes[dt], blk[2], rep[2]);
    if (check_operand(op, &d, &g) || check_operand(op, &a, &g) || (!scalar && !unary && check_operand(op, &b, &g))) return;
    if (scalar) s = load((uintptr_t)scalar, elem_bytes[dt]);
    for (r = 0; r < g.repeats; r++) { /* a repeat reads all its lanes, then writes */
        for (l = 0; l < g.E; l++)
            if (lane_on(&g, r, l)) {
                reg_a[l] = load(lane_addr(&a, r, l), a.eb);
                reg_b[l] = scalar ? s : unary ? 0 : load(lane_addr(&b, r, l), b.eb);
            }
        for (l = 0; l < g.E; l++)
            if (lane_on(&g, r, l))
                store(lane_addr(&d, r, l), d.eb, alu(op, dt, reg_a[l], reg_b[l]));
    }
    issued(op, g.repeats);
}

void pto_a2a3_vbinary(pto_a2a3_op op, pto_dtype dt, void *dst, const void *src0, const void *src1,
                         uint32_t repeat, uint32_t dst_blk, uint32_t src0_blk, uint32_t src1_blk,
                         uint32_t dst_rep, uint32_t src0_rep, uint32_t src1_rep)
{
    const uint32_t blk[3] = { dst_blk, src0_blk, src1_blk }, rep[3] = { dst_rep, src0_rep, src1_rep };
    elementwise(op, dt, dst, src0, src1, NULL, repeat, blk, rep);
}

void pto_a2a3_vscalar(pto_a2a3_op op, pto_dtype dt, void *dst, const void *src, const void *scalar,
                         uint32_t repeat, uint32_t dst_blk, uint32_t src_blk, uint32_t dst_rep, uint32_t src_rep)
{
    const uint32_t blk[3] = { dst_blk, src_blk, 0 }, rep[3] = { dst_rep, src_rep, 0 };
    if (check_count(op, dt, scalar)) return;
    elementwise(op, dt, dst, src, NULL, scalar, repeat, blk, rep);
}

void pto_a2a3_vunary(pto_a2a3_op op, pto_dtype dt, void *dst, const void *src, uint32_t repeat, uint32_t dst_blk,
                     uint32_t src_blk, uint32_t dst_rep, uint32_t src_rep)
{
    const uint32_t blk[3] = { dst_blk, src_blk, 0 }, rep[3] = { dst_rep, src_rep, 0 };
    if (!is_unary(op)) { fault(op, PTO_A2A3_HW_ARG, NULL, "instruction of one operand", (uint64_t)op, SIM_UNARY_ALLOWED); return; }
    elementwise(op, dt, dst, src, NULL, NULL, repeat, blk, rep);
}

/* vconv: each active lane converted from sd to dd (sim_convert); a repeat has E = 256 / the wider
 * element's bytes lanes, so the narrower operand's repeat spans fewer blocks. */
void pto_a2a3_vconv(pto_dtype dd, pto_dtype sd, pto_round round, pto_sat sat, void *dst, const void *src,
                    uint32_t repeat, uint32_t dst_blk, uint32_t src_blk, uint32_t dst_rep, uint32_t src_rep)
{
    static uint64_t reg[MAX_LANES];
    const pto_a2a3_op op = PTO_A2A3_OP_VCONV;
    operand d, s;
    lanes g;
    uint64_t r;
    uint32_t l;
    if ((unsigned)dd >= sizeof elem_bytes || (unsigned)sd >= sizeof elem_bytes) {
        fault(op, PTO_A2A3_HW_ARG, NULL, "dtype", (uint64_t)((unsigned)dd >= sizeof elem_bytes ? dd : sd), "a pto_dtype");
        return;
    }
    if ((unsigned)round > (unsigned)PTO_ROUND_ODD || (sat != PTO_SAT_ON && sat != PTO_SAT_OFF)) {
        fault(op, PTO_A2A3_HW_ARG, NULL, "rounding or saturation mode", (uint64_t)((unsigned)round > (unsigned)PTO_ROUND_ODD ? (unsigned)round : (unsigned)sat),
              "a pto_round, and PTO_SAT_ON or PTO_SAT_OFF");
        return;
    }
    if (check_flags(op) || mask_lanes(op, elem_bytes[dd] > elem_bytes[sd] ? elem_bytes[dd] : elem_bytes[sd], repeat, &g)) return;
    d = opnd("dst", dst, elem_bytes[dd], dst_blk, dst_rep);
    s = opnd("src", src, elem_bytes[sd], src_blk, src_rep);
    if (check_operand(op, &d, &g) || check_operand(op, &s, &g)) return;
    for (r = 0; r < g.repeats; r++) { /* a repeat reads all its lanes, then writes */
        for (l = 0; l < g.E; l++)
            if (lane_on(&g, r, l)) reg[l] = load64(lane_addr(&s, r, l), s.eb);
        for (l = 0; l < g.E; l++)
            if (lane_on(&g, r, l)) store64(lane_addr(&d, r, l), d.eb, sim_convert(dd, sd, reg[l], (unsigned)round, (unsigned)sat));
    }
    issued(op, g.repeats);
}

void pto_a2a3_vector_dup(unsigned bits, void *dst, uint32_t value, uint32_t repeat, uint32_t dst_blk, uint32_t dst_rep)
{
    const pto_a2a3_op op = PTO_A2A3_OP_VECTOR_DUP;
    operand d;
    lanes g;
    uint64_t r;
    uint32_t l;
    if (check_width(op, bits) || check_flags(op) || mask_lanes(op, bits / 8, repeat, &g)) return;
    d = opnd("dst", dst, bits / 8, dst_blk, dst_rep);
    if (check_operand(op, &d, &g)) return;
    for (r = 0; r < g.repeats; r++)
        for (l = 0; l < g.E; l++)
            if (lane_on(&g, r, l)) store(lane_addr(&d, r, l), d.eb, value);
    issued(op, g.repeats);
}

/* dst's active lanes from src0's; or, with a second source (vsel mode 0), from src0's where
 * CMPMASK's bit l is set and src1's elsewhere; or, with selection bits at UB address sel (vsel
 * modes 1 and 2), from src0's where bit r*E + l of sel is set and, elsewhere, from src1's (mode 2)
 * or from the scalar in CMPMASK's low bits (mode 1, no src1). blk and rep: dst, src0, src1. */
static void move_lanes(pto_a2a3_op op, unsigned bits, void *dst, const void *src0, const void *src1, uintptr_t sel,
                       uint32_t repeat, const uint32_t *blk, const uint32_t *rep)
{
    operand d, a, b;
    lanes g;
    uint64_t r;
    uint32_t l, scalar;
    if (check_width(op, bits) || check_flags(op) || mask_lanes(op, bits / 8, repeat, &g)) return;
    scalar = (uint32_t)(m.cmp_lo & (((uint64_t)1 << bits) - 1)); /* CMPMASK[15:0] or [31:0] */
    d = opnd("dst", dst, bits / 8, blk[0], rep[0]);
    a = opnd(src1 || sel ? "src0" : "src", src0, bits / 8, blk[1], rep[1]);
    b = opnd("src1", src1, bits / 8, blk[2], rep[2]);
    if (check_operand(op, &d, &g) || check_operand(op, &a, &g) || (src1 && check_operand(op, &b, &g))
        || (sel && check_span(op, "sel", sel, bit_bytes(&g), BLOCK)))
        return;
    for (r = 0; r < g.repeats; r++) { /* a repeat reads all its lanes, then writes */
        for (l = 0; l < g.E; l++)
            if (lane_on(&g, r, l)) {
                const int take_a = sel ? bit_at(sel, r * g.E + l) : !src1 || bit_of(m.cmp_hi, m.cmp_lo, l);
                reg_a[l] = take_a ? load(lane_addr(&a, r, l), a.eb) : src1 ? load(lane_addr(&b, r, l), b.eb) : scalar;
            }
        for (l = 0; l < g.E; l++)
            if (lane_on(&g, r, l)) store(lane_addr(&d, r, l), d.eb, reg_a[l]);
    }
    issued(op, g.repeats);
}

void pto_a2a3_vcopy(unsigned bits, void *dst, const void *src, uint32_t repeat, uint32_t dst_blk, uint32_t src_blk,
                    uint32_t dst_rep, uint32_t src_rep)
{
    const uint32_t blk[3] = { dst_blk, src_blk, 0 }, rep[3] = { dst_rep, src_rep, 0 };
    move_lanes(PTO_A2A3_OP_VCOPY, bits, dst, src, NULL, 0, repeat, blk, rep);
}

void pto_a2a3_vcmp(pto_a2a3_cmp cmp, pto_dtype dt, const void *src0, const void *src1, uint32_t repeat,
                   uint32_t src0_blk, uint32_t src1_blk, uint32_t src0_rep, uint32_t src1_rep)
{
    const pto_a2a3_op op = PTO_A2A3_OP_VCMP;
    operand a, b;
    lanes g;
    uint32_t l;
    uint64_t hi = 0, lo = 0;
    if (check_element(op, dt)) return;
    if (check_cmp(op, (unsigned)cmp) || check_flags(op) || mask_lanes(op, elem_bytes[dt], repeat, &g)) return;
    if (g.repeats != 1) { fault(op, PTO_A2A3_HW_REPEAT, NULL, "repeats", g.repeats, "1 (CMPMASK holds one repeat)"); return; }
    a = opnd("src0", src0, elem_bytes[dt], src0_blk, src0_rep);
    b = opnd("src1", src1, elem_bytes[dt], src1_blk, src1_rep);
    if (check_operand(op, &a, &g) || check_operand(op, &b, &g)) return;
    for (l = 0; l < g.E; l++)
        if (lane_on(&g, 0, l) && compare(dt, load(lane_addr(&a, 0, l), a.eb), load(lane_addr(&b, 0, l), b.eb), (unsigned)cmp)) {
            if (l < 64) lo |= (uint64_t)1 << l;
            else hi |= (uint64_t)1 << (l - 64);
        }
    m.cmp_hi = hi;
    m.cmp_lo = lo;
    issued(op, 1);
}

/* vcmpvs (src1 NULL: the scalar) and vcmpv (src1): bit r*E + l of dst = the condition on lane l of
 * repeat r of src0 and of src1 or the scalar. src blk and rep: src0, src1. */
static void compare_bits(pto_a2a3_op op, pto_a2a3_cmp cmp, pto_dtype dt, void *dst, const void *src0, const void *src1,
                         const void *scalar, uint32_t repeat, const uint32_t *blk, const uint32_t *rep)
{
    const int tiles = op == PTO_A2A3_OP_VCMPV;
    unsigned char on[MAX_LANES];
    operand a, b;
    lanes g;
    uint64_t r;
    uint32_t l, s = 0;
    unsigned eb;
    if (dt != PTO_F32 && dt != PTO_F16 && dt != PTO_I32)
        { fault(op, PTO_A2A3_HW_ARG, NULL, "dtype", (uint64_t)dt, "f32, f16 or i32 (the hardware's types)"); return; }
    if (check_cmp(op, (unsigned)cmp) || (!tiles && check_given(op, "scalar", scalar))) return;
    if (dt == PTO_I32 && cmp != PTO_A2A3_EQ)
        { fault(op, PTO_A2A3_HW_ARG, NULL, "condition on i32", (uint64_t)cmp, "EQ (the hardware compares i32 for equality only)"); return; }
    eb = elem_bytes[dt];
    if (check_flags(op) || whole_repeats(op, eb, repeat, &g)) return;
    a = opnd(tiles ? "src0" : "src", src0, eb, blk[0], rep[0]);
    b = opnd("src1", src1, eb, blk[1], rep[1]);
    if (check_operand(op, &a, &g) || (tiles && check_operand(op, &b, &g))
        || check_span(op, "dst", (uintptr_t)dst, bit_bytes(&g), BLOCK))
        return;
    if (!tiles) s = load((uintptr_t)scalar, eb);
    for (r = 0; r < g.repeats; r++) { /* a repeat reads all its lanes, then writes */
        for (l = 0; l < g.E; l++)
            on[l] = (unsigned char)compare(dt, load(lane_addr(&a, r, l), eb), tiles ? load(lane_addr(&b, r, l), eb) : s,
                                           (unsigned)cmp);
        store_bits((uintptr_t)dst + (uintptr_t)(r * g.E / 8), on, g.E);
    }
    issued(op, g.repeats);
}

void pto_a2a3_vcmpvs(pto_a2a3_cmp cmp, pto_dtype dt, void *dst, const void *src, const void *scalar, uint32_t repeat,
                     uint32_t src_blk, uint32_t src_rep)
{
    const uint32_t blk[2] = { src_blk, 0 }, rep[2] = { src_rep, 0 };
    compare_bits(PTO_A2A3_OP_VCMPVS, cmp, dt, dst, src, NULL, scalar, repeat, blk, rep);
}

void pto_a2a3_vcmpv(pto_a2a3_cmp cmp, pto_dtype dt, void *dst, const void *src0, const void *src1, uint32_t repeat,
                    uint32_t src0_blk, uint32_t src1_blk, uint32_t src0_rep, uint32_t src1_rep)
{
    const uint32_t blk[2] = { src0_blk, src1_blk }, rep[2] = { src0_rep, src1_rep };
    compare_bits(PTO_A2A3_OP_VCMPV, cmp, dt, dst, src0, src1, NULL, repeat, blk, rep);
}

void pto_a2a3_vsel(unsigned bits, void *dst, const void *src0, const void *src1, uint32_t repeat, uint32_t dst_blk,
                   uint32_t src0_blk, uint32_t src1_blk, uint32_t dst_rep, uint32_t src0_rep, uint32_t src1_rep)
{
    const uint32_t blk[3] = { dst_blk, src0_blk, src1_blk }, rep[3] = { dst_rep, src0_rep, src1_rep };
    move_lanes(PTO_A2A3_OP_VSEL, bits, dst, src0, src1, 0, repeat, blk, rep);
}

void pto_a2a3_vsel_scalar(unsigned bits, void *dst, const void *src0, const void *sel, uint32_t repeat, uint32_t dst_blk,
                          uint32_t src0_blk, uint32_t dst_rep, uint32_t src0_rep)
{
    const uint32_t blk[3] = { dst_blk, src0_blk, 0 }, rep[3] = { dst_rep, src0_rep, 0 };
    if (sel == NULL) { fault(PTO_A2A3_OP_VSEL, PTO_A2A3_HW_UB_BOUNDS, "sel", "starts outside UB at host address", 0, "inside UB"); return; }
    move_lanes(PTO_A2A3_OP_VSEL, bits, dst, src0, NULL, (uintptr_t)sel, repeat, blk, rep);
}

void pto_a2a3_vsel_tensor(unsigned bits, void *dst, const void *src0, const void *src1, uint32_t repeat, uint32_t dst_blk,
                          uint32_t src0_blk, uint32_t src1_blk, uint32_t dst_rep, uint32_t src0_rep, uint32_t src1_rep)
{
    const uint32_t blk[3] = { dst_blk, src0_blk, src1_blk }, rep[3] = { dst_rep, src0_rep, src1_rep };
    const uintptr_t sel = (uintptr_t)ub + (uint32_t)m.cmp_lo; /* CMPMASK[31:0]: the bits' UB address */
    move_lanes(PTO_A2A3_OP_VSEL, bits, dst, src0, src1, sel, repeat, blk, rep);
}

uint32_t pto_a2a3_ub_offset(const void *p)
{
    const uintptr_t a = (uintptr_t)p;
    return in_ub(a, a + 1) ? (uint32_t)(a - (uintptr_t)ub) : UINT32_MAX;
}

void pto_a2a3_set_cmpmask(const void *src)
{
    const pto_a2a3_op op = PTO_A2A3_OP_SET_CMPMASK;
    const uintptr_t at = (uintptr_t)src;
    if (check_flags(op) || check_span(op, "src", at, 16, BLOCK)) return;
    m.cmp_lo = (uint64_t)load(at + 4, 4) << 32 | load(at, 4);
    m.cmp_hi = (uint64_t)load(at + 12, 4) << 32 | load(at + 8, 4);
    issued(op, 1);
}

void pto_a2a3_vreduce(pto_a2a3_op op, pto_dtype dt, void *dst, const void *src, uint32_t repeat,
                         uint32_t dst_rep, uint32_t src_blk, uint32_t src_rep, pto_a2a3_order order)
{
    operand a;
    lanes g;
    uint64_t r;
    uint32_t l;
    unsigned eb, unit;
    uintptr_t out = (uintptr_t)dst;
    if (check_dtype(op, dt) || check_flags(op)) return;
    eb = elem_bytes[dt];
    if ((unsigned)order > PTO_A2A3_ONLY_INDEX)
        { fault(op, PTO_A2A3_HW_ARG, NULL, "order", (uint64_t)order, "VALUE_INDEX, ONLY_VALUE or ONLY_INDEX"); return; }
    unit = order == PTO_A2A3_VALUE_INDEX ? 2 * eb : order == PTO_A2A3_ONLY_VALUE ? eb : 4;
    if (mask_lanes(op, eb, repeat, &g)) return;
    a = opnd("src", src, eb, src_blk, src_rep);
    if (check_operand(op, &a, &g) || check_start(op, "dst", out, unit) || check_stride(op, "dst", "repeat stride", dst_rep)) return;
    if (g.repeats && !in_ub(out, out + (uintptr_t)((g.repeats - 1) * dst_rep + 1) * unit))
        { fault(op, PTO_A2A3_HW_UB_BOUNDS, "dst", "of repeats writes past UB; repeats", g.repeats, "inside UB"); return; }
    for (r = 0; r < g.repeats; r++) {
        uint32_t best = MAX_LANES;
        int64_t best_key = 0;
        uintptr_t at = out + (uintptr_t)(r * dst_rep * unit);
        for (l = 0; l < g.E; l++) {
            if (!lane_on(&g, r, l)) continue;
            reg_a[l] = load(lane_addr(&a, r, l), eb);
            if (best == MAX_LANES || reduce_rank(op, dt, reg_a[l]) > best_key) { best = l; best_key = reduce_rank(op, dt, reg_a[l]); }
        }
        if (order == PTO_A2A3_VALUE_INDEX) { store(at, eb, reg_a[best]); store(at + eb, eb, best); }
        else if (order == PTO_A2A3_ONLY_VALUE) store(at, eb, reg_a[best]);
        else store(at, 4, best);
    }
    issued(op, g.repeats);
}

void pto_a2a3_vfold(pto_a2a3_op op, pto_dtype dt, void *dst, const void *src, uint32_t repeat, uint32_t dst_rep,
                    uint32_t src_blk, uint32_t src_rep)
{
    const pto_a2a3_op elem_op = fold_lanes(op);
    operand a;
    lanes g;
    uint64_t r;
    uint32_t l;
    unsigned eb;
    uintptr_t out = (uintptr_t)dst;
    if (elem_op == PTO_A2A3_N_OPS) { fault(op, PTO_A2A3_HW_ARG, NULL, "instruction that folds", (uint64_t)op, "vcadd"); return; }
    if (check_dtype(op, dt) || check_flags(op)) return;
    eb = elem_bytes[dt];
    if (mask_lanes(op, eb, repeat, &g)) return;
    a = opnd("src", src, eb, src_blk, src_rep);
    if (check_operand(op, &a, &g) || check_start(op, "dst", out, eb) || check_stride(op, "dst", "repeat stride", dst_rep)) return;
    if (g.repeats && !in_ub(out, out + (uintptr_t)((g.repeats - 1) * dst_rep + 1) * eb))
        { fault(op, PTO_A2A3_HW_UB_BOUNDS, "dst", "of repeats writes past UB; repeats", g.repeats, "inside UB"); return; }
    for (r = 0; r < g.repeats; r++) { /* the active lanes, in lane order, then their tree */
        uint32_t n = 0;
        for (l = 0; l < g.E; l++)
            if (lane_on(&g, r, l)) reg_a[n++] = load(lane_addr(&a, r, l), eb);
        store(out + (uintptr_t)(r * dst_rep * eb), eb, fold_tree(elem_op, dt, reg_a, n));
    }
    issued(op, g.repeats);
}

void pto_a2a3_vbrcb(unsigned bits, void *dst, const void *src, uint32_t dst_blk, uint32_t dst_rep, uint32_t repeat)
{
    const pto_a2a3_op op = PTO_A2A3_OP_VBRCB;
    unsigned eb = bits / 8, k, j;
    uint32_t r, v[BLOCKS_PER_REPEAT];
    uintptr_t s = (uintptr_t)src, d = (uintptr_t)dst;
    if (check_width(op, bits) || check_flags(op)) return;
    if (check_repeat(op, repeat)) return;
    if (check_start(op, "src", s, BLOCK) || check_start(op, "dst", d, BLOCK) || check_stride(op, "dst", "block stride", dst_blk)
        || check_stride(op, "dst", "repeat stride", dst_rep))
        return;
    if (repeat && !in_ub(s, s + (uintptr_t)repeat * BLOCKS_PER_REPEAT * eb))
        { fault(op, PTO_A2A3_HW_UB_BOUNDS, "src", "reads past UB; repeats", repeat, "inside UB"); return; }
    if (repeat && !in_ub(d, d + ((uintptr_t)(repeat - 1) * dst_rep + (BLOCKS_PER_REPEAT - 1) * (uintptr_t)dst_blk + 1) * BLOCK))
        { fault(op, PTO_A2A3_HW_UB_BOUNDS, "dst", "writes past UB; repeats", repeat, "inside UB"); return; }
    for (r = 0; r < repeat; r++) {
        for (k = 0; k < BLOCKS_PER_REPEAT; k++) v[k] = load(s + ((uintptr_t)r * BLOCKS_PER_REPEAT + k) * eb, eb);
        for (k = 0; k < BLOCKS_PER_REPEAT; k++)
            for (j = 0; j < BLOCK / eb; j++)
                store(d + ((uintptr_t)r * dst_rep + (uintptr_t)k * dst_blk) * BLOCK + j * eb, eb, v[k]);
    }
    issued(op, repeat);
}

void pto_a2a3_vreducev2(unsigned bits, void *dst, const void *src, uint32_t pattern, uint32_t repeat,
                           uint32_t src_blk, uint32_t src_rep)
{
    const pto_a2a3_op op = PTO_A2A3_OP_VREDUCEV2;
    unsigned eb = bits / 8;
    operand a;
    lanes g;
    uint64_t r, kept = 0;
    uint32_t l, parity = pattern == 1 ? 0 : 1;
    uintptr_t out = (uintptr_t)dst;
    if (check_width(op, bits) || check_flags(op)) return;
    if (pattern != 1 && pattern != 2)
        { fault(op, PTO_A2A3_HW_ARG, NULL, "pattern", pattern, "1 (even lanes) or 2 (odd lanes)"); return; }
    if (mask_lanes(op, eb, repeat, &g)) return;
    a = opnd("src", src, eb, src_blk, src_rep);
    if (check_operand(op, &a, &g) || check_start(op, "dst", out, BLOCK)) return;
    for (r = 0; r < g.repeats; r++)
        for (l = parity; l < g.E; l += 2) kept += (uint64_t)lane_on(&g, r, l);
    if (!in_ub(out, out + (uintptr_t)kept * eb)) { fault(op, PTO_A2A3_HW_UB_BOUNDS, "dst", "writes past UB; elements", kept, "inside UB"); return; }
    kept = 0;
    for (r = 0; r < g.repeats; r++) { /* a repeat reads all its lanes, then writes: packing in place is safe */
        uint32_t n = 0, k;
        for (l = parity; l < g.E; l += 2)
            if (lane_on(&g, r, l)) reg_a[n++] = load(lane_addr(&a, r, l), eb);
        for (k = 0; k < n; k++) store(out + (uintptr_t)(kept + k) * eb, eb, reg_a[k]);
        kept += n;
    }
    issued(op, g.repeats);
}
