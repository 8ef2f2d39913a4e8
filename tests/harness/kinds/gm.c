/* TLOAD and TSTORE (docs/contract.md section 5, docs/memory.md): element (i, j) of the tile's valid
 * region is element (i, j) of the global tensor, read through the tensor's index map (shared:
 * pto/pto_layout.h) by the harness. Bits are copied, except out of an ACC tile: relu first when
 * asked (x < 0 ? +0 : x, -0 and NaN kept; i32 below 0 to 0), then an f32 rounded to an f16 or bf16
 * tensor by the reference's own encoder (nearest even, overflow to +-inf). */
#include "../harness.h"
#include "../ref.h"

H_READER(h_read_gm)
{
    const h_tuple *t = h_view_tuple(v);
    const int src = 1; /* TLOAD (dst, src), TSTORE (dst, src, relu): the source is operand 1 */
    const h_operand *from = h_view_op(v, src), *to = h_view_op(v, out);
    const pto_dtype s = (pto_dtype)from->dtype, d = (pto_dtype)to->dtype;
    uint64_t x = h_elem(v, src, i, j);
    in[0] = x;
    *n_in = 1;
    if (t->io[out] != H_IO_GM_OUT || from->loc != PTO_ACC) return x; /* TLOAD, or TSTORE out of VEC or MAT */
    if (h_param(v) == PTO_RELU_NORMAL) {
        if (ref_fmt(s)->is_float ? !ref_is_nan(s, x) && ref_to_double(s, x) < 0 : ref_to_int(s, x) < 0) x = 0;
    }
    return d == s ? x : ref_from_double(d, ref_to_double(s, x));
}
