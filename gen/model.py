"""The spec model: legal-tuple enumeration and the operand-tuple verifier.

`spec.json` (from gen/spec2json.lua) holds validated, normalised specs.  This module
enumerates the legal operand tuples per instruction and profile (derived profiles get the
union of the profiles they accept) and evaluates the verification algorithm that the
generated C entry points implement, in the same order, so the CLI and the generated
negative tests can say which status a call must return.
"""
import glob
import itertools
import json
import operator
import os
import resource
import subprocess
import sys
import tempfile

import layouts
import lower

# Status codes; the C enum is rendered from this list, so a new status is appended (the codes
# are part of the public interface). verify() gives the order of the checks.
STATUSES = ["null", "loc", "dtype", "layout", "tmp", "shape", "valid", "alias", "align", "placement", "param"]
LOCS, BLAYOUTS, SLAYOUTS = layouts.LOCS, layouts.BLAYOUTS, layouts.SLAYOUTS  # the C enums' orders
LAYOUT_OF = layouts.LAYOUT_OF  # (blayout, slayout) -> layout name
LAYOUT_ENUMS = layouts.LAYOUT_ENUMS
# what a listed instruction a profile does not offer yet answers after its NULL checks (the
# header, the docs and the legality matrix say the same)
REFUSED = ("{inst} is not offered on {p} yet: its machine model has no unit for it, so no location "
           "its operands take exists there")
ANY = "any"  # an operand's dtype that is any dtype: a scratch tile used as bytes (spec/kinds.lua)


# The loader's address space is capped: one Lua string expression can allocate gigabytes
# inside C before the sandbox's hook gets a say. The ninja edge uses `ulimit -v` likewise.
SPEC_MEMORY_BYTES = 1 << 30


def cap_memory():
    resource.setrlimit(resource.RLIMIT_AS, (SPEC_MEMORY_BYTES, SPEC_MEMORY_BYTES))


def load_specs(root):
    """Run the Lua loader over root/spec and build the Model; on spec errors the loader has
    printed them, and this exits with its status."""
    isa = sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "spec", "isa", "*.lua")))
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "spec.json")
        r = subprocess.run(["lua5.4", "gen/spec2json.lua", out, "-", "spec"] + isa, cwd=root, preexec_fn=cap_memory)
        if r.returncode != 0:
            sys.exit(r.returncode)
        try:
            return Model(out)
        except SpecError as e:
            sys.exit(str(e))


class SpecError(Exception):
    """Spec problems found after loading; str() is one `file:line: message` per line."""


def _by_file_line(msg):
    """Sort key of a `file:line: message` line: file, then line as a number."""
    f, _, rest = msg.partition(":")
    line, _, text = rest.partition(":")
    return (f, int(line) if line.isdigit() else 0, text)


def show_entry(ex):
    """An exclude entry as a spec writes it: { mode = "mode2", tmp = "tmp" }."""
    return "{ " + ", ".join(f'{a} = "{v}"' for a, v in sorted(ex.items())) + " }" if ex else "{}"


class Rule:
    def __init__(self, d):
        self.name, self.ast, self.text = d["name"], d["check"], d["text"]
        self.status, self.why, self.when = d["status"], d["why"], d["when"] or {}
        self.on, self.static = d["on"] or [], d["static"]
        self.file, self.line = d["file"], d["line"]
        self.evaluate = compile_ast(self.ast)

    def applies_on(self, profile):
        return not self.on or profile in self.on

    def matches(self, tup):
        """Does the rule's `when` hold for this tuple (axes, layouts, element sizes)?"""
        for key, want in self.when.items():
            if "." in key:
                op, field = key.split(".")
                if op not in tup.ops:
                    return False
                if field == "layout" and tup.layouts.get(op) != want:
                    return False
                if field == "elem_bytes" and tup.dtype_of(op)["bytes"] != want:
                    return False
            elif tup.axes.get(key) != want:
                return False
        return True


def excludes(ex, dvars, axes):
    """Does exclude entry `ex` ({axis or dtype variable: a value or a list of them}) remove
    the tuple with these dtypes and axis values?"""
    for a, want in ex.items():
        got = axes[a] if a in axes else dvars.get(a)
        if got not in (want if isinstance(want, list) else [want]):
            return False
    return True


class Tuple:
    """One legal operand tuple: an entry point plus dtypes, axes and layouts."""

    def __init__(self, inst, entry, dvars, axes, layouts):
        # dvars: dtype variable -> dtype name; an operand of a fixed dtype (dtype = "u8" in the
        # kind) has that name as its variable, bound to itself
        self.inst, self.entry, self.dvars, self.axes, self.layouts = inst, entry, dvars, axes, layouts
        self.ops = [o for o in entry["operands"] if self.present(o)]
        self.sources = []  # base profiles that accept this tuple
        self.rules = []    # runtime rules that apply (set per profile)
        self.kernel = None
        self.sized = set()  # operands a call matches by element size, not dtype (a kind's sized(tup))

    def present(self, op):
        o = self.inst.kind["operands"][op]
        if not o["optional"]:
            return True
        for ax in self.inst.kind["axes"]:
            if ax["derive"] == "presence" and ax["of"] == op:
                return self.axes[ax["name"]] != "none"
        return True

    def dtype_of(self, op):
        """The operand's dtype; an operand of any dtype (a scratch tile, dtype = "any") reads as u8
        bytes (its descriptor has its own: tile_dtype)."""
        v = self.inst.kind["operands"][op]["dtype"]
        return self.inst.model.dtypes["u8" if v == ANY else self.dvars[v]]

    def tile_dtype(self, op, desc):
        """The dtype of the tile `desc` describes as operand op: the tuple's, or for an operand of
        any dtype the descriptor's own."""
        if self.inst.kind["operands"][op]["dtype"] == ANY and desc is not None:
            return self.inst.model.dtype_list[desc["dtype"]]
        return self.dtype_of(op)

    def role(self, name):
        """The operand that plays role `name` (or the operand itself)."""
        roles = self.inst.kind["roles"] or {}
        if name in roles:
            return roles[name][self.axes["order"]]
        return name

    def key(self):
        return (self.entry["form"],
                tuple(sorted(self.dvars.items())),
                tuple(sorted(self.axes.items())),
                tuple(sorted(self.layouts.items())))

    def ident(self):
        """A readable, unique id: form, dtypes, axes, layouts of multi-layout operands."""
        parts = []
        if len(self.inst.own_entries) > 1:
            parts.append(self.entry["form"])
        for v in self.inst.dvar_order:
            if v in self.dvars:
                parts.append(self.dvars[v])
        for ax in self.inst.kind["axes"]:
            if ax["derive"] != "form":
                parts.append(self.axes[ax["name"]])
        by_axis = {ax["of"] for ax in self.inst.kind["axes"] if ax["derive"] == "layout"}  # an axis names it
        for op in self.entry["operands"]:
            if op in self.layouts and len(self.inst.kind["operands"][op]["layouts"]) > 1 \
                    and not self.inst.kind["roles"] and op not in by_axis:
                parts.append(f"{op}_{self.layouts[op]}")
        return ".".join(parts)

    def describe(self):
        bits = [f"form={self.entry['form']}"] if len(self.inst.own_entries) > 1 else []
        bits += [f"{op}={ANY if self.inst.kind['operands'][op]['dtype'] == ANY else self.dtype_of(op)['name']}:"
                 f"{self.layouts[op]}" for op in self.ops if self.inst.kind["operands"][op]["tile"]
                 or self.inst.kind["operands"][op].get("gm")]
        bits += [f"{a['name']}={self.axes[a['name']]}" for a in self.inst.kind["axes"] if a["derive"] != "form"]
        return " ".join(bits)


class Instruction:
    def __init__(self, model, d):
        self.model, self.d = model, d
        self.name, self.kind_name = d["name"], d["kind"]
        self.kind = model.kinds[d["kind"]]
        self.file, self.line = d["file"], d["line"]
        self.rules = [Rule(r) for r in self.kind["rules"]] + [Rule(r) for r in d["rules"]]
        self.static_rules = [Rule(r) for r in self.kind["static_rules"]]
        self.tuples = {}   # profile -> [Tuple], sorted
        self.unoffered = {}  # base profile -> its legal set's tuples, where the spec says offered = false
        # dtype variables in the order the kernel name spells them (src before index)
        pat = self.kind["kernel"]
        self.dvar_order = sorted(self.kind["dvars"],
                                 key=lambda v: (pat.find("{" + v + "}") % (len(pat) + 1), v))
        self.use = {}      # profile -> {optional operand: required|optional|ignored}
        self.by_dtypes = {}  # (profile, form, dtype binding) -> tuples, for verify()
        self.legal_names = {}  # (profile, form, dtype variables) -> their legal bindings, for verify()
        self.by_form = {}  # (profile, form) -> tuples, for verify()
        self.forms = d.get("forms") or {}  # optional entries it has: form -> {math, math_text, math_line}
        self.own_entries = [e for e in self.kind["entries"] if not e.get("optional") or e["form"] in self.forms]
        self._programs = {}

    def math(self, form="main"):
        """The math AST of an entry form (an optional entry's own, else the instruction's)."""
        return self.forms[form]["math"] if form in self.forms else self.d["math"]

    def math_text(self, form="main"):
        return self.forms[form]["math_text"] if form in self.forms else self.d["math_text"]

    def math_line(self, form="main"):
        return self.forms[form]["math_line"] if form in self.forms else self.d["math_line"]

    def entry_name(self, profile, entry):
        return f"pto_{profile}_{self.name}{entry['suffix']}"

    def kernel_name(self, profile, tup):
        pat = self.kind["kernel"]
        out, i = [], 0
        while i < len(pat):
            if pat[i] == "{":
                j = pat.index("}", i)
                field = pat[i + 1:j]
                if ":" in field:
                    ax, cond = field.split(":")
                    val, text = cond.split("=")
                    out.append(text if tup.axes.get(ax) == val else "")
                elif field in tup.dvars:
                    out.append(tup.dvars[field])
                else:
                    out.append(tup.axes[field])
                i = j + 1
            else:
                out.append(pat[i])
                i += 1
        return f"pto_{profile}_{self.name}{tup.entry['suffix']}_{''.join(out)}"

    # -- enumeration -------------------------------------------------------------------
    def _layout_choices(self, entry, axes, op, legal):
        k = self.kind
        o = k["operands"][op]
        choices = list(o["layouts"])
        for role, m in (k["roles"] or {}).items():
            if m[axes["order"]] == op:
                if role in (k["role_layouts"] or {}):
                    choices = [c for c in choices if c in k["role_layouts"][role]]
                for ax in k["axes"]:
                    if ax["derive"] == "layout" and ax["of"] == role:
                        choices = [c for c in choices if c == ax["map"][axes[ax["name"]]]]
        for ax in k["axes"]:
            if ax["derive"] == "layout" and ax["of"] == op:
                choices = [c for c in choices if c == ax["map"][axes[ax["name"]]]]
        restrict = (legal["layouts"] or {}).get(op)
        if restrict:
            choices = [c for c in choices if c in restrict]
        return choices

    def enumerate_base(self, profile):
        legal = self.d["legal"][profile]
        k = self.kind
        out, excluded = [], []  # excluded: the exclude entries that removed some tuple
        for entry in self.own_entries:
            evars = sorted({k["operands"][op]["dtype"] for op in entry["operands"]
                            if k["operands"][op]["dtype"] not in (False, ANY)})
            axes_list = [ax for ax in k["axes"] if ax["derive"] != "form"]
            form_axis = [ax for ax in k["axes"] if ax["derive"] == "form"]
            pairs = self.kind.get("pairs") and {tuple(x) for x in legal.get("pairs") or []}
            for dts in itertools.product(*[legal["dtypes"].get(v) or [v] for v in evars]):
                dvars = dict(zip(evars, dts))
                if pairs and (dvars[self.kind["pairs"]["from"]], dvars[self.kind["pairs"]["to"]]) not in pairs:
                    continue  # a kind that converts: only the listed (from, to) pairs
                for vals in itertools.product(*[legal["axes"][ax["name"]] for ax in axes_list]):
                    axes = dict(zip([ax["name"] for ax in axes_list], vals))
                    for ax in form_axis:
                        axes[ax["name"]] = entry["form"]
                    ex = next((ex for ex in legal["exclude"] if excludes(ex, dvars, axes)), None)
                    if ex is not None:
                        if ex not in excluded:
                            excluded.append(ex)
                        continue
                    probe = Tuple(self, entry, dvars, axes, {})
                    tile_ops = [op for op in probe.ops if k["operands"][op]["tile"] or k["operands"][op].get("gm")]
                    per_op = [self._layout_choices(entry, axes, op, legal) for op in tile_ops]
                    for lays in itertools.product(*per_op):
                        t = Tuple(self, entry, dvars, axes, dict(zip(tile_ops, lays)))
                        if all(not r.matches(t) or eval_rule(r, t, None, self.model.profile(profile))
                               for r in self.static_rules):
                            out.append(t)
        if not out:
            after = f"the static rules ({', '.join(r.name for r in self.static_rules) or 'none'})"
            if excluded:
                after = f"exclude ({', '.join(show_entry(ex) for ex in excluded)}) and " + after
            raise SpecError(f"{self.file}:{legal['line']}: the legal set for {profile} is empty after {after}")
        return out

    def build(self):
        """Enumerates the tuples and runs the checks that need them; raises one SpecError with
        every problem found (one per line)."""
        m = self.model
        base, errors = {}, []
        for p in m.profile_names:
            prof = m.profile(p)
            if prof["accepts"]:
                continue
            uses = {}
            for op, o in self.kind["operands"].items():
                if o["optional"]:
                    uses[op] = (self.d["operand_use"] or {}).get(op, {}).get(p, "optional")
            self.use[p] = uses
            if p in self.d["legal"]:
                try:
                    base[p] = self.enumerate_base(p)
                    if not self.d["legal"][p].get("offered", True):  # upstream's set, not offered here yet
                        self.unoffered[p] = base[p]
                except SpecError as e:  # the other profiles are still checked
                    errors.append(str(e))
                    base[p] = []
        for p in m.profile_names:
            prof = m.profile(p)
            if prof["accepts"]:
                srcs = [s for s in prof["accepts"] if s in base]
                merged = {}
                for s in srcs:
                    for t in base[s]:
                        merged.setdefault(t.key(), t).sources.append(s)
                tuples = list(merged.values())
                uses = {}
                for op in self.use[srcs[0]] if srcs else {}:
                    vals = [self.use[s][op] for s in srcs]
                    uses[op] = "ignored" if "ignored" in vals else ("optional" if "optional" in vals else "required")
                self.use[p] = uses
            elif p in base and p not in self.unoffered:
                tuples = [Tuple(self, t.entry, t.dvars, t.axes, t.layouts) for t in base[p]]
                for t in tuples:
                    t.sources = [p]
            else:
                continue
            import kinds  # kinds imports this module
            sized = getattr(kinds.of(self), "sized", None)
            for t in tuples:
                t.sources = sorted(set(t.sources))
                t.rules = [r for r in self.rules if r.matches(t) and all(r.applies_on(s) for s in t.sources)]
                t.kernel = self.kernel_name(p, t)
                t.sized = sized(t) if sized else set()
            tuples.sort(key=lambda t: (t.entry["form"], t.ident()))
            self.tuples[p] = tuples
        for p, ts in self.tuples.items():
            for t in ts:
                for r in t.rules:
                    for name in rule_operands(r.ast):
                        op = t.role(name)
                        if op not in t.ops or self.use[p].get(op) == "ignored":
                            why = f"{p} ignores it" if op in t.ops else f"tuple {t.ident()} has no {op}"
                            msg = (f"{r.file}:{r.line}: rule '{r.name}' reads {name}, but {why}; "
                                   "limit the rule with `when` or `on`")
                            if msg not in errors:
                                errors.append(msg)
        errors += self.check_vector_ops()
        own_rules = self.rules[len(self.kind["rules"]):]  # a kind's rules may not concern every instruction
        for r in own_rules:
            if not any(r in t.rules for ts in self.tuples.values() for t in ts) and not errors:
                errors.append(f"{r.file}:{r.line}: rule '{r.name}' never applies: its when/on match no legal "
                              f"tuple of {self.name} (profiles: {', '.join(sorted(self.d['legal']))})")
        if errors:
            raise SpecError("\n".join(errors))

    def reduce_instruction(self, p):
        """The instruction profile p lowers the math's reduction to (spec/ops.lua), or ""."""
        op = next((o for o in self.model.ops if o["name"] == self.d["math"]["fn"]), None)
        return ((op or {}).get("lower") or {}).get(p, {}).get("vector", "")

    def math_dtype(self, t):
        """The dtype (a name) of the values tuple t's math computes on (a kind's own math_fn: its
        module's main operand's, not a mask's)."""
        if self.kind["math_fn"]:
            import kinds  # kinds imports this module
            return t.dtype_of(kinds.of(self).MAIN_OPERAND)["name"]
        return t.dtype_of(lower.math_operands(self.math(t.entry["form"]))[0])["name"]

    def program(self, p, dtype, form="main"):
        """The vector program an NPU profile's kernels run for the math of entry `form` on
        `dtype` (gen/lower.py)."""
        key = (p, dtype, form)
        if key not in self._programs:
            self._programs[key] = self._program(p, dtype, form)
        return self._programs[key]

    def _program(self, p, dtype, form):
        if self.kind["math_fn"]:  # the kind's own operation: its templates pick the instructions
            return {"prep": [], "steps": [], "scalar_unit": False}
        try:
            prog = lower.program(self.model, self, p, dtype, form)
        except lower.NoLowering as e:
            line = self.d["legal"][p]["line"] if e.dtype else self.math_line(form)
            raise SpecError(f"{self.file}:{line}: {e}") from None
        import kinds  # kinds imports this module
        compute = lower.compute_steps(prog)
        module = kinds.of(self)
        if len(compute) > 1 and not hasattr(module, "walks"):  # its templates issue one instruction
            raise SpecError(f"{self.file}:{self.math_line(form)}: math needs {len(compute)} vector instructions on {p} "
                            f"({', '.join(s['instr'] for s in compute)}); kind {self.kind_name} kernels issue one")
        tiles = {o for o, d in self.kind["operands"].items() if d["tile"] and d["io"] != "tmp"}
        scratch = lower.scratch_temps(prog, tiles)
        if p != "a5" and len(scratch) > 1 and hasattr(module, "TEMP_OPERAND"):
            raise SpecError(f"{self.file}:{self.math_line(form)}: math needs {len(scratch)} temporaries on {p} that dst "
                            f"cannot hold; kind {self.kind_name} keeps one, in {module.TEMP_OPERAND}")
        if p != "a5" and scratch and not getattr(module, "BANDS", False) and not hasattr(module, "TEMP_OPERAND"):
            raise SpecError(f"{self.file}:{self.math_line(form)}: math needs a temporary on {p} that dst cannot hold "
                            f"(an instruction after it reads a source tile, which dst may be), and kind "
                            f"{self.kind_name} kernels do not cut the region into bands of the scratch")
        return prog

    def check_vector_ops(self):
        """Every legal tuple of a profile with a vector ISA lowers (gen/lower.py); returns the
        problems, one message per profile and dtype."""
        errors = []
        for p, ts in sorted(self.tuples.items()):
            if not self.model.profile(p)["isa"] or not self.model.profile(p)["kernels"]:
                continue
            for dt, form in sorted({(self.math_dtype(t), t.entry["form"]) for t in ts}):
                try:
                    self.program(p, dt, form)
                except SpecError as e:
                    if str(e) not in errors:
                        errors.append(str(e))
        return errors

    def operand_use(self, profile, op):
        """How a profile uses an optional operand: required, optional, ignored, or unused (no
        legal tuple of the profile takes it: it must be NULL)."""
        use = self.use[profile][op]
        if use == "optional" and not any(t.present(op) for t in self.tuples.get(profile, [])):
            return "unused"
        return use

    def entries(self, profile):
        """Entry points with at least one legal tuple on the profile."""
        forms = {t.entry["form"] for t in self.tuples.get(profile, [])}
        return [e for e in self.own_entries if e["form"] in forms]

    def refused_entries(self, profile):
        """Entry points of the legal set a profile lists but does not offer yet (offered = false):
        they exist, and refuse every call with a status (verify())."""
        forms = {t.entry["form"] for t in self.unoffered.get(profile, [])}
        return [e for e in self.own_entries if e["form"] in forms]


class Model:
    def __init__(self, spec):
        """spec: the path of a JSON document of gen/spec2json.lua, or the document itself."""
        if isinstance(spec, dict):
            d = spec
        else:
            with open(spec, encoding="utf-8") as f:
                d = json.load(f)
        self.dtypes = {x["name"]: x for x in d["dtypes"]}
        self.dtype_list = d["dtypes"]
        self.profiles = {p["name"]: p for p in d["profiles"]}
        self.profile_names = [p["name"] for p in d["profiles"]]
        self.kinds = d["kinds"]
        self.ops = d["ops"]
        self.families = d["families"]
        self.params = {x["name"]: x for x in d.get("params") or []}  # runtime parameters (spec/kinds.lua)
        for o in self.ops:
            o["lower"] = o["lower"] or {}  # JSON has one empty table: []
        self.instructions = [Instruction(self, i) for i in d["instructions"]]
        errors = []
        try:  # every kind has its generator module, gen/kinds/<kind>.py
            import kinds
            kinds.check(self)
        except SpecError as e:
            errors.append(str(e))
        for inst in self.instructions:  # every instruction's problems, not only the first one's
            try:
                inst.build()
            except SpecError as e:
                errors.append(str(e))
        if errors:
            raise SpecError("\n".join(sorted("\n".join(errors).split("\n"), key=_by_file_line)))

    def profile(self, name):
        return self.profiles[name]

    def instructions_on(self, p):
        """The instructions with legal tuples on profile p (an instruction may skip a profile)."""
        return [i for i in self.instructions if i.tuples.get(p)]

    def refused_on(self, p):
        """The instructions profile p lists but does not offer yet: their entry points refuse."""
        return [i for i in self.instructions if i.unoffered.get(p)]

    def instruction(self, name):
        for i in self.instructions:
            if i.name == name:
                return i
        raise KeyError(name)


# -- rule expressions ----------------------------------------------------------------------

def attr_value(profile, dtype, desc, attr):
    """Attribute of a tile described by `desc` (a dict) with dtype record `dtype`."""
    eb = dtype["bytes"]
    m = profile["machine"]
    if attr == "elem_bytes":
        return eb
    if attr == "block_elems":
        return m["block_bytes"] // eb
    if attr == "repeat_elems":
        return m["repeat_bytes"] // eb
    if attr == "bytes":
        return desc["rows"] * desc["cols"] * eb
    if attr in ("box_rows", "box_cols"):  # its box, 1 x 1 unboxed (gen/layouts.py)
        return layouts.box(desc["loc"], desc["slayout"], eb)[attr == "box_cols"]
    return desc[attr]


def value_ops(inst):
    """The operands of an instruction's kind that are value params (TEXTRACT's row and col): numbers
    the rules read by name, no tuple axes."""
    k = inst.kind
    return [o for o in k["operands"] if k["operands"][o]["param"] and inst.model.params[k["operands"][o]["param"]].get("value")]


def rule_values(ast, values):
    """The value params (of `values`) a rule reads."""
    out = {ast["name"]} if ast["op"] == "ref" and ast.get("attr") is None and ast["name"] in values else set()
    for a in ast.get("args", []):
        out.update(rule_values(a, values))
    return sorted(out)


def rule_operands(ast):
    """Operand and role names a rule reads."""
    out = {ast["name"]} if ast["op"] == "ref" and ast.get("attr") is not None else set()
    for a in ast.get("args", []):
        out.update(rule_operands(a))
    return sorted(out)


def c_div(a, b):
    """pto_<p>__div of the generated verifier: C's truncating division, and 0 for b == 0."""
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def c_ceildiv(a, b):
    return 0 if b <= 0 else c_div(a + b - 1, b)


def compile_ast(ast):
    """A rule expression as a Python function of lookup(name, attr): built once per rule, as the
    test plans evaluate rules some 10^5 times."""
    op = ast["op"]
    if op == "num":
        value = ast["value"]
        return lambda lookup: value
    if op == "ref":
        name, attr = ast["name"], ast.get("attr")
        return lambda lookup: lookup(name, attr)
    args = [compile_ast(a) for a in ast.get("args", [])]
    if op == "call":
        fn = CALLS[ast["fn"]]
        return lambda lookup: fn(*[a(lookup) for a in args])
    if op == "not" or op == "neg":
        a = args[0]
        return (lambda lookup: not a(lookup)) if op == "not" else (lambda lookup: -a(lookup))
    a, b = args
    if op == "and":
        return lambda lookup: a(lookup) and b(lookup)
    if op == "or":
        return lambda lookup: a(lookup) or b(lookup)
    fn = BINARY[op]
    return lambda lookup: fn(a(lookup), b(lookup))


CALLS = {"ceildiv": c_ceildiv, "roundup": lambda a, b: c_ceildiv(a, b) * b,
         "max": lambda *a: max(a), "min": lambda *a: min(a)}
BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": c_div, "==": operator.eq,
          "~=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def eval_rule(rule, tup, descs, profile):
    """Evaluate a rule for tuple `tup`; descs maps operand -> descriptor (None: static only)."""
    def lookup(name, attr):
        if attr is None:  # a value param's value (as the C reads it: uint32_t), a location's pto_loc, a machine parameter
            if descs and name in value_ops(tup.inst):
                return descs[name] & 0xFFFFFFFF
            return LOCS.index(name) if name in LOCS else profile["machine"][name]
        op = tup.role(name)
        desc = descs[op] if descs else None
        return attr_value(profile, tup.tile_dtype(op, desc), desc, attr)
    return bool(rule.evaluate(lookup))


# -- the verifier --------------------------------------------------------------------------

def param_consts(prm):
    """The C constants of an enumerated param, in value order (PTO_CMP_EQ, ...)."""
    return [f"{prm['enum']}_{v.upper()}" for v in prm["values"]]


def tile_layout(d):
    return LAYOUT_OF.get((d["blayout"], d["slayout"]))


def roles_order(kind, ops):
    """The roles axis a call reads as: the normal order unless only the second source is full
    (row-major with dst's valid region), or neither is and only the first is column-major (a
    column is narrow: the valid-region rules then report the full source's region)."""
    full = kind["roles"]["full"]

    def is_full(op):
        d = ops[op]
        return tile_layout(d) == "ND" and d["valid_rows"] == ops["dst"]["valid_rows"] \
            and d["valid_cols"] == ops["dst"]["valid_cols"]
    first, second = full["normal"], full["swap"]
    if is_full(first):
        return "normal"
    if is_full(second):
        return "swap"
    return "swap" if tile_layout(ops[first]) == "DN" and tile_layout(ops[second]) != "DN" else "normal"


def verify(inst, profile_name, form, ops, ub_origin=None):
    """Mirror of the generated C entry-point verifier.

    ops: operand name -> None (NULL pointer) or a dict with keys data (int address or
    None for a NULL data pointer), loc, dtype, blayout, slayout (enum integers), rows,
    cols, valid_rows, valid_cols; a scalar operand is True (given) or None (NULL); a global
    tensor (a gm operand) has data, dtype, layout (pto_gm_layout), shape and stride (5 each).
    Returns (status, detail) where status is one of STATUSES or "ok". With ub_origin (the UB
    offset of address 0), a profile with a unified buffer also checks placement.
    """
    prof = inst.model.profile(profile_name)
    k = inst.kind
    entry = next(e for e in k["entries"] if e["form"] == form)
    uses = inst.use[profile_name]
    names = [op for op in entry["operands"] if uses.get(op) != "ignored"]
    tiles = [op for op in names if k["operands"][op]["tile"]]
    gms = [op for op in names if k["operands"][op].get("gm")]  # global tensors: pto_gm
    dlist = inst.model.dtype_list
    # 1. null
    for op in names:
        o = k["operands"][op]
        if ops.get(op) is None:
            if not o["optional"] or uses.get(op) == "required":
                return "null", f"{op} is NULL"
        elif (o["tile"] or o.get("gm")) and ops[op]["data"] is None:
            return "null", f"{op}->data is NULL"
    present = [op for op in tiles if ops.get(op) is not None]
    typed = present + gms  # the operands with a dtype and a layout: tiles and global tensors
    if profile_name in inst.unoffered:  # listed, not offered yet: its machine model lacks the unit
        return "loc", REFUSED.format(inst=inst.name, p=profile_name)
    # 2. loc: each tile in a location its operand takes (spec/kinds.lua locs)
    for op in present:
        locs = k["operands"][op]["locs"]
        if not 0 <= ops[op]["loc"] < len(LOCS) or LOCS[ops[op]["loc"]] not in locs:
            return "loc", f"{op} must be a {' or '.join('PTO_' + x for x in locs)} tile"
    # 3. dtype: valid enums, shared dtype variables, then a legal combination
    if (profile_name, form) not in inst.by_form:
        inst.by_form[profile_name, form] = [t for t in inst.tuples[profile_name] if t.entry["form"] == form]
    cands = inst.by_form[profile_name, form]
    for op in typed:
        if not 0 <= ops[op]["dtype"] < len(dlist):
            return "dtype", f"{op} has an unknown dtype"
    bound = {}
    for op in typed:
        v = k["operands"][op]["dtype"]
        if v == ANY:
            continue
        dt = dlist[ops[op]["dtype"]]["name"]
        if bound.setdefault(v, (op, dt))[1] != dt:
            return "dtype", f"{op} must have the dtype of {bound[v][0]} ({bound[v][1]})"
    before = cands
    key = (profile_name, form, tuple(sorted((v, dt) for v, (_, dt) in bound.items())))
    if key not in inst.by_dtypes:  # the test plan verifies some 10^5 calls: filter once per binding
        dts = inst.model.dtypes  # an operand the tuple matches by size takes any dtype of its size
        inst.by_dtypes[key] = [t for t in cands if all(t.dvars[v] == dt or (op in t.sized and dts[t.dvars[v]]["bytes"]
                                                                            == dts[dt]["bytes"])
                                                       for v, (op, dt) in bound.items())]
    cands = inst.by_dtypes[key]
    if not cands:
        vars_key = (profile_name, form, tuple(sorted(bound)))
        if vars_key not in inst.legal_names:
            inst.legal_names[vars_key] = sorted({"/".join(t.dvars[v] for v in sorted(bound)) for t in before})
        legal = inst.legal_names[vars_key]
        got = "/".join(bound[v][1] for v in sorted(bound))
        who = "/".join(bound[v][0] for v in sorted(bound))
        return "dtype", f"{who} dtype {got} is not legal for {inst.name} on {profile_name}; legal: {', '.join(legal)}"
    # 3a. locations that pick the tuple (a loc axis: TSTORE out of ACC converts)
    for ax in k["axes"]:
        if ax["derive"] == "loc":
            val = next((v for v in ax["values"] if ax["map"][v] == LOCS[ops[ax["of"]]["loc"]]), None)
            legal = [v for v in ax["values"] if any(t.axes[ax["name"]] == v for t in cands)]
            if val is None:
                return ax["status"], f"{ax['of']} is in no location of axis {ax['name']}"
            cands = [t for t in cands if t.axes[ax["name"]] == val]
            if not cands:
                return ax["status"], (f"{ax['of']} in PTO_{ax['map'][val]} is not legal for {inst.name} with these dtypes "
                                      f"on {profile_name}; legal: {', '.join('PTO_' + ax['map'][v] for v in legal)}")
    # 3b. runtime parameters: a value outside the param's domain, then one no tuple with these
    # dtypes takes (the axis's status)
    for ax in k["axes"]:
        if ax["derive"] == "param":
            v = ops.get(ax["of"])
            prm = inst.model.params[ax["param"]]
            if prm["flag"]:
                val = prm["values"][int(v != 0)]
            elif not 0 <= v < len(prm["values"]):
                return "param", f"{ax['of']} = {v} is not a {prm['c_type']} ({', '.join(param_consts(prm))})"
            else:
                val = prm["values"][v]
            legal = sorted({t.axes[ax["name"]] for t in cands}, key=prm["values"].index)
            cands = [t for t in cands if t.axes[ax["name"]] == val]
            if not cands:
                return ax["status"], (f"{ax['name']}={val} is not legal for {inst.name} with these dtypes on "
                                      f"{profile_name}; legal: {', '.join(legal)}")
    # 4. operand order (which source is full)
    for ax in k["axes"]:
        if ax["derive"] == "roles":
            val = roles_order(k, ops)
            cands = [t for t in cands if t.axes[ax["name"]] == val]
            if not cands:
                return ax["status"], f"{ax['name']}={val} is not legal here"
    # 5. layouts (these also decide layout-derived axes such as mode)
    for op in present:
        d = ops[op]
        if tile_layout(d) is None:
            return "layout", f"{op} must have a layout of {', '.join(layouts.NAMES)} (not Nn, no unknown enum)"
    for op in gms:
        if not 0 <= ops[op]["layout"] < len(layouts.GM_LAYOUTS):
            return "layout", f"{op} must have a pto_gm_layout ({', '.join('PTO_GM_' + x for x in layouts.GM_LAYOUTS)})"
    # an operand the tuple does not take (tmp of a tmp-less form) is judged by presence, next
    before = cands
    lay = [(op, tile_layout(ops[op])) for op in present]  # once per call: the test plans make ~10^5 calls
    lay += [(op, layouts.GM_LAYOUTS[ops[op]["layout"]]) for op in gms]
    cands = [t for t in cands if all(t.layouts.get(op, got) == got for op, got in lay)]
    if not cands:
        legal = sorted({" ".join(f"{op}={t.layouts[op]}" for op in typed if op in t.layouts) for t in before})
        got = " ".join(f"{op}={g}" for op, g in lay)
        return "layout", f"layouts {got} are not legal here; legal: {'; '.join(legal)}"
    # 6. presence of optional operands, for the forms the layouts chose
    for ax in k["axes"]:
        if ax["derive"] == "presence":
            val = "none" if ops.get(ax["of"]) is None else ax["values"][1]
            legal = sorted({t.axes[ax["name"]] for t in cands})
            cands = [t for t in cands if t.axes[ax["name"]] == val]
            if not cands:
                return ax["status"], f"{ax['name']}={val} is not legal with these layouts; legal: {', '.join(legal)}"
    assert len(cands) == 1, [c.ident() for c in cands]
    tup = cands[0]
    # 7-8. shape and valid region of every tile
    for op in present:
        d, eb = ops[op], tup.tile_dtype(op, ops[op])["bytes"]
        if d["rows"] < 1 or d["cols"] < 1:
            return "shape", f"{op} has an empty shape"
        if d["rows"] * d["cols"] > (2**63 - 1) // eb:
            return "shape", f"{op} is too large"
        if layouts.boxed(tile_layout(d)):  # whole boxes
            r0, c0 = layouts.box(d["loc"], d["slayout"], eb)
            if d["rows"] % r0 or d["cols"] % c0:
                return "shape", f"{op}'s rows and cols must be multiples of its {r0}x{c0} box"
            continue
        contiguous = d["cols"] if tile_layout(d) == "ND" else d["rows"]
        if contiguous * eb % prof["machine"]["block_bytes"]:
            return "shape", f"{op}'s contiguous dimension is not a multiple of {prof['machine']['block_bytes']} bytes"
    for op in gms:  # a global tensor's shape and strides (gen/layouts.py gm_check)
        d = ops[op]
        why = layouts.gm_check(d["layout"], d["shape"], d["stride"], tup.dtype_of(op)["bytes"], k["operands"][op]["io"] == "out")
        if why:
            return "shape", f"{op}: {why}"
    for op in present:
        d = ops[op]
        if not (1 <= d["valid_rows"] <= d["rows"] and 1 <= d["valid_cols"] <= d["cols"]):
            return "valid", f"{op}'s valid region must be non-empty and inside its shape"
    for op in gms:  # the transferred region: the tile's valid region (a kind with a gm has one tile)
        d, tile = ops[op], ops[present[0]]
        region = layouts.gm_region(d["layout"], d["shape"], tup.dtype_of(op)["bytes"])
        if region != (tile["valid_rows"], tile["valid_cols"]):
            return "valid", (f"{op} is {region[0]} x {region[1]} as a matrix; {present[0]}'s valid region is "
                             f"{tile['valid_rows']} x {tile['valid_cols']}")
    # 9. rules
    for r in tup.rules:
        if not eval_rule(r, tup, ops, prof):
            return r.status, f"{r.name}: {r.why} ({r.text})"
    # 10. alias
    def span(op):
        d = ops[op]
        if op in gms:
            return d["data"], d["data"] + layouts.gm_span(d["shape"], d["stride"]) * tup.dtype_of(op)["bytes"]
        return d["data"], d["data"] + d["rows"] * d["cols"] * tup.tile_dtype(op, d)["bytes"]

    def same_tile(a, b):  # a conversion's dst may be its source with another dtype of the same size
        dtype_ok = ops[a]["dtype"] == ops[b]["dtype"] or (k.get("converts") and tup.tile_dtype(a, ops[a])["bytes"]
                                                            == tup.tile_dtype(b, ops[b])["bytes"])
        return dtype_ok and all(ops[a][f] == ops[b][f] for f in ("data", "blayout", "slayout", "rows", "cols",
                                                                  "valid_rows", "valid_cols"))
    in_place = {out: [tup.role(x) for x in srcs] for out, srcs in (k["in_place"] or {}).items()}
    for i, a in enumerate(typed):
        for b in typed[i + 1:]:
            wa, wb = k["operands"][a]["io"] != "in", k["operands"][b]["io"] != "in"
            if not (wa or wb):
                continue
            (a0, a1), (b0, b1) = span(a), span(b)
            if a0 < b1 and b0 < a1:
                ok = (k["operands"][a]["io"] == "out" and k["operands"][b]["io"] == "in"
                      and b in in_place.get(a, []) and same_tile(a, b))
                if not ok:
                    return "alias", f"{a} and {b} overlap"
    # 11. alignment: its location's (spec/profiles.lua buffers), else an element's
    for op in present:
        align = prof["buffers"][LOCS[ops[op]["loc"]]]["align"] or tup.tile_dtype(op, ops[op])["bytes"]
        if ops[op]["data"] % align:
            return "align", f"{op}->data must be {align}-byte aligned"
    for op in gms:  # a global tensor's data: its element's alignment
        if ops[op]["data"] % tup.dtype_of(op)["bytes"]:
            return "align", f"{op}->data must be {tup.dtype_of(op)['bytes']}-byte aligned"
    # 12. placement: VEC tiles inside the unified buffer, below its reserved scratch (the other
    # buffers are not modelled yet: no NPU tuple takes a tile there)
    m = prof["machine"]
    tile_bytes = m["ub_bytes"] - m["reserved_scratch_bytes"]
    if m["ub_bytes"] and ub_origin is not None:
        for op in present:
            if ops[op]["loc"] != 0:
                continue
            a0, a1 = span(op)
            if a0 + ub_origin < 0 or a1 + ub_origin > tile_bytes:
                return "placement", f"{op} must lie in the first {tile_bytes} bytes of UB"
    return "ok", tup
