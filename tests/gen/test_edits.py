"""Generator tests on specs of their own (tests/gen/scratch.py): a one-spec edit reruns only its
instruction's render edge and the index; spec errors found after the loader name file:line and
leave out/ untouched, across instructions too; the README's example generates; the CLI."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from tests.gen import scratch

SPECS = "scratch"  # tests/run.py: no input from spec/isa/ or out/, so a spec edit does not rerun these
ROOT = scratch.ROOT


class Edits(unittest.TestCase):
    """Specs of its own: two small instructions, generated once; each test edits a copy."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ptogen-edit-")
        cls.base = scratch.tree(os.path.join(cls.tmp, "base"), fixtures=False,
                                isa={"tscratch_a": scratch.scalar("tscratch_a"), "tscratch_b": scratch.scalar("tscratch_b")})
        rc, out = scratch.generate(cls.base)
        assert rc == 0, out

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def copy(self, name):
        dst = os.path.join(self.tmp, name)
        shutil.copytree(self.base, dst, symlinks=True)
        return dst

    def edit(self, tree, name, text):
        scratch.write_spec(tree, name, text)  # a newer mtime than every output (ninja compares nanoseconds)

    def test_a_one_spec_edit_reruns_only_its_instruction_and_the_index(self):
        tree = self.copy("one")
        before = scratch.snapshot(tree)
        self.edit(tree, "tscratch_a", scratch.scalar("tscratch_a", summary="Edited."))
        rc, out = scratch.ninja(tree, "gen")
        self.assertEqual(rc, 0, out)
        ran = sorted(re.findall(r"RENDER (\S+)", out))
        self.assertEqual(ran, ["index", "tscratch_a"], out)
        after = scratch.snapshot(tree)
        changed = sorted(p for p in after if after[p] != before.get(p))
        self.assertIn("out/include/pto/tscratch_a.h", changed)
        self.assertFalse([p for p in changed if "tscratch_b" in p], changed)
        rc, out = scratch.ninja(tree, "gen")
        self.assertIn("no work to do", out)

    def test_a_spec_error_found_late_leaves_out_untouched(self):
        """One spec edited fine, another with an error found after the loader (in Python): neither
        instruction's files nor the index files change."""
        tree = self.copy("late")
        before = scratch.snapshot(tree)
        self.edit(tree, "tscratch_a", scratch.scalar("tscratch_a", summary="Edited."))
        never = '\n  rules = { rule { name = "never", check = "src.valid_cols < 1", status = "valid", why = "test" } },'
        self.edit(tree, "tscratch_b", scratch.scalar("tscratch_b", rules=never))
        rc, out = scratch.ninja(tree, "gen")
        self.assertNotEqual(rc, 0)
        self.assertRegex(out, r"spec/isa/tscratch_b\.lua:\d+: \w+ tuple \w+ has no legal test shape: \d+ shapes "
                              r"fail rule 'never' \(spec/isa/tscratch_b\.lua:\d+\)")
        self.assertNotIn("RENDER", out)
        self.assertEqual(before, scratch.snapshot(tree))

    def late_error(self, name, text, shared=None):
        """A fresh tree configured with a valid spec `tgen`, then `tgen` replaced by `text` (or a
        shared spec patched: (file, old, new)): generation fails and nothing is generated."""
        tree = scratch.tree(os.path.join(self.tmp, name), fixtures=False, isa={"tgen": scratch.scalar("tgen")})
        scratch.configure(tree)
        if text:
            self.edit(tree, "tgen", text)
        if shared:
            path = os.path.join(tree, "spec", shared[0])
            with open(path) as f:
                old = f.read()
            self.assertIn(shared[1], old)
            with open(path, "w") as f:
                f.write(old.replace(shared[1], shared[2]))
        rc, out = scratch.ninja(tree, "gen")
        self.assertNotEqual(rc, 0)
        self.assertFalse(os.path.exists(os.path.join(tree, "out")))
        return out

    def test_the_readme_example_instruction_generates(self):
        with open(os.path.join(ROOT, "README.md")) as f:
            example = re.search(r"For example a row-broadcast multiply:\n\n```lua\n(.*?)```", f.read(), re.S)
        self.assertIsNotNone(example, "README lost its 'Adding an instruction' example")
        name = re.search(r'name = "(\w+)"', example.group(1)).group(1)
        tree = scratch.tree(os.path.join(self.tmp, "readme"), fixtures=False, isa={name: example.group(1)})
        rc, out = scratch.generate(tree)
        self.assertEqual(rc, 0, out)
        self.assertTrue(os.path.exists(os.path.join(tree, "out", "tests", "cpu", f"test_{name}.c")))

    def test_an_instruction_rule_that_rejects_every_test_shape_is_an_error(self):
        out = self.late_error("noshape", scratch.scalar("tgen", rules='\n  rules = { rule { name = "never", '
                                                        'check = "src.valid_cols < 1", status = "valid", why = "test" } },'))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: \w+ tuple \w+ has no legal test shape: \d+ shapes fail "
                              r"rule 'never' \(spec/isa/tgen\.lua:\d+\)")

    def test_a_rule_that_never_applies_is_an_error(self):
        text = scratch.scalar("tgen", rules='\n  rules = { rule { name = "only_a2a3", check = "dst.rows >= 1", '
                                            'status = "shape", why = "test", on = { "a2a3" } } },')
        out = self.late_error("never", text.replace('    a2a3 = { T = { "f32", "f16" } },\n', ""))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: rule 'only_a2a3' never applies")

    def test_a_rule_reading_an_ignored_operand_is_an_error(self):
        out = self.late_error("ignored", ARGMAX.format(a2a3='S = { "f32" }, I = { "u32" }', a5='S = { "f32" }, I = { "u32" }',
                                                       rules='rule { name = "tmp_probe", on = { "a5" }, status = "tmp", '
                                                             'check = "tmp.rows >= 1", why = "test" }'))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: rule 'tmp_probe' reads tmp, but a5 ignores it")

    def test_an_empty_legal_set_names_the_exclude_entries_that_took_part(self):
        out = self.late_error("excluded", ARGMAX.format(a2a3='S = { "f32" }, I = { "u32" }',
                                                        a5='S = { "f16" }, I = { "u16" }, exclude = { { form = "val" } }',
                                                        rules=""))
        self.assertRegex(out, r'spec/isa/tgen\.lua:\d+: the legal set for a5 is empty after exclude '
                              r'\(\{ form = "val" \}\) and the static rules \(idx32, idx_width\)')

    def test_an_empty_legal_set_after_the_static_rules_is_an_error(self):
        # u16 indices with f32 sources only: the static width rules leave nothing legal on a2a3
        out = self.late_error("static", ARGMAX.format(a2a3='S = { "f32" }, I = { "u16" }', a5='S = { "f32" }, I = { "u32" }',
                                                      rules=""))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: the legal set for a2a3 is empty")

    def test_kernels_without_templates_is_an_error(self):
        out = self.late_error("notemplate", None, ("profiles.lua", "\nprofile {\n  name = \"cpu\",",
                              '\nprofile { name = "a9", title = "A9", kernels = true, machine = vector_unit(64 * 1024, 0), '
                              'buffers = npu_buffers(64 * 1024, 128 * 1024, 1024), semantics = contract }\nprofile {\n  name = "cpu",'))
        self.assertRegex(out, r"spec/profiles\.lua:\d+: profile a9 has kernels = true but "
                              r"templates/a9/\w+\.c\.j2 \(kind \w+\) does not exist")

    def test_math_of_two_instructions_in_a_kind_of_one_is_an_error(self):
        out = self.late_error("novop", scalar_math("tgen", "src * scalar + src"))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: math needs 2 vector instructions on a2a3 "
                              r"\(vmuls, vadd\); kind elementwise_scalar kernels issue one")

    def test_math_needing_the_scratch_in_a_kind_without_bands_is_an_error(self):
        out = self.late_error("noband", EXPAND.format(kind="row_expand", math="src0 - src1 - src1", T='"f32"'))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: math needs a temporary on a2a3 that dst cannot hold "
                              r"\(an instruction after it reads a source tile, which dst may be\), and kind "
                              r"row_expand kernels do not cut the region into bands of the scratch")

    def test_math_a_profile_cannot_lower_lists_what_it_can(self):
        out = self.late_error("nolower", scalar_math("tgen", "scalar - src"))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: math: a2a3 has no lowering of sub of the scalar first; "
                              r"allowed on a2a3: add of vectors by vadd; add with a scalar by vadds; sub of vectors "
                              r"by vsub; sub with a scalar as a \+ -b;")

    def test_every_late_error_is_reported_at_once(self):
        out = self.late_error("twoerrors", scalar_math("tgen", "scalar - src"))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: math: a2a3 has no lowering of sub of the scalar first")
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: math: a5 has no lowering of sub of the scalar first")

    def test_a_kind_without_its_module_is_an_error(self):
        out = self.late_error("nomodule", None, ("kinds.lua", 'name = "col_expand"', 'name = "col_bcast"'))
        self.assertRegex(out, r"spec/kinds\.lua:\d+: kind col_bcast has no generator module: "
                              r"gen/kinds/col_bcast\.py does not exist")

    def test_a_dtype_the_vector_isa_lacks_is_an_error(self):
        out = self.late_error("noisa", EXPAND.format(kind="col_expand", math="src0 / src1", T='"f32", "f16", "i32"'))
        self.assertRegex(out, r"spec/isa/tgen\.lua:\d+: a2a3 has no vdiv for i32 \(the math src0 / src1\); "
                              r"allowed: f32, f16")


def scalar_math(name, math):
    """A scratch elementwise-scalar instruction with its own math."""
    return scratch.scalar(name).replace('math = "max(src, scalar)"', f'math = "{math}"')


ARGMAX = """instruction {{
  name = "tgen",
  family = "reduce-and-expand",
  kind = "row_reduce_index",
  summary = "A scratch argmax.",
  math = "argmax(src)",
  operand_use = {{ tmp = {{ a2a3 = "required", a5 = "ignored" }} }},
  legal = {{
    a2a3 = {{ {a2a3} }},
    a5 = {{ {a5} }},
  }},
  rules = {{ {rules} }},
}}
"""
EXPAND = """instruction {{
  name = "tgen",
  family = "reduce-and-expand",
  kind = "{kind}",
  summary = "A scratch expand.",
  math = "{math}",
  legal = {{ a2a3 = {{ T = {{ {T} }} }} }},
}}
"""


class Cli(unittest.TestCase):
    """ptogen on the fixture instructions (scratch.FIXTURES)."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ptogen-cli-")
        scratch.tree(cls.tmp)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def ptogen(self, *args):
        return subprocess.run([sys.executable, os.path.join(self.tmp, "gen", "ptogen")] + list(args),
                              capture_output=True, text=True)

    def test_list_filters(self):
        r = self.ptogen("list", "tmaxs", "--profile", "a2a3")
        self.assertEqual([ln.split()[2] for ln in r.stdout.splitlines()], ["f16", "f32", "i16", "i32"])

    def test_check_legal(self):
        r = self.ptogen("check", "trowexpanddiv", "--profile", "a2a3", "dst=f32:ND:16x16", "src0=same:dst",
                        "src1=f32:DN:16x1")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("kernel: pto_a2a3_trowexpanddiv_f32_mode1", r.stdout)

    def test_check_places_tiles_in_the_unified_buffer(self):
        r = self.ptogen("check", "trowexpanddiv", "--profile", "a2a3", "dst=f32:ND:16x16", "src0=same:dst",
                        "src1=f32:DN:16x1")
        self.assertIn("placement: dst at UB offset 0 (1024 bytes), src1 at UB offset 1024 (64 bytes)", r.stdout)
        r = self.ptogen("check", "trowexpanddiv", "--profile", "a2a3", "dst=f32:ND:184x256", "src0=same:dst",
                        "src1=f32:DN:184x1")  # dst fills the tile area exactly
        self.assertEqual(r.returncode, 1)
        self.assertIn("PTO_ERR_PLACEMENT: src1 must lie in the first", r.stdout)
        r = self.ptogen("check", "trowexpanddiv", "--profile", "cpu", "dst=f32:ND:256x256", "src0=same:dst",
                        "src1=f32:DN:256x1")
        self.assertIn("placement: not checked (cpu has no unified buffer)", r.stdout)

    def test_check_names_the_failing_rule(self):
        r = self.ptogen("check", "trowexpanddiv", "--profile", "a2a3", "dst=f32:ND:16x16", "src0=f32:ND:16x16",
                        "src1=f32:ND:16x16@16x8")
        self.assertEqual(r.returncode, 1)
        self.assertIn("PTO_ERR_SHAPE: mode2_stride:", r.stdout)

    def test_swapped_order_reports_the_full_sources_valid_region(self):
        # the column comes first: it is the narrow operand even though the full source's valid
        # region is wrong, so the call fails on that region (full_valid), not on layouts
        r = self.ptogen("check", "trowexpanddiv", "--profile", "cpu", "dst=f32:ND:8x8", "src0=f32:DN:8x1",
                        "src1=f32:ND:8x8@7x8")
        self.assertEqual(r.returncode, 1)
        self.assertIn("PTO_ERR_VALID: full_valid:", r.stdout)

    def test_check_lists_legal_dtypes(self):
        r = self.ptogen("check", "tmaxs", "--profile", "a2a3", "dst=u8:ND:4x32", "src=u8:ND:4x32")
        self.assertEqual(r.returncode, 1)
        self.assertIn("legal: f16, f32, i16, i32", r.stdout)

    def test_check_rejects_bad_operand_text(self):
        r = self.ptogen("check", "tmaxs", "--profile", "cpu", "dst=f33:ND:4x8")
        self.assertEqual(r.returncode, 2)
        self.assertIn("unknown dtype 'f33'", r.stderr)


if __name__ == "__main__":
    unittest.main()
