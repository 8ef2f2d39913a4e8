"""The vector instruction that computes an instruction's element math on an NPU profile.

NPU kernels issue one vector instruction per element operation, so the math must be a single
binary operation on two tile operands (vadd ... vmin), one on a tile and the scalar (vadds ...
vmins, tile first unless the operation commutes), or a row reduction (vcmax, vcmin).
"""
from cexpr import BINOPS

BINARY = {"+": "vadd", "-": "vsub", "*": "vmul", "/": "vdiv", "max": "vmax", "min": "vmin"}
WITH_SCALAR = {"vadd": "vadds", "vmul": "vmuls", "vmax": "vmaxs", "vmin": "vmins"}
COMMUTATIVE = {"vadd", "vmul", "vmax", "vmin"}
# The row reductions to an index and the direction every kernel, simulator comment, plain loop
# and page derives its comparisons and words from. `better` is the C operator by which a number
# beats the running one (strictly: ties keep the lowest column), `not_better` its negation; a
# NaN beats every number in both directions and the first NaN wins (the contract's argmax_* and
# argmin_* answers). `cmp` and `not_cmp` are the A5 vcmp conditions of the two. The rest are
# the words comments and pages use.
REDUCTIONS = {
    "argmax": {"vop": "vcmax", "better": ">", "not_better": "<=", "cmp": "GT", "not_cmp": "LE", "ext": "max",
               "most": "largest", "extremum": "maximum", "extrema": "maxima", "comparative": "greater", "side": "above"},
    "argmin": {"vop": "vcmin", "better": "<", "not_better": ">=", "cmp": "LT", "not_cmp": "GE", "ext": "min",
               "most": "smallest", "extremum": "minimum", "extrema": "minima", "comparative": "smaller", "side": "below"},
}
REDUCE = {fn: r["vop"] for fn, r in REDUCTIONS.items()}
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


def reduction(fn):
    """The direction of reduction `fn` (REDUCTIONS), with its name and the contract as one
    sentence (instruction headers and reference pages)."""
    r = REDUCTIONS[fn]
    return dict(r, fn=fn, rule=f"{fn}: the lowest column holding the row's {r['extremum']}; a NaN counts as {r['comparative']} "
                               f"than every number, so a row holding a NaN selects its first NaN; values are compared, so "
                               f"-0 and +0 tie and the lowest column wins (dst_val gets its own bits).")
