"""The vector instruction that computes an instruction's element math on an NPU profile.

NPU kernels issue one vector instruction per element operation, so the math must be a single
binary operation on two tile operands (vadd ... vmin), one on a tile and the scalar (vadds ...
vmins, tile first unless the operation commutes), or a row reduction (vcmax).
"""
from cexpr import BINOPS

BINARY = {"+": "vadd", "-": "vsub", "*": "vmul", "/": "vdiv", "max": "vmax", "min": "vmin"}
WITH_SCALAR = {"vadd": "vadds", "vmul": "vmuls", "vmax": "vmaxs", "vmin": "vmins"}
COMMUTATIVE = {"vadd", "vmul", "vmax", "vmin"}
REDUCE = {"argmax": "vcmax"}
CLASS = {**{op: "binary" for op in BINARY.values()}, **{op: "scalar" for op in WITH_SCALAR.values()},
         **{op: "reduce" for op in REDUCE.values()}}


class NoVectorOp(Exception):
    """The math needs more than one vector instruction; str() says what is allowed."""


def allowed():
    return ("one of " + ", ".join(sorted(set(BINARY.values()))) + " on two tiles, "
            + ", ".join(sorted(WITH_SCALAR.values())) + " on a tile and the scalar (tile first), "
            + "or " + ", ".join(sorted(REDUCE)) + "(src)")


def op_of(ast, scalars=()):
    """(vector instruction, operand names in instruction order) for the math `ast`."""
    if ast["op"] == "call" and ast["fn"] in REDUCE:
        return REDUCE[ast["fn"]], [ast["args"][0]["name"]]
    name = ast["fn"] if ast["op"] == "call" else ast["op"]
    args = ast.get("args", [])
    if name not in BINARY or len(args) != 2 or any(a["op"] != "ref" for a in args):
        raise NoVectorOp(f"math needs more than one vector instruction; allowed: {allowed()}")
    op, names = BINARY[name], [a["name"] for a in args]
    given = [n for n in names if n in scalars]
    if not given:
        return op, names
    if op not in WITH_SCALAR or len(given) == 2:
        raise NoVectorOp(f"no vector instruction computes {name} with a scalar; allowed: {allowed()}")
    if names[0] in scalars:
        if op not in COMMUTATIVE:
            raise NoVectorOp(f"{op}s takes the tile first and {name} does not commute; allowed: {allowed()}")
        names.reverse()
    return WITH_SCALAR[op], names


def element_op(vop):
    """The element operation (add, sub, mul, div, max, min) a binary or scalar instruction applies."""
    base = {v: k for k, v in WITH_SCALAR.items()}.get(vop, vop)
    symbol = {v: k for k, v in BINARY.items()}[base]
    return BINOPS.get(symbol, symbol)
