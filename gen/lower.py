"""Instruction selection: an instruction's element math, lowered to a program of one NPU
profile's vector instructions with the lowerings of spec/ops.lua.

A program is
  prep        scalar-unit computations on scalars, once per call: [(variable, math AST)]
  steps       vector instructions in order: {"cls": "binary" | "unary" | "scalar" | "reduce" | "fold" | "dup" | "select",
              "instr", "out", "args"}; args name tile operands, temporaries (t0, t1, ...) and
              scalar variables (or a constant's C text); "out" is dst for the last step; "as": the
              dtype the instruction runs on where it is not the program's (a float's bits as
              the signed integers of its width); "count": a shift's answer to a
              count of the width or more (spec/ops.lua lower.count), which the kernel gives; a
              fold (a row reduction of a value) folds the lanes across chunks with "instr" and
              reduces a register with "reduce", its in-register instruction, or, where that is
              None, with a tree of "instr" on deinterleaved lanes
  scalar_unit the whole math runs element by element on the scalar unit (for dtypes its
              instructions lack, where the operations' lowerings and the kind allow it)
An operation on scalars alone runs on the scalar unit; one on a vector uses the profile's
lowering of that operation: its vector instruction, its scalar instruction (vector first, or
either order when it commutes), a rewrite over a (the vector) and b (the scalar), or a
broadcast of the scalar ("dup") followed by the vector instruction.
"""


class NoLowering(Exception):
    """The profile cannot lower the math; str() says why and what it can lower. `dtype`: the
    dtype the profile's instructions lack (a legal-set problem), else None (the math's)."""

    def __init__(self, msg, dtype=None):
        super().__init__(msg)
        self.dtype = dtype


def _ops(model):
    return {o["name"]: o for o in model.ops}


def can_lower(model, p):
    """What profile p lowers, for error messages: each operation and the forms it takes."""
    parts = []
    for o in model.ops:
        low = o["lower"].get(p)
        if not low:
            continue
        forms = []
        if o["reduce"]:
            forms.append(f"{o['name']}(src) by {low['vector']}")
        else:
            if low.get("vector"):
                forms.append(f"{o['name']} of {'a vector' if o['arity'] == 1 else 'vectors'} by {low['vector']}")
            sc = low.get("scalar") or {}
            if "instr" in sc:
                forms.append(f"{o['name']} with a scalar by {sc['instr']}")
            elif "rewrite" in sc:
                forms.append(f"{o['name']} with a scalar as {sc['text']}")
            elif sc.get("dup"):
                forms.append(f"{o['name']} with a scalar by a broadcast and {low['vector']}")

        for cls, u in sorted((low.get("unary") or {}).items()):
            forms.append(f"{o['name']} of a {cls} vector by {u['instr']} with {u['const']}")
        if low.get("vector_rewrite"):
            forms.append(f"{o['name']} of vectors as {low['vector_rewrite']['text']}")
        if low.get("select"):
            forms.append(f"{o['name']} of vectors as a where a >= 0, else a {low['select']} b")
        if not forms and low.get("scalar_unit"):
            forms.append(f"{o['name']} on the scalar unit")
        parts.append("; ".join(forms))
    # the row reductions to a value: lanes across chunks, then a register's reduction
    parts += [f"{o['fold']}(src) by {o['lower'][p]['vector']} and " + (o["lower"][p].get("fold") or f"a tree of {o['lower'][p]['vector']}")
              for o in model.ops if o.get("fold") and (o["lower"].get(p) or {}).get("vector")]
    return "; ".join(parts) + "; any operation on scalars alone (scalar unit)"


def program(model, inst, p, dtype, form="main"):
    """The program computing the math of inst's entry `form` on profile p for element dtype
    `dtype` (a name)."""
    ops = _ops(model)
    isa = model.profile(p)["isa"] or {}
    kind = inst.kind
    scalars = {o for o, d in kind["operands"].items() if not d["tile"]}
    prep, steps = [], []
    lacking = []  # instructions that lack the dtype
    unit_only = []  # operations only the scalar unit computes

    def new_temp():
        return f"t{sum(1 for s in steps if s['out'].startswith('t'))}"

    def scalar_var(ast):
        if ast["op"] == "ref":
            return ast["name"]
        for v, a in prep:
            if a == ast:
                return v
        v = f"s{len(prep)}"
        prep.append((v, ast))
        return v

    def emit(cls, instr, args, count=None, **more):
        if cls != "dup" and more.get("as", dtype) not in isa.get(instr, []):
            lacking.append(instr)
        out = new_temp()
        steps.append(dict({"cls": cls, "instr": instr, "out": out, "args": args, "count": count}, **more))
        return ("vec", out)

    def walk(e):
        if e["op"] == "ref":
            return ("scal", e) if e["name"] in scalars else ("vec", e["name"])
        if e.get("fold"):  # a row reduction of a value: lanes across chunks, then a register
            o = ops[e["fn"]]
            low = o["lower"].get(p) or {}
            if not low.get("vector"):
                raise NoLowering(f"{p} has no vector instruction for {o['name']}, which {e['fold']}(src) folds by")
            red = low.get("fold")
            return emit("fold", low["vector"], [walk(e["args"][0])[1]], reduce=red if red and dtype in isa.get(red, []) else None)
        vals = [walk(a) for a in e["args"]]
        if all(v[0] == "scal" for v in vals):  # the scalar unit, once per call
            return ("scal", {"op": "call", "fn": e["fn"], "args": [v[1] for v in vals]})
        o = ops[e["fn"]]
        low = o["lower"].get(p)
        if not low:
            raise NoLowering(f"{p} has no lowering of {o['name']} on tiles (spec/ops.lua)")
        if not low.get("vector") and not low.get("scalar") and low.get("scalar_unit"):
            unit_only.append(o["name"])  # no vector instruction at all: the whole math goes to the scalar unit
            return ("vec", "dst")
        if o["reduce"]:
            return emit("reduce", low["vector"], [vals[0][1]])
        if len(vals) == 1:
            cls = model.dtypes[dtype]["class"]
            u = (low.get("unary") or {}).get(cls)
            if u:  # a scalar instruction with a constant (a float's sign bit: on its bits as integers)
                bits = model.dtypes[dtype]["bits"]
                if u["const"] == "sign":
                    return emit("scalar", u["instr"], [vals[0][1], f"INT{bits}_MIN"], **{"as": f"i{bits}"})
                return emit("scalar", u["instr"], [vals[0][1], str(u["const"])])
            if not low.get("vector"):
                raise NoLowering(f"{p} has no vector instruction for {o['name']} of a tile" +
                                 (f" of class {cls}" if low.get("unary") else ""))
            return emit("unary", low["vector"], [vals[0][1]])
        if all(v[0] == "vec" for v in vals):
            if low.get("vector_rewrite"):
                return walk(_substitute(low["vector_rewrite"]["rewrite"], {"a": _as_ast(vals[0]), "b": _as_ast(vals[1])}))
            if low.get("select"):  # a where a >= +0, else a op b, selected by the compare's bits
                return emit("select", low["select"], [vals[0][1], vals[1][1]])
            if not low.get("vector") and low.get("scalar_unit"):
                unit_only.append(o["name"])  # no instruction for two tiles: the whole math on the scalar unit
                return ("vec", "dst")
            if not low.get("vector"):
                raise NoLowering(f"{p} has no vector instruction for {o['name']} of two tiles")
            return emit("binary", low["vector"], [vals[0][1], vals[1][1]], low.get("count"))
        sc = low.get("scalar") or {}
        scalar_first = vals[0][0] == "scal"
        vec, sca = (vals[1], vals[0]) if scalar_first else (vals[0], vals[1])
        if "instr" in sc and (not scalar_first or o["commutative"]):
            return emit("scalar", sc["instr"], [vec[1], scalar_var(sca[1])], low.get("count"))
        if "rewrite" in sc and not scalar_first:
            return walk(_substitute(sc["rewrite"], {"a": _as_ast(vec), "b": sca[1]}))
        if sc.get("dup"):
            b = emit("dup", "dup", [scalar_var(sca[1])])
            args = [b[1], vec[1]] if scalar_first else [vec[1], b[1]]
            return emit("binary", low["vector"], args)
        order = "the scalar first" if scalar_first else "a tile and the scalar"
        raise NoLowering(f"{p} has no lowering of {o['name']} of {order}")

    try:
        walk(inst.math(form))
    except NoLowering as e:
        raise NoLowering(f"math: {e}; allowed on {p}: {can_lower(model, p)}") from None
    if unit_only:
        why = [o for o in _fns(inst.math(form)) if not ops[o]["lower"].get(p, {}).get("scalar_unit")]
        if not kind.get("scalar_unit") or why:
            raise NoLowering(f"math: {p} computes {', '.join(unit_only)} only on its scalar unit, but "
                             + (f"kind {kind['name']} kernels have no scalar-unit path" if not kind.get("scalar_unit")
                                else f"{', '.join(sorted(why))} cannot run there (spec/ops.lua: scalar_unit)"))
        return {"prep": [], "steps": [], "scalar_unit": True}
    if steps:
        steps[-1]["out"] = "dst"
    scalar_unit = False
    if lacking:
        fallback = kind.get("scalar_unit") and all(ops[e]["lower"].get(p, {}).get("scalar_unit")
                                                   for e in _fns(inst.math(form)) if not ops[e]["reduce"])
        if not fallback:
            raise NoLowering(f"{p} has no {', '.join(sorted(set(lacking)))} for {dtype} (the math {inst.math_text(form)}); "
                             f"allowed: {', '.join(isa.get(lacking[0], [])) or 'none'}", dtype)
        scalar_unit = True
    return {"prep": prep, "steps": steps, "scalar_unit": scalar_unit}


def is_const(arg):
    """Is a step's argument a constant's C text (a unary lowering's: 0, -1, INT32_MIN)?"""
    return arg[0].isdigit() or arg[0] == "-" or arg.isupper()


def _as_ast(val):
    """A vector value (a tile operand or a temporary) as a reference in a rewritten AST."""
    return {"op": "ref", "name": val[1]}


def _substitute(ast, env):
    if ast["op"] == "ref":
        return env[ast["name"]]
    return {"op": "call", "fn": ast["fn"], "args": [_substitute(a, env) for a in ast["args"]]}


def _fns(ast):
    if ast["op"] == "ref":
        return set()
    return {ast["fn"]}.union(*(_fns(a) for a in ast["args"]))


def compute_steps(prog):
    """The program's computing instructions (its broadcasts aside)."""
    return [s for s in prog["steps"] if s["cls"] != "dup"]


def scratch_temps(prog, tiles):
    """The temporaries a machine that runs one instruction at a time over the whole region
    (a2a3) cannot keep in dst: those made before an instruction that reads a tile in `tiles`
    (dst may be that tile)."""
    steps = compute_steps(prog)
    return [s["out"] for i, s in enumerate(steps)
            if s["out"] != "dst" and any(a in tiles for t in steps[i + 1:] for a in t["args"])]


def math_operands(ast):
    """The operand names the math reads, in order of first use."""
    if ast["op"] == "ref":
        return [ast["name"]]
    out = []
    for a in ast["args"]:
        out += [n for n in math_operands(a) if n not in out]
    return out


def instructions(model, p):
    """Profile p's arithmetic instructions from spec/ops.lua: instruction -> {"cls": binary |
    scalar | reduce | fold, "op": the element operation it applies; a fold's "lanes": the
    instruction of the same operation on two vectors}."""
    out = {}
    for o in model.ops:
        low = o["lower"].get(p)
        if not low:
            continue
        if low.get("vector"):
            out[low["vector"]] = {"cls": "reduce" if o["reduce"] else "unary" if o["arity"] == 1 else "binary",
                                  "op": o["name"]}
        if "instr" in (low.get("scalar") or {}):
            out[low["scalar"]["instr"]] = {"cls": "scalar", "op": o["name"], "count": low.get("count")}
        if low.get("vector") and low.get("count"):  # a count per lane
            out[low["vector"]]["count"] = low["count"]
        if low.get("fold"):  # a register's reduction by the operation, to lane 0
            out[low["fold"]] = {"cls": "fold", "op": o["name"], "lanes": low["vector"]}
    return out
