"""Kernel contexts of the vector-machine (NPU) profiles: which typed vector instruction a tuple's
kernel issues, and how each of its operands walks the tile (derived here, so the kernel
templates hold only loops and simple conditions)."""


def kernel_ctx(inst, p, tup):
    m = inst.model.profile(p)["machine"]
    op, names = inst.vector_op()
    dt = tup.dtype_of(names[0])
    eb = dt["bytes"]
    E, B = m["repeat_bytes"] // eb, m["block_bytes"] // eb
    k = {"vop": f"pto_{p}_{op}_{dt['name']}", "bits": 8 * eb, "E": E, "B": B,
         "blocks_per_repeat": m["repeat_bytes"] // m["block_bytes"]}
    kind = inst.kind_name
    if kind == "row_reduce_index":
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
