/* Row argmax/argmin (dst, src, tmp) or with the value (dst_val, dst_idx, src, tmp): column 0 of
 * each output row holds the row's reduction of src: its position, or the value there for dst_val
 * (form 1, output 0). */
#include "../harness.h"
#include "../ref.h"

H_READER(h_read_row_reduce_index)
{
    const h_tuple *t = h_view_tuple(v);
    const size_t at = h_reduce_line(v, 1, i, in, n_in);
    (void)j;
    if (t->form == 1 && out == 0) return in[1];
    return ref_from_int((pto_dtype)h_view_op(v, out)->dtype, (int64_t)at);
}
