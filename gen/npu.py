"""Kernel contexts of the vector-machine (NPU) profiles: the program of vector instructions a
tuple's kernel issues (gen/lower.py), and how each of its operands walks the tile (derived by
the kind's module, gen/kinds/<kind>.py npu_ctx, so the kernel templates hold only loops and
simple conditions)."""
import cexpr
from cexpr import CTYPE
import lower
import kinds


def _call(fn, arg):
    """fn(arg), or arg where there is no function (no conversion)."""
    return f"{fn}({arg})" if fn else arg


def _bits(dt, prefix, var):
    """The stored bits of a scalar variable of dtype dt, as the unsigned integer of its width."""
    if dt["name"] == "f32":
        return f"{prefix}__bits({var})"
    return f"(uint{dt['bits']}_t){var}"


def _unit_ref(name, c):
    """An operand of scalar-unit math: the scalar (the kernels' copy is `value`), or a tile's
    element x_<operand>."""
    return _call(c["load"], "value" if name == "scalar" else f"x_{name}")


_ARG_LINE = ",\n" + " " * 24  # an a2a3 instruction's arguments: one operand a line


def _a2a3_issue(p, dt, step, args, index):
    """One step of an a2a3 tiling plan: the instruction on each operand's place in step `st`
    (index: a value's grid operand, args: the C expressions of the step's arguments); an
    instruction on another dtype's view of the bits (step "as") gets its pointers cast."""
    tiles = [(a, index[v]) for v, a in zip([step["out"]] + step["args"], args) if v in index]
    scalars = [a for v, a in zip(step["args"], args[1:]) if v not in index]
    strides = ", ".join(["st.repeat"] + [f"st.blk[{i}]" for _, i in tiles] + [f"st.rep[{i}]" for _, i in tiles])
    view = step.get("as")
    place = (lambda a, i: f"({CTYPE[view]} *)({a} + st.off[{i}])") if view else (lambda a, i: f"{a} + st.off[{i}]")
    return f"pto_{p}_{step['instr']}_{view or dt['name']}(" + _ARG_LINE.join(
        [place(a, i) for a, i in tiles] + scalars + [strides]) + ");"


def _a5_counts(p, dt, step, out, args, k):
    """A5 shift by a count per lane (spec/ops.lua lower.count): the instruction takes counts below
    the width W only, so the counts (read as unsigned) are clamped to W - 1 first, which gives
    the sign fill of an arithmetic right shift; where the answer is 0 (left shifts, unsigned
    right shifts), lanes whose count was W or more then take 0 instead. Adds to k's lines."""
    w, P = dt["bits"], p.upper()
    u = f"u{w}"
    k["temps"].append("count")
    k["issue"].append(f"pto_{p}_vmins_{u}(&count, {args[1]}, (uint{w}_t){w - 1}u, pg, PTO_{P}_ZEROING); "
                      f"/* counts of {w} or more: {w - 1} */")
    k["issue"].append(f"pto_{p}_{step['instr']}_{dt['name']}(&{out}, {args[0]}, &count, pg, PTO_{P}_ZEROING);")
    if step["count"] == "zero" or dt["class"] != "signed":
        if "zero" not in k["outer"]:
            k["outer"].append("zero")
            k["setup"].append(f"pto_{p}_vbr_b{w}(&zero, 0);")
        k["pregs"].append("below")
        k["issue"].append(f"pto_{p}_vcmps_{u}(&below, {args[1]}, (uint{w}_t){w}u, pg, PTO_{P}_LT);")
        k["issue"].append(f"pto_{p}_vsel_b{w}(&{out}, &{out}, &zero, &below); /* 0 where the count was {w} or more */")


SELECT_ROWS = 24  # rows a batch of an a2a3 select takes: a repeat each of products and bits in the scratch


def _a2a3_select(p, m, dt, steps):
    """a2a3: a where a >= +0, else a op b (spec/ops.lua lower.select; the whole math): per batch of
    SELECT_ROWS rows and chunk of E columns, one repeat a row: the instruction's results and
    vcmpvs's bits of a >= +0 in the scratch, their address into CMPMASK, vsel in tensor-tensor mode
    (templates/a2a3/select_rows.j2)."""
    if len(steps) != 1:
        raise lower.NoLowering(f"{p}: a select (spec/ops.lua lower.select) must be the whole math")
    E = m["repeat_bytes"] // dt["bytes"]
    bits = SELECT_ROWS * E // 8
    return {"select": {"vop": f"pto_{p}_{steps[0]['instr']}_{dt['name']}", "vcmp": f"pto_{p}_vcmpvs_{dt['name']}",
                       "batch": SELECT_ROWS, "bits_at": m["block_bytes"],
                       "t_at": m["block_bytes"] + -(-bits // m["block_bytes"]) * m["block_bytes"]}}


def program_ctx(inst, p, m, prog, dt, walks, c_scalar):
    """A program of several vector instructions, for kinds whose module gives walks(): how each
    tile operand (and the broadcast scalar, "bcast") walks the region, by pointer (a2a3) or
    register (A5). A5 holds every value in a register (temporaries t0, t1, ...; the result in
    walks["dst"]["reg"]). a2a3 runs each instruction over the whole tiling plan in turn (a pass);
    a temporary lives in dst while no later instruction reads a source tile (dst may be that
    tile), else in the scratch, one `scratch_temps` area each, the region cut into bands that
    fit (the kind's template must cut them: its module says BANDS)."""
    bcast = {s["out"] for s in prog["steps"] if s["cls"] == "dup"}  # the broadcast scalar, one place however often
    steps = [dict(s, args=["bcast" if a in bcast else a for a in s["args"]]) for s in lower.compute_steps(prog)]
    temps = [s["out"] for s in steps if s["out"] != "dst"]
    if p == "a5":
        reg = lambda v: walks[v]["reg"] if v in walks else v
        arg = lambda v: "&" + reg(v) if v in walks or v in temps else c_scalar.get(v, v)
        k = {"temps": temps, "pregs": [], "setup": [], "outer": [], "issue": []}
        for s in steps:
            args = [arg(a) for a in s["args"]]
            if s.get("count") and s["cls"] == "binary":  # a count per lane: _a5_counts
                _a5_counts(p, dt, s, reg(s["out"]), args, k)
            else:
                k["issue"].append(f"pto_{p}_{s['instr']}_{s.get('as') or dt['name']}(&{reg(s['out'])}, {', '.join(args)}, pg, "
                                  f"PTO_{p.upper()}_ZEROING);")
        return k
    if any(s["cls"] == "select" for s in steps):
        return _a2a3_select(p, m, dt, steps)
    scratch = lower.scratch_temps(prog, set(walks) - {"bcast", "tmp"})
    temp_op = getattr(kinds.of(inst), "TEMP_OPERAND", None)  # one such temporary lives there, else in the scratch
    walks = dict(walks, **{t: walks[temp_op] if temp_op else {"ptr": t, "stride": "band.stride", "along": 1}
                           for t in scratch})
    grid = ["dst"]  # then the places the program touches, in order of first use
    for v in (v for s in steps for v in s["args"] + [s["out"]]):
        if v in walks and v not in grid:
            grid.append(v)
    index = {v: i for i, v in enumerate(grid)}
    index.update({t: 0 for t in temps if t not in scratch})  # the chain's temporaries are dst
    ptr = lambda v: walks["dst" if v in temps and v not in scratch else v]["ptr"] if v in index else c_scalar.get(v, v)
    # the scratch after the broadcast's repeat, shared by the temporaries in whole repeats
    share = (m["reserved_scratch_bytes"] - m["repeat_bytes"]) // max(len(scratch), 1) // m["repeat_bytes"]
    return {"grid": [walks[v] for v in grid[1:]], "scratch_temps": [] if temp_op else scratch,
            "temp_in": temp_op if scratch and temp_op else "", "repeat_bytes": m["repeat_bytes"],
            "temp_bytes": share * m["repeat_bytes"] if scratch else 0,
            "passes": [_a2a3_issue(p, dt, s, [ptr(v) for v in [s["out"]] + s["args"]], index) for s in steps]}


def kernel_ctx(inst, p, tup):
    """The program's context; the kind's module adds how the operands walk the tile."""
    m = inst.model.profile(p)["machine"]
    dt = inst.model.dtypes[inst.math_dtype(tup)]
    prog = inst.program(p, dt["name"], tup.entry["form"])
    compute = lower.compute_steps(prog)
    step = compute[0] if compute else {"instr": "", "args": []}  # none: the math runs on the scalar unit
    scalar_vars = {o for o, d in inst.kind["operands"].items() if not d["tile"]} | {v for v, _ in prog["prep"]} \
        | {a for s in compute for a in s["args"] if lower.is_const(a)}
    tiles = {o for o, d in inst.kind["operands"].items() if d["tile"]}
    c_name = {"scalar": "value"}  # the kernels' local copy of the scalar
    # the only temporary a kernel holds is the broadcast scalar (a block of scratch or a register)
    names = [a if a in tiles or a in scalar_vars else "bcast" for a in step["args"]]
    dup = [s for s in prog["steps"] if s["cls"] == "dup"]
    eb = dt["bytes"]
    E, B = m["repeat_bytes"] // eb, m["block_bytes"] // eb
    prefix = f"pto_{p}"
    c = cexpr.dtype_c(dt, prefix)
    names_f = cexpr.format_names(inst.model.ops, dt, prefix)
    k = {"vop": f"{prefix}_{step['instr']}_{dt['name']}" if compute else "", "bits": 8 * eb, "E": E, "B": B,
         "blocks_per_repeat": m["repeat_bytes"] // m["block_bytes"],
         "scalar_arg": next((c_name.get(a, a) for a in names if a in scalar_vars), ""),
         "dup_bits": _bits(dt, prefix, c_name.get(dup[0]["args"][0], dup[0]["args"][0])) if dup else "",
         # scalar-unit work on the scalar, once: const T s<k> = <math>;
         "prep": [f"const {c['T']} {v} = {_call(c['store'], cexpr.kernel_math(a, dt, prefix, names=names_f, ref=lambda n: _unit_ref(n, c)))};"
                  for v, a in prog["prep"]],
         "dup": bool(dup),
         "scalar_unit": prog["scalar_unit"]}
    k["count"] = None
    if step.get("count"):  # a shift: the kernel clamps the count and gives the answer for wide ones
        k["count"] = {"width": 8 * eb, "zero": step["count"] == "zero" or dt["class"] != "signed"}
    if prog["scalar_unit"]:  # the whole math per element, on the scalar unit, on the stored bits
        k["from_bits"] = f"{prefix}__float" if dt["name"] == "f32" else f"({c['T']})"
        k["to_bits"] = f"{prefix}__bits" if dt["name"] == "f32" else f"(uint{8 * eb}_t)"
        math = inst.math(tup.entry["form"])
        k["unit_math"] = _call(c["store"], cexpr.kernel_math(math, dt, prefix, names=names_f, ref=lambda n: _unit_ref(n, c)))
        k["unit_sources"] = [o for o in lower.math_operands(math) if o in tiles]
        k["unit_scalar"] = "scalar" in lower.math_operands(math)
    module = kinds.of(inst)
    k.update(module.npu_ctx(inst, p, tup, m, names, scalar_vars, dt))
    if hasattr(module, "walks"):
        k.update(program_ctx(inst, p, m, prog, dt, module.walks(inst, p, tup, m, dt), c_name))
    return k
