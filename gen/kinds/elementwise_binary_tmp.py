"""Kind elementwise_binary_tmp (gen/kinds/_tiles.py: the elementwise tile-tile kinds)."""
from kinds._tiles import (MAIN_OPERAND, IN_PLACE_FILL, MEMCPY_TARGET, READER, BANDS, element_ctx,  # noqa: F401
                          cpu_variants, plain_ctx, notes, reference, extra_fills, npu_ctx, walks,
                          test_operands, more_cases, lower_bound)
import testplan as T


def test_shapes(E, B, cls):
    """The grid's, and groups of 8 rows more than 31 blocks apart with a partial last block: the
    a2a3 select's walk whose partial blocks take a batch per group (templates/a2a3/select_rows.j2)."""
    return T.grid_shapes(E, B, cls) + [("groups, stride>31blocks", 16, 37 * B + 3, 0)]
