/* Compare two tiles into a bit mask (dst, src0, src1, mode): byte (i, b) of the mask holds in bit k
 * the tuple's math, the comparison the mode names (ref_compare), of src0[i, 8b + k] with
 * src1[i, 8b + k], for the columns inside the valid region, and 0 past it. The inputs shown on a
 * mismatch are the byte's first two elements. */
#include "../harness.h"

H_READER(h_read_compare)
{
    const h_tuple *t = h_view_tuple(v);
    const int src0 = h_first_input(v), src1 = src0 + 1;
    const uint32_t cols = h_view_op(v, src0)->valid_cols;
    uint64_t value[3], bits = 0; /* the two elements, the mode: the math's values */
    uint32_t k;
    (void)out;
    value[2] = (uint64_t)h_param(v);
    for (k = 0; k < 8 && 8 * j + k < cols; k++) {
        value[0] = h_elem(v, src0, i, 8 * j + k);
        value[1] = h_elem(v, src1, i, 8 * j + k);
        bits |= (t->math(t->dtype, value) & 1u) << k;
    }
    in[0] = h_elem(v, src0, i, 8 * j);
    in[1] = h_elem(v, src1, i, 8 * j);
    *n_in = 2;
    return bits;
}
