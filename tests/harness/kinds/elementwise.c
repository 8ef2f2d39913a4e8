/* The elementwise tile-tile kinds (elementwise_unary, _binary, _binary_tmp, _ternary): dst[i,j]
 * is the math of every input tile's element (i, j), in the entry's operand order; messages show
 * the first two. */
#include "../harness.h"

H_READER(h_read_elementwise)
{
    const h_tuple *t = h_view_tuple(v);
    uint64_t w[H_MAX_OPS];
    int op, n = 0;
    (void)out;
    for (op = 0; op < t->n_ops; op++)
        if (t->io[op] == H_IO_IN) w[n++] = h_elem(v, op, i, j);
    in[0] = w[0];
    in[1] = n > 1 ? w[1] : 0;
    *n_in = n > 1 ? 2 : 1;
    return t->math(t->dtype, w);
}
