/* The benchmark's case tables (generated: out/bench/<profile>/) and the driver that runs them
 * (bench.c). A case names its operands (tiles in their locations, global tensors, scalars,
 * runtime parameters), the kernel of one legal tuple, a plain scalar loop of the same math and
 * the checked entry point; the driver checks that the entry point accepts the operands and that
 * kernel and plain loop write the same bytes, then times kernel, plain loop and memcpy of the
 * streamed bytes, interleaved, and prints one line per case. */
#ifndef PTOGEN_BENCH_H
#define PTOGEN_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_types.h"

#define B_MAX_OPS 5 /* as H_MAX_OPS (tests/harness/harness.h) */

/* what an operand is to the driver: a tile read or written, a global tensor (pto_gm) read or
 * written, a scalar, a runtime parameter */
enum { B_ABSENT, B_SCALAR, B_IN, B_OUT, B_PARAM, B_GM_IN, B_GM_OUT };

typedef struct {
    uint8_t kind;
    int32_t dtype, loc, blayout, slayout; /* a tile's location (pto_loc) and layout */
    uint32_t rows, cols, valid_rows, valid_cols;
    int32_t value;                        /* B_PARAM: the runtime parameter */
    int32_t layout;                       /* B_GM_*: the tensor's pto_gm_layout, shape and strides */
    uint32_t shape[5];
    uint64_t stride[5];
    uint32_t below;                       /* a shift count: its values stay below this, the width (0: any) */
} b_operand;

/* kernel, plain loop and entry point behind one signature: the operands in intrinsic order */
typedef void (*b_call)(const void *const *args);
typedef pto_status (*b_entry)(const void *const *args);

typedef struct {
    const char *instr, *kind, *variant, *dtype, *shape;
    unsigned n_ops;
    b_operand op[B_MAX_OPS];
    unsigned stream;     /* the tile whose valid region memcpy copies, row by row ... */
    uint32_t copy_bytes; /* ... with more such rows until it copies this many bytes (half the
                          * kernel's reads and writes, gen/benchplan.py copy_bytes) */
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
