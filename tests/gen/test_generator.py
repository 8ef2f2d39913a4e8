"""Generator tests: deterministic, write-if-changed and atomic output; the CLI."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def copy_tree(dst):
    for d in ("spec", "gen", "templates", "runtime"):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(dst, d), ignore=shutil.ignore_patterns("__pycache__"))


def generate(tree):
    """spec2json + render in `tree`; returns (returncode, stderr)."""
    isa = sorted(os.path.relpath(p, tree) for p in glob.glob(os.path.join(tree, "spec", "isa", "*.lua")))
    os.makedirs(os.path.join(tree, "build"), exist_ok=True)
    r = subprocess.run(["lua5.4", "gen/spec2json.lua", "build/spec.json", "build/spec.json.d", "spec"] + isa,
                       cwd=tree, capture_output=True, text=True)
    if r.returncode:
        return r.returncode, r.stderr
    r = subprocess.run([sys.executable, "gen/render.py", "build/spec.json"], cwd=tree, capture_output=True, text=True)
    return r.returncode, r.stderr


def snapshot(tree):
    out = {}
    for path in sorted(glob.glob(os.path.join(tree, "out", "**", "*"), recursive=True)):
        if os.path.isfile(path):
            with open(path, "rb") as f:
                out[os.path.relpath(path, tree)] = (f.read(), os.stat(path).st_mtime_ns)
    return out


class Generation(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ptogen-test-")
        cls.a, cls.b = os.path.join(cls.tmp, "a"), os.path.join(cls.tmp, "b")
        for t in (cls.a, cls.b):
            copy_tree(t)
            rc, err = generate(t)
            assert rc == 0, err

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_two_runs_give_identical_bytes(self):
        a, b = snapshot(self.a), snapshot(self.b)
        self.assertEqual(sorted(a), sorted(b))
        for path in a:
            self.assertEqual(a[path][0], b[path][0], path)

    def test_no_absolute_paths_or_times_in_output(self):
        for path, (data, _) in snapshot(self.a).items():
            self.assertNotIn(self.tmp.encode(), data, path)
            self.assertNotIn(ROOT.encode(), data, path)

    def test_regeneration_rewrites_nothing(self):
        before = snapshot(self.a)
        rc, err = generate(self.a)
        self.assertEqual(rc, 0, err)
        self.assertEqual(before, snapshot(self.a))

    def test_a_spec_error_found_late_leaves_out_untouched(self):
        tree = os.path.join(self.tmp, "late")
        copy_tree(tree)
        shutil.copytree(os.path.join(self.a, "out"), os.path.join(tree, "out"))
        before = snapshot(tree)
        path = os.path.join(tree, "spec", "isa", "trowargmax.lua")
        with open(path) as f:
            text = f.read()
        # u16 indices with f32 sources only: the static width rules leave nothing legal on a2a3
        text = text.replace('a2a3 = { S = { "f32", "f16" }, I = { "u32", "i32", "u16", "i16" } }',
                            'a2a3 = { S = { "f32" }, I = { "u16" } }')
        with open(path, "w") as f:
            f.write(text)
        rc, err = generate(tree)
        self.assertEqual(rc, 1)
        line = next(i for i, ln in enumerate(text.splitlines(), 1) if "a2a3 = { S" in ln)
        self.assertIn(f"spec/isa/trowargmax.lua:{line}: the legal set for a2a3 is empty", err)
        after = snapshot(tree)
        self.assertEqual({k: v[0] for k, v in before.items()}, {k: v[0] for k, v in after.items()})


    def late_error(self, name, path, old, new):
        """Edit one file of a fresh tree; generation must fail naming file:line and leave out/ alone."""
        tree = os.path.join(self.tmp, name)
        copy_tree(tree)
        full = os.path.join(tree, path)
        with open(full) as f:
            text = f.read()
        self.assertIn(old, text)
        with open(full, "w") as f:
            f.write(text.replace(old, new))
        rc, err = generate(tree)
        self.assertEqual(rc, 1)
        self.assertFalse(os.path.exists(os.path.join(tree, "out", "include")))
        return err

    def test_the_readme_example_instruction_generates(self):
        with open(os.path.join(ROOT, "README.md")) as f:
            example = re.search(r"For example a row-broadcast multiply:\n\n```lua\n(.*?)```", f.read(), re.S)
        self.assertIsNotNone(example, "README lost its 'Adding an instruction' example")
        tree = os.path.join(self.tmp, "readme")
        copy_tree(tree)
        with open(os.path.join(tree, "spec", "isa", "trowexpandmul.lua"), "w") as f:
            f.write(example.group(1))
        rc, err = generate(tree)
        self.assertEqual(rc, 0, err)
        self.assertTrue(os.path.exists(os.path.join(tree, "out", "tests", "cpu", "test_trowexpandmul.c")))

    def test_an_instruction_rule_that_rejects_every_test_shape_is_an_error(self):
        err = self.late_error("noshape", "spec/isa/tmaxs.lua", "  legal = {",
                              '  rules = { rule { name = "never", check = "src.valid_cols < 1", status = "valid", '
                              'why = "test" } },\n  legal = {')
        self.assertRegex(err, r"spec/isa/tmaxs\.lua:\d+: \w+ tuple \w+ has no legal test shape: \d+ shapes fail "
                              r"rule 'never' \(spec/isa/tmaxs\.lua:\d+\)")

    def test_a_rule_that_never_applies_is_an_error(self):
        err = self.late_error("never", "spec/isa/tmaxs.lua", 'legal = {\n    a2a3 = { T = { "f32", "f16", "i32", "i16" } },',
                              'rules = { rule { name = "only_a2a3", check = "dst.rows >= 1", status = "shape", '
                              'why = "test", on = { "a2a3" } } },\n  legal = {')
        self.assertRegex(err, r"spec/isa/tmaxs\.lua:\d+: rule 'only_a2a3' never applies")

    def test_a_rule_reading_an_ignored_operand_is_an_error(self):
        err = self.late_error("ignored", "spec/kinds.lua", 'name = "tmp_pairs", on = { "a2a3" }',
                              'name = "tmp_pairs", on = { "a5" }')
        self.assertRegex(err, r"spec/kinds\.lua:\d+: rule 'tmp_pairs' reads tmp, but a5 ignores it")

    def test_an_empty_legal_set_names_the_exclude_entries_that_took_part(self):
        err = self.late_error("excluded", "spec/isa/trowargmax.lua",
                              'a5 = { S = { "f32", "f16", "i32", "i16" }, I = { "u32", "i32", "u16", "i16" } },',
                              'a5 = { S = { "f16" }, I = { "u16" }, exclude = { { form = "val" } } },')
        self.assertRegex(err, r'spec/isa/trowargmax\.lua:\d+: the legal set for a5 is empty after exclude '
                              r'\(\{ form = "val" \}\) and the static rules \(idx32, idx_width\)')

    def test_kernels_without_templates_is_an_error(self):
        err = self.late_error("notemplate", "spec/profiles.lua", "\nprofile {\n  name = \"cpu\",",
                              '\nprofile { name = "a9", title = "A9", kernels = true, machine = vector_unit(64 * 1024, 0), '
                              'semantics = contract }\nprofile {\n  name = "cpu",')
        self.assertRegex(err, r"spec/profiles\.lua:\d+: profile a9 has kernels = true but "
                              r"templates/a9/\w+\.c\.j2 \(kind \w+\) does not exist")

    def test_a_kind_without_its_module_is_an_error(self):
        tree = os.path.join(self.tmp, "nomodule")
        copy_tree(tree)
        os.remove(os.path.join(tree, "gen", "kinds", "col_expand.py"))
        rc, err = generate(tree)
        self.assertEqual(rc, 1)
        self.assertFalse(os.path.exists(os.path.join(tree, "out", "include")))
        self.assertRegex(err, r"spec/kinds\.lua:\d+: kind col_expand has no generator module: "
                              r"gen/kinds/col_expand\.py does not exist")

    def test_math_without_a_vector_instruction_is_an_error(self):
        err = self.late_error("novop", "spec/isa/trowexpandsub.lua", 'math = "src0 - src1"', 'math = "src0 - src1 - src1"')
        self.assertRegex(err, r"spec/isa/trowexpandsub\.lua:\d+: math needs 2 vector instructions on a2a3 "
                              r"\(vsub, vsub\); kind row_expand kernels issue one")

    def test_every_late_error_is_reported_at_once(self):
        tree = os.path.join(self.tmp, "twoerrors")
        copy_tree(tree)
        spec = ('instruction {{\n  name = "{name}",\n  family = "tile-scalar-and-immediate",\n'
                '  kind = "elementwise_scalar",\n  summary = "s",\n  math = "{math}",\n{rules}'
                '  legal = {{ a2a3 = {{ T = {{ "f32" }} }}, a5 = {{ T = {{ "f32" }} }} }},\n}}\n')
        with open(os.path.join(tree, "spec", "isa", "zz_a.lua"), "w") as f:
            f.write(spec.format(name="zz_a", math="scalar - src", rules=""))
        with open(os.path.join(tree, "spec", "isa", "zz_b.lua"), "w") as f:
            f.write(spec.format(name="zz_b", math="src + scalar", rules='  rules = { rule { name = "never", '
                                'check = "dst.rows >= 1", status = "shape", why = "w", when = { ["src.elem_bytes"] = 2 } } },\n'))
        rc, err = generate(tree)
        self.assertEqual(rc, 1)
        self.assertRegex(err, r"spec/isa/zz_a\.lua:6: math: a2a3 has no lowering of sub of the scalar first")
        self.assertRegex(err, r"spec/isa/zz_a\.lua:6: math: a5 has no lowering of sub of the scalar first")
        self.assertRegex(err, r"spec/isa/zz_b\.lua:7: rule 'never' never applies")

    def test_render_stage_errors_are_all_reported(self):
        tree = os.path.join(self.tmp, "tworender")
        copy_tree(tree)
        spec = ('instruction {{\n  name = "{name}",\n  family = "reduce-and-expand",\n  kind = "col_expand",\n'
                '  summary = "s",\n  math = "src0 - src1 - src1",\n  legal = {{ a5 = {{ T = {{ "f32" }} }} }},\n}}\n')
        for name in ("zz_c", "zz_d"):
            with open(os.path.join(tree, "spec", "isa", name + ".lua"), "w") as f:
                f.write(spec.format(name=name))
        rc, err = generate(tree)
        self.assertEqual(rc, 1)
        for name in ("zz_c", "zz_d"):
            self.assertIn(f"spec/isa/{name}.lua:6: math needs 2 vector instructions on a5 (vsub, vsub); "
                          "kind col_expand kernels issue one", err)

    def test_math_a_profile_cannot_lower_lists_what_it_can(self):
        tree = os.path.join(self.tmp, "nolower")
        copy_tree(tree)
        with open(os.path.join(tree, "spec", "isa", "zz_rsub.lua"), "w") as f:
            f.write('instruction {\n  name = "zz_rsub",\n  family = "tile-scalar-and-immediate",\n'
                    '  kind = "elementwise_scalar",\n  summary = "s",\n  math = "scalar - src",\n'
                    '  legal = { a2a3 = { T = { "f32" } } },\n}\n')
        rc, err = generate(tree)
        self.assertEqual(rc, 1)
        self.assertIn("spec/isa/zz_rsub.lua:6: math: a2a3 has no lowering of sub of the scalar first; "
                      "allowed on a2a3: add of vectors by vadd; add with a scalar by vadds; sub of vectors by vsub; "
                      "sub with a scalar as a + -b;", err)

    def test_a_dtype_the_vector_isa_lacks_is_an_error(self):
        err = self.late_error("noisa", "spec/isa/tcolexpanddiv.lua", 'a2a3 = { T = { "f32", "f16" }',
                              'a2a3 = { T = { "f32", "f16", "i32" }')
        self.assertRegex(err, r"spec/isa/tcolexpanddiv\.lua:\d+: a2a3 has no vdiv for i32 \(the math src0 / src1\); "
                              r"allowed: f32, f16")


class Cli(unittest.TestCase):
    def ptogen(self, *args):
        return subprocess.run([sys.executable, os.path.join(ROOT, "gen", "ptogen")] + list(args),
                              capture_output=True, text=True)

    def test_list_is_the_legality_matrix(self):
        r = self.ptogen("list")
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(ROOT, "tests", "golden", "legality.txt")) as f:
            self.assertEqual(r.stdout, f.read())

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
