"""Contexts of the C++ API (out/include/pto/pto-inst.hpp and pto/cpp/<instr>.hpp): upstream PTO's
intrinsics over the cpu profile's checked entry points, derived from the kinds' entries and their
modules' CPP_* answers (gen/kinds/__init__.py). Each entry point becomes overloads of the
upper-case instruction name with its operands in PTO intrinsic order, templates over the operand
types in upstream's order (TLOAD<Tile, Global>, TSTORE<Tile, Global>):
  - the plain call; an optional tile, and a flag (TCOLSUM's isBinary), may also be left out,
    unless that overload would take the same kinds of arguments as another (its operands are
    templates, so two such overloads would be ambiguous);
  - upstream's template options after the operand types (TMOV<Dst, Src, ReluPreMode>): a runtime
    parameter of the entry point, or an option ptogen takes at one value only (OPTIONS);
  - a leading template option (TMATMUL<AccPhase::Partial>, TDIVS<DivAlgorithm::...>): accepted and
    ignored, the call forwarded to the plain one;
  - upstream's forms with arguments ptogen lacks (TMOV's tmp, preQuantScalar): a static_assert
    naming what is missing.
A tile's dtypes and location are checked at compile time against the cpu's legal sets (the union
of every profile's); the entry point checks the rest at run time.

The overloads are the cpu's; a program compiled with -DPTO_PROFILE=<p> calls profile p's entry
points through a per-instruction table (detail::entry, entry_table): the one of the same form,
offered or listed but not offered yet (it answers every call with a status, which throws)."""
import re

import layouts as L
import model as M
import outputs

CPP_TYPE = {"f32": "float", "f16": "half", "bf16": "bfloat16_t", "i32": "int32_t", "u32": "uint32_t",
            "i16": "int16_t", "u16": "uint16_t", "i8": "int8_t", "u8": "uint8_t",
            "i64": "int64_t", "f8e4m3": "float8_e4m3_t", "f8e5m2": "float8_e5m2_t"}  # TCVT's endpoints too
PROFILE = "cpu"  # the profile whose overloads and static checks the C++ API has: it accepts every profile's tuples
TILE_TYPE = {"VEC": "Vec", "MAT": "Mat", "LEFT": "Left", "RIGHT": "Right", "ACC": "Acc", "BIAS": "Bias"}  # pto_loc -> TileType
SLAYOUT = ["NoneBox", "RowMajor", "ColMajor"]  # pto_slayout -> upstream's SLayout
GM_LAYOUT = {"ND": "ND", "DN": "DN", "NZ": "NZ"}  # pto_gm_layout -> upstream's Layout

# Upstream's template options that no entry point of ptogen takes: (C++ enum, the value that is what
# ptogen does, what another value would ask for). Another value is a static_assert naming it.
OPTIONS = {
    "relu": ("ReluPreMode", "NoRelu", "ReluPreMode::NormalRelu is not in ptogen's {name} (it applies no relu)"),
    "acc_to_vec": ("AccToVecMode", "SingleModeVec0",
                   "AccToVecMode other than SingleModeVec0 (vector core 1, the dual-core splits) is not in ptogen"),
    "atomic": ("AtomicType", "AtomicNone", "AtomicType::AtomicAdd (an atomic add into the tensor) is not in ptogen"),
}
# A value given for each kind of leading option in the C++ tests (its call forwards to the plain one)
LEADING_VALUE = {"auto": "pto::DivAlgorithm::DEFAULT", "AccPhase": "pto::AccPhase::Partial", "STPhase": "pto::STPhase::Final"}


def kind_attr(inst, name, default):
    import kinds
    return getattr(kinds.of(inst), name, default)


def instructions(model):
    """The instructions the C++ API has: the cpu's, less those of kinds whose module says
    CPP_API = False."""
    return [i for i in model.instructions_on(PROFILE) if kind_attr(i, "CPP_API", True)]


def buffers(model, p):
    """The memory of each location TASSIGN addresses on profile p: the profile's capacity
    (spec/profiles.lua), or where it gives none (the cpu's 0: host memory) the largest of the
    profiles it accepts."""
    prof = model.profile(p)
    out = []
    for loc in L.LOCS:
        own = prof["buffers"][loc]["bytes"]
        if own:
            out.append({"loc": loc, "bytes": own, "why": f"{p}'s"})
            continue
        most = max(model.profile(q)["buffers"][loc]["bytes"] for q in prof["accepts"])
        out.append({"loc": loc, "bytes": most, "why": " and ".join(f"{q}'s" for q in prof["accepts"]
                                                                  if model.profile(q)["buffers"][loc]["bytes"] == most)})
    return out


def profiles(model):
    """The profiles a program may select with -DPTO_PROFILE (pto/cpp/profile.hpp): every kernel
    profile, numbered from 1 for the preprocessor; a simulated one (a machine model, spec
    `isa`) keeps VEC tiles in its simulated UB."""
    out = []
    for n, p in enumerate(outputs.kernel_profiles(model), 1):
        prof = model.profile(p)
        out.append({"name": p, "P": p.upper(), "id": n, "simulated": bool(prof["isa"]), "buffers": buffers(model, p),
                    "ub_align": prof["buffers"]["VEC"]["align"], "accepts": prof["accepts"]})
    return {"profiles": out, "default": PROFILE}


def has_gm(inst):
    """An instruction with a global-tensor operand (TLOAD, TSTORE): a transfer between GM and a tile."""
    return any(o.get("gm") for o in inst.kind["operands"].values())


def entry_table(inst):
    """Per profile, the entry point each of the API's entry points (by its form's C name, the
    cpu's less its profile prefix) calls: the profile's own of that form, offered or not yet
    offered (its C function answers every call with a status), or none (the instruction is not on
    that profile: a static_assert where it is called). On a simulated profile a transfer (has_gm)
    that the profile does not offer may go through the cpu's entry point where the program asks
    for it (PTO_NPU_HOST_DMA: host_dma)."""
    m = inst.model
    rows = []
    for p in outputs.kernel_profiles(m):
        calls = []
        for entry in inst.entries(PROFILE):
            form = inst.entry_name(PROFILE, entry)[len(f"pto_{PROFILE}_"):]
            offered = any(e["form"] == entry["form"] for e in inst.entries(p))
            refused = any(e["form"] == entry["form"] for e in inst.refused_entries(p))
            host_dma = refused and has_gm(inst) and bool(m.profile(p)["isa"])
            calls.append({"form": form, "c_name": inst.entry_name(p, entry) if offered or refused else None,
                          "offered": offered, "host_dma": inst.entry_name(PROFILE, entry) if host_dma else None})
        rows.append({"profile": p, "id": next(x["id"] for x in profiles(m)["profiles"] if x["name"] == p), "calls": calls})
    return rows


def param_cpp(prm):
    """A runtime parameter's C++ type: upstream's (spec/kinds.lua `upstream`: CmpMode, bool)."""
    return prm["upstream"]


def upstream_names(prm):
    """Upstream's name of each value of an enumerated param ("" where upstream has none)."""
    return prm["upstream_values"] or [v.upper() for v in prm["values"]]


def default_param(prm):
    """A param upstream passes by leaving it out: a flag (its first value), or an enum whose first
    value upstream has no name for (TCVT's SaturationMode: its overload without it is DEFAULT)."""
    return prm["flag"] or upstream_names(prm)[0] == ""


def option_lists(inst):
    """Upstream's template option lists after the operand types (the kind module's CPP_OPTIONS)."""
    return [list(x) for x in kind_attr(inst, "CPP_OPTIONS", [])]


def template_params(inst):
    """The entry's runtime parameters upstream gives as template options: never function arguments."""
    return {o for lst in option_lists(inst) for o in lst if o in inst.kind["operands"]}


def overloads(inst, entry):
    """The argument lists of one entry point's overloads: its operands, less optional tiles and
    flags (and enums upstream leaves out for their first value) in every combination, the full
    list first; the template options are never arguments."""
    k = inst.kind
    tmpl = template_params(inst)
    ops = [o for o in entry["operands"] if o not in tmpl]
    droppable = [o for o in ops
                 if (k["operands"][o]["tile"] and k["operands"][o]["optional"])
                 or (k["operands"][o]["param"] and not is_value(inst, o)
                     and default_param(inst.model.params[k["operands"][o]["param"]]))]
    out = []
    for mask in range(1 << len(droppable)):
        dropped = {o for i, o in enumerate(droppable) if mask >> i & 1}
        out.append([o for o in ops if o not in dropped])
    return out


def is_value(inst, o):
    """A value param (TEXTRACT's row, col): a plain number."""
    od = inst.kind["operands"][o]
    return bool(od["param"]) and bool(inst.model.params[od["param"]].get("value"))


def typed(inst, o):
    """A tile or a global tensor: an operand with a template type."""
    od = inst.kind["operands"][o]
    return bool(od["tile"] or od.get("gm"))


def scalar_tiles(inst, ops):
    """An overload with each scalar given as element 0 of a tile instead, for a kind whose C++ API
    takes that (spec/kinds.lua scalar_tile), or None."""
    k = inst.kind
    scalars = [o for o in ops if is_scalar(inst, o)]
    return scalars if k.get("scalar_tile") and scalars else None


def is_scalar(inst, o):
    od = inst.kind["operands"][o]
    return not od["tile"] and not od["param"] and not od.get("gm")


def shape(inst, ops):
    return tuple("tile" if inst.kind["operands"][o]["tile"] else "gm" if inst.kind["operands"][o].get("gm")
                 else "param" if inst.kind["operands"][o]["param"] else "scalar" for o in ops)


def entry_ctx(inst, entry):
    """An entry point's template parameters (its typed operands in upstream's order, CPP_TYPES; an
    operand of CPP_SAME_TYPE shares another's) and the static checks of their dtypes and locations."""
    k = inst.kind
    tuples = [t for t in inst.tuples[PROFILE] if t.entry["form"] == entry["form"]]
    order = kind_attr(inst, "CPP_TYPES", None) or entry["operands"]
    same = kind_attr(inst, "CPP_SAME_TYPE", {})
    tparam = {}
    for o in [x for x in order if x in entry["operands"] and typed(inst, x) and x not in same]:
        tparam[o] = f"T{len(tparam)}"
    for o, other in same.items():
        tparam[o] = tparam[other]
    if k.get("scalar_tile"):  # a scalar may come as element 0 of a tile: its template parameter
        tparam.update({o: f"S{i}" for i, o in enumerate(x for x in entry["operands"] if is_scalar(inst, x))})
    typed_ops = [o for o in entry["operands"] if typed(inst, o)]
    # a scalar's type is the element type of a tile of its dtype variable (not deduced from the argument)
    carrier = {}
    for o in typed_ops:
        carrier.setdefault(k["operands"][o]["dtype"], o)
    asserts, done = [], set()
    for var in sorted({k["operands"][o]["dtype"] for o in typed_ops} - {M.ANY}):  # a scratch tile of any dtype: no check
        legal = sorted({t.dvars[var] for t in tuples}, key=list(CPP_TYPE).index)
        if var in CPP_TYPE:  # a fixed dtype (a mask: u8)
            legal = [var]
        ops = [o for o in typed_ops if k["operands"][o]["dtype"] == var]
        for o in ops:
            if tparam[o] in done:
                continue
            done.add(tparam[o])
            what = "/".join(x for x in ops if tparam[x] == tparam[o])
            asserts.append((tparam[o], f"detail::one_of<typename {tparam[o]}::DType, {', '.join(CPP_TYPE[d] for d in legal)}>()",
                            f"{inst.name.upper()}: {what} dtype not legal on the cpu profile (legal: {', '.join(legal)})"))
    seen = set()
    for o in typed_ops:  # a tile's location: one its operand takes
        locs = k["operands"][o].get("locs") or []
        if not k["operands"][o]["tile"] or not locs or tparam[o] in seen:
            continue
        seen.add(tparam[o])
        cond = " || ".join(f"detail::loc_of<{tparam[o]}::Loc>() == PTO_{loc}" for loc in locs)
        asserts.append((tparam[o], cond, f"{inst.name.upper()}: {o} must be a tile of TileType "
                              f"{', '.join(TILE_TYPE[loc] for loc in locs)}"))
    c_name = inst.entry_name(PROFILE, entry)
    return {"c_name": c_name, "entry_fn": "detail::entry::" + c_name[len(f"pto_{PROFILE}_"):], "tparam": tparam,
            "carrier": carrier, "asserts": asserts,
            "operands": entry["operands"], "form": entry["form"]}


def decl(inst, e, o, as_tile=(), defaults=None):
    """The C++ parameter of operand o."""
    od = inst.kind["operands"][o]
    if od["tile"] or od.get("gm") or o in as_tile:
        return f"{e['tparam'][o]} &{o}"
    if od["param"]:
        prm = inst.model.params[od["param"]]
        default = (defaults or {}).get(o)
        return f"{param_cpp(prm)} {o}" + (f" = {default}" if default is not None else "")
    return f"typename {e['tparam'][e['carrier'][od['dtype']]]}::DType {o}"


def unread(inst, o):
    """Is o a tile the cpu profile ignores (upstream's tmp of TXOR, TREM, TROWSUM, ...)? Its
    overloads pass NULL on every profile that ignores it too, which the entry point takes for it as
    for anything: no descriptor, so no storage allocated for a tile never TASSIGNed."""
    return inst.kind["operands"][o]["tile"] and inst.use[PROFILE].get(o) == "ignored"


def read_on(inst, o):
    """The profiles that read an operand the cpu ignores (a2a3's TROWMAX tmp), whether they offer
    the instruction yet or refuse every call (a2a3's TTRANS: PTO_ERR_LOC, not PTO_ERR_NULL): there
    the overload passes its descriptor, as for any tile (p_<o>: NULL elsewhere)."""
    return [p for p in outputs.kernel_profiles(inst.model) if inst.use.get(p, {}).get(o, "ignored") != "ignored"]


def arg(inst, o, present, as_tile=(), options=(), shared=None):
    """The C argument for operand o of an overload that takes `present` (as_tile: scalars given as
    element 0 of a tile; options: the template options it names; shared: {operand: the operand whose
    tile it is})."""
    od = inst.kind["operands"][o]
    if shared and o in shared:
        return f"&d_{shared[o]}"
    if unread(inst, o):
        return f"p_{o}" if o in present and read_on(inst, o) else "NULL"
    if o in as_tile:
        return f"(const void *){o}.data()"
    if od["param"]:
        prm = inst.model.params[od["param"]]
        if prm.get("value"):
            return f"({prm['c_type']}){o}"
        if o not in present and o not in options:  # left out: its first value (a flag's 0; TCVT's SaturationMode: DEFAULT)
            return "0" if prm["flag"] else f"({prm['c_type']})0"
        if prm["flag"]:
            return f"{o} ? 1 : 0"
        return f"detail::{prm['name']}_of({o})"
    if od.get("gm"):
        return f"&g_{o}"
    if o not in present:
        return "NULL"
    if od["tile"] and od["io"] == "tmp" and od["optional"]:  # upstream's programs pass a source as tmp: the cpu needs none
        srcs = [f"d_{x}" for x in present if inst.kind["operands"][x]["tile"] and inst.kind["operands"][x]["io"] == "in"
                and not (shared and x in shared)]
        return f"detail::scratch(&d_{o}, {', '.join(srcs)})" if srcs else f"&d_{o}"
    return f"&d_{o}" if od["tile"] else f"&{o}"


def option_decls(inst, names, name):
    """Template parameters, static checks and C++ test spellings of the options `names` (all but the
    first defaulted: upstream's lists)."""
    out = []
    for i, o in enumerate(names):
        if o in inst.kind["operands"]:  # a runtime parameter of the entry point
            prm = inst.model.params[inst.kind["operands"][o]["param"]]
            cpp, first = param_cpp(prm), upstream_names(prm)[0]
            out.append({"name": o, "decl": f"{cpp} {o}" + (f" = {cpp}::{first}" if i else ""), "assert": None,
                        "values": [f"pto::{cpp}::{v}" for v in upstream_names(prm) if v], "param": o})
        else:
            cpp, value, why = OPTIONS[o]
            out.append({"name": o, "decl": f"{cpp} {o}" + (f" = {cpp}::{value}" if i else ""),
                        "assert": (f"{o} == {cpp}::{value}", f"{name}: " + why.format(name=name)),
                        "values": [f"pto::{cpp}::{value}"], "param": None})
    return out


def context(inst):
    """Every overload of the instruction's cpu entry points (the header's), and refusals of
    upstream's forms ptogen lacks."""
    name = inst.name.upper()
    leading = kind_attr(inst, "CPP_LEADING", "auto")
    defaults = kind_attr(inst, "CPP_DEFAULTS", {})
    shared_of = kind_attr(inst, "cpp_shared", lambda i: {})(inst)
    seen, out = set(), []
    for entry in inst.entries(PROFILE):
        e = entry_ctx(inst, entry)
        for ops in overloads(inst, entry):
            for shared in [{}] + ([shared_of] if shared_of and all(o in ops for o in shared_of) else []):
                fn_ops = [o for o in ops if o not in shared]
                for options in [[]] + option_lists(inst):
                    sig = shape(inst, fn_ops) + (tuple(options),)
                    if sig in seen:  # the same kinds of arguments as an earlier overload: ambiguous
                        continue
                    seen.add(sig)
                    scal = scalar_tiles(inst, fn_ops)
                    for as_tile in [()] + ([tuple(scal)] if scal and not options else []):
                        out.append(overload(inst, e, name, entry, fn_ops, as_tile, options, shared, defaults))
                        if leading and not options:
                            out.append(forward(out[-1], leading))
    return {"inst": inst, "name": name, "overloads": out + refusals(inst, name), "entry_table": entry_table(inst)}


def overload(inst, e, name, entry, fn_ops, as_tile, options, shared, defaults):
    """One overload of entry point e: the function operands fn_ops (shared: {operand: the operand
    whose tile it is}), scalars given as tiles (as_tile), the template options after the types."""
    k = inst.kind
    defaults = {} if options else defaults  # (upstream's option forms default no argument)
    types = sorted({e["tparam"][o] for o in fn_ops if typed(inst, o)}, key=lambda t: int(t[1:]))
    opts = option_decls(inst, options, name)
    template = [f"typename {t}" for t in types] + [f"typename {e['tparam'][o]}" for o in as_tile] \
        + [x["decl"] for x in opts] + ["typename... WaitEvents"] \
        + [f"std::enable_if_t<is_tile_data_v<{e['tparam'][o]}>, int> = 0" for o in as_tile]
    asserts = [(f"std::is_same<typename {e['tparam'][o]}::DType, typename {e['tparam'][e['carrier'][k['operands'][o]['dtype']]]}::DType>::value",
                f"{name}: the tile giving the scalar must have the dtype of the tile it goes with") for o in as_tile]
    asserts += [x["assert"] for x in opts if x["assert"]] + [(c, msg) for t, c, msg in e["asserts"] if t in types]
    present = set(fn_ops) | set(shared)
    opt_params = {x["param"] for x in opts if x["param"]}
    column0 = kind_attr(inst, "CPP_COLUMN0", ())
    descs = [(f"pto_tile d_{o}", f"detail::{'column0' if o in column0 else 'desc'}({o})") if k["operands"][o]["tile"]
             else (f"pto_gm g_{o}", f"detail::gm({o})") for o in fn_ops if typed(inst, o) and not unread(inst, o)]
    what = [f"{', '.join(sorted(shared))} given as {', '.join(shared[x] for x in sorted(shared))}" if shared else "",
            f"{', '.join(o for o in entry['operands'] if o not in present and o not in opt_params)} left out"
            if any(o not in present and o not in opt_params for o in entry["operands"]) else "",
            f"{', '.join(as_tile)}: element 0 of a tile" if as_tile else "",
            f"template options {', '.join(options)}" if options else ""]
    return {"role": "main", "name": name, "c_name": e["c_name"], "entry_fn": e["entry_fn"], "form": entry["form"],
            "c_generic": e["c_name"].replace(f"pto_{PROFILE}_", "pto_<profile>_", 1),
            "comment": "; ".join(w for w in what if w), "template": template,
            "params": [decl(inst, e, o, as_tile, defaults) for o in fn_ops], "asserts": asserts, "descs": descs,
            "unread": [{"name": o, "read_on": read_on(inst, o)} for o in fn_ops if unread(inst, o)],
            "args": ", ".join(arg(inst, o, fn_ops, as_tile, opt_params, shared) for o in entry["operands"]),
            # for the tests: the function operands, their template parameters, the options
            "ops": fn_ops, "tparam": e["tparam"], "types": types, "as_tile": list(as_tile), "options": opts,
            "shared": dict(shared)}


def forward(o, leading):
    """The overload o with a leading template option (upstream's TMATMUL<AccPhase>, TSTORE<STPhase>,
    TDIVS<DivAlgorithm>): ignored, the call forwarded to o's plain form."""
    lead = ["auto Option", "auto... Options"] if leading == "auto" else [f"{leading} Option"]
    body = ", ".join(o["ops"] + ["events..."])
    return dict(o, role="forward", template=lead + o["template"], forward=f"{o['name']}({body})",
                comment=(o["comment"] + "; " if o["comment"] else "") + f"a leading {'option' if leading == 'auto' else leading}, ignored",
                leading=leading)


def refusals(inst, name):
    """Upstream's forms with an argument ptogen lacks (the kind module's CPP_REFUSED: the extra
    parameter, the operand it follows, what it is): a static_assert naming it. The operands are
    the main entry's; upstream's template options may follow the operand types (auto...)."""
    entry = inst.entries(PROFILE)[0]
    e = entry_ctx(inst, entry)
    tmpl = template_params(inst)
    ops = [o for o in entry["operands"] if o not in tmpl and not inst.kind["operands"][o].get("optional")]
    types = sorted({e["tparam"][o] for o in ops if typed(inst, o)}, key=lambda t: int(t[1:]))
    out = []
    for extra, after, what in kind_attr(inst, "CPP_REFUSED", []):
        template = [f"typename {t}" for t in types]
        params = []  # (unnamed: the call does not compile)
        for o in ops:
            params.append(re.sub(r"(\w+)$", r"/* \1 */", decl(inst, e, o)))
            if o == after:
                params.append(re.sub(r"(\w+)$", r"/* \1 */", "X &extra" if extra == "tile" else extra))
        if extra == "tile":
            template.append("typename X")
        template += ["auto... Options", "typename... WaitEvents"]
        if extra == "tile":
            template.append("std::enable_if_t<is_tile_data_v<X>, int> = 0")
        out.append({"role": "refused", "name": name, "comment": f"upstream's form with {what}: not in ptogen",
                    "template": template, "params": params,
                    "asserts": [(f"detail::always_false<{types[0]}>", f"{name}: {what} is not in ptogen")]})
    return out


def enums(model):
    """Each enumerated runtime parameter of the API's instructions as a mapping from upstream's enum
    (by name: its upstream_values, or the values upper-cased) to ptogen's C constants; a value
    outside it maps to one the entry point answers with PTO_ERR_PARAM."""
    import kinds
    used = {o["param"] for k in model.kinds.values() if getattr(kinds.of(k), "CPP_API", True)
            for o in k["operands"].values() if o["param"]}
    return [{"name": p["name"], "cpp": param_cpp(p), "c_type": p["c_type"],
             "pairs": [(up, c) for up, c in zip(upstream_names(p), M.param_consts(p)) if up], "outside": len(p["values"])}
            for p in model.params.values() if not p["flag"] and not p.get("value") and p["name"] in used]


# -- the C++ tests ------------------------------------------------------------------------------

def _matches(inst, tup, o, option_names, p):
    """Can overload o called with the options `option_names` make tuple tup's call on profile p?
    Its tiles are the tuple's, an omitted tile is one the tuple goes without (or one its kind always
    passes, which p does not require), an omitted flag or option its first value."""
    k = inst.kind
    presence = {a["of"] for a in k["axes"] if a["derive"] == "presence"}
    given = set(o["ops"]) | set(o["shared"]) | set(option_names)
    for x in tup.entry["operands"]:
        od = k["operands"][x]
        ax = next((a for a in k["axes"] if a["derive"] == "param" and a["of"] == x), None)
        if x in given:
            if od["tile"] and x not in tup.ops:
                return False
            if ax and not inst.model.params[od["param"]]["flag"]:  # a value upstream names
                prm = inst.model.params[od["param"]]
                if not upstream_names(prm)[prm["values"].index(tup.axes[ax["name"]])]:
                    return False
        elif od["tile"] and ((x in presence and x in tup.ops) or inst.use[p].get(x) == "required"):
            return False
        elif ax and tup.axes[ax["name"]] != ax["values"][0]:
            return False
    return True


def _fits(inst, o, case):
    """Does the case's operands fit overload o: tiles of one template type are alike (CPP_SAME_TYPE),
    a tile given for two operands is the very same tile in the case."""
    ops = case["ops"]
    for a, b in kind_attr(inst, "CPP_SAME_TYPE", {}).items():
        if a in ops and b in ops and {f: v for f, v in ops[a].items() if f != "offset"} != \
                {f: v for f, v in ops[b].items() if f != "offset"}:
            return False
    return all(ops[a]["offset"] == ops[b]["offset"] and ops[a] == ops[b] for a, b in o["shared"].items())


def _calls(o):
    """The option lists overload o is called with in the tests: none, or each prefix of its
    options (all but the first defaulted)."""
    if not o["options"]:
        return [[]]
    return [[x["name"] for x in o["options"][:n]] for n in range(1, len(o["options"]) + 1)]


def test_context(inst, p=PROFILE, sample=False):
    """The C++ tests of an instruction on profile p: per overload and call, tuples of p whose cases
    together take every dtype, parameter value, layout and location combination it has there (the
    test plan's cases: padded storage first, then the smallest; sample: the first only), valid
    regions static and dynamic in turn, each compared with p's entry point; a call with a leading
    option; and one rejected call."""
    import testplan  # the C++ tests take the conformance plan's cases
    k, m = inst.kind, inst.model
    plan = testplan.Plan(inst, p)
    dnames = [d["name"] for d in m.dtype_list]
    cache = {}

    def legal(t):
        if t.ident() not in cache:
            cs = plan.legal_cases(t)
            cache[t.ident()] = sorted(cs, key=lambda c: (not c["label"].startswith("valid<tile"), c["arena"]))
        return cache[t.ident()]
    cases = []
    ctx = context(inst)
    mains = [o for o in ctx["overloads"] if o["role"] == "main"]
    for o in mains:
        for names in _calls(o):
            seen = set()
            for t in inst.tuples[p]:
                if t.entry["form"] != o["form"] or not _matches(inst, t, o, names, p):
                    continue
                features = {("dtype", v, d) for v, d in t.dvars.items()} | {("axis", a, v) for a, v in t.axes.items()}
                for case in legal(t):  # the layouts, with the locations of the operands that have a choice of them
                    locs = {("place", tuple(sorted(t.layouts.items())),
                             tuple(sorted((x, d["loc"]) for x, d in case["ops"].items() if d.get("present") and "loc" in d
                                          and k["operands"][x]["tile"] and len(k["operands"][x]["locs"] or []) > 1)))}
                    if features | locs <= seen or not _fits(inst, o, case):
                        continue
                    seen |= features | locs
                    cases.append(_case(inst, plan, o, names, t, case, len(cases), dnames, p))
                    if sample:
                        break
                if sample and seen:
                    break
    first = cases[0]
    # the first call again with a leading option (the overload that forwards it follows its own)
    after = ctx["overloads"][ctx["overloads"].index(first["overload"]) + 1:]
    leading = None
    if after and after[0]["role"] == "forward":
        lead = LEADING_VALUE[after[0]["leading"]]
        leading = dict(first, id=f"{inst.name}_leading", seed=1, explicit=f"<{lead}>",
                       what=f"{first['name']}<{lead}>({first['cpp_args']}) {first['tup'].ident()} {first['case']['label']}")
    return {"inst": inst, "name": inst.name.upper(), "cases": cases, "leading": leading,
            "reject": _rejection(inst, plan, first), "profile": p}


def profile_test_context(model, p):
    """One C++ test program of a simulated profile p (out/tests/cpp/test_<p>.cpp): of each kind's
    first instruction on p (outputs.first_of_kind) that the API has, a call of each overload and
    option list, and a call of an instruction p lists but does not offer yet, which throws its
    entry point's status."""
    api = {i.name for i in instructions(model)}
    insts = [model.instruction(n) for n in outputs.first_of_kind(model, p) if n in api]
    refused = None
    for inst in sorted(model.refused_on(p), key=lambda i: i.name):
        if inst.name in api and not has_gm(inst):  # (a transfer may go through the cpu's: PTO_NPU_HOST_DMA)
            c = test_context(inst)["cases"][0]  # a call the cpu takes, to p's entry point of its form
            refused = dict(c, c_name=inst.entry_name(p, c["tup"].entry))
            break
    # a call per overload and option list: what the program checks is where the calls go, the
    # tiles' place and the faults; the cpu's programs check every dtype and layout of every overload
    return {"p": p, "tests": [test_context(i, p, sample=True) for i in insts], "refused": refused}


def _rejection(inst, plan, c):
    """Case c with its first tile's valid rows 0, all tiles dynamic: the entry point's status."""
    tile = next(t for t in c["tiles"] if not t["ignored"])
    status = plan.rejection(c["tup"], 0, c["case"], [(tile["name"], "valid_rows", 0)])
    tiles = [dict(t, static=False, vr=0 if t is tile else t["vr"]) for t in c["tiles"]]
    return dict(c, id=f"{inst.name}_rejects", tiles=tiles, expect=status["expect"], explicit="",
                what=f"{tile['name']} with valid rows 0: {status['what']}")


def _located(case, inst):
    """Each operand's place: tiles in their location's memory (VEC holds the scalars and the
    tiles the cpu never reads), global tensors in ordinary memory, each at its offset in the plan's
    arena less the lowest of its memory's (the arena's spacing and shared tiles kept); the bytes each
    memory's part of the case spans."""
    k = inst.kind
    spans = {}
    for x, d in case["ops"].items():
        if d.get("param") or not d.get("present", 1):
            continue
        mem = "GM" if d.get("gm") else L.LOCS[d["loc"]] if k["operands"][x]["tile"] and "loc" in d else "VEC"
        size = d["cols"] if d.get("gm") else 1 if d.get("scalar") else d["rows"] * d["cols"]
        spans.setdefault(mem, []).append((x, d["offset"], size))
    return spans


def _case(inst, plan, o, names, tup, case, n, dnames, p):
    k, m = inst.kind, inst.model
    static = n % 2 == 0
    spans = _located(case, inst)
    eb = {x: (m.dtype_list[case["ops"][x]["dtype"]]["bytes"] if "dtype" in case["ops"][x] else tup.dtype_of(x)["bytes"])
          for _, lst in spans.items() for x, _, _ in lst}
    base = {mem: min(off for _, off, _ in lst) for mem, lst in spans.items()}
    used = {mem: max(off + size * eb[x] for x, off, size in lst) - base[mem] for mem, lst in spans.items()}
    where = {x: (mem, off - base[mem]) for mem, lst in spans.items() for x, off, _ in lst}
    tiles, gms, cargs, cppargs = [], [], [], []
    opt_values = {}
    for x in names:
        ox = next(y for y in o["options"] if y["name"] == x)
        if ox["param"]:
            prm = m.params[k["operands"][x]["param"]]
            opt_values[x] = f"pto::{param_cpp(prm)}::{upstream_names(prm)[case['ops'][x]['value']]}"
        else:
            opt_values[x] = ox["values"][0]
    for x in tup.entry["operands"]:
        od, d = k["operands"][x], case["ops"].get(x)
        if od["param"]:
            prm = m.params[od["param"]]
            value = d["value"]
            if prm.get("value"):
                cargs.append(f"{value}u")
            elif prm["flag"]:
                cargs.append(str(value))
            else:
                cargs.append(M.param_consts(prm)[value])
            if x in o["ops"]:
                cppargs.append(("true" if value else "false") if prm["flag"] else str(value) if prm.get("value")
                               else f"pto::{param_cpp(prm)}::{upstream_names(prm)[value]}")
        elif od.get("gm"):
            gm = _gm(x, d, dnames, where[x][1], static)
            gms.append(gm)
            cargs.append(f"&c_{x}")
            cppargs.append(x)
        elif od["tile"]:
            if x in o["shared"]:
                cargs.append(f"&c_{o['shared'][x]}")
                continue
            if x not in o["ops"]:
                cargs.append("NULL")
                continue
            ignored = d is None or not d["present"] or inst.use[p].get(x) == "ignored"
            if ignored:  # a tile the profile never reads: one block of its dtype at VEC's start
                dt = tup.dtype_of(x)["name"]
                d = {"dtype": dnames.index(dt), "blayout": 0, "slayout": 0, "loc": 0, "rows": 1,
                     "cols": 32 // m.dtypes[dt]["bytes"], "valid_rows": 1, "valid_cols": 32 // m.dtypes[dt]["bytes"]}
            tiles.append(_tile(x, d, dnames, 0 if ignored else where[x][1], static, ignored))
            cargs.append(f"&c_{x}")
            cppargs.append(x)
        else:
            cargs.append(f"area.at({where[x][1]}u)")
            cppargs.append(f"t_{x}" if x in o["as_tile"] else f"s_{x}")
    scalars = [{"name": x, "offset": where[x][1], "as_tile": x in o["as_tile"],
                "ctype": CPP_TYPE[tup.dvars[k["operands"][x]["dtype"]]],
                "cols": 32 // tup.dtype_of(x)["bytes"]}  # a comparand tile: one block
               for x in tup.entry["operands"] if is_scalar(inst, x)]
    # the template arguments: upstream's operand types with the options; or the types alone, now and then
    types = [next(y for y in o["ops"] if typed(inst, y) and o["tparam"][y] == t) for t in o["types"]]
    explicit = ""
    if names:
        explicit = "<" + ", ".join([f"decltype({y})" for y in types] + [opt_values[x] for x in names]) + ">"
    elif n % 3 == 1 and not o["as_tile"]:
        explicit = "<" + ", ".join(f"decltype({y})" for y in types) + ">"
    mem_bytes = [used.get(loc, 0) for loc in L.LOCS] + [used.get("GM", 0)]
    return {"id": f"{inst.name}_{n}", "what": f"{o['name']}{explicit}({', '.join(cppargs)}) {tup.ident()} {case['label']}",
            "name": o["name"], "c_name": inst.entry_name(p, tup.entry), "bytes": mem_bytes, "seed": 1000 + n, "tiles": tiles, "gms": gms,
            "scalars": scalars, "cpp_args": ", ".join(cppargs), "c_args": ", ".join(cargs), "explicit": explicit,
            "overload": o, "tup": tup, "case": case}


def _tile(x, d, dnames, offset, static, ignored):
    """A tile of the case in C++ (upstream's aliases where it is one of theirs) and as a descriptor."""
    dt = dnames[d["dtype"]]
    loc = L.LOCS[d.get("loc", 0)]
    lay = L.LAYOUT_OF[(d["blayout"], d["slayout"])]
    alias = {("LEFT", "Nz"): "TileLeft", ("RIGHT", "Zn"): "TileRight", ("ACC", "Nz"): "TileAcc"}.get((loc, lay))
    return {"name": x, "ctype": CPP_TYPE[dt], "enum": f"PTO_{dt.upper()}", "loc": loc, "type": TILE_TYPE[loc],
            "alias": alias, "rows": d["rows"], "cols": d["cols"], "bl": "ColMajor" if d["blayout"] else "RowMajor",
            "sl": SLAYOUT[d["slayout"]], "box": "fractalCSize" if loc == "ACC" else "fractalABSize",
            "blenum": "PTO_COL_MAJOR" if d["blayout"] else "PTO_ROW_MAJOR",
            "slenum": ["PTO_NONE_BOX", "PTO_BOX_ROW_MAJOR", "PTO_BOX_COL_MAJOR"][d["slayout"]],
            "vr": d["valid_rows"], "vc": d["valid_cols"], "offset": offset, "static": static, "ignored": ignored}


def _gm(x, d, dnames, offset, static):
    """A global tensor of the case: static or dynamic Shape and Stride, and its descriptor."""
    dt = dnames[d["dtype"]]
    lay = L.GM_LAYOUTS[d["layout"]]
    return {"name": x, "ctype": CPP_TYPE[dt], "enum": f"PTO_{dt.upper()}", "layout": GM_LAYOUT[lay], "lenum": f"PTO_GM_{lay}",
            "shape": ", ".join(str(v) for v in d["shape"]), "stride": ", ".join(str(v) for v in d["stride"]),
            "offset": offset, "static": static}
