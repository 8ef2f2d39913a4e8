"""Kind matmul_acc: the matrix unit (gen/kinds/_matmul.py, docs/matmul.md)."""
from kinds._matmul import (MAIN_OPERAND, READER, IN_PLACE_FILL, CPP_LEADING, element_ctx, cpu_variants,  # noqa: F401
                           npu_ctx, plain_ctx, notes, reference, test_shapes, extra_fills, more_cases,
                           test_operands, lower_bound)
from kinds._matmul import is_gemv

CPP_SAME_TYPE = {"c_in": "c_out"}  # upstream's TMATMUL_ACC<TileRes, TileLeft, TileRight>(cOut, cIn, a, b)


def cpp_shared(inst):
    """Upstream's TMATMUL_ACC(c, a, b) accumulates into c (c_out and c_in one tile); TGEMV_ACC has no such form."""
    return {} if is_gemv(inst) else {"c_in": "c_out"}
