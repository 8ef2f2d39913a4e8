"""Generator tests on this checkout's specs: generation through ninja is deterministic (a scratch
generation gives the bytes of this checkout's out/, which ninja test's other checks test) and
write-if-changed (it writes none of them again); ptogen list is the golden legality matrix.
(tests/gen/test_edits.py: tests on specs of their own.)"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from tests.gen import scratch

ROOT = scratch.ROOT


def representatives():
    """The render parts generated again: base, index and, of each kind, its first instruction
    by name (as ninja test's valgrind runs choose): every template and kind module renders, and
    the test's cost grows with the kinds, not the instructions (a whole generation again cost as
    much as the checkout's own)."""
    with open(os.path.join(ROOT, "out", "manifest.json")) as f:
        first = {}
        for inst in sorted(json.load(f)["instructions"], key=lambda i: i["name"]):
            first.setdefault(inst["kind"], inst["name"])
    return ["gen-base", "gen-index"] + [f"gen-{name}" for name in sorted(first.values())]


class Generation(unittest.TestCase):
    """This checkout's specs generated again, through ninja as a build runs them, in a scratch
    tree that starts with a copy of this checkout's out/ (up to date: the job waits for ninja
    gen) and no build/, so every edge of the representative parts runs: spec, split, their
    renders."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ptogen-test-")
        cls.a = os.path.join(cls.tmp, "a")
        scratch.tree(cls.a, real_isa=True)
        shutil.copytree(os.path.join(ROOT, "out"), os.path.join(cls.a, "out"))  # bytes and mtimes
        cls.before = scratch.snapshot(cls.a)
        cls.rc, cls.out = scratch.generate(cls.a, *representatives())

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_two_runs_give_identical_bytes_and_rewrite_nothing(self):
        # the other run is the checkout's own: a file whose bytes differ would be written again
        # (a new mtime); the checkout's out/ may still hold files of an instruction removed since
        self.assertEqual(self.rc, 0, self.out)
        self.assertIn("RENDER index", self.out)
        after = scratch.snapshot(self.a)
        self.assertEqual(sorted(after), sorted(self.before))
        for path in after:
            self.assertEqual(after[path][0], self.before[path][0], f"{path}: other bytes than the checkout's (ninja gen first?)")
            self.assertEqual(after[path][1], self.before[path][1], f"{path}: written again with the same bytes")

    def test_no_absolute_paths_or_times_in_output(self):
        for path, (data, _) in scratch.snapshot(self.a).items():
            self.assertNotIn(self.tmp.encode(), data, path)
            self.assertNotIn(ROOT.encode(), data, path)

    def test_list_is_the_legality_matrix(self):
        r = subprocess.run([sys.executable, os.path.join(ROOT, "gen", "ptogen"), "list"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(ROOT, "tests", "golden", "legality.txt")) as f:
            self.assertEqual(r.stdout, f.read())


if __name__ == "__main__":
    unittest.main()
