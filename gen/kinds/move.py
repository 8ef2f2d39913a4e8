"""Kind move: TMOV, dst(i, j) = src(i, j) over the valid region between locations and layouts
(gen/kinds/_movement.py, docs/moves.md). relu is a kernel argument: NORMAL sets a value below 0
to +0 first, on the source's bits (-0 and NaN kept). ND -> ND and DN -> DN (VEC -> VEC) copy line
by line, contiguous on both sides (templates/cpu/move.c.j2)."""
from kinds._movement import (MAIN_OPERAND, MEMCPY_TARGET, IN_PLACE_FILL, CPP_LEADING, CPP_OPTIONS, element_ctx, cpu_variants, npu_ctx,  # noqa: F401
                             plain_ctx, reference, test_shapes, extra_fills, more_cases, lower_bound)
from kinds import _movement as MV
from kinds import _remap as R

READER = "h_read_move"  # tests/harness/kinds/moves.c
CPP_REFUSED = [("tile", "src", "a tile after src (the tmp form, A5's scratch; the fp forms' quantization parameters)"), MV.QUANT]


def notes(inst):
    return [MV.moves_note(inst) + " relu is PTO_RELU_NONE or PTO_RELU_NORMAL (any other value PTO_ERR_PARAM)."]


def test_operands(plan, tup, vr, vc, extra, variant):
    return MV.tiles(plan, tup, (vr, vc), (vr, vc), extra, variant)


bench_cases = MV.bench_move  # ninja bench: the moves upstream's programs make (_movement.BENCH_MOVES)


def light(plan, tup):
    """relu NORMAL runs relu NONE's kernel: the value classes and the extremes (below 0, -0, NaN)."""
    if tup.axes["relu"] == "none":
        return None
    return plan.fill_cases(tup, {"classes": "H_FILL_CLASSES", "boxes+tails": "H_FILL_EXTREMES"})


def body(inst, p, tup, k):
    """The remap's body of its element size (_remap.body), relu reaching it as the dtype's test on
    the bits (_movement.relu_consts; rsign 0: none)."""
    b = R.body(inst, p, tup, k)
    if b:
        sign, lo, hi = k["relu_consts"]
        b["params"] = b["params"].replace("pto_relu relu", f"{k['ST']} rsign, {k['ST']} rlo, {k['ST']} rhi")
        if sign == "0x0u":  # unsigned: relu changes nothing
            b["args"], b["first"] = b["args"].replace("relu", "0u, 0u, 0u"), ["(void)relu; /* unsigned: nothing is below 0 */"]
        else:
            b["args"] = b["args"].replace("relu", f"relu == PTO_RELU_NORMAL ? {sign} : 0u, {lo}, {hi}")
    return b
