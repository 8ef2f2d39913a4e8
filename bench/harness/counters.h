/* The NPU counter section of `ninja bench`: generated case tables (out/bench/<profile>/counters.c)
 * and the driver that runs them (counters.c). A case places its tiles in the simulated unified
 * buffer, calls the checked entry point once and reads what the simulator counted; the table
 * carries the analytic lower bound beside it. */
#ifndef PTOGEN_COUNTERS_H
#define PTOGEN_COUNTERS_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_types.h"
#include "bench.h"

typedef struct {
    b_operand op;
    uint32_t offset;     /* of its data in the arena, which starts `guard` bytes into UB */
} c_operand;

typedef struct {
    const char *instr, *variant, *dtype, *shape;
    unsigned n_ops;
    c_operand op[B_MAX_OPS];
    b_entry entry;
    const char *metric;          /* "repeats" (A2A3) or "instructions" (A5): what the bound bounds */
    uint32_t bound, bound_instructions;
} c_case;

typedef struct {
    uint64_t instructions, repeats, scalar, faults;
} c_counts;

typedef struct {
    const char *profile;
    const c_case *cases;
    size_t n;
    uint32_t guard;
    void *(*ub)(void);
    void (*reset)(void);
    void (*counts)(c_counts *out);
} c_table;

extern const c_table counter_table;

#endif
