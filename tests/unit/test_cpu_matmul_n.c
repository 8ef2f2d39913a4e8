/* The contract's n for every matmul form, written here by hand rather than derived from the spec's
 * rules (the generated rejections come from those rules, so a rule lost from a spec would take its
 * tests with it; TMATMUL_ACC's and _BIAS's n_match once was): c's valid columns must be b's
 * (docs/contract.md section 5, "For every matmul, c's valid region is exactly m x n"). A c one
 * column narrower or wider than b is PTO_ERR_VALID with c's bytes untouched; the same call with c
 * as wide as b is PTO_OK. b's valid columns fill its storage, so a kernel that took c's width
 * would read past b. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "pto/tgemv.h" /* not pto.h: only these six are linked (gen/configure.py unit_instructions) */
#include "pto/tgemv_acc.h"
#include "pto/tgemv_bias.h"
#include "pto/tmatmul.h"
#include "pto/tmatmul_acc.h"
#include "pto/tmatmul_bias.h"

enum { M = 3, K = 8, N = 16, C_COLS = 32 };

static float a_data[16 * K], b_data[K * N], c_data[16 * C_COLS], bias_data[C_COLS];

/* One form: the call with c (c_out and c_in: the very same tile) and the tiles below */
typedef pto_status (*form_call)(pto_tile *c, const pto_tile *a, const pto_tile *b, const pto_tile *bias);

#define FORM(name, call)                                                                               \
    static pto_status name(pto_tile *c, const pto_tile *a, const pto_tile *b, const pto_tile *bias) \
    {                                                                                              \
        (void)bias;                                                                                \
        return call;                                                                               \
    }
FORM(mm, pto_cpu_tmatmul(c, a, b))
FORM(mm_acc, pto_cpu_tmatmul_acc(c, c, a, b))
FORM(mm_bias, pto_cpu_tmatmul_bias(c, a, b, bias))
FORM(mv, pto_cpu_tgemv(c, a, b))
FORM(mv_acc, pto_cpu_tgemv_acc(c, c, a, b))
FORM(mv_bias, pto_cpu_tgemv_bias(c, a, b, bias))

static void check_form(form_call call, uint32_t m)
{
    /* f32: a LEFT Nz, b RIGHT Zn, c ACC Nz, bias BIAS ND, each whole boxes of its location */
    pto_tile a = { a_data, PTO_F32, PTO_LEFT, PTO_COL_MAJOR, PTO_BOX_ROW_MAJOR, 16, K, m, K };
    pto_tile b = { b_data, PTO_F32, PTO_RIGHT, PTO_ROW_MAJOR, PTO_BOX_COL_MAJOR, K, N, K, N };
    pto_tile bias = { bias_data, PTO_F32, PTO_BIAS, PTO_ROW_MAJOR, PTO_NONE_BOX, 1, C_COLS, 1, C_COLS };
    static const uint32_t wrong[] = { N - 1, N + 1, C_COLS };
    unsigned char before[sizeof c_data];
    size_t k;
    for (k = 0; k < sizeof wrong / sizeof *wrong; k++) {
        pto_tile c = { c_data, PTO_F32, PTO_ACC, PTO_COL_MAJOR, PTO_BOX_ROW_MAJOR, 16, C_COLS, m, wrong[k] };
        memset(c_data, 0xa5, sizeof c_data);
        memcpy(before, c_data, sizeof c_data);
        assert_int_equal(call(&c, &a, &b, &bias), PTO_ERR_VALID);
        assert_memory_equal(c_data, before, sizeof c_data);
    }
    {
        pto_tile c = { c_data, PTO_F32, PTO_ACC, PTO_COL_MAJOR, PTO_BOX_ROW_MAJOR, 16, C_COLS, m, N };
        memset(c_data, 0, sizeof c_data);
        assert_int_equal(call(&c, &a, &b, &bias), PTO_OK);
    }
}

static void tmatmul_n(void **state) { (void)state; check_form(mm, M); }
static void tmatmul_acc_n(void **state) { (void)state; check_form(mm_acc, M); }
static void tmatmul_bias_n(void **state) { (void)state; check_form(mm_bias, M); }
static void tgemv_n(void **state) { (void)state; check_form(mv, 1); }
static void tgemv_acc_n(void **state) { (void)state; check_form(mv_acc, 1); }
static void tgemv_bias_n(void **state) { (void)state; check_form(mv_bias, 1); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tmatmul_n), cmocka_unit_test(tmatmul_acc_n), cmocka_unit_test(tmatmul_bias_n),
        cmocka_unit_test(tgemv_n),   cmocka_unit_test(tgemv_acc_n),   cmocka_unit_test(tgemv_bias_n),
    };
    size_t k;
    for (k = 0; k < 16 * K; k++) a_data[k] = (float)(k % 7) - 3.0f;
    for (k = 0; k < K * N; k++) b_data[k] = (float)(k % 5) - 2.0f;
    for (k = 0; k < C_COLS; k++) bias_data[k] = (float)k;
    cmocka_set_message_output(CM_OUTPUT_STDOUT);
    return cmocka_run_group_tests_name("cpu.matmul_n", tests, NULL, NULL);
}
