/* Part of the cpu profile's library: hand-written C (runtime/cpu/), copied into out/cpu/ as it is.
 * Internal: what the cpu kernels' bodies call besides pto_cpu_ops.h (gen/cpuisa.py).
 * - Argmax and argmin of one row (templates/cpu/row_reduce_index.c.j2), one pass: portable
 *   routines for short rows and for the baseline variant, vector routines for the x86 variants;
 *   each written once, and expanded for every row reduction (its comparison), dtype and x86
 *   variant of the generated tables of pto_cpu_ops.h (PTO_CPU_REDUCTIONS, PTO_CPU_INTS, ...).
 * - The x86 variants' vector primitives, among them the F16C variants' f16 conversions, one
 *   element or one vector at a time: the same bits as the software conversions of pto_cpu_ops.h
 *   (a NaN stays a NaN).
 * - Bit masks (TCMPS, TSELS; templates/cpu/masks.j2): 64 lanes of a byte a column packed into 8
 *   mask bytes and back, per ISA variant, a byte at a time portably; the 16-bit float formats'
 *   compare keys.
 * - The movement kinds' transposing blocks (templates/cpu/remap_blocks.j2), by shuffles. */
#ifndef PTO_CPU_SIMD_H
#define PTO_CPU_SIMD_H

#include <stddef.h>
#include <stdint.h>
#include "pto_cpu_dispatch.h"
#include "pto_cpu_ops.h"

/* Whether the row reduction whose comparison is `better` finds the largest rank. */
#define PTO_CPU__UP(better) (1 better 0)

/* Ranks: a number's rank orders it as its value, -0 and +0 alike; every NaN ranks INT32_MAX
 * for argmax, above every number, and INT32_MIN for argmin, below every number, so the first
 * NaN wins either way. A float's rank is its signed magnitude: the ranks of numbers lie strictly
 * between INT32_MIN and INT32_MAX. Integers rank as themselves, in a 32-bit type (X(..., SIGNED or
 * UNSIGNED, bits) of PTO_CPU_INTS): int32_t holds every value but u32's, and compares signed,
 * which SSE2 does. */
#define PTO_CPU__RANK_TYPE(sign, bits) PTO_CPU__RANK_TYPE_##sign##_##bits
#define PTO_CPU__RANK_TYPE_SIGNED_8 int32_t
#define PTO_CPU__RANK_TYPE_SIGNED_16 int32_t
#define PTO_CPU__RANK_TYPE_SIGNED_32 int32_t
#define PTO_CPU__RANK_TYPE_UNSIGNED_8 int32_t
#define PTO_CPU__RANK_TYPE_UNSIGNED_16 int32_t
#define PTO_CPU__RANK_TYPE_UNSIGNED_32 uint32_t
/* the extremes of a rank type K: PTO_CPU__MIN_##K, PTO_CPU__MAX_##K */
#define PTO_CPU__MIN_int32_t INT32_MIN
#define PTO_CPU__MAX_int32_t INT32_MAX
#define PTO_CPU__MIN_uint32_t 0
#define PTO_CPU__MAX_uint32_t UINT32_MAX

/* The portable routines of the row reduction fn (`better` its comparison) over dtype `name`,
 * elements S ranked in K by rank():
 * - short: the lowest position of the best rank in row[0, n), n >= 1, element by element in two
 *   dependency chains, the row's halves (the odd element out joins the second);
 * - lanes: the same for n >= PTO_CPU_REDUCE_LANES in that many lanes that vectorise: each keeps
 *   its best rank and the start of the block it was found in, over blocks at increasing positions
 *   (the last one ends the row, overlapping the one before unless n is a multiple of the lanes);
 *   then the best rank (starting from the worst of K, which no rank beats), and the lowest
 *   position holding it. Positions fit in 32 bits: valid_cols does; a lane without the best rank
 *   offers UINT32_MAX. */
#define PTO_CPU__ROWS(fn, better, name, S, K, rank)                                          \
    static inline size_t pto_cpu__##fn##_short_##name(const S *row, size_t n)                \
    {                                                                                        \
        const size_t half = n / 2;                                                           \
        K best0 = rank(row[0]), best1 = rank(row[half]);                                     \
        size_t at0 = 0, at1 = half, j;                                                       \
        for (j = 1; j < half; j++) {                                                         \
            const K k0 = rank(row[j]);                                                       \
            const K k1 = rank(row[half + j]);                                                \
            at0 = k0 better best0 ? j : at0;                                                 \
            best0 = k0 better best0 ? k0 : best0;                                            \
            at1 = k1 better best1 ? half + j : at1;                                          \
            best1 = k1 better best1 ? k1 : best1;                                            \
        }                                                                                    \
        if (n % 2) {                                                                         \
            const K k = rank(row[n - 1]);                                                    \
            at1 = k better best1 ? n - 1 : at1;                                              \
            best1 = k better best1 ? k : best1;                                              \
        }                                                                                    \
        return best1 better best0 ? at1 : at0;                                               \
    }                                                                                        \
    static inline size_t pto_cpu__##fn##_lanes_##name(const S *row, size_t n)                \
    {                                                                                        \
        K best[PTO_CPU_REDUCE_LANES];                                                        \
        K top = PTO_CPU__UP(better) ? PTO_CPU__MIN_##K : PTO_CPU__MAX_##K;                   \
        uint32_t from[PTO_CPU_REDUCE_LANES], first = UINT32_MAX;                             \
        size_t c, l;                                                                         \
        for (l = 0; l < PTO_CPU_REDUCE_LANES; l++) {                                         \
            best[l] = rank(row[l]);                                                          \
            from[l] = 0;                                                                     \
        }                                                                                    \
        for (c = PTO_CPU_REDUCE_LANES; c < n; c += PTO_CPU_REDUCE_LANES) {                   \
            const size_t at = c < n - PTO_CPU_REDUCE_LANES ? c : n - PTO_CPU_REDUCE_LANES;   \
            for (l = 0; l < PTO_CPU_REDUCE_LANES; l++) {                                     \
                const K k = rank(row[at + l]);                                               \
                from[l] = k better best[l] ? (uint32_t)at : from[l];                         \
                best[l] = k better best[l] ? k : best[l];                                    \
            }                                                                                \
        }                                                                                    \
        for (l = 0; l < PTO_CPU_REDUCE_LANES; l++) top = best[l] better top ? best[l] : top; \
        for (l = 0; l < PTO_CPU_REDUCE_LANES; l++) {                                         \
            const uint32_t at = (from[l] + (uint32_t)l) | (0u - (uint32_t)(best[l] != top)); \
            first = at < first ? at : first;                                                 \
        }                                                                                    \
        return first;                                                                        \
    }

/* A float dtype, S its storage, bits_of(x) its bits as uint32_t, its sign at bit `sign`, inf the
 * bits of +inf: whether an element is a NaN, the position of the first NaN of a row that has
 * one, and per row reduction its rank function pto_cpu__<rank>_<name> and routines. */
#define PTO_CPU__FLOAT(name, S, bits_of, sign, inf)              \
    static inline int pto_cpu__isnan_##name(S x)                 \
    {                                                            \
        return (bits_of(x) & ((1u << sign) - 1u)) > inf;         \
    }                                                            \
    static inline size_t pto_cpu__first_nan_##name(const S *row) \
    {                                                            \
        size_t j = 0;                                            \
        while (!pto_cpu__isnan_##name(row[j])) j++;              \
        return j;                                                \
    }                                                            \
    PTO_CPU_REDUCTIONS(PTO_CPU__FLOAT_ROWS, name, S, bits_of, sign, inf)
#define PTO_CPU__FLOAT_ROWS(fn, better, rank, name, S, bits_of, sign, inf) \
    static inline int32_t pto_cpu__##rank##_##name(S x)                    \
    {                                                                      \
        const uint32_t u = bits_of(x), a = u & ((1u << sign) - 1u);        \
        return a > inf ? (PTO_CPU__UP(better) ? INT32_MAX : INT32_MIN)     \
                       : (u >> sign ? -(int32_t)a : (int32_t)a);           \
    }                                                                      \
    PTO_CPU__ROWS(fn, better, name, S, int32_t, pto_cpu__##rank##_##name)
/* f16 and bf16 are stored as their bits */
static inline uint32_t pto_cpu__half_bits(uint16_t h) { return h; }
#define PTO_CPU__HALF(name, inf) PTO_CPU__FLOAT(name, uint16_t, pto_cpu__half_bits, 15, inf)
PTO_CPU__FLOAT(f32, float, pto_cpu__bits, 31, 0x7f800000u) /* f32, which pto_cpu_ops.h computes in */
PTO_CPU_HALFS(PTO_CPU__HALF)

/* An integer dtype: its rank function pto_cpu__rank_<name>, the same in both directions, and per
 * row reduction its routines. */
#define PTO_CPU__INT(name, dtype, S, bits, sign) \
    PTO_CPU__INT_RANKED(name, S, PTO_CPU__RANK_TYPE(sign, bits))
#define PTO_CPU__INT_RANKED(name, S, K)                        \
    static inline K pto_cpu__rank_##name(S x) { return (K)x; } \
    PTO_CPU_REDUCTIONS(PTO_CPU__INT_ROWS, name, S, K)
#define PTO_CPU__INT_ROWS(fn, better, rank, name, S, K) \
    PTO_CPU__ROWS(fn, better, name, S, K, pto_cpu__rank_##name)
PTO_CPU_INTS(PTO_CPU__INT)

/* Bit masks (docs/contract.md section 2: bit k of a mask byte is the column 8b + k of byte b,
 * least significant bit first), for the block loops of templates/cpu/masks.j2. A lane is one
 * column's bit as a byte, 0 or 1: kernels compute lanes in loops that vectorise, and these turn
 * them into mask bytes and back. Per byte, portable: pto_cpu__mask_byte packs 8 lanes,
 * pto_cpu__mask_lanes unpacks a byte into 8. Per block of 64 lanes (8 mask bytes), per ISA
 * variant v: pto_cpu__<v>_mask_pack64 and pto_cpu__<v>_mask_unpack64 (the baseline's are portable
 * 64-bit arithmetic; the x86 variants' a movemask or a mask register). Byte order: the 64-bit
 * words are built and taken apart by shifts, so the bits are the same on either endianness. */
static inline uint8_t pto_cpu__mask_byte(const uint8_t *lanes)
{
    uint64_t x = 0; /* lane k in bit 8k */
    size_t k;
    for (k = 0; k < 8; k++) x |= (uint64_t)lanes[k] << (8 * k);
    /* the multiplier's byte m is 2^(7-m): lane k reaches bit 56 + k through m = 7 - k, and no
     * two products meet below bit 56, so nothing carries into the top byte */
    return (uint8_t)((x * 0x0102040810204080u) >> 56);
}
static inline void pto_cpu__mask_lanes(uint8_t *lanes, unsigned bits)
{
    /* bit k of the byte, copied to every byte, kept in byte k (2^k or 0); adding 0x7f to each
     * byte (no carry out of it) sets its top bit exactly when it is nonzero */
    const uint64_t x = ((uint64_t)(bits & 0xffu) * 0x0101010101010101u) & 0x8040201008040201u;
    const uint64_t y = ((x + 0x7f7f7f7f7f7f7f7fu) >> 7) & 0x0101010101010101u;
    size_t k;
    for (k = 0; k < 8; k++) lanes[k] = (uint8_t)(y >> (8 * k));
}
/* The compare keys of a 16-bit float format (TCMPS, TCMP; inf the bits of +inf): its signed
 * magnitude as int16_t, which orders numbers as their values with -0 = +0, in 16-bit lanes that
 * vectorise. A NaN takes the key beyond every number on the side where a compare with it must be
 * false: INT16_MAX for ==, !=, < and <= (cmpkey), INT16_MIN for > and >= (cmpkey_min); two NaNs
 * have the same key, so a compare of two tiles also asks whether either is one (unordered,
 * ordered: an int, which clang lets & combine with a comparison). */
#define PTO_CPU__HALF_KEYS(name, inf)                                                    \
    static inline int16_t pto_cpu__cmpkey_##name(uint16_t h)                             \
    {                                                                                    \
        const int16_t a = (int16_t)(h & 0x7fffu);                                        \
        return (h & 0x7fffu) > inf ? INT16_MAX : (h >> 15) ? (int16_t)-a : a;           \
    }                                                                                    \
    static inline int16_t pto_cpu__cmpkey_min_##name(uint16_t h)                         \
    {                                                                                    \
        const int16_t a = (int16_t)(h & 0x7fffu);                                        \
        return (h & 0x7fffu) > inf ? INT16_MIN : (h >> 15) ? (int16_t)-a : a;           \
    }                                                                                    \
    static inline int pto_cpu__unordered_##name(uint16_t a, uint16_t b)                  \
    {                                                                                    \
        return ((a & 0x7fffu) > inf) | ((b & 0x7fffu) > inf);                           \
    }                                                                                    \
    static inline int pto_cpu__ordered_##name(uint16_t a, uint16_t b)                    \
    {                                                                                    \
        return ((a & 0x7fffu) <= inf) & ((b & 0x7fffu) <= inf);                         \
    }
PTO_CPU_HALFS(PTO_CPU__HALF_KEYS)
static inline void pto_cpu__baseline_mask_pack64(uint8_t *out, const uint8_t *lanes)
{
    size_t b;
    for (b = 0; b < 8; b++) out[b] = pto_cpu__mask_byte(lanes + 8 * b);
}
static inline void pto_cpu__baseline_mask_unpack64(uint8_t *lanes, const uint8_t *bits)
{
    size_t b;
    for (b = 0; b < 8; b++) pto_cpu__mask_lanes(lanes + 8 * b, bits[b]);
}

#if PTO_CPU_X86
#include <immintrin.h>

/* pto_cpu__max_f, bit for bit, for the x86 variants: its NaN mask from one unordered compare,
 * where `a != a || b != b` has gcc move lane masks through general registers. */
static inline float pto_cpu__x86_max_f(float a, float b)
{
    const uint32_t nan = 0u - (uint32_t)__builtin_isunordered(a, b);
    return pto_cpu__float((pto_cpu__bits(a > b ? a : b) & pto_cpu__bits(b > a ? b : a)) | nan);
}

/* The x86 variants' vector primitives, per variant: _f and _i are a vector of floats or of
 * int32 (a rank, a position), _m says which lanes an operation takes; loads widen every dtype
 * to 32-bit lanes (floats to float, exactly; u32 with its top bit flipped, so signed compares
 * order it). */
typedef __m256 pto_cpu__avx2_f;
typedef __m256i pto_cpu__avx2_i;
typedef __m256i pto_cpu__avx2_m;
#define PTO_CPU__AVX2_LOAD16(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
PTO_CPU_AVX2 static inline float pto_cpu__avx2_f16_to_f32(uint16_t h) { return _cvtsh_ss(h); }
PTO_CPU_AVX2 static inline uint16_t pto_cpu__avx2_f32_to_f16(float f) { return (uint16_t)_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT); }
/* 8 f16 or bf16 to floats, and back: the software conversions' bits */
PTO_CPU_AVX2 static inline __m256 pto_cpu__avx2_cvt_f16(__m128i h) { return _mm256_cvtph_ps(h); }
PTO_CPU_AVX2 static inline __m256 pto_cpu__avx2_cvt_bf16(__m128i h) { return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16)); }
PTO_CPU_AVX2 static inline __m128i pto_cpu__avx2_round_f16(__m256 x) { return _mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT); }
/* pto_cpu__f32_to_bf16 on 8 lanes: round to nearest even on the 16 dropped bits, or quiet a NaN */
PTO_CPU_AVX2 static inline __m128i pto_cpu__avx2_round_bf16(__m256 x)
{
    const __m256i u = _mm256_castps_si256(x);
    const __m256i even = _mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7fff)),
                                          _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1)));
    const __m256i quiet = _mm256_or_si256(u, _mm256_set1_epi32(0x00400000));
    const __m256i r = _mm256_srli_epi32(_mm256_blendv_epi8(even, quiet, _mm256_castps_si256(_mm256_cmp_ps(x, x, _CMP_UNORD_Q))), 16);
    return _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
}
/* the first n < 8 32-bit lanes, as AVX2's masked loads take them */
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_first_lanes(size_t n)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
/* The first n < 32 bytes of v to `to`, n even: 16, 8, 4 and 2 at a time (AVX2 has no 8- or
 * 16-bit masked store, and its 32-bit one, vmaskmovps, is slow on AMD's cores; a copy loop
 * through a buffer would be a memcpy call) */
PTO_CPU_AVX2 static inline void pto_cpu__avx2_store_bytes(void *to, __m256i v, size_t n)
{
    unsigned char *p = (unsigned char *)to;
    __m128i x = _mm256_castsi256_si128(v);
    if (n & 16) {
        _mm_storeu_si128((__m128i *)(void *)p, x);
        x = _mm256_extracti128_si256(v, 1);
        p += 16;
    }
    if (n & 8) {
        _mm_storel_epi64((__m128i *)(void *)p, x);
        x = _mm_srli_si128(x, 8);
        p += 8;
    }
    if (n & 4) {
        _mm_storeu_si32(p, x);
        x = _mm_srli_si128(x, 4);
        p += 4;
    }
    if (n & 2) _mm_storeu_si16(p, x);
}
/* The conversions of a 16-bit float format: 8 elements at once, or the first n < 8 (AVX2 has no
 * 16-bit masked loads and stores: widening through a buffer; narrowing from a buffer of 8 (_part)
 * or a row's last n read by a masked load (_tail), stored by pto_cpu__avx2_store_bytes), and an
 * intermediate result rounded to the format in place, as a vector (math of several operations). */
#define PTO_CPU__AVX2_HALF(name, inf)                                                            \
    PTO_CPU_AVX2 static inline void pto_cpu__avx2_widen_##name(float *to, const uint16_t *from)  \
    {                                                                                            \
        _mm256_storeu_ps(to, pto_cpu__avx2_cvt_##name(PTO_CPU__AVX2_LOAD16(from)));              \
    }                                                                                            \
    PTO_CPU_AVX2 static inline void pto_cpu__avx2_narrow_##name(uint16_t *to, const float *from) \
    {                                                                                            \
        _mm_storeu_si128((__m128i *)(void *)to, pto_cpu__avx2_round_##name(_mm256_loadu_ps(from))); \
    }                                                                                            \
    PTO_CPU_AVX2 static inline void pto_cpu__avx2_widen_##name##_part(float *to, const uint16_t *from, size_t n) \
    {                                                                                            \
        uint16_t part[8];                                                                        \
        size_t l;                                                                                \
        for (l = 0; l < 8; l++) part[l] = l < n ? from[l] : 0;                                   \
        pto_cpu__avx2_widen_##name(to, part);                                                    \
    }                                                                                            \
    PTO_CPU_AVX2 static inline void pto_cpu__avx2_narrow_##name##_part(uint16_t *to, const float *from, size_t n) \
    {                                                                                            \
        pto_cpu__avx2_store_bytes(to, _mm256_castsi128_si256(pto_cpu__avx2_round_##name(_mm256_loadu_ps(from))), 2 * n); \
    }                                                                                            \
    PTO_CPU_AVX2 static inline void pto_cpu__avx2_narrow_##name##_tail(uint16_t *to, const float *from, size_t n) \
    {                                                                                            \
        const __m256 x = _mm256_maskload_ps(from, pto_cpu__avx2_first_lanes(n));                \
        pto_cpu__avx2_store_bytes(to, _mm256_castsi128_si256(pto_cpu__avx2_round_##name(x)), 2 * n); \
    }                                                                                            \
    PTO_CPU_AVX2 static inline void pto_cpu__avx2_requant_##name(float *x)                       \
    {                                                                                            \
        _mm256_storeu_ps(x, pto_cpu__avx2_cvt_##name(pto_cpu__avx2_round_##name(_mm256_loadu_ps(x)))); \
    }
PTO_CPU_HALFS(PTO_CPU__AVX2_HALF)
/* f32's widening, 8 elements: a copy of the bits (the matmul kinds' rows of a, gen/kinds/_matmul.py) */
PTO_CPU_AVX2 static inline void pto_cpu__avx2_widen_f32(float *to, const uint32_t *from)
{
    _mm256_storeu_ps(to, _mm256_loadu_ps((const float *)(const void *)from));
}
/* A row's last n < 8 f32 into a buffer of 8 (the rest 0), and the first n of a buffer of 8 back:
 * the element-wise kernels' last few as one more vector (templates/cpu/elements.j2 k.tail) */
PTO_CPU_AVX2 static inline void pto_cpu__avx2_widen_f32_part(float *to, const float *from, size_t n)
{
    _mm256_storeu_ps(to, _mm256_maskload_ps(from, pto_cpu__avx2_first_lanes(n)));
}
PTO_CPU_AVX2 static inline void pto_cpu__avx2_narrow_f32_part(float *to, const float *from, size_t n)
{
    pto_cpu__avx2_store_bytes(to, _mm256_castps_si256(_mm256_loadu_ps(from)), 4 * n);
}
/* TCVT's saturating narrowing of f32 to f16 (max, the largest f16 as f32 bits, 0x477fe000) or bf16
 * (0x7f7f0000): a finite value of a larger magnitude becomes +-max first, so it gives +-max, not
 * inf; infinities and NaNs go through as they are. 8 elements from unaligned f32 bits. */
#define PTO_CPU__AVX2_NARROW_SAT(name, max)                                                      \
    PTO_CPU_AVX2 static inline void pto_cpu__avx2_narrow_sat_##name(uint16_t *to, const float *from) \
    {                                                                                            \
        const __m256i u = _mm256_loadu_si256((const __m256i *)(const void *)from);                \
        const __m256i a = _mm256_and_si256(u, _mm256_set1_epi32(0x7fffffff));                    \
        const __m256i big = _mm256_and_si256(_mm256_cmpgt_epi32(a, _mm256_set1_epi32(max)),       \
                                             _mm256_cmpgt_epi32(_mm256_set1_epi32(0x7f800000), a)); \
        const __m256i c = _mm256_or_si256(_mm256_andnot_si256(_mm256_set1_epi32(0x7fffffff), u), _mm256_set1_epi32(max)); \
        _mm_storeu_si128((__m128i *)(void *)to,                                                  \
                         pto_cpu__avx2_round_##name(_mm256_castsi256_ps(_mm256_blendv_epi8(u, c, big)))); \
    }
PTO_CPU__AVX2_NARROW_SAT(f16, 0x477fe000)
PTO_CPU__AVX2_NARROW_SAT(bf16, 0x7f7f0000)
/* row-expand mode 2: a 32-byte block, as one vector */
PTO_CPU_AVX2 static inline void pto_cpu__avx2_repeat_block(void *to, const void *from)
{
    _mm256_storeu_si256((__m256i *)to, _mm256_loadu_si256((const __m256i *)from));
}
PTO_CPU_AVX2 static inline __m256 pto_cpu__avx2_load_f32(const float *p) { return _mm256_loadu_ps(p); }
PTO_CPU_AVX2 static inline __m256 pto_cpu__avx2_load_f16(const uint16_t *p) { return pto_cpu__avx2_cvt_f16(PTO_CPU__AVX2_LOAD16(p)); }
PTO_CPU_AVX2 static inline __m256 pto_cpu__avx2_load_bf16(const uint16_t *p) { return pto_cpu__avx2_cvt_bf16(PTO_CPU__AVX2_LOAD16(p)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_load_i32(const int32_t *p) { return _mm256_loadu_si256((const __m256i *)(const void *)p); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_load_u32(const uint32_t *p) { return _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)p), _mm256_set1_epi32(INT32_MIN)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_load_i16(const int16_t *p) { return _mm256_cvtepi16_epi32(PTO_CPU__AVX2_LOAD16(p)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_load_u16(const uint16_t *p) { return _mm256_cvtepu16_epi32(PTO_CPU__AVX2_LOAD16(p)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_load_i8(const int8_t *p) { return _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)p)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_load_u8(const uint8_t *p) { return _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)p)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_gt_f(__m256 a, __m256 b) { return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_GT_OQ)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_gt_i(__m256i a, __m256i b) { return _mm256_cmpgt_epi32(a, b); }
PTO_CPU_AVX2 static inline __m256 pto_cpu__avx2_sel_f(__m256i m, __m256 a, __m256 b) { return _mm256_blendv_ps(b, a, _mm256_castsi256_ps(m)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_sel_i(__m256i m, __m256i a, __m256i b) { return _mm256_blendv_epi8(b, a, m); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_unord(__m256 a, __m256 b) { return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_UNORD_Q)); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_or(__m256i a, __m256i b) { return _mm256_or_si256(a, b); }
PTO_CPU_AVX2 static inline int pto_cpu__avx2_any(__m256i m) { return !_mm256_testz_si256(m, m); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_splat(size_t c) { return _mm256_set1_epi32((int)(uint32_t)c); }
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_rank(__m256 x)
{
    const __m256i u = _mm256_castps_si256(x), s = _mm256_srai_epi32(u, 31);
    return _mm256_sub_epi32(_mm256_xor_si256(_mm256_and_si256(u, _mm256_set1_epi32(INT32_MAX)), s), s);
}
/* ~k: reverses the int32 order of ranks, so first() finds the smallest (argmin) */
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_not(__m256i k) { return _mm256_xor_si256(k, _mm256_set1_epi32(-1)); }
/* The lowest position of the largest rank of two vectors of ranks, each lane with the start
 * of the vector it was found in */
PTO_CPU_AVX2 static inline size_t pto_cpu__avx2_first(__m256i k0, __m256i f0, __m256i k1, __m256i f1)
{
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), none = _mm256_set1_epi32(-1);
    const __m256i k = _mm256_max_epi32(k0, k1);
    __m128i top = _mm_max_epi32(_mm256_castsi256_si128(k), _mm256_extracti128_si256(k, 1)), at;
    __m256i t, p;
    top = _mm_max_epi32(top, _mm_shuffle_epi32(top, 0x4e));
    top = _mm_max_epi32(top, _mm_shuffle_epi32(top, 0xb1));
    t = _mm256_broadcastd_epi32(top);
    p = _mm256_min_epu32(_mm256_blendv_epi8(none, _mm256_add_epi32(f0, lane), _mm256_cmpeq_epi32(k0, t)),
                         _mm256_blendv_epi8(none, _mm256_add_epi32(f1, lane), _mm256_cmpeq_epi32(k1, t)));
    at = _mm_min_epu32(_mm256_castsi256_si128(p), _mm256_extracti128_si256(p, 1));
    at = _mm_min_epu32(at, _mm_shuffle_epi32(at, 0x4e));
    at = _mm_min_epu32(at, _mm_shuffle_epi32(at, 0xb1));
    return (uint32_t)_mm_cvtsi128_si32(at);
}

/* The movement kinds' transposing blocks (templates/cpu/remap_blocks.j2: TTRANS, and moves
 * between layouts contiguous along rows and along columns, such as Nz -> Zn): a square block of
 * 8 x 8 32-bit or 16 x 16 16-bit elements, to[c * ts + r] = from[r * fs + c], the bits as they
 * are (shuffles only). The AVX-512 variant's bodies call these too. */

/* A block's rows, row k at base + k * stride bytes, visited in increasing k: each address is one
 * of four running bases (one every 4 rows, kept as addresses: the last one passes the block's
 * last row, where a pointer may not go) plus 0, 1, 2 or 3 strides, which x86 addressing adds
 * in the load or store itself. The empty asm statements (they emit nothing) hide 2 and 3 strides
 * and each base from gcc's straight-line strength reduction, which otherwise makes the 16 rows'
 * addresses one chain of additions, each in its own register and the excess spilled (and moved
 * through vector registers, on the shuffles' ports): a bare loop of 16 x 16 f16 blocks over a
 * 64 x 128 tile takes 220 ns with constant strides, 290 with run-time ones, 240 so. */
typedef struct { uintptr_t base; size_t by[4]; } pto_cpu__rows;
static inline pto_cpu__rows pto_cpu__rows_at(const void *base, size_t stride)
{
    pto_cpu__rows r;
    size_t two = 2 * stride, three = 3 * stride;
    __asm__("" : "+r"(two), "+r"(three));
    r.base = (uintptr_t)base; /* an address, not a pointer: it passes the block's last row */
    r.by[0] = 0, r.by[1] = stride, r.by[2] = two, r.by[3] = three;
    return r;
}
static inline void *pto_cpu__row(pto_cpu__rows *r, size_t k)
{
    void *at = (void *)(r->base + r->by[k & 3]);
    if ((k & 3) == 3) {
        r->base += 4 * r->by[1];
        __asm__("" : "+r"(r->base));
    }
    return at;
}
PTO_CPU_AVX2 static inline void pto_cpu__avx2_transpose8_32(uint32_t *to, size_t ts, const uint32_t *from, size_t fs)
{
    __m256 r[8], t[8], u[8];
    pto_cpu__rows in = pto_cpu__rows_at(from, fs * 4), out = pto_cpu__rows_at(to, ts * 4);
    size_t k;
    for (k = 0; k < 8; k++) r[k] = _mm256_loadu_ps((const float *)pto_cpu__row(&in, k));
    for (k = 0; k < 8; k += 2) { /* pairs of rows interleaved, 32 bits at a time */
        t[k] = _mm256_unpacklo_ps(r[k], r[k + 1]);
        t[k + 1] = _mm256_unpackhi_ps(r[k], r[k + 1]);
    }
    for (k = 0; k < 8; k += 4) { /* then 64 bits at a time: each 128-bit lane holds a column of 4 rows */
        u[k] = _mm256_shuffle_ps(t[k], t[k + 2], 0x44);
        u[k + 1] = _mm256_shuffle_ps(t[k], t[k + 2], 0xee);
        u[k + 2] = _mm256_shuffle_ps(t[k + 1], t[k + 3], 0x44);
        u[k + 3] = _mm256_shuffle_ps(t[k + 1], t[k + 3], 0xee);
    }
    for (k = 0; k < 4; k++) { /* the low lanes of rows 0-3 and 4-7 make columns 0-3, the high ones 4-7 */
        t[k] = _mm256_permute2f128_ps(u[k], u[k + 4], 0x20);
        t[k + 4] = _mm256_permute2f128_ps(u[k], u[k + 4], 0x31);
    }
    for (k = 0; k < 8; k++) _mm256_storeu_ps((float *)pto_cpu__row(&out, k), t[k]);
}
/* pto_cpu__avx2_transpose16_16 in registers: a[k] is row k before and column k after */
PTO_CPU_AVX2 static inline void pto_cpu__avx2_transpose16_16_regs(__m256i *a)
{
    __m256i b[16];
    size_t k;
    for (k = 0; k < 16; k += 2) { /* pairs of rows interleaved 16 bits at a time, per 128-bit lane */
        b[k] = _mm256_unpacklo_epi16(a[k], a[k + 1]);
        b[k + 1] = _mm256_unpackhi_epi16(a[k], a[k + 1]);
    }
    for (k = 0; k < 16; k += 4) { /* 32 bits: columns j, j + 1 (j + 8, j + 9 in the high lane) of 4 rows */
        a[k] = _mm256_unpacklo_epi32(b[k], b[k + 2]);
        a[k + 1] = _mm256_unpackhi_epi32(b[k], b[k + 2]);
        a[k + 2] = _mm256_unpacklo_epi32(b[k + 1], b[k + 3]);
        a[k + 3] = _mm256_unpackhi_epi32(b[k + 1], b[k + 3]);
    }
    for (k = 0; k < 16; k += 8) { /* 64 bits: b[k + c] is column c (low lane) and c + 8 (high lane) of 8 rows */
        size_t c;
        for (c = 0; c < 4; c++) {
            b[k + 2 * c] = _mm256_unpacklo_epi64(a[k + c], a[k + c + 4]);
            b[k + 2 * c + 1] = _mm256_unpackhi_epi64(a[k + c], a[k + c + 4]);
        }
    }
    for (k = 0; k < 8; k++) { /* rows 0-7 and 8-15 of column k, and of column k + 8 */
        a[k] = _mm256_permute2x128_si256(b[k], b[k + 8], 0x20);
        a[k + 8] = _mm256_permute2x128_si256(b[k], b[k + 8], 0x31);
    }
}
PTO_CPU_AVX2 static inline void pto_cpu__avx2_transpose16_16(uint16_t *to, size_t ts, const uint16_t *from, size_t fs)
{
    __m256i a[16];
    pto_cpu__rows in = pto_cpu__rows_at(from, fs * 2), out = pto_cpu__rows_at(to, ts * 2);
    size_t k;
    for (k = 0; k < 16; k++) a[k] = _mm256_loadu_si256((const __m256i *)pto_cpu__row(&in, k));
    pto_cpu__avx2_transpose16_16_regs(a);
    for (k = 0; k < 16; k++) _mm256_storeu_si256((__m256i *)pto_cpu__row(&out, k), a[k]);
}

typedef __m512 pto_cpu__avx512_f;
typedef __m512i pto_cpu__avx512_i;
typedef __mmask16 pto_cpu__avx512_m;
#define PTO_CPU__AVX512_LOAD32(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
PTO_CPU_AVX512 static inline float pto_cpu__avx512_f16_to_f32(uint16_t h) { return _cvtsh_ss(h); }
PTO_CPU_AVX512 static inline uint16_t pto_cpu__avx512_f32_to_f16(float f) { return (uint16_t)_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT); }
/* 16 f16 or bf16 to floats, and back: the software conversions' bits */
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_cvt_f16(__m256i h) { return _mm512_cvtph_ps(h); }
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_cvt_bf16(__m256i h) { return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16)); }
PTO_CPU_AVX512 static inline __m256i pto_cpu__avx512_round_f16(__m512 x) { return _mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT); }
/* pto_cpu__f32_to_bf16 on 16 lanes: round to nearest even on the 16 dropped bits (_even, for
 * lanes that hold no NaN), or quiet a NaN; one word permute gathers the high halves (on Zen 4
 * faster than a shift and vpmovdw) */
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_bf16_even(__m512i u)
{
    return _mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)), _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1)));
}
PTO_CPU_AVX512 static inline __m256i pto_cpu__avx512_high_words(__m512i v)
{
    const __m512i high = _mm512_setr_epi32(0x00030001, 0x00070005, 0x000b0009, 0x000f000d, 0x00130011, 0x00170015,
                                           0x001b0019, 0x001f001d, 0, 0, 0, 0, 0, 0, 0, 0); /* odd words, to the low half */
    return _mm512_castsi512_si256(_mm512_permutexvar_epi16(high, v));
}
PTO_CPU_AVX512 static inline __m256i pto_cpu__avx512_round_bf16(__m512 x)
{
    const __m512i u = _mm512_castps_si512(x);
    const __m512i r = _mm512_mask_or_epi32(pto_cpu__avx512_bf16_even(u), _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q), u, _mm512_set1_epi32(0x00400000));
    return pto_cpu__avx512_high_words(r);
}
/* pto_cpu__avx2_transpose8_32 on 16 x 16 32-bit elements, in registers: r[k] is row k before and
 * column k after; 64 shuffles for 256 elements (AVX2's 8 x 8 blocks take 96). The partial corners'
 * network only: Zen 4 runs a 512-bit shuffle at half the rate, and whole blocks so took 1.5x the
 * time of four 8 x 8 ones (TTRANS f32 64x32 146 against 105 ns) */
PTO_CPU_AVX512 static inline void pto_cpu__avx512_transpose16_regs(__m512 *r)
{
    __m512 t[16];
    size_t k, c;
    for (k = 0; k < 16; k += 2) { /* pairs of rows interleaved, 32 bits at a time */
        t[k] = _mm512_unpacklo_ps(r[k], r[k + 1]);
        t[k + 1] = _mm512_unpackhi_ps(r[k], r[k + 1]);
    }
    for (k = 0; k < 16; k += 4) { /* r[k + c], 128-bit lane l: column 4l + c of rows k to k + 3 */
        r[k] = _mm512_shuffle_ps(t[k], t[k + 2], 0x44);
        r[k + 1] = _mm512_shuffle_ps(t[k], t[k + 2], 0xee);
        r[k + 2] = _mm512_shuffle_ps(t[k + 1], t[k + 3], 0x44);
        r[k + 3] = _mm512_shuffle_ps(t[k + 1], t[k + 3], 0xee);
    }
    for (c = 0; c < 4; c++) { /* the lanes of the four groups of rows put together: columns c, c + 4, c + 8, c + 12 */
        const __m512 x0 = _mm512_shuffle_f32x4(r[c], r[4 + c], 0x44), x1 = _mm512_shuffle_f32x4(r[c], r[4 + c], 0xee);
        const __m512 y0 = _mm512_shuffle_f32x4(r[8 + c], r[12 + c], 0x44), y1 = _mm512_shuffle_f32x4(r[8 + c], r[12 + c], 0xee);
        t[c] = _mm512_shuffle_f32x4(x0, y0, 0x88);
        t[c + 4] = _mm512_shuffle_f32x4(x0, y0, 0xdd);
        t[c + 8] = _mm512_shuffle_f32x4(x1, y1, 0x88);
        t[c + 12] = _mm512_shuffle_f32x4(x1, y1, 0xdd);
    }
    for (k = 0; k < 16; k++) r[k] = t[k];
}
/* the first n < 16 lanes, for the masked loads and stores of a row's last elements; and the first
 * n of any n (all 16 from n >= 16) */
PTO_CPU_AVX512 static inline __mmask16 pto_cpu__avx512_lanes(size_t n) { return (__mmask16)((1u << n) - 1u); }
PTO_CPU_AVX512 static inline __mmask16 pto_cpu__avx512_lanes_upto(size_t n) { return n >= 16 ? (__mmask16)0xffff : pto_cpu__avx512_lanes(n); }
/* The transposing blocks of the corner of the first h rows and w columns, each counted up to 16 (a
 * box's partial rows and columns; a larger count means the whole 16): rows read and columns
 * written by masked loads and stores, so nothing outside the corner is touched, the lanes past it
 * zero in the registers. Not inlined: in the body that also transposes whole boxes, its masks
 * and rows took the registers of the whole boxes' loop, which then reloaded its strides from the
 * stack (TTRANS f16 64x128 270 against 350 ns; 60x100 in 64x128 alike, 250 against 270). */
#define PTO_CPU__AVX512_CORNER(bits, vec, load, zero, regs, store)                                                \
    PTO_CPU_AVX512 static __attribute__((noinline, unused)) void pto_cpu__avx512_transpose16_##bits##_part(        \
        uint##bits##_t *to, size_t ts, const uint##bits##_t *from, size_t fs, size_t h, size_t w)                   \
    {                                                                                                              \
        const __mmask16 across = pto_cpu__avx512_lanes_upto(w), down = pto_cpu__avx512_lanes_upto(h);              \
        pto_cpu__rows in = pto_cpu__rows_at(from, fs * (bits / 8)), out = pto_cpu__rows_at(to, ts * (bits / 8));   \
        vec r[16];                                                                                                 \
        size_t k;                                                                                                  \
        for (k = 0; k < 16; k++) r[k] = k < h ? load(across, pto_cpu__row(&in, k)) : zero();                       \
        regs(r);                                                                                                   \
        for (k = 0; k < w && k < 16; k++) store(pto_cpu__row(&out, k), down, r[k]);                                \
    }
PTO_CPU__AVX512_CORNER(16, __m256i, _mm256_maskz_loadu_epi16, _mm256_setzero_si256, pto_cpu__avx2_transpose16_16_regs,
                       _mm256_mask_storeu_epi16)
PTO_CPU__AVX512_CORNER(32, __m512, _mm512_maskz_loadu_ps, _mm512_setzero_ps, pto_cpu__avx512_transpose16_regs,
                       _mm512_mask_storeu_ps)
/* n bytes from s to d, 64 at a time, the last ones by one more vector of the largest size that
 * fits, ending at n (it overlaps what is already copied, with the same bytes): a short row in one
 * or two moves, where gcc's loop of a run-time count of elements takes its scalar epilogue (a row
 * of 16 16-bit elements, half a vector). d may be s itself. */
PTO_CPU_AVX512 static inline void pto_cpu__avx512_copy_row(void *d, const void *s, size_t n)
{
    unsigned char *to = (unsigned char *)d;
    const unsigned char *from = (const unsigned char *)s;
    size_t j;
    if (n >= 64) {
        for (j = 0; j + 64 <= n; j += 64) _mm512_storeu_si512((void *)(to + j), _mm512_loadu_si512((const void *)(from + j)));
        if (j < n) _mm512_storeu_si512((void *)(to + n - 64), _mm512_loadu_si512((const void *)(from + n - 64)));
    } else if (n >= 32) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)from);
        const __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(from + n - 32));
        _mm256_storeu_si256((__m256i *)(void *)to, a);
        _mm256_storeu_si256((__m256i *)(void *)(to + n - 32), b);
    } else if (n >= 16) {
        const __m128i a = _mm_loadu_si128((const __m128i *)(const void *)from);
        const __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(from + n - 16));
        _mm_storeu_si128((__m128i *)(void *)to, a);
        _mm_storeu_si128((__m128i *)(void *)(to + n - 16), b);
    } else {
        const __mmask16 m = pto_cpu__avx512_lanes(n);
        _mm_mask_storeu_epi8((void *)to, m, _mm_maskz_loadu_epi8(m, (const void *)from));
    }
}
/* argmax or argmin (x beats y by cmp) of g <= 16 f32 rows of n <= 16 elements, 16 rows at a time:
 * the block transposed in registers, so that column j of every row is one vector, then the columns
 * meet in a tree, adjacent ones first, each pair keeping the left one's value and position unless
 * the right one beats it: is greater (less), or is a NaN where the left one is not (a NaN beats
 * every number, and the first NaN wins). A tie keeps the left, so the lowest position of the best
 * wins, as pto_cpu__argmax_short_f32 decides one row (that choice is associative: the tree gives
 * the scan's answer, in four levels instead of fifteen dependent steps). Columns past n hold
 * `never` (-inf for argmax, +inf for argmin), which beats nothing. at[r]: row r's position. */
#define PTO_CPU__AVX512_ARG16(fn, cmp, never)                                                             \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_##fn##_pair_f32(__m512 *x, __m512i *pos, size_t a, size_t b) \
    {                                                                                                    \
        const __mmask16 nan = _mm512_mask_cmp_ps_mask(_mm512_cmp_ps_mask(x[a], x[a], _CMP_ORD_Q), x[b], x[b], _CMP_UNORD_Q); \
        const __mmask16 take = _kor_mask16(_mm512_cmp_ps_mask(x[b], x[a], cmp), nan);                    \
        x[a] = _mm512_mask_blend_ps(take, x[a], x[b]);                                                   \
        pos[a] = _mm512_mask_blend_epi32(take, pos[a], pos[b]);                                          \
    }                                                                                                    \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_##fn##16_f32(uint32_t *at, const float *s, size_t ss, size_t g, \
                                                                  size_t n)                              \
    {                                                                                                    \
        const __mmask16 m = pto_cpu__avx512_lanes(n);                                                    \
        const __m512 pad = _mm512_set1_ps(never);                                                        \
        __m512 x[16];                                                                                    \
        __m512i pos[16];                                                                                 \
        size_t r, j;                                                                                     \
        for (r = 0; r < 16; r++) {                                                                       \
            x[r] = r < g ? _mm512_mask_loadu_ps(pad, m, s + r * ss) : pad;                               \
            pos[r] = _mm512_set1_epi32((int)r); /* after the transpose, vector r is column r */          \
        }                                                                                                \
        pto_cpu__avx512_transpose16_regs(x);                                                             \
        for (j = 0; j < 16; j += 2) pto_cpu__avx512_##fn##_pair_f32(x, pos, j, j + 1);                   \
        for (j = 0; j < 16; j += 4) pto_cpu__avx512_##fn##_pair_f32(x, pos, j, j + 2);                   \
        for (j = 0; j < 16; j += 8) pto_cpu__avx512_##fn##_pair_f32(x, pos, j, j + 4);                   \
        pto_cpu__avx512_##fn##_pair_f32(x, pos, 0, 8);                                                   \
        _mm512_storeu_si512((void *)at, pos[0]);                                                         \
    }
PTO_CPU__AVX512_ARG16(argmax, _CMP_GT_OQ, pto_cpu__float(0xff800000u))
PTO_CPU__AVX512_ARG16(argmin, _CMP_LT_OQ, pto_cpu__float(0x7f800000u))
/* The conversions of a 16-bit float format: 16 elements at once, or the first n < 16 by masked
 * loads and stores (_part's source is a buffer of 16, _tail's a row's last n), and an intermediate result rounded to the format in place, as a vector. */
#define PTO_CPU__AVX512_HALF(name, inf)                                                 \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_widen_##name(float *to, const uint16_t *from) \
    {                                                                                   \
        _mm512_storeu_ps(to, pto_cpu__avx512_cvt_##name(PTO_CPU__AVX512_LOAD32(from))); \
    }                                                                                   \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_narrow_##name(uint16_t *to, const float *from) \
    {                                                                                   \
        _mm256_storeu_si256((__m256i *)(void *)to, pto_cpu__avx512_round_##name(_mm512_loadu_ps(from))); \
    }                                                                                   \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_widen_##name##_part(float *to, const uint16_t *from, size_t n) \
    {                                                                                   \
        _mm512_storeu_ps(to, pto_cpu__avx512_cvt_##name(_mm256_maskz_loadu_epi16(pto_cpu__avx512_lanes(n), from))); \
    }                                                                                   \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_narrow_##name##_part(uint16_t *to, const float *from, size_t n) \
    {                                                                                   \
        _mm256_mask_storeu_epi16(to, pto_cpu__avx512_lanes(n), pto_cpu__avx512_round_##name(_mm512_loadu_ps(from))); \
    }                                                                                   \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_narrow_##name##_tail(uint16_t *to, const float *from, size_t n) \
    {                                                                                   \
        const __mmask16 m = pto_cpu__avx512_lanes(n);                                   \
        _mm256_mask_storeu_epi16(to, m, pto_cpu__avx512_round_##name(_mm512_maskz_loadu_ps(m, from))); \
    }                                                                                   \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_requant_##name(float *x)          \
    {                                                                                   \
        _mm512_storeu_ps(x, pto_cpu__avx512_cvt_##name(pto_cpu__avx512_round_##name(_mm512_loadu_ps(x)))); \
    }
PTO_CPU_HALFS(PTO_CPU__AVX512_HALF)
/* The same for AVX-512's 16 f32, by masked loads and stores */
PTO_CPU_AVX512 static inline void pto_cpu__avx512_widen_f32_part(float *to, const float *from, size_t n)
{
    _mm512_storeu_ps(to, _mm512_maskz_loadu_ps(pto_cpu__avx512_lanes(n), from));
}
PTO_CPU_AVX512 static inline void pto_cpu__avx512_narrow_f32_part(float *to, const float *from, size_t n)
{
    _mm512_mask_storeu_ps(to, pto_cpu__avx512_lanes(n), _mm512_loadu_ps(from));
}
/* The row trees' pieces (PTO_CPU__AVX512_ROW_TREE below) per dtype, in floats: f32's own, a 16-bit
 * format's widened (exact) and rounded back to it after every operation. A load gives the first n
 * elements of p (all 16 from n >= 16) and the identity id past them; a store writes lane r of v
 * to d[r * ds] for r < g. */
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_tree_load_f32(const float *p, size_t n, __m512 id)
{
    return n >= 16 ? _mm512_loadu_ps(p) : _mm512_mask_loadu_ps(id, pto_cpu__avx512_lanes(n), p);
}
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_tree_round_f32(__m512 x) { return x; }
PTO_CPU_AVX512 static inline void pto_cpu__avx512_tree_store_f32(float *d, size_t ds, size_t g, __m512 v)
{
    float t[16];
    size_t r;
    _mm512_storeu_ps(t, v);
    for (r = 0; r < g; r++) d[r * ds] = t[r];
}
#define PTO_CPU__AVX512_TREE_HALF(name, inf)                                                            \
    PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_tree_load_##name(const uint16_t *p, size_t n, __m512 id) \
    {                                                                                                   \
        const __mmask16 m = pto_cpu__avx512_lanes_upto(n);                                              \
        return _mm512_mask_mov_ps(id, m, pto_cpu__avx512_cvt_##name(_mm256_maskz_loadu_epi16(m, p)));   \
    }                                                                                                   \
    PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_tree_round_##name(__m512 x)                     \
    {                                                                                                   \
        return pto_cpu__avx512_cvt_##name(pto_cpu__avx512_round_##name(x));                             \
    }                                                                                                   \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_tree_store_##name(uint16_t *d, size_t ds, size_t g, __m512 v) \
    {                                                                                                   \
        uint16_t t[16];                                                                                 \
        size_t r;                                                                                       \
        _mm256_storeu_si256((__m256i *)(void *)t, pto_cpu__avx512_round_##name(v));                     \
        for (r = 0; r < g; r++) d[r * ds] = t[r];                                                       \
    }
PTO_CPU_HALFS(PTO_CPU__AVX512_TREE_HALF)
/* The even and the odd lanes of a and b, put one after the other: a's eight, then b's */
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_evens(__m512 a, __m512 b)
{
    return _mm512_permutex2var_ps(a, _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30), b);
}
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_odds(__m512 a, __m512 b)
{
    return _mm512_permutex2var_ps(a, _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31), b);
}
/* The contract's row sum or product (docs/contract.md section 2: element j of a row in lane j mod
 * E, each lane folding its elements in increasing j, then the adjacent-pair tree over the lanes)
 * of g <= 16 rows at once into d[r * ds]. A row folds into its E lanes, E / 16 vectors, or the
 * fewest (a power of two) that cover a shorter row; its vectors then meet in pairs, the even lanes
 * of the pair with the odd ones (lane l of a level is lanes 2l and 2l + 1 of the one before, in
 * that order), down to one vector. Then the 16 rows meet in pairs the same way: after four levels
 * lane r holds row r's result. Lanes past a row's end, and the rows past g, hold the identity id,
 * which changes no value (gen/kinds/row_reduce.py). Every row is read before d is written. */
#define PTO_CPU__AVX512_ROW_TREE(fn, op, name, S, E)                                                      \
    PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_pair_##fn##_##name(__m512 a, __m512 b)            \
    {                                                                                                    \
        return pto_cpu__avx512_tree_round_##name(op(pto_cpu__avx512_evens(a, b), pto_cpu__avx512_odds(a, b))); \
    }                                                                                                    \
    /* a row of more than 16 elements folded into n vectors of lanes (a power of two), then to one */    \
    PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_row_lanes_##fn##_##name(const S *row, size_t cols, size_t n, \
                                                                               __m512 id)               \
    {                                                                                                    \
        __m512 x[8];                                                                                     \
        size_t k, c;                                                                                     \
        for (k = 0; k < E / 16; k++)                                                                     \
            x[k] = k < n ? pto_cpu__avx512_tree_load_##name(row + 16 * k, cols > 16 * k ? cols - 16 * k : 0, id) : id; \
        for (c = E; c < cols; c += E)                                                                    \
            for (k = 0; k < E / 16; k++)                                                                 \
                if (c + 16 * k < cols)                                                                   \
                    x[k] = pto_cpu__avx512_tree_round_##name(                                            \
                        op(x[k], pto_cpu__avx512_tree_load_##name(row + c + 16 * k, cols - c - 16 * k, id))); \
        if (n >= 8)                                                                                      \
            for (k = 0; k < 4; k++) x[k] = pto_cpu__avx512_pair_##fn##_##name(x[2 * k], x[2 * k + 1]);   \
        if (n >= 4)                                                                                      \
            for (k = 0; k < 2; k++) x[k] = pto_cpu__avx512_pair_##fn##_##name(x[2 * k], x[2 * k + 1]);   \
        return pto_cpu__avx512_pair_##fn##_##name(x[0], x[1]);                                           \
    }                                                                                                    \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_row_tree_##fn##_##name(S *d, size_t ds, const S *s, size_t ss, \
                                                                            size_t g, size_t cols, float identity) \
    {                                                                                                    \
        const __m512 id = _mm512_set1_ps(identity);                                                      \
        __m512 v[16];                                                                                    \
        size_t r, n = E / 16;                                                                            \
        while (n > 1 && n * 8 >= cols) n /= 2;                                                           \
        if (n == 1) /* a vector a row: the rows in registers */                                          \
            for (r = 0; r < 16; r++) v[r] = r < g ? pto_cpu__avx512_tree_load_##name(s + r * ss, cols, id) : id; \
        else                                                                                             \
            for (r = 0; r < 16; r++) v[r] = r < g ? pto_cpu__avx512_row_lanes_##fn##_##name(s + r * ss, cols, n, id) : id; \
        for (r = 0; r < 8; r++) v[r] = pto_cpu__avx512_pair_##fn##_##name(v[2 * r], v[2 * r + 1]);       \
        for (r = 0; r < 4; r++) v[r] = pto_cpu__avx512_pair_##fn##_##name(v[2 * r], v[2 * r + 1]);       \
        for (r = 0; r < 2; r++) v[r] = pto_cpu__avx512_pair_##fn##_##name(v[2 * r], v[2 * r + 1]);       \
        pto_cpu__avx512_tree_store_##name(d, ds, g, pto_cpu__avx512_pair_##fn##_##name(v[0], v[1]));     \
    }
/* The column fold of the rows (TCOLSUM's sequential order, TCOLPROD) of a 16-bit float format: 64
 * columns at a time, four vectors of running values in floats, each row folded in order and
 * rounded to the format after every operation, as the contract's fold in T (the conversions bound
 * it: eight vectors at a time were no faster); the last columns by masked loads and stores. Every
 * row of a block of columns is read before its dst is written: dst may be src. */
#define PTO_CPU__AVX512_COL_FOLD(fn, op, name)                                                            \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_col_fold_##fn##_##name(uint16_t *d, const uint16_t *s, size_t ss, \
                                                                            size_t rows, size_t cols)    \
    {                                                                                                    \
        const __m512 id = _mm512_setzero_ps(); /* past the last column: never stored */                 \
        size_t i, j, k;                                                                                  \
        for (j = 0; j < cols; j += 64) {                                                                 \
            __m512 acc[4];                                                                               \
            size_t n[4];                                                                                 \
            for (k = 0; k < 4; k++) {                                                                    \
                n[k] = cols > j + 16 * k ? cols - j - 16 * k : 0;                                        \
                acc[k] = pto_cpu__avx512_tree_load_##name(s + j + 16 * k, n[k], id);                     \
            }                                                                                            \
            for (i = 1; i < rows; i++)                                                                   \
                for (k = 0; k < 4; k++)                                                                  \
                    acc[k] = pto_cpu__avx512_tree_round_##name(                                          \
                        op(acc[k], pto_cpu__avx512_tree_load_##name(s + i * ss + j + 16 * k, n[k], id))); \
            for (k = 0; k < 4; k++)                                                                      \
                _mm256_mask_storeu_epi16(d + j + 16 * k, pto_cpu__avx512_lanes_upto(n[k]), pto_cpu__avx512_round_##name(acc[k])); \
        }                                                                                                \
    }
#define PTO_CPU__AVX512_COL_FOLDS(name, inf) PTO_CPU__AVX512_COL_FOLD(add, _mm512_add_ps, name) PTO_CPU__AVX512_COL_FOLD(mul, _mm512_mul_ps, name)
PTO_CPU_HALFS(PTO_CPU__AVX512_COL_FOLDS)
#define PTO_CPU__AVX512_ROW_TREES(name, S, E)                   \
    PTO_CPU__AVX512_ROW_TREE(add, _mm512_add_ps, name, S, E) \
    PTO_CPU__AVX512_ROW_TREE(mul, _mm512_mul_ps, name, S, E)
#define PTO_CPU__AVX512_ROW_TREES_HALF(name, inf) PTO_CPU__AVX512_ROW_TREES(name, uint16_t, 128)
PTO_CPU__AVX512_ROW_TREES(f32, float, 64)
PTO_CPU_HALFS(PTO_CPU__AVX512_ROW_TREES_HALF)
/* f16's and bf16's rounding of 16 floats none of which is a NaN (bf16's without its NaN test) */
PTO_CPU_AVX512 static inline __m256i pto_cpu__avx512_round_bf16_numbers(__m512i u) { return pto_cpu__avx512_high_words(pto_cpu__avx512_bf16_even(u)); }
PTO_CPU_AVX512 static inline __m256i pto_cpu__avx512_round_f16_numbers(__m512i u) { return pto_cpu__avx512_round_f16(_mm512_castsi512_ps(u)); }
/* pto_cpu__avx2_narrow_sat_<name> on 16 elements: the finite magnitudes capped at max (one masked
 * unsigned minimum), the sign put back (one ternary logic op: m | (u & sign)). A vector whose
 * magnitudes all round to finite values (bits at most `last`) needs no cap and has no NaN: the
 * plain rounding (TCVT f32 -> bf16 128x256 from 1.78 to 1.46 times memcpy) */
#define PTO_CPU__AVX512_NARROW_SAT(name, max, last)                                              \
    PTO_CPU_AVX512 static inline void pto_cpu__avx512_narrow_sat_##name(uint16_t *to, const float *from) \
    {                                                                                            \
        const __m512i u = _mm512_loadu_si512((const void *)from);                               \
        const __m512i a = _mm512_and_si512(u, _mm512_set1_epi32(0x7fffffff));                    \
        if (!_mm512_cmpgt_epu32_mask(a, _mm512_set1_epi32(last))) {                              \
            _mm256_storeu_si256((__m256i *)(void *)to, pto_cpu__avx512_round_##name##_numbers(u)); \
        } else {                                                                                 \
            const __mmask16 finite = _mm512_cmplt_epu32_mask(a, _mm512_set1_epi32(0x7f800000));  \
            const __m512i m = _mm512_mask_min_epu32(a, finite, a, _mm512_set1_epi32(max));       \
            const __m512i v = _mm512_ternarylogic_epi32(m, u, _mm512_set1_epi32((int)0x80000000u), 0xf8); \
            _mm256_storeu_si256((__m256i *)(void *)to, pto_cpu__avx512_round_##name(_mm512_castsi512_ps(v))); \
        }                                                                                        \
    }
PTO_CPU__AVX512_NARROW_SAT(f16, 0x477fe000, 0x477fefff) /* 65504; 65520 ties to 65536, infinity */
PTO_CPU__AVX512_NARROW_SAT(bf16, 0x7f7f0000, 0x7f7f7fff) /* 0x7f7f8000 ties to 0x7f80, infinity */
/* TCVT f32 -> i32 under RINT, 16 at a time from unaligned f32 bits: vcvtps2dq with its own
 * nearest-even rounding (not MXCSR's), which gives INT32_MIN for every value out of range and
 * for NaN; then 2^31 and above INT32_MAX and a NaN 0 (the clamping of both saturation modes) */
PTO_CPU_AVX512 static inline void pto_cpu__avx512_rint_i32(uint32_t *to, const uint32_t *from)
{
    const __m512 x = _mm512_loadu_ps((const void *)from);
    const __m512i v = _mm512_cvt_roundps_epi32(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __mmask16 over = _mm512_cmp_ps_mask(x, _mm512_set1_ps(0x1p31f), _CMP_GE_OQ), nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
    _mm512_storeu_si512((void *)to, _mm512_mask_mov_epi32(_mm512_mask_mov_epi32(v, over, _mm512_set1_epi32(INT32_MAX)), nan,
                                                          _mm512_setzero_si512()));
}
/* row-expand mode 2: a 32-byte block, twice over in one vector */
PTO_CPU_AVX512 static inline void pto_cpu__avx512_repeat_block(void *to, const void *from)
{
    _mm512_storeu_si512(to, _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)from)));
}
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_load_f32(const float *p) { return _mm512_loadu_ps(p); }
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_load_f16(const uint16_t *p) { return pto_cpu__avx512_cvt_f16(PTO_CPU__AVX512_LOAD32(p)); }
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_load_bf16(const uint16_t *p) { return pto_cpu__avx512_cvt_bf16(PTO_CPU__AVX512_LOAD32(p)); }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_load_i32(const int32_t *p) { return _mm512_loadu_si512(p); }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_load_u32(const uint32_t *p) { return _mm512_xor_si512(_mm512_loadu_si512(p), _mm512_set1_epi32(INT32_MIN)); }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_load_i16(const int16_t *p) { return _mm512_cvtepi16_epi32(PTO_CPU__AVX512_LOAD32(p)); }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_load_u16(const uint16_t *p) { return _mm512_cvtepu16_epi32(PTO_CPU__AVX512_LOAD32(p)); }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_load_i8(const int8_t *p) { return _mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)(const void *)p)); }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_load_u8(const uint8_t *p) { return _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)p)); }
PTO_CPU_AVX512 static inline __mmask16 pto_cpu__avx512_gt_f(__m512 a, __m512 b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
PTO_CPU_AVX512 static inline __mmask16 pto_cpu__avx512_gt_i(__m512i a, __m512i b) { return _mm512_cmpgt_epi32_mask(a, b); }
PTO_CPU_AVX512 static inline __m512 pto_cpu__avx512_sel_f(__mmask16 m, __m512 a, __m512 b) { return _mm512_mask_mov_ps(b, m, a); }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_sel_i(__mmask16 m, __m512i a, __m512i b) { return _mm512_mask_mov_epi32(b, m, a); }
PTO_CPU_AVX512 static inline __mmask16 pto_cpu__avx512_unord(__m512 a, __m512 b) { return _mm512_cmp_ps_mask(a, b, _CMP_UNORD_Q); }
PTO_CPU_AVX512 static inline __mmask16 pto_cpu__avx512_or(__mmask16 a, __mmask16 b) { return (__mmask16)(a | b); }
PTO_CPU_AVX512 static inline int pto_cpu__avx512_any(__mmask16 m) { return m != 0; }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_splat(size_t c) { return _mm512_set1_epi32((int)(uint32_t)c); }
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_rank(__m512 x)
{
    const __m512i u = _mm512_castps_si512(x), s = _mm512_srai_epi32(u, 31);
    return _mm512_sub_epi32(_mm512_xor_si512(_mm512_and_si512(u, _mm512_set1_epi32(INT32_MAX)), s), s);
}
PTO_CPU_AVX512 static inline __m512i pto_cpu__avx512_not(__m512i k) { return _mm512_xor_si512(k, _mm512_set1_epi32(-1)); }
PTO_CPU_AVX512 static inline size_t pto_cpu__avx512_first(__m512i k0, __m512i f0, __m512i k1, __m512i f1)
{
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), none = _mm512_set1_epi32(-1);
    const __m512i t = _mm512_set1_epi32(_mm512_reduce_max_epi32(_mm512_max_epi32(k0, k1)));
    const __m512i p0 = _mm512_mask_add_epi32(none, _mm512_cmpeq_epi32_mask(k0, t), f0, lane);
    const __m512i p1 = _mm512_mask_add_epi32(none, _mm512_cmpeq_epi32_mask(k1, t), f1, lane);
    return (uint32_t)_mm512_reduce_min_epu32(_mm512_min_epu32(p0, p1));
}

/* The x86 routine of the row reduction fn (`better` its comparison) over dtype `name` (elements
 * S, loaded as vectors of floats, t f, or of int32, t i) for variant v (its attribute, its lanes):
 * the lowest position of the best value of row[0, n), n >= lanes: two vectors of running bests,
 * each lane with the start of the vector it found its own in, over vectors at increasing
 * positions (the last one ends the row, overlapping the one before unless n is a multiple of the
 * lanes); -0 and +0 compare equal. */
#define PTO_CPU__X86_ROW(fn, better, rank, v, attr, lanes, t, name, S)                       \
    attr static inline size_t pto_cpu__##v##_##fn##_##name(const S *row, size_t n)           \
    {                                                                                        \
        const size_t last = n - lanes;                                                       \
        size_t c = last < lanes ? last : lanes;                                              \
        pto_cpu__##v##_##t b0 = pto_cpu__##v##_load_##name(row), b1 = pto_cpu__##v##_load_##name(row + c); \
        pto_cpu__##v##_i f0 = pto_cpu__##v##_splat(0), f1 = pto_cpu__##v##_splat(c);         \
        PTO_CPU__X86_NANS_##t(v, b0, b1)                                                     \
        for (c = 2 * lanes; c < n; c += 2 * lanes) {                                         \
            const size_t c0 = c < last ? c : last, c1 = c + lanes < last ? c + lanes : last; \
            const pto_cpu__##v##_##t x0 = pto_cpu__##v##_load_##name(row + c0);              \
            const pto_cpu__##v##_##t x1 = pto_cpu__##v##_load_##name(row + c1);              \
            const pto_cpu__##v##_m m0 = PTO_CPU__X86_BETTER(better, pto_cpu__##v##_gt_##t, x0, b0); \
            const pto_cpu__##v##_m m1 = PTO_CPU__X86_BETTER(better, pto_cpu__##v##_gt_##t, x1, b1); \
            PTO_CPU__X86_MORE_NANS_##t(v, x0, x1)                                            \
            b0 = pto_cpu__##v##_sel_##t(m0, x0, b0);                                         \
            b1 = pto_cpu__##v##_sel_##t(m1, x1, b1);                                         \
            f0 = pto_cpu__##v##_sel_i(m0, pto_cpu__##v##_splat(c0), f0);                     \
            f1 = pto_cpu__##v##_sel_i(m1, pto_cpu__##v##_splat(c1), f1);                     \
        }                                                                                    \
        PTO_CPU__X86_FIRST_NAN_##t(v, name)                                                  \
        return pto_cpu__##v##_first(PTO_CPU__X86_KEY(better, v, PTO_CPU__X86_RANK_##t(v, b0)), f0, \
                                    PTO_CPU__X86_KEY(better, v, PTO_CPU__X86_RANK_##t(v, b1)), f1); \
    }

/* The vectors compare by gt only: the new one x against the running one b, or b against x for
 * the smallest; first() finds the largest rank, so the smallest is found by the complement,
 * which reverses int32 order. */
#define PTO_CPU__X86_BETTER(better, gt, x, b) (PTO_CPU__UP(better) ? gt(x, b) : gt(b, x))
#define PTO_CPU__X86_KEY(better, v, k) (PTO_CPU__UP(better) ? (k) : pto_cpu__##v##_not(k))

/* What a float row (t f) adds: a NaN compares false, so it never wins a lane; the lanes that met
 * one are tracked, and a row with a NaN (greater or smaller than every number) leaves for the
 * scan for the first one. Its running floats rank at the end. An integer row (t i) has no NaN
 * and is its own rank. */
#define PTO_CPU__X86_NANS_f(v, b0, b1) pto_cpu__##v##_m nan = pto_cpu__##v##_unord(b0, b1);
#define PTO_CPU__X86_NANS_i(v, b0, b1)
#define PTO_CPU__X86_MORE_NANS_f(v, x0, x1) nan = pto_cpu__##v##_or(nan, pto_cpu__##v##_unord(x0, x1));
#define PTO_CPU__X86_MORE_NANS_i(v, x0, x1)
#define PTO_CPU__X86_FIRST_NAN_f(v, name) if (pto_cpu__##v##_any(nan)) return pto_cpu__first_nan_##name(row);
#define PTO_CPU__X86_FIRST_NAN_i(v, name)
#define PTO_CPU__X86_RANK_f(v, b) pto_cpu__##v##_rank(b)
#define PTO_CPU__X86_RANK_i(v, b) (b)

/* The routines of every x86 variant, row reduction and dtype (f32, then the tables' formats) */
#define PTO_CPU__X86_ROWS(v, attr, lanes, t, name, S) PTO_CPU_REDUCTIONS(PTO_CPU__X86_ROW, v, attr, lanes, t, name, S)
#define PTO_CPU__X86_HALF(name, inf) PTO_CPU_X86_VARIANTS(PTO_CPU__X86_ROWS, f, name, uint16_t)
#define PTO_CPU__X86_INT(name, dtype, S, bits, sign) PTO_CPU_X86_VARIANTS(PTO_CPU__X86_ROWS, i, name, S)
PTO_CPU_X86_VARIANTS(PTO_CPU__X86_ROWS, f, f32, float)
PTO_CPU_HALFS(PTO_CPU__X86_HALF)
PTO_CPU_INTS(PTO_CPU__X86_INT)
/* Bit masks: 64 lanes to 8 mask bytes and back (see the portable ones above) */
static inline uint64_t pto_cpu__x86_mask_load64(const uint8_t *bits)
{
    uint64_t m = 0;
    size_t b;
    for (b = 0; b < 8; b++) m |= (uint64_t)bits[b] << (8 * b);
    return m;
}
static inline void pto_cpu__x86_mask_store64(uint8_t *out, uint64_t m)
{
    size_t b;
    for (b = 0; b < 8; b++) out[b] = (uint8_t)(m >> (8 * b));
}
/* AVX2: a lane shifted to its byte's top bit, 32 bytes' top bits at once; back, each byte of a
 * 32-bit word copied to 8 bytes, each keeping its own bit, then 1 where it is nonzero */
PTO_CPU_AVX2 static inline uint32_t pto_cpu__avx2_mask_pack32(const uint8_t *lanes)
{
    return (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(_mm256_loadu_si256((const __m256i *)(const void *)lanes), 7));
}
PTO_CPU_AVX2 static inline void pto_cpu__avx2_mask_pack64(uint8_t *out, const uint8_t *lanes)
{
    pto_cpu__x86_mask_store64(out, pto_cpu__avx2_mask_pack32(lanes) | (uint64_t)pto_cpu__avx2_mask_pack32(lanes + 32) << 32);
}
PTO_CPU_AVX2 static inline __m256i pto_cpu__avx2_mask_lanes32(uint32_t m)
{
    const __m256i pick = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                          2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bit = _mm256_set1_epi64x((long long)0x8040201008040201u);
    const __m256i x = _mm256_and_si256(_mm256_shuffle_epi8(_mm256_set1_epi32((int)m), pick), bit);
    return _mm256_min_epu8(x, _mm256_set1_epi8(1));
}
PTO_CPU_AVX2 static inline void pto_cpu__avx2_mask_unpack64(uint8_t *lanes, const uint8_t *bits)
{
    const uint64_t m = pto_cpu__x86_mask_load64(bits);
    _mm256_storeu_si256((__m256i *)(void *)lanes, pto_cpu__avx2_mask_lanes32((uint32_t)m));
    _mm256_storeu_si256((__m256i *)(void *)(lanes + 32), pto_cpu__avx2_mask_lanes32((uint32_t)(m >> 32)));
}
/* AVX-512 (BW): 64 lanes are one mask register */
PTO_CPU_AVX512 static inline void pto_cpu__avx512_mask_pack64(uint8_t *out, const uint8_t *lanes)
{
    const __m512i l = _mm512_loadu_si512(lanes);
    pto_cpu__x86_mask_store64(out, (uint64_t)_mm512_test_epi8_mask(l, l));
}
PTO_CPU_AVX512 static inline void pto_cpu__avx512_mask_unpack64(uint8_t *lanes, const uint8_t *bits)
{
    _mm512_storeu_si512(lanes, _mm512_maskz_mov_epi8((__mmask64)pto_cpu__x86_mask_load64(bits), _mm512_set1_epi8(1)));
}

/* Square roots of a block of floats, y[j] = sqrt(x[j]) for j < n (y may be x): the hardware's,
 * which IEEE 754 rounds correctly, so pto_cpu__sqrt_f's numbers; a NaN where it has one (x < 0,
 * or a NaN), whose sign and payload the contract leaves free (x86's default NaN has its sign
 * set; LLVM takes every NaN for the same, so no blend of one NaN over another survives clang).
 * The f16 and bf16 kernels round this f32 root once more, to the format: a root rounded to 24
 * bits and then to p <= 11 is the root rounded to p (2p + 2 <= 24: Figueroa's innocuous double
 * rounding), as the tests of every f16 and bf16 input confirm. The library's C has no hardware
 * square root (no libm, and __builtin_sqrtf may call it): these are the intrinsics. */
PTO_CPU_AVX2 static inline void pto_cpu__avx2_sqrt_block(float *y, const float *x, size_t n)
{
    size_t j;
    for (j = 0; j + 8 <= n; j += 8) _mm256_storeu_ps(y + j, _mm256_sqrt_ps(_mm256_loadu_ps(x + j)));
    if (j < n) { /* the last n - j by a masked load */
        const __m256 v = _mm256_maskload_ps(x + j, pto_cpu__avx2_first_lanes(n - j));
        pto_cpu__avx2_store_bytes(y + j, _mm256_castps_si256(_mm256_sqrt_ps(v)), 4 * (n - j));
    }
}
PTO_CPU_AVX512 static inline void pto_cpu__avx512_sqrt_block(float *y, const float *x, size_t n)
{
    size_t j;
    for (j = 0; j < n; j += 16) {
        const __mmask16 m = pto_cpu__avx512_lanes_upto(n - j);
        _mm512_mask_storeu_ps(y + j, m, _mm512_sqrt_ps(_mm512_maskz_loadu_ps(m, x + j)));
    }
}

/* 1/sqrt of a block of f32, y[j] = pto_cpu__rsqrt_f(x[j]) for j < n (y may be x): the hardware's
 * square root and quotient in double, each rounded once, so within 2^-52 of the function (x is
 * exact in double; rsqrt(x) lies in (2^-65, 2^75)); rounded to f32 where both ends of the error
 * interval y(1 -+ PTO__MATH_ERR) round alike, which the value between them then does too (exp's
 * test: pto__exp_settled); elsewhere, about one input in ten million (256 of the positive
 * finite floats), the scalar function decides.
 * The special values come out of the same arithmetic: 1/sqrt(+-0) = +-inf, 1/sqrt(+inf) = +0, a
 * NaN for a NaN or a negative x (its sign and payload free, as the square root's above). */
PTO_CPU_AVX2 static inline __m128 pto_cpu__avx2_rsqrt4(__m128 x, int *unsettled)
{
    const __m256d y = _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(_mm256_cvtps_pd(x)));
    const __m128i lo = _mm_castps_si128(_mm256_cvtpd_ps(_mm256_mul_pd(y, _mm256_set1_pd(1 - PTO__MATH_ERR))));
    const __m128i hi = _mm_castps_si128(_mm256_cvtpd_ps(_mm256_mul_pd(y, _mm256_set1_pd(1 + PTO__MATH_ERR))));
    *unsettled = 0xf & ~_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(lo, hi)));
    return _mm256_cvtpd_ps(y);
}
/* 4 at a time, the last few through a buffer; an unsettled lane from its input as loaded (y may be x) */
PTO_CPU_AVX2 static inline void pto_cpu__avx2_rsqrt_block(float *y, const float *x, size_t n)
{
    size_t j, k;
    int unsettled;
    for (j = 0; j < n; j += 4) {
        const size_t m = n - j < 4 ? n - j : 4;
        float in[4], out[4];
        __m128 v;
        if (m == 4) {
            v = _mm_loadu_ps(x + j);
            _mm_storeu_ps(y + j, pto_cpu__avx2_rsqrt4(v, &unsettled));
        } else {
            for (k = 0; k < 4; k++) in[k] = k < m ? x[j + k] : 0.0f;
            v = _mm_loadu_ps(in);
            _mm_storeu_ps(out, pto_cpu__avx2_rsqrt4(v, &unsettled));
            for (k = 0; k < m; k++) y[j + k] = out[k];
        }
        if (unsettled & ((1 << m) - 1)) {
            _mm_storeu_ps(in, v);
            for (k = 0; k < m; k++)
                if ((unsettled >> k) & 1) y[j + k] = pto_cpu__rsqrt_f(in[k]);
        }
    }
}
/* the AVX2 routine: 4 lanes of double a step, as many as a 512-bit step takes time for on Zen 4
 * (two 256-bit passes; 8 lanes ran 28 us on TRSQRT f32 128x256, 4 lanes 31) */
PTO_CPU_AVX512 static inline void pto_cpu__avx512_rsqrt_block(float *y, const float *x, size_t n) { pto_cpu__avx2_rsqrt_block(y, x, n); }
#endif

#endif /* PTO_CPU_SIMD_H */
