/* Elementwise with a scalar (kinds elementwise_scalar, elementwise_scalar_tmp): dst[i,j] is the
 * math of the tile's element and the scalar, in the entry's operand order (tdivs_rev: the
 * scalar first). */
#include "../harness.h"

H_READER(h_read_elementwise_scalar)
{
    const h_tuple *t = h_view_tuple(v);
    const int s = t->io[1] == H_IO_SCALAR ? 1 : 2;
    (void)out;
    in[0] = h_elem(v, 3 - s, i, j);
    in[1] = h_scalar(v, s);
    *n_in = 2;
    return t->math(t->dtype, in);
}
