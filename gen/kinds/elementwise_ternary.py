"""Kind elementwise_ternary (gen/kinds/_tiles.py: the elementwise tile-tile kinds)."""
from kinds._tiles import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, READER, BANDS, element_ctx,  # noqa: F401
                          cpu_variants, plain_ctx, notes, reference, extra_fills, npu_ctx, walks,
                          test_operands, more_cases, lower_bound)
import testplan as T


def test_shapes(E, B, cls):
    """The element-wise shapes, the tallest halved: four tiles of 2048 f16 block rows exceed A2A3's UB."""
    return [(label.replace("2048", "1024"), min(vr, 1024), vc, extra) for label, vr, vc, extra in T.grid_shapes(E, B, cls)]
