"""Runs the whole suite: the generated cmocka conformance binaries, the generator tests
(tests/gen), the golden files, and tuple coverage. Ends with `tests: N passed, N failed`.

Usage: python3 tests/run.py [--update-golden] [--c-only] [--suite NAME] [--fuzz-seconds N]
                           [--variants PROFILE:NAME,...] BINARY...
cmocka 1.1.5 exits with the failure count modulo 256 and prints its summary to stderr,
so results are read from the per-test lines, and a binary without a summary has crashed.
--c-only skips the generator tests and golden files (the Python side, which a sanitizer or
valgrind run does not change); --suite valgrind runs every binary under memcheck. Binaries
named build/fuzz/fuzz_<profile> are libFuzzer fuzzers: a fixed-seed run of FUZZ_RUNS inputs,
or --fuzz-seconds N with a corpus kept in build/fuzz/corpus/<profile>. --variants names a
profile's kernel ISA variants (gen/cpuisa.py): its conformance binaries run once per variant
with PTO_<PROFILE>_ISA set, and a variant this CPU lacks is reported as skipped.
"""
import concurrent.futures
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
FUZZ_RUNS = 100000  # per profile in ninja test: about 5 s each at 20k inputs/s
# --child-silent-after-fork: a forked child that is meant to die (the simulators' trap test) is not a finding
VALGRIND = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite",
            "--child-silent-after-fork=yes"]


class Tally:
    def __init__(self):
        self.passed, self.failed, self.skipped, self.notes = 0, 0, 0, []
        self.skips = {}  # why -> tests skipped for it

    def add(self, ok, label, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            self.notes.append(f"FAILED {label}" + (f"\n{detail}" if detail else ""))


def execute(job, wrap=()):
    path, variant = job
    env = dict(os.environ, CMOCKA_MESSAGE_OUTPUT="stdout", UBSAN_OPTIONS="print_stacktrace=1")
    if variant:
        env[variant[0]] = variant[1]
    return subprocess.run(list(wrap) + [path], capture_output=True, text=True, env=env, cwd=ROOT)


def jobs(paths, variants):
    """(binary, variant) runs: a conformance binary of a profile with ISA variants once per
    variant, as (environment variable, name); every other binary once, with None."""
    out = []
    for path in paths:
        prof = os.path.basename(os.path.dirname(path))
        names = variants.get(prof) if os.path.basename(os.path.dirname(os.path.dirname(path))) == "tests" else None
        out += [(path, (f"PTO_{prof.upper()}_ISA", v)) for v in names] if names else [(path, None)]
    return out


def run_binary(job, p, tally, ran, wrap=()):
    """Tally the finished run `p` of one cmocka binary (in one ISA variant)."""
    path, variant = job
    tag = f"@{variant[1]}" if variant else ""
    out = p.stdout + p.stderr
    if wrap and (p.returncode == 99 or re.search(r"^==\d+== ", out, re.M)):
        found = [ln for ln in out.splitlines() if ln.startswith("==")]
        tally.add(False, os.path.basename(path) + tag, "valgrind:\n" + "\n".join(found[:40]))
    ok = re.findall(r"^\[       OK \] (\S+)$", out, re.M)
    bad = {m for m in re.findall(r"^\[  FAILED  \] (\S+)$", out, re.M)}
    skipped = set(re.findall(r"^\[  SKIPPED \] (\S+)$", out, re.M))
    for name in ok:
        tally.add(True, name + tag)
        ran.add(name)
    REPORT.extend(ln + tag if ln.startswith("[") else ln for ln in out.splitlines()
                  if ln.startswith(("[       OK ]", "[  FAILED  ]", "[  SKIPPED ]", "cpu.", "a2a3.", "a5.")))
    errors = [ln for ln in out.splitlines() if ln.startswith("ERROR") or ln.startswith("    ")]
    for name in sorted(bad):
        tally.add(False, name + tag, "\n".join(errors[:6]))
        ran.add(name)
    if skipped:
        why = f"{variant[0]}={variant[1]}: this CPU lacks it" if variant else "skipped by the test"
        tally.skipped += len(skipped)
        tally.skips[why] = tally.skips.get(why, 0) + len(skipped)
    finished = re.search(r"^\[==========\] \d+ test\(s\) run\.$", out, re.M)
    if not finished:
        tally.add(False, os.path.basename(path) + tag,
                  f"crashed (exit {p.returncode}) without a cmocka summary:\n{out[-2000:]}")
    label = os.path.relpath(path, ROOT) + (f" [{variant[1]}]" if variant else "")
    print(f"  {label}: {len(ok)} passed, {len(bad)} failed" + (f", {len(skipped)} skipped" if skipped else ""))


def run_fuzzer(path, tally, seconds):
    """A libFuzzer run over every entry point of one profile; any finding aborts it."""
    prof = os.path.basename(path)[len("fuzz_"):]
    os.makedirs(os.path.join(ROOT, "build", "fuzz", "corpus", prof), exist_ok=True)
    args = [path, "-seed=1", f"-artifact_prefix=build/fuzz/{prof}-", "-print_final_stats=1"]
    args += [f"-max_total_time={seconds}", f"build/fuzz/corpus/{prof}"] if seconds else [f"-runs={FUZZ_RUNS}"]
    p = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    out = p.stdout + p.stderr
    stats = dict(re.findall(r"^stat::(\w+):\s+(\d+)", out, re.M))
    runs, speed = stats.get("number_of_executed_units", "?"), stats.get("average_exec_per_sec", "?")
    name = f"fuzz.{prof}"
    tally.add(p.returncode == 0, name, f"exit {p.returncode}; crash input in build/fuzz/{prof}-*:\n"
              + "\n".join(out.splitlines()[-40:]))
    REPORT.append(f"{name}: {runs} inputs, {speed} exec/s, exit {p.returncode}")
    print(f"  {os.path.relpath(path, ROOT)}: {runs} inputs over every entry point, {speed} exec/s, "
          f"{'no findings' if p.returncode == 0 else 'FINDING'}")


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
            if line.startswith("#"):
                continue
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
    suite = argv[argv.index("--suite") + 1] if "--suite" in argv else "conformance"
    seconds = int(argv[argv.index("--fuzz-seconds") + 1]) if "--fuzz-seconds" in argv else 0
    also_valgrind = argv[argv.index("--valgrind") + 1].split(",") if "--valgrind" in argv else []
    variants = dict(v.split(":", 1) for v in argv[argv.index("--variants") + 1].split()) if "--variants" in argv else {}
    variants = {prof: names.split(",") for prof, names in variants.items()}
    values = {argv[i + 1] for i, a in enumerate(argv) if a in ("--suite", "--fuzz-seconds", "--valgrind", "--variants")}
    paths = [os.path.abspath(a) for a in argv[1:] if not a.startswith("--") and a not in values]
    fuzzers = [b for b in paths if os.path.basename(b).startswith("fuzz_")]
    binaries = [b for b in paths if b not in fuzzers]
    sanitized = [b for b in binaries if "/build/san/" in b]  # ninja test runs these as a group of their own
    tally, ran = Tally(), set()
    wrap = VALGRIND if suite == "valgrind" else ()
    groups = [(f"conformance (cmocka{', under valgrind' if suite == 'valgrind' else ''})",
               [b for b in binaries if b not in sanitized], wrap),
              ("conformance again under ASan + UBSan (-fno-sanitize-recover=all)", sanitized, ()),
              ("under valgrind (CI-sized: the unit tests and one instruction per profile)",
               [os.path.abspath(b) for b in also_valgrind if b], VALGRIND)]
    for title, group, how in groups:
        if not group:
            continue
        print(f"{title}:")
        runs = jobs(group, variants)
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:  # binaries are independent
            for job, p in zip(runs, pool.map(lambda j, how=how: execute(j, how), runs)):
                run_binary(job, p, tally, ran, how)
    if fuzzers:
        print("fuzz (libFuzzer, ASan + UBSan):")
    for b in fuzzers:
        run_fuzzer(b, tally, seconds)
    if "--c-only" not in argv:
        print("generator:")
        run_generator_tests(tally)
        check_golden(tally, update=False)
    if binaries:
        check_coverage(tally, ran, binaries)
    for note in tally.notes:
        print(note)
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    report = os.path.join("build", f"{suite}-report.txt")
    skips = "; ".join(f"{n} ({why})" for why, n in sorted(tally.skips.items()))
    with open(os.path.join(ROOT, report), "w") as f:
        f.write("\n".join(REPORT) + (f"\nskipped: {skips}" if skips else "")
                + f"\ntests: {tally.passed} passed, {tally.failed} failed\n")
    print(f"report: {report}")
    if skips:
        print(f"skipped: {skips}")
    print(f"tests: {tally.passed} passed, {tally.failed} failed")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
