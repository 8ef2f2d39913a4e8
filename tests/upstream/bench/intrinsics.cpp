// Times a set of PTO intrinsics through the public C++ API that upstream PTO-ISA's CPU simulator
// and ptogen's header set (out/include/pto/pto-inst.hpp) share, on the shapes of `ninja bench`.
// tests/upstream/bench.py builds it against both and compares; docs/performance.md.
//
// Output: one line a case, tab-separated: instr, dtype, shape (RxC, or vRxvC/RxC for a valid
// region smaller than the tile), nanoseconds a call (the median over blocks of calls).
// A call a header set rejects (ptogen throws) prints "rejected" in place of the time.
#include <pto/pto-inst.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <vector>

using namespace pto;

namespace {

constexpr int kBlocks = 31;
constexpr double kBlockNs = 20000.0;  // each timed block runs at least 20 us of calls
const char *g_filter = nullptr;

template <typename T> const char *dtype_name();
template <> const char *dtype_name<float>() { return "f32"; }
template <> const char *dtype_name<half>() { return "f16"; }

inline void clobber() { asm volatile("" ::: "memory"); }

template <typename F> double block_ns(F &f, long calls)
{
    auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i) {
        f();
        clobber();
    }
    auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(t1 - t0).count();
}

// The median over kBlocks blocks of the nanoseconds a call; a block's length is calibrated first.
template <typename F> double time_call(F f)
{
    long calls = 1;
    while (block_ns(f, calls) < kBlockNs && calls < (1L << 24))
        calls *= 2;
    std::vector<double> per_call;
    for (int b = 0; b < kBlocks; ++b)
        per_call.push_back(block_ns(f, calls) / calls);
    std::nth_element(per_call.begin(), per_call.begin() + kBlocks / 2, per_call.end());
    return per_call[kBlocks / 2];
}

template <typename T, typename F>
void run(const char *instr, int r, int c, int vr, int vc, F f)
{
    char shape[64];
    if (vr == r && vc == c)
        std::snprintf(shape, sizeof shape, "%dx%d", r, c);
    else
        std::snprintf(shape, sizeof shape, "%dx%d/%dx%d", vr, vc, r, c);
    char name[160];
    std::snprintf(name, sizeof name, "%s %s %s", instr, dtype_name<T>(), shape);
    if (g_filter && !std::strstr(name, g_filter))
        return;
    try {
        f();  // once untimed: a rejected call throws here
        std::printf("%s\t%s\t%s\t%.1f\n", instr, dtype_name<T>(), shape, time_call(f));
    } catch (const std::exception &e) {
        std::printf("%s\t%s\t%s\trejected\n", instr, dtype_name<T>(), shape);
        std::fprintf(stderr, "%s: %s\n", name, e.what());
    }
    std::fflush(stdout);
}

template <typename Tl> void fill(Tl &t, int rows, int cols, float base)
{
    using T = typename Tl::DType;
    for (int k = 0; k < rows * cols; ++k)
        t.data()[k] = static_cast<T>(base + static_cast<float>((k * 7) % 13) * 0.25f);
}

// Every case of one dtype on an R x C tile with a valid region of vr x vc. Placement (bytes of
// the 256 KiB unified buffer): src at 0, dst at R*C*sizeof(T), the small operands (a row, a
// column, tmp, the index column) after dst, or over it where two full tiles fill the buffer
// (128x256 f32). So that every shape places alike, the instructions with a tile source of the
// dst's shape (TROWEXPANDDIV, TCOLEXPANDMIN) and the expansions run in place, dst = src:
// idempotent there (division by a column of ones, min with a row above src), and last.
template <typename T, int R, int C> void cases(int vr, int vc)
{
    using Full = Tile<TileType::Vec, T, R, C, BLayout::RowMajor, -1, -1>;
    using Row = Tile<TileType::Vec, T, 1, C, BLayout::RowMajor, -1, -1>;
    using Col = Tile<TileType::Vec, T, R, 1, BLayout::ColMajor, -1, -1>;
    using Idx = Tile<TileType::Vec, uint32_t, R, 1, BLayout::ColMajor, -1, -1>;
    constexpr int full = R * C * sizeof(T), rowB = C * sizeof(T), colB = R * sizeof(T);
    constexpr int ub = 256 * 1024;
    constexpr int base = 2 * full + 3 * rowB + 2 * colB + R * 4 <= ub ? 2 * full : full;
    static_assert(base + 3 * rowB + 2 * colB + R * 4 <= ub, "placement");

    Full src(vr, vc), dst(vr, vc);
    Row row(1, vc), rowOut(1, vc), rowTmp(1, vc);
    Col ones(vr, 1), colOut(vr, 1);
    Idx idx(vr, 1);
    TASSIGN(src, 0);
    TASSIGN(dst, full);
    fill(src, R, C, 1.0f);
    fill(dst, R, C, 0.0f);

    const T s = static_cast<T>(1.5f);
    run<T>("TADDS", R, C, vr, vc, [&] { TADDS(dst, src, s); });
    run<T>("TMULS", R, C, vr, vc, [&] { TMULS(dst, src, s); });
    run<T>("TMAXS", R, C, vr, vc, [&] { TMAXS(dst, src, s); });
    run<T>("TDIVS", R, C, vr, vc, [&] { TDIVS(dst, src, s); });
    run<T>("TEXPANDS", R, C, vr, vc, [&] { TEXPANDS(dst, s); });

    TASSIGN(row, base);
    TASSIGN(rowOut, base + rowB);
    TASSIGN(rowTmp, base + 2 * rowB);
    TASSIGN(ones, base + 3 * rowB);
    TASSIGN(colOut, base + 3 * rowB + colB);
    TASSIGN(idx, base + 3 * rowB + 2 * colB);
    fill(row, 1, C, 5.0f);
    for (int k = 0; k < R; ++k)
        ones.data()[k] = static_cast<T>(1.0f);
    run<T>("TROWSUM", R, C, vr, vc, [&] { TROWSUM(colOut, src, rowTmp); });
    run<T>("TROWMAX", R, C, vr, vc, [&] { TROWMAX(colOut, src, rowTmp); });
    run<T>("TROWARGMAX", R, C, vr, vc, [&] { TROWARGMAX(idx, src, rowTmp); });
    run<T>("TCOLSUM", R, C, vr, vc, [&] { TCOLSUM(rowOut, src, rowTmp, false); });
    run<T>("TCOLMAX", R, C, vr, vc, [&] { TCOLMAX(rowOut, src); });
    run<T>("TROWEXPANDDIV", R, C, vr, vc, [&] { TROWEXPANDDIV(src, src, ones); });
    run<T>("TCOLEXPANDMIN", R, C, vr, vc, [&] { TCOLEXPANDMIN(src, src, row); });
    run<T>("TROWEXPAND", R, C, vr, vc, [&] { TROWEXPAND(src, ones); });
    run<T>("TCOLEXPAND", R, C, vr, vc, [&] { TCOLEXPAND(src, row); });
}

// TMATMUL M x K x N (issue 22's sizes: 64 and 128 cubed) from Left and Right tiles into an f32
// Acc, each at offset 0 of its own memory (L0A, L0B, L0C); the label carries k.
template <typename T, int M, int K, int N> void matmul_case(const char *label)
{
    TileLeft<T, M, K> a;
    TileRight<T, K, N> b;
    TileAcc<float, M, N> c;
    TASSIGN(a, 0);
    TASSIGN(b, 0);
    TASSIGN(c, 0);
    fill(a, M, K, -1.0f);
    fill(b, K, N, 0.5f);
    run<T>(label, M, N, M, N, [&] { TMATMUL(c, a, b); });
}

template <typename T> void matmuls()
{
    matmul_case<T, 64, 64, 64>("TMATMUL(k=64)");
    matmul_case<T, 128, 128, 128>("TMATMUL(k=128)");
}

template <typename T> void shapes()
{
    cases<T, 16, 16>(16, 16);
    cases<T, 64, 128>(64, 128);
    cases<T, 64, 128>(60, 100);
    cases<T, 128, 256>(128, 256);
}

}  // namespace

int main(int argc, char **argv)
{
#ifdef PTO_BENCH_A5_UB
    // upstream's simulator: the A5 unified buffer (256 KiB, as ptogen's) in place of A2A3's 192 KiB
    NPU_MEMORY_INIT(NPUArch::A5);
#endif
    if (argc > 1)
        g_filter = argv[1];
    shapes<float>();
    shapes<half>();
    matmuls<float>();
    matmuls<half>();
    return 0;
}
