"""The fuzz tables of one profile: per instruction (out/fuzz/<profile>/fuzz_<instr>.c) every
entry point with a few small legal calls per tuple to start mutating from, so the fuzzer
reaches accepted calls at once and every new entry point or tuple is covered without touching
the harness (tests/fuzz/fuzz.c); out/fuzz/<profile>/fuzz_entries.c lists them all. A one-spec
edit renders only its own table."""
import model as M
import testplan

CASE_ARENA_MAX = 16 * 1024  # bytes; the fuzz arena is four times larger, room to grow shapes
CASES_PER_TUPLE = 2         # the smallest legal cases, plus every in-place case that fits
USE_ENUM = {"required": "FZ_USE_REQUIRED", "optional": "FZ_USE_OPTIONAL", "ignored": "FZ_USE_IGNORED"}


def small_cases(pl, tup):
    cases = [c for c in pl.legal_cases(tup) if c["arena"] <= CASE_ARENA_MAX]
    by_size = sorted(cases, key=lambda c: c["arena"])[:CASES_PER_TUPLE]
    return by_size + [c for c in cases if c["label"].startswith("in place") and c not in by_size]


def plan(inst, p):
    """The table of one instruction on profile p."""
    entries = []
    pl = testplan.Plan(inst, p)
    for e in inst.entries(p):
        ctx = testplan.entry_ctx(inst, p, e)
        cases = []
        for t in inst.tuples[p]:
            if t.entry["form"] != e["form"]:
                continue
            for c in small_cases(pl, t):
                cases.append({"label": f"{t.ident()} {c['label']}", "arena": c["arena"],
                              "ops": [testplan.full_desc(c["ops"].get(o)) for o in e["operands"]]})
        ctx.update(ident=ctx["c_name"], n_ops=len(e["operands"]), cases=cases,
                   use=", ".join(USE_ENUM[inst.use[p].get(o, "required")] for o in e["operands"]))
        entries.append(ctx)
    return {"entries": entries}


def index(model, p):
    """What out/fuzz/<profile>/fuzz_entries.c lists: each instruction's table and its length."""
    import outputs
    return {"tables": [{"name": i.name, "n": len(i.entries(p))} for i in outputs.fuzzed_on(model, p)],
            "last_status": "PTO_ERR_" + M.STATUSES[-1].upper()}
