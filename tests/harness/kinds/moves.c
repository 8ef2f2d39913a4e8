/* Layout and rearrangement (TTRANS, TMOV, TEXTRACT, TINSERT; docs/moves.md): an output element is one input element, found
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

/* A value of src's dtype s as dst's d: a narrower float rounded to nearest even, overflow to +-inf */
static uint64_t as_dst(pto_dtype d, pto_dtype s, uint64_t x)
{
    return d == s ? x : ref_cvt(d, s, x, PTO_ROUND_RINT, PTO_SAT_OFF);
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
    return as_dst(d, s, x);
}

/* TEXTRACT (dst, src, row, col): dst(i, j) = src(row + i, col + j), converted like TMOV */
H_READER(h_read_extract)
{
    const uint32_t row = (uint32_t)h_view_op(v, 2)->value, col = (uint32_t)h_view_op(v, 3)->value;
    in[0] = h_elem(v, 1, row + i, col + j);
    *n_in = 1;
    return as_dst((pto_dtype)h_view_op(v, out)->dtype, (pto_dtype)h_view_op(v, 1)->dtype, in[0]);
}

/* TINSERT (dst, src, row, col): dst(row + i, col + j) = src(i, j) over src's valid region,
 * converted like TMOV; every other element of dst keeps its bits */
H_READER(h_read_insert)
{
    const h_operand *s = h_view_op(v, 1);
    const uint32_t row = (uint32_t)h_view_op(v, 2)->value, col = (uint32_t)h_view_op(v, 3)->value;
    *n_in = 1;
    if (i < row || j < col || i - row >= s->valid_rows || j - col >= s->valid_cols) {
        in[0] = h_elem(v, out, i, j);
        return in[0];
    }
    in[0] = h_elem(v, 1, i - row, j - col);
    return as_dst((pto_dtype)h_view_op(v, out)->dtype, (pto_dtype)s->dtype, in[0]);
}
