/* Row argmax/argmin (dst, src, tmp) or with the value (dst_val, dst_idx, src, tmp): column 0 of
 * each output row holds the row's reduction of src (the first input operand): its position, or
 * the value there for dst_val (form 1, output 0). */
#include <stdlib.h>
#include "../harness.h"
#include "../ref.h"

H_READER(h_read_row_reduce_index)
{
    const h_tuple *t = h_view_tuple(v);
    int src = 0;
    uint32_t n, k;
    uint64_t *row;
    size_t at;
    (void)j;
    while (t->io[src] != H_IO_IN) src++;
    n = h_view_op(v, src)->valid_cols;
    row = malloc(sizeof *row * n);
    if (!row) abort();
    for (k = 0; k < n; k++) row[k] = h_elem(v, src, i, k);
    at = t->reduce(t->dtype, row, n);
    in[0] = at;
    in[1] = row[at];
    *n_in = 0;
    free(row);
    if (t->form == 1 && out == 0) return in[1];
    return ref_from_int((pto_dtype)h_view_op(v, out)->dtype, (int64_t)at);
}
