// Part of ptogen's C++ API (hand-written, copied to out/include/pto/cpp/tile.hpp): upstream
// PTO-ISA's Tile, Shape, Stride and GlobalTensor, and TASSIGN, TLOAD, TSTORE, over ptogen's C
// descriptors (pto_tile). The intrinsics (pto/cpp/<instr>.hpp, generated) describe their tiles
// with detail::desc and call the checked pto_cpu_* entry points; a rejected call fails loudly.
#ifndef PTO_CPP_TILE_HPP
#define PTO_CPP_TILE_HPP

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "pto/common/type.hpp"
#include "pto/pto_types.h"

namespace pto {

namespace detail {

template <typename T> struct dtype_of;
template <> struct dtype_of<float> { static constexpr pto_dtype value = PTO_F32; };
template <> struct dtype_of<half> { static constexpr pto_dtype value = PTO_F16; };
template <> struct dtype_of<bfloat16_t> { static constexpr pto_dtype value = PTO_BF16; };
template <> struct dtype_of<int32_t> { static constexpr pto_dtype value = PTO_I32; };
template <> struct dtype_of<uint32_t> { static constexpr pto_dtype value = PTO_U32; };
template <> struct dtype_of<int16_t> { static constexpr pto_dtype value = PTO_I16; };
template <> struct dtype_of<uint16_t> { static constexpr pto_dtype value = PTO_U16; };
template <> struct dtype_of<int8_t> { static constexpr pto_dtype value = PTO_I8; };
template <> struct dtype_of<uint8_t> { static constexpr pto_dtype value = PTO_U8; };
template <> struct dtype_of<int64_t> { static constexpr pto_dtype value = PTO_I64; };           // TCVT only
template <> struct dtype_of<float8_e4m3_t> { static constexpr pto_dtype value = PTO_F8E4M3; }; // TCVT only
template <> struct dtype_of<float8_e5m2_t> { static constexpr pto_dtype value = PTO_F8E5M2; }; // TCVT only

template <typename T, typename... Ts> constexpr bool one_of() { return (std::is_same<T, Ts>::value || ...); }

constexpr pto_loc loc_of(TileType t)
{
    return t == TileType::Vec ? PTO_VEC : t == TileType::Mat ? PTO_MAT : t == TileType::Left ? PTO_LEFT
         : t == TileType::Right ? PTO_RIGHT : PTO_ACC;
}

// A rejected call: an exception naming the instruction and the status (or, built with
// PTO_NO_EXCEPTIONS, a message and abort()).
inline void check(pto_status st, const char *instr)
{
    if (st == PTO_OK) return;
#ifdef PTO_NO_EXCEPTIONS
    std::fprintf(stderr, "%s: %s\n", instr, pto_status_str(st));
    std::abort();
#else
    throw std::runtime_error(std::string(instr) + ": " + pto_status_str(st));
#endif
}

// The cpu's stand-in for the unified buffer: TASSIGN's integer addresses are byte offsets into it
// (upstream's cpu simulator keeps one such buffer a thread; A5's 256 KiB holds A2A3's 192).
constexpr std::size_t UB_BYTES = 256 * 1024;
inline unsigned char *ub()
{
    alignas(64) static thread_local unsigned char buffer[UB_BYTES];
    return buffer;
}

} // namespace detail

template <TileType Loc_, typename Element_, const int Rows_, const int Cols_,
          const BLayout BFractal_ = BLayout::RowMajor, const int RowValid_ = Rows_, const int ColValid_ = Cols_,
          const SLayout SFractal_ = SLayout::NoneBox, const int SFractalSize_ = TileConfig::fractalABSize,
          PadValue PadVal_ = PadValue::Null, const CompactMode Compact_ = CompactMode::Null>
struct Tile {
    using DType = Element_;
    using TileDType = DType *;
    static constexpr TileType Loc = Loc_;
    static constexpr int Rows = Rows_, Cols = Cols_, ValidRow = RowValid_, ValidCol = ColValid_;
    static constexpr BLayout BFractal = BFractal_;
    static constexpr SLayout SFractal = SFractal_;
    static constexpr int SFractalSize = SFractalSize_;
    static constexpr PadValue PadVal = PadVal_;
    static constexpr CompactMode Compact = Compact_;
    static constexpr bool isRowMajor = BFractal_ == BLayout::RowMajor;
    static constexpr int RowStride = isRowMajor ? Cols : 1, ColStride = isRowMajor ? 1 : Rows;
    static constexpr int Numel = Rows * Cols;
    static_assert(Rows > 0 && Cols > 0, "Tile: Rows and Cols must be positive");
    static_assert(ValidRow == DYNAMIC || (ValidRow > 0 && ValidRow <= Rows), "Tile: ValidRow must be DYNAMIC or in 1..Rows");
    static_assert(ValidCol == DYNAMIC || (ValidCol > 0 && ValidCol <= Cols), "Tile: ValidCol must be DYNAMIC or in 1..Cols");
    static_assert(SFractal != SLayout::NoneBox || (isRowMajor ? Cols : Rows) * sizeof(DType) % TileConfig::alignedSize == 0,
                  "Tile: the contiguous dimension (Cols of a RowMajor tile, Rows of a ColMajor one) must be a multiple of 32 bytes");
    static_assert(SFractalSize == 512 || SFractalSize == 1024 || SFractalSize == 32, "Tile: SFractalSize must be 512, 1024 or 32");

    Tile() = default;
    template <int R = ValidRow, int C = ValidCol, typename = std::enable_if_t<R == DYNAMIC && C == DYNAMIC>>
    Tile(std::size_t validRow, std::size_t validCol) : RowMaskInternal((int)validRow), ColMaskInternal((int)validCol) {}
    template <int R = ValidRow, int C = ValidCol, typename = std::enable_if_t<(R == DYNAMIC) != (C == DYNAMIC)>>
    explicit Tile(std::size_t valid) : RowMaskInternal(R == DYNAMIC ? (int)valid : R), ColMaskInternal(C == DYNAMIC ? (int)valid : C) {}

    TileDType &data() { return data_; }
    const TileDType &data() const { return data_; }
    int GetValidRow() const { return ValidRow == DYNAMIC ? RowMaskInternal : ValidRow; }
    int GetValidCol() const { return ValidCol == DYNAMIC ? ColMaskInternal : ValidCol; }
    void SetValidRow(int v) { static_assert(ValidRow == DYNAMIC, "SetValidRow: ValidRow is static"); RowMaskInternal = v; }
    void SetValidCol(int v) { static_assert(ValidCol == DYNAMIC, "SetValidCol: ValidCol is static"); ColMaskInternal = v; }
    void SetValidShape(int r, int c) { SetValidRow(r); SetValidCol(c); }

    TileDType data_ = nullptr; // NULL until TASSIGN: a call with it is PTO_ERR_NULL
    int RowMaskInternal = ValidRow == DYNAMIC ? 0 : ValidRow;
    int ColMaskInternal = ValidCol == DYNAMIC ? 0 : ValidCol;
};

template <typename T> struct is_tile : std::false_type {};
template <TileType L, typename E, int R, int C, BLayout B, int VR, int VC, SLayout S, int SZ, PadValue P, CompactMode M>
struct is_tile<Tile<L, E, R, C, B, VR, VC, S, SZ, P, M>> : std::true_type {};
template <typename T> constexpr bool is_tile_data_v = is_tile<T>::value;

namespace detail {

// A Tile as ptogen's descriptor (pto.h): what the checked entry points verify.
template <typename TileData> pto_tile desc(const TileData &t)
{
    static_assert(is_tile_data_v<TileData>, "an operand of a tile instruction must be a pto::Tile");
    pto_tile d;
    d.data = (void *)t.data();
    d.dtype = dtype_of<typename TileData::DType>::value;
    d.loc = loc_of(TileData::Loc);
    d.blayout = TileData::isRowMajor ? PTO_ROW_MAJOR : PTO_COL_MAJOR;
    d.slayout = TileData::SFractal == SLayout::NoneBox ? PTO_NONE_BOX
              : TileData::SFractal == SLayout::RowMajor ? PTO_BOX_ROW_MAJOR : PTO_BOX_COL_MAJOR;
    d.rows = (uint32_t)TileData::Rows;
    d.cols = (uint32_t)TileData::Cols;
    d.valid_rows = (uint32_t)t.GetValidRow();
    d.valid_cols = (uint32_t)t.GetValidCol();
    return d;
}

} // namespace detail

// Shape and Stride: five dimensions, static or DYNAMIC; a constructor gives the dynamic ones in order.
template <int64_t N1, int64_t N2, int64_t N3, int64_t N4, int64_t N5> struct Dims5 {
    static constexpr int64_t staticValue[5] = { N1, N2, N3, N4, N5 };
    static constexpr int n_dynamic = (N1 == DYNAMIC) + (N2 == DYNAMIC) + (N3 == DYNAMIC) + (N4 == DYNAMIC) + (N5 == DYNAMIC);
    int64_t value[5] = { N1 == DYNAMIC ? 1 : N1, N2 == DYNAMIC ? 1 : N2, N3 == DYNAMIC ? 1 : N3,
                         N4 == DYNAMIC ? 1 : N4, N5 == DYNAMIC ? 1 : N5 };
    Dims5() = default;
    template <typename... I, typename = std::enable_if_t<(sizeof...(I) > 0)>> Dims5(I... dims)
    {
        static_assert(sizeof...(I) == n_dynamic || sizeof...(I) == 5, "give every DYNAMIC dimension (or all five)");
        const int64_t given[] = { (int64_t)dims... };
        int k = 0;
        for (int d = 0; d < 5; d++)
            if (sizeof...(I) == 5) value[d] = staticValue[d] == DYNAMIC ? given[d] : staticValue[d];
            else if (staticValue[d] == DYNAMIC) value[d] = given[k++];
    }
};
template <int64_t N1 = DYNAMIC, int64_t N2 = DYNAMIC, int64_t N3 = DYNAMIC, int64_t N4 = DYNAMIC, int64_t N5 = DYNAMIC>
struct Shape : Dims5<N1, N2, N3, N4, N5> {
    using Dims5<N1, N2, N3, N4, N5>::Dims5;
};
template <int64_t N1 = DYNAMIC, int64_t N2 = DYNAMIC, int64_t N3 = DYNAMIC, int64_t N4 = DYNAMIC, int64_t N5 = DYNAMIC>
struct Stride : Dims5<N1, N2, N3, N4, N5> {
    using Dims5<N1, N2, N3, N4, N5>::Dims5;
};

// A tensor in global memory: its data, a 5-dimensional shape and stride (in elements).
template <typename Element_, typename Shape_, typename Stride_, Layout Layout_ = Layout::ND> struct GlobalTensor {
    using RawDType = Element_;
    using DType = Element_;
    using ShapeType = Shape_;
    using StrideType = Stride_;
    static constexpr Layout layout = Layout_;
    static_assert(Layout_ == Layout::ND || Layout_ == Layout::DN, "GlobalTensor: the cpu loads and stores ND and DN tensors only");
    GlobalTensor() = default;
    explicit GlobalTensor(DType *data, const Shape_ &shape = Shape_(), const Stride_ &stride = Stride_())
        : data_(data), shape_(shape), stride_(stride) {}
    DType *data() { return data_; }
    void SetAddr(DType *data) { data_ = data; }
    int64_t GetShape(int dim) const { return shape_.value[dim]; }
    int64_t GetStride(int dim) const { return stride_.value[dim]; }
    DType *data_ = nullptr;
    Shape_ shape_;
    Stride_ stride_;
};

template <typename T> struct is_global : std::false_type {};
template <typename E, typename S, typename St, Layout L> struct is_global<GlobalTensor<E, S, St, L>> : std::true_type {};
template <typename T> constexpr bool is_global_data_v = is_global<T>::value;

// TASSIGN: a tile's storage at a byte offset of the cpu's unified buffer (or at a pointer inside
// it); a global tensor's data at a pointer.
template <typename T, typename AddrType> void TASSIGN(T &obj, AddrType addr)
{
    if constexpr (is_tile_data_v<T>) {
        unsigned char *base = detail::ub(), *at;
        if constexpr (std::is_pointer_v<AddrType>) at = (unsigned char *)addr;
        else {
            static_assert(std::is_integral_v<AddrType>, "TASSIGN: a tile's address is a byte offset (or a pointer into UB)");
            at = base + (std::size_t)addr;
        }
        if (at < base || at + sizeof(typename T::DType) * T::Numel > base + detail::UB_BYTES)
            detail::check(PTO_ERR_PLACEMENT, "TASSIGN");
        obj.data_ = (typename T::DType *)(void *)at;
    } else {
        static_assert(is_global_data_v<T> && std::is_pointer_v<AddrType>, "TASSIGN: a tensor's address is a pointer");
        obj.SetAddr(addr);
    }
}

namespace detail {

template <typename T> T pad_value(PadValue p)
{
    if (p == PadValue::Max) return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
    if (p == PadValue::Min) return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
    return T(0);
}
template <> inline half pad_value<half>(PadValue p)
{
    return half(p == PadValue::Max ? INFINITY : p == PadValue::Min ? -INFINITY : 0.0f);
}
template <> inline bfloat16_t pad_value<bfloat16_t>(PadValue p)
{
    return bfloat16_t(p == PadValue::Max ? INFINITY : p == PadValue::Min ? -INFINITY : 0.0f);
}

// Element (r, c) of block b of a global tensor, and of the tile it loads into or stores from: an
// ND tile stacks the blocks' rows, a DN tile the blocks' columns.
template <typename TileData, typename GlobalData, typename F> void each_element(TileData &tile, GlobalData &g, F &&f)
{
    static_assert(sizeof(typename TileData::DType) == sizeof(typename GlobalData::RawDType),
                  "TLOAD/TSTORE: the tile and the tensor have elements of different sizes");
    static_assert(TileData::SFractal == SLayout::NoneBox, "TLOAD/TSTORE: the cpu moves ND and DN tiles only");
    const int64_t s1 = g.GetShape(1), s2 = g.GetShape(2), s3 = g.GetShape(3), s4 = g.GetShape(4);
    const int64_t rows = TileData::isRowMajor ? g.GetShape(0) * s1 * s2 * s3 : s3;
    const int64_t cols = TileData::isRowMajor ? s4 : g.GetShape(0) * s1 * s2 * s4;
    if (rows > TileData::Rows || cols > TileData::Cols) check(PTO_ERR_SHAPE, "TLOAD/TSTORE (the tensor is larger than the tile)");
    for (int64_t i = 0; i < g.GetShape(0); i++)
        for (int64_t j = 0; j < s1; j++)
            for (int64_t k = 0; k < s2; k++) {
                const int64_t block = (i * s1 + j) * s2 + k;
                const int64_t base = i * g.GetStride(0) + j * g.GetStride(1) + k * g.GetStride(2);
                for (int64_t r = 0; r < s3; r++)
                    for (int64_t c = 0; c < s4; c++) {
                        const int64_t at = TileData::isRowMajor ? (block * s3 + r) * TileData::Cols + c
                                                                : (block * s4 + c) * TileData::Rows + r;
                        f(tile.data()[at], g.data()[base + r * g.GetStride(3) + c * g.GetStride(4)]);
                    }
            }
}

} // namespace detail

// TLOAD: the whole tile set to its pad value, then the tensor's elements copied in.
template <typename TileData, typename GlobalData, typename... WaitEvents>
RecordEvent TLOAD(TileData &dst, GlobalData &src, WaitEvents &...)
{
    if (dst.data() == nullptr || src.data() == nullptr) detail::check(PTO_ERR_NULL, "TLOAD");
    const typename TileData::DType pad = detail::pad_value<typename TileData::DType>(TileData::PadVal);
    for (int k = 0; k < TileData::Numel; k++) dst.data()[k] = pad;
    detail::each_element(dst, src, [](typename TileData::DType &t, const typename GlobalData::RawDType &x) {
        std::memcpy(&t, &x, sizeof t);
    });
    return {};
}

// TSTORE: the tensor's elements from the tile.
template <typename GlobalData, typename TileData, typename... WaitEvents>
RecordEvent TSTORE(GlobalData &dst, TileData &src, WaitEvents &...)
{
    if (dst.data() == nullptr || src.data() == nullptr) detail::check(PTO_ERR_NULL, "TSTORE");
    detail::each_element(src, dst, [](typename TileData::DType &t, typename GlobalData::RawDType &x) {
        std::memcpy(&x, &t, sizeof t);
    });
    return {};
}

} // namespace pto

#endif // PTO_CPP_TILE_HPP
