/* Row and column broadcasts (dst, src0, src1): the full operand's element and the narrow one's
 * broadcast value, in the tuple's operand order (swap: the narrow operand first). Row-expand
 * mode 1 reads a column (element (i, 0)), mode 2 the block-periodic (i, j mod block);
 * column-expand reads row 0. */
#include "../harness.h"

static uint64_t expand(const h_view *v, uint32_t i, uint32_t j, uint64_t s, uint64_t *in, int *n_in)
{
    const h_tuple *t = h_view_tuple(v);
    const uint64_t f = h_elem(v, t->swap ? 2 : 1, i, j);
    in[0] = t->swap ? s : f;
    in[1] = t->swap ? f : s;
    *n_in = 2;
    return t->math(t->dtype, in);
}

H_READER(h_read_row_expand)
{
    const h_tuple *t = h_view_tuple(v);
    const int narrow = t->swap ? 1 : 2;
    (void)out;
    return expand(v, i, j, h_elem(v, narrow, i, t->mode == 1 ? 0 : j % t->block), in, n_in);
}

H_READER(h_read_col_expand)
{
    (void)out;
    return expand(v, i, j, h_elem(v, h_view_tuple(v)->swap ? 1 : 2, 0, j), in, n_in);
}
