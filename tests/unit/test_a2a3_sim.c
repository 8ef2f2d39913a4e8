/* The A2A3 simulator on its own: what each instruction does to UB, what it counts, and that
 * every hardware rule, when broken, is a fault that names the rule and changes nothing. */
#define _POSIX_C_SOURCE 200809L /* fork and waitpid, for the trap test */
#define SIM(name) pto_a2a3_##name
#define SIM_C(NAME) PTO_A2A3_##NAME
#include "pto/pto_a2a3_sim.h" /* not pto.h: a spec edit recompiles no unit test */
#include "sim_test.h"

static void sizes(void **state)
{
    size_t size;
    (void)state;
    assert_ptr_equal(pto_a2a3_ub(&size), ub);
    assert_int_equal(size, 192 * 1024);
    assert_ptr_equal(pto_a2a3_scratch(), ub + 184 * 1024);
    assert_int_equal((uintptr_t)ub % 32, 0);
}

static void norm_mode_repeats_and_counts(void **state)
{
    int i;
    pto_a2a3_stats s;
    (void)state;
    for (i = 0; i < 128; i++) { f32[i] = (float)i; f32[256 + i] = 0.5f; }
    pto_a2a3_vadd_f32(f32 + 512, f32, f32 + 256, 2, 1, 1, 1, 8, 8, 8); /* full mask: 2 x 64 lanes */
    for (i = 0; i < 128; i++) assert_true(f32[512 + i] == (float)i + 0.5f);
    assert_true(f32[512 + 128] == 0.0f);
    s = stats();
    assert_int_equal(s.instructions, 1);
    assert_int_equal(s.repeats, 2);
    assert_int_equal(s.by_op[PTO_A2A3_OP_VADD], 1);
    assert_int_equal(s.faults, 0);
}

static void counter_mode_covers_exactly_the_count(void **state)
{
    int i;
    (void)state;
    for (i = 0; i < 200; i++) f32[i] = (float)i;
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 100);
    pto_a2a3_vmaxs_f32(f32 + 256, f32, 50.0f, 0, 1, 1, 8, 8);
    for (i = 0; i < 100; i++) assert_true(f32[256 + i] == (i > 50 ? (float)i : 50.0f));
    assert_true(f32[256 + 100] == 0.0f);
    assert_int_equal(stats().repeats, 2);
}

static void sparse_mask_and_block_broadcast(void **state)
{
    int i;
    (void)state;
    for (i = 0; i < 64; i++) f32[i] = (float)i;
    for (i = 0; i < 8; i++) f32[64 + i] = 100.0f + (float)i;
    pto_a2a3_set_vector_mask(0, 0x5555555555555555ull); /* even lanes */
    /* src1 block stride 0: every block of the repeat reads the same 8 floats */
    pto_a2a3_vsub_f32(f32 + 128, f32, f32 + 64, 1, 1, 1, 0, 8, 8, 0);
    for (i = 0; i < 64; i++)
        assert_true(f32[128 + i] == (i % 2 ? 0.0f : (float)i - (100.0f + (float)(i % 8))));
}

static void f16_and_integers_follow_the_contract(void **state)
{
    uint16_t *h = (uint16_t *)(void *)ub;
    int16_t *s16 = (int16_t *)(void *)(ub + 1024);
    int32_t *s32 = (int32_t *)(void *)(ub + 2048);
    (void)state;
    h[0] = 0x3c00; /* 1 */
    h[16] = 0x4200; /* 3 */
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 1);
    pto_a2a3_vdiv_f16(h + 32, h, h + 16, 0, 1, 1, 1, 8, 8, 8);
    assert_int_equal(h[32], 0x3555); /* 1/3 rounded once to nearest even */
    s16[0] = -32768;
    pto_a2a3_vmaxs_i16(s16 + 16, s16, (int16_t)-5, 0, 1, 1, 8, 8);
    assert_int_equal(s16[16], -5);
    s32[0] = INT32_MAX;
    s32[8] = 1;
    pto_a2a3_vadd_i32(s32 + 16, s32, s32 + 8, 0, 1, 1, 1, 8, 8, 8);
    assert_int_equal(s32[16], INT32_MIN); /* wraps */
}

static void vcmax_keeps_the_first_maximum_and_the_first_nan(void **state)
{
    uint32_t *u = (uint32_t *)(void *)ub;
    int i;
    (void)state;
    for (i = 0; i < 64; i++) f32[i] = 1.0f;
    f32[5] = 7.0f;
    f32[9] = 7.0f;          /* a later tie */
    for (i = 0; i < 64; i++) f32[64 + i] = -0.0f;
    f32[64 + 3] = 0.0f;     /* -0 and +0 tie: lane 0 wins with its own bits */
    for (i = 0; i < 64; i++) f32[128 + i] = (float)i;
    u[128 + 10] = 0x7fc00001u; /* the first NaN */
    u[128 + 20] = 0x7fc00002u;
    pto_a2a3_vcmax_f32(f32 + 256, f32, 3, 1, 1, 8, PTO_A2A3_VALUE_INDEX);
    assert_true(f32[256] == 7.0f);
    assert_int_equal(u[257], 5);
    assert_int_equal(u[258], 0x80000000u);
    assert_int_equal(u[259], 0);
    assert_int_equal(u[260], 0x7fc00001u);
    assert_int_equal(u[261], 10);
    pto_a2a3_vcmax_f32(u + 320, f32, 3, 2, 1, 8, PTO_A2A3_ONLY_INDEX); /* dst stride counts uint32_t */
    assert_int_equal(u[320], 5);
    assert_int_equal(u[322], 0);
    assert_int_equal(u[324], 10);
    pto_a2a3_vcmax_f32(f32 + 384, f32, 3, 1, 1, 8, PTO_A2A3_ONLY_VALUE);
    assert_true(f32[384] == 7.0f);
    assert_int_equal(u[385], 0x80000000u);
}

static void vcmin_keeps_the_first_minimum_and_the_first_nan(void **state)
{
    uint32_t *u = (uint32_t *)(void *)ub;
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    pto_a2a3_stats s;
    int i;
    (void)state;
    for (i = 0; i < 64; i++) f32[i] = 1.0f;
    f32[5] = -7.0f;
    f32[9] = -7.0f;         /* a later tie */
    for (i = 0; i < 64; i++) f32[64 + i] = 0.0f;
    f32[64 + 3] = -0.0f;    /* -0 and +0 tie: lane 0 wins with its own bits */
    for (i = 0; i < 64; i++) f32[128 + i] = (float)-i;
    u[128 + 10] = 0x7fc00001u; /* the first NaN beats every number, -63 too */
    u[128 + 20] = 0xffc00002u;
    for (i = 0; i < 64; i++) u[192 + i] = 0x7f800000u; /* +inf everywhere: nothing beats lane 0 */
    pto_a2a3_vcmin_f32(f32 + 256, f32, 4, 1, 1, 8, PTO_A2A3_VALUE_INDEX);
    assert_true(f32[256] == -7.0f);
    assert_int_equal(u[257], 5);
    assert_int_equal(u[258], 0);
    assert_int_equal(u[259], 0);
    assert_int_equal(u[260], 0x7fc00001u);
    assert_int_equal(u[261], 10);
    assert_int_equal(u[262], 0x7f800000u);
    assert_int_equal(u[263], 0);
    assert_int_equal(u[264], 0); /* nothing past the four pairs */
    pto_a2a3_vcmin_f32(u + 320, f32, 4, 2, 1, 8, PTO_A2A3_ONLY_INDEX); /* dst stride counts uint32_t */
    assert_int_equal(u[320], 5);
    assert_int_equal(u[322], 0);
    assert_int_equal(u[324], 10);
    assert_int_equal(u[326], 0);
    assert_int_equal(u[321] | u[323] | u[325] | u[327], 0);
    pto_a2a3_vcmin_f32(f32 + 384, f32 + 64, 1, 1, 1, 8, PTO_A2A3_ONLY_VALUE);
    assert_int_equal(u[384], 0);
    f32[64] = -0.0f;        /* now lane 0 holds -0: its own bits */
    pto_a2a3_vcmin_f32(f32 + 384, f32 + 64, 1, 1, 1, 8, PTO_A2A3_ONLY_VALUE);
    assert_int_equal(u[384], 0x80000000u);
    /* f16 in counter mode: 130 elements are two repeats of 128 lanes; -inf at 129 wins the second */
    for (i = 0; i < 130; i++) h[i] = 0x3c00; /* 1 */
    h[2] = 0xbc00;                           /* -1, lane 2 */
    h[129] = 0xfc00;                         /* -inf, lane 1 of the second repeat */
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 130);
    pto_a2a3_vcmin_f16(h + 256, h, 0, 1, 1, 8, PTO_A2A3_VALUE_INDEX);
    assert_int_equal(h[256], 0xbc00);
    assert_int_equal(h[257], 2);
    assert_int_equal(h[258], 0xfc00);
    assert_int_equal(h[259], 1);
    s = stats();
    assert_int_equal(s.by_op[PTO_A2A3_OP_VCMIN], 5);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_VCMIN], 4 + 4 + 1 + 1 + 2);
    assert_int_equal(s.by_op[PTO_A2A3_OP_VCMAX], 0);
    assert_int_equal(s.instructions, 5);
    assert_int_equal(s.faults, 0);
}

/* vcadd: the adjacent-pair tree of the active lanes, in lane order, one rounding per addition.
 * The inputs tell the tree from a sequential sum and from other pairings: 2^24 + 1 rounds back to
 * 2^24, so only the tree keeps the 1s that it adds to each other first. */
static void vcadd_sums_the_active_lanes_by_the_adjacent_pair_tree(void **state)
{
    uint32_t *u = (uint32_t *)(void *)ub;
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    const float big = 16777216.0f; /* 2^24 */
    pto_a2a3_stats s;
    int i;
    (void)state;
    for (i = 0; i < 192; i++) u[i] = 0x7fc00000u; /* inactive lanes: NaN, which must take no part */
    /* repeat 0, lanes 0..4: ((2^24 + 1) + (1 + 1)) + -2^24 = 2: sequentially 0, (a+b)+(c+(d+e)) 1 */
    f32[0] = big;
    f32[1] = f32[2] = f32[3] = 1.0f;
    f32[4] = -big;
    /* repeat 1 (64 lanes on): the same values at lanes 0, 2, 3, 5, 9 of a sparse mask, taken in lane order */
    f32[64] = big;
    f32[66] = f32[67] = f32[69] = 1.0f;
    f32[73] = -big;
    pto_a2a3_set_vector_mask(0, 0x1full); /* lanes 0..4 */
    pto_a2a3_vcadd_f32(f32 + 256, f32, 1, 0, 1, 8);
    assert_true(f32[256] == 2.0f);
    pto_a2a3_set_vector_mask(0, 0x22dull); /* lanes 0, 2, 3, 5, 9 */
    pto_a2a3_vcadd_f32(f32 + 264, f32 + 64, 1, 0, 1, 8);
    assert_true(f32[264] == 2.0f);
    /* three lanes of -0: no +0 is added, the sum keeps its sign; repeats dst_rep elements apart */
    for (i = 0; i < 3; i++) { u[128 + i] = 0x80000000u; u[192 + i] = 0x80000000u; }
    u[193] = 0x3f800000u; /* 1 */
    pto_a2a3_set_vector_mask(0, 0x7ull);
    pto_a2a3_vcadd_f32(f32 + 272, f32 + 128, 2, 3, 1, 8);
    assert_int_equal(u[272], 0x80000000u);
    assert_int_equal(u[273] | u[274], 0); /* nothing between the two outputs */
    assert_true(f32[275] == 1.0f);
    /* f16, counter mode over 130 elements: two repeats. 2048 + 1 rounds to 2048 in f16, so the
     * tree's ((2048 + 1) + (1 + 1)) = 2050 differs from the sequential 2048; the second repeat
     * has the two lanes left, 1 + 3 */
    for (i = 0; i < 130; i++) h[i] = 0;
    h[0] = 0x6800; /* 2048 */
    h[1] = h[2] = h[3] = 0x3c00; /* 1 */
    h[128] = 0x3c00;
    h[129] = 0x4200; /* 3 */
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 130);
    pto_a2a3_vcadd_f16(h + 256, h, 0, 1, 1, 8);
    assert_int_equal(h[256], 0x6801); /* 2050 */
    assert_int_equal(h[257], 0x4400); /* 4 */
    s = stats();
    assert_int_equal(s.by_op[PTO_A2A3_OP_VCADD], 4);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_VCADD], 1 + 1 + 2 + 2);
    assert_int_equal(s.faults, 0);
    /* its rules, broken: a fault that changes nothing */
    pto_a2a3_set_mask_norm();
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vfold(PTO_A2A3_OP_VCADD, PTO_I32, f32, f32, 1, 1, 1, 8)); /* floats only here */
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vfold(PTO_A2A3_OP_VADD, PTO_F32, f32, f32, 1, 1, 1, 8)); /* not a fold */
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcadd_f32((float *)(void *)(ub + 2), f32, 1, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcadd_f32(f32, f32 + 4, 1, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vcadd_f32(f32, f32, 256, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vcadd_f32(f32, f32, 2, 256, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vcadd_f32(f32, f32, 2, 1, 1, 256));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcadd_f32(f32, (const float *)(const void *)(ub + PTO_A2A3_UB_BYTES - 128), 1, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcadd_f32((float *)(void *)(ub + PTO_A2A3_UB_BYTES - 4), f32, 2, 1, 1, 8));
    pto_a2a3_set_vector_mask(1, 0); /* lane 64 of a 64-lane f32 repeat */
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vcadd_f32(f32, f32, 1, 1, 1, 8));
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    pto_a2a3_flag_v_to_s();
    pto_a2a3_sst_b32(ub, 0);
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_vcadd_f32(f32 + 64, f32, 1, 1, 1, 8));
    pto_a2a3_flag_s_to_v();
    assert_int_equal(stats().by_op[PTO_A2A3_OP_VCADD], 4);
}

static void vbrcb_and_vreducev2_move_bits(void **state)
{
    uint32_t *u = (uint32_t *)(void *)ub;
    int i, b;
    (void)state;
    for (i = 0; i < 16; i++) u[i] = 0x100u + (uint32_t)i;
    pto_a2a3_vbrcb_b32(u + 64, u, 1, 8, 2); /* 16 elements -> 16 blocks */
    for (b = 0; b < 16; b++)
        for (i = 0; i < 8; i++) assert_int_equal(u[64 + 8 * b + i], 0x100u + (uint32_t)b);
    for (i = 0; i < 100; i++) u[256 + i] = (uint32_t)i;
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 100);
    pto_a2a3_vreducev2_b32(u + 512, u + 256, 1, 0, 1, 8);  /* even lanes */
    pto_a2a3_vreducev2_b32(u + 256, u + 256, 2, 0, 1, 8);  /* odd lanes, packed in place */
    for (i = 0; i < 50; i++) {
        assert_int_equal(u[512 + i], 2 * i);
        assert_int_equal(u[256 + i], 2 * i + 1);
    }
    assert_int_equal(u[512 + 50], 0);
}

/* vcopy: the active lanes only; a source block stride of 0 repeats one block over the repeat */
static void vcopy_moves_the_active_lanes(void **state)
{
    uint16_t *u = (uint16_t *)(void *)ub;
    int i;
    (void)state;
    for (i = 0; i < 16; i++) u[i] = (uint16_t)(0xf000u + (unsigned)i);
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 100);
    pto_a2a3_vcopy_b16(u + 128, u, 0, 1, 0, 8, 0);
    for (i = 0; i < 100; i++) assert_int_equal(u[128 + i], 0xf000u + (unsigned)(i % 16));
    assert_int_equal(u[128 + 100], 0);
    assert_int_equal(stats().by_op[PTO_A2A3_OP_VCOPY], 1);
    pto_a2a3_set_mask_norm();
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcopy_b16(u + 129, u, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vcopy_b16(u + 128, u, 256, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vcopy_b16(u + 128, u, 2, 1, 1, 8, 256));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcopy(8, u + 128, u, 1, 1, 1, 8, 8));
    assert_int_equal(stats().instructions, 1);
}

/* vcmp sets CMPMASK from one repeat (IEEE: NaN is unordered); vsel takes src0 where a bit is set */
static void vcmp_and_vsel_select_by_cmpmask(void **state)
{
    uint32_t *idx = (uint32_t *)(void *)(ub + 1024);
    int i;
    (void)state;
    for (i = 0; i < 64; i++) {
        f32[i] = (float)(i % 4);
        f32[64 + i] = 1.5f;
        idx[i] = 7;
        idx[64 + i] = (uint32_t)i;
    }
    ((uint32_t *)(void *)f32)[5] = 0x7fc00000u; /* a NaN */
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 60);
    pto_a2a3_vcmp_f32(PTO_A2A3_GT, f32, f32 + 64, 0, 1, 1, 8, 8);
    pto_a2a3_vsel_b32(idx + 128, idx + 64, idx, 0, 1, 1, 1, 8, 8, 8);
    for (i = 0; i < 60; i++) assert_int_equal(idx[128 + i], i % 4 >= 2 && i != 5 ? (uint32_t)i : 7u);
    assert_int_equal(idx[128 + 60], 0); /* past the count: untouched */
    pto_a2a3_vcmp_f32(PTO_A2A3_NE, f32, f32, 0, 1, 1, 8, 8);
    pto_a2a3_vsel_b32(idx + 128, idx + 64, idx, 0, 1, 1, 1, 8, 8, 8);
    for (i = 0; i < 60; i++) assert_int_equal(idx[128 + i], i == 5 ? 5u : 7u); /* only NaN != itself */
    assert_int_equal(stats().by_op[PTO_A2A3_OP_VCMP], 2);
    pto_a2a3_set_vector_mask(0, 65);
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vcmp_f32(PTO_A2A3_GT, f32, f32 + 64, 0, 1, 1, 8, 8));
    pto_a2a3_set_mask_norm();
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmp_f32((pto_a2a3_cmp)6, f32, f32 + 64, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmp_f32(PTO_A2A3_GT, f32 + 1, f32 + 64, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vsel_b32(idx + 129, idx + 64, idx, 1, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vsel(8, idx + 128, idx + 64, idx, 1, 1, 1, 1, 8, 8, 8));
}

/* vcmpvs: bit r*E + l of dst is the condition on lane l of repeat r and the scalar, LSB first,
 * E / 8 bytes a repeat, contiguous; no mask: every lane of every repeat is compared */
static void vcmpvs_writes_a_bit_per_lane_across_repeats(void **state)
{
    uint8_t *bits = ub + 8192;
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    pto_a2a3_stats s;
    int i;
    (void)state;
    for (i = 0; i < 64; i++) {
        f32[i] = (float)i;
        f32[128 + i] = (float)(64 + i); /* repeat 1, 16 blocks on (src repeat stride 16) */
        f32[64 + i] = -1.0f;            /* between them: never read */
    }
    memset(bits, 0xaa, 64);
    pto_a2a3_set_vector_mask(0, 1); /* the mask plays no part */
    pto_a2a3_vcmpvs_f32(PTO_A2A3_GE, bits, f32, 70.0f, 2, 1, 16);
    for (i = 0; i < 8; i++) assert_int_equal(bits[i], 0);
    assert_int_equal(bits[8], 0xc0); /* lanes 6 and 7 of repeat 1: 70, 71 */
    for (i = 9; i < 16; i++) assert_int_equal(bits[i], 0xff);
    assert_int_equal(bits[16], 0xaa); /* past the two repeats: untouched */
    for (i = 0; i < 128; i++) h[i] = i % 2 ? 0x4000 : 0x3c00; /* 2, 1 */
    pto_a2a3_vcmpvs_f16(PTO_A2A3_LT, bits + 32, h, 0x3e00, 1, 1, 8); /* < 1.5: the even lanes, 16 bytes */
    for (i = 0; i < 16; i++) assert_int_equal(bits[32 + i], 0x55);
    assert_int_equal(bits[48], 0xaa);
    pto_a2a3_vcmpvs_f16(PTO_A2A3_LT, bits + 32, h, 0x3e00, 0, 1, 8); /* no repeat, no write */
    s = stats();
    assert_int_equal(s.by_op[PTO_A2A3_OP_VCMPVS], 3);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_VCMPVS], 2 + 1 + 0);
    assert_int_equal(s.faults, 0);
}

/* IEEE: with a NaN every condition is false but NE; i32 compares for EQ only */
static void vcmpvs_nan_and_i32_eq(void **state)
{
    static const uint8_t want[6] = { 0x1, 0xe, 0x2, 0x4, 0x3, 0x5 }; /* lanes 0..3 per condition, enum order */
    uint32_t *u = (uint32_t *)(void *)ub;
    int32_t *s32 = (int32_t *)(void *)(ub + 1024);
    uint8_t *bits = ub + 8192;
    uint32_t nan = 0x7fc00000u;
    float qnan;
    int c, i;
    (void)state;
    memcpy(&qnan, &nan, sizeof qnan);
    for (i = 0; i < 64; i++) f32[i] = 1.0f;
    f32[1] = 0.5f;
    f32[2] = 2.0f;
    u[3] = nan;
    for (c = PTO_A2A3_EQ; c <= PTO_A2A3_GE; c++) {
        pto_a2a3_vcmpvs_f32((pto_a2a3_cmp)c, bits, f32, 1.0f, 1, 1, 8);
        assert_int_equal(bits[0] & 0xf, want[c]);
        pto_a2a3_vcmpvs_f32((pto_a2a3_cmp)c, bits + 32, f32, qnan, 1, 1, 8); /* a NaN scalar */
        for (i = 0; i < 8; i++) assert_int_equal(bits[32 + i], c == PTO_A2A3_NE ? 0xff : 0);
    }
    s32[0] = 5;
    s32[63] = 5;
    s32[9] = -5;
    pto_a2a3_vcmpvs_i32(PTO_A2A3_EQ, bits + 64, s32, 5, 1, 1, 8);
    assert_int_equal(bits[64], 0x01);
    for (i = 1; i < 7; i++) assert_int_equal(bits[64 + i], 0);
    assert_int_equal(bits[71], 0x80);
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpvs_i32(PTO_A2A3_LT, bits + 64, s32, 5, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpvs_i32(PTO_A2A3_NE, bits + 64, s32, 5, 1, 1, 8));
    assert_int_equal(stats().by_op[PTO_A2A3_OP_VCMPVS], 13);
}

static void vcmpvs_rules(void **state)
{
    uint8_t *bits = ub + 8192;
    float host[64];
    (void)state;
    memset(host, 0, sizeof host);
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, bits + 8, f32, 0.0f, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, bits, f32 + 1, 0.0f, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, ub + PTO_A2A3_UB_BYTES - 32, f32, 0.0f, 5, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, bits, host, 0.0f, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, bits, (const float *)(const void *)(ub + PTO_A2A3_UB_BYTES - 128),
                                                          0.0f, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, bits, f32, 0.0f, 256, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, bits, f32, 0.0f, 2, 1, 256));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpvs_f32((pto_a2a3_cmp)6, bits, f32, 0.0f, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpvs(PTO_A2A3_EQ, PTO_U16, bits, f32, &(uint16_t){ 0 }, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpvs(PTO_A2A3_EQ, PTO_F32, bits, f32, NULL, 1, 1, 8));
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 64);
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, bits, f32, 0.0f, 1, 1, 8));
    pto_a2a3_set_mask_norm();
    pto_a2a3_sst_b32(ub, 0);
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_vcmpvs_f32(PTO_A2A3_EQ, bits, f32, 0.0f, 1, 1, 8));
    pto_a2a3_flag_s_to_v();
    assert_int_equal(stats().instructions, 0);
}

/* set_cmpmask loads CMPMASK's 128 bits (bit 8k + b = bit b of byte k); vsel mode 0 selects by
 * them, mode 1 by its own bits in UB with CMPMASK's low element as the scalar */
static void set_cmpmask_and_vsel_scalar(void **state)
{
    uint32_t *u = (uint32_t *)(void *)ub;
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    uint8_t *blk = ub + 8192, *sel = ub + 8192 + 64;
    pto_a2a3_stats s;
    int i;
    (void)state;
    /* the TSELS sequence: the scalar unit writes the scalar, an S->V flag, set_cmpmask */
    pto_a2a3_sst_b32(blk, 0xbf800000u); /* -1.0f */
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_set_cmpmask(blk));
    pto_a2a3_flag_s_to_v();
    pto_a2a3_set_cmpmask(blk);
    for (i = 0; i < 128; i++) { f32[i] = (float)i; f32[256 + i] = 7.0f; }
    for (i = 0; i < 128; i++)
        if (i % 3 == 0) sel[i / 8] |= (uint8_t)(1u << (i % 8));
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 100); /* two repeats: bits 0..63, then 64..99 */
    pto_a2a3_vsel_scalar_b32(f32 + 256, f32, sel, 0, 1, 1, 8, 8);
    for (i = 0; i < 100; i++) assert_true(f32[256 + i] == (i % 3 == 0 ? (float)i : -1.0f));
    for (i = 100; i < 128; i++) assert_true(f32[256 + i] == 7.0f); /* past the count: untouched */
    pto_a2a3_set_mask_norm();
    pto_a2a3_set_vector_mask(0, 0xf0); /* lanes 4..7 */
    for (i = 0; i < 64; i++) f32[256 + i] = 7.0f;
    pto_a2a3_vsel_scalar_b32(f32 + 256, f32, sel, 1, 1, 1, 8, 8);
    for (i = 0; i < 64; i++) assert_true(f32[256 + i] == (i < 4 || i > 7 ? 7.0f : i == 6 ? 6.0f : -1.0f));
    /* 16-bit lanes take CMPMASK[15:0]; E = 128 bits a repeat: repeat 0's all clear, repeat 1's all set */
    u[2048 + 0] = 0xabcd1234u;
    memset(sel, 0, 16);
    memset(sel + 16, 0xff, 16);
    pto_a2a3_set_cmpmask(ub + 8192);
    for (i = 0; i < 256; i++) h[i] = (uint16_t)i;
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    pto_a2a3_vsel_scalar_b16(h + 512, h, sel, 2, 1, 1, 8, 8);
    for (i = 0; i < 256; i++) assert_int_equal(h[512 + i], i < 128 ? 0x1234 : i);
    pto_a2a3_vsel_scalar_b32(u + 1024, u, sel, 1, 1, 1, 8, 8);
    for (i = 0; i < 64; i++) assert_int_equal(u[1024 + i], 0xabcd1234u); /* 32-bit lanes take CMPMASK[31:0] */
    /* mode 0 selects by the loaded bits, in every repeat: byte 0 = 0x05 is lanes 0 and 2 */
    memset(blk, 0, 16);
    blk[0] = 0x05;
    blk[8] = 0x01; /* bit 64: no lane of a 64-lane f32 repeat */
    pto_a2a3_set_cmpmask(blk);
    for (i = 0; i < 128; i++) f32[384 + i] = -2.0f;
    pto_a2a3_vsel_b32(f32 + 256, f32, f32 + 384, 2, 1, 1, 1, 8, 8, 8);
    for (i = 0; i < 128; i++) assert_true(f32[256 + i] == (i % 64 == 0 || i % 64 == 2 ? (float)i : -2.0f));
    s = stats();
    assert_int_equal(s.by_op[PTO_A2A3_OP_SET_CMPMASK], 3);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_SET_CMPMASK], 3);
    assert_int_equal(s.by_op[PTO_A2A3_OP_VSEL], 5);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_VSEL], 2 + 1 + 2 + 1 + 2);
    assert_int_equal(s.faults, 1);
}

static void set_cmpmask_and_vsel_scalar_rules(void **state)
{
    uint8_t *blk = ub + 8192, *sel = ub + 8192 + 64;
    uint8_t host[32];
    (void)state;
    memset(host, 0, sizeof host);
    blk[0] = 0x01;
    pto_a2a3_set_cmpmask(blk); /* lane 0 */
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_set_cmpmask(blk + 16));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_set_cmpmask(host));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_set_cmpmask(ub + PTO_A2A3_UB_BYTES));
    f32[0] = 1.0f;
    pto_a2a3_vsel_b32(f32 + 64, f32, f32 + 128, 1, 1, 1, 1, 8, 8, 8); /* CMPMASK is still lane 0 alone */
    assert_true(f32[64] == 1.0f && f32[65] == 0.0f);
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vsel_scalar_b32(f32 + 64, f32, sel + 8, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vsel_scalar_b32(f32 + 65, f32, sel, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vsel_scalar_b32(f32 + 64, f32, host, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vsel_scalar_b32(f32 + 64, f32, NULL, 1, 1, 1, 8, 8));
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 5 * 64); /* five repeats: 40 bytes of bits, 32 left in UB */
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vsel_scalar_b32(f32 + 64, f32, ub + PTO_A2A3_UB_BYTES - 32, 0, 1, 1, 8, 8));
    pto_a2a3_set_mask_norm();
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vsel_scalar_b32(f32 + 64, f32, sel, 256, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vsel_scalar_b32(f32 + 64, f32, sel, 2, 1, 1, 8, 256));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vsel_scalar(8, f32 + 64, f32, sel, 1, 1, 1, 8, 8));
    pto_a2a3_set_vector_mask(0, 0);
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vsel_scalar_b32(f32 + 64, f32, sel, 1, 1, 1, 8, 8));
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    pto_a2a3_flag_v_to_s();
    pto_a2a3_sst_b32(ub, 0);
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_vsel_scalar_b32(f32 + 64, f32, sel, 1, 1, 1, 8, 8));
    pto_a2a3_flag_s_to_v();
    assert_int_equal(stats().instructions, 2);
}

/* vabs clears the sign bit on the stored bits (a NaN keeps its payload, signalling too; abs(-0) =
 * +0); vnot is ~x; vexp still rounds to each format itself */
static void vabs_vnot_and_vexp(void **state)
{
    static const uint32_t in32[8] = { 0xbfc00000u, 0x80000000u, 0x00000000u, 0xffc00123u,
                                      0xff800001u, 0xff800000u, 0x80000001u, 0x3f800000u };
    static const uint16_t in16[8] = { 0xbc00, 0x8000, 0xfe01, 0xfc01, 0xfc00, 0x8001, 0x7bff, 0xfbff };
    uint32_t *u = (uint32_t *)(void *)ub;
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    int16_t *s16 = (int16_t *)(void *)(ub + 8192);
    uint16_t *u16 = (uint16_t *)(void *)(ub + 12288);
    pto_a2a3_stats s;
    int i;
    (void)state;
    /* f32, counter mode over 100 lanes: two repeats, src's 16 blocks apart */
    for (i = 0; i < 100; i++) u[(i / 64) * 128 + i % 64] = in32[i % 8];
    for (i = 0; i < 128; i++) u[256 + i] = 0xeeeeeeeeu;
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 100);
    pto_a2a3_vabs_f32(f32 + 256, f32, 0, 1, 1, 8, 16);
    for (i = 0; i < 100; i++) assert_int_equal(u[256 + i], in32[i % 8] & 0x7fffffffu);
    for (i = 100; i < 128; i++) assert_int_equal(u[256 + i], 0xeeeeeeeeu); /* past the count: untouched */
    /* f16 in norm mode, lanes 0..7 of one repeat: an f16 signalling NaN (0xfc01) is not quieted */
    for (i = 0; i < 128; i++) { h[i] = in16[i % 8]; h[128 + i] = 0xeeee; }
    pto_a2a3_set_mask_norm();
    pto_a2a3_set_vector_mask(0, 0xff);
    pto_a2a3_vabs_f16(h + 128, h, 1, 1, 1, 8, 8);
    for (i = 0; i < 8; i++) assert_int_equal(h[128 + i], in16[i] & 0x7fff);
    assert_int_equal(h[128 + 8], 0xeeee); /* outside the mask: untouched */
    /* vnot on i16 and u16, in place */
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    for (i = 0; i < 128; i++) { s16[i] = (int16_t)(i * 517 - 32768); u16[i] = (uint16_t)(i * 1031); }
    pto_a2a3_vnot_i16(s16, s16, 1, 1, 1, 8, 8);
    pto_a2a3_vnot_u16(u16, u16, 1, 1, 1, 8, 8);
    for (i = 0; i < 128; i++) {
        assert_int_equal(s16[i], (int16_t)~(i * 517 - 32768));
        assert_int_equal(u16[i], (uint16_t)~(i * 1031));
    }
    /* vexp rounds to each format itself: e in f16 is 0x4170 (2.71875), exp(-inf) = +0 */
    h[0] = 0x3c00;
    h[1] = 0xfc00;
    h[2] = 0;
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 3);
    pto_a2a3_vexp_f16(h + 256, h, 0, 1, 1, 8, 8);
    assert_int_equal(h[256], 0x4170);
    assert_int_equal(h[257], 0);
    assert_int_equal(h[258], 0x3c00);
    u[0] = 0x3f800000u;
    pto_a2a3_set_vector_mask(0, 1);
    pto_a2a3_vexp_f32(f32 + 512, f32, 0, 1, 1, 8, 8);
    assert_int_equal(u[512], 0x402df854u); /* e in f32 */
    s = stats();
    assert_int_equal(s.by_op[PTO_A2A3_OP_VABS], 2);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_VABS], 2 + 1);
    assert_int_equal(s.by_op[PTO_A2A3_OP_VNOT], 2);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_VNOT], 2);
    assert_int_equal(s.by_op[PTO_A2A3_OP_VEXP], 2);
    assert_int_equal(s.instructions, 6);
    assert_int_equal(s.faults, 0);
}

/* vln, vsqrt, vrsqrt and vrec compute the contract's functions, rounded once to each format
 * itself, with its special values: 1, +0, -0, -1, +inf, 2, the least subnormal, NaN in; the bits
 * wanted are GNU MPFR's (tests/harness/ref.c) */
static void vln_vsqrt_vrsqrt_and_vrec(void **state)
{
    static const uint32_t in32[8] = { 0x3f800000u, 0, 0x80000000u, 0xbf800000u, 0x7f800000u, 0x40000000u, 1, 0x7fc00000u };
    static const uint16_t in16[8] = { 0x3c00, 0, 0x8000, 0xbc00, 0x7c00, 0x4000, 1, 0x7e00 };
    static const uint32_t want32[4][8] = {
        { 0, 0xff800000u, 0xff800000u, 0x7fc00000u, 0x7f800000u, 0x3f317218u, 0xc2ce8ed0u, 0x7fc00000u },
        { 0x3f800000u, 0, 0x80000000u, 0x7fc00000u, 0x7f800000u, 0x3fb504f3u, 0x1a3504f3u, 0x7fc00000u },
        { 0x3f800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0, 0x3f3504f3u, 0x64b504f3u, 0x7fc00000u },
        { 0x3f800000u, 0x7f800000u, 0xff800000u, 0xbf800000u, 0, 0x3f000000u, 0x7f800000u, 0x7fc00000u },
    };
    static const uint16_t want16[4][8] = {
        { 0, 0xfc00, 0xfc00, 0x7e00, 0x7c00, 0x398c, 0xcc29, 0x7e00 },
        { 0x3c00, 0, 0x8000, 0x7e00, 0x7c00, 0x3da8, 0x0c00, 0x7e00 },
        { 0x3c00, 0x7c00, 0xfc00, 0x7e00, 0, 0x39a8, 0x6c00, 0x7e00 },
        { 0x3c00, 0x7c00, 0xfc00, 0xbc00, 0, 0x3800, 0x7c00, 0x7e00 },
    };
    static const pto_a2a3_op ops[4] = { PTO_A2A3_OP_VLN, PTO_A2A3_OP_VSQRT, PTO_A2A3_OP_VRSQRT, PTO_A2A3_OP_VREC };
    void (*const f32s[4])(float *, const float *, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t) = {
        pto_a2a3_vln_f32, pto_a2a3_vsqrt_f32, pto_a2a3_vrsqrt_f32, pto_a2a3_vrec_f32 };
    void (*const f16s[4])(uint16_t *, const uint16_t *, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t) = {
        pto_a2a3_vln_f16, pto_a2a3_vsqrt_f16, pto_a2a3_vrsqrt_f16, pto_a2a3_vrec_f16 };
    uint32_t *u = (uint32_t *)(void *)ub;
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    pto_a2a3_stats s;
    int k, i;
    (void)state;
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 8);
    for (i = 0; i < 8; i++) {
        u[i] = in32[i];
        h[i] = in16[i];
    }
    for (k = 0; k < 4; k++) {
        for (i = 0; i < 16; i++) {
            u[64 + i] = 0xeeeeeeeeu;
            h[128 + i] = 0xeeee;
        }
        f32s[k](f32 + 64, f32, 1, 1, 1, 8, 8);
        f16s[k](h + 128, h, 1, 1, 1, 8, 8);
        for (i = 0; i < 8; i++) {
            if ((want32[k][i] & 0x7fffffffu) > 0x7f800000u) assert_true((u[64 + i] & 0x7fffffffu) > 0x7f800000u); /* any NaN */
            else assert_int_equal(u[64 + i], want32[k][i]);
            if ((want16[k][i] & 0x7fffu) > 0x7c00u) assert_true((h[128 + i] & 0x7fffu) > 0x7c00u);
            else assert_int_equal(h[128 + i], want16[k][i]);
        }
        assert_int_equal(u[64 + 8], 0xeeeeeeeeu); /* past the count: untouched */
        assert_int_equal(h[128 + 8], 0xeeee);
    }
    s = stats();
    for (k = 0; k < 4; k++) assert_int_equal(s.by_op[ops[k]], 2);
    assert_int_equal(s.faults, 0);
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vunary(PTO_A2A3_OP_VLN, PTO_BF16, h + 128, h, 1, 1, 1, 8, 8)); /* f32, f16 */
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vunary(PTO_A2A3_OP_VREC, PTO_I32, u + 64, u, 1, 1, 1, 8, 8));
}

static void vabs_and_vnot_rules(void **state)
{
    uint16_t *u16 = (uint16_t *)(void *)(ub + 4096);
    float host[64];
    (void)state;
    memset(host, 0, sizeof host);
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vunary(PTO_A2A3_OP_VABS, PTO_I32, f32, f32, 1, 1, 1, 8, 8)); /* floats only here */
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vunary(PTO_A2A3_OP_VNOT, PTO_I32, f32, f32, 1, 1, 1, 8, 8)); /* 16-bit lanes only */
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vunary(PTO_A2A3_OP_VADD, PTO_F32, f32, f32, 1, 1, 1, 8, 8)); /* two operands */
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vabs_f32(f32 + 4, f32, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vnot_u16(u16, u16 + 1, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vabs_f32(f32, host, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vabs_f32((float *)(void *)(ub + PTO_A2A3_UB_BYTES - 256), f32, 2, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vnot_u16(u16, u16, 256, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vabs_f32(f32, f32, 2, 1, 256, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vnot_u16(u16, u16, 2, 1, 1, 256, 8));
    pto_a2a3_set_vector_mask(1, 0); /* lane 64 of a 64-lane f32 repeat */
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vabs_f32(f32, f32, 1, 1, 1, 8, 8));
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    pto_a2a3_flag_v_to_s();
    pto_a2a3_sst_b32(ub, 0);
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_vnot_u16(u16, u16, 1, 1, 1, 8, 8));
    pto_a2a3_flag_s_to_v();
    assert_int_equal(stats().instructions, 0);
}

/* vcmpv: bit r*E + l of dst is the condition on lane l of repeat r of src0 and src1, LSB first,
 * E / 8 bytes a repeat, contiguous whatever the sources' strides; no mask; IEEE for floats */
static void vcmpv_compares_two_tiles_into_bits(void **state)
{
    static const uint8_t want[6] = { 0x09, 0x36, 0x02, 0x04, 0x0b, 0x0d }; /* lanes 0..5 per condition, enum order */
    uint32_t *u = (uint32_t *)(void *)ub;
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    int32_t *s32 = (int32_t *)(void *)(ub + 6144);
    uint8_t *bits = ub + 8192;
    pto_a2a3_stats s;
    int c, i;
    (void)state;
    /* lanes 0..5: 1 = 1, 1 < 2, 3 > 2, -0 = +0, NaN and 1, 1 and NaN */
    for (i = 0; i < 64; i++) { f32[i] = 5.0f; f32[64 + i] = 5.0f; }
    f32[0] = 1.0f; f32[64] = 1.0f;
    f32[1] = 1.0f; f32[65] = 2.0f;
    f32[2] = 3.0f; f32[66] = 2.0f;
    u[3] = 0x80000000u; f32[67] = 0.0f;
    u[4] = 0x7fc00000u; f32[68] = 1.0f;
    f32[5] = 1.0f; u[69] = 0x7fc00000u;
    for (i = 6; i < 64; i++) f32[64 + i] = 6.0f; /* lanes 6..: 5 < 6 */
    pto_a2a3_set_vector_mask(0, 1); /* the mask plays no part */
    for (c = PTO_A2A3_EQ; c <= PTO_A2A3_GE; c++) {
        memset(bits, 0xaa, 16);
        pto_a2a3_vcmpv_f32((pto_a2a3_cmp)c, bits, f32, f32 + 64, 1, 1, 1, 8, 8);
        assert_int_equal(bits[0] & 0x3f, want[c]);
        for (i = 6; i < 64; i++) /* 5 against 6 */
            assert_int_equal(bits[i / 8] >> (i % 8) & 1, c == PTO_A2A3_NE || c == PTO_A2A3_LT || c == PTO_A2A3_LE);
        assert_int_equal(bits[8], 0xaa); /* 8 bytes for one f32 repeat */
    }
    /* two repeats: src0's 16 blocks apart, src1 one block for every block (block and repeat stride 0) */
    for (i = 0; i < 64; i++) { f32[256 + i] = (float)i; f32[384 + i] = (float)(64 + i); f32[320 + i] = -1.0f; }
    for (i = 0; i < 8; i++) f32[512 + i] = 70.0f;
    memset(bits, 0xaa, 32);
    pto_a2a3_vcmpv_f32(PTO_A2A3_GE, bits, f32 + 256, f32 + 512, 2, 1, 0, 16, 0);
    for (i = 0; i < 8; i++) assert_int_equal(bits[i], 0);
    assert_int_equal(bits[8], 0xc0); /* lanes 6 and 7 of repeat 1: 70, 71 */
    for (i = 9; i < 16; i++) assert_int_equal(bits[i], 0xff);
    assert_int_equal(bits[16], 0xaa); /* past the two repeats: untouched */
    /* f16: 16 bytes a repeat; i32: EQ */
    for (i = 0; i < 128; i++) { h[i] = i % 2 ? 0x4000 : 0x3c00; h[128 + i] = 0x3e00; } /* 2 or 1 against 1.5 */
    pto_a2a3_vcmpv_f16(PTO_A2A3_LT, bits + 32, h, h + 128, 1, 1, 1, 8, 8);
    for (i = 0; i < 16; i++) assert_int_equal(bits[32 + i], 0x55);
    for (i = 0; i < 64; i++) { s32[i] = i; s32[64 + i] = i % 3 == 0 ? i : -i; }
    pto_a2a3_vcmpv_i32(PTO_A2A3_EQ, bits + 64, s32, s32 + 64, 1, 1, 1, 8, 8);
    for (i = 0; i < 64; i++) assert_int_equal(bits[64 + i / 8] >> (i % 8) & 1, i % 3 == 0);
    s = stats();
    assert_int_equal(s.by_op[PTO_A2A3_OP_VCMPV], 6 + 3);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_VCMPV], 6 + 2 + 1 + 1);
    assert_int_equal(s.by_op[PTO_A2A3_OP_VCMPVS], 0);
    assert_int_equal(s.faults, 0);
}

static void vcmpv_rules(void **state)
{
    uint8_t *bits = ub + 8192;
    int32_t *s32 = (int32_t *)(void *)(ub + 4096);
    float host[64];
    (void)state;
    memset(host, 0, sizeof host);
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits + 8, f32, f32 + 64, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32 + 1, f32 + 64, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32, f32 + 65, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, ub + PTO_A2A3_UB_BYTES - 32, f32, f32, 5, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32, host, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32, NULL, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32,
                                                         (const float *)(const void *)(ub + PTO_A2A3_UB_BYTES - 128), 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32, f32, 256, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32, f32, 2, 1, 256, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32, f32, 2, 1, 1, 8, 256));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpv_f32((pto_a2a3_cmp)6, bits, f32, f32, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpv(PTO_A2A3_EQ, PTO_U16, bits, f32, f32, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpv(PTO_A2A3_EQ, PTO_I16, bits, f32, f32, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpv_i32(PTO_A2A3_LT, bits, s32, s32, 1, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmpv_i32(PTO_A2A3_NE, bits, s32, s32, 1, 1, 1, 8, 8));
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 64);
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32, f32, 1, 1, 1, 8, 8));
    pto_a2a3_set_mask_norm();
    pto_a2a3_sst_b32(ub, 0);
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_vcmpv_f32(PTO_A2A3_EQ, bits, f32, f32, 1, 1, 1, 8, 8));
    pto_a2a3_flag_s_to_v();
    assert_int_equal(stats().instructions, 0);
}

/* The UB address a kernel puts in CMPMASK for vsel mode 2: writes it with vector_dup into a block,
 * then set_cmpmask */
static void cmpmask_address(uint8_t *blk, const void *sel)
{
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 8);
    pto_a2a3_vector_dup_b32(blk, pto_a2a3_ub_offset(sel), 0, 1, 8);
    pto_a2a3_set_mask_norm();
    pto_a2a3_set_cmpmask(blk);
}

/* vsel mode 2: lane l of repeat r of dst = bit r*E + l of the bits at CMPMASK's UB address ? src0
 * : src1; the bits are contiguous across repeats whatever the strides; lanes outside the mask keep
 * dst */
static void vsel_tensor_selects_by_bits_at_cmpmask_address(void **state)
{
    uint32_t *u = (uint32_t *)(void *)ub;
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    uint8_t *blk = ub + 8192, *sel = ub + 8192 + 64;
    uint8_t host[32];
    pto_a2a3_stats s;
    int i;
    (void)state;
    assert_int_equal(pto_a2a3_ub_offset(ub), 0);
    assert_int_equal(pto_a2a3_ub_offset(sel), 8192 + 64);
    assert_int_equal(pto_a2a3_ub_offset(ub + PTO_A2A3_UB_BYTES - 1), PTO_A2A3_UB_BYTES - 1);
    assert_int_equal(pto_a2a3_ub_offset(ub + PTO_A2A3_UB_BYTES), UINT32_MAX);
    assert_int_equal(pto_a2a3_ub_offset(host), UINT32_MAX);
    cmpmask_address(blk, sel);
    for (i = 0; i < 128; i++) { f32[i] = (float)i; f32[256 + i] = 7.0f; f32[384 + i] = -(float)i; }
    for (i = 0; i < 128; i++)
        if (i % 3 == 0) sel[i / 8] |= (uint8_t)(1u << (i % 8));
    /* counter mode, 100 lanes: two repeats, bits 0..63 then 64..99 */
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 100);
    pto_a2a3_vsel_tensor_b32(f32 + 256, f32, f32 + 384, 0, 1, 1, 1, 8, 8, 8);
    for (i = 0; i < 100; i++) assert_true(f32[256 + i] == (i % 3 == 0 ? (float)i : -(float)i));
    for (i = 100; i < 128; i++) assert_true(f32[256 + i] == 7.0f); /* past the count: untouched */
    /* norm mode, lanes 4..7, two repeats: src1 one block for all (strides 0), dst's repeats 16 blocks apart */
    pto_a2a3_set_mask_norm();
    pto_a2a3_set_vector_mask(0, 0xf0);
    for (i = 0; i < 256; i++) f32[512 + i] = 7.0f;
    pto_a2a3_vsel_tensor_b32(f32 + 512, f32, f32 + 384, 2, 1, 1, 0, 16, 8, 0);
    for (i = 0; i < 256; i++) {
        const int r = i / 128, l = i % 128;
        const float want = l < 4 || l > 7 ? 7.0f : (r * 64 + l) % 3 == 0 ? (float)(r * 64 + l) : -(float)l;
        assert_true(f32[512 + i] == want);
    }
    /* 16-bit lanes: E = 128 bits a repeat; repeat 0's all clear, repeat 1's all set */
    memset(sel, 0, 16);
    memset(sel + 16, 0xff, 16);
    for (i = 0; i < 256; i++) { h[i] = (uint16_t)i; h[256 + i] = 0xabcd; }
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    pto_a2a3_vsel_tensor_b16(h + 512, h, h + 256, 2, 1, 1, 1, 8, 8, 8);
    for (i = 0; i < 256; i++) assert_int_equal(h[512 + i], i < 128 ? 0xabcd : i);
    /* CMPMASK's other bits are not read: mode 0 would take them as lanes */
    memset(blk, 0xff, 16);
    u[2048] = 8192 + 64;
    pto_a2a3_set_cmpmask(blk);
    pto_a2a3_vsel_tensor_b16(h + 512, h + 256, h, 1, 1, 1, 1, 8, 8, 8);
    for (i = 0; i < 128; i++) assert_int_equal(h[512 + i], i);
    s = stats();
    assert_int_equal(s.by_op[PTO_A2A3_OP_VSEL], 4);
    assert_int_equal(s.repeats_by_op[PTO_A2A3_OP_VSEL], 2 + 2 + 2 + 1);
    assert_int_equal(s.by_op[PTO_A2A3_OP_SET_CMPMASK], 2);
    assert_int_equal(s.faults, 0);
}

static void vsel_tensor_rules(void **state)
{
    uint8_t *blk = ub + 8192, *sel = ub + 8192 + 64;
    uint8_t host[32]; /* not UB: its address only */
    (void)state;
    cmpmask_address(blk, sel + 8); /* not block aligned */
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 128, 1, 1, 1, 1, 8, 8, 8));
    cmpmask_address(blk, host); /* no UB address */
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 128, 1, 1, 1, 1, 8, 8, 8));
    cmpmask_address(blk, ub + PTO_A2A3_UB_BYTES - 32); /* five repeats: 40 bytes of bits, 32 left in UB */
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 128, 5, 1, 1, 1, 8, 8, 8));
    pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 128, 4, 1, 1, 1, 8, 8, 8); /* four: 32 bytes, the last of UB */
    cmpmask_address(blk, sel);
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vsel_tensor_b32(f32 + 65, f32, f32 + 128, 1, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 129, 1, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, host, 1, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 128, 256, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 128, 2, 1, 1, 1, 8, 8, 256));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vsel_tensor(8, f32 + 64, f32, f32 + 128, 1, 1, 1, 1, 8, 8, 8));
    pto_a2a3_set_vector_mask(0, 0);
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 128, 1, 1, 1, 1, 8, 8, 8));
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    pto_a2a3_flag_v_to_s();
    pto_a2a3_sst_b32(ub, 0);
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_vsel_tensor_b32(f32 + 64, f32, f32 + 128, 1, 1, 1, 1, 8, 8, 8));
    pto_a2a3_flag_s_to_v();
    assert_int_equal(stats().by_op[PTO_A2A3_OP_VSEL], 1);
}

static void broken_rules_are_faults_that_change_nothing(void **state)
{
    float host[64];
    (void)state;
    memset(host, 0, sizeof host);
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vadd_f32(f32, f32, f32, 256, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vadd_f32(f32, f32, f32, 2, 1, 1, 1, 256, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vadd_f32(f32, f32, f32, 1, 1, 300, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vadd_f32(f32 + 4, f32, f32, 1, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vadd_f32(f32, host, f32, 1, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vadd_f32((float *)(void *)(ub + PTO_A2A3_UB_BYTES - 256), f32, f32, 2, 1, 1, 1, 8, 8, 8));
    pto_a2a3_set_vector_mask(1, ~(uint64_t)0); /* lane 64 of a 64-lane f32 repeat */
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vadd_f32(f32, f32, f32, 1, 1, 1, 1, 8, 8, 8));
    pto_a2a3_set_vector_mask(0, 0);
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vadd_f32(f32, f32, f32, 1, 1, 1, 1, 8, 8, 8));
    pto_a2a3_set_mask_count();
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vadd_f32(f32, f32, f32, 0, 1, 1, 1, 8, 8, 8));
    pto_a2a3_set_mask_norm();
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vbinary(PTO_A2A3_OP_VDIV, PTO_I32, f32, f32, f32, 1, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vreducev2_b32(f32, f32, 3, 1, 1, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmax_f32(f32 + 1, f32, 1, 1, 1, 8, PTO_A2A3_VALUE_INDEX));
    /* vcmin: the rules of vcmax */
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmin_f32(f32 + 1, f32, 1, 1, 1, 8, PTO_A2A3_VALUE_INDEX));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vcmin_f32(f32, f32 + 4, 1, 1, 1, 8, PTO_A2A3_ONLY_INDEX));
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vcmin_f32(f32, f32, 256, 1, 1, 8, PTO_A2A3_ONLY_INDEX));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vcmin_f32(f32, f32, 2, 256, 1, 8, PTO_A2A3_ONLY_INDEX));
    EXPECT_FAULT(PTO_A2A3_HW_STRIDE, pto_a2a3_vcmin_f32(f32, f32, 2, 1, 1, 256, PTO_A2A3_ONLY_INDEX));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmin_f32(f32, host, 1, 1, 1, 8, PTO_A2A3_VALUE_INDEX));
    EXPECT_FAULT(PTO_A2A3_HW_UB_BOUNDS, pto_a2a3_vcmin_f32((float *)(void *)(ub + PTO_A2A3_UB_BYTES - 32), f32, 2, 8, 1, 8,
                                                          PTO_A2A3_VALUE_INDEX));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vcmin_f32(f32, f32, 1, 1, 1, 8, (pto_a2a3_order)3));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vreduce(PTO_A2A3_OP_VCMIN, PTO_I32, f32, f32, 1, 1, 1, 8, PTO_A2A3_VALUE_INDEX));
    pto_a2a3_set_vector_mask(1, 0); /* lane 64 of a 64-lane f32 repeat */
    EXPECT_FAULT(PTO_A2A3_HW_MASK, pto_a2a3_vcmin_f32(f32, f32, 1, 1, 1, 8, PTO_A2A3_VALUE_INDEX));
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vbrcb_b32(f32, f32 + 64, 1, 8, 256));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, (void)pto_a2a3_sld_b32(ub + 2));
    assert_int_equal(stats().instructions, 0);
}

/* vshl/vshr take counts below the width only; vand/vor are on the bits; vlrelu keeps -0 */
static void shifts_bitwise_and_lrelu(void **state)
{
    int16_t *s16 = (int16_t *)(void *)ub;
    uint16_t *u16 = (uint16_t *)(void *)(ub + 1024);
    float *f = (float *)(void *)(ub + 2048);
    (void)state;
    s16[0] = 3;
    s16[1] = -32768;
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 2);
    pto_a2a3_vshl_i16(s16 + 16, s16, (int16_t)15, 0, 1, 1, 8, 8);
    assert_int_equal((uint16_t)s16[16], 0x8000); /* 3 << 15 on the bits */
    assert_int_equal(s16[17], 0);
    pto_a2a3_vshr_i16(s16 + 32, s16, (int16_t)15, 0, 1, 1, 8, 8);
    assert_int_equal(s16[32], 0);
    assert_int_equal(s16[33], -1); /* arithmetic */
    u16[0] = 0x8000;
    u16[16] = 0x0ff0;
    pto_a2a3_vshr_u16(u16 + 32, u16, (uint16_t)15, 0, 1, 1, 8, 8);
    assert_int_equal(u16[32], 1); /* logical */
    pto_a2a3_vand_u16(u16 + 48, u16, u16 + 16, 0, 1, 1, 1, 8, 8, 8);
    assert_int_equal(u16[48], 0);
    pto_a2a3_vor_u16(u16 + 48, u16, u16 + 16, 0, 1, 1, 1, 8, 8, 8);
    assert_int_equal(u16[48], 0x8ff0);
    f[0] = -0.0f;
    f[1] = -4.0f;
    pto_a2a3_vlrelu_f32(f + 8, f, 0.5f, 0, 1, 1, 8, 8);
    assert_int_equal(((uint32_t *)(void *)f)[8], 0x80000000u); /* -0 >= 0: kept */
    assert_true(f[9] == -2.0f);
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vshl_i16(s16 + 16, s16, (int16_t)16, 0, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vshr_i16(s16 + 16, s16, (int16_t)-1, 0, 1, 1, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vshl_u16(u16 + 16, u16, (uint16_t)255, 0, 1, 1, 8, 8));
}

static void scalar_and_vector_hand_over_through_flags(void **state)
{
    (void)state;
    pto_a2a3_vadd_f32(f32, f32, f32, 1, 1, 1, 1, 8, 8, 8);
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, (void)pto_a2a3_sld_b32(ub));
    pto_a2a3_flag_v_to_s();
    pto_a2a3_sst_b32(ub, 0x3f800000u);
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_vadd_f32(f32, f32, f32, 1, 1, 1, 1, 8, 8, 8));
    EXPECT_FAULT(PTO_A2A3_HW_FLAG, pto_a2a3_vcmin_f32(f32 + 64, f32, 1, 1, 1, 8, PTO_A2A3_VALUE_INDEX));
    pto_a2a3_flag_s_to_v();
    pto_a2a3_vadd_f32(f32, f32, f32, 1, 1, 1, 1, 8, 8, 8);
    assert_true(f32[0] == 2.0f);
    assert_int_equal(stats().scalar_stores, 1);
}

static void repeat_256(void) { pto_a2a3_vadd_f32(f32, f32, f32, 256, 1, 1, 1, 8, 8, 8); }

static void without_a_handler_a_fault_traps(void **state)
{
    (void)state;
    expect_trap(repeat_256);
}

/* vconv: TCVT's conversion per active lane; a repeat of E = 256 / the wider element's bytes lanes
 * (f32 -> f16: 64 lanes, the f16 side stepping 4 blocks a repeat); the modes as arguments. */
static void vconv_converts_by_the_contract(void **state)
{
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    int32_t *w = (int32_t *)(void *)(ub + 8192);
    int i;
    (void)state;
    for (i = 0; i < 130; i++) f32[i] = (float)i + 0.5f;
    f32[129] = 70000.0f;
    pto_a2a3_set_mask_count();
    pto_a2a3_set_vector_mask(0, 130);
    pto_a2a3_vconv(PTO_F16, PTO_F32, PTO_ROUND_RINT, PTO_SAT_ON, h, f32, 0, 1, 1, 4, 8);
    assert_int_equal(h[0], 0x3800);   /* 0.5 */
    assert_int_equal(h[1], 0x3e00);   /* 1.5 */
    assert_int_equal(h[129], 0x7bff); /* 70000 saturates to 65504 */
    assert_int_equal(h[130], 0);      /* past the count: untouched */
    assert_int_equal(stats().repeats, 3);
    pto_a2a3_vconv(PTO_I32, PTO_F32, PTO_ROUND_RINT, PTO_SAT_ON, w, f32, 0, 1, 1, 8, 8);
    assert_int_equal(w[0], 0);        /* 0.5: ties to even */
    assert_int_equal(w[1], 2);        /* 1.5 */
    assert_int_equal(w[2], 2);        /* 2.5 */
    pto_a2a3_vconv(PTO_I32, PTO_F32, PTO_ROUND_ROUND, PTO_SAT_ON, w, f32, 0, 1, 1, 8, 8);
    assert_int_equal(w[2], 3);        /* ties away from zero */
    pto_a2a3_set_vector_mask(0, 4);
    f32[0] = -40000.0f;
    pto_a2a3_vconv(PTO_I16, PTO_F32, PTO_ROUND_TRUNC, PTO_SAT_OFF, h, f32, 0, 1, 1, 4, 8);
    assert_int_equal(h[0], (uint16_t)(-40000 & 0xffff)); /* OFF: the low bits */
    assert_int_equal(stats().faults, 0);
    pto_a2a3_set_mask_norm();
    pto_a2a3_set_vector_mask(~(uint64_t)0, ~(uint64_t)0);
}

static void vconv_rules(void **state)
{
    uint16_t *h = (uint16_t *)(void *)(ub + 4096);
    (void)state;
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vconv(PTO_F16, PTO_F32, (pto_round)7, PTO_SAT_ON, h, f32, 1, 1, 1, 4, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vconv(PTO_F16, PTO_F32, PTO_ROUND_RINT, PTO_SAT_DEFAULT, h, f32, 1, 1, 1, 4, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ARG, pto_a2a3_vconv((pto_dtype)99, PTO_F32, PTO_ROUND_RINT, PTO_SAT_ON, h, f32, 1, 1, 1, 4, 8));
    EXPECT_FAULT(PTO_A2A3_HW_ALIGN, pto_a2a3_vconv(PTO_F16, PTO_F32, PTO_ROUND_RINT, PTO_SAT_ON, h + 1, f32, 1, 1, 1, 4, 8));
    EXPECT_FAULT(PTO_A2A3_HW_REPEAT, pto_a2a3_vconv(PTO_F16, PTO_F32, PTO_ROUND_RINT, PTO_SAT_ON, h, f32, 256, 1, 1, 4, 8));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(vconv_converts_by_the_contract, setup),
        cmocka_unit_test_setup(vconv_rules, setup),
        cmocka_unit_test_setup(sizes, setup),
        cmocka_unit_test_setup(norm_mode_repeats_and_counts, setup),
        cmocka_unit_test_setup(counter_mode_covers_exactly_the_count, setup),
        cmocka_unit_test_setup(sparse_mask_and_block_broadcast, setup),
        cmocka_unit_test_setup(f16_and_integers_follow_the_contract, setup),
        cmocka_unit_test_setup(vcmax_keeps_the_first_maximum_and_the_first_nan, setup),
        cmocka_unit_test_setup(vcmin_keeps_the_first_minimum_and_the_first_nan, setup),
        cmocka_unit_test_setup(vcadd_sums_the_active_lanes_by_the_adjacent_pair_tree, setup),
        cmocka_unit_test_setup(vbrcb_and_vreducev2_move_bits, setup),
        cmocka_unit_test_setup(vcopy_moves_the_active_lanes, setup),
        cmocka_unit_test_setup(vcmp_and_vsel_select_by_cmpmask, setup),
        cmocka_unit_test_setup(vcmpvs_writes_a_bit_per_lane_across_repeats, setup),
        cmocka_unit_test_setup(vcmpvs_nan_and_i32_eq, setup),
        cmocka_unit_test_setup(vcmpvs_rules, setup),
        cmocka_unit_test_setup(set_cmpmask_and_vsel_scalar, setup),
        cmocka_unit_test_setup(set_cmpmask_and_vsel_scalar_rules, setup),
        cmocka_unit_test_setup(vabs_vnot_and_vexp, setup),
        cmocka_unit_test_setup(vln_vsqrt_vrsqrt_and_vrec, setup),
        cmocka_unit_test_setup(vabs_and_vnot_rules, setup),
        cmocka_unit_test_setup(vcmpv_compares_two_tiles_into_bits, setup),
        cmocka_unit_test_setup(vcmpv_rules, setup),
        cmocka_unit_test_setup(vsel_tensor_selects_by_bits_at_cmpmask_address, setup),
        cmocka_unit_test_setup(vsel_tensor_rules, setup),
        cmocka_unit_test_setup(broken_rules_are_faults_that_change_nothing, setup),
        cmocka_unit_test_setup(shifts_bitwise_and_lrelu, setup),
        cmocka_unit_test_setup(scalar_and_vector_hand_over_through_flags, setup),
        cmocka_unit_test_setup(without_a_handler_a_fault_traps, setup),
    };
    return cmocka_run_group_tests_name("a2a3.sim", tests, NULL, NULL);
}
