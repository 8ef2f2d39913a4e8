"""Rendering of the expression language to C: rule predicates for the verifier, element math
for the kernels, and element math for the independent test reference."""

BINOPS = {"+": "add", "-": "sub", "*": "mul", "/": "div"}
RULE_OPS = {"+": "+", "-": "-", "*": "*", "==": "==", "~=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
            "and": "&&", "or": "||"}


def rule_c(ast, prefix):
    """A rule predicate over the named tiles it reads; integer arithmetic in int64_t."""
    def attr(t, a):
        if a in ("rows", "cols", "valid_rows", "valid_cols"):
            return f"(int64_t){t}->{a}"
        if a == "elem_bytes":
            return f"{prefix}__elem_bytes({t})"
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


def kernel_math(ast, dtype, prefix):
    """Element math for a kernel: operands are the locals v_<name> in the compute type."""
    is_float = dtype["class"] == "float"
    suffix = "f" if is_float else dtype["name"]
    requant = is_float and dtype["bits"] < 32

    def walk(e, root):
        op = e["op"]
        if op == "ref":
            return f"v_{e['name']}"
        args = [walk(a, False) for a in e.get("args", [])]
        if op == "call":
            text = f"{prefix}__{e['fn']}_{suffix}({', '.join(args)})"
        elif op == "neg":
            text = f"{prefix}__neg_{suffix}({args[0]})"
        else:
            text = f"{prefix}__{BINOPS[op]}_{suffix}({args[0]}, {args[1]})"
        if requant and not root:  # round every intermediate to the dtype, like the reference
            text = f"{prefix}__requant_{dtype['name']}({text})"
        return text
    return walk(ast, True)


def reference_math(ast):
    """Element math for the test reference: ref_<op>(dtype, a, b) on bit patterns."""
    def walk(e):
        op = e["op"]
        if op == "ref":
            return f"v_{e['name']}"
        args = [walk(a) for a in e.get("args", [])]
        if op == "call":
            return f"ref_{e['fn']}(dt, {', '.join(args)})"
        if op == "neg":
            return f"ref_neg(dt, {args[0]})"
        return f"ref_{BINOPS[op]}(dt, {args[0]}, {args[1]})"
    return walk(ast)


def math_text(ast):
    """Readable math for docs and messages."""
    def walk(e):
        op = e["op"]
        if op == "ref":
            return e["name"]
        args = [walk(a) for a in e.get("args", [])]
        if op == "call":
            return f"{e['fn']}({', '.join(args)})"
        if op == "neg":
            return f"-{args[0]}"
        return f"({args[0]} {op} {args[1]})"
    return walk(ast)
