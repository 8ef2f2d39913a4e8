"""The enumerated legal tuples: the legality matrix (text, one line per tuple, sorted) and the
manifest (JSON: the same tuples with what a consumer of out/ needs to call them)."""
import json


def lines(model):
    """The matrix: a header and, per instruction, a comment naming its reference page (rendered
    from the same specs), then one line per tuple: instruction profile id  operands axes  kernel."""
    out = ["# Legal operand tuples (gen/ptogen list): instruction profile tuple  operands and axes  kernel.",
           "# Reference pages, one per instruction, with math, constraints and C calls: out/docs/index.md"]
    for inst in model.instructions:
        out.append(f"# {inst.name}: out/docs/{inst.name}.md")
        for p in model.profile_names:
            ignored = [o for o, u in inst.use.get(p, {}).items() if u == "ignored"]
            for t in inst.tuples.get(p, []):
                shown = " ".join(x for x in t.describe().split() if not any(x.startswith(o + "=") for o in ignored))
                out.append(f"{inst.name} {p} {t.ident()}  {shown}  {t.kernel}")
            for t in inst.unoffered.get(p, []):  # upstream's legal set, which this profile does not offer yet
                shown = " ".join(x for x in t.describe().split() if not any(x.startswith(o + "=") for o in ignored))
                out.append(f"{inst.name} {p} {t.ident()}  {shown}  not yet offered: PTO_ERR_LOC")
    return out


def manifest(model):
    insts = []
    for inst in model.instructions:
        per_profile = {}
        for p in model.profile_names:
            used = [op for op in inst.kind["operands"] if inst.use.get(p, {}).get(op) != "ignored"]
            per_profile[p] = [{
                "id": t.ident(), "form": t.entry["form"], "entry": inst.entry_name(p, t.entry), "kernel": t.kernel,
                "dtypes": {op: t.dtype_of(op)["name"] for op in t.ops if op in t.layouts and op in used},
                "layouts": {op: t.layouts[op] for op in t.ops if op in t.layouts and op in used},
                "axes": {a: v for a, v in t.axes.items() if a != "form"},
                "rules": [r.name for r in t.rules], "accepted_by": t.sources,
            } for t in inst.tuples.get(p, [])]
        insts.append({"name": inst.name, "kind": inst.kind_name, "family": inst.d["family"], "spec": inst.file,
                      "summary": inst.d["summary"], "math": inst.d["math_text"], "tuples": per_profile})
    doc = {"profiles": [{"name": p, "kernels": model.profile(p)["kernels"], "accepts": model.profile(p)["accepts"]}
                        for p in model.profile_names],
           "instructions": insts}
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"
