/* The independent reference: scalar C over bit patterns, written from the semantics contract
 * (docs/contract.md) and sharing no code with the generated kernels. Floats are decoded exactly to
 * double, computed once in double and rounded once to the dtype by a separate
 * round-to-nearest-even encoder (53 >= 2p + 2, so the double step never double-rounds). */
#ifndef PTOGEN_TEST_REF_H
#define PTOGEN_TEST_REF_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_types.h"

typedef struct {
    const char *name;
    unsigned bytes;
    int is_float, is_signed;
    int exp_bits, frac_bits; /* floats */
    int finite;              /* OCP E4M3FN: no infinity; only all exponent and fraction bits set is NaN */
} ref_format;

const ref_format *ref_fmt(pto_dtype dt);
unsigned ref_n_dtypes(void);                           /* the dtypes of pto_dtype */
double ref_max_finite(pto_dtype dt);                   /* floats */
int ref_is_nan(pto_dtype dt, uint64_t bits);
/* Same result under the contract: equal bits, or both NaN (payloads are free). */
int ref_same(pto_dtype dt, uint64_t expected, uint64_t actual);
/* An element's bits in memory, `bytes` of them at p (the test host is little-endian) */
uint64_t ref_load(const uint8_t *p, unsigned bytes);
void ref_store(uint8_t *p, unsigned bytes, uint64_t bits);

double ref_to_double(pto_dtype dt, uint64_t bits);     /* floats, exact */
uint64_t ref_from_double(pto_dtype dt, double x);      /* floats, round to nearest even */
int64_t ref_to_int(pto_dtype dt, uint64_t bits);       /* integers, sign- or zero-extended */
uint64_t ref_from_int(pto_dtype dt, int64_t v);        /* integers, wrapping */

uint64_t ref_add(pto_dtype dt, uint64_t a, uint64_t b);
uint64_t ref_sub(pto_dtype dt, uint64_t a, uint64_t b);
uint64_t ref_mul(pto_dtype dt, uint64_t a, uint64_t b);
uint64_t ref_div(pto_dtype dt, uint64_t a, uint64_t b);
/* The matrix unit (docs/contract.md section 5): the accumulator dtype of a product of two ab's
 * (f32 for floats, i32 for integers), and one step of its sum, acc + a*b: the product rounded to
 * the accumulator dtype, then the addition rounded once (integers wrap). */
pto_dtype ref_acc_dtype(pto_dtype ab);
uint64_t ref_mma(pto_dtype ab, uint64_t acc, uint64_t a, uint64_t b);
uint64_t ref_neg(pto_dtype dt, uint64_t a);              /* floats: the sign bit flipped */
uint64_t ref_abs(pto_dtype dt, uint64_t a);              /* floats: the sign bit cleared; integers wrap */
uint64_t ref_not(pto_dtype dt, uint64_t a);
uint64_t ref_relu(pto_dtype dt, uint64_t a);             /* IEEE maximum(a, +0) */
uint64_t ref_exp(pto_dtype dt, uint64_t a);               /* correctly rounded (GNU MPFR) */
uint64_t ref_log(pto_dtype dt, uint64_t a);               /* correctly rounded (GNU MPFR) */
uint64_t ref_sqrt(pto_dtype dt, uint64_t a);              /* correctly rounded (GNU MPFR) */
uint64_t ref_rsqrt(pto_dtype dt, uint64_t a);             /* correctly rounded (GNU MPFR); rsqrt(-0) = -inf */
uint64_t ref_recip(pto_dtype dt, uint64_t a);             /* 1/a correctly rounded (GNU MPFR) */
uint64_t ref_and(pto_dtype dt, uint64_t a, uint64_t b);
uint64_t ref_or(pto_dtype dt, uint64_t a, uint64_t b);
uint64_t ref_xor(pto_dtype dt, uint64_t a, uint64_t b);
uint64_t ref_shl(pto_dtype dt, uint64_t a, uint64_t b);   /* b: an unsigned count; >= width: 0 */
uint64_t ref_shr(pto_dtype dt, uint64_t a, uint64_t b);   /* arithmetic when signed; >= width: the sign fill */
uint64_t ref_lrelu(pto_dtype dt, uint64_t a, uint64_t b); /* a >= 0 ? a : a * b */
uint64_t ref_fmod(pto_dtype dt, uint64_t a, uint64_t b); /* exact; x % 0 = x, MIN % -1 = 0 */
uint64_t ref_rem(pto_dtype dt, uint64_t a, uint64_t b);  /* floor modulo, b's sign */
uint64_t ref_max(pto_dtype dt, uint64_t a, uint64_t b);
uint64_t ref_min(pto_dtype dt, uint64_t a, uint64_t b);
/* 1 if a <mode> b, else 0; mode in pto_cmp's order (EQ, NE, LT, GT, GE, LE). IEEE: with a NaN
 * only NE holds; -0 equals +0. */
uint64_t ref_compare(pto_dtype dt, uint64_t a, uint64_t b, int mode);
/* TCVT of src bits of dtype s to dtype d (docs/contract.md): round a pto_round (NONE = RINT), sat
 * PTO_SAT_ON or PTO_SAT_OFF (DEFAULT resolved by the caller). GNU MPFR and GMP. */
uint64_t ref_cvt(pto_dtype d, pto_dtype s, uint64_t bits, int round, int sat);
/* Both at once, rounded once: out[0] with PTO_SAT_ON, out[1] with PTO_SAT_OFF. */
void ref_cvt2(pto_dtype d, pto_dtype s, uint64_t bits, int round, uint64_t out[2]);
/* Lowest index of the maximum; NaN is above every number and the first NaN wins. -0 and +0
 * compare equal (the lowest index of either wins). */
size_t ref_argmax(pto_dtype dt, const uint64_t *row, size_t n);
/* Lowest index of the minimum; NaN is below every number and the first NaN wins. -0 and +0
 * compare equal (the lowest index of either wins). */
size_t ref_argmin(pto_dtype dt, const uint64_t *row, size_t n);

#endif
