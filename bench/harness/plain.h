/* Element operations of the benchmark's plain loops (templates/bench/<kind>.c.j2): what a
 * straightforward scalar implementation writes — a branch per special case, f16/bf16 converted
 * one element at a time with the textbook bit manipulation, integer division guarded by ifs —
 * giving the bits of the semantics contract (docs/contract.md), so the driver can check that a plain
 * loop and its kernel agree. Written apart from the kernels' operations (out/cpu/pto_cpu_ops.h).
 * Names follow gen/cexpr.py's element math: plain__<op>_<f|dtype>. */
#ifndef PTOGEN_BENCH_PLAIN_H
#define PTOGEN_BENCH_PLAIN_H

#include "../../runtime/common/pto_exp.h" /* the project's scalar exp, log, sqrt and rsqrt: the plain loops call them */
#include "../../runtime/common/pto_math.h"
#include <math.h>   /* isnan, signbit, NAN: macros, no library calls */
#include <stdint.h>
#include <stdlib.h> /* malloc: a plain loop's working copy */
#include <string.h>

static inline uint32_t plain__bits(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
static inline float plain__float(uint32_t u) { float f; memcpy(&f, &u, sizeof f); return f; }

static inline float plain__f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31, frac = h & 0x3ffu;
    int exp = (h >> 10) & 0x1f;
    if (exp == 0x1f) /* inf, or NaN made quiet */
        return plain__float(sign | 0x7f800000u | frac << 13 | (frac ? 0x400000u : 0u));
    if (exp == 0) {
        if (frac == 0) return plain__float(sign);
        exp = 1; /* subnormal: shift the leading one into place */
        while (!(frac & 0x400u)) {
            frac <<= 1;
            exp--;
        }
        frac &= 0x3ffu;
    }
    return plain__float(sign | (uint32_t)(exp + 112) << 23 | frac << 13);
}

static inline uint16_t plain__f32_to_f16(float f)
{
    uint32_t u = plain__bits(f), sign = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
    uint32_t m = (a & 0x7fffffu) | 0x800000u, q, rest, half;
    int e = (int)(a >> 23) - 112; /* the f16 biased exponent */
    unsigned shift;
    if (isnan(f)) return (uint16_t)(sign | 0x7e00u);
    if (e >= 31) return (uint16_t)(sign | 0x7c00u); /* 2^16 and above, inf included */
    if (e < -10) return (uint16_t)sign;             /* below half the smallest subnormal */
    if (e > 0) {
        shift = 13;
        q = (uint32_t)e << 10 | ((m >> 13) & 0x3ffu);
    } else {
        shift = (unsigned)(14 - e); /* subnormal: units of 2^-24 */
        q = m >> shift;
    }
    rest = m & ((1u << shift) - 1);
    half = 1u << (shift - 1);
    if (rest > half || (rest == half && (q & 1u))) q++; /* a carry moves into the exponent, up to inf */
    return (uint16_t)(sign | q);
}

static inline float plain__bf16_to_f32(uint16_t h) { return plain__float((uint32_t)h << 16); }

static inline uint16_t plain__f32_to_bf16(float f)
{
    uint32_t u = plain__bits(f), q = u >> 16, rest = u & 0xffffu;
    if (isnan(f)) return (uint16_t)(q | 0x40u);
    if (rest > 0x8000u || (rest == 0x8000u && (q & 1u))) q++;
    return (uint16_t)q;
}

static inline float plain__requant_f16(float a) { return plain__f16_to_f32(plain__f32_to_f16(a)); }
static inline float plain__requant_bf16(float a) { return plain__bf16_to_f32(plain__f32_to_bf16(a)); }

static inline float plain__add_f(float a, float b) { return a + b; }
static inline float plain__sub_f(float a, float b) { return a - b; }
static inline float plain__mul_f(float a, float b) { return a * b; }
static inline float plain__div_f(float a, float b) { return a / b; }
static inline float plain__neg_f(float a) { return -a; }
static inline float plain__abs_f(float a) { return fabsf(a); }
static inline float plain__relu_f(float a) { return isnan(a) || a > 0 ? a : 0.0f; }
static inline float plain__fmod_f(float a, float b) { return fmodf(a, b); }
static inline float plain__exp_f(float a) { return pto__exp_to(a, PTO__EXP_F32); }
static inline float plain__exp_f16(float a) { return pto__exp_to(a, PTO__EXP_F16); }
static inline float plain__exp_bf16(float a) { return pto__exp_to(a, PTO__EXP_BF16); }
static inline float plain__log_f(float a) { return pto__log_to(a, PTO__EXP_F32); }
static inline float plain__log_f16(float a) { return pto__log_to(a, PTO__EXP_F16); }
static inline float plain__log_bf16(float a) { return pto__log_to(a, PTO__EXP_BF16); }
static inline float plain__sqrt_f(float a) { return pto__sqrt_to(a, PTO__EXP_F32); }
static inline float plain__sqrt_f16(float a) { return pto__sqrt_to(a, PTO__EXP_F16); }
static inline float plain__sqrt_bf16(float a) { return pto__sqrt_to(a, PTO__EXP_BF16); }
static inline float plain__rsqrt_f(float a) { return pto__rsqrt_to(a, PTO__EXP_F32); }
static inline float plain__rsqrt_f16(float a) { return pto__rsqrt_to(a, PTO__EXP_F16); }
static inline float plain__rsqrt_bf16(float a) { return pto__rsqrt_to(a, PTO__EXP_BF16); }
static inline float plain__recip_f(float a) { return 1.0f / a; }
static inline float plain__lrelu_f(float a, float b) { return a >= 0 ? a : a * b; }
static inline float plain__rem_f(float a, float b)
{
    float r = fmodf(a, b);
    if (r == 0) return copysignf(0.0f, b);
    if (signbit(r) != signbit(b)) r += b;
    return r;
}

static inline float plain__max_f(float a, float b)
{
    if (isnan(a) || isnan(b)) return NAN;
    if (a == b) return signbit(a) ? b : a; /* max(-0, +0) = +0 */
    return a > b ? a : b;
}

static inline float plain__min_f(float a, float b)
{
    if (isnan(a) || isnan(b)) return NAN;
    if (a == b) return signbit(a) ? a : b; /* min(-0, +0) = -0 */
    return a < b ? a : b;
}

/* Integers: add, sub, mul and neg wrap (computed unsigned); x/0 is all ones; MIN/-1 is MIN. */
#define PLAIN_WRAPPING_OPS(N, T, U)                                                                   \
    static inline T plain__add_##N(T a, T b) { return (T)((uint32_t)a + (uint32_t)b); }        \
    static inline T plain__sub_##N(T a, T b) { return (T)((uint32_t)a - (uint32_t)b); }        \
    static inline T plain__mul_##N(T a, T b) { return (T)((uint32_t)a * (uint32_t)b); }        \
    static inline T plain__neg_##N(T a) { return (T)(0u - (uint32_t)a); }                      \
    static inline T plain__not_##N(T a) { return (T)~a; }                                      \
    static inline T plain__max_##N(T a, T b) { return a > b ? a : b; }                         \
    static inline T plain__min_##N(T a, T b) { return a < b ? a : b; }                         \
    static inline T plain__and_##N(T a, T b) { return (T)(a & b); }                            \
    static inline T plain__or_##N(T a, T b) { return (T)(a | b); }                             \
    static inline T plain__xor_##N(T a, T b) { return (T)(a ^ b); }                            \
    static inline T plain__shl_##N(T a, T b)                                                   \
    {                                                                                          \
        if ((U)b >= 8 * sizeof(T)) return 0;                                                   \
        return (T)((uint32_t)(U)a << (U)b);                                                    \
    }
#define PLAIN_SIGNED_OPS(N, T, U)                                                                     \
    PLAIN_WRAPPING_OPS(N, T, U)                                                                    \
    static inline T plain__abs_##N(T a) { return a < 0 ? plain__neg_##N(a) : a; }                 \
    static inline T plain__relu_##N(T a) { return a > 0 ? a : 0; }                                 \
    static inline T plain__fmod_##N(T a, T b)                                                      \
    {                                                                                              \
        if (b == 0) return a;                                                                      \
        if (b == -1) return 0;                                                                     \
        return (T)(a % b);                                                                         \
    }                                                                                              \
    static inline T plain__rem_##N(T a, T b)                                                       \
    {                                                                                              \
        T r = plain__fmod_##N(a, b);                                                               \
        if (r != 0 && (r < 0) != (b < 0)) r = (T)(r + b);                                          \
        return r;                                                                                  \
    }                                                                                              \
    static inline T plain__shr_##N(T a, T b) /* arithmetic (gcc): a count past the width fills */  \
    {                                                                                              \
        return (T)(a >> ((U)b >= 8 * sizeof(T) ? 8 * sizeof(T) - 1 : (U)b));                       \
    }                                                                                              \
    static inline T plain__div_##N(T a, T b)                                                       \
    {                                                                                              \
        if (b == 0) return -1;                                                                     \
        if (b == -1) return plain__neg_##N(a);                                                     \
        return (T)(a / b);                                                                         \
    }
#define PLAIN_UNSIGNED_OPS(N, T, U)                                                                   \
    PLAIN_WRAPPING_OPS(N, T, U)                                                                    \
    static inline T plain__fmod_##N(T a, T b) { return b == 0 ? a : (T)(a % b); }               \
    static inline T plain__rem_##N(T a, T b) { return plain__fmod_##N(a, b); }                  \
    static inline T plain__shr_##N(T a, T b) { return (U)b >= 8 * sizeof(T) ? 0 : (T)(a >> (U)b); } \
    static inline T plain__div_##N(T a, T b) { return b == 0 ? (T)~(T)0 : (T)(a / b); }

PLAIN_SIGNED_OPS(i32, int32_t, uint32_t)
PLAIN_UNSIGNED_OPS(u32, uint32_t, uint32_t)
PLAIN_SIGNED_OPS(i16, int16_t, uint16_t)
PLAIN_UNSIGNED_OPS(u16, uint16_t, uint16_t)
PLAIN_SIGNED_OPS(i8, int8_t, uint8_t)
PLAIN_UNSIGNED_OPS(u8, uint8_t, uint8_t)

/* TCVT's plain loop calls the conversion core itself, as plain__cvt_<routine> (its formats spelled
 * out): one call per element, no vectorising path. */
#include "pto/pto_types.h" /* pto_round, pto_sat */
#define PTO(name) plain_##name
#define PTO_(name) PLAIN_##name
#include "../../runtime/common/pto_cvt.h"
#undef PTO
#undef PTO_

#endif
