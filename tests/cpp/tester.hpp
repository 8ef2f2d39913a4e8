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
#include <type_traits>
#include <vector>
extern "C" {
#include <cmocka.h>
}

#include "pto/cpp/tile.hpp"

namespace tester {

constexpr std::size_t GUARD = 64;                  // bytes before and after a case's part of a memory
constexpr std::size_t N_MEMS = pto::detail::N_LOCS + 1; // each location's memory (pto_loc order), then global memory
std::string mem_name(std::size_t k);

// A call the tester makes: a reference to a case's lambda, so that the tester's functions are
// compiled once (tests/cpp/tester.cpp), not once per case.
template <typename R> class Fn {
public:
    template <typename F, typename = std::enable_if_t<!std::is_same<std::decay_t<F>, Fn>::value>>
    Fn(F &&f) : obj_(&f), call_([](void *o) -> R { return (*static_cast<std::remove_reference_t<F> *>(o))(); }) {}
    R operator()() const { return call_(obj_); }

private:
    void *obj_;
    R (*call_)(void *);
};

// The case's bytes: [0, used + 2 GUARD) of each memory it uses, filled from the seed, and what
// they were before the call. Global memory is the Area's own.
struct Area {
    std::size_t bytes[N_MEMS];
    std::vector<unsigned char> global, before[N_MEMS];
    Area(std::initializer_list<std::size_t> used, uint64_t seed);
    unsigned char *base(std::size_t k) const;
    void *at(std::size_t offset) const { return base(PTO_VEC) + GUARD + offset; } // a scalar's (VEC)
    void *in(pto_loc loc, std::size_t offset) const { return base(loc) + GUARD + offset; }
    void *gm(std::size_t offset) const { return base(N_MEMS - 1) + GUARD + offset; }
    std::vector<unsigned char> after(std::size_t k) const;
    void restore() const;
};

pto_tile tile(const Area &a, pto_loc loc, std::size_t offset, pto_dtype dt, pto_blayout bl, pto_slayout sl,
              uint32_t rows, uint32_t cols, uint32_t vr, uint32_t vc);
pto_gm gm(const Area &a, std::size_t offset, pto_dtype dt, pto_gm_layout layout, const uint32_t (&shape)[5],
          const uint64_t (&stride)[5]);

// The intrinsic's call; on a simulated profile it must have run there, on the simulator.
void call(const char *what, Fn<void> c);

// The C++ call's bytes equal the C call's (`c` runs on the restored area).
void same_as_c(const Area &a, const char *what, Fn<pto_status> c);

// The call throws std::runtime_error naming the instruction and the status.
void rejects(const char *instr, const char *status, Fn<void> call);

// The call throws, naming the instruction and the status the C entry point answers (`c`) on the
// same operands, which is not PTO_OK: an instruction the profile lists but does not offer yet.
void rejects_as_c(const char *instr, Fn<void> call, Fn<pto_status> c);

} // namespace tester

#endif
