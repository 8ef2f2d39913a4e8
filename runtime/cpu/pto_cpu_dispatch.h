/* Part of the cpu profile's library: hand-written C (runtime/cpu/), copied into out/cpu/ as it is.
 * Internal: which ISA variant the cpu kernels run (pto/pto_cpu_isa.h, gen/cpuisa.py) and the x86
 * variants' target attributes (PTO_CPU_AVX2, ...: the generated pto_cpu_ops.h names each variant's
 * target). Each kernel's public function switches on pto_cpu__isa() to one of its bodies, compiled
 * per variant. */
#ifndef PTO_CPU_DISPATCH_H
#define PTO_CPU_DISPATCH_H

#include "pto/pto_cpu_isa.h"
#include "pto_cpu_ops.h"

/* The x86 variants need gcc or clang (target attributes, intrinsics, CPU detection); any other
 * build, or one with PTO_CPU_NO_DISPATCH defined, has the portable baseline only. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(PTO_CPU_NO_DISPATCH)
#define PTO_CPU_X86 1
#else
#define PTO_CPU_X86 0
#endif

#if PTO_CPU_X86
/* No target names FMA (-ffp-contract=off also keeps AVX-512F from contracting a*b+c); gcc takes
 * extra options (the widest variant's full vector width), which clang does without. */
#if defined(__clang__)
#define PTO_CPU__TARGET(isa, gcc_extra) __attribute__((target(isa)))
#else
#define PTO_CPU__TARGET(isa, gcc_extra) __attribute__((target(isa gcc_extra)))
#endif

/* Every variant's kernel body, the baseline's too, stays a function of its own. Where the
 * library's flags already include an x86 variant's target (-march=native), gcc would inline it
 * into the dispatching kernel, and gcc 12 leaves some of its loops scalar there (TROWEXPANDEXPDIF
 * f32 mode 1 ran 6x slower natively). The baseline inlined made the dispatcher save six registers
 * and, natively, realign the stack before its tail call to the variant it runs (TNEG i16 16x16
 * 7.7 -> 9.8 ns natively): the dispatcher is a switch of tail calls.
 * Without gcc's interprocedural register allocation in it: with it, gcc 12 calls a helper it
 * compiled for the baseline (SSE) without a vzeroupper after the body's 256- and 512-bit code,
 * and every SSE instruction then waits on the registers' dirty upper halves (about 200 ns a
 * call here: TROWEXPANDEXPDIF f32 mode 2 on 16x16 ran at 7.4 times its plain loop). Clang
 * places vzeroupper itself. */
#if defined(__clang__)
#define PTO_CPU__BODY __attribute__((noinline))
#else
#define PTO_CPU__BODY __attribute__((noinline, optimize("no-ipa-ra")))
#endif

/* The variant the kernels run, 0 until the first kernel call detects it (pto_cpu_dispatch.c):
 * the library's only state. Threads that detect at once store the same value. */
extern int pto_cpu__isa_state;
int pto_cpu__isa_detect(void);

static inline int pto_cpu__isa(void)
{
    const int isa = __atomic_load_n(&pto_cpu__isa_state, __ATOMIC_RELAXED);
    return isa ? isa : pto_cpu__isa_detect();
}
#else
#define PTO_CPU__BODY /* the baseline alone: its dispatcher calls it, inlined or not */
static inline int pto_cpu__isa(void) { return PTO_CPU_ISA_BASELINE; }
#endif

/* A helper inlined wherever a kernel calls it, however often: the movement kinds' block copies
 * (templates/cpu/remap_blocks.j2), whose sizes, constants at most calls, become loops of a fixed
 * trip count in each ISA variant's body. */
#if defined(__GNUC__)
#define PTO_CPU__INLINE static inline __attribute__((always_inline))
#else
#define PTO_CPU__INLINE static inline
#endif

/* A function with every call in it inlined: the remap's walker of whole, evenly spaced blocks
 * (templates/cpu/remap_blocks.j2 __even), where gcc otherwise calls the transposing network,
 * which it inlines into the bodies. */
#if defined(__GNUC__)
#define PTO_CPU__FLATTEN __attribute__((flatten))
#else
#define PTO_CPU__FLATTEN
#endif

/* Before a loop of a constant count that is to be unrolled whole (the movement kinds' blocks of
 * a box's width: templates/cpu/remap_blocks.j2). */
#if defined(__GNUC__)
#define PTO_CPU__UNROLL _Pragma("GCC unroll 32")
#else
#define PTO_CPU__UNROLL
#endif

/* Before a short loop of a constant count that is to stay a loop: gcc peels loops of up to 16
 * iterations whole before it vectorises, and its straight-line vectoriser then leaves some scalar
 * (TCOLMAX f32's 16 columns: 3x slower than one vector a row). */
#if defined(__GNUC__)
#define PTO_CPU__NO_PEEL _Pragma("GCC unroll 1")
#else
#define PTO_CPU__NO_PEEL
#endif

/* Before a kernel's element loop: a tile the loop writes overlaps a tile it reads only as the very
 * same tile (the verifier's alias rule), so no iteration reads what another writes, and gcc need
 * not version each row's loop on a run-time overlap test (TADD f32 on a padded 60x100 tile ran at
 * 1.25 times its plain loop with the test, 0.75 without). Clang has no such pragma. */
#if defined(__GNUC__) && !defined(__clang__)
#define PTO_CPU__NO_ALIAS _Pragma("GCC ivdep")
#else
#define PTO_CPU__NO_ALIAS
#endif

#endif /* PTO_CPU_DISPATCH_H */
