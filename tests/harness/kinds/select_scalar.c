/* Select by a bit mask (dst, mask, src, tmp, scalar): dst[i,j] = the tuple's math of bit j mod 8
 * of mask byte (i, j / 8), src[i,j] and the scalar: src's element where the bit is 1, the scalar
 * where it is 0. The inputs shown on a mismatch are the mask byte and src's element. */
#include "../harness.h"

H_READER(h_read_select_scalar)
{
    const h_tuple *t = h_view_tuple(v);
    const int mask = h_first_input(v), src = mask + 1;
    uint64_t value[3]; /* the bit, src's element, the scalar: the math's values */
    int op = src + 1;
    (void)out;
    while (t->io[op] != H_IO_SCALAR) op++;
    in[0] = h_elem(v, mask, i, j / 8);
    value[0] = in[0] >> (j % 8) & 1u;
    value[1] = in[1] = h_elem(v, src, i, j);
    value[2] = h_scalar(v, op);
    *n_in = 2;
    return t->math(t->dtype, value);
}
