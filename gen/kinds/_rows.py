"""Shared by the row reductions (row_reduce_index, row_reduce): the conformance plan's output
columns, its tmp, and the cases of extreme rows."""
import model as M
import testplan as T


def column(plan, tup, o, vr, variant, valid_cols=1):
    """Output o: a DN column vector, or an ND tile of varied storage whose column 0 a call writes
    (valid_cols: its valid region's width)."""
    di = plan.dindex[tup.dtype_of(o)["name"]]
    B = plan.E_B(tup.dtype_of(o))[1]
    if tup.layouts[o] == "DN":
        return T.tile(di, T.roundup(vr, B), 1, vr, 1, "DN")
    return T.tile(di, vr + variant % 3, B * (1 + variant % 2), vr, valid_cols)


def add_tmp(plan, tup, ops, vr, variant):
    """tmp as the profile uses it: nonsense it must not look at where ignored (every other
    variant); where required, every other variant a tile of src's shape and dtype (upstream's tests
    size it so) where the tuple's rules accept one, else the smallest they accept."""
    use = plan.inst.use[plan.p].get("tmp")
    if use == "ignored" and variant % 2:
        ops["tmp"] = dict(T.tile(0, 1, 1, 9, 9), loc=1)
    elif use == "required":
        like = ops.get("src") if "src" in ops and tup.dtype_of("src") == tup.dtype_of("tmp") else None
        if variant % 2 and like and plan.tmp_fits(tup, ops, like):
            ops["tmp"] = dict(like)
        else:
            ops["tmp"] = plan.fit_tmp(tup, ops, vr)
            if plan.inst.kind["operands"]["tmp"]["dtype"] == M.ANY and variant % 2:  # bytes of another dtype
                ops["tmp"]["dtype"] = variant % len(plan.model.dtype_list)
    return ops


def extreme_cases(plan, tup, shapes, B, labels):
    """After the other cases (their seeds and order stay): the shapes named in labels filled
    with H_FILL_EXTREMES (tests/harness/values.h), then in place with them."""
    more = []
    for n, (label, vr, vc, extra) in enumerate(shapes):
        if label in labels:
            more.append(plan.shape_case(tup, n, label, vr, vc, extra, "H_FILL_EXTREMES", 3000 + len(more)))
    return more + plan.in_place_cases(tup, B, "H_FILL_EXTREMES", 3000 + len(more))
