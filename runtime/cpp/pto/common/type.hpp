// Part of ptogen's C++ API (hand-written, copied to out/include/pto/common/type.hpp): the names
// upstream PTO-ISA's CPU side defines for kernels and tests: the element types, the enums of tile
// and tensor layout, the compare modes, the pad values, and the NPU keywords and pipe
// synchronisation, which are empty on the cpu (ptogen's kernels run to completion in the call).
#ifndef PTO_COMMON_TYPE_HPP
#define PTO_COMMON_TYPE_HPP

#include <cstdint>
#include <cstring>

#define AICORE
#define PTO_INLINE inline __attribute__((always_inline))
#define PTO_INST AICORE PTO_INLINE
#define PTO_INTERNAL AICORE PTO_INLINE
#ifndef __global__
#define __global__
#endif
#define __aicore__
#define __gm__
#define __in__
#define __out__
#define __ubuf__

#define PTO_STATIC_ASSERT(...) static_assert(__VA_ARGS__)

// binary16: the compiler's _Float16 where it has one (gcc 12 on x86-64; the same bits either way)
#if defined(__FLT16_MAX__)
typedef _Float16 half;
#else
// A binary16 value stored as its bits, converting to and from float (round to nearest even).
struct half {
    uint16_t bits;
    half() : bits(0) {}
    half(float f) : bits(from_float(f)) {}
    operator float() const
    {
        const uint32_t s = (uint32_t)(bits & 0x8000u) << 16, e = bits >> 10 & 0x1fu, m = bits & 0x3ffu;
        uint32_t u;
        if (e == 31) u = s | 0x7f800000u | m << 13;
        else if (e) u = s | (e + 112) << 23 | m << 13;
        else if (!m) u = s;
        else { /* subnormal: normalise */
            uint32_t k = 0, mm = m;
            while (!(mm & 0x400u)) { mm <<= 1; k++; }
            u = s | (113 - k) << 23 | (mm & 0x3ffu) << 13;
        }
        float f;
        std::memcpy(&f, &u, sizeof f);
        return f;
    }
    static uint16_t from_float(float f)
    {
        uint32_t u;
        std::memcpy(&u, &f, sizeof u);
        const uint16_t s = (uint16_t)(u >> 16 & 0x8000u);
        const uint32_t a = u & 0x7fffffffu;
        if (a >= 0x7f800000u) return (uint16_t)(s | (a > 0x7f800000u ? 0x7e00u : 0x7c00u));
        if (a >= 0x477ff000u) return (uint16_t)(s | 0x7c00u); /* rounds to 2^16 or above */
        if (a < 0x38800000u) { /* below 2^-14: subnormal or zero, rounded once */
            const uint32_t m = (a & 0x7fffffu) | 0x800000u, shift = 126 - (a >> 23);
            if (shift > 24) return s;
            const uint32_t q = m >> shift, r = m & ((1u << shift) - 1), h = 1u << (shift - 1);
            return (uint16_t)(s | (q + (r > h || (r == h && (q & 1u)))));
        }
        const uint32_t q = (a >> 13) - (112u << 10), r = a & 0x1fffu;
        return (uint16_t)(s | (q + (r > 0x1000u || (r == 0x1000u && (q & 1u)))));
    }
};
#endif
typedef half aclFloat16;
typedef half float16_t;
typedef float float32_t;

// bfloat16: a class over its bits (neither gcc 12 nor clang 14 has a bf16 type in C++17).
struct bfloat16_t {
    uint16_t bits;
    bfloat16_t() : bits(0) {}
    bfloat16_t(float f)
    {
        uint32_t u;
        std::memcpy(&u, &f, sizeof u);
        if ((u & 0x7fffffffu) > 0x7f800000u) bits = (uint16_t)(u >> 16 | 0x40u); /* a quiet NaN */
        else bits = (uint16_t)((u + 0x7fffu + (u >> 16 & 1u)) >> 16);      /* nearest even */
    }
    operator float() const
    {
        const uint32_t u = (uint32_t)bits << 16;
        float f;
        std::memcpy(&f, &u, sizeof f);
        return f;
    }
};

// fp8 (TCVT's endpoints only): OCP E4M3FN and E5M2, stored as their bits (TCVT converts them)
struct float8_e4m3_t {
    uint8_t bits;
};
struct float8_e5m2_t {
    uint8_t bits;
};

// pipes and events: accepted, no-ops on the cpu
typedef int pipe_t;
typedef int event_t;
const pipe_t PIPE_S = 0, PIPE_V = 1, PIPE_MTE1 = 2, PIPE_MTE2 = 3, PIPE_MTE3 = 4, PIPE_M = 5, PIPE_ALL = 6, PIPE_FIX = 7;
#define EVENT_ID0 0
#define set_flag(a, b, c) ((void)(a), (void)(b), (void)(c))
#define wait_flag(a, b, c) ((void)(a), (void)(b), (void)(c))
inline void pipe_barrier(pipe_t) {}
typedef void *aclrtStream;

namespace pto {

enum class TileType { Vec, Mat, Left, Right, Acc, Bias, Scaling, ScaleLeft, ScaleRight, Ctrl };
enum class BLayout { RowMajor = 0, ColMajor = 1 };
enum class SLayout { NoneBox = 0, RowMajor = 1, ColMajor = 2 };
// upstream's numbering; ptogen's global tensors are ND, DN and NZ (pto_gm_layout: GlobalTensor says so)
enum class Layout { ND, DN, NZ, SCALE, MX_A_ND, MX_A_DN, MX_A_ZZ, MX_B_ND, MX_B_DN, MX_B_NN, NC1HWC0, GNC1HWC0, NCHW,
                    GNCHW, NHWC, NDC1HWC0, NCDHW, FRACTAL_Z, FRACTAL_Z_S16S8, FRACTAL_Z_3D, MAX };
enum class CmpMode : uint8_t { EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5 }; // upstream's numbering
enum class RoundMode : uint8_t { CAST_NONE = 0, CAST_RINT = 1, CAST_ROUND = 2, CAST_FLOOR = 3, CAST_CEIL = 4,
                                 CAST_TRUNC = 5, CAST_ODD = 6 };                   // upstream's numbering
enum class SaturationMode : uint8_t { ON = 0, OFF = 1 };                            // upstream's numbering
enum class PadValue : uint64_t { Null = 0, Zero = 1, Max = 2, Min = 3 };
enum class CompactMode { Null, Normal, RowPlusOne, RowAlignedPadding };
enum class DivAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
// The matrix unit's and the movements' template options (upstream's numbering): TMOV<Dst, Src,
// ReluPreMode>, TSTORE<Tile, Global, AtomicType, ReluPreMode>, TMATMUL<AccPhase>, TSTORE<STPhase>.
enum class ReluPreMode : uint8_t { NoRelu = 0, NormalRelu = 1 };
enum class AccToVecMode : uint8_t { SingleModeVec0 = 0, SingleModeVec1 = 1, DualModeSplitM = 2, DualModeSplitN = 3 };
enum class AtomicType : uint8_t { AtomicNone = 0, AtomicAdd = 1 };
enum class AccPhase : uint8_t { Unspecified = 0x0, Unknown = Unspecified, Partial = 0x2, Final = 0x3 }; // unit flags:
enum class STPhase : uint8_t { Unspecified = 0x0, Partial = 0x2, Final = 0x3 };                        // no-ops here

constexpr int DYNAMIC = -1;

// upstream's box ("fractal") sizes; a boxed Tile checks that its box is ptogen's (pto/pto_layout.h)
struct TileConfig {
    static constexpr int alignedSize = 32;
    static constexpr int fixedRowSize = 16;
    static constexpr int fixedColSize = 16;
    static constexpr int fixedMxRowSize = 16;
    static constexpr int fixedMxColSize = 2;
    static constexpr int fractalABSize = 512;
    static constexpr int fractalCSize = 1024;
    static constexpr int fractalMxSize = 32;
};

// What every intrinsic returns: the event a later instruction could wait for (nothing on the cpu).
struct RecordEvent {};

} // namespace pto

#endif // PTO_COMMON_TYPE_HPP
