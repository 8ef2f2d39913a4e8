"""Generator tests on this checkout's specs: generation through ninja is deterministic and
write-if-changed; ptogen list is the golden legality matrix. (tests/gen/test_edits.py: tests on
specs of their own.)"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from tests.gen import scratch

ROOT = scratch.ROOT


class Generation(unittest.TestCase):
    """Two generations of this checkout's specs, through ninja as a build runs them."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ptogen-test-")
        cls.a, cls.b = os.path.join(cls.tmp, "a"), os.path.join(cls.tmp, "b")
        for t in (cls.a, cls.b):
            scratch.tree(t, real_isa=True)
            rc, out = scratch.generate(t)
            assert rc == 0, out

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_two_runs_give_identical_bytes(self):
        a, b = scratch.snapshot(self.a), scratch.snapshot(self.b)
        self.assertEqual(sorted(a), sorted(b))
        for path in a:
            self.assertEqual(a[path][0], b[path][0], path)

    def test_no_absolute_paths_or_times_in_output(self):
        for path, (data, _) in scratch.snapshot(self.a).items():
            self.assertNotIn(self.tmp.encode(), data, path)
            self.assertNotIn(ROOT.encode(), data, path)

    def test_regeneration_rewrites_nothing(self):
        before = scratch.snapshot(self.a)
        shutil.rmtree(os.path.join(self.a, "build"))  # every edge runs again: spec, split, render
        os.remove(os.path.join(self.a, ".ninja_log"))
        rc, out = scratch.generate(self.a)
        self.assertEqual(rc, 0, out)
        self.assertIn("RENDER index", out)
        self.assertEqual(before, scratch.snapshot(self.a))

    def test_list_is_the_legality_matrix(self):
        r = subprocess.run([sys.executable, os.path.join(ROOT, "gen", "ptogen"), "list"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(ROOT, "tests", "golden", "legality.txt")) as f:
            self.assertEqual(r.stdout, f.read())


if __name__ == "__main__":
    unittest.main()
