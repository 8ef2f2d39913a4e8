"""Kind elementwise_binary (gen/kinds/_tiles.py: the elementwise tile-tile kinds)."""
from kinds._tiles import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, READER, BANDS, element_ctx,  # noqa: F401
                          cpu_variants, plain_ctx, notes, reference, test_shapes, extra_fills, npu_ctx, walks,
                          test_operands, more_cases, lower_bound)
