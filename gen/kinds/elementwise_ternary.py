"""Kind elementwise_ternary (gen/kinds/_tiles.py: the elementwise tile-tile kinds)."""
from kinds._tiles import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, READER, BANDS, element_ctx,  # noqa: F401
                          cpu_variants, plain_ctx, notes, reference, extra_fills, npu_ctx, walks,
                          test_operands, more_cases, lower_bound)
from kinds import _tiles as TT
import testplan as T


def test_shapes(E, B, cls):
    return TT.halved(T.grid_shapes(E, B, cls))
