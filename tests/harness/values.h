/* Test values: named classes per dtype (TestFloat style) crossed with seeded random bits. */
#ifndef PTOGEN_TEST_VALUES_H
#define PTOGEN_TEST_VALUES_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_types.h"

enum { H_FILL_RANDOM, H_FILL_CLASSES, H_FILL_TIES, H_FILL_EXTREMES, H_FILL_ORDER, H_FILL_CVT, H_FILL_DOT };

/* splitmix64: each draw adds H_RAND_STEP to the state, so n draws can be skipped by adding n of it */
#define H_RAND_STEP 0x9e3779b97f4a7c15ull
uint64_t h_rand(uint64_t *state);
/* The named value classes of a dtype: zeros, ones, extremes, subnormals, infinities, NaNs,
 * integer extremes and divisors 0 and -1. Returns the count; *out points to static storage. */
size_t h_classes(pto_dtype dt, const uint64_t **out);
/* Value number k, at (row, col), of an operand filled with `fill`. With H_FILL_CLASSES it is
 * class (k + offset) mod count: the test shapes are chosen so that operands paired by the
 * instruction walk the class list at different speeds, crossing every pair. H_FILL_TIES
 * gives few distinct values (rows repeat their maximum). H_FILL_EXTREMES themes each row by
 * its number (mod 8), for the reductions: values ascending and descending by column, NaN-free
 * (the maximum or the minimum in the last chunk of a wide row); every element the dtype's
 * largest value (+inf, the integer maximum) or its smallest (-inf, the minimum), rows where
 * nothing beats a scan's first element; +-0 (integers: one value) with a few outliers above,
 * below or both, so the maximum or the minimum is a tie of -0 and +0, with a NaN now and then
 * and, in the last of them, at column 0; infinities of both signs and a NaN now and then. */
/* H_FILL_ORDER gives floats whose sums and products depend on the order of the operations, so
 * only the contract's order gives the reference's bits: even rows mix magnitudes (random
 * significands near 1, one value in eight 2^L times larger and one in eight 2^L times smaller, L
 * half the significand bits), so partial sums swallow small terms differently in every order; odd
 * rows are within 2^-5 of 1, so products round differently and stay finite over long rows. Signs
 * are random. Integers get random bits (their sums and products wrap alike in every order). */
uint64_t h_value(pto_dtype dt, int fill, uint64_t *rng, size_t k, size_t offset, uint32_t row, uint32_t col);
/* H_FILL_CVT gives a conversion's source values aimed at its destination, the dtype set here (the
 * harness sets dst's before it fills): for a float destination, values whose bits below its
 * precision are 0, a half unit, a half unit and a bit either side, one bit or all ones, at every
 * exponent of its range, its subnormals and just past its largest; for an integer destination,
 * the integers near 0, its range's ends, 2^15, 2^16, 2^31, 2^32 and 2^63 plus a fraction of 0,
 * 1/4, 1/2 or 3/4 (floats) or plus -2 .. 2 (integers); every source's value classes and random
 * bits too. Round-to-integral (f32 -> f32) gets the integers' values. */
void h_cvt_target(pto_dtype dst);
/* H_FILL_DOT gives a matrix product's operands whose sums depend on their order: element (i, j)
 * is +-2^14 where (i + j) mod 4 is 0 or 2 (opposite signs, so along a row of a and down a column of
 * b big products of 2^28 alternate and cancel), elsewhere +-(1 + f) 2^e, e in -7 .. 8, f 24
 * random bits; an eighth of the signs flipped at random. A sum in another order (pairwise,
 * reversed, fused) rounds the small products differently. Integers get random bits. */

#endif
