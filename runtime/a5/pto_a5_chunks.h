/* Part of the a5 machine model: hand-written C (runtime/a5/), copied into out/a5/ as it is.
 * Predicates for walking runs of n elements a register at a time: every full register takes
 * the whole-register predicate and the last, partial one the tail's; both are made once per
 * kernel (every row of a tile has the same run length), not once per register. */
#ifndef PTO_A5_CHUNKS_H
#define PTO_A5_CHUNKS_H

#include <stdint.h>
#include "pto/pto_a5_sim.h"

/* Makes `all` and, if n is not a whole number of registers of `bits`-bit lanes, `tail`. */
static inline void pto_a5_run_preds(unsigned bits, uint32_t n, pto_a5_preg *all, pto_a5_preg *tail)
{
    uint32_t lanes = PTO_A5_VECTOR_BYTES * 8 / bits, rest = n % lanes;
    pto_a5_plt(bits, all, &lanes);
    if (rest != 0) pto_a5_plt(bits, tail, &rest);
}

/* The predicate of the register starting at element `at` of a run of n. */
static inline const pto_a5_preg *pto_a5_pred_at(unsigned bits, uint32_t n, uint32_t at, const pto_a5_preg *all,
                                                    const pto_a5_preg *tail)
{
    return n - at >= PTO_A5_VECTOR_BYTES * 8 / bits ? all : tail;
}

#endif /* PTO_A5_CHUNKS_H */
