"""The legality matrix: one line per legal tuple, per instruction and profile, sorted."""


def lines(model):
    out = []
    for inst in model.instructions:
        for p in model.profile_names:
            ignored = [o for o, u in inst.use.get(p, {}).items() if u == "ignored"]
            for t in inst.tuples.get(p, []):
                shown = " ".join(x for x in t.describe().split() if not any(x.startswith(o + "=") for o in ignored))
                out.append(f"{inst.name} {p} {t.ident()}  {shown}  {t.kernel}")
    return out
