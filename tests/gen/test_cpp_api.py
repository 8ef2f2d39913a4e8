"""The C++ API's compile-time checks (out/include/pto/pto-inst.hpp): a call with a dtype the cpu
never accepts for an instruction's tiles does not compile, and the message names the
instruction and the legal dtypes. One translation unit calls, for every instruction whose tiles
share one dtype variable, its first overload on tiles of a dtype outside the cpu's legal set."""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "gen"))
import cppapi  # noqa: E402
import model as M  # noqa: E402


class StaticChecks(unittest.TestCase):
    def test_an_illegal_dtype_is_a_readable_compile_error(self):
        m = M.load_specs(ROOT)
        calls, expected = [], {}
        for inst in cppapi.instructions(m):
            k = inst.kind
            o = cppapi.context(inst)["overloads"][0]
            dvars = {k["operands"][t]["dtype"] for t in o["tiles"]}
            legal = {t.dvars[v] for t in inst.tuples[cppapi.PROFILE] for v in dvars if v in t.dvars}
            bad = next((d for d in cppapi.CPP_TYPE if d not in legal), None)
            if len(dvars) != 1 or bad is None:
                continue
            ty = cppapi.CPP_TYPE[bad]
            args = []
            for x in next(e for e in k["entries"] if e["form"] == o["form"])["operands"]:
                od = k["operands"][x]
                if x in o["omits"]:
                    continue
                if od["tile"]:
                    args.append(f"t_{inst.name}")
                elif od["param"]:
                    prm = m.params[od["param"]]
                    args.append("true" if prm["flag"] else f"pto::{cppapi.param_cpp(prm)}::{prm['values'][0].upper()}")
                else:
                    args.append(f"{ty}{{}}")
            calls.append(f"    pto::Tile<pto::TileType::Vec, {ty}, 16, 64> t_{inst.name};\n"
                         f"    pto::{o['name']}({', '.join(args)});")
            expected[inst.name] = f"{o['name']}: "
        self.assertTrue(calls, "no instruction misses a dtype on the cpu")
        src = '#include "pto/pto-inst.hpp"\nint main(void)\n{\n' + "\n".join(calls) + "\n    return 0;\n}\n"
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "illegal.cpp")
            with open(path, "w") as f:
                f.write(src)
            r = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", "-fmax-errors=0", "-I", os.path.join(ROOT, "out", "include"), path],
                               capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0, "calls with illegal dtypes compiled")
        for name, head in expected.items():
            self.assertIn(head, r.stderr, f"{name}: no static_assert message")
        self.assertIn("not legal on the cpu profile (legal: ", r.stderr)


if __name__ == "__main__":
    unittest.main()
