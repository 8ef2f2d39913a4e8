/* The correctly rounded math functions (runtime/common/pto_exp.h, pto_math.h; recip: one f32
 * division, runtime/common/pto_ops_core.h), as the cpu kernels call them, against GNU MPFR (the
 * conformance reference, tests/harness/ref.c). Built once per function, -DTEST_FN=<name> giving
 * build/tests/math/test_<name>; per function: every f16 and every bf16 input, 10^7 f32 inputs
 * (every float of the interesting range at a prime stride, a seeded random sweep of all bit
 * patterns), the values around its thresholds, the contract's special values, and the inputs
 * whose rounding the fast evaluation cannot settle (all of the 2^32 f32 ones, found by running
 * the vectorising form over every input), which the slow path must get right on its own too. Wherever the vectorising
 * form (the kernels' first pass) gives a number, it must be the answer.
 *
 *   test_<fn>                 the cmocka suite (ninja test)
 *   test_<fn> --all K N       every f32 input i with i % N == K - 1, 1 <= K <= N (tests/exhaustive.py),
 *                             against MPFR screened by libm's double (ref_screened):
 *                             a line `FAIL <fn> f32 0x<input> got 0x<bits> want 0x<bits>` per wrong
 *                             input, then `<fn> f32 shard K/N: <checked> inputs, <failed> failed`;
 *                             exit status 1 iff any failed
 *   test_<fn> --bench         ns per element of the kernels' two passes and of a plain loop calling
 *                             the scalar function, 64x128 f32 and f16 values (docs/math.md) */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "pto_cpu_ops.h"
#include "ref.h"

#define F32_STRIDE 421u /* a prime: ~5.1M floats of the range */
#define F32_RANDOM 5000000u
#define AROUND 4096     /* floats each side of a threshold */

static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
static float flt(uint32_t u) { float f; memcpy(&f, &u, sizeof f); return f; }

/* the slow paths alone: does the one for x decide want (a number, the right answer)? */
static int exp_slow(uint32_t x, uint32_t want)
{
    const float c = flt(x);
    if (!(c > -200.0f && c < 100.0f)) return 1; /* no slow path there */
    return bits(pto__exp_round_dd(pto__exp_dd((double)c), PTO__EXP_F32)) == want;
}

/* the slow paths of log, sqrt and rsqrt decide by a midpoint of two neighbours: want's own two
 * midpoints must lie on either side of the exact value */
static int by_midpoints(uint32_t x, uint32_t want, int (*above)(float, double))
{
    const uint32_t mag = want & 0x7fffffffu, up = want >> 31 ? want - 1 : want + 1, down = want >> 31 ? want + 1 : want - 1;
    const double w = (double)flt(want);
    if (mag == 0 || mag >= 0x7f7fffffu) return 1; /* 0 (log 1), the largest and beyond: no midpoint to test */
    return above(flt(x), (w + (double)flt(down)) * 0.5) && !above(flt(x), (w + (double)flt(up)) * 0.5);
}
static int log_slow(uint32_t x, uint32_t want) { return by_midpoints(x, want, pto__log_above); }
static int sqrt_slow(uint32_t x, uint32_t want) { return by_midpoints(x, want, pto__sqrt_above); }
static int rsqrt_slow(uint32_t x, uint32_t want) { return by_midpoints(x, want, pto__rsqrt_above); }

typedef struct {
    const char *name;
    uint64_t (*ref)(pto_dtype, uint64_t);
    /* the kernels' functions: f16 and bf16 their own, or (recip) f32's, rounded by the narrowing */
    float (*f32)(float), (*f16)(float), (*bf16)(float);
    /* the vectorising forms (NULL: the function is one already): PTO__REDO, or the answer */
    float (*fast)(float), (*fast_f16)(float), (*fast_bf16)(float);
    int (*slow)(uint32_t x, uint32_t want); /* NULL: no slow path */
    uint32_t range[2][2];                   /* f32 inputs [from, to) at the prime stride */
    float at[8];                            /* thresholds, AROUND floats either side of each */
    uint32_t special[8][2];                 /* the contract's special values: { input, result } */
    const uint32_t *hard;                   /* every f32 input of the slow path (all 2^32 run) */
    unsigned n_hard;
    float bench_lo, bench_hi;               /* --bench inputs: uniform in [lo, hi) */
    double (*dbl)(double);                  /* the function in double (libm), for --all's screen */
} fn_table;

static double rsqrt_d(double x) { return 1.0 / sqrt(x); }
static double recip_d(double x) { return 1.0 / x; }

static const uint32_t exp_hard[] = { 0x33800000u, 0x36fdffc1u, 0x377eff81u, 0x383a3ef1u, 0x38e69cc1u, 0x39c6be5bu,
                                     0x39e5bb1du, 0x3d1a274eu, 0x3fe67199u, 0x4001b249u, 0x40315b33u, 0x41cbf87bu,
                                     0x4288942bu, 0xb3000000u, 0xbae0e25cu, 0xbbb70ee8u, 0xbbf0edf1u, 0xbc2a461au,
                                     0xc13d6631u, 0xc16912cdu };
/* The slow path's f32 inputs, every one of them (docs/math.md): of the 2^32, exp 20; of the
 * 2^31 - 2^23 - 1 positive finite ones (the others are special values), log 191, sqrt 254,
 * rsqrt 256; of the f16 and bf16 inputs, none. */
static const uint32_t log_hard[] = {
    0x022ae487u, 0x03b0ffa6u, 0x03d2f29fu, 0x04366d72u, 0x064cb44bu, 0x07180b41u, 0x0793ff2fu, 0x07b2c054u,
    0x07c060fau, 0x0825e048u, 0x0b265d7bu, 0x0dc8bba4u, 0x0f61ff63u, 0x10e848d7u, 0x111c87f8u, 0x11b257e3u,
    0x12711cdcu, 0x12f3c073u, 0x13252717u, 0x133578d2u, 0x134140d7u, 0x1344cd4bu, 0x13b2d101u, 0x13e56e75u,
    0x13fcd84au, 0x145cb6d4u, 0x14907055u, 0x14d745ebu, 0x152ed9f5u, 0x153c8057u, 0x155d60fcu, 0x158772ebu,
    0x16a57ea8u, 0x16b3a0b6u, 0x16c5ee7au, 0x174167ecu, 0x17cfc9e5u, 0x18b06f2au, 0x195a8a50u, 0x197fb389u,
    0x199efd2bu, 0x19dfd217u, 0x1a21db87u, 0x1a3de5e8u, 0x1a8446cbu, 0x1aac80dcu, 0x1ab7c313u, 0x1adfd25du,
    0x1aeb68ccu, 0x1b1cdfa8u, 0x1b81ab52u, 0x1c3ecbc1u, 0x1d24a185u, 0x1dc9e7c1u, 0x1e0b6c02u, 0x1e6bc9fau,
    0x1e9977acu, 0x1f116ab8u, 0x1f8d227eu, 0x21bb4ebfu, 0x22925ad4u, 0x22f6d580u, 0x2423c085u, 0x246ff143u,
    0x24a8fb14u, 0x25be734fu, 0x25f12e61u, 0x2702172eu, 0x2758eec4u, 0x27a51454u, 0x28763c69u, 0x28d6af22u,
    0x28e3fa26u, 0x29bd4f07u, 0x29e6126bu, 0x29fd22f8u, 0x2c4c24b7u, 0x2d6f4a4eu, 0x2e492984u, 0x2e7a6221u,
    0x3031622eu, 0x30a201dcu, 0x3418949bu, 0x3461a322u, 0x3509dcf6u, 0x35b5889au, 0x362b8e87u, 0x36e5459eu,
    0x372f2767u, 0x37974bdcu, 0x37c92259u, 0x38dcbe38u, 0x39c31348u, 0x39c7b1f9u, 0x39dbdda7u, 0x39fe220cu,
    0x3a25d245u, 0x3a51c713u, 0x3a7aba8au, 0x3bf86ef0u, 0x3c413d3au, 0x3ca1c99fu, 0x3e2b3421u, 0x3e5c31f6u,
    0x3fc55379u, 0x3fd364d7u, 0x3fdc4750u, 0x40504cb2u, 0x4056ee45u, 0x41178febu, 0x41e3b2afu, 0x432c2b82u,
    0x434f23a8u, 0x43d5e7fau, 0x44bc4360u, 0x46067543u, 0x464d5b2bu, 0x4665a9a6u, 0x46ca6c75u, 0x4aabe14fu,
    0x4b77325au, 0x4bf70db3u, 0x4c08ff78u, 0x4c5d65a5u, 0x4c6b191eu, 0x4c723804u, 0x4ca8a9eeu, 0x4d604ebeu,
    0x4dcb02f0u, 0x4e85f412u, 0x4fe4ab24u, 0x50dfef2eu, 0x51e8644fu, 0x526a304fu, 0x540592deu, 0x54af989du,
    0x55185f82u, 0x5588e13bu, 0x56210e9au, 0x5982af5du, 0x5a8f8e03u, 0x5a9007c2u, 0x5b042ba3u, 0x5b777193u,
    0x5b800531u, 0x5b98e163u, 0x5be9c85fu, 0x5bf9890bu, 0x5caffb5eu, 0x5d800341u, 0x5d8b2d5bu, 0x5da07e05u,
    0x5ee8984eu, 0x5efbcaaeu, 0x5f64c24au, 0x5f945685u, 0x60f5c5d6u, 0x62b467bau, 0x62dc7608u, 0x62f13366u,
    0x63b134d9u, 0x644a8b82u, 0x64bc5793u, 0x64e27fa3u, 0x65d890d3u, 0x66a8c860u, 0x66abbd63u, 0x672c6c43u,
    0x67d2390bu, 0x6914cb96u, 0x6a2510d0u, 0x6be8cf96u, 0x6d1f23ebu, 0x6d6c9d3au, 0x6e7054f2u, 0x6f31a8ecu,
    0x736cc271u, 0x7405dee8u, 0x74896a73u, 0x76a32b61u, 0x77996704u, 0x77b945ebu, 0x789e5998u, 0x79e7ec37u,
    0x7a708b30u, 0x7a854203u, 0x7c776a08u, 0x7c97418cu, 0x7d26f8dbu, 0x7d98b8f4u, 0x7dbdfe04u,
};
static const uint32_t sqrt_hard[] = {
    0x00800001u, 0x017fffffu, 0x01800001u, 0x027fffffu, 0x02800001u, 0x037fffffu, 0x03800001u, 0x047fffffu,
    0x04800001u, 0x057fffffu, 0x05800001u, 0x067fffffu, 0x06800001u, 0x077fffffu, 0x07800001u, 0x087fffffu,
    0x08800001u, 0x097fffffu, 0x09800001u, 0x0a7fffffu, 0x0a800001u, 0x0b7fffffu, 0x0b800001u, 0x0c7fffffu,
    0x0c800001u, 0x0d7fffffu, 0x0d800001u, 0x0e7fffffu, 0x0e800001u, 0x0f7fffffu, 0x0f800001u, 0x107fffffu,
    0x10800001u, 0x117fffffu, 0x11800001u, 0x127fffffu, 0x12800001u, 0x137fffffu, 0x13800001u, 0x147fffffu,
    0x14800001u, 0x157fffffu, 0x15800001u, 0x167fffffu, 0x16800001u, 0x177fffffu, 0x17800001u, 0x187fffffu,
    0x18800001u, 0x197fffffu, 0x19800001u, 0x1a7fffffu, 0x1a800001u, 0x1b7fffffu, 0x1b800001u, 0x1c7fffffu,
    0x1c800001u, 0x1d7fffffu, 0x1d800001u, 0x1e7fffffu, 0x1e800001u, 0x1f7fffffu, 0x1f800001u, 0x207fffffu,
    0x20800001u, 0x217fffffu, 0x21800001u, 0x227fffffu, 0x22800001u, 0x237fffffu, 0x23800001u, 0x247fffffu,
    0x24800001u, 0x257fffffu, 0x25800001u, 0x267fffffu, 0x26800001u, 0x277fffffu, 0x27800001u, 0x287fffffu,
    0x28800001u, 0x297fffffu, 0x29800001u, 0x2a7fffffu, 0x2a800001u, 0x2b7fffffu, 0x2b800001u, 0x2c7fffffu,
    0x2c800001u, 0x2d7fffffu, 0x2d800001u, 0x2e7fffffu, 0x2e800001u, 0x2f7fffffu, 0x2f800001u, 0x307fffffu,
    0x30800001u, 0x317fffffu, 0x31800001u, 0x327fffffu, 0x32800001u, 0x337fffffu, 0x33800001u, 0x347fffffu,
    0x34800001u, 0x357fffffu, 0x35800001u, 0x367fffffu, 0x36800001u, 0x377fffffu, 0x37800001u, 0x387fffffu,
    0x38800001u, 0x397fffffu, 0x39800001u, 0x3a7fffffu, 0x3a800001u, 0x3b7fffffu, 0x3b800001u, 0x3c7fffffu,
    0x3c800001u, 0x3d7fffffu, 0x3d800001u, 0x3e7fffffu, 0x3e800001u, 0x3f7fffffu, 0x3f800001u, 0x407fffffu,
    0x40800001u, 0x417fffffu, 0x41800001u, 0x427fffffu, 0x42800001u, 0x437fffffu, 0x43800001u, 0x447fffffu,
    0x44800001u, 0x457fffffu, 0x45800001u, 0x467fffffu, 0x46800001u, 0x477fffffu, 0x47800001u, 0x487fffffu,
    0x48800001u, 0x497fffffu, 0x49800001u, 0x4a7fffffu, 0x4a800001u, 0x4b7fffffu, 0x4b800001u, 0x4c7fffffu,
    0x4c800001u, 0x4d7fffffu, 0x4d800001u, 0x4e7fffffu, 0x4e800001u, 0x4f7fffffu, 0x4f800001u, 0x507fffffu,
    0x50800001u, 0x517fffffu, 0x51800001u, 0x527fffffu, 0x52800001u, 0x537fffffu, 0x53800001u, 0x547fffffu,
    0x54800001u, 0x557fffffu, 0x55800001u, 0x567fffffu, 0x56800001u, 0x577fffffu, 0x57800001u, 0x587fffffu,
    0x58800001u, 0x597fffffu, 0x59800001u, 0x5a7fffffu, 0x5a800001u, 0x5b7fffffu, 0x5b800001u, 0x5c7fffffu,
    0x5c800001u, 0x5d7fffffu, 0x5d800001u, 0x5e7fffffu, 0x5e800001u, 0x5f7fffffu, 0x5f800001u, 0x607fffffu,
    0x60800001u, 0x617fffffu, 0x61800001u, 0x627fffffu, 0x62800001u, 0x637fffffu, 0x63800001u, 0x647fffffu,
    0x64800001u, 0x657fffffu, 0x65800001u, 0x667fffffu, 0x66800001u, 0x677fffffu, 0x67800001u, 0x687fffffu,
    0x68800001u, 0x697fffffu, 0x69800001u, 0x6a7fffffu, 0x6a800001u, 0x6b7fffffu, 0x6b800001u, 0x6c7fffffu,
    0x6c800001u, 0x6d7fffffu, 0x6d800001u, 0x6e7fffffu, 0x6e800001u, 0x6f7fffffu, 0x6f800001u, 0x707fffffu,
    0x70800001u, 0x717fffffu, 0x71800001u, 0x727fffffu, 0x72800001u, 0x737fffffu, 0x73800001u, 0x747fffffu,
    0x74800001u, 0x757fffffu, 0x75800001u, 0x767fffffu, 0x76800001u, 0x777fffffu, 0x77800001u, 0x787fffffu,
    0x78800001u, 0x797fffffu, 0x79800001u, 0x7a7fffffu, 0x7a800001u, 0x7b7fffffu, 0x7b800001u, 0x7c7fffffu,
    0x7c800001u, 0x7d7fffffu, 0x7d800001u, 0x7e7fffffu, 0x7e800001u, 0x7f7fffffu,
};
static const uint32_t rsqrt_hard[] = {
    0x00113e07u, 0x0044f81cu, 0x0109f038u, 0x013a18e3u, 0x0209f038u, 0x023a18e3u, 0x0309f038u, 0x033a18e3u,
    0x0409f038u, 0x043a18e3u, 0x0509f038u, 0x053a18e3u, 0x0609f038u, 0x063a18e3u, 0x0709f038u, 0x073a18e3u,
    0x0809f038u, 0x083a18e3u, 0x0909f038u, 0x093a18e3u, 0x0a09f038u, 0x0a3a18e3u, 0x0b09f038u, 0x0b3a18e3u,
    0x0c09f038u, 0x0c3a18e3u, 0x0d09f038u, 0x0d3a18e3u, 0x0e09f038u, 0x0e3a18e3u, 0x0f09f038u, 0x0f3a18e3u,
    0x1009f038u, 0x103a18e3u, 0x1109f038u, 0x113a18e3u, 0x1209f038u, 0x123a18e3u, 0x1309f038u, 0x133a18e3u,
    0x1409f038u, 0x143a18e3u, 0x1509f038u, 0x153a18e3u, 0x1609f038u, 0x163a18e3u, 0x1709f038u, 0x173a18e3u,
    0x1809f038u, 0x183a18e3u, 0x1909f038u, 0x193a18e3u, 0x1a09f038u, 0x1a3a18e3u, 0x1b09f038u, 0x1b3a18e3u,
    0x1c09f038u, 0x1c3a18e3u, 0x1d09f038u, 0x1d3a18e3u, 0x1e09f038u, 0x1e3a18e3u, 0x1f09f038u, 0x1f3a18e3u,
    0x2009f038u, 0x203a18e3u, 0x2109f038u, 0x213a18e3u, 0x2209f038u, 0x223a18e3u, 0x2309f038u, 0x233a18e3u,
    0x2409f038u, 0x243a18e3u, 0x2509f038u, 0x253a18e3u, 0x2609f038u, 0x263a18e3u, 0x2709f038u, 0x273a18e3u,
    0x2809f038u, 0x283a18e3u, 0x2909f038u, 0x293a18e3u, 0x2a09f038u, 0x2a3a18e3u, 0x2b09f038u, 0x2b3a18e3u,
    0x2c09f038u, 0x2c3a18e3u, 0x2d09f038u, 0x2d3a18e3u, 0x2e09f038u, 0x2e3a18e3u, 0x2f09f038u, 0x2f3a18e3u,
    0x3009f038u, 0x303a18e3u, 0x3109f038u, 0x313a18e3u, 0x3209f038u, 0x323a18e3u, 0x3309f038u, 0x333a18e3u,
    0x3409f038u, 0x343a18e3u, 0x3509f038u, 0x353a18e3u, 0x3609f038u, 0x363a18e3u, 0x3709f038u, 0x373a18e3u,
    0x3809f038u, 0x383a18e3u, 0x3909f038u, 0x393a18e3u, 0x3a09f038u, 0x3a3a18e3u, 0x3b09f038u, 0x3b3a18e3u,
    0x3c09f038u, 0x3c3a18e3u, 0x3d09f038u, 0x3d3a18e3u, 0x3e09f038u, 0x3e3a18e3u, 0x3f09f038u, 0x3f3a18e3u,
    0x4009f038u, 0x403a18e3u, 0x4109f038u, 0x413a18e3u, 0x4209f038u, 0x423a18e3u, 0x4309f038u, 0x433a18e3u,
    0x4409f038u, 0x443a18e3u, 0x4509f038u, 0x453a18e3u, 0x4609f038u, 0x463a18e3u, 0x4709f038u, 0x473a18e3u,
    0x4809f038u, 0x483a18e3u, 0x4909f038u, 0x493a18e3u, 0x4a09f038u, 0x4a3a18e3u, 0x4b09f038u, 0x4b3a18e3u,
    0x4c09f038u, 0x4c3a18e3u, 0x4d09f038u, 0x4d3a18e3u, 0x4e09f038u, 0x4e3a18e3u, 0x4f09f038u, 0x4f3a18e3u,
    0x5009f038u, 0x503a18e3u, 0x5109f038u, 0x513a18e3u, 0x5209f038u, 0x523a18e3u, 0x5309f038u, 0x533a18e3u,
    0x5409f038u, 0x543a18e3u, 0x5509f038u, 0x553a18e3u, 0x5609f038u, 0x563a18e3u, 0x5709f038u, 0x573a18e3u,
    0x5809f038u, 0x583a18e3u, 0x5909f038u, 0x593a18e3u, 0x5a09f038u, 0x5a3a18e3u, 0x5b09f038u, 0x5b3a18e3u,
    0x5c09f038u, 0x5c3a18e3u, 0x5d09f038u, 0x5d3a18e3u, 0x5e09f038u, 0x5e3a18e3u, 0x5f09f038u, 0x5f3a18e3u,
    0x6009f038u, 0x603a18e3u, 0x6109f038u, 0x613a18e3u, 0x6209f038u, 0x623a18e3u, 0x6309f038u, 0x633a18e3u,
    0x6409f038u, 0x643a18e3u, 0x6509f038u, 0x653a18e3u, 0x6609f038u, 0x663a18e3u, 0x6709f038u, 0x673a18e3u,
    0x6809f038u, 0x683a18e3u, 0x6909f038u, 0x693a18e3u, 0x6a09f038u, 0x6a3a18e3u, 0x6b09f038u, 0x6b3a18e3u,
    0x6c09f038u, 0x6c3a18e3u, 0x6d09f038u, 0x6d3a18e3u, 0x6e09f038u, 0x6e3a18e3u, 0x6f09f038u, 0x6f3a18e3u,
    0x7009f038u, 0x703a18e3u, 0x7109f038u, 0x713a18e3u, 0x7209f038u, 0x723a18e3u, 0x7309f038u, 0x733a18e3u,
    0x7409f038u, 0x743a18e3u, 0x7509f038u, 0x753a18e3u, 0x7609f038u, 0x763a18e3u, 0x7709f038u, 0x773a18e3u,
    0x7809f038u, 0x783a18e3u, 0x7909f038u, 0x793a18e3u, 0x7a09f038u, 0x7a3a18e3u, 0x7b09f038u, 0x7b3a18e3u,
    0x7c09f038u, 0x7c3a18e3u, 0x7d09f038u, 0x7d3a18e3u, 0x7e09f038u, 0x7e3a18e3u, 0x7f09f038u, 0x7f3a18e3u,
};

#define NAN32 0x7fc00000u
#define INF32 0x7f800000u
#define NINF32 0xff800000u
static const fn_table fns[] = {
    { "exp", ref_exp, pto_cpu__exp_f, pto_cpu__exp_f16, pto_cpu__exp_bf16, pto_cpu__exp_fast_f, pto_cpu__exp_fast_f16,
      pto_cpu__exp_fast_bf16, exp_slow, { { 0x00000000u, 0x42b20000u }, { 0x80000000u, 0xc2d00000u } }, /* [0, 89], [-104, -0] */
      /* overflow near 88.72, subnormal results below -87.34, +0 below -103.97, 1 +- ulp near 0 */
      { 88.72283935546875f, -87.336544f, -103.972076f, -103.27893f, 0x1p-24f, -0x1p-25f, 0.0f, 1.0f },
      { { NINF32, 0 }, { INF32, INF32 }, { 0x80000000u, 0x3f800000u }, { 0, 0x3f800000u }, { NAN32, NAN32 } },
      exp_hard, sizeof exp_hard / sizeof exp_hard[0], -10.0f, 10.0f, exp },
    { "log", ref_log, pto_cpu__log_f, pto_cpu__log_f16, pto_cpu__log_bf16, pto_cpu__log_fast_f, pto_cpu__log_fast_f16,
      pto_cpu__log_fast_bf16, log_slow, { { 0x00000000u, 0x7f800000u }, { 0, 0 } }, /* [+0, +inf) */
      /* 1 (tiny results), the split of the reduction at sqrt(1/2) and sqrt(2), the least normal,
       * the least subnormal, the largest, e */
      { 1.0f, 0x1.6a09e6p-1f, 0x1.6a09e6p0f, 0x1p-126f, 0x1p-149f, 0x1.fffffep127f, 2.7182817f, 0.5f },
      { { 0, NINF32 }, { 0x80000000u, NINF32 }, { 0xbf800000u, NAN32 }, { NINF32, NAN32 }, { INF32, INF32 },
        { 0x3f800000u, 0 }, { NAN32, NAN32 }, { 0x80000001u, NAN32 } },
      log_hard, sizeof log_hard / sizeof log_hard[0], 0.001f, 1000.0f, log },
    { "sqrt", ref_sqrt, pto_cpu__sqrt_f, pto_cpu__sqrt_f16, pto_cpu__sqrt_bf16, pto_cpu__sqrt_fast_f,
      pto_cpu__sqrt_fast_f16, pto_cpu__sqrt_fast_bf16, sqrt_slow, { { 0x00000000u, 0x7f800000u }, { 0, 0 } },
      { 1.0f, 2.0f, 4.0f, 0x1p-126f, 0x1p-149f, 0x1.fffffep127f, 0x1p-148f, 0.25f },
      { { 0, 0 }, { 0x80000000u, 0x80000000u }, { 0xbf800000u, NAN32 }, { NINF32, NAN32 }, { INF32, INF32 },
        { 0x40800000u, 0x40000000u }, { NAN32, NAN32 }, { 0x80000001u, NAN32 } },
      sqrt_hard, sizeof sqrt_hard / sizeof sqrt_hard[0], 0.001f, 1000.0f, sqrt },
    { "rsqrt", ref_rsqrt, pto_cpu__rsqrt_f, pto_cpu__rsqrt_f16, pto_cpu__rsqrt_bf16, pto_cpu__rsqrt_fast_f,
      pto_cpu__rsqrt_fast_f16, pto_cpu__rsqrt_fast_bf16, rsqrt_slow, { { 0x00000000u, 0x7f800000u }, { 0, 0 } },
      { 1.0f, 2.0f, 4.0f, 0x1p-126f, 0x1p-149f, 0x1.fffffep127f, 0x1p-148f, 0.25f },
      { { 0, INF32 }, { 0x80000000u, NINF32 }, { 0xbf800000u, NAN32 }, { NINF32, NAN32 }, { INF32, 0 },
        { 0x40800000u, 0x3f000000u }, { NAN32, NAN32 }, { 0x80000001u, NAN32 } },
      rsqrt_hard, sizeof rsqrt_hard / sizeof rsqrt_hard[0], 0.001f, 1000.0f, rsqrt_d },
    { "recip", ref_recip, pto_cpu__recip_f, pto_cpu__recip_f, pto_cpu__recip_f, NULL, NULL, NULL, NULL,
      { { 0x00000000u, 0x7f800000u }, { 0x80000000u, 0xff800000u } }, /* both signs: the division is symmetric */
      /* overflow below 2^-128, subnormal results above 2^126, +0 above 2^150 (none), 1 */
      { 0x1p-128f, 0x1p126f, 1.0f, 3.0f, 0x1p-149f, 0x1.fffffep127f, -0x1p-128f, -0x1p126f },
      { { 0, INF32 }, { 0x80000000u, NINF32 }, { INF32, 0 }, { NINF32, 0x80000000u }, { 0x40000000u, 0x3f000000u },
        { NAN32, NAN32 }, { 0xbf800000u, 0xbf800000u }, { 0x7f7fffffu, 0x00200000u } },
      NULL, 0, 0.001f, 1000.0f, recip_d },
};

/* the function of this binary: -DTEST_FN=<name>, a constant, so that the bench's calls through
 * the table inline */
enum { FN_exp, FN_log, FN_sqrt, FN_rsqrt, FN_recip };
#define CAT(a, b) a##b
#define INDEX(a, b) CAT(a, b)
static const fn_table *const me = &fns[INDEX(FN_, TEST_FN)];

static uint32_t ref_mpfr(uint32_t x) { return (uint32_t)me->ref(PTO_F32, x); }

/* --all's reference, 40 times faster than MPFR alone: the function in double (glibc's, within an
 * ulp or two of double) rounded to f32 is the correctly rounded f32 unless it lies within 2^-40 of
 * its size (over 2^11 such errors) of a midpoint between two floats; there, and where a finite
 * nonzero double rounds to an infinite, zero or subnormal f32, GNU MPFR decides. A NaN, an infinity
 * or a zero in double is the answer (exp's underflow to 0 rounds to +0 in f32 too).
 * f32_random_patterns checks it against MPFR. */
static uint32_t ref_screened(uint32_t x)
{
    const double d = me->dbl((double)flt(x));
    const float r = (float)d;
    double other;
    if (d != d || d == 0.0 || isinf(d)) return bits(r);
    if (!(fabsf(r) >= 0x1p-126f && fabsf(r) <= 0x1.fffffep127f)) return ref_mpfr(x);
    other = d > (double)r ? (double)nextafterf(r, INFINITY) : (double)nextafterf(r, -INFINITY);
    if (fabs(d - ((double)r + other) * 0.5) <= ldexp(fabs(d), -40)) return ref_mpfr(x);
    return bits(r);
}

/* one f32 input: the scalar function against the reference (NaN: any NaN), and the vectorising
 * form PTO__REDO or the scalar function's very bits; 1 if right, else *got is the wrong result */
static int check_f32(uint32_t x, uint32_t (*ref)(uint32_t), uint32_t *got, uint32_t *want)
{
    *want = ref(x);
    *got = bits(me->f32(flt(x)));
    if (!ref_same(PTO_F32, *want, *got)) return 0;
    if (me->fast) {
        const float f = me->fast(flt(x));
        if (!pto_cpu__redo(f) && bits(f) != *got) { /* the same bits as the full function, or the redo */
            *got = bits(f);
            return 0;
        }
    }
    return 1;
}

static void f32_fails(uint32_t x, uint32_t got, uint32_t want)
{
    fail_msg("%s(%a) [0x%08x]: got %a [0x%08x], want %a [0x%08x]", me->name, flt(x), (unsigned)x, flt(got),
             (unsigned)got, flt(want), (unsigned)want);
}

static void f32_check(uint32_t x)
{
    uint32_t got, want;
    if (!check_f32(x, ref_mpfr, &got, &want)) f32_fails(x, got, want);
}

/* every input of a 16-bit format: fn the kernels' function for it, fast its vectorising form,
 * widen and narrow its conversions */
static void every_input(pto_dtype dt, float (*fn)(float), float (*fast)(float), float (*widen)(uint16_t),
                        uint16_t (*narrow)(float))
{
    uint32_t h;
    for (h = 0; h < 65536; h++) {
        const uint16_t got = narrow(fn(widen((uint16_t)h))), want = (uint16_t)me->ref(dt, h);
        if (!ref_same(dt, want, got))
            fail_msg("%s %s(0x%04x): got 0x%04x, want 0x%04x", ref_fmt(dt)->name, me->name, (unsigned)h, got, want);
        if (fast) {
            const float f = fast(widen((uint16_t)h));
            if (pto_cpu__redo(f)) /* every special value too: a redo's branch per element is what a tile of them would cost */
                fail_msg("%s %s fast(0x%04x): asks for the full function, which no 16-bit input needs", ref_fmt(dt)->name,
                         me->name, (unsigned)h);
            else if (narrow(f) != got)
                fail_msg("%s %s fast(0x%04x): got 0x%04x, want 0x%04x", ref_fmt(dt)->name, me->name, (unsigned)h, narrow(f), want);
        }
    }
}

static void every_f16(void **state)
{
    (void)state;
    every_input(PTO_F16, me->f16, me->fast_f16, pto_cpu__f16_to_f32, pto_cpu__f32_to_f16);
}

static void every_bf16(void **state)
{
    (void)state;
    every_input(PTO_BF16, me->bf16, me->fast_bf16, pto_cpu__bf16_to_f32, pto_cpu__f32_to_bf16);
}

static void f32_range_at_a_prime_stride(void **state)
{
    uint32_t r, x;
    (void)state;
    for (r = 0; r < 2; r++)
        for (x = me->range[r][0]; x < me->range[r][1]; x += F32_STRIDE) f32_check(x);
}

static void f32_random_patterns(void **state)
{
    uint64_t s = 0x9e3779b97f4a7c15u; /* xorshift64, seeded: the same inputs every run */
    uint32_t k, got, want;
    (void)state;
    for (k = 0; k < F32_RANDOM; k++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        if (!check_f32((uint32_t)s, ref_mpfr, &got, &want)) f32_fails((uint32_t)s, got, want);
        if (!ref_same(PTO_F32, ref_screened((uint32_t)s), want))
            fail_msg("%s: --all's screened reference disagrees with MPFR at 0x%08x", me->name, (unsigned)s);
    }
}

static void f32_thresholds(void **state)
{
    uint32_t a;
    int d;
    (void)state;
    for (a = 0; a < sizeof me->at / sizeof me->at[0]; a++)
        for (d = -AROUND; d <= AROUND; d++) f32_check(bits(me->at[a]) + (uint32_t)d);
}

/* the contract's special values (docs/contract.md §4), independently of the reference */
static void f32_special_values(void **state)
{
    uint32_t k;
    (void)state;
    for (k = 0; k < sizeof me->special / sizeof me->special[0]; k++) {
        const uint32_t x = me->special[k][0], want = me->special[k][1], got = bits(me->f32(flt(x)));
        if (x == 0 && want == 0 && k > 0) continue; /* an unused row */
        if (!ref_same(PTO_F32, want, got)) f32_fails(x, got, want);
        if (!ref_same(PTO_F32, me->ref(PTO_F32, x), want)) fail_msg("%s: the reference disagrees at 0x%08x", me->name, (unsigned)x);
    }
}

/* where the fast evaluation cannot settle the rounding: the slow path decides, and must also be
 * right when asked directly; it decides right on 100,000 more inputs too */
static void f32_hard_cases_and_the_slow_path(void **state)
{
    uint32_t k, got, want;
    (void)state;
    for (k = 0; k < me->n_hard; k++) {
        const float f = me->fast(flt(me->hard[k]));
        assert_true(pto_cpu__redo(f)); /* the slow path runs */
        if (!check_f32(me->hard[k], ref_mpfr, &got, &want)) f32_fails(me->hard[k], got, want);
        if (!me->slow(me->hard[k], want)) fail_msg("%s: the slow path alone is wrong at 0x%08x", me->name, (unsigned)me->hard[k]);
    }
    for (k = 0; k < 100000; k++) { /* spread evenly over the ranges */
        const uint32_t *r = me->range[k % 2 && me->range[1][1] ? 1 : 0];
        const uint32_t x = r[0] + (uint32_t)((uint64_t)(r[1] - r[0]) * k / 100000);
        want = (uint32_t)me->ref(PTO_F32, x);
        if (!ref_is_nan(PTO_F32, want) && !me->slow(x, want)) fail_msg("%s: the slow path alone is wrong at 0x%08x", me->name, (unsigned)x);
    }
}

static int all_f32(unsigned k, unsigned n)
{
    uint64_t i;
    unsigned long bad = 0, done = 0;
    if (k < 1 || k > n) {
        fprintf(stderr, "usage: test_%s --all K N (1 <= K <= N)\n", me->name);
        return 2;
    }
    for (i = k - 1; i < 0x100000000ull; i += n) {
        uint32_t got, want;
        if (!check_f32((uint32_t)i, ref_screened, &got, &want)) {
            printf("FAIL %s f32 0x%08x got 0x%08x want 0x%08x\n", me->name, (unsigned)i, (unsigned)got, (unsigned)want);
            bad++;
        }
        done++;
    }
    printf("%s f32 shard %u/%u: %lu inputs, %lu failed\n", me->name, k, n, done, bad);
    return bad != 0;
}

/* ---- --bench: the kernels' two passes (the vectorising form over blocks of 64, then the full
 * function on its NaNs) against a plain loop calling the full function ---- */

#define BENCH_N (64 * 128)
static float bench_in[BENCH_N], bench_out[BENCH_N];

/* the buffers' addresses escape, so the timed loops are redone every time (else the compiler may
 * compute them once: nothing else reads them) */
float *bench_buffers[2] = { bench_in, bench_out };

/* processor time: the machine is shared */
static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* the kernels' passes over blocks of 64: the vectorising form, then the full function on its NaNs
 * (me is a constant: the calls inline) */
#define TWO_PASSES(fast, full)                                                                         \
    do {                                                                                               \
        int b, j;                                                                                      \
        for (b = 0; b < BENCH_N; b += 64) {                                                            \
            for (j = 0; j < 64; j++) bench_out[b + j] = fast(bench_in[b + j]);                         \
            for (j = 0; j < 64; j++)                                                                   \
                if (pto_cpu__redo(bench_out[b + j])) bench_out[b + j] = full(bench_in[b + j]);        \
        }                                                                                              \
    } while (0)
#define PLAIN_LOOP(full)                                                                               \
    do {                                                                                               \
        int j;                                                                                         \
        for (j = 0; j < BENCH_N; j++) bench_out[j] = full(bench_in[j]);                                \
    } while (0)

/* the loops as the cpu kernels' best variant compiles them on x86-64 (AVX2, docs/cpu-isa.md), where
 * the processor has it; else as the baseline */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BENCH_AVX2 __attribute__((target("avx2")))
static BENCH_AVX2 void kern_f32_avx2(void) { TWO_PASSES(me->fast, me->f32); }
static BENCH_AVX2 void kern_f16_avx2(void) { TWO_PASSES(me->fast_f16, me->f16); }
static BENCH_AVX2 void plain_f32_avx2(void) { PLAIN_LOOP(me->f32); }
static BENCH_AVX2 void plain_f16_avx2(void) { PLAIN_LOOP(me->f16); }
static int avx2(void) { return __builtin_cpu_supports("avx2"); }
#else
#define kern_f32_avx2 kern_f32
#define kern_f16_avx2 kern_f16
#define plain_f32_avx2 plain_f32
#define plain_f16_avx2 plain_f16
static int avx2(void) { return 0; }
#endif
static void kern_f32(void) { TWO_PASSES(me->fast, me->f32); }
static void kern_f16(void) { TWO_PASSES(me->fast_f16, me->f16); }
static void plain_f32(void) { PLAIN_LOOP(me->f32); }
static void plain_f16(void) { PLAIN_LOOP(me->f16); }

static double ns_per_element(void (*run)(void))
{
    int reps = 0;
    const double t0 = now();
    double t;
    do {
        run();
        reps++;
    } while ((t = now() - t0) < 0.3);
    return t / reps / BENCH_N * 1e9;
}

/* inputs uniform in [lo, hi), as f32 or rounded to f16 values (held in floats, as the kernels do) */
static void bench_inputs(int f16)
{
    uint64_t s = 0x2545f4914f6cdd1du;
    int j;
    for (j = 0; j < BENCH_N; j++) {
        float v;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        v = me->bench_lo + (me->bench_hi - me->bench_lo) * (float)(s >> 40) * 0x1p-24f;
        bench_in[j] = f16 ? pto_cpu__f16_to_f32(pto_cpu__f32_to_f16(v)) : v;
    }
}

static int bench(void)
{
    const int v = avx2();
    int f16;
    for (f16 = 0; f16 < 2; f16++) {
        double kern, plain;
        bench_inputs(f16);
        plain = ns_per_element(f16 ? (v ? plain_f16_avx2 : plain_f16) : (v ? plain_f32_avx2 : plain_f32));
        if (me->fast) {
            kern = ns_per_element(f16 ? (v ? kern_f16_avx2 : kern_f16) : (v ? kern_f32_avx2 : kern_f32));
            printf("%s %s 64x128 (%s): two passes %.2f ns/element, plain loop %.2f ns/element (%.1fx)\n", me->name,
                   f16 ? "f16" : "f32", v ? "avx2" : "baseline", kern, plain, plain / kern);
        } else {
            printf("%s %s 64x128 (%s): %.2f ns/element, one pass\n", me->name, f16 ? "f16" : "f32",
                   v ? "avx2" : "baseline", plain);
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_f16),
        cmocka_unit_test(every_bf16),
        cmocka_unit_test(f32_range_at_a_prime_stride),
        cmocka_unit_test(f32_random_patterns),
        cmocka_unit_test(f32_thresholds),
        cmocka_unit_test(f32_special_values),
        cmocka_unit_test(f32_hard_cases_and_the_slow_path),
    };
    if (argc == 4 && strcmp(argv[1], "--all") == 0) return all_f32((unsigned)atoi(argv[2]), (unsigned)atoi(argv[3]));
    if (argc == 2 && strcmp(argv[1], "--bench") == 0) return bench();
    /* the slow path's test last: recip has none, and runs without it */
    return _cmocka_run_group_tests(me->name, tests, sizeof tests / sizeof tests[0] - (me->slow ? 0 : 1), NULL, NULL);
}
