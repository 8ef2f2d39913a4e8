"""The C++ API's compile-time checks (out/include/pto/pto-inst.hpp): a call with a dtype the cpu
never accepts for an instruction's tiles does not compile, and the message names the instruction
and the legal dtypes; upstream's forms and options ptogen lacks, and tiles and tensors it has no
descriptor for, do not compile either, each message naming what is missing."""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "gen"))
import cppapi  # noqa: E402
import model as M  # noqa: E402


def compile_errors(body, flags=()):
    """g++'s messages for a translation unit of pto-inst.hpp and main() { body }, compiled with flags."""
    src = '#include "pto/pto-inst.hpp"\nint main(void)\n{\n' + body + "\n    return 0;\n}\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "illegal.cpp")
        with open(path, "w") as f:
            f.write(src)
        r = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", "-fmax-errors=0", *flags, "-I", os.path.join(ROOT, "out", "include"), path],
                           capture_output=True, text=True)
    return r


def tile_decl(inst, op, dtype, var):
    """A tile or tensor for operand op of dtype `dtype` (its kind's first location, one box of rows)."""
    od = inst.kind["operands"][op]
    ty = cppapi.CPP_TYPE[dtype]
    if od.get("gm"):
        return f"    pto::GlobalTensor<{ty}, pto::Shape<>, pto::Stride<>> {var}(nullptr);"
    loc = cppapi.TILE_TYPE[(od.get("locs") or ["VEC"])[0]]
    return f"    pto::Tile<pto::TileType::{loc}, {ty}, 16, 64> {var};"


class StaticChecks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.m = M.load_specs(ROOT)

    def test_an_illegal_dtype_is_a_readable_compile_error(self):
        calls, expected = [], {}
        for inst in cppapi.instructions(self.m):
            k = inst.kind
            o = next(x for x in cppapi.context(inst)["overloads"] if x["role"] == "main")
            tiles = [t for t in o["ops"] if k["operands"][t]["tile"]]
            dvars = {k["operands"][t]["dtype"] for t in tiles}
            if len(dvars) != 1 or any(k["operands"][t].get("gm") for t in o["ops"]):
                continue
            legal = {t.dvars[v] for t in inst.tuples[cppapi.PROFILE] for v in dvars if v in t.dvars}
            bad = next((d for d in cppapi.CPP_TYPE if d not in legal), None)
            if bad is None:
                continue
            ty = cppapi.CPP_TYPE[bad]
            args = []
            for x in o["ops"]:
                od = k["operands"][x]
                if od["tile"]:
                    args.append(f"t_{inst.name}")
                elif od["param"]:
                    prm = self.m.params[od["param"]]
                    args.append("true" if prm["flag"] else "0" if prm.get("value")
                                else f"pto::{cppapi.param_cpp(prm)}::{cppapi.upstream_names(prm)[0] or cppapi.upstream_names(prm)[1]}")
                else:
                    args.append(f"{ty}{{}}")
            calls.append(tile_decl(inst, tiles[0], bad, f"t_{inst.name}") + f"\n    pto::{o['name']}({', '.join(args)});")
            expected[inst.name] = f"{o['name']}: "
        self.assertTrue(calls, "no instruction misses a dtype on the cpu")
        r = compile_errors("\n".join(calls))
        self.assertNotEqual(r.returncode, 0, "calls with illegal dtypes compiled")
        for name, head in expected.items():
            self.assertIn(head, r.stderr, f"{name}: no static_assert message")
        self.assertIn("not legal on the cpu profile (legal: ", r.stderr)

    def test_upstream_forms_and_options_ptogen_lacks_do_not_compile(self):
        """Each refused form (the kinds' CPP_REFUSED) and each option value other than ptogen's
        (gen/cppapi.py OPTIONS), called on legal operands: its static_assert's message."""
        calls, expected = [], []
        for inst in cppapi.instructions(self.m):
            ctx = cppapi.context(inst)
            main = next(x for x in ctx["overloads"] if x["role"] == "main")
            t = next(t for t in inst.tuples[cppapi.PROFILE] if t.entry["form"] == main["form"])
            n = len(calls)
            decls = [tile_decl(inst, x, t.dtype_of(x)["name"], f"{x}_{n}") for x in main["ops"] if cppapi.typed(inst, x)]
            plain = [f"{x}_{n}" if cppapi.typed(inst, x) else "0" for x in main["ops"]]
            for o in ctx["overloads"]:
                if o["role"] == "refused":
                    extra = "x_tile" if "X &" in " ".join(o["params"]) else "q"
                    args = []
                    for p in o["params"]:
                        name = p.split("/* ")[1].split(" */")[0]
                        args.append(extra if name in ("extra", "preQuantScalar") else plain[main["ops"].index(name)])
                    calls.append("\n".join(decls) + f"\n    pto::{o['name']}({', '.join(args)});")
                    expected.append(o["asserts"][0][1])
                for i, opt in enumerate(o.get("options", [])):
                    if not opt["assert"]:
                        continue
                    cpp, value, _ = cppapi.OPTIONS[opt["name"]]
                    other = {"ReluPreMode": "NormalRelu", "AccToVecMode": "DualModeSplitM", "AtomicType": "AtomicAdd"}[cpp]
                    before = [f"pto::{x['decl'].split()[0]}::{cppapi.OPTIONS[x['name']][1] if x['assert'] else 'NoRelu'}"
                              for x in o["options"][:i]]
                    types = ", ".join(f"decltype({next(y for y in o['ops'] if o['tparam'].get(y) == tp)}_{n})" for tp in o["types"])
                    calls.append("\n".join(decls) + f"\n    pto::{o['name']}<{types}, {', '.join(before + [f'pto::{cpp}::{other}'])}>"
                                 f"({', '.join(plain)});")
                    expected.append(opt["assert"][1])
        self.assertTrue(calls)
        body = "    pto::Tile<pto::TileType::Vec, float, 16, 64> x_tile;\n    uint64_t q = 0;\n    (void)q;\n" + "\n".join(calls)
        r = compile_errors(body)
        self.assertNotEqual(r.returncode, 0)
        for msg in expected:
            self.assertIn(msg, r.stderr)

    def test_tiles_and_tensors_ptogen_lacks_do_not_compile(self):
        cases = {
            "pto::Tile<pto::TileType::Scaling, float, 1, 64> t; pto::TASSIGN(t, 0);": "Tile: ptogen's locations are",
            "pto::Tile<pto::TileType::Mat, float, 32, 32, pto::BLayout::ColMajor, 32, 32, pto::SLayout::RowMajor, 1024> t;"
            " pto::TASSIGN(t, 0);": "Tile: a boxed tile's box must be its location's",
            "pto::Tile<pto::TileType::Mat, float, 32, 32, pto::BLayout::ColMajor, 32, 32, pto::SLayout::ColMajor> t;"
            " (void)pto::GetTileElementOffset<decltype(t)>(0, 0);": "(Nn) is not a layout",
            "pto::GlobalTensor<float, pto::Shape<>, pto::Stride<>, pto::Layout::NC1HWC0> g;": "GlobalTensor: ptogen's global tensors are ND, DN or NZ",
            "pto::Tile<pto::TileType::Vec, float, 16, 16> a; pto::TileRight<float, 16, 16> b; pto::TileAcc<float, 16, 16> c;"
            " pto::TMATMUL(c, a, b);": "TMATMUL: a must be a tile of TileType Left",
            "pto::Tile<pto::TileType::Mat, float, 16, 16> t; t.SetValue(0, 1.0f);": "SetValue: the tile must be a TileType::Vec tile",
        }
        r = compile_errors("\n".join(f"    {{ {body} }}" for body in cases))
        self.assertNotEqual(r.returncode, 0)
        for msg in cases.values():
            self.assertIn(msg, r.stderr)


class Profiles(unittest.TestCase):
    """-DPTO_PROFILE: each profile of spec/profiles.lua compiles the same program, whatever it offers
    (an instruction it does not offer is a status at run time, not a compile error); another name
    is an #error naming the profiles."""

    def test_every_profile_compiles_every_instruction(self):
        m = M.load_specs(ROOT)
        body = ("    pto::TileLeft<float, 16, 16> a; pto::TileRight<float, 16, 16> b; pto::TileAcc<float, 16, 16> c;\n"
                "    pto::TMATMUL(c, a, b);\n"
                "    pto::Tile<pto::TileType::Vec, float, 16, 16> v;\n    pto::TMAXS(v, v, 0.0f);\n")
        for p in cppapi.profiles(m)["profiles"]:
            with self.subTest(profile=p["name"]):
                r = compile_errors(body, [f"-DPTO_PROFILE={p['name']}", "-Wall", "-Wextra", "-Werror", "-pedantic"])
                self.assertEqual(r.returncode, 0, r.stderr[:2000])

    def test_an_unknown_profile_is_an_error_naming_the_profiles(self):
        m = M.load_specs(ROOT)
        r = compile_errors("", ["-DPTO_PROFILE=a9"])
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("PTO_PROFILE must name a profile of spec/profiles.lua: "
                      + ", ".join(p["name"] for p in cppapi.profiles(m)["profiles"]), r.stderr)


if __name__ == "__main__":
    unittest.main()
