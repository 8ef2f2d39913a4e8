/* Column argmax/argmin (dst, src, tmp): row 0 of dst holds, per column of src (the first input
 * operand), the row the reduction picks. */
#include <stdlib.h>
#include "../harness.h"
#include "../ref.h"

H_READER(h_read_col_reduce_index)
{
    const h_tuple *t = h_view_tuple(v);
    int src = 0;
    uint32_t n, k;
    uint64_t *col;
    size_t at;
    (void)i;
    while (t->io[src] != H_IO_IN) src++;
    n = h_view_op(v, src)->valid_rows;
    col = malloc(sizeof *col * n);
    if (!col) abort();
    for (k = 0; k < n; k++) col[k] = h_elem(v, src, k, j);
    at = t->reduce(t->dtype, col, n);
    in[0] = at;
    in[1] = col[at];
    *n_in = 0;
    free(col);
    return ref_from_int((pto_dtype)h_view_op(v, out)->dtype, (int64_t)at);
}
