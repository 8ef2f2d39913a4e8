/* The conformance harness: builds tiles in a guarded arena from case descriptions, calls a
 * checked entry point, and compares every byte of the arena with what the semantics
 * contract allows: expected bits in dst's written elements (from the reference), the
 * untouched sentinel everywhere else (padding, guard bands, other operands). */
#ifndef PTOGEN_TEST_HARNESS_H
#define PTOGEN_TEST_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include "pto/pto_types.h"

#define H_MAX_OPS 5 /* the most operands of an entry point (TSELS); a generated table with more does not compile */
#define H_GUARD 64 /* bytes of sentinel before and after the arena */

/* PARAM: a runtime parameter, an int; GM_IN, GM_OUT: a global tensor (pto_gm) read or written */
enum { H_IO_IN, H_IO_OUT, H_IO_TMP, H_IO_SCALAR, H_IO_PARAM, H_IO_GM_IN, H_IO_GM_OUT };
/* The part of an output's valid region a call writes (a kind's; gen/kinds/<kind>.py WRITES). */
enum { H_W_ALL, H_W_COL0, H_W_ROW0 };
enum { H_F_PRESENT, H_F_NULL_DATA, H_F_DTYPE, H_F_LOC, H_F_BLAYOUT, H_F_SLAYOUT, H_F_ROWS, H_F_COLS,
       H_F_VALID_ROWS, H_F_VALID_COLS, H_F_OFFSET, H_F_VALUE, H_F_LAYOUT,
       H_F_SHAPE0, H_F_SHAPE1, H_F_SHAPE2, H_F_SHAPE3, H_F_SHAPE4,
       H_F_STRIDE0, H_F_STRIDE1, H_F_STRIDE2, H_F_STRIDE3, H_F_STRIDE4 };

typedef struct {
    uint8_t present, null_data;
    int32_t dtype, loc, blayout, slayout;   /* raw enum values: may be out of range on purpose */
    uint32_t rows, cols, valid_rows, valid_cols;
    uint32_t offset;                        /* of the data in the arena; equal offsets: in place */
    int32_t value;                          /* a runtime parameter's value (H_IO_PARAM) */
    int32_t layout;                         /* a global tensor's (H_IO_GM_*): pto_gm_layout, its data at offset */
    uint32_t shape[5];
    uint64_t stride[5];
} h_operand;

typedef struct {
    const char *label;
    uint32_t seed;
    uint8_t fill;        /* H_FILL_* */
    uint32_t arena_bytes;
    h_operand op[H_MAX_OPS];
} h_case;

/* One changed field of one operand; op < 0: no change. */
typedef struct {
    int8_t op;
    uint8_t field;
    int64_t value;
} h_change;

/* A rejected call: case `base` with one or two fields changed, and the status the verifier
 * must return (computed by gen/model.py from the spec rules; two faults pin the check order). */
typedef struct {
    uint16_t base;
    h_change change[2];
    int8_t expect;
    const char *what;
} h_mutation;

/* A profile whose kernels run on a simulated machine: tiles live in its unified buffer, and
 * every call must leave the simulator without a broken hardware rule. */
typedef struct {
    void *(*ub)(size_t *size);         /* base and size of the unified buffer */
    size_t tile_bytes;                 /* tiles lie in its first tile_bytes bytes */
    void (*reset)(void);               /* counters to zero */
    uint64_t (*faults)(const char **first); /* broken rules since reset, and the first one's message */
    uint64_t (*issued)(void);          /* vector instructions since reset */
} h_machine;

typedef struct h_tuple h_tuple;

/* One legal case's inputs as the call saw them, for a kind's reader. */
typedef struct h_view h_view;
const h_tuple *h_view_tuple(const h_view *v);
const h_operand *h_view_op(const h_view *v, int op);
uint64_t h_elem(const h_view *v, int op, uint32_t i, uint32_t j); /* element (i, j) of tile or tensor operand op */
uint64_t h_scalar(const h_view *v, int op);                      /* scalar operand op */
int h_first_input(const h_view *v);                              /* the first input operand (H_IO_IN) */
int32_t h_param(const h_view *v);                                /* the value of the runtime parameter */
/* The adjacent-pair tree of the tuple's math over val[0..n-1] (n >= 1), in place: (v0 op v1),
 * (v2 op v3), ..., an odd last value moving up a level unchanged, until one is left; in[] gets
 * the last operation's operands. */
uint64_t h_pair_tree(const h_view *v, uint64_t *val, size_t n, uint64_t *in);
/* The tuple's reduction (t->reduce) of one line of the first input tile: row i (along_row) or
 * column i of its valid region. Returns the position it picks; in[0] = that position, in[1] =
 * the element there, *n_in = 0 (the reduction's message). */
size_t h_reduce_line(const h_view *v, int along_row, uint32_t i, uint64_t *in, int *n_in);

/* A kind's reading of the semantics contract (tests/harness/kinds/<kind>.c, named by
 * gen/kinds/<kind>.py READER): the expected bits of output operand `out` at (i, j). The inputs
 * that decide it go to in[0..1] with *n_in = 1 or 2 (messages show them), or, for a reduction,
 * *n_in = 0 with in[0] the position it picked and in[1] the value there. */
typedef uint64_t (*h_reader)(const h_view *v, int out, uint32_t i, uint32_t j, uint64_t *in, int *n_in);
#define H_READER(name) uint64_t name(const h_view *v, int out, uint32_t i, uint32_t j, uint64_t *in, int *n_in)

struct h_tuple {
    const char *name;                  /* profile.instruction.tuple */
    h_reader read;
    int writes;                        /* H_W_*: what of each output's valid region the call writes */
    int n_ops;
    const char *const *op_names;
    const uint8_t *io;
    pto_dtype dtype;                   /* element dtype (src's for reductions) */
    int swap, mode, form;              /* swap: narrow operand first; mode 1/2; form 0 idx, 1 val */
    unsigned block;                    /* elements per 32-byte block */
    pto_status (*call)(const void *const *args);
    uint64_t (*math)(pto_dtype dt, const uint64_t *v);          /* elementwise kinds */
    size_t (*reduce)(pto_dtype dt, const uint64_t *row, size_t n); /* reduction kinds */
    const h_machine *machine;          /* NULL: tiles in host memory */
    pto_status (*cross)(const void *const *args); /* another profile's entry point that must give the same bits, or NULL */
    const char *cross_name;
    pto_status (*memo)(const void *const *args); /* the entry point's memo twin (pto_memo), or NULL */
};


/* The kernels' ISA variants a program compares (a cpu program run with PTO_CPU_ISA=all): each
 * legal case runs in variant 0 against the reference, then in each other variant this CPU has
 * from the same bytes, which must give the same bits (NaN for NaN) and write nothing else;
 * rejected calls, which the verifier decides before any variant runs, go once. select(k) makes
 * variant k the one the entry points run and returns 0 when this CPU lacks it. */
typedef struct {
    unsigned n;
    int (*select)(unsigned k);
    const char *(*name)(unsigned k);
} h_variants;
void h_compare_variants(const h_variants *v);

/* Run legal cases (must return PTO_OK and the reference result) and rejected mutations
 * (must return their status and write nothing). Fails the current cmocka test on the
 * first difference, printing tuple, case, seed, element, inputs, expected and actual.
 * The memo twin (t->memo) runs each tuple's first case twice (filling its memo, then taking its
 * shortcut) and must write the plain call's bytes; each rejected call, after a legal call of its
 * base case filled the memo, must return the same status and write nothing. */
void h_run_cases(const h_tuple *t, const h_case *cases, size_t n);
/* PTOGEN_EVERY (ninja test's memcheck runs), or 1: the conformance runs take every h_every()-th
 * case and rejected call; the unit tests' long sweeps step that much further, each sweep still
 * through every kind of value (memcheck checks the code paths, the plain runs the values). */
unsigned h_every(void);
void h_run_mutations(const h_tuple *t, const h_case *cases, const h_mutation *m, size_t n);

#endif
