/* Part of the cpu profile's library: hand-written C (runtime/cpu/), copied into out/cpu/ as it is.
 * Which ISA variant the cpu kernels run (pto/pto_cpu_isa.h): detected once, or forced. The
 * variants are the generated table PTO_CPU_VARIANTS (pto_cpu_ops.h). */
#include "pto_cpu_tune.h" /* first: how the whole file compiles */
#include <stddef.h>
#include "pto/pto_cpu_isa.h"
#include "pto_cpu_dispatch.h"

#if PTO_CPU_X86
#include <cpuid.h>

int pto_cpu__isa_state;

/* F16C from CPUID leaf 1 (clang 14's __builtin_cpu_supports does not know it); its VEX
 * encoding needs the AVX state, which every variant that uses F16C also requires. */
static int pto_cpu__f16c(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C) != 0;
}

/* Does this CPU (and its OS, which must save the vector state: libgcc checks XCR0) run isa? */
static int pto_cpu__runs(int isa)
{
#define PTO_CPU__SUPPORTS(feature) __builtin_cpu_supports(feature)
#define PTO_CPU__F16C pto_cpu__f16c()
#define PTO_CPU__RUNS(NAME, name, runs) case PTO_CPU_ISA_##NAME: return runs;
    __builtin_cpu_init();
    switch (isa) {
    PTO_CPU_VARIANTS(PTO_CPU__RUNS)
    default:
        return 0;
    }
#undef PTO_CPU__SUPPORTS
#undef PTO_CPU__F16C
#undef PTO_CPU__RUNS
}

int pto_cpu__isa_detect(void)
{
    int isa = PTO_CPU_ISA_COUNT - 1;
    while (isa > PTO_CPU_ISA_BASELINE && !pto_cpu__runs(isa)) isa--;
    __atomic_store_n(&pto_cpu__isa_state, isa, __ATOMIC_RELAXED);
    return isa;
}
#endif

int pto_cpu_isa_supported(pto_cpu_isa isa)
{
    if (isa == PTO_CPU_ISA_AUTO) return 1;
#if PTO_CPU_X86
    return pto_cpu__runs((int)isa);
#else
    return isa == PTO_CPU_ISA_BASELINE;
#endif
}

pto_cpu_isa pto_cpu_isa_selected(void)
{
    return (pto_cpu_isa)pto_cpu__isa();
}

int pto_cpu_set_isa(pto_cpu_isa isa)
{
    if (!pto_cpu_isa_supported(isa)) return 0;
#if PTO_CPU_X86
    __atomic_store_n(&pto_cpu__isa_state, (int)isa, __ATOMIC_RELAXED); /* AUTO (0): detect again */
#endif
    return 1;
}

const char *pto_cpu_isa_name(pto_cpu_isa isa)
{
#define PTO_CPU__NAME(NAME, name, runs) case PTO_CPU_ISA_##NAME: return #name;
    switch (isa) {
    case PTO_CPU_ISA_AUTO: return "auto";
    PTO_CPU_VARIANTS(PTO_CPU__NAME)
    default: return NULL;
    }
#undef PTO_CPU__NAME
}
