// The C++ API's tester (tester.hpp): its functions, compiled once per profile and linked into
// every test program of that profile.
#include "tester.hpp"

namespace tester {

std::string mem_name(std::size_t k)
{
    return k < pto::detail::N_LOCS ? "pto_loc " + std::to_string(k) + "'s memory" : "global memory";
}

Area::Area(std::initializer_list<std::size_t> used, uint64_t seed)
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

unsigned char *Area::base(std::size_t k) const
{
    return k < pto::detail::N_LOCS ? pto::detail::buffer((pto_loc)k) : (unsigned char *)global.data();
}

std::vector<unsigned char> Area::after(std::size_t k) const { return std::vector<unsigned char>(base(k), base(k) + bytes[k]); }

void Area::restore() const
{
    for (std::size_t k = 0; k < N_MEMS; k++)
        if (bytes[k]) std::memcpy(base(k), before[k].data(), bytes[k]);
}

pto_tile tile(const Area &a, pto_loc loc, std::size_t offset, pto_dtype dt, pto_blayout bl, pto_slayout sl,
              uint32_t rows, uint32_t cols, uint32_t vr, uint32_t vc)
{
    pto_tile t = { a.in(loc, offset), dt, loc, bl, sl, rows, cols, vr, vc };
    return t;
}

pto_gm gm(const Area &a, std::size_t offset, pto_dtype dt, pto_gm_layout layout, const uint32_t (&shape)[5],
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

void call(const char *what, Fn<void> c)
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

void same_as_c(const Area &a, const char *what, Fn<pto_status> c)
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

void rejects(const char *instr, const char *status, Fn<void> call)
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

void rejects_as_c(const char *instr, Fn<void> call, Fn<pto_status> c)
{
    const pto_status st = c();
    if (st == PTO_OK) fail_msg("%s: the C entry point takes the case", instr);
    rejects(instr, pto_status_str(st), call);
}

} // namespace tester
