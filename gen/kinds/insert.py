"""Kind insert: TINSERT, dst(row + i, col + j) = src(i, j) over src's valid region (the rest of dst untouched), between locations and layouts like TMOV
(gen/kinds/_movement.py, docs/moves.md; templates/cpu/window.j2)."""
from kinds._movement import (MAIN_OPERAND, MEMCPY_TARGET, IN_PLACE_FILL, CPP_LEADING, CPP_OPTIONS, CPP_REFUSED, element_ctx, cpu_variants, body, npu_ctx,  # noqa: F401
                             plain_ctx, reference, test_shapes, extra_fills, more_cases, lower_bound, window_kind)

READER = "h_read_insert"  # tests/harness/kinds/moves.c
notes, test_operands, bench_cases = window_kind("dst")
