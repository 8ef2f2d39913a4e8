"""Runs the whole suite: the generated cmocka conformance binaries, the generator tests
(tests/gen), the golden files, and tuple coverage. Ends with `tests: N passed, N failed`.

Usage: python3 tests/run.py [--update-golden] BINARY...
cmocka 1.1.5 exits with the failure count modulo 256 and prints its summary to stderr,
so results are read from the per-test lines, and a binary without a summary has crashed.
"""
import os
import re
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = [("out/legality.txt", "tests/golden/legality.txt"),
          ("out/include/pto/pto_types.h", "tests/golden/pto_types.h"),
          ("out/cpu/tmaxs.c", "tests/golden/cpu_tmaxs.c")]


REPORT = []  # build/conformance-report.txt: every test, its result and what it ran


class Tally:
    def __init__(self):
        self.passed, self.failed, self.notes = 0, 0, []

    def add(self, ok, label, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            self.notes.append(f"FAILED {label}" + (f"\n{detail}" if detail else ""))


def run_binary(path, tally, ran):
    env = dict(os.environ, CMOCKA_MESSAGE_OUTPUT="stdout")
    p = subprocess.run([path], capture_output=True, text=True, env=env, cwd=ROOT)
    out = p.stdout + p.stderr
    ok = re.findall(r"^\[       OK \] (\S+)$", out, re.M)
    bad = {m for m in re.findall(r"^\[  FAILED  \] (\S+)$", out, re.M)}
    for name in ok:
        tally.add(True, name)
        ran.add(name)
    REPORT.extend(ln for ln in out.splitlines() if ln.startswith(("[       OK ]", "[  FAILED  ]", "cpu.", "a2a3.", "a5.")))
    errors = [ln for ln in out.splitlines() if ln.startswith("ERROR") or ln.startswith("    ")]
    for name in sorted(bad):
        tally.add(False, name, "\n".join(errors[:6]))
        ran.add(name)
    finished = re.search(r"^\[==========\] \d+ test\(s\) run\.$", out, re.M)
    if not finished:
        tally.add(False, os.path.basename(path), f"crashed (exit {p.returncode}) without a cmocka summary:\n{out[-2000:]}")
    print(f"  {os.path.relpath(path, ROOT)}: {len(ok)} passed, {len(bad)} failed")


def run_generator_tests(tally):
    suite = unittest.TestLoader().discover(os.path.join(ROOT, "tests", "gen"), top_level_dir=ROOT)
    result = unittest.TestResult()
    suite.run(result)
    bad = {id(t): (t, tb) for t, tb in result.failures + result.errors}
    count = result.testsRun
    for t, tb in bad.values():
        tally.add(False, t.id(), tb.strip().splitlines()[-1])
    tally.passed += count - len(bad)
    print(f"  tests/gen: {count - len(bad)} passed, {len(bad)} failed")


def check_golden(tally, update):
    for out, golden in GOLDEN:
        a, b = os.path.join(ROOT, out), os.path.join(ROOT, golden)
        if update:
            with open(a, "rb") as f, open(b, "wb") as g:
                g.write(f.read())
            continue
        same = os.path.exists(b) and open(a, "rb").read() == open(b, "rb").read()
        tally.add(same, f"golden {golden}",
                  f"{out} differs from {golden}: review the change, then `ninja update-golden` and commit it")
    print(f"  golden files: {'updated' if update else 'checked'} ({len(GOLDEN)})")


def check_coverage(tally, ran, binaries):
    profiles = {os.path.basename(os.path.dirname(b)) for b in binaries if "/unit/" not in b}
    legal = []
    with open(os.path.join(ROOT, "out", "legality.txt")) as f:
        for line in f:
            inst, prof, ident = line.split()[:3]
            if prof in profiles:
                legal.append(f"{prof}.{inst}.{ident}")
    missing = [t for t in legal if t not in ran or t + ".rejects" not in ran]
    tally.add(not missing, "coverage", "legal tuples not run:\n  " + "\n  ".join(missing[:20]))
    print(f"  coverage: {len(legal) - len(missing)} of {len(legal)} legal tuples run with their rejections "
          f"({', '.join(sorted(profiles))}); not run: {len(missing)}")


def main(argv):
    if "--update-golden" in argv:  # just copy: the caller has reviewed the new outputs
        check_golden(Tally(), update=True)
        return 0
    binaries = [os.path.abspath(a) for a in argv[1:] if not a.startswith("--")]
    tally, ran = Tally(), set()
    print("conformance (cmocka):")
    for b in binaries:
        run_binary(b, tally, ran)
    print("generator:")
    run_generator_tests(tally)
    check_golden(tally, update=False)
    check_coverage(tally, ran, binaries)
    for note in tally.notes:
        print(note)
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "conformance-report.txt"), "w") as f:
        f.write("\n".join(REPORT) + f"\ntests: {tally.passed} passed, {tally.failed} failed\n")
    print("report: build/conformance-report.txt")
    print(f"tests: {tally.passed} passed, {tally.failed} failed")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
