/* The movement kernels' remap on walks the generated tests' shapes (at most a few KiB, as wide as
 * tall) never reach:
 * - regions past half of L1 whose column blocks on one side are a multiple of 4 KiB apart: there
 *   a chunk of column blocks is short (gen/kinds/_remap.py CHUNK_ALIASED), so the region is
 *   walked in many chunks;
 * - regions of whole 16 x 16 blocks of a 16-bit transpose with more bands than blocks across,
 *   walked down each column of blocks (templates/cpu/remap_blocks.j2 __even).
 * Each case runs in every supported ISA variant, on the whole tile and on a valid region that
 * ends inside the last boxes (blocks), and checks every element of dst against the element (i, j)
 * of src by the public index maps (pto/pto_layout.h), and that nothing outside dst's valid region
 * changed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "pto/pto_cpu_isa.h"
#include "pto/pto_layout.h"
#include "pto/tload.h" /* not pto.h: only these three are linked (gen/configure.py unit_instructions) */
#include "pto/tmov.h"
#include "pto/ttrans.h"

#define MAX_ELEMS (128 * 256)
#define SENTINEL 0xa5u

static uint32_t src_data[MAX_ELEMS], dst_data[MAX_ELEMS];

/* src's elements: a distinct pattern per element, as 16-bit or 32-bit values */
static void fill_src(unsigned eb)
{
    size_t k;
    for (k = 0; k < MAX_ELEMS; k++) {
        if (eb == 2) ((uint16_t *)src_data)[k] = (uint16_t)(k * 40503u + 7u);
        else src_data[k] = (uint32_t)(k * 2654435761u + 7u);
    }
}

static uint32_t elem(const void *base, unsigned eb, size_t at)
{
    return eb == 2 ? ((const uint16_t *)base)[at] : ((const uint32_t *)base)[at];
}

/* Every element of dst's storage: (i, j) of the valid region holds src's element at src_at(i, j)
 * (transposed: (j, i)); every other byte is still the sentinel */
typedef size_t (*src_at_fn)(const void *src, size_t i, size_t j);

static void check_dst(const pto_tile *d, unsigned eb, const void *src, src_at_fn src_at, int transposed)
{
    static unsigned char touched[MAX_ELEMS * 4];
    const unsigned char *bytes = (const unsigned char *)dst_data;
    size_t i, j, k, wrong = 0;
    memset(touched, 0, sizeof touched);
    for (i = 0; i < d->valid_rows; i++)
        for (j = 0; j < d->valid_cols; j++) {
            const size_t at = pto_tile_offset(d, eb, (uint32_t)i, (uint32_t)j);
            const size_t from = transposed ? src_at(src, j, i) : src_at(src, i, j);
            if (elem(dst_data, eb, at) != elem(src_data, eb, from) && wrong++ < 4)
                print_error("dst (%zu, %zu) at %zu: %#x, expected %#x\n", i, j, at, (unsigned)elem(dst_data, eb, at),
                            (unsigned)elem(src_data, eb, from));
            memset(touched + at * eb, 1, eb);
        }
    for (k = 0; k < (size_t)d->rows * d->cols * eb; k++)
        if (!touched[k] && bytes[k] != SENTINEL && wrong++ < 4) print_error("byte %zu outside the valid region written\n", k);
    assert_int_equal(wrong, 0);
}

/* The call under test and its operands (file scope: the callbacks take no arguments) */
static const pto_gm *the_gm;
static const pto_tile *the_src, *the_dst;
static size_t gm_at(const void *src, size_t i, size_t j) { (void)src; return (size_t)pto_gm_offset(the_gm, i, j); }
static size_t tile_at(const void *src, size_t i, size_t j)
{
    (void)src;
    return pto_tile_offset(the_src, the_src->dtype == PTO_F32 ? 4 : 2, (uint32_t)i, (uint32_t)j);
}
static pto_status call_tload(void) { return pto_cpu_tload(the_dst, the_gm); }
static pto_status call_ttrans(void) { return pto_cpu_ttrans(the_dst, the_src, NULL); }
static pto_status call_tmov(void) { return pto_cpu_tmov(the_dst, the_src, PTO_RELU_NONE); }

/* The call once in each supported ISA variant (dst refilled with the sentinel before each), then
 * the automatic choice restored */
static void each_isa(pto_status (*call)(void), unsigned eb, src_at_fn src_at, int transposed)
{
    int v;
    for (v = PTO_CPU_ISA_BASELINE; v < PTO_CPU_ISA_COUNT; v++) {
        if (!pto_cpu_isa_supported((pto_cpu_isa)v)) continue;
        assert_int_equal(pto_cpu_set_isa((pto_cpu_isa)v), 1);
        memset(dst_data, SENTINEL, sizeof dst_data);
        assert_int_equal(call(), PTO_OK);
        check_dst(the_dst, eb, src_data, src_at, transposed);
    }
    assert_int_equal(pto_cpu_set_isa(PTO_CPU_ISA_AUTO), 1);
}

/* The large regions' valid regions: the whole 128 x 256 and one that ends inside the last boxes */
static const uint32_t large[2][2] = { { 128, 256 }, { 120, 250 } };
#define EACH_VALID(valid, vr, vc) for (c = 0; c < 2 && (vr = valid[c][0], vc = valid[c][1], 1); c++)

/* TLOAD GM DN -> MAT Zn, f16: the tensor's columns 256 bytes apart, a block of 16 of them 4 KiB */
static void tload_dn_zn(void **state)
{
    uint32_t vr, vc;
    size_t c;
    (void)state;
    fill_src(2);
    EACH_VALID(large, vr, vc) {
        const pto_gm g = { src_data, PTO_F16, PTO_GM_DN, { 1, 1, 1, vr, vc }, { 0, 0, 0, 1, 128 } };
        const pto_tile d = { dst_data, PTO_F16, PTO_MAT, PTO_ROW_MAJOR, PTO_BOX_COL_MAJOR, 128, 256, vr, vc };
        the_gm = &g, the_dst = &d;
        each_isa(call_tload, 2, gm_at, 0);
    }
}

/* A tile-to-tile move: src's and dst's descriptors but for their valid regions */
typedef struct {
    const char *name;
    pto_status (*call)(void);
    pto_tile src, dst;   /* data, valid_rows and valid_cols set per region */
    unsigned eb;
    int transposed;      /* dst's valid region is src's transposed */
    uint32_t valid[2][2]; /* src's valid regions: the whole tile and a partial one */
} move_case;

/* The move of a case (cmocka's state), on each of its valid regions */
static void tile_move(void **state)
{
    const move_case *m = (const move_case *)*state;
    uint32_t vr, vc;
    size_t c;
    fill_src(m->eb);
    EACH_VALID(m->valid, vr, vc) {
        pto_tile s = m->src, d = m->dst;
        s.data = src_data, s.valid_rows = vr, s.valid_cols = vc;
        d.data = dst_data, d.valid_rows = m->transposed ? vc : vr, d.valid_cols = m->transposed ? vr : vc;
        the_src = &s, the_dst = &d;
        each_isa(m->call, m->eb, tile_at, m->transposed);
    }
}

#define TILE(dtype, loc, bl, sl, rows, cols) { NULL, PTO_##dtype, PTO_##loc, PTO_##bl, PTO_##sl, rows, cols, 0, 0 }
static const move_case moves[] = {
    /* TTRANS VEC ND f16 128 x 256 -> 256 x 128: dst's rows 256 bytes apart, 16 of them 4 KiB */
    { "ttrans_nd", call_ttrans,
      TILE(F16, VEC, ROW_MAJOR, NONE_BOX, 128, 256), TILE(F16, VEC, ROW_MAJOR, NONE_BOX, 256, 128),
      2, 1, { { 128, 256 }, { 120, 250 } } },
    /* TMOV MAT Nz -> LEFT Nz, f32 128 x 256: a column of boxes is 128 rows of 32 bytes, 4 KiB */
    { "tmov_nz_nz", call_tmov,
      TILE(F32, MAT, COL_MAJOR, BOX_ROW_MAJOR, 128, 256), TILE(F32, LEFT, COL_MAJOR, BOX_ROW_MAJOR, 128, 256),
      4, 0, { { 128, 256 }, { 120, 250 } } },
    /* taller than wide in whole 16 x 16 blocks: TTRANS VEC ND f16 64 x 32 (4 bands of 2 blocks) */
    { "ttrans_tall", call_ttrans,
      TILE(F16, VEC, ROW_MAJOR, NONE_BOX, 64, 32), TILE(F16, VEC, ROW_MAJOR, NONE_BOX, 32, 64),
      2, 1, { { 64, 32 }, { 60, 30 } } },
    /* TMOV MAT Nz -> RIGHT Zn f16 96 x 32 (6 bands of 2 boxes, each transposed in place) */
    { "tmov_nz_zn_tall", call_tmov,
      TILE(F16, MAT, COL_MAJOR, BOX_ROW_MAJOR, 96, 32), TILE(F16, RIGHT, ROW_MAJOR, BOX_COL_MAJOR, 96, 32),
      2, 0, { { 96, 32 }, { 90, 20 } } },
    /* TMOV VEC ND -> RIGHT Zn f16 48 x 16 (3 bands of 1 box) */
    { "tmov_nd_zn_tall", call_tmov,
      TILE(F16, VEC, ROW_MAJOR, NONE_BOX, 48, 16), TILE(F16, RIGHT, ROW_MAJOR, BOX_COL_MAJOR, 48, 16),
      2, 0, { { 48, 16 }, { 40, 9 } } },
};

int main(void)
{
    struct CMUnitTest tests[1 + sizeof moves / sizeof *moves] = { cmocka_unit_test(tload_dn_zn) };
    size_t k;
    for (k = 0; k < sizeof moves / sizeof *moves; k++) {
        const struct CMUnitTest t = { moves[k].name, tile_move, NULL, NULL, (void *)&moves[k] };
        tests[k + 1] = t;
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
