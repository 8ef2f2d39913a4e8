"""Kind extract: TEXTRACT, dst(i, j) = src(row + i, col + j) over dst's valid region, between locations and layouts like TMOV
(gen/kinds/_movement.py, docs/moves.md; templates/cpu/window.j2)."""
from kinds._movement import (MAIN_OPERAND, MEMCPY_TARGET, IN_PLACE_FILL, CPP_LEADING, CPP_OPTIONS, CPP_REFUSED, element_ctx, cpu_variants, body, npu_ctx,  # noqa: F401
                             plain_ctx, reference, test_shapes, extra_fills, more_cases, lower_bound, window_kind)

READER = "h_read_extract"  # tests/harness/kinds/moves.c
CPP_DEFAULTS = {"row": "0", "col": "0"}  # upstream's TEXTRACT(dst, src) takes the window at (0, 0)
notes, test_operands, bench_cases = window_kind("src")
