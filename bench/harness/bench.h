/* The benchmark's case tables (generated: out/bench/<profile>/) and the driver that runs them
 * (bench.c). A case names its tiles, the kernel of one legal tuple, a plain scalar loop of the
 * same math and the checked entry point; the driver checks that the entry point accepts the
 * tiles and that kernel and plain loop write the same bytes, then times kernel, plain loop and
 * memcpy of the streamed bytes, interleaved, and prints one line per case. */
#ifndef PTOGEN_BENCH_H
#define PTOGEN_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_types.h"

#define B_MAX_OPS 5 /* as H_MAX_OPS (tests/harness/harness.h) */

enum { B_ABSENT, B_SCALAR, B_IN, B_OUT, B_PARAM }; /* what an operand is to the driver */

typedef struct {
    uint8_t kind;
    int32_t dtype, blayout, slayout;
    uint32_t rows, cols, valid_rows, valid_cols;
    int32_t value; /* B_PARAM: the runtime parameter */
} b_operand;

/* kernel, plain loop and entry point behind one signature: the operands in intrinsic order */
typedef void (*b_call)(const void *const *args);
typedef pto_status (*b_entry)(const void *const *args);

typedef struct {
    const char *instr, *kind, *variant, *dtype, *shape;
    unsigned n_ops;
    b_operand op[B_MAX_OPS];
    unsigned stream;   /* the input whose valid region memcpy copies */
    uint32_t elems;    /* elements of the valid region computed (dst's; src's for reductions) */
    b_call kernel, plain;
    b_entry entry;
} b_case;

typedef struct {
    const b_case *cases;
    size_t n;
    const char *note; /* why an instruction has no cases; "" otherwise */
} b_table;

extern const b_table *const b_tables[]; /* NULL-terminated, one per instruction */

#endif
