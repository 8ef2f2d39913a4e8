/* Row folds (dst, src, tmp): column 0 of each dst row holds src's row folded by the tuple's math,
 * the fold's operation (ref_add for sum, ref_mul for prod, ref_max, ref_min), in the order of the
 * semantics contract (docs/contract.md section 2), written out here on its own: element k of a row
 * of n is in lane k mod E of a 256-byte vector (E = 256 / element bytes); each lane folds its
 * elements in increasing k, starting from its first; then the min(n, E) lanes combine by the
 * adjacent-pair tree, (l0 op l1), (l2 op l3), ..., an odd last value moving up a level unchanged,
 * until one is left. The inputs shown on a mismatch are the last operation's two operands. */
#include <stdlib.h>
#include "../harness.h"
#include "../ref.h"

#define VECTOR_BYTES 256

H_READER(h_read_row_reduce)
{
    const h_tuple *t = h_view_tuple(v);
    const uint32_t E = VECTOR_BYTES / ref_fmt(t->dtype)->bytes;
    const int src = h_first_input(v);
    uint32_t n, k, lanes;
    uint64_t *lane, result;
    (void)j;
    (void)out;
    n = h_view_op(v, src)->valid_cols;
    lanes = n < E ? n : E;
    lane = malloc(sizeof *lane * lanes);
    if (!lane) abort();
    in[0] = in[1] = h_elem(v, src, i, 0);
    for (k = 0; k < n; k++) {
        const uint64_t x = h_elem(v, src, i, k);
        if (k < E) {
            lane[k] = x;
            continue;
        }
        in[0] = lane[k % E];
        in[1] = x;
        lane[k % E] = t->math(t->dtype, in);
    }
    result = h_pair_tree(v, lane, lanes, in);
    *n_in = 2;
    free(lane);
    return result;
}
