"""Contexts of the C++ API (out/include/pto/pto-inst.hpp and pto/cpp/<instr>.hpp): upstream PTO's
intrinsics over the cpu profile's checked entry points, derived from the kinds' entries. Each
entry point becomes an overload of the upper-case instruction name with its operands in PTO
intrinsic order; an optional tile, and a flag (TCOLSUM's isBinary), may also be left out,
unless that overload would take the same kinds of arguments as another (its tile operands are
templates, so two such overloads would be ambiguous). A tile's dtypes are checked at compile time
against the cpu's legal set; the entry point checks the rest at run time."""
import model as M

CPP_TYPE = {"f32": "float", "f16": "half", "bf16": "bfloat16_t", "i32": "int32_t", "u32": "uint32_t",
            "i16": "int16_t", "u16": "uint16_t", "i8": "int8_t", "u8": "uint8_t",
            "i64": "int64_t", "f8e4m3": "float8_e4m3_t", "f8e5m2": "float8_e5m2_t"}  # TCVT's endpoints too
PROFILE = "cpu"  # the profile whose entry points the C++ API calls


def instructions(model):
    """The instructions the C++ API has: the cpu's, less those of kinds whose module says
    CPP_API = False (the matrix unit's: its Left/Right/Acc tiles are not in the API's Tile yet)."""
    import kinds
    return [i for i in model.instructions_on(PROFILE) if getattr(kinds.of(i), "CPP_API", True)]


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


def overloads(inst, entry):
    """The argument lists of one entry point's overloads: its operands, less optional tiles and
    flags (and enums upstream leaves out for their first value) in every combination, the full list first."""
    k = inst.kind
    droppable = [o for o in entry["operands"]
                 if (k["operands"][o]["tile"] and k["operands"][o]["optional"])
                 or (k["operands"][o]["param"] and default_param(inst.model.params[k["operands"][o]["param"]]))]
    out = []
    for mask in range(1 << len(droppable)):
        dropped = {o for i, o in enumerate(droppable) if mask >> i & 1}
        out.append([o for o in entry["operands"] if o not in dropped])
    return out


def scalar_tiles(inst, ops):
    """An overload with each scalar given as element 0 of a tile instead, for a kind whose C++ API
    takes that (spec/kinds.lua scalar_tile), or None."""
    k = inst.kind
    scalars = [o for o in ops if not k["operands"][o]["tile"] and not k["operands"][o]["param"]]
    return scalars if k.get("scalar_tile") and scalars else None


def shape(inst, ops):
    k = inst.kind
    return tuple("tile" if k["operands"][o]["tile"] else "param" if k["operands"][o]["param"] else "scalar" for o in ops)


def entry_ctx(inst, entry):
    k, m = inst.kind, inst.model
    tuples = [t for t in inst.tuples[PROFILE] if t.entry["form"] == entry["form"]]
    tiles = [o for o in entry["operands"] if k["operands"][o]["tile"]]
    tparam = {o: f"T{i}" for i, o in enumerate(tiles)}
    if k.get("scalar_tile"):  # a scalar may come as element 0 of a tile: its template parameter
        tparam.update({o: f"S{i}" for i, o in enumerate(x for x in entry["operands"]
                                                        if not k["operands"][x]["tile"] and not k["operands"][x]["param"])})
    # a scalar's type is the element type of a tile of its dtype variable (not deduced from the argument)
    carrier = {}
    for o in tiles:
        carrier.setdefault(k["operands"][o]["dtype"], o)
    asserts = []
    for var in sorted({k["operands"][o]["dtype"] for o in tiles} - {M.ANY}):  # a scratch tile of any dtype: no check
        legal = sorted({t.dvars[var] for t in tuples}, key=list(CPP_TYPE).index)
        if var in CPP_TYPE:  # a fixed dtype (a mask: u8)
            legal = [var]
        ops = [o for o in tiles if k["operands"][o]["dtype"] == var]
        asserts.append({"type": f"typename {tparam[ops[0]]}::DType", "types": ", ".join(CPP_TYPE[d] for d in legal),
                        "what": f"{'/'.join(ops)} dtype", "legal": ", ".join(legal)})
    return {"c_name": inst.entry_name(PROFILE, entry), "tiles": tiles, "tparam": tparam, "carrier": carrier,
            "asserts": asserts, "operands": entry["operands"]}


def decl(inst, e, o, as_tile=()):
    od = inst.kind["operands"][o]
    if od["tile"]:
        return f"{e['tparam'][o]} &{o}"
    if o in as_tile:
        return f"{e['tparam'][o]} &{o}"
    if od["param"]:
        return f"{param_cpp(inst.model.params[od['param']])} {o}"
    return f"typename {e['tparam'][e['carrier'][od['dtype']]]}::DType {o}"


def arg(inst, o, present, as_tile=()):
    """The C argument for operand o of an overload that takes `present` (as_tile: scalars given as
    element 0 of a tile)."""
    od = inst.kind["operands"][o]
    if o in as_tile:
        return f"(const void *){o}.data()"
    if od["param"]:
        prm = inst.model.params[od["param"]]
        if o not in present:  # left out: its first value (a flag's 0; TCVT's SaturationMode: DEFAULT)
            return "0" if prm["flag"] else f"({prm['c_type']})0"
        if prm["flag"]:
            return f"{o} ? 1 : 0"
        return f"detail::{prm['name']}_of({o})"
    if o not in present:
        return "NULL"
    return f"&d_{o}" if od["tile"] else f"&{o}"


def context(inst):
    """Every overload of the instruction's cpu entry points."""
    name = inst.name.upper()
    seen, out = set(), []
    for entry in inst.entries(PROFILE):
        e = entry_ctx(inst, entry)
        for ops in overloads(inst, entry):
            sig = shape(inst, ops)
            if sig in seen:  # the same kinds of arguments as an earlier overload: ambiguous
                continue
            seen.add(sig)
            for as_tile in [()] + ([tuple(scalar_tiles(inst, ops))] if scalar_tiles(inst, ops) else []):
                tiles = [o for o in ops if inst.kind["operands"][o]["tile"]]
                out.append({"name": name, "c_name": e["c_name"], "form": entry["form"],
                            "template": ", ".join(f"typename {e['tparam'][o]}" for o in tiles + list(as_tile)),
                            "enable": [e["tparam"][o] for o in as_tile],
                            # a comparand tile holds the scalar's dtype: that of the tile it stands beside
                            "same": [(e["tparam"][o], e["tparam"][e["carrier"][inst.kind["operands"][o]["dtype"]]])
                                     for o in as_tile],
                            "params": ", ".join(decl(inst, e, o, as_tile) for o in ops),
                            "tiles": tiles, "asserts": e["asserts"], "as_tile": list(as_tile),
                            "args": ", ".join(arg(inst, o, ops, as_tile) for o in entry["operands"]),
                            "omits": [o for o in entry["operands"] if o not in ops]})
    return {"inst": inst, "name": name, "overloads": out}


def enums(model):
    """Each enumerated runtime parameter of the API's instructions as a mapping from upstream's enum
    (by name: its upstream_values, or the values upper-cased) to ptogen's C constants; a value
    outside it maps to one the entry point answers with PTO_ERR_PARAM. (TMOV's and TSTORE's pto_relu
    is not in the API yet: their kinds have CPP_API = False.)"""
    import kinds
    used = {o["param"] for k in model.kinds.values() if getattr(kinds.of(k), "CPP_API", True)
            for o in k["operands"].values() if o["param"]}
    return [{"name": p["name"], "cpp": param_cpp(p), "c_type": p["c_type"],
             "pairs": [(up, c) for up, c in zip(upstream_names(p), M.param_consts(p)) if up], "outside": len(p["values"])}
            for p in model.params.values() if not p["flag"] and not p.get("value") and p["name"] in used]


def _matches(inst, tup, ops):
    """Can an overload taking `ops` make tuple tup's call? Its tiles are the tuple's, an omitted
    tile is one the tuple goes without (or one its kind always passes, which the cpu ignores), an
    omitted flag is its first value."""
    k = inst.kind
    presence = {a["of"] for a in k["axes"] if a["derive"] == "presence"}
    for o in tup.entry["operands"]:
        od = k["operands"][o]
        if o in ops:
            if od["tile"] and o not in tup.ops:
                return False
            if od["param"] and not inst.model.params[od["param"]]["flag"]:  # a value upstream names
                prm = inst.model.params[od["param"]]
                ax = next(a for a in k["axes"] if a["derive"] == "param" and a["of"] == o)
                if not upstream_names(prm)[prm["values"].index(tup.axes[ax["name"]])]:
                    return False
        elif od["tile"] and o in presence and o in tup.ops:
            return False
        elif od["param"]:
            ax = next(a for a in k["axes"] if a["derive"] == "param" and a["of"] == o)
            if tup.axes[ax["name"]] != ax["values"][0]:
                return False
    return True


def test_context(inst):
    """The C++ tests of an instruction: per overload, tuples that together take every dtype,
    parameter value and layout combination it has, each on the test plan's smallest legal case,
    valid regions static and dynamic in turn; and one rejected call."""
    import testplan  # the C++ tests take the conformance plan's cases
    k, m = inst.kind, inst.model
    plan = testplan.Plan(inst, PROFILE)
    dnames = [d["name"] for d in m.dtype_list]
    cases = []
    for o in context(inst)["overloads"]:
        taken = next(x for x in k["entries"] if x["form"] == o["form"])["operands"]
        present = [x for x in taken if x not in o["omits"]]
        seen = set()
        for t in inst.tuples[PROFILE]:
            if t.entry["form"] != o["form"] or not _matches(inst, t, present):
                continue
            features = {("dtype", v, d) for v, d in t.dvars.items()} | {("axis", a, v) for a, v in t.axes.items()} \
                | {("layouts", tuple(sorted(t.layouts.items())))}
            if features <= seen:
                continue
            seen |= features
            legal = plan.legal_cases(t)  # padded storage where the plan has it (strides matter), else the smallest
            case = next((c for c in legal if c["label"].startswith("valid<tile")), None) or min(legal, key=lambda c: c["arena"])
            cases.append(_case(inst, o, t, case, len(cases), dnames, present))
    return {"inst": inst, "name": inst.name.upper(), "cases": cases}


def _case(inst, o, tup, case, n, dnames, present):
    k, m = inst.kind, inst.model
    tiles, cargs, cppargs = [], [], []
    for x in tup.entry["operands"]:
        od, d = k["operands"][x], case["ops"].get(x)
        if od["param"]:
            prm = m.params[od["param"]]
            value = d["value"]
            if prm["flag"]:
                cargs.append(str(value))
                if x in present:
                    cppargs.append("true" if value else "false")
            else:
                cargs.append(M.param_consts(prm)[value])
                if x in present:
                    cppargs.append(f"pto::{param_cpp(prm)}::{upstream_names(prm)[value]}")
        elif od["tile"]:
            if x not in present:
                cargs.append("NULL")
                continue
            if d is None or not d["present"] or inst.use[PROFILE].get(x) == "ignored":
                # a tile the cpu never reads: one block of its dtype at the area's start
                dt = tup.dtype_of(x)["name"]
                d = {"dtype": dnames.index(dt), "blayout": 0, "rows": 1, "cols": 32 // m.dtypes[dt]["bytes"],
                     "valid_rows": 1, "valid_cols": 32 // m.dtypes[dt]["bytes"], "offset": 0}
            dt = dnames[d["dtype"]]
            static = n % 2 == 0
            tiles.append({"name": x, "ctype": CPP_TYPE[dt], "enum": m.dtypes[dt]["enum"], "rows": d["rows"], "cols": d["cols"],
                          "bl": "ColMajor" if d["blayout"] else "RowMajor", "blenum": "PTO_COL_MAJOR" if d["blayout"] else "PTO_ROW_MAJOR",
                          "vr": d["valid_rows"], "vc": d["valid_cols"], "offset": d["offset"], "static": static})
            cargs.append(f"&c_{x}")
            cppargs.append(x)
        else:
            cargs.append(f"a.at({d['offset']}u)")
            cppargs.append(f"t_{x}" if x in o["as_tile"] else f"s_{x}")
    scalars = [{"name": x, "offset": case["ops"][x]["offset"], "as_tile": x in o["as_tile"],
                "ctype": CPP_TYPE[tup.dvars[k["operands"][x]["dtype"]]],
                "cols": 32 // tup.dtype_of(x)["bytes"]}  # a comparand tile: one block
               for x in tup.entry["operands"] if not k["operands"][x]["tile"] and not k["operands"][x]["param"]]
    return {"id": f"{inst.name}_{n}", "what": f"{o['name']}({', '.join(cppargs)}) {tup.ident()} {case['label']}",
            "name": o["name"], "c_name": o["c_name"], "arena": case["arena"], "seed": 1000 + n, "tiles": tiles,
            "scalars": scalars, "cpp_args": ", ".join(cppargs), "c_args": ", ".join(cargs)}
