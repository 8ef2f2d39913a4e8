"""Generator tests on this checkout's specs: generation through ninja is deterministic (a scratch
generation gives the bytes of this checkout's out/, which ninja test's other checks test) and
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
    """A generation of this checkout's specs in a scratch tree, through ninja as a build runs
    them, against this checkout's own (its out/ is up to date: the job waits for ninja gen)."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ptogen-test-")
        cls.a = os.path.join(cls.tmp, "a")
        scratch.tree(cls.a, real_isa=True)
        rc, out = scratch.generate(cls.a)
        assert rc == 0, out

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_two_runs_give_identical_bytes(self):
        # the checkout's out/ may still hold files of an instruction removed since: every file
        # of the scratch run is there, with the same bytes
        a, mine = scratch.snapshot(self.a), scratch.snapshot(ROOT)
        self.assertEqual([p for p in a if p not in mine], [])
        for path in a:
            self.assertEqual(a[path][0], mine[path][0], path)

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
