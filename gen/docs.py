"""Contexts of the reference pages (out/docs/<instruction>.md, out/docs/index.md): every value a
page shows is derived here from the model, so the templates (templates/docs) only lay it out."""
import cexpr
import model as M
import outputs
import render_legality
import layouts
import testplan

# How a profile uses an optional operand (model.Instruction.operand_use), in headers and pages
USE_TEXT = {"required": "required", "optional": "optional (the legal tuples listed with it take one; others NULL)",
            "ignored": "not read (anything may be passed, NULL too)", "unused": "never taken (NULL)"}
IO_TEXT = {"in": "input", "out": "output", "tmp": "scratch (contents afterwards unspecified)"}


def page(inst):
    return f"{inst.name}.md"


def operand_rows(inst, profiles):
    k = inst.kind
    rows = []
    for op in dict.fromkeys(o for e in inst.own_entries for o in e["operands"]):  # first appearance, in order
        o = k["operands"][op]
        use = "; ".join(f"{p}: {USE_TEXT[inst.operand_use(p, op)]}" for p in profiles if op in inst.use.get(p, {}))
        prm = inst.model.params.get(o["param"]) if o["param"] else None
        what = "tile" if o["tile"] else "global tensor (pto_gm)" if o.get("gm") else "scalar (one element, any alignment)"
        if prm and prm.get("value"):
            what = f"runtime parameter ({prm['c_type']}: a number the rules read)"
        elif prm:
            what = f"runtime parameter ({prm['c_type']}: " + (
                f"0 {prm['values'][0]}, any other value {prm['values'][1]})" if prm["flag"]
                else ", ".join(M.param_consts(prm)) + "; any other value is PTO_ERR_PARAM)")
        rows.append({"name": op, "what": what, "io": IO_TEXT[o["io"]], "dtype": o["dtype"] or "-",
                     "layouts": ", ".join(o["layouts"]) if o["tile"] or o.get("gm") else "-", "use": use or "required"})
    return rows


def rule_rows(inst):
    rows = []
    for r in inst.static_rules + inst.rules:
        when = ", ".join(f"{a} = {v}" for a, v in sorted(r.when.items()))
        rows.append({"name": r.name, "check": r.text, "status": "PTO_ERR_" + r.status.upper(),
                     "when": when or "always", "on": ", ".join(r.on) or "every profile", "why": r.why,
                     "where": f"{r.file}:{r.line}", "static": r.static or r in inst.static_rules})
    return rows


def tuple_rows(inst, p):
    ignored = {o for o, u in inst.use.get(p, {}).items() if u == "ignored"}
    return [{"id": t.ident(), "entry": inst.entry_name(p, t.entry),
             "operands": " ".join(x for x in t.describe().split() if x.split("=")[0] not in ignored),
             "kernel": t.kernel, "accepted_by": ", ".join(t.sources)} for t in inst.tuples.get(p, [])] + [
        {"id": t.ident(), "entry": inst.entry_name(p, t.entry),
         "operands": " ".join(x for x in t.describe().split() if x.split("=")[0] not in ignored),
         "kernel": "not yet offered: PTO_ERR_LOC", "accepted_by": "-"} for t in inst.unoffered.get(p, [])]


def example_case(plan, tup):
    """A legal call to show: an upstream shape if the tuple has one, the smallest otherwise."""
    cases = plan.legal_cases(tup)
    if not cases:
        raise testplan.no_test_shape(plan.inst, plan.p, tup, plan.skipped)
    upstream = [c for c in cases if c["label"].startswith("upstream")]
    return min(upstream or cases, key=lambda c: c["arena"])


def example(inst, p, entry):
    """C source of one call of `entry`: buffers, descriptors and the checked call."""
    tup = next(t for t in inst.tuples[p] if t.entry["form"] == entry["form"])
    case = example_case(testplan.Plan(inst, p), tup)
    k = inst.kind
    lines, args, same = [], [], {}
    ub = inst.model.profile(p)["machine"]["ub_bytes"]
    if ub:  # tiles live in the machine's unified buffer, where the test plan put them
        lines.append(f"uint8_t *ub = (uint8_t *)pto_{p}_ub(NULL); /* tiles live in the unified buffer */")
    for op in entry["operands"]:
        d = case["ops"].get(op)
        if d is None or not d["present"] or inst.use[p].get(op) == "ignored":
            args.append("NULL")
            continue
        if d.get("param"):  # the tuple's value
            prm = inst.model.params[k["operands"][op]["param"]]
            args.append(str(d["value"]) if prm["flag"] or prm.get("value") else M.param_consts(prm)[d["value"]])
            continue
        dt = tup.dtype_of(op)
        if d.get("gm"):  # a global tensor: its elements in an array of its span, then the descriptor
            lines.append(f"static {cexpr.CTYPE[dt['name']]} {op}_data[{d['cols']}];")
            lines.append(f"pto_gm {op} = {{ {op}_data, {dt['enum']}, PTO_GM_{layouts.GM_LAYOUTS[d['layout']]}, "
                         f"{{ {', '.join(map(str, d['shape']))} }}, {{ {', '.join(map(str, d['stride']))} }} }};")
            args.append(f"&{op}")
            continue
        if not k["operands"][op]["tile"]:
            lines.append(f"{cexpr.CTYPE[dt['name']]} {op} = 0; /* {dt['name']}{' bits' if dt['name'] in ('f16', 'bf16') else ''} */")
            args.append(f"&{op}")
            continue
        key = (d["offset"], d["rows"], d["cols"])
        if key in same:  # the very tile of an earlier operand: in place
            args.append(f"&{same[key]}")
            continue
        same[key] = op
        bl, sl = M.LAYOUT_ENUMS[tup.layouts[op]]
        if ub:
            data = f"ub + {d['offset'] + testplan.GUARD}"
        else:
            data = f"{op}_data"
            lines.append(f"static {cexpr.CTYPE[dt['name']]} {op}_data[{d['rows']} * {d['cols']}];")
        lines.append(f"pto_tile {op} = {{ {data}, {dt['enum']}, PTO_{M.LOCS[d['loc']]}, PTO_{M.BLAYOUTS[bl]}, PTO_{M.SLAYOUTS[sl]}, "
                     f"{d['rows']}, {d['cols']}, {d['valid_rows']}, {d['valid_cols']} }};")
        args.append(f"&{op}")
    lines.append(f"pto_status st = {inst.entry_name(p, entry)}({', '.join(args)});")
    return {"entry": inst.entry_name(p, entry), "tuple": tup.ident(), "shape": case["label"].rsplit(" ", 1)[0],
            "code": "\n".join(lines)}


def instruction_ctx(model, inst, notes, params):
    """notes: the instruction header's notes; params(inst, entry): an entry point's C parameters."""
    kp = outputs.kernel_profiles(model)
    profiles = [{"name": p, "title": model.profile(p)["title"], "kernels": p in kp,
                 "accepts": ", ".join(model.profile(p)["accepts"]), "tuples": tuple_rows(inst, p),
                 "entries": [{"name": inst.entry_name(p, e), "params": params(inst, e)}
                             for e in inst.entries(p) + inst.refused_entries(p)],
                 "examples": [example(inst, p, e) for e in inst.entries(p)] if p in kp else [],
                 "refused": M.REFUSED.format(inst=inst.name.upper(), p=p) if inst.unoffered.get(p) else "",
                 "ub": model.profile(p)["machine"].get("ub_bytes", 0)}
                for p in model.profile_names if inst.tuples.get(p) or inst.unoffered.get(p)]
    return {"inst": inst, "name": inst.name, "upper": inst.name.upper(), "summary": inst.d["summary"],
            "family": inst.d["family"], "kind": inst.kind_name, "spec": inst.file, "math": inst.d["math_text"],
            "forms": [(f, inst.math_text(f)) for f in sorted(inst.forms)], "notes": notes,
            "about": " ".join(ln.strip() for ln in inst.d.get("about") or [] if ln.strip()),
            "operands": operand_rows(inst, [p for p in model.profile_names if p in inst.use]),
            "rules": rule_rows(inst), "profiles": profiles}


def index_ctx(model):
    counts = {}
    for line in render_legality.lines(model):
        if not line.startswith("#"):
            inst, p = line.split()[:2]
            counts[(inst, p)] = counts.get((inst, p), 0) + 1
    return {"profiles": [{"name": p, "title": model.profile(p)["title"], "kernels": model.profile(p)["kernels"],
                          "accepts": ", ".join(model.profile(p)["accepts"]) or "-",
                          "machine": ", ".join(f"{k} {v}" for k, v in sorted(model.profile(p)["machine"].items()))}
                         for p in model.profile_names],
            "pages": [{"name": i.name, "page": page(i), "family": i.d["family"], "kind": i.kind_name,
                              "summary": i.d["summary"], "math": i.d["math_text"],
                              "counts": [counts.get((i.name, p), 0) for p in model.profile_names]}
                             for i in model.instructions],
            "coverage": coverage(model), "profile_names": model.profile_names}


def coverage(model):
    """The families of spec/families.lua against the specs (out/docs/index.md, and
    out/instructions.md for docs/instructions.md): per family how many of its instructions have a
    spec and how many each profile accepts, and one row per instruction it lists, in its order:
    the spec's entry points, kind and profiles, or the planned entry points."""
    by_name = {i.name: i for i in model.instructions}
    profiles, families, rows = model.profile_names, [], []
    for f in model.families:
        mine = []
        for item in f["instructions"]:
            inst = by_name.get(item["name"])
            mine.append({"name": item["name"], "upper": item["name"].upper(), "family": f["name"],
                         "entries": inst.d["entry_points"] if inst else item.get("entries") or [],
                         "kind": inst.kind_name if inst else None, "page": page(inst) if inst else None,
                         "spec": inst.file if inst else None,
                         "profiles": [p for p in profiles if inst and inst.tuples.get(p)]})
        families.append({"name": f["name"], "title": f["title"], "size": len(mine),
                         "done": sum(1 for r in mine if r["kind"]),
                         "profiles": [sum(1 for r in mine if p in r["profiles"]) for p in profiles]})
        rows += mine
    total = {"size": len(rows), "done": sum(f["done"] for f in families),
             "profiles": [sum(f["profiles"][i] for f in families) for i in range(len(profiles))]}
    return {"families": families, "total": total, "rows": rows, "profiles": profiles}
