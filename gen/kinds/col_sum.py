"""Kind col_sum: TCOLSUM, each column of src summed into row 0 of dst in the order its runtime
parameter `binary` picks (an axis, so each order has its own kernel): row after row, as the
column folds of kind col_reduce (whose kernels the sequential tuples use), or the contract's
adjacent-pair tree over the rows. The tree kernels keep partial sums as a binary counter does:
the sum of each finished block of 2^k rows, at most one per k, combined from the smallest block
up at the end, which is the contract's level-by-level tree with every odd last value moved up
(a block's sum is a complete subtree of it, and the leftover blocks are the odd values of the
levels above). The cpu keeps the counter for 64 columns on its stack, A5 in registers per chunk
of columns; A2A3 computes the levels over every column at once, a level's sums in tmp."""
from kinds import _cols as C
from kinds import _rows as R
from kinds import col_reduce as CR
import lowerbound as LB
import testplan as T

MAIN_OPERAND = "src"
READER = "h_read_col_sum"  # tests/harness/kinds/
WRITES = "H_W_ROW0"
MEMCPY_TARGET = CR.MEMCPY_TARGET
IN_PLACE_FILL = "H_FILL_ORDER"
LEVELS = 32  # the counter's blocks: rows < 2^32
reference = CR.reference
cpu_variants = CR.cpu_variants
test_shapes = C.test_shapes


def is_tree(tup):
    return tup.axes["sum"] == "tree"


def element_ctx(inst, p, tup, prefix, convert_all):
    return dict(CR.element_ctx(inst, p, tup, prefix, convert_all), tree=is_tree(tup), levels=LEVELS,
                ignores=[] if is_tree(tup) else ["tmp"])  # the sequential kernels are col_reduce's


npu_ctx = CR.npu_ctx  # the fold's vector instruction and lane width


def plain_ctx(inst, p, tup):
    return {}


def notes(inst):
    return ["binary == 0: the rows are added in order, ((row 0 + row 1) + row 2) ...; any other value: the "
            "adjacent-pair tree over the rows, (row 0 + row 1), (row 2 + row 3), ..., an odd last row moving up a "
            "level unchanged, until one value is left. Each addition rounds once in T (integers wrap)."]


def extra_fills(label):
    """Columns whose sums depend on the order (tests/harness/values.h H_FILL_ORDER)."""
    return ["H_FILL_ORDER"] if label != "classes" else []


def more_cases(plan, tup, shapes, B):
    return []


def test_operands(plan, tup, vr, vc, extra, variant):
    """src and dst as the column folds'; a tree's required tmp exactly as small as rule tmp_rows
    allows (a row or a block less is a rejection), any other tmp as the row reductions give it."""
    ops = C.src_and_row(plan, tup, vr, vc, extra, variant)
    if is_tree(tup) and plan.inst.use[plan.p].get("tmp") == "required":
        rows, cols = max(1, vr // 2), T.roundup(vc, plan.E_B(tup.dtype_of("tmp"))[1])
        ops["tmp"] = T.tile(plan.dindex[tup.dtype_of("tmp")["name"]], rows, cols, rows, cols)
        return ops
    return R.add_tmp(plan, tup, ops, vr, variant)


def lower_bound(m, p, tup, vr, vc, storage_cols, E):
    """Either order adds rows - 1 rows (one copy instead where there is one row). A2A3: a repeat
    per E columns of each addition (the tree's first level writes tmp, its last dst). A5: per
    chunk of E columns, a load of every row, rows - 1 additions and the store."""
    adds = max(vr - 1, 1)
    if p == "a2a3":
        return LB.a2a3(m, [adds * LB.ceil(vc, E)])
    return LB.a5(LB.ceil(vc, E) * (vr + adds + 1))
