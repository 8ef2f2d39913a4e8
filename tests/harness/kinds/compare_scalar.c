/* Compare with a scalar into a bit mask (dst, src, scalar, mode): byte (i, b) of the mask holds in
 * bit k the tuple's math, the comparison the mode names (ref_compare), of src[i, 8b + k] with the
 * scalar, for the columns inside src's valid region, and 0 past it. The inputs shown on a
 * mismatch are the byte's first element and the scalar. */
#include "../harness.h"

H_READER(h_read_compare_scalar)
{
    const h_tuple *t = h_view_tuple(v);
    const int src = h_first_input(v);
    const uint32_t cols = h_view_op(v, src)->valid_cols;
    uint64_t value[3], bits = 0; /* src's element, the scalar, the mode: the math's values */
    uint32_t k;
    (void)out;
    value[1] = h_scalar(v, src + 1);
    value[2] = (uint64_t)h_param(v);
    for (k = 0; k < 8 && 8 * j + k < cols; k++) {
        value[0] = h_elem(v, src, i, 8 * j + k);
        bits |= (t->math(t->dtype, value) & 1u) << k;
    }
    in[0] = h_elem(v, src, i, 8 * j);
    in[1] = value[1];
    *n_in = 2;
    return bits;
}
