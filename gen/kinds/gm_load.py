"""Kind gm_load: TLOAD, a tile's valid region from a global tensor (gen/kinds/_gm.py, docs/memory.md)."""
from kinds._gm import (READER, MEMCPY_TARGET, IN_PLACE_FILL, FUZZ, element_ctx, cpu_variants, body, npu_ctx, plain_ctx,  # noqa: F401
                       reference, test_shapes, extra_fills, more_cases, test_operands, notes, lower_bound, sized,
                       bench_cases)

MAIN_OPERAND = "dst"
CPP_LEADING = None  # upstream's TLOAD<Tile, Global> has no leading option (gen/cppapi.py)
