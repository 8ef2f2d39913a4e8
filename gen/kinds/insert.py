"""Kind insert: TINSERT, dst(row + i, col + j) = src(i, j) over src's valid region (the rest of dst untouched), between locations and layouts like TMOV (gen/kinds/_movement.py, docs/moves.md;
templates/cpu/window.j2): the window lies inside dst's valid region, at a multiple of its box."""
from kinds._movement import (MAIN_OPERAND, IN_PLACE_FILL, CPP_API, element_ctx, cpu_variants, npu_ctx,  # noqa: F401
                             plain_ctx, reference, test_shapes, extra_fills, more_cases, lower_bound)
from kinds import _movement as MV

READER = "h_read_insert"  # tests/harness/kinds/moves.c


def notes(inst):
    return [MV.MOVES_NOTE + " row and col place the window in dst: inside its valid region, at a multiple of its box "
            "(else PTO_ERR_VALID)."]


def test_operands(plan, tup, vr, vc, extra, variant):
    return MV.window_operands(plan, tup, vr, vc, extra, variant, "dst")
