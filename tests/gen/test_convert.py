"""TCVT's spec as the model reads it (spec/isa/tcvt.lua, kind convert): the pair lists per profile
(the cpu their union), ODD only for f32 -> f16 and f32 -> bf16 (elsewhere a param error), one
kernel per pair whatever the modes, and in place only between dtypes of one size (the verifier's
retype): the answers of docs/tcvt.md, through gen/model.py's mirror of the C verifier."""
import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "gen"))
import model as M  # noqa: E402


def tile(m, dtype, rows, cols, data):
    return {"data": data, "loc": 0, "dtype": [d["name"] for d in m.dtype_list].index(dtype), "blayout": 0,
            "slayout": 0, "rows": rows, "cols": cols, "valid_rows": rows, "valid_cols": cols}


class Convert(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.m = M.load_specs(ROOT)
        cls.inst = cls.m.instruction("tcvt")

    def pairs(self, p):
        return {(t.dvars["S"], t.dvars["D"]) for t in self.inst.tuples[p]}

    def call(self, p, dst, src, round_mode="rint", sat="default"):
        ops = {"dst": dst, "src": src, "round": self.m.params["round"]["values"].index(round_mode),
               "sat": self.m.params["sat"]["values"].index(sat)}
        return M.verify(self.inst, p, "main", ops)[0]

    def test_pair_counts_and_union(self):
        self.assertEqual(len(self.pairs("a2a3")), 23)
        self.assertEqual(len(self.pairs("a5")), 38)
        self.assertEqual(self.pairs("cpu"), self.pairs("a2a3") | self.pairs("a5"))
        self.assertIn(("i32", "f16"), self.pairs("a2a3") - self.pairs("a5"))
        self.assertIn(("f32", "f8e4m3"), self.pairs("a5") - self.pairs("a2a3"))
        self.assertNotIn(("f16", "bf16"), self.pairs("cpu"))  # upstream's page lists it; neither NPU has it

    def test_odd_only_to_half(self):
        odd = {(t.dvars["S"], t.dvars["D"]) for t in self.inst.tuples["cpu"] if t.axes["round"] == "odd"}
        self.assertEqual(odd, {("f32", "f16"), ("f32", "bf16")})
        self.assertEqual(self.call("cpu", tile(self.m, "f16", 2, 16, 0), tile(self.m, "f32", 2, 16, 1024), "odd"), "ok")
        self.assertEqual(self.call("cpu", tile(self.m, "i32", 2, 16, 0), tile(self.m, "f32", 2, 16, 1024), "odd"), "param")
        self.assertEqual(self.call("a2a3", tile(self.m, "f16", 2, 16, 0), dict(tile(self.m, "i8", 2, 32, 1024), valid_cols=16)), "ok")
        self.assertEqual(self.call("a2a3", tile(self.m, "bf16", 2, 16, 0), tile(self.m, "f16", 2, 16, 1024)), "dtype")

    def test_one_kernel_per_pair(self):
        kernels = {t.kernel for t in self.inst.tuples["cpu"]}
        self.assertEqual(len(kernels), len(self.pairs("cpu")))
        self.assertIn("pto_cpu_tcvt_f16_f32", kernels)  # dst, then src, as the operands

    def test_in_place_only_between_dtypes_of_one_size(self):
        f32 = tile(self.m, "f32", 4, 16, 0)
        self.assertEqual(self.call("cpu", tile(self.m, "i32", 4, 16, 0), f32), "ok")
        self.assertEqual(self.call("cpu", tile(self.m, "f16", 4, 32, 0), tile(self.m, "f32", 4, 32, 0)), "alias")
        moved = dict(tile(self.m, "i32", 4, 16, 0), rows=5)  # the same data, another shape: overlap
        self.assertEqual(self.call("cpu", moved, f32), "alias")


if __name__ == "__main__":
    unittest.main()
