"""Shared by the column reductions (col_reduce_index, col_reduce): their test shapes (tall and
wide: a column's result anywhere in up to 2000 rows, chunks of columns) and their output row."""
import testplan as T


def test_shapes(E, B, cls):
    return [
        ("1x1", 1, 1, 0), ("valid<E", 3, E - 1, 0), ("valid=E", 2, E, 0), ("valid=E+1", 2, E + 1, 0),
        ("repeats+tail", 4, 3 * E + 5, 0), ("rows>255", 300, B + 3, 0), ("stride>255blocks", 3, 2 * B + 1, 255 * B),
        ("valid<tile", 13, 3 * B - 1, 2 * B), ("tall 2000x5", 2000, 5, 0), ("upstream 1x255", 1, 255, 0),
        ("upstream 16x127", 16, 127, 0), ("upstream 15x255", 15, 255, 0), ("upstream 4x34", 4, 34, 0),
        ("upstream 16x16", 16, 16, 0), ("classes", cls, cls + 1, 0),
    ]


def src_and_row(plan, tup, vr, vc, extra, variant):
    """src vr x vc with padding; dst one row (or two: only row 0 is written) of vc columns."""
    di = lambda op: plan.dindex[tup.dtype_of(op)["name"]]
    B, Bd = plan.E_B(tup.dtype_of("src"))[1], plan.E_B(tup.dtype_of("dst"))[1]
    return {"src": T.tile(di("src"), vr + variant % 2, T.roundup(vc, B) + extra, vr, vc),
            "dst": T.tile(di("dst"), 1 + variant % 2, T.roundup(vc, Bd) + (Bd if variant % 3 == 1 else 0),
                          1 + variant % 2, vc)}
