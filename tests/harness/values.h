/* Test values: named classes per dtype (TestFloat style) crossed with seeded random bits. */
#ifndef PTOGEN_TEST_VALUES_H
#define PTOGEN_TEST_VALUES_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_types.h"

enum { H_FILL_RANDOM, H_FILL_CLASSES, H_FILL_TIES };

uint64_t h_rand(uint64_t *state); /* splitmix64 */
/* The named value classes of a dtype: zeros, ones, extremes, subnormals, infinities, NaNs,
 * integer extremes and divisors 0 and -1. Returns the count; *out points to static storage. */
size_t h_classes(pto_dtype dt, const uint64_t **out);
/* Value number k of an operand filled with `fill`. With H_FILL_CLASSES it is class
 * (k + offset) mod count: the test shapes are chosen so that operands paired by the
 * instruction walk the class list at different speeds, crossing every pair. */
uint64_t h_value(pto_dtype dt, int fill, uint64_t *rng, size_t k, size_t offset);

#endif
