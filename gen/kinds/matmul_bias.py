"""Kind matmul_bias: the matrix unit (gen/kinds/_matmul.py, docs/matmul.md)."""
from kinds._matmul import (MAIN_OPERAND, READER, IN_PLACE_FILL, CPP_LEADING, element_ctx, cpu_variants,  # noqa: F401
                           npu_ctx, plain_ctx, notes, reference, test_shapes, extra_fills, more_cases,
                           test_operands, lower_bound)
