/* Two tiles and a scalar (dst, src0, scalar, src1): the math of src0's element, the scalar and
 * src1's element; messages show the two tile elements. */
#include "../harness.h"

H_READER(h_read_ternary_scalar)
{
    const h_tuple *t = h_view_tuple(v);
    uint64_t w[3];
    (void)out;
    w[0] = in[0] = h_elem(v, 1, i, j);
    w[1] = h_scalar(v, 2);
    w[2] = in[1] = h_elem(v, 3, i, j);
    *n_in = 2;
    return t->math(t->dtype, w);
}
