/* Runs every counter case of one NPU profile (counters.h) and prints one tab-separated line per
 * case: "npu", profile, instruction, variant, dtype, shape, instructions, repeats, scalar UB
 * accesses, the bound's metric, the bound and the instruction bound. Counts do not depend on
 * the values, so inputs are a fixed pattern; a case the entry point rejects or a broken
 * hardware rule stops the run. */
#include <stdio.h>
#include <string.h>

#include "counters.h"
#include "ref.h"

int main(void)
{
    const c_table *t = &counter_table;
    uint8_t *arena = (uint8_t *)t->ub() + t->guard;
    size_t k;
    for (k = 0; k < t->n; k++) {
        const c_case *c = &t->cases[k];
        pto_tile tile[B_MAX_OPS];
        const void *args[B_MAX_OPS];
        c_counts n;
        pto_status st;
        unsigned i;
        for (i = 0; i < c->n_ops; i++) {
            const c_operand *o = &c->op[i];
            pto_tile x = { arena + o->offset, (pto_dtype)o->op.dtype, (pto_loc)o->op.loc, (pto_blayout)o->op.blayout,
                           (pto_slayout)o->op.slayout, o->op.rows, o->op.cols, o->op.valid_rows, o->op.valid_cols };
            tile[i] = x;
            if (o->op.kind == B_IN) memset(x.data, 0x3c, (size_t)o->op.rows * o->op.cols * ref_fmt(x.dtype)->bytes);
            args[i] = o->op.kind == B_ABSENT ? NULL : o->op.kind == B_PARAM ? (const void *)&o->op.value
                    : o->op.kind == B_SCALAR ? (const void *)(arena + o->offset) : (const void *)&tile[i];
        }
        t->reset();
        st = c->entry(args);
        t->counts(&n);
        if (st != PTO_OK || n.faults) {
            fprintf(stderr, "counters: %s %s %s %s %s: %s, %llu fault(s)\n", t->profile, c->instr, c->variant, c->dtype,
                    c->shape, pto_status_str(st), (unsigned long long)n.faults);
            return 1;
        }
        printf("npu\t%s\t%s\t%s\t%s\t%s\t%llu\t%llu\t%llu\t%s\t%u\t%u\n", t->profile, c->instr, c->variant, c->dtype,
               c->shape, (unsigned long long)n.instructions, (unsigned long long)n.repeats, (unsigned long long)n.scalar,
               c->metric, (unsigned)c->bound, (unsigned)c->bound_instructions);
    }
    return 0;
}
