/* The matrix unit (TMATMUL, TGEMV and their _ACC and _BIAS forms; docs/contract.md section 5): c's
 * element (i, j) is the sum over k = 0, 1, ... a.valid_cols - 1, in that order, from +0, of
 * a(i, k) * b(k, j), each step one ref_mma (the tuple's math: the product rounded to the
 * accumulator dtype, then the addition rounded once); then c_in(i, j) + s or s + bias(0, j),
 * rounded once. Operands are found by name; tiles are read through their layouts' index maps. */
#include <string.h>

#include "../harness.h"
#include "../ref.h"

static int find(const h_tuple *t, const char *name)
{
    int op;
    for (op = 0; op < t->n_ops; op++)
        if (strcmp(t->op_names[op], name) == 0) return op;
    return -1;
}

H_READER(h_read_matmul)
{
    const h_tuple *t = h_view_tuple(v);
    const int a = find(t, "a"), b = find(t, "b"), c_in = find(t, "c_in"), bias = find(t, "bias");
    const pto_dtype c = (pto_dtype)h_view_op(v, out)->dtype;
    const uint32_t k = h_view_op(v, a)->valid_cols;
    uint64_t s = 0, w[3]; /* +0 */
    uint32_t p;
    for (p = 0; p < k; p++) {
        w[0] = s;
        w[1] = h_elem(v, a, i, p);
        w[2] = h_elem(v, b, p, j);
        s = t->math(t->dtype, w);
    }
    in[0] = h_elem(v, a, i, 0);
    in[1] = h_elem(v, b, 0, j);
    *n_in = 2;
    if (c_in >= 0) s = ref_add(c, h_elem(v, c_in, i, j), s);
    if (bias >= 0) s = ref_add(c, s, h_elem(v, bias, 0, j));
    return s;
}
