// Where the C++ API's tiles live (pto/cpp/tile.hpp), built as it is and with __PTO_AUTO__, and
// for each simulated profile (-DPTO_PROFILE=a2a3, a5).
// A tile never TASSIGNed owns zero-filled storage from its first data() and works in every
// intrinsic; a copy shares it; a later TASSIGN moves the tile into its location's memory. Each
// location has its own memory (pto/cpp/profile.hpp), so upstream's gemm demo, which puts Left,
// Right and Acc all at offset 0, works, and a tile that does not fit is PTO_ERR_PLACEMENT. The
// index maps of the aliases are upstream's worked values. On a simulated profile VEC tiles, auto
// storage too, live in the simulator's UB; the matrix unit and upstream's CPU-only shapes are
// refused as the profile's entry points refuse them; a broken hardware rule throws, naming it.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <setjmp.h>
#include <stdarg.h>
#include <string>
#include <vector>
extern "C" {
#include <cmocka.h>
}

#include "pto/pto-inst.hpp"

namespace {

constexpr bool SIMULATED = PTO_CPP_SIMULATED;

// The call throws, and the message has `what` in it.
template <typename Call> void throws(const char *what, Call &&call)
{
    try {
        call();
    } catch (const std::runtime_error &e) {
        if (!std::strstr(e.what(), what)) fail_msg("the exception says '%s', not '%s'", e.what(), what);
        return;
    }
    fail_msg("no exception '%s'", what);
}

#if PTO_CPP_SIMULATED
// Is [p, p + bytes) in the simulated UB's tile region?
bool in_ub(const void *p, std::size_t bytes)
{
    const unsigned char *ub = pto::detail::sim::ub(), *q = (const unsigned char *)p;
    return q >= ub && q + bytes <= ub + pto::detail::UB_TILE_BYTES;
}
#endif

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
#if PTO_CPP_SIMULATED
    assert_true(in_ub(a.data(), sizeof(float) * 8 * 16) && in_ub(b.data(), sizeof(float) * 8 * 16));
    assert_true(a.data() + 8 * 16 <= b.data() || b.data() + 8 * 16 <= a.data()); // apart
#endif
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

void set_and_get_value(void **state)
{
    (void)state;
    // upstream's setgetval test: SetValue/GetValue address the storage by element offset, and
    // what they write is what TSTORE reads
    pto::Tile<pto::TileType::Vec, float, 4, 8, pto::BLayout::RowMajor, -1, -1> t(4, 8);
    pto::TASSIGN(t, 0x200);
    t.SetValue(4, 12.5f);
    t.SetValue(5, t.GetValue(4));
    assert_true(t.data()[4] == 12.5f && t.data()[5] == 12.5f);
#if !PTO_CPP_SIMULATED  // a2a3 and a5 offer no TSTORE yet (their DMA is not modelled)
    float out[4 * 8] = { 0 };
    pto::GlobalTensor<float, pto::Shape<1, 1, 1, 4, 8>, pto::Stride<1, 1, 1, 8, 1>> g(out);
    pto::TSTORE(g, t);
    assert_true(out[4] == 12.5f && out[5] == 12.5f);
#endif
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

template <typename Call> void throws_placement(Call &&call) { throws("TASSIGN: PTO_ERR_PLACEMENT", call); }

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

// The simulated profiles do not offer the matrix unit or TLOAD yet: their entry points refuse it.
void gemm_demo(void **state)
{
    (void)state;
    if (SIMULATED) throws("TLOAD: PTO_ERR_LOC", [] { gemm(true); });
    else gemm(true);
}

void gemm_without_tassign(void **state)
{
    (void)state;
    if (SIMULATED) throws("TLOAD: PTO_ERR_LOC", [] { gemm(false); });
    else gemm(false);
}

// Upstream's attention programs reduce rows into a DN R x C tile and expand rows from one, and
// pass the source as tmp: the API takes column 0 of such a tile and no tmp, which must give
// what the DN R x 1 column and no tmp give. Upstream's NPUs refuse such tiles, and so do the
// simulated profiles: the calls throw and write nothing.
void refused_on_npus(void)
{
    constexpr int R = 16, C = 16;
    pto::Tile<pto::TileType::Vec, float, R, C> src, out;
    pto::Tile<pto::TileType::Vec, float, R, C, pto::BLayout::ColMajor, R, C> wide;  // DN R x C
    for (int k = 0; k < R * C; k++) wide.data()[k] = 99.0f;
    throws("TROWMAX: PTO_ERR_", [&] { pto::TROWMAX(wide, src, src); });
    throws("TROWEXPANDSUB: PTO_ERR_", [&] { pto::TROWEXPANDSUB(out, src, wide); });
    for (int k = 0; k < R * C; k++) assert_true(wide.data()[k] == 99.0f && out.data()[k] == 0.0f);
}

void row_ops_on_dn_tiles(void **state)
{
    (void)state;
    if (SIMULATED) return refused_on_npus();
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

#if PTO_CPP_SIMULATED
// TASSIGN's offsets are offsets into the simulator's UB, as an NPU program's are; auto storage
// takes blocks from the top of its tile region, gives them back when the last copy goes, and
// runs out with PTO_ERR_PLACEMENT.
void vec_tiles_in_the_simulated_ub(void **state)
{
    (void)state;
    unsigned char *ub = pto::detail::sim::ub();
    pto::Tile<pto::TileType::Vec, float, 16, 16> v;
    pto::TASSIGN(v, 0x100);
    assert_ptr_equal((unsigned char *)v.data(), ub + 0x100);
    const float *first;
    {
        pto::Tile<pto::TileType::Vec, float, 16, 16> a;
        first = a.data();
        assert_true(in_ub(first, sizeof(float) * 256));
        assert_ptr_equal((const unsigned char *)first + sizeof(float) * 256, ub + pto::detail::UB_TILE_BYTES); // at the top
    }
    pto::Tile<pto::TileType::Vec, float, 16, 16> b;
    assert_ptr_equal(b.data(), first); // the block came back
    // tiles of 16 KiB in the rest of UB's tile region, until the next one has no room
    using Big = pto::Tile<pto::TileType::Vec, float, 64, 64>;
    std::vector<Big> all((pto::detail::UB_TILE_BYTES - sizeof(float) * 256) / sizeof(Big::DType[4096]));
    for (Big &t : all) assert_true(in_ub(t.data(), sizeof(float) * 4096));
    Big one_more;
    throws("PTO_ERR_PLACEMENT", [&] { (void)one_more.data(); });
}

// A kernel that breaks a hardware rule: the intrinsic's call throws naming the rule, and the
// handler the program had set sees the fault and is set again afterwards.
unsigned program_faults;
void program_handler(const pto::detail::sim::fault *, void *) { program_faults++; }

void a_broken_rule_throws(void **state)
{
    (void)state;
    pto::detail::sim::set_handler(program_handler, nullptr);
    throws("TEST: hardware rule ", [] {
        const pto::detail::Call call("TEST");
        unsigned char *ub = pto::detail::sim::ub();
#if PTO_CPP_PROFILE == PTO_CPP_PROFILE_ID_a2a3
        pto_a2a3_set_mask_norm();
        pto_a2a3_set_vector_mask(~0ull, ~0ull);
        pto_a2a3_vmaxs_f32((float *)ub, (const float *)ub, 0.0f, 300, 1, 1, 8, 8); // 300 repeats
        const char *rule = "repeat";
#else
        pto_a5_preg pg;
        pto_a5_vreg r;
        uint32_t n = 64;
        pto_a5_plt_b32(&pg, &n);
        pto_a5_vlds_b32(&r, ub + 4, 0, PTO_A5_DIST_NORM, &pg); // not block aligned
        const char *rule = "align";
#endif
        try {
            call.check(PTO_OK);
        } catch (const std::runtime_error &e) {
            if (!std::strstr(e.what(), (std::string("hardware rule ") + rule + " broken on ").c_str()))
                fail_msg("the exception says '%s', not the rule %s", e.what(), rule);
            throw;
        }
    });
    assert_int_equal(program_faults, 1);
    void *context;
    assert_true(pto::detail::sim::get_handler(&context) == program_handler);
    pto::detail::sim::set_handler(nullptr, nullptr);
}
#endif

} // namespace

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(auto_storage_is_zero_filled),
        cmocka_unit_test(copies_share_storage),
        cmocka_unit_test(set_and_get_value),
        cmocka_unit_test(memories_are_separate),
        cmocka_unit_test(placement),
        cmocka_unit_test(offsets),
        cmocka_unit_test(gemm_demo),
        cmocka_unit_test(gemm_without_tassign),
        cmocka_unit_test(row_ops_on_dn_tiles),
#if PTO_CPP_SIMULATED
        cmocka_unit_test(vec_tiles_in_the_simulated_ub),
        cmocka_unit_test(a_broken_rule_throws),
#endif
    };
#ifdef __PTO_AUTO__
    return cmocka_run_group_tests_name("cpp.tiles.auto", tests, NULL, NULL);
#else
    return cmocka_run_group_tests_name((std::string("cpp.tiles") + (SIMULATED ? std::string(".") + pto::detail::PROFILE : "")).c_str(),
                                       tests, NULL, NULL);
#endif
}
