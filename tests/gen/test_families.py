"""The families' coverage tables (gen/docs.py coverage): docs/instructions.md (rendered as
out/instructions.md) and out/docs/index.md count what the specs define against spec/families.lua,
so a new spec shows up as done without a hand edit. Rendered from scratch spec sets
(tests/gen/scratch.py); the loader's family errors are in the bad-spec corpus."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from tests.gen import scratch

SPECS = "scratch"  # tests/run.py: no input from spec/isa/ or out/, so a spec edit does not rerun these

sys.path.insert(0, os.path.join(scratch.ROOT, "gen"))
import model as M  # noqa: E402
import outputs  # noqa: E402
import render  # noqa: E402

PAGES = ("out/instructions.md", "out/docs/index.md")


def pages(tree):
    """{path: text} of the coverage pages of the tree's specs, rendered as ninja gen would."""
    isa = sorted(os.path.join("spec", "isa", n) for n in os.listdir(os.path.join(tree, "spec", "isa")))
    r = subprocess.run(["lua5.4", os.path.join(scratch.ROOT, "gen", "spec2json.lua"), "-", "-", "spec"] + isa,
                       cwd=tree, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    model = M.Model(json.loads(r.stdout))
    items = {it[0]: it for it in outputs.planned(model)}
    renderer = render.Renderer(model)
    return {p: renderer.render_one(items[p]) for p in PAGES}


def row(text, name):
    """The coverage table's row of instruction `name` (upper case, linked or not)."""
    text = text[text.index("| instruction | family | entry points"):]
    m = re.search(r"^\| (\[%s\]\([^)]*\)|%s) \|.*$" % (name, name), text, re.M)
    return m and m.group(0)


class Families(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ptogen-families-")
        cls.base = pages(scratch.spec_tree(os.path.join(cls.tmp, "base")))  # the fixtures: TMAXS, ...
        cls.added = pages(scratch.spec_tree(os.path.join(cls.tmp, "added"), isa={"tadds": scratch.scalar("tadds")}))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_a_planned_instruction_shows_its_planned_entry_points(self):
        for text in self.base.values():
            self.assertEqual(row(text, "TADDS"), "| TADDS | tile-scalar-and-immediate | `tadds(dst, src, scalar)` | - | planned |")
            self.assertEqual(row(text, "TROWARGMIN"), "| TROWARGMIN | reduce-and-expand | `trowargmin(dst, src, tmp)`, "
                                                      "`trowargmin_val(dst_val, dst_idx, src, tmp)` | - | planned |")
            self.assertEqual(row(text, "TCVT"), "| TCVT | elementwise-tile-tile | "
                                                "`tcvt(dst, src, pto_round round, pto_sat sat)` | - | planned |")

    def test_an_added_spec_shows_up_as_done(self):
        """One new file, spec/isa/tadds.lua: its row and its family's counts change, nothing else."""
        entry = "| tile-scalar-and-immediate | `tadds(dst, src, scalar)` | `elementwise_scalar` | a2a3, a5, cpu |"
        self.assertEqual(row(self.added["out/instructions.md"], "TADDS"), "| [TADDS](../spec/isa/tadds.lua) " + entry)
        self.assertEqual(row(self.added["out/docs/index.md"], "TADDS"), "| [TADDS](tadds.md) " + entry)
        for path in PAGES:
            # the fixtures: TMAXS of 19 and five of reduce-and-expand's 28
            self.assertIn("| Reduce-and-Expand | 5 of 28 | 5 of 28 | 5 of 28 | 5 of 28 |", self.added[path])
            self.assertIn("| Tile-Scalar-and-Immediate | 1 of 19 | 1 of 19 | 1 of 19 | 1 of 19 |", self.base[path])
            self.assertIn("| Tile-Scalar-and-Immediate | 2 of 19 | 2 of 19 | 2 of 19 | 2 of 19 |", self.added[path])
            self.assertIn("| Elementwise Tile-Tile | 0 of 28 | 0 of 28 | 0 of 28 | 0 of 28 |", self.added[path])
            changed = [ln for ln in self.added[path].splitlines() if ln not in self.base[path].splitlines()]
            self.assertTrue(all("TADDS" in ln or "Tile-Scalar" in ln or ln.startswith("| all |") for ln in changed), changed)

    def test_a_new_instruction_listed_by_name_only(self):
        """A name without planned entry points: '-' until its spec exists, then the kind's; the
        counts per profile are of the profiles that accept it."""
        tree = scratch.spec_tree(os.path.join(self.tmp, "bare"), fixtures=False)
        with open(os.path.join(tree, "spec", "families.lua")) as f:
            plan = f.read()
        with open(os.path.join(tree, "spec", "families.lua"), "w") as f:
            f.write(plan.replace('"tcvt(dst, src, pto_round round, pto_sat sat)",',
                                 '"tcvt(dst, src, pto_round round, pto_sat sat)", "tnewop",'))
        self.assertEqual(row(pages(tree)["out/instructions.md"], "TNEWOP"),
                         "| TNEWOP | elementwise-tile-tile | - | - | planned |")
        # legal on a5 only (so on the cpu too); write_spec lists it in its family by name
        scratch.write_spec(tree, "tgen", scratch.scalar("tgen").replace('    a2a3 = { T = { "f32", "f16" } },\n', ""))
        text = pages(tree)["out/instructions.md"]
        self.assertEqual(row(text, "TGEN"), "| [TGEN](../spec/isa/tgen.lua) | tile-scalar-and-immediate | "
                                            "`tgen(dst, src, scalar)` | `elementwise_scalar` | a5, cpu |")
        self.assertIn("| Tile-Scalar-and-Immediate | 1 of 20 | 0 of 20 | 1 of 20 | 1 of 20 |", text)
        self.assertRegex(text, r"\n\| all \| 1 of (\d+) \| 0 of \1 \| 1 of \1 \| 1 of \1 \|\n")

    def test_the_committed_page_says_it_is_generated(self):
        with open(os.path.join(scratch.ROOT, "docs", "instructions.md")) as f:
            self.assertTrue(f.read().startswith("<!-- Generated by ptogen"))


if __name__ == "__main__":
    unittest.main()
