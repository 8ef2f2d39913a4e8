/* Row and column broadcasts (dst, src): dst[i,j] is src's element (i, 0) (row broadcast) or
 * (0, j) (column broadcast), through the math (the operand itself). */
#include "../harness.h"

static uint64_t broadcast(const h_view *v, uint32_t i, uint32_t j, uint64_t *in, int *n_in)
{
    const h_tuple *t = h_view_tuple(v);
    in[0] = h_elem(v, 1, i, j);
    *n_in = 1;
    return t->math(t->dtype, in);
}

H_READER(h_read_row_broadcast)
{
    (void)out;
    (void)j;
    return broadcast(v, i, 0, in, n_in);
}

H_READER(h_read_col_broadcast)
{
    (void)out;
    (void)i;
    return broadcast(v, 0, j, in, n_in);
}
