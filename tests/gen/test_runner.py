"""tests/run.py's results: the summary reports cached results as fresh ones, deletes failed ones
(so their jobs run again), counts one shard only under PTO_TEST_SHARD, and writes JUnit XML
that parses."""
import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

from tests.gen import scratch

SPECS = "scratch"  # tests/run.py: no input from spec/isa/ or out/, so a spec edit does not rerun these
sys.path.insert(0, os.path.join(scratch.ROOT, "tests"))
import run  # noqa: E402

SUITE = "selftest-runner"  # its report and seen-list in build/ are removed afterwards


class Summary(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="ptogen-runner-")
        os.environ.pop("PTO_TEST_SHARD", None)

    def tearDown(self):
        shutil.rmtree(self.tmp)
        os.environ.pop("PTO_TEST_SHARD", None)
        for path in (f"build/{SUITE}-report.txt", f"build/results/.{SUITE}-seen.json"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(os.path.join(scratch.ROOT, path))

    def result(self, name, index, statuses):
        res = run.result("plain", name, index)
        for i, status in enumerate(statuses):
            run.add(res, f"cpu.{name}.t{i}@avx2", status, "ERROR case 3 seed 7" if status == "failed" else "")
        res["note"] = run.counts(res)
        path = os.path.join(self.tmp, name + ".json")
        with open(path, "w") as f:
            json.dump(res, f)
        return path

    def summary(self, paths, junit=None):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            rc = run.summary(SUITE, paths, junit_path=junit)
        return rc, out.getvalue().splitlines()

    def test_failed_results_are_deleted_and_passing_ones_cached(self):
        good, bad = self.result("good", 0, ["ok", "ok", "skipped"]), self.result("bad", 1, ["ok", "failed"])
        rc, lines = self.summary([good, bad])
        self.assertEqual((rc, lines[-1]), (1, "tests: 3 passed, 1 failed"))
        self.assertIn("FAILED cpu.bad.t1@avx2", lines)
        self.assertTrue(os.path.exists(good))
        self.assertFalse(os.path.exists(bad))
        rc, lines = self.summary([good, bad])  # the failed job has not run again yet: no result
        self.assertEqual((rc, lines[-1]), (0, "tests: 2 passed, 0 failed"))
        self.assertIn("  good: 2 passed, 0 failed, 1 skipped (cached)", lines)

    def test_a_shard_counts_its_own_jobs(self):
        paths = [self.result(f"r{i}", i, ["ok"] * (i + 1)) for i in range(4)]
        os.environ["PTO_TEST_SHARD"] = "2/2"  # 1-based: jobs 1 and 3
        rc, lines = self.summary(paths)
        self.assertEqual((rc, lines[-1]), (0, "tests: 6 passed, 0 failed (shard 2/2)"))
        self.assertTrue(all(os.path.exists(p) for p in paths))

    def test_a_job_of_another_shard_writes_nothing(self):
        os.environ["PTO_TEST_SHARD"] = "1/3"
        out = os.path.join(self.tmp, "x.json")
        self.assertIsNone(run.job({"--out": out, "--index": "4", "--env": [], "paths": ["build/tests/nothere"]}))
        self.assertFalse(os.path.exists(out))

    def test_a_bad_shard_is_a_usage_error(self):
        for spec in ("0/2", "3/2", "1", "a/b"):
            with self.subTest(spec=spec):
                os.environ["PTO_TEST_SHARD"] = spec
                err = io.StringIO()
                with contextlib.redirect_stderr(err):
                    self.assertEqual(run.main(["run.py", "summary", "--suite", SUITE]), 2)
                self.assertIn("1-based", err.getvalue())

    def test_junit(self):
        junit = os.path.join(self.tmp, "junit.xml")
        self.summary([self.result("a", 0, ["ok", "failed", "skipped"])], junit)
        root = ET.parse(junit).getroot()
        self.assertEqual((root.get("tests"), root.get("failures"), root.get("skipped")), ("3", "1", "1"))
        cases = root.findall("./testsuite/testcase")
        self.assertEqual([c.get("name") for c in cases], ["cpu.a.t0@avx2", "cpu.a.t1@avx2", "cpu.a.t2@avx2"])
        self.assertEqual(cases[1].find("failure").text, "ERROR case 3 seed 7")


if __name__ == "__main__":
    unittest.main()
