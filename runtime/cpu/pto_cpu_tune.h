/* Part of the cpu profile's library: hand-written C (runtime/cpu/), copied into out/cpu/ as it is.
 * Internal, and included first by every cpu library file (kernels, verifier, dispatch): it sets
 * how the rest of the file compiles. With gcc on x86-64 the file is compiled for plain x86-64,
 * whatever -march the build names: the kernels choose their instruction set at run time
 * (pto/pto_cpu_isa.h), each ISA variant by its own target attribute, so the build's -march only
 * leaked into them. Under
 * -march=native the baseline variant held 512-bit instructions and the avx2 variant AVX-512
 * masks (PTO_CPU_ISA=avx2 ran AVX-512 code), and the kernels, the same instructions in other
 * places, ran 34-52 of 1,631 benchmark cases 5-24% slower than at the release flags (TMUL bf16
 * 64x128 945 -> 1,170 ns; the release harness linked with the native kernels took 1,096, the
 * native harness with the release kernels 945). Now a kernel file compiles to the same code
 * under either. And the kernels are tuned for gcc's generic x86-64 model, whatever
 * -mtune the build names (-march=native names the build machine's): the kernels are written and
 * measured for that model, and gcc 12's tuning for this Zen 4 (znver3) made 335 of 1,631 benchmark
 * cases more than 5% slower, up to 2x (TSEL f32 16x16 128 -> 253 ns), with the same instructions
 * in another order (docs/performance.md). For the whole file, helpers and bodies alike: a
 * function whose tuning differs from its caller's is not inlined into it (a tune= in the bodies'
 * target attributes alone left TMAXS f32 16x16 at 608 ns). gcc only: clang takes no tuning from
 * -march=native that matters here, but its -march still reaches the variants (a clang build
 * with -march=native puts AVX-512 into them). The library's precompiled header includes this
 * file before <immintrin.h> (gen/configure.py CPU_PCH), so the intrinsics are read under it. */
#ifndef PTO_CPU_TUNE_H
#define PTO_CPU_TUNE_H

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC target("arch=x86-64", "tune=generic")
#endif

#endif
