/* The fuzz table a profile's generated out/fuzz/<profile>/ files provide to the harness (tests/fuzz/fuzz.c): every entry point with a few legal calls to mutate. Legal calls
 * are h_case records of the conformance harness, so both read one description of a call. */
#ifndef PTOGEN_FUZZ_H
#define PTOGEN_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_types.h"
#include "harness.h"

enum { FZ_USE_REQUIRED, FZ_USE_OPTIONAL, FZ_USE_IGNORED }; /* how the profile uses an operand */

typedef struct {
    const char *name;
    int n_ops;
    const uint8_t *io;                   /* H_IO_* per operand */
    const uint8_t *use;                  /* FZ_USE_* per operand: an ignored one is never read */
    pto_status (*call)(const void *const *args);
    const h_case *cases;                 /* legal calls, at most FZ_CASE_ARENA bytes of arena */
    size_t n_cases;
} fz_entry;

extern const fz_entry *const fz_entries[]; /* every instruction's table (fuzz_<instr>.c) */
extern const size_t fz_n_entries;
extern const pto_status fz_last_status;  /* the highest status code */
extern const uint32_t fz_elem_bytes[];   /* per pto_dtype */
extern const int32_t fz_n_dtypes;

/* A profile whose kernels run on a simulated machine keeps its tiles in the machine's unified
 * buffer: fz_machine_ub gives it (NULL: plain memory), and every call must leave the simulator
 * without a broken hardware rule. */
void *fz_machine_ub(size_t *tile_bytes);
void fz_machine_reset(void);
uint64_t fz_machine_faults(const char **first);

#endif
