// The C++ API's tester (out/tests/cpp/test_<instr>.cpp use it): a case places its tiles at the
// test plan's offsets in the cpu's unified buffer (pto::detail::ub), fills the whole area with
// seeded random bytes, calls an intrinsic, and then the same entry point through the C interface
// with descriptors written out from the case itself (not from the header's), from the same bytes:
// both must leave every byte of the area the same. A rejected call must throw, naming the
// instruction and the status.
#ifndef PTOGEN_CPP_TESTER_HPP
#define PTOGEN_CPP_TESTER_HPP

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <setjmp.h>
#include <stdexcept>
#include <string>
#include <vector>
extern "C" {
#include <cmocka.h>
}

#include "pto/cpp/tile.hpp"

namespace tester {

constexpr std::size_t GUARD = 64; // bytes before the case's first tile

// The case's area, [0, bytes) of the unified buffer, filled from the seed; the bytes before the call.
struct Area {
    std::size_t bytes;
    std::vector<unsigned char> before;
    Area(std::size_t arena, uint64_t seed) : bytes(arena + 2 * GUARD), before(bytes)
    {
        uint64_t x = 0x9e3779b97f4a7c15ull ^ seed;
        for (std::size_t k = 0; k < bytes; k++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            before[k] = (unsigned char)(x >> 24);
        }
        std::memcpy(pto::detail::ub(), before.data(), bytes);
    }
    void *at(std::size_t offset) const { return pto::detail::ub() + GUARD + offset; }
    std::vector<unsigned char> after() const { return std::vector<unsigned char>(pto::detail::ub(), pto::detail::ub() + bytes); }
    void restore() const { std::memcpy(pto::detail::ub(), before.data(), bytes); }
};

inline pto_tile tile(const Area &a, std::size_t offset, pto_dtype dt, pto_blayout bl, uint32_t rows, uint32_t cols,
                     uint32_t vr, uint32_t vc)
{
    pto_tile t = { a.at(offset), dt, PTO_VEC, bl, PTO_NONE_BOX, rows, cols, vr, vc };
    return t;
}

// The C++ call's bytes equal the C call's (`c` runs on the restored area).
template <typename CCall> void same_as_c(const Area &a, const char *what, CCall &&c)
{
    const std::vector<unsigned char> mine = a.after();
    a.restore();
    const pto_status st = c();
    if (st != PTO_OK) fail_msg("%s: the C entry point rejects the case: %s", what, pto_status_str(st));
    const std::vector<unsigned char> theirs = a.after();
    for (std::size_t k = 0; k < a.bytes; k++)
        if (mine[k] != theirs[k])
            fail_msg("%s: byte %ld differs: C++ API 0x%02x, C entry point 0x%02x", what, (long)k - (long)GUARD, mine[k], theirs[k]);
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

} // namespace tester

#endif
