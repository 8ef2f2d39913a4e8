"""Kind gm_store: TSTORE, a tile's valid region to a global tensor, an ACC f32 converted (and relu)
(gen/kinds/_gm.py, docs/memory.md)."""
from kinds._gm import (READER, MEMCPY_TARGET, IN_PLACE_FILL, FUZZ, element_ctx, cpu_variants, body, npu_ctx, plain_ctx,  # noqa: F401
                       reference, test_shapes, extra_fills, more_cases, test_operands, notes, lower_bound, sized,
                       bench_cases)

MAIN_OPERAND = "src"
WRITES = "H_W_ALL"
# the C++ API (gen/cppapi.py): upstream's TSTORE<STPhase>(dst, src) (a unit flag, ignored) and
# TSTORE<Tile, Global, AtomicType, ReluPreMode>(dst, src), the tile's type first; not its
# preQuantScalar form
CPP_LEADING = "STPhase"
CPP_TYPES = ("src", "dst")
CPP_OPTIONS = [("atomic", "relu")]
CPP_REFUSED = [("uint64_t preQuantScalar", "src", "preQuantScalar (the fixpipe's scalar quantization)")]
