/* TCVT (dst, src, round, sat): dst[i,j] is src[i,j] converted to dst's dtype. The tuple's math
 * (ref_cvt, which resolves DEFAULT saturation by the pair) takes the source element, the two
 * parameters in entry order and dst's dtype. */
#include "../harness.h"

H_READER(h_read_convert)
{
    const h_tuple *t = h_view_tuple(v);
    uint64_t w[4];
    int op, n = 1;
    w[0] = h_elem(v, h_first_input(v), i, j);
    for (op = 0; op < t->n_ops && n < 3; op++)
        if (t->io[op] == H_IO_PARAM) w[n++] = (uint64_t)(int64_t)h_view_op(v, op)->value; /* round, then sat */
    w[3] = (uint64_t)h_view_op(v, out)->dtype;
    in[0] = w[0];
    in[1] = 0;
    *n_in = 1;
    return t->math(t->dtype, w);
}
