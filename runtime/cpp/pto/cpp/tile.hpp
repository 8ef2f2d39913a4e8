// Part of ptogen's C++ API (hand-written, copied to out/include/pto/cpp/tile.hpp): upstream
// PTO-ISA's Tile (every location ptogen has, ND/DN and boxed layouts), Shape, Stride and
// GlobalTensor, and TASSIGN, over ptogen's C descriptors (pto_tile, pto_gm). The intrinsics
// (pto/cpp/<instr>.hpp, generated; TLOAD and TSTORE too) describe their operands with
// detail::desc and detail::gm and call the checked entry points of the profile PTO_PROFILE selects
// (pto/cpp/profile.hpp: pto_cpu_* by default); a rejected call, or a hardware rule a simulated
// profile's kernel breaks, fails loudly (detail::Call).
#ifndef PTO_CPP_TILE_HPP
#define PTO_CPP_TILE_HPP

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "pto/common/type.hpp"
#include "pto/cpp/profile.hpp"
#include "pto/pto_layout.h"
#include "pto/pto_types.h"
#include "pto/cpp/detail/memo.h"

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
template <typename T> constexpr bool always_false = false; // a static_assert that fires only where instantiated
template <typename... T> constexpr bool never = false;      // the same for any number of types

// The pto_loc of an upstream TileType; upstream's MX scale and control locations are not ptogen's.
template <TileType L> constexpr pto_loc loc_of()
{
    static_assert(L == TileType::Vec || L == TileType::Mat || L == TileType::Left || L == TileType::Right ||
                      L == TileType::Acc || L == TileType::Bias,
                  "Tile: ptogen's locations are Vec, Mat, Left, Right, Acc and Bias (pto_loc); TileType::Scaling, "
                  "ScaleLeft, ScaleRight and Ctrl are not in ptogen");
    return L == TileType::Vec ? PTO_VEC : L == TileType::Mat ? PTO_MAT : L == TileType::Left ? PTO_LEFT
         : L == TileType::Right ? PTO_RIGHT : L == TileType::Acc ? PTO_ACC : PTO_BIAS;
}

// A failure: an exception with the message (or, built with PTO_NO_EXCEPTIONS, the message on
// stderr and abort()).
[[noreturn]] inline void throw_error(const std::string &message)
{
#ifdef PTO_NO_EXCEPTIONS
    std::fprintf(stderr, "%s\n", message.c_str());
    std::abort();
#else
    throw std::runtime_error(message);
#endif
}

// A rejected call: the instruction and the status, "TMAXS: PTO_ERR_VALID: ...".
inline void check(pto_status st, const char *instr)
{
    if (st != PTO_OK) throw_error(std::string(instr) + ": " + pto_status_str(st));
}

// One intrinsic's call of its entry point: call.check(entry(...)) fails on a status other than
// PTO_OK. On a simulated profile it also fails when the kernel broke a hardware rule (the
// simulator then skips the faulting instruction, so the result is not the contract's): for the
// call's lifetime a handler of its own records the fault (and passes it on to the handler the
// program had set, which is put back afterwards), and the message names the rule.
class Call {
public:
    explicit Call(const char *instr) : instr_(instr)
    {
#if PTO_CPP_SIMULATED
        previous_ = sim::get_handler(&previous_context_);
        sim::set_handler(on_fault, this);
#endif
    }
    ~Call()
    {
#if PTO_CPP_SIMULATED
        sim::set_handler(previous_, previous_context_);
#endif
    }
    Call(const Call &) = delete;
    Call &operator=(const Call &) = delete;

    void check(pto_status st) const
    {
        std::string message;
        if (st != PTO_OK) message = pto_status_str(st);
#if PTO_CPP_SIMULATED
        if (faults_) {
            message += message.empty() ? "" : "; ";
            message += std::string("hardware rule ") + sim::rule_name(fault_) + " broken on " + PROFILE + ": " + fault_.message;
            if (faults_ > 1) message += " (and " + std::to_string(faults_ - 1) + " more faults)";
        }
#endif
        if (!message.empty()) throw_error(std::string(instr_) + ": " + message);
    }

private:
    const char *instr_;
#if PTO_CPP_SIMULATED
    static void on_fault(const sim::fault *f, void *context)
    {
        Call *call = static_cast<Call *>(context);
        if (call->faults_++ == 0) call->fault_ = *f;
        if (call->previous_) call->previous_(f, call->previous_context_);
    }
    sim::handler previous_ = nullptr;
    void *previous_context_ = nullptr;
    sim::fault fault_ = {};
    unsigned long faults_ = 0;
#endif
};

// The memories TASSIGN addresses, one per location (upstream's CPU simulator: UB, L1, L0A, L0B,
// L0C), BUFFER_BYTES each (pto/cpp/profile.hpp, from spec/profiles.lua). On a simulated profile
// VEC is the simulator's UB (one a process, as the simulator is); every other memory is host
// memory, back to back in one block a thread, each on a 64-byte boundary, allocated on the
// thread's first use, zero-filled.
constexpr std::size_t N_LOCS = sizeof BUFFER_BYTES / sizeof BUFFER_BYTES[0];
constexpr bool in_simulator(std::size_t loc) { return PTO_CPP_SIMULATED && loc == PTO_VEC; }
constexpr std::size_t buffer_offset(std::size_t loc)
{
    std::size_t off = 0;
    for (std::size_t k = 0; k < loc; k++) off += in_simulator(k) ? 0 : (BUFFER_BYTES[k] + 63) / 64 * 64;
    return off;
}
inline unsigned char *buffer(pto_loc loc)
{
#if PTO_CPP_SIMULATED
    if (in_simulator(loc)) return sim::ub();
#endif
    // calloc's memory is zero as the system hands its pages out, one by one as they are touched: a
    // program that uses UB alone faults in UB's pages alone (a zero-filling vector wrote all
    // 1.15 MB first, ~300 page faults a thread that a small program paid in full)
    struct Free {
        void operator()(void *p) const { std::free(p); }
    };
    static thread_local std::unique_ptr<void, Free> block(std::calloc(buffer_offset(N_LOCS) + 63, 1));
    if (!block) {
#ifdef PTO_NO_EXCEPTIONS
        std::fprintf(stderr, "pto: no memory for the tile buffers\n");
        std::abort();
#else
        throw std::bad_alloc();
#endif
    }
    const std::uintptr_t base = ((std::uintptr_t)block.get() + 63) / 64 * 64;
    return reinterpret_cast<unsigned char *>(base) + buffer_offset((std::size_t)loc);
}

#if PTO_CPP_SIMULATED
// Auto storage in the simulated UB: blocks of its first UB_TILE_BYTES, UB_ALIGN aligned, taken
// first fit from the top down, so they keep clear of the low offsets programs TASSIGN (which
// this does not track: a program that mixes the two keeps them apart itself, as on the NPU).
class UbBlocks {
public:
    // The offset of a free block of `bytes`, or UB_TILE_BYTES when none is left.
    std::size_t take(std::size_t bytes)
    {
        bytes = (bytes + UB_ALIGN - 1) / UB_ALIGN * UB_ALIGN;
        std::size_t top = UB_TILE_BYTES / UB_ALIGN * UB_ALIGN;
        for (std::size_t k = used_.size() + 1; k-- > 0;) { // the gaps above each used block, highest first
            const std::size_t floor = k ? used_[k - 1].first + used_[k - 1].second : 0;
            if (top - floor >= bytes) {
                used_.insert(used_.begin() + (std::ptrdiff_t)k, { top - bytes, bytes });
                return top - bytes;
            }
            if (k) top = used_[k - 1].first;
        }
        return UB_TILE_BYTES;
    }
    void give(std::size_t offset)
    {
        for (std::size_t k = 0; k < used_.size(); k++)
            if (used_[k].first == offset) {
                used_.erase(used_.begin() + (std::ptrdiff_t)k);
                return;
            }
    }

private:
    std::vector<std::pair<std::size_t, std::size_t>> used_; // (offset, bytes), by offset
};
// never destroyed: a tile of static storage duration may give its block back after exit's destructors
inline UbBlocks &ub_blocks()
{
    static UbBlocks *blocks = new UbBlocks;
    return *blocks;
}
#endif

// The storage of a tile never TASSIGNed: `bytes` zero-filled bytes, in the simulated UB for a VEC
// tile on a simulated profile (PTO_ERR_PLACEMENT when UB has no room left), else host memory.
// Bytes, not elements: one function for every element type, so each program that declares tiles
// compiles one shared_ptr, not one per dtype.
inline std::shared_ptr<void> auto_storage(bool vec, std::size_t bytes)
{
#if PTO_CPP_SIMULATED
    if (vec) {
        const std::size_t at = ub_blocks().take(bytes);
        if (at == UB_TILE_BYTES) check(PTO_ERR_PLACEMENT, "Tile (auto storage in the simulated UB)");
        unsigned char *p = sim::ub() + at;
        std::memset(p, 0, bytes);
        return std::shared_ptr<void>(p, [at](void *) { ub_blocks().give(at); });
    }
#else
    (void)vec;
#endif
    void *p = ::operator new[](bytes ? bytes : 1, std::align_val_t{ 64 });
    std::memset(p, 0, bytes);
    return std::shared_ptr<void>(p, [](void *q) { ::operator delete[](q, std::align_val_t{ 64 }); });
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
    // the box (upstream's "fractal"), r0 x c0 elements, as upstream derives it from SFractalSize
    static constexpr bool isBoxedLayout = SFractal != SLayout::NoneBox;
    static constexpr bool isInnerRowMajor = SFractal == SLayout::RowMajor;
    static constexpr bool isInnerColMajor = SFractal == SLayout::ColMajor;
    static constexpr int InnerRows = SFractalSize == TileConfig::fractalCSize ? TileConfig::fixedRowSize
                                   : SFractalSize == TileConfig::fractalMxSize ? TileConfig::fixedMxRowSize
                                   : !isBoxedLayout ? 1
                                   : isInnerRowMajor ? TileConfig::fixedRowSize : TileConfig::alignedSize / (int)sizeof(DType);
    static constexpr int InnerCols = SFractalSize == TileConfig::fractalCSize ? TileConfig::fixedColSize
                                   : SFractalSize == TileConfig::fractalMxSize ? TileConfig::fixedMxColSize
                                   : !isBoxedLayout ? 1
                                   : isInnerRowMajor ? TileConfig::alignedSize / (int)sizeof(DType) : TileConfig::fixedColSize;
    static constexpr int InnerNumel = InnerRows * InnerCols;
    static_assert(Rows > 0 && Cols > 0, "Tile: Rows and Cols must be positive");
    static_assert(ValidRow == DYNAMIC || (ValidRow > 0 && ValidRow <= Rows), "Tile: ValidRow must be DYNAMIC or in 1..Rows");
    static_assert(ValidCol == DYNAMIC || (ValidCol > 0 && ValidCol <= Cols), "Tile: ValidCol must be DYNAMIC or in 1..Cols");
    static_assert(isBoxedLayout || (isRowMajor ? Cols : Rows) * sizeof(DType) % TileConfig::alignedSize == 0,
                  "Tile: the contiguous dimension (Cols of a RowMajor tile, Rows of a ColMajor one) must be a multiple of 32 bytes");
    static_assert(SFractalSize == TileConfig::fractalABSize || SFractalSize == TileConfig::fractalCSize ||
                      SFractalSize == TileConfig::fractalMxSize, "Tile: SFractalSize must be 512, 1024 or 32");
    // upstream's checks of a boxed tile: whole boxes (rows may be a part of one in Vec and in one row)
    static_assert(!isBoxedLayout || Loc == TileType::Vec || SFractalSize == TileConfig::fractalMxSize || Rows == 1 ||
                      Rows % InnerRows == 0, "Tile: a boxed tile's Rows must be a multiple of its box's rows (InnerRows)");
    static_assert(!isBoxedLayout || Cols % InnerCols == 0, "Tile: a boxed tile's Cols must be a multiple of its box's columns (InnerCols)");

    Tile() = default;
    template <int R = ValidRow, int C = ValidCol, typename = std::enable_if_t<R == DYNAMIC && C == DYNAMIC>>
    Tile(std::size_t validRow, std::size_t validCol) : RowMaskInternal((int)validRow), ColMaskInternal((int)validCol) {}
    template <int R = ValidRow, int C = ValidCol, typename = std::enable_if_t<(R == DYNAMIC) != (C == DYNAMIC)>>
    explicit Tile(std::size_t valid) : RowMaskInternal(R == DYNAMIC ? (int)valid : R), ColMaskInternal(C == DYNAMIC ? (int)valid : C) {}
#ifdef __PTO_AUTO__
    // as upstream's auto mode: a tile is placed once; copies alias it (below), assignment is gone
    Tile(const Tile &) = default;
    Tile &operator=(const Tile &) = delete;
    Tile &operator=(Tile &&) = delete;
#endif

    // A tile never TASSIGNed owns storage, Rows x Cols zero-filled elements from its first data()
    // (upstream's CPU simulator under __PTO_AUTO__; here without it too), a VEC tile's in the
    // simulated UB on a simulated profile (detail::auto_storage). A copy refers to the same
    // storage as the original (upstream's copies keep its pointer), and keeps it alive.
    TileDType &data()
    {
        if (data_ == nullptr) {
            own_ = detail::auto_storage(Loc == TileType::Vec, (std::size_t)Numel * sizeof(DType));
            data_ = static_cast<DType *>(own_.get());
        }
        return data_;
    }
    const TileDType &data() const { return data_; } // (a const tile does not allocate: nullptr until then)
    int GetValidRow() const { return ValidRow == DYNAMIC ? RowMaskInternal : ValidRow; }
    int GetValidCol() const { return ValidCol == DYNAMIC ? ColMaskInternal : ValidCol; }
    void SetValidRow(int v) { static_assert(ValidRow == DYNAMIC, "SetValidRow: ValidRow is static"); RowMaskInternal = v; }
    void SetValidCol(int v) { static_assert(ValidCol == DYNAMIC, "SetValidCol: ValidCol is static"); ColMaskInternal = v; }
    void SetValidShape(int r, int c) { SetValidRow(r); SetValidCol(c); }
    // upstream's scalar access: the element at `offset` elements into the storage (not (row, col):
    // the layout is the caller's), Vec tiles only, as upstream's static_assert
    void SetValue(uint32_t offset, DType val)
    {
        static_assert(Loc == TileType::Vec, "SetValue: the tile must be a TileType::Vec tile");
        data()[offset] = val;
    }
    DType GetValue(uint32_t offset)
    {
        static_assert(Loc == TileType::Vec, "GetValue: the tile must be a TileType::Vec tile");
        return data()[offset];
    }

    TileDType data_ = nullptr;        // TASSIGN's place, or own_'s
    std::shared_ptr<void> own_;       // the storage of a tile not TASSIGNed
    int RowMaskInternal = ValidRow == DYNAMIC ? 0 : ValidRow;
    int ColMaskInternal = ValidCol == DYNAMIC ? 0 : ValidCol;
};

template <typename T> struct is_tile : std::false_type {};
template <TileType L, typename E, int R, int C, BLayout B, int VR, int VC, SLayout S, int SZ, PadValue P, CompactMode M>
struct is_tile<Tile<L, E, R, C, B, VR, VC, S, SZ, P, M>> : std::true_type {};
template <typename T> constexpr bool is_tile_data_v = is_tile<T>::value;

// The matrix unit's operands, as upstream's CPU build defines them (its A5 layout): Left Nz, Right
// Zn, both in 512-byte boxes; Acc Nz in 16 x 16 boxes (fractalCSize). Upstream has no Bias alias.
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileLeft = Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_, SLayout::RowMajor,
                      TileConfig::fractalABSize>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileRight = Tile<TileType::Right, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_, SLayout::ColMajor,
                       TileConfig::fractalABSize>;
template <typename Element_, const int Rows_, const int Cols_, const int RowValid_ = Rows_, const int ColValid_ = Cols_>
using TileAcc = Tile<TileType::Acc, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_, SLayout::RowMajor,
                     TileConfig::fractalCSize>;

namespace detail {

// A tile's layout as the descriptor's fields
template <typename TileData> constexpr pto_blayout blayout_of() { return TileData::isRowMajor ? PTO_ROW_MAJOR : PTO_COL_MAJOR; }
template <typename TileData> constexpr pto_slayout slayout_of()
{
    return TileData::SFractal == SLayout::NoneBox ? PTO_NONE_BOX
         : TileData::SFractal == SLayout::RowMajor ? PTO_BOX_ROW_MAJOR : PTO_BOX_COL_MAJOR;
}

// What a tile must be for ptogen's descriptors: one of its locations, a layout (Nn is none), and
// boxes (upstream's, from SFractalSize) that are its location's in pto/pto_layout.h.
template <typename TileData> constexpr bool ptogen_tile()
{
    static_assert(is_tile_data_v<TileData>, "an operand of a tile instruction must be a pto::Tile");
    constexpr pto_loc loc = loc_of<TileData::Loc>();
    constexpr pto_slayout sl = slayout_of<TileData>();
    static_assert(TileData::isRowMajor || TileData::SFractal != SLayout::ColMajor,
                  "Tile: BLayout::ColMajor with SLayout::ColMajor (Nn) is not a layout (ptogen's are ND, DN, Nz, Zn, Zz)");
    static_assert(!TileData::isBoxedLayout || ((unsigned)TileData::InnerRows == PTO_BOX_ROWS(loc, sl, sizeof(typename TileData::DType)) &&
                                               (unsigned)TileData::InnerCols == PTO_BOX_COLS(loc, sl, sizeof(typename TileData::DType))),
                  "Tile: a boxed tile's box must be its location's (pto/pto_layout.h): SFractalSize 512 outside Acc, "
                  "1024 (16 x 16) in Acc; upstream's other box sizes are not in ptogen");
    return true;
}

// A Tile as ptogen's descriptor (pto.h): what the checked entry points verify. A tile without
// storage gets its own here (Tile::data).
template <typename TileData> pto_tile desc(TileData &t)
{
    static_assert(ptogen_tile<TileData>());
    pto_tile d;
    d.data = (void *)t.data();
    d.dtype = dtype_of<typename TileData::DType>::value;
    d.loc = loc_of<TileData::Loc>();
    d.blayout = blayout_of<TileData>();
    d.slayout = slayout_of<TileData>();
    d.rows = (uint32_t)TileData::Rows;
    d.cols = (uint32_t)TileData::Cols;
    d.valid_rows = (uint32_t)t.GetValidRow();
    d.valid_cols = (uint32_t)t.GetValidCol();
    return d;
}

// Column 0 of a DN tile with several columns, else the tile: where upstream's CPU reads or writes
// one value per row of such a tile (a row reduction's dst, a row expansion's src1: its attention
// demos use 64 x 64 DN tiles there), ptogen's cpu entry points take that column. Upstream's NPUs
// reject such a tile, and so do the simulated profiles: there the tile goes as it is.
template <typename TileData> pto_tile column0(TileData &t)
{
    pto_tile d = desc(t);
    if (!PTO_CPP_SIMULATED && d.blayout == PTO_COL_MAJOR && d.slayout == PTO_NONE_BOX && d.cols > 1) d.cols = d.valid_cols = 1;
    return d;
}

// A tmp that is one of the sources' very storage (upstream's programs pass the source as tmp,
// which its CPU ignores): none on the cpu, whose kernels need none; else tmp. A simulated
// profile's kernel may write its tmp, so there the entry point judges the tile as given.
template <typename... Src> const pto_tile *scratch(const pto_tile *tmp, const Src &...src)
{
    return !PTO_CPP_SIMULATED && ((tmp->data == src.data) || ...) ? nullptr : tmp;
}

// PTO_NPU_HOST_DMA: does a transfer (TLOAD, TSTORE) that the simulated profile does not offer go
// through the cpu's entry point instead? Where its tile is VEC, in the simulated UB: the cpu's
// copy between host memory and that tile is what the machine model's DMA, once it has one, is
// to do (contract section 5); another location stays refused.
inline bool host_dma_tile(const pto_tile *t) { return t->loc == PTO_VEC; }
template <typename A> bool host_dma_tile(const A &) { return false; }
template <typename... A> bool host_dma(const A &...a) { return (host_dma_tile(a) || ...); }

// The calls of detail::entry take the memo first (each intrinsic's memo twin). An entry point a
// profile does not offer yet has no twin: no_memo<decltype(f), f>::call takes the memo and calls f
// without it (f's own parameter types, so a NULL argument converts as in a direct call).
template <typename F, F *f> struct no_memo;
template <typename... P, pto_status (*f)(P...)> struct no_memo<pto_status(P...), f> {
    static pto_status call(pto_memo *, P... a) { return f(a...); }
};
// PTO_NPU_HOST_DMA on such a transfer: the cpu's twin with the memo for a VEC tile (host_dma),
// else the profile's own entry point.
template <typename F, F *own, typename G, G *cpu> struct host_dma_memo;
template <typename... P, pto_status (*own)(P...), pto_status (*cpu)(pto_memo *, P...)>
struct host_dma_memo<pto_status(P...), own, pto_status(pto_memo *, P...), cpu> {
    static pto_status call(pto_memo *m, P... a) { return host_dma(a...) ? cpu(m, a...) : own(a...); }
};

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
// upstream's pto::Shape(1, 1, 1, rows, cols): all five dynamic (its constructors are the primary
// template's; inherited ones deduce nothing in C++17)
template <typename... I, typename = std::enable_if_t<(sizeof...(I) > 0 && (std::is_integral_v<I> && ...))>> Shape(I...) -> Shape<>;
template <typename... I, typename = std::enable_if_t<(sizeof...(I) > 0 && (std::is_integral_v<I> && ...))>> Stride(I...) -> Stride<>;

// A tensor in global memory (ordinary memory on the cpu): its data, a 5-dimensional shape and
// stride (in elements), its layout: ptogen's pto_gm (ND, DN, NZ; docs/memory.md).
template <typename Element_, typename Shape_, typename Stride_, Layout Layout_ = Layout::ND> struct GlobalTensor {
    using RawDType = Element_;
    using DType = Element_;
    using ShapeType = Shape_;
    using StrideType = Stride_;
    static constexpr Layout layout = Layout_;
    static_assert(Layout_ == Layout::ND || Layout_ == Layout::DN || Layout_ == Layout::NZ,
                  "GlobalTensor: ptogen's global tensors are ND, DN or NZ (pto_gm_layout); upstream's MX, convolution "
                  "and SCALE layouts are not in ptogen");
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

namespace detail {

// A GlobalTensor as ptogen's descriptor. A dim outside 0 .. 2^32 - 1 becomes 0 and a negative
// stride a huge one: the entry point rejects both (PTO_ERR_SHAPE), as it does a dim of 0.
template <typename GlobalData> pto_gm gm(GlobalData &g)
{
    static_assert(is_global_data_v<GlobalData>, "a global operand of TLOAD and TSTORE must be a pto::GlobalTensor");
    pto_gm d;
    d.data = (void *)g.data();
    d.dtype = dtype_of<typename GlobalData::RawDType>::value;
    d.layout = GlobalData::layout == Layout::ND ? PTO_GM_ND : GlobalData::layout == Layout::DN ? PTO_GM_DN : PTO_GM_NZ;
    for (int k = 0; k < 5; k++) {
        const int64_t n = g.GetShape(k);
        d.shape[k] = n >= 0 && n <= (int64_t)UINT32_MAX ? (uint32_t)n : 0u;
        d.stride[k] = (uint64_t)g.GetStride(k);
    }
    return d;
}

// The memory holding [at, at + bytes): its location, or -1 if none does.
inline int memory_of(std::uintptr_t at, std::size_t bytes)
{
    for (std::size_t k = 0; k < N_LOCS; k++) {
        const std::uintptr_t base = (std::uintptr_t)buffer((pto_loc)k);
        if (at >= base && at - base <= BUFFER_BYTES[k] && bytes <= BUFFER_BYTES[k] - (at - base)) return (int)k;
    }
    return -1;
}

} // namespace detail

// TASSIGN: a tile's storage at a byte offset of its location's memory (Vec: UB, Mat: L1, Left:
// L0A, Right: L0B, Acc: L0C, Bias: the bias table), or at an address inside one of those memories
// (a pointer, or upstream's integer address of another tile's data()); a tile that does not fit
// there is PTO_ERR_PLACEMENT. A global tensor's data at a pointer.
template <typename T, typename AddrType> void TASSIGN(T &obj, AddrType addr)
{
    if constexpr (is_tile_data_v<T>) {
        static_assert(detail::ptogen_tile<T>());
        static_assert(std::is_pointer_v<AddrType> || std::is_integral_v<AddrType>,
                      "TASSIGN: a tile's address is a byte offset into its location's memory, or an address in one");
        constexpr pto_loc loc = detail::loc_of<T::Loc>();
        const std::size_t bytes = sizeof(typename T::DType) * T::Numel;
        std::uintptr_t at;
        if constexpr (std::is_pointer_v<AddrType>) {
            at = (std::uintptr_t)(const void *)addr;
        } else if (detail::memory_of((std::uintptr_t)addr, 1) >= 0) {
            at = (std::uintptr_t)addr; // an address in one of the memories
        } else {
            bool negative = false;
            if constexpr (std::is_signed_v<AddrType>) negative = addr < 0;
            const uintmax_t offset = (uintmax_t)addr;
            at = negative || offset > detail::BUFFER_BYTES[loc] ? 0 : (std::uintptr_t)detail::buffer(loc) + (std::uintptr_t)offset;
        }
        if (at == 0 || detail::memory_of(at, bytes) < 0) detail::check(PTO_ERR_PLACEMENT, "TASSIGN");
        obj.data_ = (typename T::DType *)(void *)at;
        obj.own_.reset(); // (copies keep what they share)
    } else {
        static_assert(is_global_data_v<T> && std::is_pointer_v<AddrType>, "TASSIGN: a tensor's address is a pointer");
        obj.SetAddr(addr);
    }
}

} // namespace pto

#endif // PTO_CPP_TILE_HPP
