/* Layout and rearrangement (TTRANS; docs/moves.md): an output element is one input element, found
 * by its own index arithmetic here (the tiles' layouts through pto/pto_layout.h's maps, as
 * h_elem reads every tile), through the tuple's math (the operand itself). */
#include "../harness.h"
#include "../ref.h"

/* TTRANS (dst, src, tmp): dst(i, j) = src(j, i) */
H_READER(h_read_transpose)
{
    const h_tuple *t = h_view_tuple(v);
    (void)out;
    in[0] = h_elem(v, 1, j, i);
    *n_in = 1;
    return t->math(t->dtype, in);
}

/* TMOV (dst, src, relu): dst(i, j) = src(i, j); relu NORMAL first makes a value below 0 +0 (the
 * IEEE comparison: -0 and NaN are kept), then a narrower dst dtype takes the value rounded to
 * nearest even, overflow to +-inf (saturation off). */
H_READER(h_read_move)
{
    const pto_dtype s = (pto_dtype)h_view_op(v, 1)->dtype, d = (pto_dtype)h_view_op(v, out)->dtype;
    uint64_t x = h_elem(v, 1, i, j);
    in[0] = x;
    *n_in = 1;
    if (h_param(v) == PTO_RELU_NORMAL && ref_compare(s, x, 0, PTO_CMP_LT)) x = 0;
    return d == s ? x : ref_cvt(d, s, x, PTO_ROUND_RINT, PTO_SAT_OFF);
}
