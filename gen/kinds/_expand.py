"""Shared by the broadcast kinds row_expand and col_expand: a full source with dst's valid region
and a narrow one, either first (the roles full and narrow, the order axis). The kind modules
give what differs: how the narrow operand walks the region and its test tile."""
from kinds import _elementwise as EW
import lowerbound as LB

COL_CHUNK_BYTES = 1024  # col-expand holds this many bytes of narrow values on the stack: 256 f32 (or widened f16)

# Row-expand mode 2 in the x86 variants: the narrow block is repeated to at least this many
# elements, so its loop runs more than 16 times: gcc peels loops of up to 16 iterations
# completely, and the peeled body stays scalar where dst may be the full source.
MIN_PERIOD = 32
CT_BYTES = {"float": 4, "int32_t": 4, "uint32_t": 4, "int16_t": 2, "uint16_t": 2, "int8_t": 1, "uint8_t": 1}


def element_ctx(inst, p, tup, prefix, convert_all):
    k = EW.element_ctx(inst, p, tup, prefix, convert_all)
    dt = tup.dtype_of("dst")
    k["full"], k["narrow"] = tup.role("full"), tup.role("narrow")
    k["mode"] = tup.axes.get("mode", "")
    k["block"] = inst.model.profile(p)["machine"]["block_bytes"] // dt["bytes"]
    k["chunk"] = COL_CHUNK_BYTES // (4 if k["CT"] == "float" else dt["bytes"])  # col-expand's narrow values per pass
    return k


def cpu_variants(inst, p, tup, k):
    """The element-wise variants, and the mode-2 block read by vectors in the x86 variants."""
    elementwise = EW.cpu_variants(inst, p, tup, k)

    def specialise(v, kv):
        elementwise(v, kv)
        kv["period"], kv["fill_block"], kv["vector"] = k["block"], "", 0
        if v["x86"] and not kv["wide"]:
            kv["vector"] = v["vector_bytes"] // CT_BYTES[k["CT"]]
            kv["period"] = max(k["block"], kv["vector"], MIN_PERIOD)
            kv["fill_block"] = f"pto_{p}__{v['name']}_repeat_block"
    return specialise


def broadcast_rows(m, B):
    """Rows an A2A3 kernel broadcasts per vbrcb (one block each): a multiple of B (the column's
    next chunk starts block aligned), at most one repeat's worth and what the scratch holds."""
    limit = min(m["max_repeat"], m["reserved_scratch_bytes"] // m["block_bytes"])
    return limit // B * B


def operand_walk(tup, name, B, narrow_walk):
    """How operand `name` walks the region: the pointer variable the kernel holds for it, its row
    stride (elements) and whether it walks the columns; narrow_walk(tup, name, B, skip_rows) is
    the narrow operand's (skip_rows: where a chunk of rows starting at r0 begins)."""
    skip_rows = f" + (size_t)r0 * {name}->cols"
    if name == tup.role("full"):
        return {"var": "full", "stride": f"{name}->cols", "along": 1, "at_r0": skip_rows}
    return narrow_walk(tup, name, B, skip_rows)


def npu_ctx(tup, B, narrow_walk):
    return {"narrow_var": operand_walk(tup, tup.role("narrow"), B, narrow_walk)["var"]}


def walks(tup, B, narrow_walk):
    """Where each operand of the program is (gen/npu.py program_ctx): a2a3 a pointer into the
    rows from r0, A5 a register (v<var>; the result is computed in the full source's)."""
    out = {"dst": {"ptr": "d + (size_t)r0 * dst->cols", "reg": "vfull"}}
    for name in (tup.role("full"), tup.role("narrow")):
        w = operand_walk(tup, name, B, narrow_walk)
        out[name] = dict(w, ptr=w["var"] + w["at_r0"], reg="v" + w["var"])
    return out


def test_operands(plan, tup, vr, vc, extra, variant, narrow_tile):
    """dst, the full source and narrow_tile(plan, tup, vr, vc, variant, B, di) for the narrow one."""
    ops = EW.dst_and_full(plan, tup, vr, vc, extra, variant, tup.role("full"))
    B = plan.E_B(tup.dtype_of("dst"))[1]
    nar = tup.role("narrow")
    ops[nar] = narrow_tile(plan, tup, vr, vc, variant, B, plan.dindex[tup.dtype_of(nar)["name"]])
    return ops


def a5_bound(vr, vc, E, narrow, ops=1):
    """A5: rows one by one (a register cannot hold two rows' broadcast values): a load of the full
    source, the program's `ops` instructions and the store per register, and the narrow values'
    instructions."""
    return LB.a5((2 + ops) * vr * LB.ceil(vc, E) + narrow)
