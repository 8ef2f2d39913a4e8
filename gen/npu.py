"""Kernel contexts of the vector-machine (NPU) profiles: the program of vector instructions a
tuple's kernel issues (gen/lower.py), and how each of its operands walks the tile (derived
here, so the kernel templates hold only loops and simple conditions)."""
import cexpr
import model as M


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


def kernel_ctx(inst, p, tup, dtype_c):
    """dtype_c(dt): the storage and compute types, load and store of a dtype (render.dtype_c)."""
    m = inst.model.profile(p)["machine"]
    dt = inst.model.dtypes[inst.math_dtype(tup)]
    prog = inst.program(p, dt["name"])
    compute = [s for s in prog["steps"] if s["cls"] != "dup"]
    if len(compute) != 1:
        raise M.SpecError(f"{inst.file}:{inst.d['math_line']}: math needs {len(compute)} vector instructions on {p} "
                          f"({', '.join(s['instr'] for s in compute)}); kind {inst.kind_name} kernels issue one")
    step = compute[0]
    scalar_vars = {o for o, d in inst.kind["operands"].items() if not d["tile"]} | {v for v, _ in prog["prep"]}
    tiles = {o for o, d in inst.kind["operands"].items() if d["tile"]}
    c_name = {"scalar": "value"}  # the kernels' local copy of the scalar
    # the only temporary a kernel holds is the broadcast scalar (a block of scratch or a register)
    names = [a if a in tiles or a in scalar_vars else "bcast" for a in step["args"]]
    dup = [s for s in prog["steps"] if s["cls"] == "dup"]
    eb = dt["bytes"]
    E, B = m["repeat_bytes"] // eb, m["block_bytes"] // eb
    prefix = f"pto_{p}"
    c = dtype_c(dt, prefix)
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
    kind = inst.kind_name
    if kind == "elementwise_scalar":  # src walks the columns, the broadcast scalar is one block
        k["vargs"] = [{"ptr": "s", "reg": "x", "stride": "src->cols", "along": 1} if a == "src" else
                      {"ptr": "bcast", "reg": "bcast", "stride": "0", "along": 0} for a in names if a not in scalar_vars]
    elif kind == "row_reduce_index":
        idx = tup.dtype_of("dst_idx" if tup.entry["form"] == "val" else "dst")
        k.update(IB=8 * idx["bytes"], idx_out="dst_idx" if tup.entry["form"] == "val" else "dst",
                 is_float=dt["class"] == "float", vcmp=f"pto_{p}_vcmp_{dt['name']}",
                 vadds_index=f"pto_{p}_vadds_u{8 * eb}")  # lane indices are unsigned, as wide as src
    elif kind in ("row_expand", "col_expand"):
        k["vargs"] = [expand_operand(kind, tup, name, B) for name in names]
        k["narrow_var"] = expand_operand(kind, tup, tup.role("narrow"), B)["var"]
        if kind == "row_expand":
            k["mode1"] = tup.axes["mode"] == "mode1"
            k["user_tmp"] = tup.axes.get("tmp") == "tmp"
            # rows broadcast per vbrcb: a multiple of B (the narrow column's next chunk starts
            # block aligned), at most one repeat's worth and what the scratch holds
            limit = min(m["max_repeat"], m["reserved_scratch_bytes"] // m["block_bytes"])
            k["chunk"] = limit // B * B
    return k


def expand_operand(kind, tup, name, B):
    """How operand `name` of an expand instruction walks the region: the pointer variable the
    kernel holds for it, its row stride (elements) and whether it walks the columns."""
    skip_rows = f" + (size_t)r0 * {name}->cols"  # where a chunk of rows starting at r0 begins
    if name == tup.role("full"):
        return {"var": "full", "stride": f"{name}->cols", "along": 1, "at_r0": skip_rows}
    if kind == "col_expand":
        return {"var": "narrow", "stride": "0", "along": 1, "at_r0": ""}   # row 0 for every row
    if tup.axes["mode"] == "mode1":
        return {"var": "bcast", "stride": str(B), "along": 0, "at_r0": ""}  # one vbrcb block per row, per chunk
    return {"var": "narrow", "stride": f"{name}->cols", "along": 0, "at_r0": skip_rows}  # the row's own block
