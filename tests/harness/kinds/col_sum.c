/* Column sums (dst, src, tmp, binary): row 0 of dst holds each column of src summed by the
 * tuple's math (ref_add) in the order binary asks for: 0 row after row, ((r0 + r1) + r2) ...;
 * any other value the adjacent-pair tree over the rows, (r0 + r1), (r2 + r3), ..., an odd last
 * row moving up a level unchanged, until one value is left. The inputs shown on a mismatch are
 * the last addition's two operands. */
#include <stdlib.h>
#include "../harness.h"

H_READER(h_read_col_reduce);

H_READER(h_read_col_sum)
{
    const int src = h_first_input(v);
    uint32_t n, k;
    uint64_t *val, result;
    if (h_param(v) == 0) return h_read_col_reduce(v, out, i, j, in, n_in);
    n = h_view_op(v, src)->valid_rows;
    val = malloc(sizeof *val * n);
    if (!val) abort();
    for (k = 0; k < n; k++) val[k] = h_elem(v, src, k, j);
    in[0] = in[1] = val[0];
    result = h_pair_tree(v, val, n, in);
    *n_in = 2;
    free(val);
    return result;
}
