"""spec/ops.lua is the one table of element operations: every operation it lists has its C
implementations under the names the generator derives (kernels, reference, plain bench
loops), the simulators' ALU implements every instruction a lowering names, and the lowering
of each operation gives the program its table row says."""
import os
import re
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "gen"))
import lower  # noqa: E402
import machine  # noqa: E402
import model as M  # noqa: E402

MODEL = M.load_specs(ROOT)


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


class OpsTable(unittest.TestCase):
    def elementwise(self):
        return [o for o in MODEL.ops if not o["reduce"]]

    def assert_defines(self, text, float_fn, int_fn):
        """Every elementwise operation has float_fn(name) (float classes) and int_fn(name) (integer
        classes) defined in text: regexes of the function names the generator calls."""
        for o in self.elementwise():
            with self.subTest(op=o["name"]):
                if "float" in o["classes"]:
                    self.assertRegex(text, float_fn(o["name"]))
                if {"signed", "unsigned"} & set(o["classes"]):
                    self.assertRegex(text, int_fn(o["name"]))

    def test_every_operation_has_kernel_element_functions(self):
        self.assert_defines(read("runtime/common/pto_ops_core.h"), lambda n: rf"PTO\(_{n}_f\)\(",
                            lambda n: rf"PTO\(_{n}_##name\)\(")

    def test_every_fast_operation_has_its_fast_form(self):
        """An operation with `fast` has its vectorising form for f32 (and per dtype where it rounds to it)."""
        core = read("runtime/common/pto_ops_core.h")
        for o in MODEL.ops:
            if o.get("fast"):
                with self.subTest(op=o["name"]):
                    self.assertIn("float", o["classes"])
                    self.assertRegex(core, rf"PTO\(_{o['name']}_fast_f\)\(")
                    if o.get("per_format"):
                        self.assertRegex(core, rf"PTO\(_{o['name']}_fast_f16\)\(")
                        self.assertRegex(core, rf"PTO\(_{o['name']}_fast_bf16\)\(")

    def test_every_operation_has_a_reference(self):
        ref = read("tests/harness/ref.c") + read("tests/harness/ref.h")
        for o in MODEL.ops:
            with self.subTest(op=o["name"]):
                self.assertRegex(ref, rf"\bref_{o['name']}\(")

    def test_every_operation_has_a_plain_bench_function(self):
        self.assert_defines(read("bench/harness/plain.h"), lambda n: rf"plain__{n}_f\(", lambda n: rf"plain__{n}_##N\(")

    def test_every_lowered_instruction_is_in_its_profile_isa_and_simulated(self):
        for p in MODEL.profile_names:
            isa = MODEL.profile(p)["isa"] or {}
            instrs = lower.instructions(MODEL, p)
            self.assertEqual(sorted(instrs), sorted(isa), p)
            if isa:
                ctx = machine.context(MODEL, p)
                self.assertEqual({o["op"] for o in ctx["alu_ops"] + ctx["unary_ops"]},
                                 {i for i, d in instrs.items() if d["cls"] not in ("reduce", "fold")}, p)
                # a fold's tree applies the element op of its operation's element-wise instruction
                self.assertEqual({(f["op"], f["lanes"]) for f in ctx["folds"]},
                                 {(i, d["lanes"]) for i, d in instrs.items() if d["cls"] == "fold"}, p)
                for f in ctx["folds"]:
                    self.assertEqual(instrs[f["lanes"]]["op"], instrs[f["op"]]["op"], p)
                self.assertIn(machine.MODELS[p]["dup"], ctx["opcodes"], p)

    def test_operators_of_the_math_are_the_table_symbols(self):
        symbols = {(o["symbol"], o["arity"]) for o in MODEL.ops if o.get("symbol")}
        self.assertEqual(symbols, {("+", 2), ("-", 2), ("*", 2), ("/", 2), ("-", 1), ("<<", 2), (">>", 2), ("&", 2),
                                   ("|", 2), ("^", 2), ("~", 1)})


class Lowering(unittest.TestCase):
    """Programs for one-operation math on each NPU profile, as the table row says."""

    class Inst:
        def __init__(self, math_text, math, scalar=True):
            self.d = {"math": math, "math_text": math_text}
            ops = {"dst": {"tile": True}, "src": {"tile": True}}
            if scalar:
                ops["scalar"] = {"tile": False}
            else:
                ops["src1"] = {"tile": True}
            self.kind = {"operands": ops, "scalar_unit": True}

        def math(self, form="main"):
            return self.d["math"]

        def math_text(self, form="main"):
            return self.d["math_text"]

    @staticmethod
    def call(fn, *args):
        return {"op": "call", "fn": fn, "args": [a if isinstance(a, dict) else {"op": "ref", "name": a} for a in args]}

    def npu_profiles(self):
        return [p for p in MODEL.profile_names if MODEL.profile(p)["isa"]]

    def test_scalar_forms(self):
        for p in self.npu_profiles():
            isa = MODEL.profile(p)["isa"]
            for o in MODEL.ops:
                low = o["lower"].get(p, {})
                sc = low.get("scalar") or {}
                if o["reduce"] or o["arity"] != 2 or not sc:
                    continue
                instr = low.get("vector") or sc.get("instr")
                # a rewrite: a dtype of the operation's classes that every instruction it uses takes
                dt = (next(d for d in isa[instr]) if instr else
                      next(d["name"] for d in MODEL.dtype_list if d["class"] in o["classes"]
                           and all(d["name"] in isa.get(i, []) for i in self.rewrite_instrs(o, p))))
                with self.subTest(p=p, op=o["name"]):
                    prog = lower.program(MODEL, self.Inst("x", self.call(o["name"], "src", "scalar")), p, dt)
                    instrs = [s["instr"] for s in prog["steps"]]
                    if "instr" in sc:
                        self.assertEqual(instrs, [sc["instr"]])
                        self.assertEqual(prog["steps"][0]["args"], ["src", "scalar"])
                        self.assertEqual(prog["steps"][0]["count"], low.get("count"))  # shifts: the kernel's answer
                    elif sc.get("dup"):
                        self.assertEqual(instrs, ["dup", low["vector"]])
                    else:  # a rewrite: scalar-only parts run once on the scalar unit
                        self.assertTrue(prog["prep"] or len(instrs) > 0)
                        self.assertTrue(all(re.match(r"v", i) for i in instrs if i != "dup"))

    def rewrite_instrs(self, o, p):
        """The instructions of profile p's lowering of operation o with the scalar, as a rewrite."""
        return [s["instr"] for s in lower.program(MODEL, self.Inst("x", self.call(o["name"], "src", "scalar")), p,
                                                  "i16")["steps"] if s["cls"] != "dup"]

    def test_subtracting_a_scalar_adds_its_negation(self):
        for p in self.npu_profiles():
            prog = lower.program(MODEL, self.Inst("src - scalar", self.call("sub", "src", "scalar")), p, "f32")
            self.assertEqual(prog["prep"], [("s0", self.call("neg", "scalar"))])
            self.assertEqual([(s["instr"], s["args"]) for s in prog["steps"]], [("vadds", ["src", "s0"])])

    def test_a_dtype_without_instruction_falls_back_to_the_scalar_unit_only_where_allowed(self):
        for p in self.npu_profiles():
            isa = MODEL.profile(p)["isa"]
            for o in MODEL.ops:
                low = o["lower"].get(p, {})
                if o["reduce"] or not low.get("vector"):
                    continue
                lacking = [d for d in MODEL.dtypes if d not in isa[low["vector"]]]
                for d in lacking:
                    inst = self.Inst("x", self.call(o["name"], "src", "src1"), scalar=False)
                    with self.subTest(p=p, op=o["name"], dtype=d):
                        if low.get("scalar_unit"):
                            self.assertTrue(lower.program(MODEL, inst, p, d)["scalar_unit"])
                        else:
                            with self.assertRaises(lower.NoLowering):
                                lower.program(MODEL, inst, p, d)


if __name__ == "__main__":
    unittest.main()
