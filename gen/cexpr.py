"""Rendering of the expression language to C: rule predicates for the verifier, element math
for the kernels, and element math for the independent test reference."""

from layouts import LOCS  # a rule may name a location: its pto_loc constant

CTYPE = {"f32": "float", "f16": "uint16_t", "bf16": "uint16_t", "i32": "int32_t", "u32": "uint32_t",
         "i16": "int16_t", "u16": "uint16_t", "i8": "int8_t", "u8": "uint8_t",
         "i64": "int64_t", "f8e4m3": "uint8_t", "f8e5m2": "uint8_t"}  # storage type per dtype
RULE_OPS = {"+": "+", "-": "-", "*": "*", "==": "==", "~=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
            "and": "&&", "or": "||"}


def dtype_c(dt, prefix, bits=False):
    """Storage type, compute type, load and store functions of a dtype in the kernels; bits:
    computed on the stored bits (no conversion)."""
    if dt["class"] == "float" and dt["bits"] < 32 and not bits:
        return {"T": "uint16_t", "CT": "float", "load": f"{prefix}__{dt['name']}_to_f32",
                "store": f"{prefix}__f32_to_{dt['name']}"}
    return {"T": CTYPE[dt["name"]], "CT": CTYPE[dt["name"]], "load": "", "store": ""}


def rule_c(ast, prefix, values=()):
    """A rule predicate over the named tiles it reads and the value params `values` (locals of
    those names); integer arithmetic in int64_t."""
    def attr(t, a):
        if a in ("rows", "cols", "valid_rows", "valid_cols", "loc"):
            return f"(int64_t){t}->{a}"
        if a in ("elem_bytes", "box_rows", "box_cols"):
            return f"{prefix}__{a}({t})"
        if a == "bytes":
            return f"((int64_t){t}->rows * {t}->cols * {prefix}__elem_bytes({t}))"
        if a == "block_elems":
            return f"({prefix.upper()}_BLOCK_BYTES / {prefix}__elem_bytes({t}))"
        if a == "repeat_elems":
            return f"({prefix.upper()}_REPEAT_BYTES / {prefix}__elem_bytes({t}))"
        raise ValueError(a)

    def walk(e):
        op = e["op"]
        if op == "num":
            return str(e["value"])
        if op == "ref":
            if e.get("attr") is None:
                if e["name"] in values:  # a value param (TEXTRACT's row): the rule's local
                    return e["name"]
                if e["name"] in LOCS:  # a location: its pto_loc constant
                    return f"(int64_t)PTO_{e['name']}"
                return f"(int64_t){prefix.upper()}_{e['name'].upper()}"
            return attr(e["name"], e["attr"])
        args = [walk(a) for a in e.get("args", [])]
        if op == "call":
            return f"{prefix}__{e['fn']}({', '.join(args)})"
        if op == "not":
            return f"!({args[0]})"
        if op == "neg":
            return f"(-{args[0]})"
        if op == "/":
            return f"{prefix}__div({args[0]}, {args[1]})"
        return f"({args[0]} {RULE_OPS[op]} {args[1]})"
    return walk(ast)


def math_calls(ast, func, lead=(), wrap=None, ref=None):
    """Element math as nested calls on the locals v_<operand> (or ref(name)): func(op) names the
    C function of each operation of spec/ops.lua; wrap, if given, wraps inner results."""
    def walk(e, root):
        if e["op"] == "ref":
            return ref(e["name"]) if ref else f"v_{e['name']}"
        args = list(lead) + [walk(a, False) for a in e.get("args", [])]
        text = f"{func(e['fn'])}({', '.join(args)})"
        return wrap(text) if wrap and not root else text
    return walk(ast, True)


def on_stored_bits(ast, dtype, ops):
    """Is the math of f16/bf16 values made of operations exact on the stored bits (spec/ops.lua
    bits: max, min, abs, neg, relu), nested or not? Its result is then computed with no conversion."""
    exact = {o["name"] for o in ops if o.get("bits")}

    def on_bits(e):
        return e["op"] == "ref" or (e["op"] == "call" and e["fn"] in exact and all(map(on_bits, e["args"])))
    return dtype["class"] == "float" and dtype["bits"] < 32 and ast["op"] != "ref" and on_bits(ast)


def format_names(ops, dtype, prefix, names=None, fast=False):
    """names (kernel_math's) plus the operations that round to the dtype themselves (spec/ops.lua
    per_format): on f16/bf16 their _f name becomes the dtype's own, pto_<p>__<op>_<dtype>; fast: the
    operations with a vectorising form (spec/ops.lua fast) take it, pto_<p>__<op>_fast_<f|dtype>
    (the dtype's own where it rounds to it), a NaN where a slow path must decide."""
    out = dict(names or {})
    half = dtype["class"] == "float" and dtype["bits"] < 32
    for o in ops:
        own = o.get("per_format") and half
        if fast and o.get("fast"):
            out[f"{o['name']}_f"] = f"{prefix}__{o['name']}_fast_{dtype['name'] if own else 'f'}"
        elif own:
            out[f"{o['name']}_f"] = f"{prefix}__{o['name']}_{dtype['name']}"
    return out


def has_fast(ast, ops):
    """Does the math use an operation of spec/ops.lua with a fast form (a kernel redoes its NaNs)?"""
    fast = {o["name"] for o in ops if o.get("fast")}
    return ast["op"] == "call" and (ast["fn"] in fast or any(has_fast(a, ops) for a in ast["args"]))


def kernel_math(ast, dtype, prefix, bits=False, names=None, ref=None):
    """Kernel math in the compute type; f16/bf16 round every intermediate like the reference.
    bits: math exact on the stored bits (on_stored_bits), with the dtype's own operations.
    names: other functions for some operations, by <op>_<suffix> (max_f: ...)."""
    names = names or {}
    if bits:
        return math_calls(ast, lambda op: names.get(f"{op}_{dtype['name']}", f"{prefix}__{op}_{dtype['name']}"), ref=ref)
    suffix = "f" if dtype["class"] == "float" else dtype["name"]
    requant = dtype["class"] == "float" and dtype["bits"] < 32
    return math_calls(ast, lambda op: names.get(f"{op}_{suffix}", f"{prefix}__{op}_{suffix}"),
                      wrap=(lambda t: f"{prefix}__requant_{dtype['name']}({t})") if requant else None, ref=ref)


def staged_math(ast, dtype, prefix, names=None):
    """f16/bf16 math of several operations as stages, so a caller can round each intermediate
    result to the dtype over a whole block of values at once: ([(temp, math)], final math), where
    a stage's and the final math read earlier results as <temp>[j] and compute in f32."""
    names = names or {}
    stages = []

    def walk(e, root):
        if e["op"] == "ref":
            return f"v_{e['name']}"
        fn = names.get(f"{e['fn']}_f", f"{prefix}__{e['fn']}_f")
        text = f"{fn}({', '.join(walk(a, False) for a in e['args'])})"
        if root:
            return text
        stages.append((f"t{len(stages)}", text))
        return f"t{len(stages) - 1}[j]"
    final = walk(ast, True)
    return stages, final


def reference_math(ast):
    """Reference math: ref_<op>(dtype, a, b) on bit patterns."""
    return math_calls(ast, lambda op: f"ref_{op}", lead=("dt",))
