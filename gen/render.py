"""Renders one part of out/ (gen/outputs.py part(): one instruction's files, the base files or
the index files) from build/spec/ (gen/specsplit.py): Jinja2 with StrictUndefined, every
output of the part rendered in memory first and then written only where its bytes changed (so
ninja's restat skips recompiling what did not change, and a failed render leaves out/ as it
was).

Usage: python3 gen/render.py PART build/spec/shared.json [build/spec/<instruction>.json ...]
       python3 gen/render.py index build/spec/shared.json build/spec/shared-families.json [build/spec/<instruction>.json ...]
"""
import multiprocessing
import os
import sys
# the generator's modules (and Jinja2's) compiled once, into build/pycache, whether or not the
# environment sets PYTHONDONTWRITEBYTECODE: compiling them was a quarter of a small instruction's render
sys.dont_write_bytecode = False
sys.pycache_prefix = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "pycache")
import textwrap

import jinja2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchplan  # noqa: E402
import cexpr  # noqa: E402
import cppapi  # noqa: E402
import cpuisa  # noqa: E402
import docs  # noqa: E402
import fuzzplan  # noqa: E402
import kinds  # noqa: E402
import layouts  # noqa: E402
import machine  # noqa: E402
import npu  # noqa: E402
import model as M  # noqa: E402
import outputs  # noqa: E402
import reductions  # noqa: E402
import render_legality  # noqa: E402
import specsplit  # noqa: E402
import testplan  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

STATUS_DOCS = {
    "null": "a required operand, or the data of a given tile, is NULL",
    "loc": "a tile is not in a location its operand takes (PTO_VEC, or the matrix unit's LEFT, RIGHT, ACC, BIAS)",
    "dtype": "a dtype is unknown, operands that share a dtype differ, or the dtype combination is not legal here",
    "layout": "a layout is unknown (Nn too), or the layout combination or operand order is not legal here",
    "tmp": "tmp is given where this form takes none, or tmp is missing or too small",
    "shape": "a storage shape is empty, too large, not 32-byte aligned in its contiguous dimension (not whole boxes, boxed), or breaks a shape rule",
    "valid": "a valid region is empty, exceeds its tile, or does not match the other operands",
    "alias": "a written tile overlaps another operand (only an output that is the very same tile as a source it may replace is allowed)",
    "align": "a data pointer is not aligned as the profile requires",
    "placement": "a tile lies outside the unified buffer or in its reserved scratch",
    "param": "a runtime parameter is outside its type's values, or a value this call's dtypes do not take here",
}
CTYPE = cexpr.CTYPE


def status_enum(s):
    return "PTO_ERR_" + s.upper()


def statuses():
    return [{"enum": status_enum(s), "doc": STATUS_DOCS[s]} for s in M.STATUSES]


def c_param(inst, o):
    """An entry point's parameter for operand o."""
    od = inst.kind["operands"][o]
    if od["param"]:
        return f"{inst.model.params[od['param']]['c_type']} {o}"
    return ("const pto_tile *" if od["tile"] else "const pto_gm *" if od.get("gm") else "const void *") + o


def params(inst, entry):
    return ", ".join(c_param(inst, o) for o in entry["operands"])


def refused_ctx(inst, p, entry):
    """An entry point profile p lists but does not offer yet (model.verify: NULL checks, then
    PTO_ERR_LOC): its name, parameters and the C of its NULL checks."""
    checks = []
    for o in entry["operands"]:
        od, use = inst.kind["operands"][o], inst.use[p].get(o, "required")
        required = not od["optional"] or use == "required"
        if od["param"] or use == "ignored":
            checks.append(f"(void){o};")
        elif od["tile"] or od.get("gm"):
            checks.append(f"if ({'!' + o + ' || ' if required else o + ' && '}!{o}->data) return PTO_ERR_NULL;")
        else:
            checks.append(f"if (!{o}) return PTO_ERR_NULL;" if required else f"(void){o};")
    return {"c_name": inst.entry_name(p, entry), "params": params(inst, entry), "checks": checks}


def kernel_operands(inst, entry):
    """A kernel's operands: the entry's, less its runtime parameters (each tuple has its own kernel),
    unless its kind's kernels take them (spec/kinds.lua param_args: one kernel for every value)."""
    return [o for o in entry["operands"] if inst.kind.get("param_args") or not inst.kind["operands"][o]["param"]]


def kernel_params(inst, entry):
    return ", ".join(c_param(inst, o) for o in kernel_operands(inst, entry))


def kernel_ctx(inst, p, tup, prefix=None, convert_all=False):
    """What templates/<p>/<kind>.c.j2 needs for one kernel; prefix names the element operations;
    convert_all: f16/bf16 go through f32 even where the math is exact on the stored bits."""
    k = element_ctx(inst, p, tup, prefix, convert_all)
    if inst.model.profile(p)["isa"] and prefix is None:  # a machine model's kernel
        k.update(npu.kernel_ctx(inst, p, tup))
    if cpuisa.has_variants(inst.model, p) and prefix is None:  # one body per ISA variant
        k["variants"] = cpuisa.kernel_variants(p, k, kinds.of(inst).cpu_variants(inst, p, tup, k))
    return k


def with_body(inst, p, tup, k):
    """Kernel k, calling a body its kind shares between kernels (gen/kinds/<kind>.py body: the
    movement kinds' copies, one per element size) where it has one on a cpu profile: k["body"]
    the call, k["body_ctx"] the body's context (its ISA variants and dispatcher, static)."""
    body = getattr(kinds.of(inst), "body", None)
    b = body(inst, p, tup, k) if body and cpuisa.has_variants(inst.model, p) else None
    if not b:
        return k
    shared = {x: y for x, y in k.items() if x != "variants"}
    shared.update(name=b["name"], params=b["params"], call_args=", ".join(x.split()[-1].lstrip("*") for x in b["params"].split(",")),
                  shared=True, S=b["elements"], D=b["elements"], ident=b["ident"], remap=dict(k["remap"], helper=b["name"]))
    shared["variants"] = cpuisa.kernel_variants(p, shared, kinds.of(inst).cpu_variants(inst, p, tup, shared))
    return dict({x: y for x, y in k.items() if x != "variants"}, body={"name": b["name"], "args": b["args"], "first": b.get("first", [])}, body_ctx=shared)


def bodies_and_kernels(kernels):
    """The kernels in the order of the file: a shared body before the first kernel that calls it."""
    out, seen = [], set()
    for k in kernels:
        if "body" in k and k["body"]["name"] not in seen:
            seen.add(k["body"]["name"])
            out.append(k["body_ctx"])
        out.append(k)
    return out


def element_ctx(inst, p, tup, prefix=None, convert_all=False):
    """The kernel's names and the kind's types, math and operand roles (gen/kinds/<kind>.py)."""
    prefix = prefix or f"pto_{p}"
    k = {"name": tup.kernel, "params": kernel_params(inst, tup.entry), "call_args": ", ".join(kernel_operands(inst, tup.entry)),
         "ident": tup.ident(), "form": tup.entry["form"]}
    k.update(kinds.of(inst).element_ctx(inst, p, tup, prefix, convert_all))
    return k


def plain_ctx(inst, p, tup):
    """The benchmark's plain loop of a tuple (templates/bench/<kind>.c.j2): the kernel's names,
    types and math on the naive element operations of bench/harness/plain.h (prefix plain),
    converting every f16/bf16 element, as a naive implementation does."""
    k = kernel_ctx(inst, p, tup, prefix="plain", convert_all=True)
    k["name"] = "plain_" + tup.ident().replace(".", "_")
    k.update(kinds.of(inst).plain_ctx(inst, p, tup))
    return k


def header_notes(inst, profiles, width=96):
    """Comment lines of an instruction header (wrapped to `width`; None: one per note): what the
    call decides and which operands it uses. The reference pages show the same notes."""
    k = inst.kind
    notes = [k["doc"]] + kinds.of(inst).notes(inst)
    if k["in_place"]:
        pairs = "; ".join(f"{out} may be the {' or the '.join(srcs)} source"
                          for out, srcs in sorted(k["in_place"].items()))
        same = ("every descriptor field equal but the dtype, which has the same size" if k.get("converts")
                else "every descriptor field equal")
        notes.append(f"In place (the very same tile: {same}): {pairs}. No other overlap is accepted.")
    for op, o in sorted(k["operands"].items()):
        if o["optional"]:
            notes.append(f"{op}: " + "; ".join(f"{p}: {docs.USE_TEXT[inst.operand_use(p, op)]}" for p in profiles) + ".")
    return notes if width is None else [line for n in notes for line in textwrap.wrap(n, width)]


def entry_ctx(inst, p, entry):
    k = inst.kind
    prof = inst.model.profile(p)
    ops = entry["operands"]
    tuples = [t for t in inst.tuples[p] if t.entry["form"] == entry["form"]]
    n = len(ops)
    slots = {o: i for i, o in enumerate(ops)}
    if k["roles"]:
        slots["full"], slots["narrow"] = n, n + 1
    rules = [r for r in inst.rules if any(r in t.rules for t in tuples)]
    values = M.value_ops(inst)  # value params the rules read from the call's arguments
    axes = [a for a in k["axes"] if a["derive"] != "form"]
    # operands of one dtype variable share a dvar; an operand of any dtype (M.ANY) has one of its own
    dvars = sorted({k["operands"][o]["dtype"] for o in ops if k["operands"][o]["dtype"] not in (False, M.ANY)})
    dvars += [o for o in ops if k["operands"][o]["dtype"] == M.ANY]
    kernels, kernel_index = [], {}
    for t in tuples:
        if t.kernel not in kernel_index:
            kernel_index[t.kernel] = len(kernels)
            kernels.append(with_body(inst, p, t, kernel_ctx(inst, p, t)))
    prefix = f"pto_{p}"
    dnames = [d["name"] for d in inst.model.dtype_list]
    ops_ctx = []
    for o in ops:
        od = k["operands"][o]
        partners = (k["in_place"] or {}).get(o, [])
        mask = " | ".join(f"1u << {slots[s]}" for s in partners) or "0"
        ops_ctx.append({"name": o, "partners": ", ".join(partners), "tile": int(od["tile"]), "io": od["io"].upper(),
                        "locs": " | ".join(f"1u << PTO_{x}" for x in od["locs"]) or "0",
                        "use": inst.use[p].get(o, "required").upper(),
                        "dvar": dvars.index(o if od["dtype"] == M.ANY else od["dtype"]) if od["dtype"] else 0,
                        "in_place": mask, "gm": int(bool(od.get("gm"))), "param": int(bool(od["param"]))})
    none = f"PTO_{p.upper()}_NO_VALUE"
    t_ctx = []
    for t in tuples:
        t_ctx.append({
            "ident": t.ident(),
            "dtypes": ", ".join(inst.model.dtypes[t.dvars[k["operands"][o]["dtype"]]]["enum"]
                                if o in t.layouts and k["operands"][o]["dtype"] != M.ANY else none for o in ops),
            "layouts": ", ".join(f"PTO_{p.upper()}_{'GM_' if k['operands'][o].get('gm') else ''}{t.layouts[o].upper()}"
                                 if o in t.layouts else none for o in ops),
            "axes": ", ".join(str(a["values"].index(t.axes[a["name"]])) for a in axes) or "0",
            "rules": sum(1 << i for i, r in enumerate(rules) if r in t.rules),
            "kernel_index": kernel_index[t.kernel], "sized": sum(1 << i for i, o in enumerate(ops) if o in t.sized)})
    roles = k["roles"] or {}
    return {
        "c_name": inst.entry_name(p, entry), "params": params(inst, entry), "n_ops": n,
        # a runtime parameter reaches the verifier as an int
        "param_ops": [o for o in ops if k["operands"][o]["param"]],
        "args": [f"&{o}_value" if k["operands"][o]["param"] else o for o in ops],
        "call_args": ", ".join(kernel_operands(inst, entry)), "kernel_params": kernel_params(inst, entry), "operands": ops_ctx,
        "n_axes": len(axes),
        "axes": [{"name": a["name"], "derive": axis_derive(inst, a),
                  "of": ops.index(a["of"]) if a["derive"] in ("presence", "param", "loc") else 0,
                  "n_values": len(a["values"]), "status_enum": status_enum(a["status"]), "loc_values": loc_values(a)}
                 for a in axes],
        "full": ", ".join(str(ops.index(roles["full"][v])) for v in ("normal", "swap")) if roles else "-1, -1",
        "narrow": ", ".join(str(ops.index(roles["narrow"][v])) for v in ("normal", "swap")) if roles else "-1, -1",
        "rules": [{"name": r.name, "why": r.why, "file": r.file, "line": r.line, "status_enum": status_enum(r.status),
                   "text": r.text, "c": cexpr.rule_c(r.ast, prefix, values),
                   "reads": [{"name": n, "slot": slots[n]} for n in M.rule_operands(r.ast)],
                   "values": [{"name": n, "arg": ops.index(n)} for n in M.rule_values(r.ast, values)]} for r in rules],
        "tuples": t_ctx, "kernels": kernels, "_dnames": dnames, "retype": bool(k.get("converts")),
    }


def loc_values(a):
    """A loc axis's value per pto_loc, 4 bits each (0xF: no value), as C; "" for another axis."""
    if a["derive"] != "loc":
        return ""
    bits = 0
    for n, loc in enumerate(M.LOCS):
        v = next((i for i, x in enumerate(a["values"]) if a["map"][x] == loc), 0xF)
        bits |= v << (4 * n)
    return f"0x{bits:x}u"


def axis_derive(inst, a):
    """The verifier's name for how an axis is derived (a param is an enum or a flag)."""
    if a["derive"] == "param":
        return "FLAG" if inst.model.params[a["param"]]["flag"] else "ENUM"
    return a["derive"].upper()


class Renderer:
    def __init__(self, model):
        self.model = model
        # compiled templates are cached across the render edges (keyed by each template's source):
        # compiling them was a third of an instruction's render
        cache = os.path.join(ROOT, "build", "jinja")
        os.makedirs(cache, exist_ok=True)
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(ROOT, "templates")),
                                      undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                                      keep_trailing_newline=True, autoescape=False,
                                      bytecode_cache=jinja2.FileSystemBytecodeCache(cache))

    def context(self, what):
        kind, p, inst = what
        m = self.model
        base = {"dtypes": m.dtype_list, "statuses": statuses(), "instructions": m.instructions,
                "max_ops": max(len(e["operands"]) for k in m.kinds.values() for e in k["entries"]),
                "param_enums": [{"c_type": x["c_type"], "doc": x["doc"], "consts": M.param_consts(x)}
                                for x in m.params.values() if not x["flag"] and not x.get("value")]}
        base.update(layouts.c_context())
        if kind in ("verify", "ops", "instruction", "test", "refused"):
            prof = m.profile(p)
            base.update(p=p, P=p.upper(), machine=sorted(prof["machine"].items()), machine_map=prof["machine"],
                        buffers=prof["buffers"],
                        profile_headers=[f"pto/{n}" for n, _ in outputs.profile_files(p, "include")],
                        first_headers=outputs.first_headers(p),
                        max_axes=max(1, max(len(k["axes"]) for k in m.kinds.values())))
        if kind == "ops":
            base["ints"] = [{"name": d["name"], "enum": d["enum"], "ctype": CTYPE[d["name"]], "bits": d["bits"],
                             "sign": d["class"].upper()}
                            for d in m.dtype_list if d["class"] != "float" and not d["conversion_only"]]
            # every dtype as the conversions take it (runtime/common/pto_cvt.h)
            base["formats"] = [{"name": d["name"], "enum": d["enum"], "cls": "FLOAT" if d["class"] == "float" else "INT",
                                "args": (f"{d['exponent_bits']}u, {d['fraction_bits']}u, {int(d['finite'])}u"
                                         if d["class"] == "float" else f"{d['bits']}u, {int(d['class'] == 'signed')}u")}
                               for d in m.dtype_list]
            base["halfs"] = [{"name": d["name"], "inf": f"0x{((1 << d['exponent_bits']) - 1) << d['fraction_bits']:04x}u"}
                             for d in m.dtype_list if d["class"] == "float" and d["bits"] == 16]
            if m.profile(p)["isa"]:
                base.update(machine.context(m, p))
            if cpuisa.has_variants(m, p):
                base.update(variants=cpuisa.variants(p), reduce_lanes=cpuisa.REDUCE_LANES,
                            reductions=[dict(reductions.reduction(fn), rank=cpuisa.float_rank(fn))
                                        for fn in reductions.REDUCTIONS])
        if kind == "umbrella":
            base["profile_headers"] = outputs.public_headers(m)
        if kind == "header":
            kp = [m.profile(p) for p in outputs.kernel_profiles(m)]
            base.update(inst=inst, profiles=kp, notes=header_notes(inst, [q["name"] for q in kp]),
                        entries={q["name"]: [{"c_name": inst.entry_name(q["name"], e), "params": params(inst, e)}
                                             for e in inst.entries(q["name"])] for q in kp},
                        kernels={q["name"]: [c for e in inst.entries(q["name"])
                                             for c in entry_ctx(inst, q["name"], e)["kernels"]] for q in kp},
                        refused={q["name"]: [refused_ctx(inst, q["name"], e) for e in inst.refused_entries(q["name"])]
                                 for q in kp})
        if kind == "memo_entries":
            kp = outputs.kernel_profiles(m)
            base.update(inst=inst, profiles=kp,
                        entries={q: [{"c_name": inst.entry_name(q, e), "params": params(inst, e)} for e in inst.entries(q)]
                                 for q in kp})
        if kind == "refused":
            base.update(inst=inst, entries=[refused_ctx(inst, p, e) for e in inst.refused_entries(p)],
                        why=M.REFUSED.format(inst=inst.name.upper(), p=p))
        if kind == "instruction":
            entries = [entry_ctx(inst, p, e) for e in inst.entries(p)]
            base.update(inst=inst, entries=entries, kernels=bodies_and_kernels([k for e in entries for k in e["kernels"]]),
                        support_headers=outputs.support_headers(p), first_headers=outputs.first_headers(p))
        if kind == "test":
            cross = outputs.cross_profile(m, p)
            forms = {e["form"] for e in inst.entries(cross)} if cross else set()
            base.update(inst=inst, plan=testplan.plan(inst, p), sim=bool(m.profile(p)["isa"]), cross=cross,
                        isa_variants=cpuisa.has_variants(m, p),
                        cross_entries={e["form"]: inst.entry_name(cross, e) for e in inst.entries(p)
                                       if e["form"] in forms})
        if kind == "fuzz":
            base.update(p=p, inst=inst, plan=fuzzplan.plan(inst, p))
        if kind == "fuzz_index":
            base.update(p=p, P=p.upper(), plan=fuzzplan.index(m, p), sim=bool(m.profile(p)["isa"]))
        if kind == "doc":
            notes = header_notes(inst, [q for q in m.profile_names if q in inst.use], width=None)
            base.update(docs.instruction_ctx(m, inst, notes, params))
        if kind == "doc_index":
            base.update(docs.index_ctx(m))
        if kind == "doc_instructions":  # docs/instructions.md
            base.update(coverage=docs.coverage(m))
        if kind == "cpp":
            base.update(cppapi.context(inst))
        if kind == "cpp_test":
            base.update(t=cppapi.test_context(inst))
        if kind == "cpp_profile_test":
            base.update(cppapi.profile_test_context(m, p))
        if kind == "cpp_params":
            base.update(enums=cppapi.enums(m))
        if kind == "cpp_profile":
            base.update(cppapi.profiles(m))
        if kind == "cpp_index":
            base.update(instructions=cppapi.instructions(m))
        if kind == "counters":
            base.update(p=p, plan=benchplan.counter_context(m, p))
        if kind == "bench":
            base.update(p=p, inst=inst, bench=benchplan.context(inst, p, lambda t: plain_ctx(inst, p, t)))
        return base

    def render_one(self, item):
        path, template, what = item
        if what[0] == "legality":
            return "\n".join(render_legality.lines(self.model)) + "\n"
        if what[0] == "manifest":
            return render_legality.manifest(self.model)
        if what[0] == "copy":  # runtime/<p>/: plain C, as it is
            with open(os.path.join(ROOT, what[1]), encoding="utf-8") as f:
                return f.read()
        return self.env.get_template(template).render(**self.context(what))

    def weight(self, what):
        """A rough render cost: test plans and fuzz tables grow with their tuples; the rest is small."""
        kind, p, inst = what
        return len(inst.tuples.get(p, [])) if kind in ("test", "fuzz") else 0

    def render(self, items):
        """{path: text} of the planned items. With several cores, forked workers share the
        work: they start with this process's model and templates (no start-up cost), and one
        instruction's tests on three profiles are most of an instruction's edge."""
        # a worker renders one profile's files: its test plan, fuzz table and C++ tests share the
        # legal cases they make (testplan.Plan.legal_cases)
        groups = {}
        for it in items:
            groups.setdefault(cppapi.PROFILE if it[2][0] == "cpp_test" else it[2][1], []).append(it)
        groups = sorted(groups.values(), key=lambda g: -sum(self.weight(it[2]) for it in g))  # the slowest first
        jobs = min(os.cpu_count() or 1, len(groups))
        if jobs < 2 or sum(self.weight(it[2]) for it in items) < POOL_WEIGHT:
            return {it[0]: self.render_one(it) for g in groups for it in g}
        global _JOB
        _JOB = (self, groups)
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            texts = pool.map(_render_group, range(len(groups)), chunksize=1)
        return {it[0]: text for g, ts in zip(groups, texts) for it, text in zip(g, ts)}


_JOB = None  # (renderer, groups of items) that forked workers inherit
POOL_WEIGHT = 8  # tuples: below this the renders take less time than forking workers


def _render_group(i):
    renderer, groups = _JOB
    return [renderer.render_one(it) for it in groups[i]]


USAGE = ("usage: python3 gen/render.py PART build/spec/shared.json [build/spec/<instruction>.json ...]\n"
         "       (PART index: build/spec/shared-families.json after shared.json)")


def main(argv):
    """PART: an instruction (its JSON given), base (no JSON) or index (the families' JSON, then
    every instruction's, in order)."""
    if len(argv) < 3 or argv[1] == "index" and len(argv) < 4:
        print(USAGE, file=sys.stderr)
        return 2
    part = argv[1]
    try:
        if part == "index":  # the one edge that shows the families
            model = specsplit.load(argv[2], argv[4:], families=argv[3])
        else:
            model = specsplit.load(argv[2], argv[3:])
        planned = outputs.planned(model)
        mine = [it for it in planned if outputs.part(it[2]) == part]
        if not mine:
            print(f"render: no file of part '{part}' with these specs\n{USAGE}", file=sys.stderr)
            return 2
        files = Renderer(model).render(mine)
    except M.SpecError as e:
        print(e, file=sys.stderr)
        print("ptogen: nothing was generated", file=sys.stderr)
        return 1
    for path, text in sorted(files.items()):
        outputs.write_if_changed(os.path.join(ROOT, path), text)
    if part == "index":  # the one edge that sees every instruction
        remove_stale(planned)
    return 0


def remove_stale(planned):
    """Delete generated files no spec produces any more: out/ holds nothing else. Temporary
    files are left alone: other render edges may be writing them right now."""
    keep = {path for path, _, _ in planned}
    dirs = {os.path.dirname(path) for path in keep}
    for dirpath, _, names in os.walk(os.path.join(ROOT, "out"), topdown=False):
        rel_dir = os.path.relpath(dirpath, ROOT)
        for name in names:
            rel = os.path.join(rel_dir, name)
            if rel not in keep and not name.endswith(".tmp"):
                os.remove(os.path.join(dirpath, name))
        if rel_dir != "out" and rel_dir not in dirs and not os.listdir(dirpath):
            os.rmdir(dirpath)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
