// The C++ API's tester (out/tests/cpp/test_<instr>.cpp use it): a case places its tiles at the
// test plan's offsets in their own location's memory (pto::detail::buffer: TASSIGN's), its global
// tensors in ordinary memory, fills every byte it spans (and guards around it) with seeded random
// bytes, calls an intrinsic, and then the same entry point through the C interface with
// descriptors written out from the case itself (not from the header's), from the same bytes:
// both must leave every byte the same. A rejected call must throw, naming the instruction and the
// status. Built with -DPTO_PROFILE=<p>, the memories are that profile's (VEC: a simulated
// profile's UB) and the entry points its own.
#ifndef PTOGEN_CPP_TESTER_HPP
#define PTOGEN_CPP_TESTER_HPP

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <setjmp.h>
#include <stdexcept>
#include <string>
#include <vector>
extern "C" {
#include <cmocka.h>
}

#include "pto/cpp/tile.hpp"

namespace tester {

constexpr std::size_t GUARD = 64;                  // bytes before and after a case's part of a memory
constexpr std::size_t N_MEMS = pto::detail::N_LOCS + 1; // each location's memory (pto_loc order), then global memory
inline std::string mem_name(std::size_t k)
{
    return k < pto::detail::N_LOCS ? "pto_loc " + std::to_string(k) + "'s memory" : "global memory";
}

// The case's bytes: [0, used + 2 GUARD) of each memory it uses, filled from the seed, and what
// they were before the call. Global memory is the Area's own.
struct Area {
    std::size_t bytes[N_MEMS];
    std::vector<unsigned char> global, before[N_MEMS];
    Area(std::initializer_list<std::size_t> used, uint64_t seed)
    {
        std::size_t k = 0;
        for (std::size_t u : used) bytes[k++] = u ? u + 2 * GUARD : 0;
        global.resize(bytes[N_MEMS - 1]);
        uint64_t x = 0x9e3779b97f4a7c15ull ^ seed;
        for (k = 0; k < N_MEMS; k++) {
            if (k < pto::detail::N_LOCS && bytes[k] > pto::detail::BUFFER_BYTES[k])
                fail_msg("the case's part of %s (%ld bytes) does not fit it", mem_name(k).c_str(), (long)bytes[k]);
            before[k].resize(bytes[k]);
            for (unsigned char &b : before[k]) {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                b = (unsigned char)(x >> 24);
            }
        }
        restore();
    }
    unsigned char *base(std::size_t k) const
    {
        return k < pto::detail::N_LOCS ? pto::detail::buffer((pto_loc)k) : (unsigned char *)global.data();
    }
    void *at(std::size_t offset) const { return base(PTO_VEC) + GUARD + offset; } // a scalar's (VEC)
    void *in(pto_loc loc, std::size_t offset) const { return base(loc) + GUARD + offset; }
    void *gm(std::size_t offset) const { return base(N_MEMS - 1) + GUARD + offset; }
    std::vector<unsigned char> after(std::size_t k) const { return std::vector<unsigned char>(base(k), base(k) + bytes[k]); }
    void restore() const
    {
        for (std::size_t k = 0; k < N_MEMS; k++)
            if (bytes[k]) std::memcpy(base(k), before[k].data(), bytes[k]);
    }
};

inline pto_tile tile(const Area &a, pto_loc loc, std::size_t offset, pto_dtype dt, pto_blayout bl, pto_slayout sl,
                     uint32_t rows, uint32_t cols, uint32_t vr, uint32_t vc)
{
    pto_tile t = { a.in(loc, offset), dt, loc, bl, sl, rows, cols, vr, vc };
    return t;
}

inline pto_gm gm(const Area &a, std::size_t offset, pto_dtype dt, pto_gm_layout layout, const uint32_t (&shape)[5],
                 const uint64_t (&stride)[5])
{
    pto_gm g;
    g.data = a.gm(offset);
    g.dtype = dt;
    g.layout = layout;
    for (int k = 0; k < 5; k++) {
        g.shape[k] = shape[k];
        g.stride[k] = stride[k];
    }
    return g;
}

// The intrinsic's call; on a simulated profile it must have run there, on the simulator.
template <typename Call> void call(const char *what, Call &&c)
{
#if PTO_CPP_SIMULATED
    const unsigned long long before = pto::detail::sim::issued();
    c();
    if (pto::detail::sim::issued() == before) fail_msg("%s: the call issued nothing on the %s simulator", what, pto::detail::PROFILE);
#else
    (void)what;
    c();
#endif
}

// The C++ call's bytes equal the C call's (`c` runs on the restored area).
template <typename CCall> void same_as_c(const Area &a, const char *what, CCall &&c)
{
    std::vector<unsigned char> mine[N_MEMS];
    for (std::size_t k = 0; k < N_MEMS; k++) mine[k] = a.after(k);
    a.restore();
    const pto_status st = c();
    if (st != PTO_OK) fail_msg("%s: the C entry point rejects the case: %s", what, pto_status_str(st));
    for (std::size_t k = 0; k < N_MEMS; k++) {
        const std::vector<unsigned char> theirs = a.after(k);
        for (std::size_t i = 0; i < a.bytes[k]; i++)
            if (mine[k][i] != theirs[i])
                fail_msg("%s: %s, byte %ld differs: C++ API 0x%02x, C entry point 0x%02x", what, mem_name(k).c_str(),
                         (long)i - (long)GUARD, mine[k][i], theirs[i]);
    }
}

// The call throws std::runtime_error naming the instruction and the status.
template <typename Call> void rejects(const char *instr, const char *status, Call &&call)
{
    try {
        call();
    } catch (const std::runtime_error &e) {
        const std::string m = e.what();
        if (m.find(instr) == std::string::npos || m.find(status) == std::string::npos)
            fail_msg("%s: the exception says '%s', not the instruction and %s", instr, e.what(), status);
        return;
    }
    fail_msg("%s: a call with %s did not throw", instr, status);
}

// The call throws, naming the instruction and the status the C entry point answers (`c`) on the
// same operands, which is not PTO_OK: an instruction the profile lists but does not offer yet.
template <typename Call, typename CCall> void rejects_as_c(const char *instr, Call &&call, CCall &&c)
{
    const pto_status st = c();
    if (st == PTO_OK) fail_msg("%s: the C entry point takes the case", instr);
    rejects(instr, pto_status_str(st), call);
}

} // namespace tester

#endif
