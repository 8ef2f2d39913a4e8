/* The A5 simulator on its own: registers, predicates, loads and stores, what each instruction
 * computes and counts, and that every broken rule is a fault that names it and changes nothing. */
#define _POSIX_C_SOURCE 200809L /* fork and waitpid, for the trap test */
#define SIM(name) pto_a5_##name
#define SIM_C(NAME) PTO_A5_##NAME
#include "pto/pto_a5_sim.h" /* not pto.h: a spec edit recompiles no unit test */
#include "sim_test.h"

static uint32_t lane32(const pto_a5_vreg *r, int l)
{
    uint32_t v;
    memcpy(&v, r->bytes + 4 * l, 4);
    return v;
}

static float lanef(const pto_a5_vreg *r, int l)
{
    float v;
    memcpy(&v, r->bytes + 4 * l, 4);
    return v;
}

static void plt_counts_down_the_remaining_elements(void **state)
{
    pto_a5_preg p;
    uint32_t remaining = 100;
    (void)state;
    pto_a5_plt_b32(&p, &remaining); /* 64 f32 lanes */
    assert_int_equal(remaining, 36);
    assert_int_equal(p.width, 4);
    assert_int_equal(p.bits[7], 0xffffffffu);
    pto_a5_plt_b32(&p, &remaining);
    assert_int_equal(remaining, 0);
    assert_int_equal(p.bits[4], 0x0000ffffu); /* 36 lanes = 144 bytes: 4 words and 16 bits */
    assert_int_equal(p.bits[5], 0);
    assert_int_equal(stats().by_op[PTO_A5_OP_PLT], 2);
}

static void loads_and_stores(void **state)
{
    pto_a5_vreg r;
    pto_a5_preg p;
    uint32_t n = 10;
    int l;
    (void)state;
    for (l = 0; l < 64; l++) f32[l] = (float)l;
    pto_a5_plt_b32(&p, &n);
    pto_a5_vlds_b32(&r, f32, 8, PTO_A5_DIST_NORM, &p); /* lanes 0..9 from element 8; the rest 0 */
    for (l = 0; l < 64; l++) assert_true(lanef(&r, l) == (l < 10 ? (float)(8 + l) : 0.0f));
    pto_a5_vsts_b32(&r, f32, 128, PTO_A5_DIST_NORM, &p);
    assert_true(f32[128] == 8.0f && f32[137] == 17.0f && f32[138] == 0.0f);
    pto_a5_vlds_b32(&r, f32, 16, PTO_A5_DIST_BLK, NULL); /* one block, repeated */
    for (l = 0; l < 64; l++) assert_true(lanef(&r, l) == (float)(16 + l % 8));
    pto_a5_vlds_b32(&r, f32, 3, PTO_A5_DIST_ONEPT, NULL); /* one element into lane 0 */
    assert_true(lanef(&r, 0) == 3.0f && lanef(&r, 1) == 0.0f);
    pto_a5_vsts_b32(&r, f32, 201, PTO_A5_DIST_ONEPT, NULL);
    assert_true(f32[201] == 3.0f && f32[200] == 0.0f && f32[202] == 0.0f);
    assert_int_equal(stats().faults, 0);
}

static void arithmetic_zeroing_and_merging(void **state)
{
    pto_a5_vreg a, b, d;
    pto_a5_preg p, full;
    uint32_t n = 3, all = 64;
    int l;
    (void)state;
    pto_a5_plt_b32(&full, &all);
    for (l = 0; l < 64; l++) { f32[l] = (float)l; f32[64 + l] = 2.0f; f32[128 + l] = -1.0f; }
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    pto_a5_vlds_b32(&b, f32, 64, PTO_A5_DIST_NORM, &full);
    pto_a5_vlds_b32(&d, f32, 128, PTO_A5_DIST_NORM, &full);
    pto_a5_plt_b32(&p, &n);
    pto_a5_vdiv_f32(&d, &a, &b, &p, PTO_A5_MERGING);
    assert_true(lanef(&d, 2) == 1.0f && lanef(&d, 3) == -1.0f);
    pto_a5_vdiv_f32(&d, &a, &b, &p, PTO_A5_ZEROING);
    assert_true(lanef(&d, 2) == 1.0f && lanef(&d, 3) == 0.0f);
    pto_a5_vmaxs_f32(&d, &a, 1.5f, &full, PTO_A5_ZEROING);
    assert_true(lanef(&d, 0) == 1.5f && lanef(&d, 5) == 5.0f);
}

static void reductions_compares_and_moves(void **state)
{
    pto_a5_vreg a, m, e, o, s;
    pto_a5_preg full, lt, nn, pn, both;
    uint32_t all = 64;
    uint32_t *u = (uint32_t *)(void *)ub;
    int l;
    (void)state;
    pto_a5_plt_b32(&full, &all);
    for (l = 0; l < 64; l++) f32[l] = 1.0f;
    f32[7] = 9.0f;
    f32[40] = 9.0f;
    u[50] = 0x7fc00000u; /* NaN beats numbers */
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmax_f32(&m, &a, &full, PTO_A5_ZEROING);
    assert_int_equal(lane32(&m, 0), 0x7fc00000u);
    assert_int_equal(lane32(&m, 1), 50);
    assert_int_equal(lane32(&m, 2), 0);
    u[50] = 0x3f800000u;
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmax_f32(&m, &a, &full, PTO_A5_ZEROING);
    assert_true(lanef(&m, 0) == 9.0f);
    assert_int_equal(lane32(&m, 1), 7); /* the first of equals */
    pto_a5_vdintlv_b32(&e, &o, &m, &m);
    assert_true(lanef(&e, 0) == 9.0f);
    assert_int_equal(lane32(&o, 0), 7);
    assert_int_equal(lane32(&o, 1), 0);
    pto_a5_vdup_b32(&s, &e, &full, PTO_A5_ZEROING);
    assert_true(lanef(&s, 63) == 9.0f);
    pto_a5_vcmp_f32(&lt, &a, &s, &full, PTO_A5_LT); /* a < 9 except lanes 7 and 40 */
    pto_a5_vsel_b32(&o, &a, &s, &lt);
    assert_true(lanef(&o, 0) == 1.0f && lanef(&o, 7) == 9.0f);
    u[64] = 0x7fc00000u;
    pto_a5_vlds_b32(&a, f32, 64, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmp_f32(&nn, &a, &a, &full, PTO_A5_EQ); /* NaN is not equal to itself */
    assert_int_equal(nn.bits[0] & 0xf, 0);
    assert_int_equal(nn.bits[0] & 0xf0, 0xf0);
    pto_a5_pnot(&pn, &nn, &full);
    pto_a5_pand(&both, &pn, &full, &full);
    assert_int_equal(both.bits[0], 0xf);
}

static void vcmin_takes_the_first_minimum_and_the_first_nan(void **state)
{
    pto_a5_vreg a, m, before;
    pto_a5_preg full, ten, full16;
    uint32_t all = 64, n = 10, all16 = 128;
    uint32_t *u = (uint32_t *)(void *)ub;
    int16_t *s16 = (int16_t *)(void *)(ub + 4096);
    pto_a5_stats s;
    int l;
    (void)state;
    pto_a5_plt_b32(&full, &all);
    pto_a5_plt_b32(&ten, &n);
    pto_a5_plt_b16(&full16, &all16);
    for (l = 0; l < 64; l++) f32[l] = 1.0f;
    f32[7] = -9.0f;
    f32[40] = -9.0f;
    u[50] = 0xffc00000u; /* a NaN counts as smaller than every number */
    u[60] = 0x7fc00000u;
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmin_f32(&m, &a, &full, PTO_A5_ZEROING);
    assert_int_equal(lane32(&m, 0), 0xffc00000u);
    assert_int_equal(lane32(&m, 1), 50); /* the first NaN */
    assert_int_equal(lane32(&m, 2), 0);
    u[50] = u[60] = 0x3f800000u;
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmin_f32(&m, &a, &full, PTO_A5_ZEROING);
    assert_true(lanef(&m, 0) == -9.0f);
    assert_int_equal(lane32(&m, 1), 7); /* the first of equals */
    pto_a5_vcmin_f32(&m, &a, &ten, PTO_A5_ZEROING); /* lanes 0..9 only: -9 at 40 is not among them */
    assert_int_equal(lane32(&m, 1), 7);
    f32[7] = 1.0f;
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    memset(&m, 0xab, sizeof m);
    pto_a5_vcmin_f32(&m, &a, &ten, PTO_A5_MERGING); /* all equal among lanes 0..9: lane 0; lanes 2.. keep dst */
    assert_true(lanef(&m, 0) == 1.0f);
    assert_int_equal(lane32(&m, 1), 0);
    assert_int_equal(lane32(&m, 2), 0xababababu);
    for (l = 0; l < 64; l++) f32[64 + l] = 0.0f;
    f32[64 + 3] = -0.0f; /* -0 and +0 tie: lane 0 wins with its own bits */
    pto_a5_vlds_b32(&a, f32, 64, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmin_f32(&m, &a, &full, PTO_A5_ZEROING);
    assert_int_equal(lane32(&m, 0), 0);
    assert_int_equal(lane32(&m, 1), 0);
    for (l = 0; l < 64; l++) u[128 + l] = 0x7f800000u; /* +inf everywhere: nothing beats lane 0 */
    pto_a5_vlds_b32(&a, f32, 128, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmin_f32(&m, &a, &full, PTO_A5_ZEROING);
    assert_int_equal(lane32(&m, 0), 0x7f800000u);
    assert_int_equal(lane32(&m, 1), 0);
    for (l = 0; l < 64; l++) u[192 + l] = 0xffffffffu; /* u32 orders unsigned: 0x7fffffff is the minimum */
    u[192 + 9] = 0x7fffffffu;
    pto_a5_vlds_b32(&a, u, 192, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmin_u32(&m, &a, &full, PTO_A5_ZEROING);
    assert_int_equal(lane32(&m, 0), 0x7fffffffu);
    assert_int_equal(lane32(&m, 1), 9);
    for (l = 0; l < 128; l++) s16[l] = INT16_MAX; /* i16: a 16-bit lane number in lane 1 */
    s16[100] = INT16_MIN;
    s16[120] = INT16_MIN;
    pto_a5_vlds_b16(&a, s16, 0, PTO_A5_DIST_NORM, &full16);
    pto_a5_vcmin_i16(&m, &a, &full16, PTO_A5_ZEROING);
    assert_int_equal((int16_t)(lane32(&m, 0) & 0xffffu), INT16_MIN);
    assert_int_equal(lane32(&m, 0) >> 16, 100);
    s = stats();
    assert_int_equal(s.by_op[PTO_A5_OP_VCMIN], 8);
    assert_int_equal(s.repeats_by_op[PTO_A5_OP_VCMIN], 8);
    assert_int_equal(s.by_op[PTO_A5_OP_VCMAX], 0);
    assert_int_equal(s.faults, 0);
    /* broken rules: a fault, and neither UB nor the destination register changes */
    memcpy(&before, &m, sizeof m);
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcmin_f32(&m, &a, &full16, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcmin_f32(&m, &a, NULL, PTO_A5_ZEROING));
    n = 0;
    pto_a5_plt_b32(&ten, &n); /* no lane left */
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcmin_f32(&m, &a, &ten, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vcmin_f32(&m, &a, &full, (pto_a5_mode)7));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vreduce(PTO_A5_OP_VCMIN, PTO_BF16, &m, &a, &full16, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vreduce(PTO_A5_OP_VCMIN, PTO_I8, &m, &a, &full, PTO_A5_ZEROING));
    assert_memory_equal(&before, &m, sizeof m);
    assert_int_equal(stats().by_op[PTO_A5_OP_VCMIN], 8);
}

/* vcadd: lane 0 = the adjacent-pair tree of the active lanes in lane order, one rounding per
 * addition (2^24 + 1 rounds back to 2^24: only the tree keeps the 1s it adds to each other
 * first); an i16 sum comes out as 32 bits, in lanes 0 and 1. */
static void vcadd_sums_the_active_lanes_by_the_adjacent_pair_tree(void **state)
{
    pto_a5_vreg a, m, before;
    pto_a5_preg full, five, full16;
    uint32_t all = 64, n = 5, all16 = 128;
    uint32_t *u = (uint32_t *)(void *)ub;
    int16_t *s16 = (int16_t *)(void *)(ub + 4096);
    const float big = 16777216.0f; /* 2^24 */
    int l;
    (void)state;
    pto_a5_plt_b32(&full, &all);
    pto_a5_plt_b32(&five, &n);
    pto_a5_plt_b16(&full16, &all16);
    for (l = 0; l < 64; l++) u[l] = 0x7fc00000u; /* inactive lanes: NaN, which must take no part */
    f32[0] = big;
    f32[1] = f32[2] = f32[3] = 1.0f;
    f32[4] = -big;
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    pto_a5_vcadd_f32(&m, &a, &five, PTO_A5_ZEROING); /* ((2^24 + 1) + (1 + 1)) + -2^24; sequentially 0 */
    assert_true(lanef(&m, 0) == 2.0f);
    assert_int_equal(lane32(&m, 1), 0);
    for (l = 0; l < 64; l++) f32[64 + l] = 1.0f; /* 64 lanes: six levels of pairs */
    f32[64] = big;
    pto_a5_vlds_b32(&a, f32, 64, PTO_A5_DIST_NORM, &full);
    memset(&m, 0xab, sizeof m);
    pto_a5_vcadd_f32(&m, &a, &full, PTO_A5_MERGING); /* (2^24 + 1) = 2^24, then 62 ones in pairs: 2^24 + 62 */
    assert_true(lanef(&m, 0) == big + 62.0f);
    assert_int_equal(lane32(&m, 1), 0xababababu);
    for (l = 0; l < 3; l++) u[128 + l] = 0x80000000u; /* -0s: no +0 added, the sign stays */
    pto_a5_vlds_b32(&a, f32, 128, PTO_A5_DIST_NORM, &full);
    n = 3;
    pto_a5_plt_b32(&five, &n);
    pto_a5_vcadd_f32(&m, &a, &five, PTO_A5_ZEROING);
    assert_int_equal(lane32(&m, 0), 0x80000000u);
    for (l = 0; l < 128; l++) s16[l] = INT16_MAX; /* 128 x 32767: 4194176 in 32 bits, -128 in 16 */
    pto_a5_vlds_b16(&a, s16, 0, PTO_A5_DIST_NORM, &full16);
    pto_a5_vcadd_i16(&m, &a, &full16, PTO_A5_ZEROING);
    assert_int_equal(lane32(&m, 0), 128u * 32767u);
    assert_int_equal((int16_t)(lane32(&m, 0) & 0xffffu), -128);
    assert_int_equal(lane32(&m, 1), 0);
    assert_int_equal(stats().by_op[PTO_A5_OP_VCADD], 4);
    assert_int_equal(stats().faults, 0);
    /* broken rules: a fault, and neither UB nor the destination register changes */
    memcpy(&before, &m, sizeof m);
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcadd_f32(&m, &a, &full16, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcadd_f32(&m, &a, NULL, PTO_A5_ZEROING));
    n = 0;
    pto_a5_plt_b32(&five, &n); /* no lane left */
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcadd_f32(&m, &a, &five, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vcadd_f32(&m, &a, &full, (pto_a5_mode)7));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vfold(PTO_A5_OP_VCADD, PTO_U32, &m, &a, &full, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vfold(PTO_A5_OP_VADD, PTO_F32, &m, &a, &full, PTO_A5_ZEROING)); /* not a fold */
    assert_memory_equal(&before, &m, sizeof m);
    assert_int_equal(stats().by_op[PTO_A5_OP_VCADD], 4);
}

/* vcmps: the condition on each lane and the scalar into a predicate of the dtype's width, 0 where
 * pg is off; IEEE: with a NaN only NE holds */
static void vcmps_compares_lanes_with_a_scalar(void **state)
{
    pto_a5_vreg a;
    pto_a5_preg full, four, full8, full16, p, before;
    uint32_t all = 64, n = 4, all8 = 256, all16 = 128;
    uint32_t *u = (uint32_t *)(void *)ub;
    int8_t *s8 = (int8_t *)(void *)(ub + 4096);
    uint16_t *u16 = (uint16_t *)(void *)(ub + 8192);
    uint8_t *bits = ub + 16384;
    uint32_t nan = 0x7fc00000u;
    float qnan;
    pto_a5_stats s;
    int l;
    (void)state;
    memcpy(&qnan, &nan, sizeof qnan);
    pto_a5_plt_b32(&full, &all);
    pto_a5_plt_b32(&four, &n);
    pto_a5_plt_b8(&full8, &all8);
    pto_a5_plt_b16(&full16, &all16);
    for (l = 0; l < 64; l++) f32[l] = (float)l;
    u[5] = nan;
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    pto_a5_vcmps_f32(&p, &a, 10.0f, &full, PTO_A5_LT); /* lanes 0..9 but the NaN */
    assert_int_equal(p.width, 4);
    assert_int_equal(p.bits[0], 0xff0fffffu); /* 4 bits a lane: lanes 0..7, lane 5 off */
    assert_int_equal(p.bits[1], 0x000000ffu);
    assert_int_equal(p.bits[2], 0);
    pto_a5_vcmps_f32(&p, &a, 10.0f, &four, PTO_A5_LT); /* pg off: 0 */
    assert_int_equal(p.bits[0], 0x0000ffffu);
    assert_int_equal(p.bits[1], 0);
    pto_a5_vcmps_f32(&p, &a, 5.0f, &full, PTO_A5_GE); /* 5..63 but the NaN */
    assert_int_equal(p.bits[0], 0xff000000u);
    assert_int_equal(p.bits[7], 0xffffffffu);
    pto_a5_vcmps_f32(&p, &a, qnan, &full, PTO_A5_NE); /* a NaN scalar: NE everywhere */
    for (l = 0; l < 8; l++) assert_int_equal(p.bits[l], 0xffffffffu);
    pto_a5_vcmps_f32(&p, &a, qnan, &full, PTO_A5_EQ);
    for (l = 0; l < 8; l++) assert_int_equal(p.bits[l], 0);
    for (l = 0; l < 256; l++) s8[l] = (int8_t)(l % 2 ? 1 : -1);
    pto_a5_vlds_b8(&a, s8, 0, PTO_A5_DIST_NORM, &full8);
    pto_a5_vcmps_i8(&p, &a, (int8_t)0, &full8, PTO_A5_GT); /* the odd lanes, one bit each */
    assert_int_equal(p.width, 1);
    for (l = 0; l < 8; l++) assert_int_equal(p.bits[l], 0xaaaaaaaau);
    for (l = 0; l < 128; l++) u16[l] = (uint16_t)(l * 512); /* u16 orders unsigned: 0x8000 and up are large */
    pto_a5_vlds_b16(&a, u16, 0, PTO_A5_DIST_NORM, &full16);
    pto_a5_vcmps_u16(&p, &a, (uint16_t)0x8000, &full16, PTO_A5_GE); /* lanes 64..127 */
    pto_a5_psts(&p, bits);
    for (l = 0; l < 16; l++) assert_int_equal(bits[l], l < 8 ? 0 : 0xff);
    s = stats();
    assert_int_equal(s.by_op[PTO_A5_OP_VCMPS], 7);
    assert_int_equal(s.repeats_by_op[PTO_A5_OP_VCMPS], 7);
    assert_int_equal(s.faults, 0);
    /* broken rules: a fault, and neither UB nor the destination predicate changes */
    memcpy(&before, &p, sizeof p);
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcmps_f32(&p, &a, 0.0f, &full16, PTO_A5_LT));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcmps_f32(&p, &a, 0.0f, NULL, PTO_A5_LT));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vcmps_f32(&p, &a, 0.0f, &full, (pto_a5_cmp)6));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vcmps((pto_dtype)9, &p, &a, &(uint32_t){ 0 }, &full, PTO_A5_LT));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vcmps(PTO_F32, &p, &a, NULL, &full, PTO_A5_LT));
    assert_memory_equal(&before, &p, sizeof p);
    assert_int_equal(stats().by_op[PTO_A5_OP_VCMPS], 7);
}

/* psts: one bit per lane of the predicate's width, LSB first (8 bytes for b32, 16 for b16, 32 for
 * b8); plds: the inverse */
static void psts_and_plds_move_a_bit_per_lane(void **state)
{
    pto_a5_vreg a, b, r;
    pto_a5_preg p, q, full;
    uint32_t all = 64, n = 37;
    uint8_t *bits = ub + 16384;
    pto_a5_stats s;
    int l;
    (void)state;
    memset(bits, 0xee, 128);
    pto_a5_plt_b32(&p, &n); /* lanes 0..36 */
    pto_a5_psts(&p, bits);
    for (l = 0; l < 4; l++) assert_int_equal(bits[l], 0xff);
    assert_int_equal(bits[4], 0x1f);
    assert_int_equal(bits[5] | bits[6] | bits[7], 0);
    assert_int_equal(bits[8], 0xee); /* 8 bytes for 64 lanes */
    memset(bits + 32, 0, 8);
    bits[32] = 0x81; /* lanes 0, 7 and 63 */
    bits[39] = 0x80;
    pto_a5_plds_b32(&q, bits + 32);
    assert_int_equal(q.width, 4);
    assert_int_equal(q.bits[0], 0xf000000fu);
    assert_int_equal(q.bits[7], 0xf0000000u);
    for (l = 1; l < 7; l++) assert_int_equal(q.bits[l], 0);
    pto_a5_plt_b32(&full, &all);
    for (l = 0; l < 64; l++) { f32[l] = (float)l; f32[64 + l] = -1.0f; }
    pto_a5_vlds_b32(&a, f32, 0, PTO_A5_DIST_NORM, &full);
    pto_a5_vlds_b32(&b, f32, 64, PTO_A5_DIST_NORM, &full);
    pto_a5_vsel_b32(&r, &a, &b, &q); /* the loaded bits select lanes */
    for (l = 0; l < 64; l++) assert_true(lanef(&r, l) == (l == 0 || l == 7 || l == 63 ? (float)l : -1.0f));
    for (l = 0; l < 16; l++) bits[64 + l] = (uint8_t)(0x11 * l);
    pto_a5_plds_b16(&q, bits + 64);
    assert_int_equal(q.width, 2);
    pto_a5_psts(&q, bits + 96);
    assert_memory_equal(bits + 64, bits + 96, 16);
    assert_int_equal(bits[96 + 16], 0xee);
    for (l = 0; l < 32; l++) bits[l] = (uint8_t)(l * 37);
    pto_a5_plds_b8(&q, bits);
    pto_a5_psts(&q, bits + 64);
    assert_memory_equal(bits, bits + 64, 32);
    s = stats();
    assert_int_equal(s.by_op[PTO_A5_OP_PSTS], 3);
    assert_int_equal(s.by_op[PTO_A5_OP_PLDS], 3);
    assert_int_equal(s.repeats_by_op[PTO_A5_OP_PSTS], 3); /* as vsts */
    assert_int_equal(s.repeats_by_op[PTO_A5_OP_PLDS], 3); /* as vlds */
    assert_int_equal(s.faults, 0);
}

static void psts_and_plds_rules(void **state)
{
    pto_a5_preg p32, p16, p8, q, before;
    uint32_t n32 = 64, n16 = 128, n8 = 256;
    uint8_t host[32];
    (void)state;
    memset(host, 0, sizeof host);
    pto_a5_plt_b32(&p32, &n32);
    pto_a5_plt_b16(&p16, &n16);
    pto_a5_plt_b8(&p8, &n8);
    memcpy(&q, &p16, sizeof q);
    memcpy(&before, &q, sizeof q);
    EXPECT_FAULT(PTO_A5_HW_ALIGN, pto_a5_psts(&p32, ub + 4));  /* 8 bytes: 8-byte aligned */
    EXPECT_FAULT(PTO_A5_HW_ALIGN, pto_a5_psts(&p16, ub + 8));  /* 16 bytes: 16-byte aligned */
    EXPECT_FAULT(PTO_A5_HW_ALIGN, pto_a5_psts(&p8, ub + 16));  /* 32 bytes: 32-byte aligned */
    EXPECT_FAULT(PTO_A5_HW_ALIGN, pto_a5_plds_b16(&q, ub + 8));
    EXPECT_FAULT(PTO_A5_HW_ALIGN, pto_a5_plds_b8(&q, ub + 16));
    EXPECT_FAULT(PTO_A5_HW_UB_BOUNDS, pto_a5_psts(&p32, host));
    EXPECT_FAULT(PTO_A5_HW_UB_BOUNDS, pto_a5_psts(&p32, ub + PTO_A5_UB_BYTES));
    EXPECT_FAULT(PTO_A5_HW_UB_BOUNDS, pto_a5_plds_b32(&q, host));
    EXPECT_FAULT(PTO_A5_HW_UB_BOUNDS, pto_a5_plds_b8(&q, ub + PTO_A5_UB_BYTES));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_psts(NULL, ub));
    q.width = 3;
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_psts(&q, ub));
    q.width = before.width;
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_plds(64, &q, ub));
    pto_a5_psts(&p32, ub + PTO_A5_UB_BYTES - 8); /* the last 8 bytes of UB */
    EXPECT_FAULT(PTO_A5_HW_FLAG, (void)pto_a5_sld_b32(ub + PTO_A5_UB_BYTES - 8));
    pto_a5_flag_v_to_s();
    assert_int_equal(pto_a5_sld_b32(ub + PTO_A5_UB_BYTES - 8), 0xffffffffu);
    pto_a5_sst_b32(ub, 0);
    EXPECT_FAULT(PTO_A5_HW_FLAG, pto_a5_plds_b32(&q, ub));
    EXPECT_FAULT(PTO_A5_HW_FLAG, pto_a5_psts(&p32, ub + 64));
    pto_a5_flag_s_to_v();
    assert_memory_equal(&before, &q, sizeof q);
    assert_int_equal(stats().by_op[PTO_A5_OP_PSTS], 1);
    assert_int_equal(stats().by_op[PTO_A5_OP_PLDS], 0);
}

static void broken_rules_are_faults_that_change_nothing(void **state)
{
    pto_a5_vreg r;
    pto_a5_preg p32, p16;
    uint32_t n = 64, h = 128;
    float host[64];
    (void)state;
    memset(host, 0, sizeof host);
    pto_a5_plt_b32(&p32, &n);
    pto_a5_plt_b16(&p16, &h);
    memset(&r, 0, sizeof r);
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vlds_b16(&r, f32, 0, PTO_A5_DIST_NORM, &p32));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vsts_b32(&r, f32, 0, PTO_A5_DIST_NORM, NULL));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vadd_f32(&r, &r, &r, &p16, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ALIGN, pto_a5_vsts_b32(&r, f32, 1, PTO_A5_DIST_NORM, &p32));
    EXPECT_FAULT(PTO_A5_HW_ALIGN, pto_a5_vsts_b32(&r, ub + 1, 0, PTO_A5_DIST_ONEPT, NULL));
    EXPECT_FAULT(PTO_A5_HW_UB_BOUNDS, pto_a5_vsts_b32(&r, host, 0, PTO_A5_DIST_NORM, &p32));
    EXPECT_FAULT(PTO_A5_HW_UB_BOUNDS, pto_a5_vsts_b32(&r, ub + PTO_A5_UB_BYTES - 128, 0, PTO_A5_DIST_NORM, &p32));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vsts_b32(&r, f32, 0, PTO_A5_DIST_BLK, &p32));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vadd_f32(&r, &r, &r, &p32, (pto_a5_mode)7));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vbinary(PTO_A5_OP_VCMAX, PTO_BF16, &r, &r, &r, &p16, PTO_A5_ZEROING));
    assert_int_equal(stats().by_op[PTO_A5_OP_VSTS], 0);
}

/* vshls/vshrs take counts below the width only; vand/vor/vxor are on the bits; vlrelu keeps -0 */
static void shifts_bitwise_and_lrelu(void **state)
{
    pto_a5_vreg a, b, r;
    pto_a5_preg p8, p32;
    uint32_t n8 = 256, n32 = 64;
    int8_t *s8 = (int8_t *)(void *)ub;
    uint32_t *u = (uint32_t *)(void *)(ub + 1024);
    (void)state;
    pto_a5_plt_b8(&p8, &n8);
    pto_a5_plt_b32(&p32, &n32);
    s8[0] = -128;
    s8[1] = 5;
    pto_a5_vlds_b8(&a, s8, 0, PTO_A5_DIST_NORM, &p8);
    pto_a5_vshrs_i8(&r, &a, (int8_t)7, &p8, PTO_A5_ZEROING);
    assert_int_equal((int8_t)r.bytes[0], -1);
    assert_int_equal((int8_t)r.bytes[1], 0);
    pto_a5_vshls_i8(&r, &a, (int8_t)6, &p8, PTO_A5_ZEROING);
    assert_int_equal((uint8_t)r.bytes[1], 0x40); /* 5 << 6 on the bits */
    u[0] = 0xf0f0f0f0u;
    u[64] = 0xff00ff00u;
    pto_a5_vlds_b32(&a, u, 0, PTO_A5_DIST_NORM, &p32);
    pto_a5_vlds_b32(&b, u, 64, PTO_A5_DIST_NORM, &p32);
    pto_a5_vxor_u32(&r, &a, &b, &p32, PTO_A5_ZEROING);
    assert_int_equal(lane32(&r, 0), 0x0ff00ff0u);
    pto_a5_vand_u32(&r, &a, &b, &p32, PTO_A5_ZEROING);
    assert_int_equal(lane32(&r, 0), 0xf000f000u);
    pto_a5_vor_u32(&r, &a, &b, &p32, PTO_A5_ZEROING);
    assert_int_equal(lane32(&r, 0), 0xfff0fff0u);
    u[0] = 0x80000000u; /* -0 */
    u[1] = 0xc0800000u; /* -4 */
    pto_a5_vlds_b32(&a, u, 0, PTO_A5_DIST_NORM, &p32);
    pto_a5_vlrelu_f32(&r, &a, 0.5f, &p32, PTO_A5_ZEROING);
    assert_int_equal(lane32(&r, 0), 0x80000000u);
    assert_int_equal(lane32(&r, 1), 0xc0000000u); /* -2 */
    memcpy(&b, &r, sizeof r);
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vshls_i8(&r, &a, (int8_t)8, &p8, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vshrs_i8(&r, &a, (int8_t)-1, &p8, PTO_A5_ZEROING));
    assert_memory_equal(&b, &r, sizeof r);
}

static uint16_t lane16(const pto_a5_vreg *r, int l)
{
    uint16_t v;
    memcpy(&v, r->bytes + 2 * l, 2);
    return v;
}

static void set32(pto_a5_vreg *r, int l, uint32_t v) { memcpy(r->bytes + 4 * l, &v, 4); }
static void set16(pto_a5_vreg *r, int l, uint16_t v) { memcpy(r->bytes + 2 * l, &v, 2); }

/* The predicate plt makes for the first n lanes of bits-bit elements. */
static pto_a5_preg first(unsigned bits, uint32_t n)
{
    pto_a5_preg p;
    pto_a5_plt(bits, &p, &n);
    return p;
}

/* vabs: floats clear the sign bit on the stored bits (a NaN keeps its payload, signalling too;
 * abs(-0) = +0), integers wrap (abs(MIN) = MIN); vnot: ~x; inactive lanes zeroed or merged */
static void vabs_and_vnot(void **state)
{
    static const uint32_t in32[8] = { 0xbfc00000u, 0x80000000u, 0x00000000u, 0xffc00123u,
                                      0xff800001u, 0xff800000u, 0x80000001u, 0x3f800000u };
    static const uint16_t in16[8] = { 0xbc00, 0x8000, 0xfe01, 0xfc01, 0xfc00, 0x8001, 0x7bff, 0xfbff };
    static const uint16_t inbf[8] = { 0xbf80, 0x8000, 0xffc1, 0xff81, 0xff80, 0x8001, 0x7f7f, 0xff7f };
    const pto_a5_preg full32 = first(32, 64), ten = first(32, 10), full16 = first(16, 128), full8 = first(8, 256);
    pto_a5_vreg a, r;
    pto_a5_stats s;
    int l;
    (void)state;
    for (l = 0; l < 64; l++) set32(&a, l, in32[l % 8]);
    memset(&r, 0xee, sizeof r);
    pto_a5_vabs_f32(&r, &a, &ten, PTO_A5_MERGING);
    for (l = 0; l < 64; l++) assert_int_equal(lane32(&r, l), l < 10 ? in32[l % 8] & 0x7fffffffu : 0xeeeeeeeeu);
    pto_a5_vabs_f32(&r, &a, &ten, PTO_A5_ZEROING);
    for (l = 0; l < 64; l++) assert_int_equal(lane32(&r, l), l < 10 ? in32[l % 8] & 0x7fffffffu : 0u);
    for (l = 0; l < 128; l++) set16(&a, l, in16[l % 8]);
    pto_a5_vabs_f16(&r, &a, &full16, PTO_A5_ZEROING);
    for (l = 0; l < 128; l++) assert_int_equal(lane16(&r, l), in16[l % 8] & 0x7fff);
    for (l = 0; l < 128; l++) set16(&a, l, inbf[l % 8]);
    pto_a5_vabs_bf16(&r, &a, &full16, PTO_A5_ZEROING);
    for (l = 0; l < 128; l++) assert_int_equal(lane16(&r, l), inbf[l % 8] & 0x7fff);
    for (l = 0; l < 64; l++) set32(&a, l, (uint32_t)(l % 3 == 0 ? INT32_MIN : l % 3 == 1 ? -l : l));
    pto_a5_vabs_i32(&r, &a, &full32, PTO_A5_ZEROING);
    for (l = 0; l < 64; l++) assert_int_equal(lane32(&r, l), l % 3 == 0 ? 0x80000000u : (uint32_t)l);
    for (l = 0; l < 128; l++) set16(&a, l, (uint16_t)(l % 2 ? -l : INT16_MIN));
    pto_a5_vabs_i16(&r, &a, &full16, PTO_A5_ZEROING);
    for (l = 0; l < 128; l++) assert_int_equal(lane16(&r, l), l % 2 ? (uint16_t)l : 0x8000u);
    for (l = 0; l < 256; l++) a.bytes[l] = (uint8_t)(l * 7);
    pto_a5_vnot_u8(&r, &a, &full8, PTO_A5_ZEROING);
    for (l = 0; l < 256; l++) assert_int_equal(r.bytes[l], (uint8_t)~(l * 7));
    for (l = 0; l < 64; l++) set32(&a, l, 0x01234567u * (uint32_t)l);
    pto_a5_vnot_i32(&r, &a, &full32, PTO_A5_ZEROING);
    for (l = 0; l < 64; l++) assert_int_equal(lane32(&r, l), ~(0x01234567u * (uint32_t)l));
    s = stats();
    assert_int_equal(s.by_op[PTO_A5_OP_VABS], 6);
    assert_int_equal(s.repeats_by_op[PTO_A5_OP_VABS], 6);
    assert_int_equal(s.by_op[PTO_A5_OP_VNOT], 2);
    assert_int_equal(s.repeats_by_op[PTO_A5_OP_VNOT], 2);
    assert_int_equal(s.faults, 0);
    /* broken rules: a fault, and the destination register does not change */
    memcpy(&a, &r, sizeof r);
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vunary(PTO_A5_OP_VABS, PTO_U32, &r, &r, &full32, PTO_A5_ZEROING)); /* signed only */
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vunary(PTO_A5_OP_VABS, PTO_I8, &r, &r, &full8, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vunary(PTO_A5_OP_VNOT, PTO_F32, &r, &r, &full32, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vunary(PTO_A5_OP_VADD, PTO_F32, &r, &r, &full32, PTO_A5_ZEROING)); /* two operands */
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vabs_f32(&r, &r, &full32, (pto_a5_mode)7));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vabs_f32(&r, &r, &full16, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vnot_u8(&r, &r, NULL, PTO_A5_ZEROING));
    assert_memory_equal(&a, &r, sizeof r);
    assert_int_equal(stats().instructions, s.instructions);
}

static int is_nan32(uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u; }
static int is_nan16(uint16_t v, int bf16) { return (v & 0x7fffu) > (bf16 ? 0x7f80u : 0x7c00u); }

/* vln, vsqrt, vrsqrt and vrec compute the contract's functions, rounded once to each format
 * itself, with its special values: 1, +0, -0, -1, +inf, 2, the least subnormal, NaN in (lanes 8
 * and up repeat them); the bits wanted are GNU MPFR's (tests/harness/ref.c). Any NaN is a NaN. */
static void vln_vsqrt_vrsqrt_and_vrec(void **state)
{
    static const uint32_t in32[8] = { 0x3f800000u, 0, 0x80000000u, 0xbf800000u, 0x7f800000u, 0x40000000u, 1, 0x7fc00000u };
    static const uint16_t in16[2][8] = { { 0x3c00, 0, 0x8000, 0xbc00, 0x7c00, 0x4000, 1, 0x7e00 },
                                         { 0x3f80, 0, 0x8000, 0xbf80, 0x7f80, 0x4000, 1, 0x7fc0 } };
    static const uint32_t want32[4][8] = {
        { 0, 0xff800000u, 0xff800000u, 0x7fc00000u, 0x7f800000u, 0x3f317218u, 0xc2ce8ed0u, 0x7fc00000u },
        { 0x3f800000u, 0, 0x80000000u, 0x7fc00000u, 0x7f800000u, 0x3fb504f3u, 0x1a3504f3u, 0x7fc00000u },
        { 0x3f800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0, 0x3f3504f3u, 0x64b504f3u, 0x7fc00000u },
        { 0x3f800000u, 0x7f800000u, 0xff800000u, 0xbf800000u, 0, 0x3f000000u, 0x7f800000u, 0x7fc00000u },
    };
    static const uint16_t want16[2][4][8] = {
        { { 0, 0xfc00, 0xfc00, 0x7e00, 0x7c00, 0x398c, 0xcc29, 0x7e00 },
          { 0x3c00, 0, 0x8000, 0x7e00, 0x7c00, 0x3da8, 0x0c00, 0x7e00 },
          { 0x3c00, 0x7c00, 0xfc00, 0x7e00, 0, 0x39a8, 0x6c00, 0x7e00 },
          { 0x3c00, 0x7c00, 0xfc00, 0xbc00, 0, 0x3800, 0x7c00, 0x7e00 } },
        { { 0, 0xff80, 0xff80, 0x7fc0, 0x7f80, 0x3f31, 0xc2b8, 0x7fc0 },
          { 0x3f80, 0, 0x8000, 0x7fc0, 0x7f80, 0x3fb5, 0x1e35, 0x7fc0 },
          { 0x3f80, 0x7f80, 0xff80, 0x7fc0, 0, 0x3f35, 0x60b5, 0x7fc0 },
          { 0x3f80, 0x7f80, 0xff80, 0xbf80, 0, 0x3f00, 0x7f80, 0x7fc0 } },
    };
    static const pto_a5_op ops[4] = { PTO_A5_OP_VLN, PTO_A5_OP_VSQRT, PTO_A5_OP_VRSQRT, PTO_A5_OP_VREC };
    void (*const f32s[4])(pto_a5_vreg *, const pto_a5_vreg *, const pto_a5_preg *, pto_a5_mode) = {
        pto_a5_vln_f32, pto_a5_vsqrt_f32, pto_a5_vrsqrt_f32, pto_a5_vrec_f32 };
    void (*const halves[2][4])(pto_a5_vreg *, const pto_a5_vreg *, const pto_a5_preg *, pto_a5_mode) = {
        { pto_a5_vln_f16, pto_a5_vsqrt_f16, pto_a5_vrsqrt_f16, pto_a5_vrec_f16 },
        { pto_a5_vln_bf16, pto_a5_vsqrt_bf16, pto_a5_vrsqrt_bf16, pto_a5_vrec_bf16 } };
    const pto_a5_preg full32 = first(32, 64), full16 = first(16, 128), ten = first(32, 10);
    pto_a5_vreg a, r;
    pto_a5_stats s;
    int k, l, b;
    (void)state;
    for (k = 0; k < 4; k++) {
        for (l = 0; l < 64; l++) set32(&a, l, in32[l % 8]);
        f32s[k](&r, &a, &full32, PTO_A5_ZEROING);
        for (l = 0; l < 64; l++) {
            if (is_nan32(want32[k][l % 8])) assert_true(is_nan32(lane32(&r, l)));
            else assert_int_equal(lane32(&r, l), want32[k][l % 8]);
        }
        memset(&r, 0xee, sizeof r);
        f32s[k](&r, &a, &ten, PTO_A5_MERGING);
        assert_int_equal(lane32(&r, 10), 0xeeeeeeeeu); /* inactive: merged */
        for (b = 0; b < 2; b++) {
            for (l = 0; l < 128; l++) set16(&a, l, in16[b][l % 8]);
            halves[b][k](&r, &a, &full16, PTO_A5_ZEROING);
            for (l = 0; l < 128; l++) {
                uint16_t got;
                memcpy(&got, r.bytes + 2 * l, 2);
                if (is_nan16(want16[b][k][l % 8], b)) assert_true(is_nan16(got, b));
                else assert_int_equal(got, want16[b][k][l % 8]);
            }
        }
    }
    s = stats();
    for (k = 0; k < 4; k++) assert_int_equal(s.by_op[ops[k]], 4);
    assert_int_equal(s.faults, 0);
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vunary(PTO_A5_OP_VSQRT, PTO_I32, &r, &a, &full32, PTO_A5_ZEROING)); /* floats only */
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vrsqrt_f32(&r, &a, &full16, PTO_A5_ZEROING));
}

/* vshl/vshr with a count register: lane l of b is lane l's count, an unsigned number of the lane
 * width below it in every active lane (inactive lanes' counts are not read); vshr is arithmetic on
 * signed dtypes, logical on unsigned */
static void vshl_and_vshr_shift_each_lane_by_its_own_count(void **state)
{
    const pto_a5_preg full16 = first(16, 128), ten16 = first(16, 10), full8 = first(8, 256), full32 = first(32, 64);
    pto_a5_vreg a, b, r, before;
    pto_a5_stats s;
    int l;
    (void)state;
    for (l = 0; l < 128; l++) { set16(&a, l, (uint16_t)(l * 1013 - 32768)); set16(&b, l, (uint16_t)(l % 16)); }
    pto_a5_vshr_i16(&r, &a, &b, &full16, PTO_A5_ZEROING);
    for (l = 0; l < 128; l++) {
        const int16_t x = (int16_t)(l * 1013 - 32768);
        const unsigned c = (unsigned)(l % 16);
        assert_int_equal((int16_t)lane16(&r, l), (int16_t)(x < 0 ? ~(~x >> c) : x >> c)); /* the sign fills */
    }
    pto_a5_vshr_u16(&r, &a, &b, &full16, PTO_A5_ZEROING);
    for (l = 0; l < 128; l++) assert_int_equal(lane16(&r, l), (uint16_t)(l * 1013 - 32768) >> (l % 16)); /* zeros fill */
    pto_a5_vshl_i16(&r, &a, &b, &full16, PTO_A5_ZEROING);
    for (l = 0; l < 128; l++) assert_int_equal(lane16(&r, l), (uint16_t)((uint32_t)(uint16_t)(l * 1013 - 32768) << (l % 16)));
    for (l = 10; l < 128; l++) set16(&b, l, 0xffff); /* inactive lanes: any count */
    memset(&r, 0xee, sizeof r);
    pto_a5_vshl_u16(&r, &a, &b, &ten16, PTO_A5_MERGING);
    for (l = 0; l < 128; l++)
        assert_int_equal(lane16(&r, l), l < 10 ? (uint16_t)((uint32_t)(uint16_t)(l * 1013 - 32768) << l) : 0xeeeeu);
    for (l = 0; l < 256; l++) { a.bytes[l] = 0x81; b.bytes[l] = (uint8_t)(l % 8); }
    pto_a5_vshr_i8(&r, &a, &b, &full8, PTO_A5_ZEROING);
    for (l = 0; l < 256; l++) assert_int_equal((int8_t)r.bytes[l], (int8_t)~(~(int8_t)-127 >> (l % 8)));
    pto_a5_vshl_u8(&r, &a, &b, &full8, PTO_A5_ZEROING);
    for (l = 0; l < 256; l++) assert_int_equal(r.bytes[l], (uint8_t)(0x81u << (l % 8)));
    for (l = 0; l < 64; l++) { set32(&a, l, 0x80000001u); set32(&b, l, 31u - (uint32_t)(l % 32)); }
    pto_a5_vshr_u32(&r, &a, &b, &full32, PTO_A5_ZEROING);
    for (l = 0; l < 64; l++) assert_int_equal(lane32(&r, l), 0x80000001u >> (31 - l % 32));
    s = stats();
    assert_int_equal(s.by_op[PTO_A5_OP_VSHR], 4);
    assert_int_equal(s.by_op[PTO_A5_OP_VSHL], 3);
    assert_int_equal(s.repeats_by_op[PTO_A5_OP_VSHL], 3);
    assert_int_equal(s.by_op[PTO_A5_OP_VSHRS] + s.by_op[PTO_A5_OP_VSHLS], 0);
    assert_int_equal(s.faults, 0);
    /* a count of the width or more in an active lane: a fault, and dst does not change */
    memcpy(&before, &r, sizeof r);
    for (l = 0; l < 128; l++) set16(&b, l, 3);
    set16(&b, 9, 16);
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vshl_i16(&r, &a, &b, &ten16, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vshr_u16(&r, &a, &b, &full16, PTO_A5_MERGING));
    set16(&b, 9, 0xffff); /* -1 as a count is 65535 */
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vshr_i16(&r, &a, &b, &full16, PTO_A5_ZEROING));
    set16(&b, 9, 3);
    set16(&b, 10, 16); /* outside ten16: not read */
    pto_a5_vshl_i16(&r, &a, &b, &ten16, PTO_A5_ZEROING);
    memcpy(&before, &r, sizeof r);
    for (l = 0; l < 256; l++) b.bytes[l] = 7;
    b.bytes[255] = 8;
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vshl_u8(&r, &a, &b, &full8, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vbinary(PTO_A5_OP_VSHL, PTO_F32, &r, &a, &b, &full32, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vshl_u8(&r, &a, &b, &full16, PTO_A5_ZEROING));
    assert_memory_equal(&before, &r, sizeof r);
    assert_int_equal(stats().by_op[PTO_A5_OP_VSHL], 4);
}

/* vprelu: a >= 0 ? a : a * b per lane, the product rounded once; -0 stays -0, NaN gives NaN */
static void vprelu_takes_a_slope_per_lane(void **state)
{
    static const uint32_t x32[8] = { 0xc0800000u, 0x40400000u, 0x80000000u, 0x00000000u,
                                     0x7fc00000u, 0xff800000u, 0xff800000u, 0xbf800001u };
    static const uint32_t s32[8] = { 0x3f000000u, 0x42c80000u, 0x40e00000u, 0xbf800000u,
                                     0x40000000u, 0x00000000u, 0xc0000000u, 0x3f800001u };
    static const uint32_t w32[8] = { 0xc0000000u, 0x40400000u, 0x80000000u, 0x00000000u,
                                     0x7fc00000u, 0x7fc00000u, 0x7f800000u, 0xbf800002u };
    const pto_a5_preg full32 = first(32, 64), full16 = first(16, 128);
    pto_a5_vreg a, b, r, before;
    int l;
    (void)state;
    for (l = 0; l < 64; l++) { set32(&a, l, x32[l % 8]); set32(&b, l, s32[l % 8]); }
    pto_a5_vprelu_f32(&r, &a, &b, &full32, PTO_A5_ZEROING);
    for (l = 0; l < 64; l++) {
        if (l % 8 == 4 || l % 8 == 5) assert_true(lanef(&r, l) != lanef(&r, l)); /* NaN, and -inf * 0 */
        else assert_int_equal(lane32(&r, l), w32[l % 8]);
    }
    /* f16: -(1 + 2^-10) * (1 + 2^-10) rounds once to -(1 + 2^-9); -2 * 0.5 = -1; -65504 * 2 overflows */
    for (l = 0; l < 128; l++) {
        set16(&a, l, l % 4 == 0 ? 0xbc01 : l % 4 == 1 ? 0xc000 : l % 4 == 2 ? 0xfbff : 0x3555);
        set16(&b, l, l % 4 == 0 ? 0x3c01 : l % 4 == 1 ? 0x3800 : l % 4 == 2 ? 0x4000 : 0xc000);
    }
    pto_a5_vprelu_f16(&r, &a, &b, &full16, PTO_A5_ZEROING);
    for (l = 0; l < 128; l++)
        assert_int_equal(lane16(&r, l), l % 4 == 0 ? 0xbc02 : l % 4 == 1 ? 0xbc00 : l % 4 == 2 ? 0xfc00 : 0x3555);
    assert_int_equal(stats().by_op[PTO_A5_OP_VPRELU], 2);
    assert_int_equal(stats().repeats_by_op[PTO_A5_OP_VPRELU], 2);
    assert_int_equal(stats().faults, 0);
    memcpy(&before, &r, sizeof r);
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vbinary(PTO_A5_OP_VPRELU, PTO_BF16, &r, &a, &b, &full16, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vbinary(PTO_A5_OP_VPRELU, PTO_I32, &r, &a, &b, &full32, PTO_A5_ZEROING));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vprelu_f32(&r, &a, &b, &full32, (pto_a5_mode)2));
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vprelu_f16(&r, &a, &b, &full32, PTO_A5_ZEROING));
    assert_memory_equal(&before, &r, sizeof r);
}

/* the scalar unit reads UB after a V->S flag, and vector loads and stores after scalar stores
 * wait for an S->V flag */
static void scalar_and_vector_hand_over_through_flags(void **state)
{
    pto_a5_vreg r;
    pto_a5_preg p32;
    uint32_t n = 64;
    (void)state;
    pto_a5_plt_b32(&p32, &n);
    f32[0] = 1.0f;
    pto_a5_vlds_b32(&r, f32, 0, PTO_A5_DIST_NORM, &p32);
    pto_a5_vsts_b32(&r, f32, 64, PTO_A5_DIST_NORM, &p32);
    EXPECT_FAULT(PTO_A5_HW_FLAG, (void)pto_a5_sld_b32(f32 + 64));
    pto_a5_flag_v_to_s();
    assert_int_equal(pto_a5_sld_b32(f32 + 64), 0x3f800000u);
    pto_a5_sst_b32(f32, 0x40000000u);
    EXPECT_FAULT(PTO_A5_HW_FLAG, pto_a5_vlds_b32(&r, f32, 0, PTO_A5_DIST_NORM, &p32));
    EXPECT_FAULT(PTO_A5_HW_FLAG, pto_a5_vsts_b32(&r, f32, 64, PTO_A5_DIST_NORM, &p32));
    pto_a5_flag_s_to_v();
    pto_a5_vlds_b32(&r, f32, 0, PTO_A5_DIST_NORM, &p32);
    assert_int_equal(lane32(&r, 0), 0x40000000u);
    assert_int_equal(stats().scalar_stores, 1);
    assert_int_equal(stats().scalar_loads, 1);
    assert_int_equal(stats().flags, 2);
}

static void misaligned_store(void)
{
    pto_a5_vreg r;
    memset(&r, 0, sizeof r);
    pto_a5_vsts_b32(&r, ub + 4, 0, PTO_A5_DIST_NORM, NULL);
}

static void without_a_handler_a_fault_traps(void **state)
{
    (void)state;
    expect_trap(misaligned_store);
}

/* vcvt: lane l of one dtype's register to lane l of another's, under a predicate of the wider
 * width; dst's other lanes zero. */
static void vcvt_converts_by_the_contract(void **state)
{
    pto_a5_vreg x, y;
    pto_a5_preg p32, p16;
    uint32_t n = 64, m = 3;
    uint16_t hv;
    (void)state;
    f32[0] = 1.5f;
    f32[1] = -2.5f;
    f32[2] = 1e9f;
    pto_a5_plt(32, &p32, &n);
    pto_a5_vlds(32, &x, f32, 0, PTO_A5_DIST_NORM, &p32);
    pto_a5_vcvt(PTO_I16, PTO_F32, PTO_ROUND_RINT, PTO_SAT_ON, &y, &x, &p32);
    memcpy(&hv, y.bytes, 2);
    assert_int_equal(hv, 2);
    memcpy(&hv, y.bytes + 2, 2);
    assert_int_equal(hv, (uint16_t)-2);
    memcpy(&hv, y.bytes + 4, 2);
    assert_int_equal(hv, 0x7fff);     /* saturates */
    memcpy(&hv, y.bytes + 128, 2);
    assert_int_equal(hv, 0);          /* lane 64 of the i16 register: past the 64 converted */
    pto_a5_plt(16, &p16, &m);
    EXPECT_FAULT(PTO_A5_HW_PREDICATE, pto_a5_vcvt(PTO_I16, PTO_F32, PTO_ROUND_RINT, PTO_SAT_ON, &y, &x, &p16));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vcvt(PTO_I64, PTO_F32, PTO_ROUND_RINT, PTO_SAT_ON, &y, &x, &p32));
    EXPECT_FAULT(PTO_A5_HW_ARG, pto_a5_vcvt(PTO_I16, PTO_F32, PTO_ROUND_RINT, PTO_SAT_DEFAULT, &y, &x, &p32));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(vcvt_converts_by_the_contract, setup),
        cmocka_unit_test_setup(plt_counts_down_the_remaining_elements, setup),
        cmocka_unit_test_setup(loads_and_stores, setup),
        cmocka_unit_test_setup(arithmetic_zeroing_and_merging, setup),
        cmocka_unit_test_setup(reductions_compares_and_moves, setup),
        cmocka_unit_test_setup(vcmin_takes_the_first_minimum_and_the_first_nan, setup),
        cmocka_unit_test_setup(vcadd_sums_the_active_lanes_by_the_adjacent_pair_tree, setup),
        cmocka_unit_test_setup(vcmps_compares_lanes_with_a_scalar, setup),
        cmocka_unit_test_setup(psts_and_plds_move_a_bit_per_lane, setup),
        cmocka_unit_test_setup(psts_and_plds_rules, setup),
        cmocka_unit_test_setup(broken_rules_are_faults_that_change_nothing, setup),
        cmocka_unit_test_setup(shifts_bitwise_and_lrelu, setup),
        cmocka_unit_test_setup(vabs_and_vnot, setup),
        cmocka_unit_test_setup(vln_vsqrt_vrsqrt_and_vrec, setup),
        cmocka_unit_test_setup(vshl_and_vshr_shift_each_lane_by_its_own_count, setup),
        cmocka_unit_test_setup(vprelu_takes_a_slope_per_lane, setup),
        cmocka_unit_test_setup(scalar_and_vector_hand_over_through_flags, setup),
        cmocka_unit_test_setup(without_a_handler_a_fault_traps, setup),
    };
    return cmocka_run_group_tests_name("a5.sim", tests, NULL, NULL);
}
