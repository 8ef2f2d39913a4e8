"""The benchmark's cases for one instruction on one profile, derived from the spec: the tuples
that stand for the instruction (one per entry form, element dtype and layout-derived axis such
as mode), the benchmark shapes, and the operand tiles of each case (the conformance plan's, with
the dst-shaped tiles given the benchmark's storage, so model.verify has accepted every case).
A kind may choose its own cases (bench_cases: the movement kinds time the moves upstream's
programs make, each between its locations, and global tensors) and add shapes (BENCH_SHAPES)."""
import os

import kinds
import lowerbound
import model as M
import testplan

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The element dtypes timed (the issue's dtype classes), where the instruction has them.
DTYPES = ["f32", "f16", "bf16", "i32", "i16"]
# (label, storage rows, storage cols, valid rows, valid cols) of the dst-shaped tiles
SHAPES = [("16x16", 16, 16, 16, 16), ("64x128", 64, 128, 64, 128),
          ("60x100 in 64x128", 64, 128, 60, 100), ("128x256", 128, 256, 128, 256)]
OP_KIND = {"in": "B_IN", "out": "B_OUT", "tmp": "B_IN"}
GM_KIND = {"in": "B_GM_IN", "out": "B_GM_OUT"}  # a global tensor (pto_gm)


def main_dtype(tup):
    """The dtype a case is filed under: its kind's main operand's (src's for reductions: the outputs are indices)."""
    return tup.dtype_of(kinds.of(tup.inst).MAIN_OPERAND)


def variant(tup):
    """The axes that change what a kernel's loops do: the entry form (when there are several),
    the layout-derived axes (row-expand mode) and flags (TCOLSUM's order); operand order, tmp
    and an enumerated parameter (a compare mode: the same loops) do not."""
    k, m = tup.inst.kind, tup.inst.model
    own = getattr(kinds.of(tup.inst), "bench_variant", None)
    if own:
        return own(tup)
    parts = [tup.entry["form"]] if len(tup.inst.own_entries) > 1 else []
    parts += [tup.axes[a["name"]] for a in k["axes"]
              if a["derive"] == "layout" or a["derive"] == "param" and m.params[a["param"]]["flag"]]
    return ".".join(parts) or "-"


def representatives(inst, p):
    """The first legal tuple of each (variant, main dtype among DTYPES): in the sorted tuple order
    that is the normal operand order, no tmp and the lowest index dtype."""
    first = {}
    own = getattr(kinds.of(inst), "bench_variant", None)  # a kind's own: which tuples stand for it, and how
    for t in inst.tuples.get(p, []):
        v = own(t) if own else variant(t)
        if main_dtype(t)["name"] in DTYPES and v is not None:
            first.setdefault((v, main_dtype(t)["name"]), t)
    return sorted(first.values(), key=lambda t: ((own or variant)(t), DTYPES.index(main_dtype(t)["name"])))


def bench_ops(plan, tup, rows, cols, vr, vc):
    """The conformance plan's operands for a vr x vc case, with every tile that has dst's valid
    region stored rows x cols (narrow operands and index columns keep their shapes)."""
    ops = plan.operands(tup, vr, vc, 0, 0)
    for d in ops.values():
        if not d.get("scalar") and not d.get("param") and (d["valid_rows"], d["valid_cols"]) == (vr, vc):
            d["rows"], d["cols"] = rows, cols
    return ops


def bench_case(plan, tup, rows, cols, vr, vc):
    """The case of bench_ops, or None if the tuple does not accept the shape."""
    return plan.case(tup, "bench", bench_ops(plan, tup, rows, cols, vr, vc), 0, "H_FILL_RANDOM")


def legal_case(plan, tup, ops):
    """The case of operands `ops` (a kind's own, bench_cases), or None unless model.verify accepts
    them as this tuple (a box that does not divide the shape, a location the move does not take)."""
    if ops is None:
        return None
    for ax in plan.inst.kind["axes"]:  # the runtime parameters of the tuple's axes (relu), as the conformance plan's
        if ax["derive"] == "param" and ax["of"] not in ops:
            ops[ax["of"]] = {"present": 1, "param": True, "value": plan.model.params[ax["param"]]["values"].index(tup.axes[ax["name"]])}
    trial = {name: dict(d) for name, d in ops.items()}
    plan.layout_arena(tup, trial)
    got = M.verify(plan.inst, plan.p, tup.entry["form"], plan.descs(tup, trial), plan.ub_origin)
    if got[0] != "ok" or got[1] is not tup:
        return None
    return plan.case(tup, "bench", ops, 0, "H_FILL_RANDOM")


def cases_of(inst, p, plan):
    """[(tuple, variant label, operands(rows, cols, vr, vc) -> the case or None)]: the kind's own
    (bench_cases), else the representative tuples on bench_ops."""
    own = getattr(kinds.of(inst), "bench_cases", None)
    if own:
        return [(t, label, lambda *shape, t=t, ops=ops: legal_case(plan, t, ops(*shape))) for t, label, ops in own(plan)]
    return [(t, variant(t), lambda *shape, t=t: bench_case(plan, t, *shape)) for t in representatives(inst, p)]


def shift_counts(inst, tup):
    """The operands the math reads as shift counts: the second argument of an operation whose
    lowering names a count rule (spec/ops.lua count). The driver fills them with counts below the
    width, as programs shift: random bits would shift nearly every element out (a count of the
    width or more) and time a fill of zeros, which gcc makes a memset call per row."""
    counting = {o["name"] for o in inst.model.ops if any("count" in lw for lw in (o.get("lower") or {}).values())}
    found = set()

    def walk(e):
        if e["op"] == "call":
            if e["fn"] in counting and len(e["args"]) > 1 and e["args"][1]["op"] == "ref":
                found.add(e["args"][1]["name"])
            for a in e["args"]:
                walk(a)
    walk(inst.math(tup.entry["form"]))
    return found


def operand_rows(inst, p, tup, case):
    """Per operand: what it is to the driver (absent, scalar, in, out), its tile fields, and for a
    shift count the width its values stay below (shift_counts; 0: any)."""
    dnames = [d["name"] for d in inst.model.dtype_list]
    counts = shift_counts(inst, tup)
    out = []
    for name in tup.entry["operands"]:
        d = case["ops"].get(name)
        row = testplan.full_desc(d)
        row["below"] = tup.dtype_of(name)["bits"] if name in counts else 0
        if d is None or not d["present"] or inst.use[p].get(name) == "ignored":
            row["kind"] = "B_ABSENT"
        elif d.get("param"):
            row["kind"] = "B_PARAM"
        elif d.get("scalar"):
            row.update(kind="B_SCALAR", dtype=dnames.index(tup.dtype_of(name)["name"]))
        elif d.get("gm"):
            row["kind"] = GM_KIND[inst.kind["operands"][name]["io"]]
        else:
            row["kind"] = OP_KIND[inst.kind["operands"][name]["io"]]
        out.append(row)
    return out


def region_bytes(inst, row):
    """The bytes of an operand row's valid region."""
    return row["valid_rows"] * row["valid_cols"] * inst.model.dtype_list[row["dtype"]]["bytes"]


def stream(inst, rows):
    """The tile the kernel streams through: the one with the most bytes in its valid region, an
    input before an output of the same size (a reduction reads more than it writes, a broadcast
    writes more than it reads; a tile, not a global tensor: a move's tile holds as many). memcpy
    copies as many bytes."""
    tiles = [i for i, r in enumerate(rows) if r["kind"] in ("B_IN", "B_OUT")]
    return max(tiles, key=lambda i: (region_bytes(inst, rows[i]), rows[i]["kind"] == "B_IN", -i))


def copy_bytes(inst, tup, rows, stream_i):
    """The bytes memcpy copies: half of those the kernel reads and writes in its tiles' valid
    regions (memcpy reads and writes each byte it copies: a two-source kind reads two tiles and
    writes a third, so memcpy copies one and a half), and never fewer than the stream's region
    (a broadcast writes a whole tile out of a column). tmp is scratch, not traffic."""
    io = inst.kind["operands"]
    traffic = sum(region_bytes(inst, r) for name, r in zip(tup.entry["operands"], rows)
                  if r["kind"] in ("B_IN", "B_OUT") and io[name]["io"] != "tmp")
    return max(region_bytes(inst, rows[stream_i]), (traffic + 1) // 2)


def context(inst, p, plain_ctx):
    """The bench file's context: the representative tuples with their kernel and plain loop
    (plain_ctx(tup) gives the loop's names, types and math), the cases, and a note when the
    instruction has none."""
    if not os.path.exists(os.path.join(ROOT, "templates", "bench", inst.kind_name + ".c.j2")):
        return {"tuples": [], "cases": [], "entries": [],
                "note": f"{inst.name}: no plain loop for kind {inst.kind_name} (templates/bench/{inst.kind_name}.c.j2)"}
    plan = testplan.Plan(inst, p)
    tuples, cases = [], []
    for t, var, make in cases_of(inst, p, plan):
        cname = t.ident().replace(".", "_")
        before = len(cases)
        for label, rows, cols, vr, vc in SHAPES + getattr(kinds.of(inst), "BENCH_SHAPES", []):
            case = make(rows, cols, vr, vc)
            if case is not None:
                ops = operand_rows(inst, p, t, case)
                s = stream(inst, ops)
                cases.append({"variant": var, "dtype": main_dtype(t)["name"], "shape": label, "cname": cname,
                              "form": t.entry["form"], "ops": ops, "stream": s, "copy_bytes": copy_bytes(inst, t, ops, s),
                              "elems": vr * vc})
        if len(cases) > before and cname not in [x["cname"] for x in tuples]:  # a kernel and loop once per tuple
            tuples.append({"cname": cname, "ident": t.ident(), "kernel": t.kernel,
                           "kernel_casts": testplan.casts(inst, t.entry["operands"], kernel=True), "plain": plain_ctx(t)})
    forms = {c["form"] for c in cases}
    entries = [{"form": e["form"], "c_name": inst.entry_name(p, e), "casts": testplan.casts(inst, e["operands"])}
               for e in inst.entries(p) if e["form"] in forms]
    note = "" if cases else f"{inst.name}: none of {', '.join(DTYPES)} is legal on {p}"
    return {"tuples": tuples, "cases": cases, "entries": entries, "note": note}


def counter_context(model, p):
    """The NPU counter section's cases for profile p (out/bench/<p>/counters.c): every
    instruction's representative tuples on the benchmark shapes, with their tiles placed in the
    unified buffer as the conformance plan places them, and the analytic lower bound."""
    cases, entries, notes = [], [], []
    for inst in model.instructions_on(p):
        plan = testplan.Plan(inst, p)
        for t in representatives(inst, p):
            entry = f"entry_{inst.name}_{t.entry['form']}"
            if entry not in [e["name"] for e in entries]:
                entries.append({"name": entry, "c_name": inst.entry_name(p, t.entry), "casts": testplan.casts(inst, t.entry["operands"])})
            for label, rows, cols, vr, vc in SHAPES:
                ops, same = bench_ops(plan, t, rows, cols, vr, vc), None
                if not plan.fits_ub(t, ops):  # as upstream's tests do: dst on its full source
                    same = plan.dst_on_full(t)
                    label += " in place"
                if same is not None and not plan.fits_ub(t, ops, same) or same is None and not plan.fits_ub(t, ops):
                    notes.append(f"{inst.name} {variant(t)} {main_dtype(t)['name']} {label}: does not fit in UB")
                    continue
                case = plan.case(t, "bench", ops, 0, "H_FILL_RANDOM", same_as=same)
                if case is None:
                    continue
                lb = lowerbound.bound(inst, p, t, vr, vc, cols)
                cases.append({"instr": inst.name, "variant": variant(t), "dtype": main_dtype(t)["name"], "shape": label,
                              "ops": operand_rows(inst, p, t, case), "entry": entry, "metric": lb["metric"],
                              "bound": lb["value"], "bound_instructions": lb["instructions"]})
    return {"cases": cases, "entries": entries, "guard": testplan.GUARD, "notes": notes}
