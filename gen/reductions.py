"""The directions of the row reductions to an index (spec/ops.lua: argmax, argmin): what every
kernel, simulator comment, plain loop and page derives its comparisons and words from.

`better` is the C operator by which a number beats the running one (strictly: ties keep the
lowest column), `not_better` its negation; a NaN beats every number in both directions and the
first NaN wins (the contract's argmax_* and argmin_* answers). `cmp` and `not_cmp` are the A5
vcmp conditions of the two. The rest are the words comments and pages use.
"""

REDUCTIONS = {
    "argmax": {"better": ">", "not_better": "<=", "cmp": "GT", "not_cmp": "LE", "ext": "max",
               "most": "largest", "extremum": "maximum", "extrema": "maxima", "comparative": "greater", "side": "above"},
    "argmin": {"better": "<", "not_better": ">=", "cmp": "LT", "not_cmp": "GE", "ext": "min",
               "most": "smallest", "extremum": "minimum", "extrema": "minima", "comparative": "smaller", "side": "below"},
}


def reduction(fn):
    """The direction of reduction `fn` (REDUCTIONS), with its name and the contract as one
    sentence (instruction headers and reference pages)."""
    r = REDUCTIONS[fn]
    return dict(r, fn=fn, rule=f"{fn}: the lowest column holding the row's {r['extremum']}; a NaN counts as {r['comparative']} "
                               f"than every number, so a row holding a NaN selects its first NaN; values are compared, so "
                               f"-0 and +0 tie and the lowest column wins (dst_val gets its own bits).")
