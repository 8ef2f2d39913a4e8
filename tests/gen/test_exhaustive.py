"""tests/exhaustive.py on a fake long target whose program the test writes: shards run as plain
commands and merge into one report, which names a missing shard, a duplicated one and every failed
input, and the runner rejects a program that breaks the protocol."""
import contextlib
import io
import os
import shutil
import stat
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

from tests.gen import scratch

SPECS = "scratch"  # no input from spec/isa/ or out/
sys.path.insert(0, os.path.join(scratch.ROOT, "tests"))
import exhaustive  # noqa: E402

INPUTS = 1000
# the protocol over INPUTS inputs (--inputs=N: N); input 0x2a is wrong; with --lie the last line miscounts
PROGRAM = """import sys
k, n = int(sys.argv[2]), int(sys.argv[3])
inputs = next((int(a[9:]) for a in sys.argv if a.startswith("--inputs=")), {inputs})
done = bad = 0
for i in range(k - 1, inputs, n):
    if i == 0x2a:
        print("FAIL fake f32 0x%08x got 0x3f800001 want 0x3f800000" % i)
        bad += 1
    done += 1
print("fake f32 shard %d/%d: %d inputs, %d failed" % (k, n, done + ("--lie" in sys.argv), bad))
sys.exit(1 if bad else 0)
"""


class Exhaustive(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="ptogen-exhaustive-")
        self.program = os.path.join(self.tmp, "fake.py")
        with open(self.program, "w") as f:
            f.write(f"#!{sys.executable}\n" + PROGRAM.format(inputs=INPUTS))
        os.chmod(self.program, os.stat(self.program).st_mode | stat.S_IXUSR)
        self.target = exhaustive.Target("fake", [self.program, "--all", "{k}", "{n}"], INPUTS)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def main(self, *argv, target=None):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            rc = exhaustive.main(["exhaustive.py", *argv], [target or self.target])
        return rc, out.getvalue()

    def shard(self, k, n, jobs=2, *extra):
        out = os.path.join(self.tmp, f"shard-{k}-of-{n}.json")
        return self.main("run", "--shard", f"{k}/{n}", "--jobs", str(jobs), "--out", out, *extra) + (out,)

    def test_shards_merge_and_name_what_is_missing_duplicated_and_wrong(self):
        runs = [self.shard(k, 4) for k in (1, 2, 3, 4)]
        self.assertEqual([rc for rc, _, _ in runs], [0, 0, 1, 0])  # 0x2a = 42: i % 4 == 2, shard 3
        self.assertIn("FAIL fake f32 0x0000002a got 0x3f800001 want 0x3f800000", runs[2][1])
        junit = ET.parse(os.path.join(self.tmp, "shard-3-of-4.xml")).getroot()  # its own JUnit file
        self.assertEqual(junit.get("failures"), "1")
        self.assertIn("0x0000002a", junit.find(".//failure").text)
        files = [out for _, _, out in runs]
        merged = os.path.join(self.tmp, "merged.xml")

        rc, text = self.main("merge", "--junit", merged, *files)
        self.assertEqual(rc, 1)
        self.assertIn(f"fake f32: 4 of 4 shards, {INPUTS:,} inputs checked of {INPUTS:,}, 1 failed", text)
        self.assertIn("FAIL fake f32 0x0000002a got 0x3f800001 want 0x3f800000", text)
        self.assertEqual(ET.parse(merged).getroot().get("failures"), "1")

        rc, text = self.main("merge", *(f for f in files if "shard-3" not in f))  # no failure, one missing
        self.assertEqual(rc, 1)
        self.assertIn("MISSING shards 3/4", text)

        copy = os.path.join(self.tmp, "copy-of-2.json")
        shutil.copy(files[1], copy)
        rc, text = self.main("merge", "--junit", merged, files[0], files[1], files[3], copy)
        self.assertEqual(rc, 1)  # shard 3 is still missing
        self.assertIn(f"DUPLICATE shard 2/4: {files[1]}, {copy}", text)
        cases = [c.get("name") for c in ET.parse(merged).getroot().iter("testcase")]
        self.assertIn("fake shard 3/4", cases)  # the missing shard as a failing testcase

    def test_a_complete_clean_run_passes_and_a_rerun_is_kept(self):
        clean = exhaustive.Target("fake", [self.program, "--all", "{k}", "{n}", "--inputs=40"], 40)  # below 0x2a
        out = os.path.join(self.tmp, "all.json")
        rc, text = self.main("run", "--shard", "1/1", "--jobs", "3", "--out", out, target=clean)
        self.assertEqual(rc, 0, text)
        self.assertNotIn("(cached)", text)
        rc, text = self.main("run", "--shard", "1/1", "--jobs", "3", "--out", out, target=clean)
        self.assertIn("(cached)", text)
        rc, text = self.main("merge", out, target=clean)
        self.assertEqual(rc, 0, text)
        self.assertIn("fake f32: 1 of 1 shards, 40 inputs checked of 40, 0 failed", text)

    def test_a_sample_checks_one_input_in_m(self):
        rc, text, out = self.shard(2, 2, 2, "--sample", "10")  # binary shards 2 and 4 of 40: 50 inputs
        self.assertEqual(rc, 0, text)
        self.assertIn("fake f32 shard 2/2 (1 input in 10): 50 inputs, 0 failed", text)

    def test_a_program_that_breaks_the_protocol_fails_its_shard(self):
        liar = exhaustive.Target("fake", [self.program, "--all", "{k}", "{n}", "--lie"], INPUTS)
        rc, text = self.main("run", "--shard", "1/2", "--jobs", "1", "--out", os.path.join(self.tmp, "x.json"), target=liar)
        self.assertEqual(rc, 1)
        self.assertIn("501 inputs checked, 500 in the shard", text)
        crash = exhaustive.Target("fake", [sys.executable, "-c", "raise SystemExit(3)"], INPUTS)
        rc, text = self.main("run", "--shard", "1/1", "--jobs", "1", "--out", os.path.join(self.tmp, "y.json"), target=crash)
        self.assertEqual(rc, 1)
        self.assertIn("exit 3 without its last line", text)

    def test_shards_are_1_based(self):
        rc, _ = self.main("run", "--shard", "0/4")
        self.assertEqual(rc, 2)


if __name__ == "__main__":
    unittest.main()
