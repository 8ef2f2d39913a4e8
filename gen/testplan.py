"""The generated conformance tests of one instruction on one profile: for every legal tuple,
legal cases (shapes derived from the machine parameters, value fills, in place) and rejected
mutations whose expected status comes from model.verify, the mirror of the C verifier."""
import kinds
import layouts as L
import model as M

IO_ENUM = {"in": "H_IO_IN", "out": "H_IO_OUT", "tmp": "H_IO_TMP"}
GM_IO_ENUM = {"in": "H_IO_GM_IN", "out": "H_IO_GM_OUT"}  # a global tensor (gm operand)
FIELDS = ["present", "null_data", "dtype", "loc", "blayout", "slayout", "rows", "cols",
          "valid_rows", "valid_cols", "offset", "value",
          # a global tensor's (gm operand): its layout, shape and strides (its data is at offset)
          "layout"] + [f"shape{k}" for k in range(5)] + [f"stride{k}" for k in range(5)]
FLAG_ON = (1, 2, -1)  # the values a flag's second value is tested with (any nonzero int), case by case
FIELD_ENUM = {f: "H_F_" + f.upper() for f in FIELDS}
N_CLASSES_MAX = 28   # value classes per dtype (tests/harness/values.c), for class-crossing shapes
GAP = 64             # sentinel bytes between operands in the arena
GUARD = 64           # sentinel bytes before and after the arena (tests/harness/harness.h H_GUARD)


def roundup(n, b):
    return -(-n // b) * b


def tile(dt_index, rows, cols, vr, vc, layout="ND"):
    bl, sl = M.LAYOUT_ENUMS[layout]
    return {"present": 1, "null_data": 0, "dtype": dt_index, "loc": 0, "blayout": bl, "slayout": sl,
            "rows": rows, "cols": cols, "valid_rows": vr, "valid_cols": vc, "offset": 0}


def grid_shapes(E, B, cls):
    """(label, valid rows, valid cols, extra storage cols) for dst-shaped tiles."""
    return [
        ("1x1", 1, 1, 0), ("valid<E", 3, E - 1, 0), ("valid=E", 2, E, 0), ("valid=E+1", 2, E + 1, 0),
        ("repeats+tail", 4, 3 * E + 5, 0), ("rows>255", 300, B + 3, 0),
        ("stride>255blocks", 3, 2 * B + 1, 255 * B), ("valid<tile", 13, 3 * B - 1, 2 * B),
        ("upstream 32x64", 32, 64, 0), ("upstream 7x448", 7, 448, 0), ("upstream 256x16", 256, 16, 0),
        ("upstream 60x60 in 64x64", 60, 60, 0), ("upstream 1x3600", 1, 3600, 0), ("upstream 2048x1", 2048, 1, 0),
        ("classes", cls, cls + 1, 0),
    ]


def reduce_shapes(E, B, cls):
    return [
        ("1x1", 1, 1, 0), ("valid<E", 3, E - 1, 0), ("valid=E", 2, E, 0), ("valid=E+1", 2, E + 1, 0),
        ("repeats+tail", 4, 3 * E + 5, 0), ("E^2+1", 2, E * E + 1, 0), ("rows>255", 300, B + 3, 0),
        ("stride>255blocks", 3, 2 * B + 1, 255 * B), ("valid<tile", 13, 3 * B - 1, 2 * B),
        ("upstream 1023x17", 1023, 17, 0), ("upstream 260x64", 260, 64, 0), ("upstream 3x4095", 3, 4095, 0),
        ("upstream 1x16381", 1, 16381, 0), ("upstream 3x3473", 3, 3473, 0), ("classes", cls, cls + 1, 0),
    ]


class Plan:
    def __init__(self, inst, p):
        self.inst, self.p = inst, p
        self.model = inst.model
        self.prof = self.model.profile(p)
        self.dindex = {d["name"]: i for i, d in enumerate(self.model.dtype_list)}
        self.skipped = []  # (case label, the instruction rule that rejects its shape)
        m = self.prof["machine"]
        # a profile with a unified buffer runs its cases in UB: the arena starts after the guard
        self.ub_origin = GUARD if m["ub_bytes"] else None
        self.ub_tiles = m["ub_bytes"] - m["reserved_scratch_bytes"]

    def E_B(self, dt):
        m = self.prof["machine"]
        return m["repeat_bytes"] // dt["bytes"], m["block_bytes"] // dt["bytes"]

    # -- legal cases -----------------------------------------------------------------------
    def operands(self, tup, vr, vc, extra, variant):
        """Operand descriptors for a dst valid region vr x vc; variant varies storage choices
        (the kind's test_operands) and the int a flag's nonzero value is passed as."""
        ops = kinds.of(self.inst).test_operands(self, tup, vr, vc, extra, variant)
        for ax in self.inst.kind["axes"]:
            if ax["derive"] == "param":
                values = self.model.params[ax["param"]]["values"]
                v = values.index(tup.axes[ax["name"]])
                if self.model.params[ax["param"]]["flag"] and v:
                    v = FLAG_ON[variant % len(FLAG_ON)]
                ops[ax["of"]] = {"present": 1, "param": True, "value": v}
        return ops

    def tmp_fits(self, tup, ops, tmp):
        """The tuple's tmp rules accept `tmp` with these operands."""
        descs = dict(ops, tmp=tmp)
        return all(M.eval_rule(r, tup, descs, self.prof) for r in tup.rules if r.status == "tmp")

    def fit_tmp(self, tup, ops, vr):
        """The smallest tmp (1 row, or one per valid row) that the tuple's tmp rules accept: the
        rejections then shrink it by a row or a block to hit each rule."""
        B = self.E_B(tup.dtype_of("tmp"))[1]

        def fits(rows, cols):
            return self.tmp_fits(tup, ops, tile(0, rows, cols, rows, cols))
        best = None
        for rows in sorted({1, vr}):
            hi = B
            while hi <= 1 << 24 and not fits(rows, hi):
                hi *= 2
            if hi > 1 << 24:
                continue
            lo = hi // 2  # fits(hi); not fits(lo) unless hi == B: bisect on multiples of B
            while hi - lo > B:
                mid = max(lo + B, (lo + hi) // 2 // B * B)
                lo, hi = (lo, mid) if fits(rows, mid) else (mid, hi)
            if best is None or rows * hi < best[0] * best[1]:
                best = (rows, hi)
        if best is None:
            raise AssertionError(f"test plan bug: {self.inst.name} {tup.ident()}: no tmp satisfies {[r.name for r in rules]}")
        return tile(self.dindex[tup.dtype_of("tmp")["name"]], best[0], best[1], best[0], best[1])

    def arena_fits(self, arena):
        """An arena of `arena` bytes and its guards fit the unified buffer's tile area (if any)."""
        return self.ub_origin is None or arena + 2 * GUARD <= self.ub_tiles

    def fits_ub(self, tup, ops, same_as=None):
        trial = {name: dict(d) for name, d in ops.items()}
        return self.arena_fits(self.layout_arena(tup, trial, same_as))

    def dst_on_full(self, tup):
        """{dst: the full source} where dst may be that very tile, else None."""
        srcs = (self.inst.kind["in_place"] or {}).get("dst", [])
        full = "full" if "full" in srcs else (srcs[0] if srcs else None)
        if full and self.inst.kind.get("converts") and tup.dtype_of("dst")["bytes"] != tup.dtype_of(tup.role(full))["bytes"]:
            return None  # a conversion is in place only between dtypes of one size
        return {"dst": tup.role(full)} if full else None

    def layout_arena(self, tup, ops, same_as=None):
        """Assign offsets (64-byte aligned, GAP bytes apart); same_as maps an op to the op it is."""
        off = 0
        for name in tup.entry["operands"]:
            d = ops.get(name)
            if d is None:
                continue
            if (same_as and name in same_as) or d.get("param"):
                continue
            d["offset"] = off
            size = tup.dtype_of(name)["bytes"] * (1 if d.get("scalar") else d["rows"] * d["cols"])
            off = roundup(off + size + GAP, 64)
        for a, b in (same_as or {}).items():
            dtype = ops[a]["dtype"] if a in ops else None
            ops[a] = dict(ops[b])  # the very same tile: same data, dtype, layout, shape and valid region
            if self.inst.kind.get("converts") and dtype is not None:
                ops[a]["dtype"] = dtype  # a conversion's: its own dtype, of the same size
        return off

    def legal_cases(self, tup):
        """The legal cases of tup: made once per instruction, profile and tuple in a process (the
        test plan, the fuzz table and the C++ tests all take them); callers do not change them."""
        memo = self.inst.__dict__.setdefault("_legal_cases", {})
        key = (self.p, tup.key())
        if key not in memo:
            before = len(self.skipped)
            memo[key] = ([c for c in self._cases(tup) if c], self.skipped[before:])
        else:
            self.skipped += memo[key][1]
        return memo[key][0]

    def has_legal_case(self, tup):
        """Whether tup has a legal case: the first one found (a spec check of every tuple)."""
        return any(self._cases(tup))

    def _cases(self, tup):
        """The cases of tup in order, None for a shape its rules reject; made one at a time."""
        kind = kinds.of(self.inst)
        E, B = self.E_B(tup.dtype_of(kind.MAIN_OPERAND))
        shapes = kind.test_shapes(E, B, N_CLASSES_MAX)
        n_cases = 0
        for n, (label, vr, vc, extra) in enumerate(shapes):
            fills = ["H_FILL_CLASSES"] if label == "classes" else ["H_FILL_RANDOM"]
            for fill in fills + kind.extra_fills(label):
                yield self.shape_case(tup, n, label, vr, vc, extra, fill, 1000 + n_cases)
                n_cases += 1
        yield from self.in_place_cases(tup, B, kind.IN_PLACE_FILL, 2000 + n_cases)
        yield from kind.more_cases(self, tup, shapes, B)  # after the others: their seeds and order stay

    def fill_cases(self, tup, fills):
        """A light plan's cases (a kind's light()): each of the kind's shapes whose label `fills`
        maps to a fill, once with that fill."""
        kind = kinds.of(self.inst)
        E, B = self.E_B(tup.dtype_of(kind.MAIN_OPERAND))
        cases = []
        for n, (label, vr, vc, extra) in enumerate(kind.test_shapes(E, B, N_CLASSES_MAX)):
            if label in fills:
                cases.append(self.shape_case(tup, n, label, vr, vc, extra, fills[label], 1000 + len(cases)))
        return [c for c in cases if c]

    def shape_case(self, tup, n, label, vr, vc, extra, fill, seed):
        """The case of shape number n of the kind's shapes, filled with `fill`."""
        ops, same = self.operands(tup, vr, vc, extra, n), None
        if not self.fits_ub(tup, ops):  # in a unified buffer, large shapes go without extra padding
            ops = self.operands(tup, vr, vc, extra, 0)
        if not self.fits_ub(tup, ops):  # and then in place, as upstream's UB tests do
            same = self.dst_on_full(tup)
        return self.case(tup, f"{label} {fill[7:].lower()}" + (" in place" if same else ""), ops, seed, fill, same_as=same)

    def in_place_cases(self, tup, B, fill, seed):
        """Every output on the very tile of each source it may replace (seeds from `seed` on)."""
        k = self.inst.kind
        cases = []
        for out, srcs in (k["in_place"] or {}).items():
            for role in srcs:
                src = tup.role(role)
                same = (tup.dtype_of(out)["bytes"] == tup.dtype_of(src)["bytes"] if k.get("converts")
                        else tup.dtype_of(out) == tup.dtype_of(src))
                if out not in tup.ops or tup.layouts[out] != tup.layouts[src] or not same:
                    continue  # this tuple's output cannot be the very tile of its source
                narrow = role == "narrow"
                # a narrow source that is dst's tile has dst's shape: one block wide in mode 2
                if narrow and tup.axes.get("mode") == "mode2":
                    ops = self.operands(tup, 13, B, 0, 0)
                else:
                    ops = self.operands(tup, 13, 3 * B - 1, 2 * B, 0)
                if narrow:
                    ops[src] = dict(ops[out])
                label = f"in place {out}={src}" + (f" {fill[7:].lower()}" if fill == "H_FILL_EXTREMES" else "")
                cases.append(self.case(tup, label, ops, seed + len(cases), fill, same_as={out: src}))
        return cases

    def case(self, tup, label, ops, seed, fill, same_as=None):
        """The legal case, or None where the shape is not one of this tuple's: it reads as
        another tuple, or an instruction's own rule narrows the shapes (recorded in skipped)."""
        arena = self.layout_arena(tup, ops, same_as)
        descs = self.descs(tup, ops)
        if "order" in tup.axes and M.roles_order(self.inst.kind, descs) != tup.axes["order"]:
            return None  # e.g. a mode-2 narrow operand as wide as dst reads as the normal order
        if not self.arena_fits(arena):
            raise AssertionError(f"test plan bug: {self.inst.name} {tup.ident()} {label}: the arena "
                                 f"({arena} bytes) does not fit the {self.ub_tiles} bytes of UB for tiles")
        got = M.verify(self.inst, self.p, tup.entry["form"], descs, self.ub_origin)
        if got[0] == "ok" and got[1] is not tup and got[1].kernel != tup.kernel:
            return None
        if got[0] != "ok":
            own = [r for r in tup.rules if r.file == self.inst.file and not M.eval_rule(r, tup, descs, self.prof)]
            if not own:
                raise AssertionError(f"test plan bug: {self.inst.name} {tup.ident()} {label}: {got}")
            self.skipped.append((label, own[0]))
            return None
        if got[1] is not tup:
            raise AssertionError(f"test plan bug: {self.inst.name} {tup.ident()} {label}: {got}")
        return {"label": label, "seed": seed, "fill": fill, "arena": arena, "ops": ops}

    def descs(self, tup, ops):
        out = {}
        for name in tup.entry["operands"]:
            d = ops.get(name)
            if d is None or not d["present"]:
                out[name] = None
            elif d.get("param"):
                out[name] = d["value"]
            elif d.get("scalar"):
                out[name] = True
            else:
                out[name] = dict(d, data=None if d["null_data"] else d["offset"])
        return out

    # -- rejected calls ----------------------------------------------------------------------
    def mutations(self, tup, base_index, base):
        k = self.inst.kind
        dts = len(self.model.dtype_list)
        out, seen = [], set()
        names = [n for n in tup.entry["operands"] if self.inst.use[self.p].get(n) != "ignored"]
        for name in names:
            d = base["ops"].get(name)
            is_tile = k["operands"][name]["tile"]
            if d is None:
                continue
            if d.get("param"):  # a value outside the param's domain, and each other value
                n = len(self.model.params[k["operands"][name]["param"]]["values"])
                cand = [("value", v) for v in (n, n + 1, 255, -1, 0x7FFFFFFF, -0x80000000) + tuple(range(n))
                        if v != d["value"]]
            elif not d["present"]:
                cand = [("present", 1)]  # an optional operand handed over where this form takes none
            else:
                cand = [("present", 0)]
            if d.get("gm") and d["present"]:
                cand += self.gm_mutations(name, d, base, names)
            if is_tile and d["present"]:
                eb = self.model.dtype_list[d["dtype"]]["bytes"]
                cand += [("null_data", 1)] + [("loc", v) for v in (1, 2, 3, 4, 77)]
                cand += [("dtype", v) for v in list(range(dts)) + [dts, 200, -1] if v != d["dtype"]]
                cand += [("blayout", 1 - d["blayout"]), ("blayout", 5), ("slayout", 1), ("slayout", 2), ("slayout", 7)]
                cand += [("rows", 0), ("rows", d["rows"] + 1), ("rows", 0xFFFFFFFF), ("cols", 0),
                         ("cols", d["cols"] + 1), ("cols", 0xFFFFFFFF)]
                cand += [("valid_rows", v) for v in (0, d["valid_rows"] - 1, d["valid_rows"] + 1, d["rows"] + 1)]
                cand += [("valid_cols", v) for v in (0, d["valid_cols"] - 1, d["valid_cols"] + 1, d["cols"] + 1)]
                if eb > 1:
                    cand.append(("offset", d["offset"] + 1))
                if k["operands"][name]["io"] == "tmp":  # the fitted tmp, a row or a block short
                    cand += [("rows", d["rows"] - 1), ("cols", d["cols"] - self.E_B(self.model.dtype_list[d["dtype"]])[1])]
                if self.ub_origin is not None:  # across the end of the tile area, in the scratch, past UB
                    end = self.ub_tiles - self.ub_origin
                    cand += [("offset", end - 64), ("offset", end), ("offset", end + self.prof["machine"]["reserved_scratch_bytes"])]
                for other in names:
                    o = base["ops"].get(other)
                    if other != name and o is not None and not o.get("scalar") and not o.get("param"):
                        cand += [("offset", o["offset"]), ("offset", o["offset"] + eb)]
            for field, value in cand:
                if (name, field, value) in seen or (field in ("rows", "cols", "valid_rows", "valid_cols") and value < 0):
                    continue
                seen.add((name, field, value))
                m = self.rejection(tup, base_index, base, [(name, field, value)])
                if m:
                    out.append(m)
        return out + self.double_faults(tup, base_index, base, out)

    def gm_mutations(self, name, d, base, names):
        """A global tensor's faults: NULL data, every other dtype and a few unknown ones, every
        other layout and unknown ones, each dim 0 or one more, each stride 0, one less or one
        more (the innermost too), its data one byte off, on a tile's bytes."""
        dts = len(self.model.dtype_list)
        eb = self.model.dtype_list[d["dtype"]]["bytes"]
        cand = [("null_data", 1)]
        cand += [("dtype", v) for v in list(range(dts)) + [dts, 200, -1] if v != d["dtype"]]
        cand += [("layout", v) for v in (0, 1, 2, 3, 77, -1) if v != d["layout"]]
        for k in range(5):
            cand += [(f"shape{k}", 0), (f"shape{k}", d["shape"][k] + 1)]
            cand += [(f"stride{k}", v) for v in (0, d["stride"][k] - 1, d["stride"][k] + 1, 1 << 62) if v >= 0]
        if eb > 1:
            cand.append(("offset", d["offset"] + 1))
        for other in names:
            o = base["ops"].get(other)
            if other != name and o is not None and not o.get("scalar") and not o.get("param"):
                cand += [("offset", o["offset"]), ("offset", o["offset"] + eb)]
        return cand

    def gm_span_edges(self, tup, cases):
        """Each tensor of the 1 x 1 case made two rows (ND) or columns (DN) exactly 2^60 bytes
        apart: its largest offset the first one too far (PTO_ERR_SHAPE), nothing else wrong (both
        rows at a multiple of 32 bytes). NZ's fixed boxes keep such a sum off a row multiple."""
        at = next((i for i, c in enumerate(cases) if c["label"].startswith("1x1 ")), None)
        out = []
        for name, d in ((n, d) for n, d in (cases[at]["ops"].items() if at is not None else ()) if d and d.get("gm")):
            k = {"ND": 3, "DN": 4}.get(L.GM_LAYOUTS[d["layout"]])
            if k is not None and d["shape"][k] == 1:
                limit = L.GM_SPAN_BYTES // self.model.dtype_list[d["dtype"]]["bytes"]
                m = self.rejection(tup, at, cases[at], [(name, f"shape{k}", 2), (name, f"stride{k}", limit)])
                if m:
                    out.append(m)
        return out

    def param_mutations(self, tup, base_index, base):
        """The rejections of a runtime parameter's values alone (a value outside its domain, a value
        this tuple's dtypes do not take)."""
        out = []
        for name in tup.entry["operands"]:
            d = base["ops"].get(name)
            if d is None or not d.get("param"):
                continue
            n = len(self.model.params[self.inst.kind["operands"][name]["param"]]["values"])
            for v in (n, -1, 0x7FFFFFFF) + tuple(range(n)):
                if v != d["value"]:
                    m = self.rejection(tup, base_index, base, [(name, "value", v)])
                    if m:
                        out.append(m)
        return out

    def rejection(self, tup, base_index, base, changes):
        """The mutation applying `changes` [(operand, field, value)] to case `base`, or None if
        the call is still legal."""
        ops = {n: dict(v) for n, v in base["ops"].items()}
        for name, field, value in changes:
            if field[:5] in ("shape", "strid"):  # one dim of a global tensor's shape or strides
                arr, k = field[:-1], int(field[-1])
                ops[name][arr] = list(ops[name][arr])
                ops[name][arr][k] = value
            else:
                ops[name][field] = value
        status, detail = M.verify(self.inst, self.p, tup.entry["form"], self.descs(tup, ops), self.ub_origin)
        if status == "ok":
            return None
        what = " + ".join(f"{name}.{field}={value}" for name, field, value in changes) + f": {detail}"
        enc = [{"op": tup.entry["operands"].index(n), "field": FIELD_ENUM[f], "value": v} for n, f, v in changes]
        enc += [{"op": -1, "field": 0, "value": 0}] * (2 - len(enc))
        return {"base": base_index, "changes": enc, "status": status, "key": changes,
                "expect": "PTO_ERR_" + status.upper(), "what": what.replace("\\", "\\\\").replace('"', "'")}

    def double_faults(self, tup, base_index, base, singles):
        """Two faults with different statuses on different operands: the first in the
        documented check order must win. Every toggle of an optional operand's presence is
        paired with one fault of each (operand, status) (presence is checked after layouts);
        other pairs are sampled."""
        toggles = [m for m in singles if m["key"][0][1] == "present"]
        firsts = {}
        for m in singles:
            firsts.setdefault((m["key"][0][0], m["status"]), m)
        pairs = [(a, b) for a in toggles for b in firsts.values()]
        step = max(1, len(singles) // 20)
        pairs += [(singles[i], singles[(i * 7 + 3) % len(singles)]) for i in range(0, len(singles), step)]
        out = []
        for a, b in pairs:
            if a["key"][0][0] == b["key"][0][0] or a["status"] == b["status"]:
                continue
            m = self.rejection(tup, base_index, base, a["key"] + b["key"])
            if m:
                out.append(m)
        return out


def plan(inst, p):
    pl = Plan(inst, p)
    kind = kinds.of(inst)
    if p in inst.unoffered:
        return refused_plan(pl, kind)
    entries, tuples = [entry_ctx(inst, p, e) for e in inst.entries(p)], []
    # a kind may test some tuples lighter (kind.light(tup): its own cases, rejections of the runtime
    # parameters only), e.g. a conversion's other modes, which run the same kernel
    light = getattr(kind, "light", None)
    for t in inst.tuples[p]:
        few = light and light(pl, t)
        cases = few if few else pl.legal_cases(t)
        # mutations start from a case with padding; an instruction rule may leave only others
        base = next((i for i, c in enumerate(cases) if c["label"].startswith("valid<tile")), 0 if cases else None)
        if base is None:
            raise no_test_shape(inst, p, t, pl.skipped)
        muts = pl.param_mutations(t, base, cases[base]) if few else pl.mutations(t, base, cases[base]) + pl.gm_span_edges(t, cases)
        tuples.append(tuple_ctx(pl, kind, t, cases, muts))
    return plan_ctx(inst, kind, entries, tuples)


def refused_plan(pl, kind):
    """The test of an instruction profile pl.p lists but does not offer yet: every case the
    profile that accepts its tuples runs (placed in pl.p's UB where it fits) is refused by
    model.verify's status (PTO_ERR_LOC), and so is each NULL operand (PTO_ERR_NULL); nothing
    may be written."""
    inst, p = pl.inst, pl.p
    host = next(q for q in pl.model.profile_names if p in (pl.model.profile(q)["accepts"] or []))
    hosted = {t.key(): t for t in inst.tuples[host]}
    tuples = []
    for t in inst.unoffered[p]:
        cases = [c for c in Plan(inst, host).legal_cases(hosted[t.key()]) if pl.arena_fits(c["arena"])]
        muts = [pl.rejection(t, i, c, []) for i, c in enumerate(cases)]
        for name in t.entry["operands"]:
            d = cases[0]["ops"].get(name)
            if d and d["present"] and (inst.kind["operands"][name]["tile"] or d.get("gm")):
                muts += [pl.rejection(t, 0, cases[0], [(name, f, 1 - d[f])]) for f in ("present", "null_data")]
        muts = [dict(m, what=cases[m["base"]]["label"] + ("" if m["what"][0] == ":" else " ") + m["what"])
                for m in muts if m]
        tuples.append(tuple_ctx(pl, kind, t, cases, muts))
    return dict(plan_ctx(inst, kind, [entry_ctx(inst, p, e) for e in inst.refused_entries(p)], tuples), refused=True)


def tuple_ctx(pl, kind, t, cases, muts):
    """A tuple's cases and rejected calls as the test template reads them."""
    inst, p = pl.inst, pl.p
    dt = t.dtype_of(kind.MAIN_OPERAND)
    return {
        "ident": t.ident(), "cname": t.ident().replace(".", "_"), "name": f"{p}.{inst.name}.{t.ident()}",
        "entry": inst.entry_name(p, t.entry), "reader": kind.READER, "writes": getattr(kind, "WRITES", "H_W_ALL"), "n_ops": len(t.entry["operands"]),
        "dtype": dt["enum"], "swap": int(t.axes.get("order") == "swap"), "mode": 2 if t.axes.get("mode") == "mode2" else 1,
        "form": int(t.entry["form"] == "val"), "form_name": t.entry["form"], "block": pl.E_B(dt)[1],
        "cases": [{**c, "ops": [full_desc(c["ops"].get(o)) for o in t.entry["operands"]]} for c in cases],
        "mutations": muts}


def plan_ctx(inst, kind, entries, tuples):
    values = entries[0]["values"] if entries else []
    # the kind's reference may name the math's operands itself (a fold's two values)
    return dict(dict(entries=entries, tuples=tuples, math_operands=values, reader=kind.READER, refused=False,
                     bare_math=inst.math()["op"] == "ref"),  # the math is an operand's bits (a fill)
                **kind.reference(inst))


def entry_ctx(inst, p, e):
    """How a harness calls entry point `e`: its C name, argument casts from `const void *a[]`,
    and each operand's part (H_IO_*)."""
    k = inst.kind
    return {"c_name": inst.entry_name(p, e), "form": e["form"], "casts": casts(inst, e["operands"]),
            "operands": e["operands"],
            "io": ", ".join(io_enum(k["operands"][o]) for o in e["operands"]),
            "values": [o for o in e["operands"] if k["operands"][o]["io"] == "in" and not k["operands"][o]["param"]]}


def io_enum(o):
    """An operand's part in a harness call (H_IO_*)."""
    if o.get("gm"):
        return GM_IO_ENUM[o["io"]]
    return "H_IO_PARAM" if o["param"] else "H_IO_SCALAR" if not o["tile"] else IO_ENUM[o["io"]]


def casts(inst, operands, kernel=False):
    """The arguments of a call through `const void *a[]`: tiles cast back to `const pto_tile *`,
    a runtime parameter read from its int32_t (kernel: a kernel's, which takes no parameter)."""
    def arg(i, o):
        od = inst.kind["operands"][o]
        if od["param"]:
            return f"({inst.model.params[od['param']]['c_type']})*(const int32_t *)a[{i}]"
        if od.get("gm"):
            return f"(const pto_gm *)a[{i}]"
        return f"(const pto_tile *)a[{i}]" if od["tile"] else f"a[{i}]"
    takes = inst.kind.get("param_args")  # its kernels take the parameters too
    return ", ".join(arg(i, o) for i, o in enumerate(operands)
                     if not (kernel and inst.kind["operands"][o]["param"] and not takes))


def no_test_shape(inst, p, tup, skipped):
    """Instruction rules that reject every test shape leave a tuple untested: a spec error."""
    rules = sorted({(r.file, r.line, r.name) for _, r in skipped})
    why = ", ".join(f"'{name}' ({f}:{line})" for f, line, name in rules)
    return M.SpecError(f"{inst.file}:{inst.line}: {p} tuple {tup.ident()} has no legal test shape: "
                       f"{len(skipped)} shapes fail rule {why}; allowed: rules that admit some of the shapes "
                       "1x1, 3x(E-1), 2xE, ... (gen/testplan.py)")


def full_desc(d):
    """Every field of an operand descriptor (absent operands and scalars get zeros)."""
    out = {f: 0 for f in FIELDS}
    out.update({f: v for f, v in (d or {}).items() if f in out})
    out["shape"], out["stride"] = list((d or {}).get("shape", [0] * 5)), list((d or {}).get("stride", [0] * 5))
    return out
