"""Kernel contexts of the vector-machine (NPU) profiles: the program of vector instructions a
tuple's kernel issues (gen/lower.py), and how each of its operands walks the tile (derived by
the kind's module, gen/kinds/<kind>.py npu_ctx, so the kernel templates hold only loops and
simple conditions)."""
import cexpr
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
    """An operand of scalar-unit math: the scalar (the kernels' copy is `value`), or the element x."""
    return _call(c["load"], "value" if name == "scalar" else "x")


def kernel_ctx(inst, p, tup):
    """The program's context; the kind's module adds how the operands walk the tile."""
    m = inst.model.profile(p)["machine"]
    dt = inst.model.dtypes[inst.math_dtype(tup)]
    prog = inst.program(p, dt["name"])
    step = lower.compute_steps(prog)[0]  # one: Instruction.program checks it
    scalar_vars = {o for o, d in inst.kind["operands"].items() if not d["tile"]} | {v for v, _ in prog["prep"]}
    tiles = {o for o, d in inst.kind["operands"].items() if d["tile"]}
    c_name = {"scalar": "value"}  # the kernels' local copy of the scalar
    # the only temporary a kernel holds is the broadcast scalar (a block of scratch or a register)
    names = [a if a in tiles or a in scalar_vars else "bcast" for a in step["args"]]
    dup = [s for s in prog["steps"] if s["cls"] == "dup"]
    eb = dt["bytes"]
    E, B = m["repeat_bytes"] // eb, m["block_bytes"] // eb
    prefix = f"pto_{p}"
    c = cexpr.dtype_c(dt, prefix)
    k = {"vop": f"{prefix}_{step['instr']}_{dt['name']}", "bits": 8 * eb, "E": E, "B": B,
         "blocks_per_repeat": m["repeat_bytes"] // m["block_bytes"],
         "scalar_arg": next((c_name.get(a, a) for a in names if a in scalar_vars), ""),
         "dup_bits": _bits(dt, prefix, c_name.get(dup[0]["args"][0], dup[0]["args"][0])) if dup else "",
         # scalar-unit work on the scalar, once: const T s<k> = <math>;
         "prep": [f"const {c['T']} {v} = {_call(c['store'], cexpr.kernel_math(a, dt, prefix, ref=lambda n: _unit_ref(n, c)))};"
                  for v, a in prog["prep"]],
         "dup": bool(dup),
         "scalar_unit": prog["scalar_unit"]}
    if prog["scalar_unit"]:  # the whole math per element, on the scalar unit
        k["unit_math"] = _call(c["store"], cexpr.kernel_math(inst.d["math"], dt, prefix, ref=lambda n: _unit_ref(n, c)))
    k.update(kinds.of(inst).npu_ctx(inst, p, tup, m, names, scalar_vars, dt))
    return k
