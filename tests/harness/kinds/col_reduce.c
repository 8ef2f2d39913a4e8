/* Column folds (dst, src): row 0 of dst holds each column of src folded in row order,
 * ((r0 op r1) op r2) ..., by the tuple's math (the fold's operation, ref_<op>(dt, a, b)). The
 * inputs shown on a mismatch are the last operation's two operands. */
#include "../harness.h"

H_READER(h_read_col_reduce)
{
    const h_tuple *t = h_view_tuple(v);
    const int src = h_first_input(v);
    uint32_t n, k;
    uint64_t acc;
    (void)i;
    (void)out;
    n = h_view_op(v, src)->valid_rows;
    acc = in[0] = in[1] = h_elem(v, src, 0, j);
    for (k = 1; k < n; k++) {
        in[0] = acc;
        in[1] = h_elem(v, src, k, j);
        acc = t->math(t->dtype, in);
    }
    *n_in = 2;
    return acc;
}
