/* Column argmax/argmin (dst, src, tmp): row 0 of dst holds, per column of src, the row the
 * reduction picks. */
#include "../harness.h"
#include "../ref.h"

H_READER(h_read_col_reduce_index)
{
    const size_t at = h_reduce_line(v, 0, j, in, n_in);
    (void)i;
    return ref_from_int((pto_dtype)h_view_op(v, out)->dtype, (int64_t)at);
}
