// Where the C++ API's tiles live (pto/cpp/tile.hpp), built twice: as it is and with __PTO_AUTO__.
// A tile never TASSIGNed owns zero-filled storage from its first data() and works in every
// intrinsic; a copy shares it; a later TASSIGN moves the tile into its location's memory. Each
// location has its own memory (pto/cpp/buffers.hpp), so upstream's gemm demo, which puts Left,
// Right and Acc all at offset 0, works, and a tile that does not fit is PTO_ERR_PLACEMENT. The
// index maps of the aliases are upstream's worked values.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <setjmp.h>
#include <stdarg.h>
#include <string>
extern "C" {
#include <cmocka.h>
}

#include "pto/pto-inst.hpp"

namespace {

template <typename TileData> bool all_zero(TileData &t)
{
    const unsigned char *p = (const unsigned char *)t.data();
    for (std::size_t k = 0; k < sizeof(typename TileData::DType) * TileData::Numel; k++)
        if (p[k]) return false;
    return true;
}

void auto_storage_is_zero_filled(void **state)
{
    (void)state;
    pto::Tile<pto::TileType::Vec, float, 8, 16> a, b;
    const pto::Tile<pto::TileType::Vec, float, 8, 16> &ca = a;
    assert_null(ca.data()); // nothing until the first data()
    float *pa = a.data();
    assert_non_null(pa);
    assert_ptr_equal(a.data(), pa); // once
    assert_true(all_zero(a));
    assert_true(all_zero(b));
    assert_true(a.data() != b.data());
    // an intrinsic on tiles never assigned
    pto::TEXPANDS(a, 2.5f);
    pto::TADDS(b, a, 1.0f);
    for (int k = 0; k < 8 * 16; k++) assert_true(b.data()[k] == 3.5f);
}

void copies_share_storage(void **state)
{
    (void)state;
    using T = pto::Tile<pto::TileType::Vec, int32_t, 4, 8>;
    T a;
    a.data()[3] = 7;
    T b(a); // upstream's copy keeps the original's pointer: the same storage
    assert_ptr_equal(b.data(), a.data());
    b.data()[5] = 9;
    assert_int_equal(a.data()[5], 9);
    T c, d(c); // a copy of a tile without storage yet: each gets its own
    assert_true(c.data() != d.data());
    // a TASSIGN after auto storage exists: the tile moves into UB, the copy keeps the old storage
    pto::TASSIGN(a, 0x400);
    assert_ptr_equal(a.data(), (int32_t *)(void *)(pto::detail::buffer(PTO_VEC) + 0x400));
    assert_int_equal(b.data()[3], 7);
    pto::TEXPANDS(a, -4);
    for (int k = 0; k < 32; k++) assert_int_equal(a.data()[k], -4);
    assert_int_equal(b.data()[5], 9);
}

void memories_are_separate(void **state)
{
    (void)state;
    pto::Tile<pto::TileType::Vec, float, 16, 16> v;
    pto::Tile<pto::TileType::Mat, float, 16, 16, pto::BLayout::ColMajor, 16, 16, pto::SLayout::RowMajor> m;
    pto::TileLeft<float, 16, 16> l;
    pto::TileRight<float, 16, 16> r;
    pto::TileAcc<float, 16, 16> c;
    pto::Tile<pto::TileType::Bias, float, 1, 16> bias;
    pto::TASSIGN(v, 0);
    pto::TASSIGN(m, 0);
    pto::TASSIGN(l, 0);
    pto::TASSIGN(r, 0);
    pto::TASSIGN(c, 0);
    pto::TASSIGN(bias, 0);
    unsigned char *at[] = { (unsigned char *)v.data(), (unsigned char *)m.data(), (unsigned char *)l.data(),
                            (unsigned char *)r.data(), (unsigned char *)c.data(), (unsigned char *)bias.data() };
    for (int i = 0; i < 6; i++) {
        assert_ptr_equal(at[i], pto::detail::buffer((pto_loc)i)); // offset 0 of each location's own memory
        std::memset(at[i], 0x10 + i, i == 5 ? 64 : 1024);
    }
    for (int i = 0; i < 6; i++)
        for (int k = 0; k < (i == 5 ? 64 : 1024); k++) assert_int_equal(at[i][k], 0x10 + i);
}

template <typename Call> void throws_placement(Call &&call)
{
    try {
        call();
    } catch (const std::runtime_error &e) {
        assert_non_null(std::strstr(e.what(), "TASSIGN: PTO_ERR_PLACEMENT"));
        return;
    }
    fail_msg("no PTO_ERR_PLACEMENT");
}

void placement(void **state)
{
    (void)state;
    // L0A holds exactly one 128 x 128 f32 Left tile: at offset 0, and not one element further
    constexpr int side = 128;
    static_assert(side * side * sizeof(float) == pto::detail::BUFFER_BYTES[PTO_LEFT], "L0A is 64 KiB");
    pto::TileLeft<float, side, side> a, b;
    pto::TASSIGN(a, 0);
    throws_placement([&] { pto::TASSIGN(b, 4); });
    throws_placement([&] { pto::TASSIGN(b, -64); });
    float elsewhere[side * side];
    throws_placement([&] { pto::TASSIGN(b, elsewhere); }); // not in a location's memory
    // upstream's alias: a tile at the address of another's data
    pto::TASSIGN(b, (std::uintptr_t)a.data());
    assert_ptr_equal(b.data(), a.data());
    pto::TileAcc<float, 16, 16> c;
    throws_placement([&] { pto::TASSIGN(c, pto::detail::BUFFER_BYTES[PTO_ACC] - 512); });
}

void offsets(void **state)
{
    (void)state;
    // upstream's worked values (the shared matrix facts, section 3.2), through pto/pto_layout.h
    assert_int_equal((pto::GetTileElementOffset<pto::TileLeft<float, 32, 16>>(17, 9)), 393);
    assert_int_equal((pto::GetTileElementOffset<pto::TileRight<float, 16, 32>>(9, 17)), 393);
    assert_int_equal((pto::GetTileElementOffset<pto::TileAcc<float, 32, 32>>(17, 18)), 786);
    assert_int_equal((pto::GetTileElementOffset<pto::TileLeft<half, 32, 32>>(17, 18)), 786);
    assert_int_equal((pto::GetTileElementOffset<pto::Tile<pto::TileType::Vec, float, 8, 4, pto::BLayout::ColMajor>>(1, 2)), 17);
}

// Upstream's gemm demo (demos/cpu/gemm_demo): GM ND -> Mat Nz (TLOAD), Mat -> Left and Right
// (TMOV), TMATMUL into Acc, Acc -> GM ND (TSTORE); the same sum in the contract's order by hand.
// assign: the demo's TASSIGNs (Left, Right and Acc all at 0), else every tile on its own storage
// (and A in a dynamic tensor).
void gemm(bool assign)
{
    constexpr int M = 32, K = 16, N = 32;
    static float A[M * K], B[K * N], C[M * N];
    for (int i = 0; i < M * K; i++) A[i] = (float)(i % 13) * 0.1f - 0.5f;
    for (int i = 0; i < K * N; i++) B[i] = (float)(i % 7) * 0.2f - 0.3f;
    std::memset(C, 0xff, sizeof C);
    pto::GlobalTensor<float, pto::Shape<1, 1, 1, M, K>, pto::Stride<M * K, M * K, M * K, K, 1>> gA(A);
    pto::GlobalTensor<float, pto::Shape<1, 1, 1, K, N>, pto::Stride<K * N, K * N, K * N, N, 1>> gB(B);
    pto::GlobalTensor<float, pto::Shape<1, 1, 1, M, N>, pto::Stride<M * N, M * N, M * N, N, 1>> gC(C);
    pto::Tile<pto::TileType::Mat, float, M, K, pto::BLayout::ColMajor, M, K, pto::SLayout::RowMajor, 512> aMat;
    pto::Tile<pto::TileType::Mat, float, K, N, pto::BLayout::ColMajor, K, N, pto::SLayout::RowMajor, 512> bMat;
    pto::TileLeft<float, M, K> aTile;
    pto::TileRight<float, K, N> bTile;
    pto::TileAcc<float, M, N> cTile;
    if (assign) {
        pto::TASSIGN(aMat, 0x0);
        pto::TASSIGN(bMat, 0x10000);
        pto::TASSIGN(aTile, 0x0);
        pto::TASSIGN(bTile, 0x0);
        pto::TASSIGN(cTile, 0x0);
    }
    // dynamic tensors, as upstream's kernels spell them: pto::Shape(...) deduces Shape<>
    pto::GlobalTensor<float, pto::Shape<>, pto::Stride<>> dA(A, pto::Shape(1, 1, 1, M, K), pto::Stride(M * K, M * K, M * K, K, 1));
    if (assign) pto::TLOAD(aMat, gA);
    else pto::TLOAD(aMat, dA);
    pto::TLOAD(bMat, gB);
    pto::TMOV(aTile, aMat);
    pto::TMOV(bTile, bMat);
    pto::TMATMUL(cTile, aTile, bTile);
    pto::TSTORE(gC, cTile);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float s = 0.0f;
            for (int k = 0; k < K; k++) {
                volatile float p = A[i * K + k] * B[k * N + j]; // rounded, then added: no fused multiply-add
                s += p;
            }
            if (C[i * N + j] != s) fail_msg("C(%d, %d) = %.9g, expected %.9g", i, j, (double)C[i * N + j], (double)s);
        }
}

void gemm_demo(void **state)
{
    (void)state;
    gemm(true);
}

void gemm_without_tassign(void **state)
{
    (void)state;
    gemm(false);
}

// Upstream's attention programs reduce rows into a DN R x C tile and expand rows from one, and
// pass the source as tmp: the API takes column 0 of such a tile and no tmp, which must give
// what the DN R x 1 column and no tmp give.
void row_ops_on_dn_tiles(void **state)
{
    (void)state;
    constexpr int R = 16, C = 16;
    pto::Tile<pto::TileType::Vec, float, R, C> src, wide_out, col_out;
    pto::Tile<pto::TileType::Vec, float, R, C, pto::BLayout::ColMajor, R, C> wide;  // DN R x C
    pto::Tile<pto::TileType::Vec, float, R, 1, pto::BLayout::ColMajor, R, 1> col;   // DN R x 1
    for (int k = 0; k < R * C; k++) src.data()[k] = (float)((k * 37) % 101) / 7.0f - 5.0f;
    for (int k = 0; k < R * C; k++) wide.data()[k] = 99.0f;  // columns 1..C-1 must stay
    pto::TROWMAX(wide, src, src);  // tmp given as the source
    pto::TROWMAX(col, src);
    for (int i = 0; i < R; i++) {
        if (std::memcmp(&wide.data()[i], &col.data()[i], sizeof(float)) != 0) fail_msg("TROWMAX row %d: column 0 differs", i);
        for (int j = 1; j < C; j++)
            if (wide.data()[j * R + i] != 99.0f) fail_msg("TROWMAX wrote column %d of the DN tile", j);
    }
    pto::TROWEXPANDSUB(wide_out, src, wide);
    pto::TROWEXPANDSUB(col_out, src, col);
    if (std::memcmp(wide_out.data(), col_out.data(), sizeof(float) * R * C) != 0) fail_msg("TROWEXPANDSUB: a DN R x C src1 is not its column 0");
    pto::TROWSUM(col, src, src);
    pto::Tile<pto::TileType::Vec, float, R, 1, pto::BLayout::ColMajor, R, 1> plain;
    pto::TROWSUM(plain, src);
    if (std::memcmp(col.data(), plain.data(), sizeof(float) * R) != 0) fail_msg("TROWSUM: tmp given as src changed the sums");
}

} // namespace

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(auto_storage_is_zero_filled),
        cmocka_unit_test(copies_share_storage),
        cmocka_unit_test(memories_are_separate),
        cmocka_unit_test(placement),
        cmocka_unit_test(offsets),
        cmocka_unit_test(gemm_demo),
        cmocka_unit_test(gemm_without_tassign),
        cmocka_unit_test(row_ops_on_dn_tiles),
    };
#ifdef __PTO_AUTO__
    return cmocka_run_group_tests_name("cpp.tiles.auto", tests, NULL, NULL);
#else
    return cmocka_run_group_tests_name("cpp.tiles", tests, NULL, NULL);
#endif
}
