/* Select between two tiles by a bit mask (dst, mask, src0, src1, tmp): dst[i,j] = the tuple's math
 * of bit j mod 8 of mask byte (i, j / 8), src0[i,j] and src1[i,j]: src0's element where the bit is
 * 1, src1's where it is 0. The inputs shown on a mismatch are the mask byte and the element chosen. */
#include "../harness.h"

H_READER(h_read_select)
{
    const h_tuple *t = h_view_tuple(v);
    const int mask = h_first_input(v);
    uint64_t value[3]; /* the bit and the two elements: the math's values */
    uint64_t r;
    (void)out;
    in[0] = h_elem(v, mask, i, j / 8);
    value[0] = in[0] >> (j % 8) & 1u;
    value[1] = h_elem(v, mask + 1, i, j);
    value[2] = h_elem(v, mask + 2, i, j);
    r = t->math(t->dtype, value);
    in[1] = r;
    *n_in = 2;
    return r;
}
