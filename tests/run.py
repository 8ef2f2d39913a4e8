"""Runs the suite as build steps: each run of a test binary, fuzzer, part of
the generator tests or the golden check is a job that writes a result file, so ninja reruns
only the jobs whose inputs changed; a summary then reports every result, cached or fresh, and
ends with `tests: N passed, N failed`.

  run.py job --out RESULT.json --index I [--env NAME=VALUE]... [--valgrind] BINARY
  run.py job --out RESULT.json --index I [--fuzz-seconds N] build/fuzz/fuzz_<profile>
  run.py job --out RESULT.json --index I --gen scratch|checkout   (the tests of tests/gen)
  run.py job --out RESULT.json --index I --golden
  run.py summary --suite NAME [--coverage INSTR,...] [--junit FILE] RESULT.json... (or @LIST)
  run.py fuzz --fuzz-seconds N FUZZER...   (jobs run now, every time, then their summary)
  run.py --update-golden

cmocka 1.1.5 exits with the failure count modulo 256 and prints its summary to stderr, so
results are read from the per-test lines, and a binary without a summary has crashed. A job
exits 0 whatever its tests did: the summary reports the failures, fails, and deletes the
result files of failed jobs so that the next run repeats them. --env sets a variable for the
binary (PTO_CPU_ISA=avx2: the ISA variant, or all: each case in every variant, named in the test
names; PTOGEN_DEPTH=64: the deep run; PTOGEN_EVERY=8: every 8th case and rejected call of each
tuple, ninja test's valgrind runs); a variant this CPU lacks is reported as skipped (with all: in
the report, its cases not compared). --valgrind runs the binary under
memcheck. A fuzzer runs FUZZ_RUNS inputs from a fixed seed, or N seconds with a corpus kept in
build/fuzz/corpus/<profile>. --gen runs the generator tests whose module says SPECS =
"scratch" (they read no spec of spec/isa/ nor anything generated from it) or all the others.

PTO_TEST_SHARD=k/n (1-based, 1 <= k <= n) runs job I only when I % n == k - 1 and the summary
counts that shard's jobs only; jobs are numbered by gen/configure.py in one fixed order.
"""
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Golden files: this checkout's legality matrix, types header and docs/instructions.md, and kernel files rendered in a
# scratch tree from the frozen fixture specs (tests/gen/fixtures/isa), so that they move with the
# generator and its templates but not with the live specs.
GOLDEN = [("out/legality.txt", "tests/golden/legality.txt"),
          ("out/include/pto/pto_types.h", "tests/golden/pto_types.h"),
          ("out/instructions.md", "docs/instructions.md")]  # the families' coverage, for readers of the repository
FIXTURE_GOLDEN = [("out/cpu/tmaxs.c", "tests/golden/cpu_tmaxs.c")]
FUZZ_RUNS = 25000  # per profile in ninja test, from a fixed seed: 4 to 11 s each; ninja fuzz runs minutes with a corpus
# --child-silent-after-fork: a forked child that is meant to die (the simulators' trap test) is not a finding
VALGRIND = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite",
            "--child-silent-after-fork=yes"]
GROUPS = {"plain": "conformance (cmocka)", "deep": "conformance, deep (PTOGEN_DEPTH=64: more random cases)",
          "san": "conformance again under ASan + UBSan (-fno-sanitize-recover=all)",
          "valgrind": "under valgrind (memcheck)", "fuzz": "fuzz (libFuzzer, ASan + UBSan)", "gen": "generator",
          "coverage": "coverage"}


class UsageError(Exception):
    pass


def shard():
    """(k, n) of PTO_TEST_SHARD=k/n, or None."""
    spec = os.environ.get("PTO_TEST_SHARD", "")
    if not spec:
        return None
    m = re.fullmatch(r"(\d+)/(\d+)", spec)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise UsageError(f"PTO_TEST_SHARD={spec!r}: expected k/n with 1 <= k <= n (1-based)")
    return int(m.group(1)), int(m.group(2))


def in_shard(index):
    s = shard()
    return s is None or index % s[1] == s[0] - 1


# -- jobs --------------------------------------------------------------------------------------

def result(group, label, index):
    """An empty result: tests are {name, status (ok, failed, skipped), detail}."""
    return {"group": GROUPS[group], "label": label, "index": index, "tests": [], "ran": [], "report": [],
            "skips": {}, "note": ""}


def add(res, name, status, detail=""):
    res["tests"].append({"name": name, "status": status, "detail": detail})


def run_binary(path, env, wrap, index):
    """One cmocka binary, once, with `env` ({NAME: VALUE}; an ISA variant is named in the tests)."""
    variant = next((v for k, v in env.items() if k.endswith("_ISA")), None)
    tag = f"@{variant}" if variant else ""
    group = "valgrind" if wrap else "san" if "/build/san/" in path else "deep" if "PTOGEN_DEPTH" in env else "plain"
    rel = os.path.relpath(path, ROOT)
    every = f" [every {env['PTOGEN_EVERY']}th case]" if "PTOGEN_EVERY" in env else ""
    res = result(group, rel + (f" [{variant}]" if variant else "") + every, index)
    res["binary"] = rel
    start = time.monotonic()
    p = subprocess.run(list(wrap) + [path], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, CMOCKA_MESSAGE_OUTPUT="stdout", UBSAN_OPTIONS="print_stacktrace=1", **env))
    res["seconds"] = round(time.monotonic() - start, 3)
    out = p.stdout + p.stderr
    if wrap and (p.returncode == 99 or re.search(r"^==\d+== ", out, re.M)):
        found = [ln for ln in out.splitlines() if ln.startswith("==")]
        add(res, os.path.basename(path) + tag, "failed", "valgrind:\n" + "\n".join(found[:40]))
    ok = re.findall(r"^\[       OK \] (\S+)$", out, re.M)
    bad = sorted(set(re.findall(r"^\[  FAILED  \] (\S+)$", out, re.M)))
    skipped = sorted(set(re.findall(r"^\[  SKIPPED \] (\S+)$", out, re.M)))
    for name in ok:
        add(res, name + tag, "ok")
    errors = [ln for ln in out.splitlines() if ln.startswith("ERROR") or ln.startswith("    ")]
    for name in bad:  # the failing case, seed, shapes and bits are in the ERROR lines
        add(res, name + tag, "failed", "\n".join(errors[:6]))
    for name in skipped:
        add(res, name + tag, "skipped")
    res["ran"] = ok + bad
    res["report"] = [ln + tag if ln.startswith("[") else ln for ln in out.splitlines()
                     if ln.startswith(("[       OK ]", "[  FAILED  ]", "[  SKIPPED ]", "cpu.", "a2a3.", "a5.", "PTO_"))]
    if skipped:
        why = f"{' '.join(f'{k}={v}' for k, v in env.items() if k.endswith('_ISA'))}: this CPU lacks it" \
            if variant else "skipped by the test"
        res["skips"] = {why: len(skipped)}
    if not re.search(r"^\[==========\] \d+ test\(s\) run\.$", out, re.M):
        add(res, os.path.basename(path) + tag, "failed", f"crashed (exit {p.returncode}) without a cmocka summary:\n{out[-2000:]}")
    res["note"] = counts(res)
    return res


def counts(res):
    n = {s: sum(t["status"] == s for t in res["tests"]) for s in ("ok", "failed", "skipped")}
    return f"{n['ok']} passed, {n['failed']} failed" + (f", {n['skipped']} skipped" if n["skipped"] else "")


def run_fuzzer(path, seconds, index):
    """A libFuzzer run over every entry point of one profile; any finding aborts it."""
    prof = os.path.basename(path)[len("fuzz_"):]
    res = result("fuzz", os.path.relpath(path, ROOT), index)
    os.makedirs(os.path.join(ROOT, "build", "fuzz", "corpus", prof), exist_ok=True)
    args = [path, "-seed=1", f"-artifact_prefix=build/fuzz/{prof}-", "-print_final_stats=1"]
    args += [f"-max_total_time={seconds}", f"build/fuzz/corpus/{prof}"] if seconds else [f"-runs={FUZZ_RUNS}"]
    start = time.monotonic()
    p = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    res["seconds"] = round(time.monotonic() - start, 3)
    out = p.stdout + p.stderr
    stats = dict(re.findall(r"^stat::(\w+):\s+(\d+)", out, re.M))
    runs, speed = stats.get("number_of_executed_units", "?"), stats.get("average_exec_per_sec", "?")
    add(res, f"fuzz.{prof}", "ok" if p.returncode == 0 else "failed",
        f"exit {p.returncode}; crash input in build/fuzz/{prof}-*:\n" + "\n".join(out.splitlines()[-40:]))
    res["report"] = [f"fuzz.{prof}: {runs} inputs, {speed} exec/s, exit {p.returncode}"]
    res["note"] = f"{runs} inputs over every entry point, {speed} exec/s, {'no findings' if p.returncode == 0 else 'FINDING'}"
    return res


def gen_modules(which):
    """The tests/gen modules of one part: SPECS = "scratch" in the module, or not."""
    out = []
    for name in sorted(os.listdir(os.path.join(ROOT, "tests", "gen"))):
        if name.startswith("test_") and name.endswith(".py"):
            with open(os.path.join(ROOT, "tests", "gen", name)) as f:
                scratch = re.search(r'^SPECS = "scratch"(\s|$)', f.read(), re.M) is not None
            if scratch == (which == "scratch"):
                out.append("tests.gen." + name[:-3])
    return out


def run_generator_tests(which, index):
    import unittest  # only here: a job of another kind starts faster

    class Result(unittest.TestResult):
        def __init__(self):
            super().__init__()
            self.passed = []

        def addSuccess(self, test):
            super().addSuccess(test)
            self.passed.append(test)
    res = result("gen", f"tests/gen ({which} specs)", index)
    sys.path.insert(0, ROOT)
    start = time.monotonic()
    suite = unittest.defaultTestLoader.loadTestsFromNames(gen_modules(which))
    r = Result()
    suite.run(r)
    res["seconds"] = round(time.monotonic() - start, 3)
    for t in r.passed:
        add(res, t.id(), "ok")
    for t, tb in r.failures + r.errors:
        add(res, t.id(), "failed", tb.strip().splitlines()[-1])
    for t, why in r.skipped:
        add(res, t.id(), "skipped")
    res["note"] = counts(res)
    return res


def fixture_render(tmp):
    """The FIXTURE_GOLDEN outputs rendered in a scratch tree of the fixture specs under tmp."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "gen"))
    import scratch
    scratch.tree(tmp)
    scratch.configure(tmp)
    rc, out = scratch.ninja(tmp, *(o for o, _ in FIXTURE_GOLDEN))
    if rc:
        raise RuntimeError(f"rendering the fixture specs failed:\n{out}")
    return [(os.path.join(tmp, o), g) for o, g in FIXTURE_GOLDEN]


def check_golden(index, update=False):
    res = result("gen", "golden files", index)
    import tempfile  # here: every result job imports this module, and few need it
    with tempfile.TemporaryDirectory(prefix="ptogen-golden-") as tmp:
        pairs = [(os.path.join(ROOT, o), g) for o, g in GOLDEN] + fixture_render(tmp)
        compare_golden(res, pairs, update)
    res["note"] = f"{'updated' if update else 'checked'} ({len(pairs)})"
    return res


def compare_golden(res, pairs, update):
    for a, golden in pairs:
        b = os.path.join(ROOT, golden)
        out = os.path.relpath(a, ROOT) if a.startswith(ROOT) else "the fixture render of " + golden
        if update:
            with open(a, "rb") as f, open(b, "wb") as g:
                g.write(f.read())
            continue
        same = os.path.exists(b) and open(a, "rb").read() == open(b, "rb").read()
        add(res, f"golden {golden}", "ok" if same else "failed",
            f"{out} differs from {golden} (generated, committed): review the change, then `ninja update-golden` "
            f"and commit it")


def job(args):
    out, index = args.pop("--out"), int(args.pop("--index"))
    if not in_shard(index):
        return None  # no result file: the job stays due, and runs in its own shard or unsharded
    paths = args.pop("paths")
    if "--gen" in args:
        res = run_generator_tests(args.pop("--gen"), index)
    elif "--golden" in args:
        res = check_golden(index)
    elif os.path.basename(paths[0]).startswith("fuzz_"):
        res = run_fuzzer(os.path.abspath(paths[0]), int(args.get("--fuzz-seconds", 0)), index)
    else:
        env = dict(e.split("=", 1) for e in args.get("--env", []))
        res = run_binary(os.path.abspath(paths[0]), env, VALGRIND if "--valgrind" in args else (), index)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out + ".tmp", "w") as f:
        json.dump(res, f, indent=0)
    os.replace(out + ".tmp", out)
    return res


# -- the summary -------------------------------------------------------------------------------

def check_coverage(results, instructions):
    """Every legal tuple of the given instructions on every profile with conformance results
    ran, with its rejections (in a shard: the profiles and instructions of its binaries)."""
    pairs = {(b.split("/")[-2], b.split("/")[-1][len("test_"):]) for r in results
             for b in [r.get("binary", "")] if "/tests/" in b and "/unit/" not in b}
    profiles = {p for p, _ in pairs}
    ran = {name for r in results for name in r["ran"]}
    legal, refused = [], set()
    with open(os.path.join(ROOT, "out", "legality.txt")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            inst, prof, ident = line.split()[:3]
            if prof in profiles and inst in instructions and (not shard() or (prof, inst) in pairs):
                legal.append(f"{prof}.{inst}.{ident}")
                if "not yet offered" in line:  # listed, refused: its test runs the refusals only
                    refused.add(legal[-1])
    missing = [t for t in legal if (t not in ran and t not in refused) or t + ".rejects" not in ran]
    cov = result("coverage", "legal tuples", -1)
    add(cov, "coverage", "failed" if missing else "ok", "legal tuples not run:\n  " + "\n  ".join(missing[:20]))
    cov["note"] = (f"{len(legal) - len(missing)} of {len(legal)} legal tuples run with their rejections "
                   f"({', '.join(sorted(profiles))}); not run: {len(missing)}")
    return cov


def junit(path, results):
    """JUnit XML: one testsuite per group, one testcase per test (its name carries the tuple and
    the ISA variant; classname the binary or part)."""
    groups = {}
    for r in results:
        groups.setdefault(r["group"], []).append(r)
    import html  # here: every result job imports this module, and only the summary writes HTML
    q = html.escape
    total = [sum(len(r["tests"]) for r in results), sum(r["failed"] for r in results),
             sum(t["status"] == "skipped" for r in results for t in r["tests"])]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<testsuites name="ptogen" tests="{total[0]}" failures="{total[1]}" skipped="{total[2]}">']
    for g, rs in groups.items():
        tests = [(r, t) for r in rs for t in r["tests"]]
        lines.append(f'  <testsuite name="{q(g)}" tests="{len(tests)}" failures="{sum(t["status"] == "failed" for _, t in tests)}" '
                     f'skipped="{sum(t["status"] == "skipped" for _, t in tests)}" '
                     f'time="{sum(r.get("seconds", 0) for r in rs):.3f}">')
        for r, t in tests:
            case = f'    <testcase classname="{q(r["label"])}" name="{q(t["name"])}"'
            if t["status"] == "failed":
                msg = t["detail"].splitlines()[0] if t["detail"] else "failed"
                lines += [case + ">", f'      <failure message="{q(msg)}">{q(t["detail"])}</failure>', "    </testcase>"]
            else:
                lines.append(case + ("><skipped/></testcase>" if t["status"] == "skipped" else "/>"))
        lines.append('  </testsuite>')
    lines.append('</testsuites>')
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def summary(suite, paths, coverage=None, junit_path=None):
    """Report the results of this shard (all without one), cached or fresh; delete the failed
    ones, so their jobs run again; exit status 1 on any failure."""
    seen_path = os.path.join(ROOT, "build", "results", f".{suite}-seen.json")
    try:
        with open(seen_path) as f:
            seen = json.load(f)
    except (FileNotFoundError, ValueError):
        seen = {}
    results, fresh, now_seen = [], 0, {}
    for p in paths:
        try:
            with open(p) as f:
                r = json.load(f)
        except FileNotFoundError:
            continue  # another shard's job (a job of this shard always writes its result)
        if not in_shard(r["index"]):
            continue  # a result of another shard, kept for the runs that include it
        mtime = os.stat(p).st_mtime_ns
        r["cached"] = seen.get(p) == mtime
        fresh += not r["cached"]
        now_seen[p] = mtime
        r["path"] = p
        results.append(r)
    if coverage is not None:
        results.append(check_coverage(results, coverage))
    for r in results:
        r["failed"] = sum(t["status"] == "failed" for t in r["tests"])
    order = []
    for r in results:
        if r["group"] not in order:
            order.append(r["group"])
    passed = failed = 0
    skips = {}
    for g in order:
        print(f"{g}:")
        for r in results:
            if r["group"] == g:
                print(f"  {r['label']}: {r['note']}" + (" (cached)" if r.get("cached") else ""))
    for r in results:
        for t in r["tests"]:
            passed += t["status"] == "ok"
            failed += t["status"] == "failed"
            if t["status"] == "failed":
                print(f"FAILED {t['name']}" + (f"\n{t['detail']}" if t["detail"] else ""))
        for why, n in r["skips"].items():
            skips[why] = skips.get(why, 0) + n
    s = shard()
    where = f" (shard {s[0]}/{s[1]})" if s else ""
    skipped = "; ".join(f"{n} ({why})" for why, n in sorted(skips.items()))
    report = os.path.join("build", f"{suite}-report.txt")
    with open(os.path.join(ROOT, report), "w") as f:
        f.write("\n".join(ln for r in results for ln in r["report"]) + (f"\nskipped: {skipped}" if skipped else "")
                + f"\ntests: {passed} passed, {failed} failed{where}\n")
    if junit_path:
        junit(os.path.join(ROOT, junit_path), results)
    for r in results:  # a failed job runs again next time
        if r.get("failed") and "path" in r:
            os.remove(r["path"])
            now_seen.pop(r["path"], None)
    os.makedirs(os.path.dirname(seen_path), exist_ok=True)
    with open(seen_path, "w") as f:
        json.dump(dict(seen, **now_seen), f)
    print(f"report: {report}" + (f"; JUnit: {junit_path}" if junit_path else ""))
    print(f"results: {fresh} runs fresh, {len([r for r in results if r.get('cached')])} cached (build/results/)")
    if skipped:
        print(f"skipped: {skipped}")
    print(f"tests: {passed} passed, {failed} failed{where}")
    return 1 if failed else 0


def parse(argv):
    """Options (repeatable --env collected in a list) and the positional paths."""
    args, paths, i = {"--env": []}, [], 0
    flags = {"--valgrind", "--golden"}
    while i < len(argv):
        a = argv[i]
        if a in flags:
            args[a] = True
        elif a.startswith("--"):
            if i + 1 >= len(argv):
                raise UsageError(f"{a} needs a value")
            if a == "--env":
                args[a].append(argv[i + 1])
            else:
                args[a] = argv[i + 1]
            i += 1
        elif a.startswith("@"):  # a ninja response file: the paths, space-separated
            with open(a[1:]) as f:
                paths += f.read().split()
        else:
            paths.append(a)
        i += 1
    args["paths"] = paths
    return args


def main(argv):
    try:
        if argv[1:] == ["--update-golden"]:  # just copy: the caller has reviewed the new outputs
            check_golden(-1, update=True)
            return 0
        cmd, args = (argv[1], parse(argv[2:])) if len(argv) > 1 else (None, None)
        if cmd == "job":
            job(args)
            return 0
        if cmd == "summary":
            cov = args.get("--coverage")
            return summary(args["--suite"], args["paths"], cov.split(",") if cov is not None else None,
                           args.get("--junit"))
        if cmd == "fuzz":  # ninja fuzz: a campaign runs every time, so no cached result
            outs = []
            for i, path in enumerate(args["paths"]):
                outs.append(os.path.join(ROOT, "build", "results", "fuzz-long", os.path.basename(path) + ".json"))
                job({"--out": outs[-1], "--index": str(i), "--fuzz-seconds": args["--fuzz-seconds"], "paths": [path]})
            return summary("fuzz", outs)
        raise UsageError(__doc__.split("\n\n")[1])
    except UsageError as e:
        print(f"run.py: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
