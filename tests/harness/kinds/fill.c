/* Fill (dst, scalar): every element of dst's valid region is the scalar (the math of it). */
#include "../harness.h"

H_READER(h_read_fill)
{
    const h_tuple *t = h_view_tuple(v);
    (void)out;
    (void)i;
    (void)j;
    in[0] = h_scalar(v, 1);
    *n_in = 1;
    return t->math(t->dtype, in);
}
