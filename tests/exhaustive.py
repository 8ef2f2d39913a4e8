#!/usr/bin/env python3
"""Exhaustive runs: the long targets, programs that check every input of a function (all 2^32 f32
inputs of exp, say) against a reference, split into shards that any machine with the built tree
can run, and a merge of the shards' result files (docs/testing-workflow.md#exhaustive-runs).

A long target follows one protocol:
  PROGRAM --all K N   checks the inputs i (0 <= i < inputs) with i % N == K - 1 (1-based: 1 <= K <= N);
                      prints `FAIL <function> <dtype> 0x<input> got 0x<bits> want 0x<bits>` per wrong
                      input and ends with `<function> <dtype> shard K/N: <checked> inputs, <failed> failed`;
                      exit status nonzero iff any failed.
TARGETS lists them; gen/configure.py derives `ninja exhaustive` and `ninja <name>-exhaustive` from
it, and the generator tests run a sample of each, so a new function or TCVT pair is one entry.

  exhaustive.py run --shard K/N [--only NAME,...] [--jobs J] [--sample M] [--out FILE.json] [--fresh]
      shard K of N of every target (or those named): J processes (default: the cores) each run a
      part of it; writes FILE.json (default build/exhaustive/shard-K-of-N[.NAMES].json) and the
      same name .xml (JUnit, a testcase per target); a target whose program and runs are those
      of a passed slice already in FILE.json is not run again (--fresh: it is). --sample M checks
      one input in M (the machinery in seconds): part j (0 .. J-1) runs the program's shard
      K + N*j of N*J*M.
      Exit status 1 if anything failed.
  exhaustive.py merge [--only NAME,...] [--junit FILE.xml] RESULT.json...
      any set of shard results (from any machines): missing and duplicated shards, every failed
      input, inputs checked per target; one JUnit file. Exit status 1 if anything failed or is
      missing.
  exhaustive.py ninja [--only NAME,...]   (ninja exhaustive) run, then merge: the shard of
      PTO_TEST_SHARD=k/n (1/1 without it) with PTO_EXHAUSTIVE_JOBS processes (default: the cores)
      and PTO_EXHAUSTIVE_SAMPLE=M (default 1: every input); a shard run is only merged with the
      others' results elsewhere.
  exhaustive.py list
"""
import hashlib
import html
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections import namedtuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMAT = "ptogen-exhaustive 1"
KEEP = 1000  # failed inputs kept per slice in a result file (all are counted)

# command: argv, {k} and {n} replaced by the binary's 1-based shard; command[0] is the program
# (built by ninja, hashed to know a result is still valid); inputs: how many the function has
Target = namedtuple("Target", "name command inputs")
MATH_FNS = ("exp", "log", "sqrt", "rsqrt", "recip")  # correctly rounded, tests/math/test_math.c: docs/math.md
TCVT_SOURCES = ("f32", "i32", "u32")  # TCVT's 32-bit sources: every pair from each, tests/unit/test_cpu_tcvt.c
TARGETS = [Target(fn, [f"build/tests/math/test_{fn}", "--all", "{k}", "{n}"], 1 << 32) for fn in MATH_FNS] \
    + [Target(f"tcvt-{s}", ["build/tests/unit/test_cpu_tcvt", "--all", "{k}", "{n}", s], 1 << 32) for s in TCVT_SOURCES]

FAIL = re.compile(r"FAIL (\S+) (\S+) 0x([0-9a-fA-F]+) got 0x([0-9a-fA-F]+) want 0x([0-9a-fA-F]+)")
LAST = re.compile(r"(\S+) (\S+) shard (\d+)/(\d+): (\d+) inputs, (\d+) failed")


class UsageError(Exception):
    pass


def shard_arg(text, what="--shard"):
    m = re.fullmatch(r"(\d+)/(\d+)", text or "")
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise UsageError(f"{what} {text!r}: expected K/N with 1 <= K <= N (1-based)")
    return int(m.group(1)), int(m.group(2))


def select(targets, only):
    if not only:
        return list(targets)
    names = only.split(",")
    unknown = [n for n in names if n not in {t.name for t in targets}]
    if unknown:
        raise UsageError(f"unknown long target {', '.join(unknown)}; known: {', '.join(t.name for t in targets)}")
    return [t for t in targets if t.name in names]


def count(inputs, k, n):
    """How many i < inputs have i % n == k - 1."""
    return 0 if k > inputs else (inputs - k) // n + 1


def parts(k, n, jobs, sample):
    """The binary's shards (k', n') that make up shard k of n, run as `jobs` processes checking one
    input in `sample`: shard k of n is every i with i % n == k - 1, and its j-th part (of jobs *
    sample) the i with i % (n * jobs * sample) == k - 1 + n * j; only the first `jobs` parts run."""
    return [(k + n * j, n * jobs * sample) for j in range(jobs)]


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run_part(t, k, n, out):
    """One process of the program on its shard k of n, its output read as it comes (a program that
    fails everywhere prints billions of lines: KEEP are kept)."""
    argv = [a.format(k=k, n=n) for a in t.command]
    run = {"argv": argv, "shard": [k, n], "expected": count(t.inputs, k, n), "fails": [], "fail_lines": 0,
           "last": None, "errors": []}
    try:
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    except OSError as e:
        run["errors"].append(f"{' '.join(argv)}: {e}")
        out.append(run)
        return
    err = []
    reader = threading.Thread(target=lambda: err.append(p.stderr.read()))
    reader.start()
    for line in p.stdout:
        line = line.strip()
        m = FAIL.fullmatch(line)
        if m:
            run["fail_lines"] += 1
            if len(run["fails"]) < KEEP:
                run["fails"].append(dict(zip(("function", "dtype", "input", "got", "want"), m.groups())))
        elif LAST.fullmatch(line):
            run["last"] = line
    reader.join()
    run["exit"] = p.wait()
    last = LAST.fullmatch(run["last"] or "")
    if not last:
        run["errors"].append(f"{' '.join(argv)}: exit {run['exit']} without its last line "
                             f"(`<function> <dtype> shard K/N: ...`): {''.join(err).strip()[-500:]}")
    else:
        f, d, kk, nn, checked, failed = last.groups()
        run.update(function=f, dtype=d, checked=int(checked), failed=int(failed))
        if (int(kk), int(nn)) != (k, n):
            run["errors"].append(f"{' '.join(argv)}: it says shard {kk}/{nn} (K is 1-based)")
        if run["checked"] != run["expected"]:
            run["errors"].append(f"{' '.join(argv)}: {checked} inputs checked, {run['expected']} in the shard")
        if (run["exit"] != 0) != (run["failed"] != 0) or run["fail_lines"] != run["failed"]:
            run["errors"].append(f"{' '.join(argv)}: exit {run['exit']}, {run['fail_lines']} FAIL lines, "
                                 f"and it counts {failed} failed")
    out.append(run)


def run_slice(t, k, n, jobs, sample):
    """Shard k of n of one target: its parts in parallel; a slice of the result file."""
    start, runs = time.monotonic(), []
    threads = [threading.Thread(target=run_part, args=(t, kk, nn, runs)) for kk, nn in parts(k, n, jobs, sample)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    runs.sort(key=lambda r: r["shard"])
    fns = {(r["function"], r["dtype"]) for r in runs if "function" in r}
    s = {"target": t.name, "shard": [k, n], "sample": sample, "inputs": t.inputs, "runs": runs,
         "function": ", ".join(sorted({f for f, _ in fns})) or t.name, "dtype": ", ".join(sorted({d for _, d in fns})),
         "expected": sum(r["expected"] for r in runs), "checked": sum(r.get("checked", 0) for r in runs),
         "failed": sum(r.get("failed", 0) for r in runs), "fails": [f for r in runs for f in r["fails"]][:KEEP],
         "errors": [e for r in runs for e in r["errors"]], "seconds": round(time.monotonic() - start, 1),
         "host": socket.gethostname(), "program_sha256": program_hash(t)}
    if len(fns) > 1:
        s["errors"].append(f"the parts name different functions: {sorted(fns)}")
    s["status"] = "error" if s["errors"] else "failed" if s["failed"] else "ok"
    return s


def program_hash(t):
    path = os.path.join(ROOT, t.command[0])
    return sha256(path) if os.path.isfile(path) else None


def label(s):
    k, n = s["shard"]
    return f"{s['target']} {s['dtype'] or '?'} shard {k}/{n}" + (f" (1 input in {s['sample']})" if s["sample"] > 1 else "")


def describe(s):
    """A slice in one line, then its failed inputs and errors."""
    lines = [f"{label(s)}: {s['checked']:,} inputs, {s['failed']:,} failed, {s['seconds']} s on {s['host']}"
             + (f" [{s['status']}]" if s["status"] == "error" else "")]
    lines += [f"  FAIL {f['function']} {f['dtype']} 0x{f['input']} got 0x{f['got']} want 0x{f['want']}" for f in s["fails"]]
    if s["failed"] > len(s["fails"]):
        lines.append(f"  ... {s['failed'] - len(s['fails']):,} more failed inputs (the result keeps {KEEP})")
    return lines + [f"  ERROR {e}" for e in s["errors"]]


def run(targets, k, n, jobs, sample, out, fresh=False):
    old = {}
    if not fresh:
        try:
            with open(out) as f:
                old = {s["target"]: s for s in json.load(f)["slices"]}
        except (OSError, ValueError, KeyError):
            pass
    slices = []
    for t in targets:
        prev = old.get(t.name)
        want = [[a.format(k=kk, n=nn) for a in t.command] for kk, nn in parts(k, n, jobs, sample)]
        if prev and prev["status"] == "ok" and [r["argv"] for r in prev["runs"]] == want \
                and prev["program_sha256"] == program_hash(t) and prev["program_sha256"] and prev["inputs"] == t.inputs:
            prev["cached"] = True
            slices.append(prev)
        else:
            print(f"exhaustive: {t.name} shard {k}/{n}, {jobs} process{'es' if jobs > 1 else ''} ...", file=sys.stderr, flush=True)
            slices.append(dict(run_slice(t, k, n, jobs, sample), cached=False))
        print("\n".join(describe(slices[-1])) + (" (cached)" if slices[-1]["cached"] else ""), flush=True)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out + ".tmp", "w") as f:
        json.dump({"format": FORMAT, "slices": slices}, f, indent=1)
    os.replace(out + ".tmp", out)
    junit(os.path.splitext(out)[0] + ".xml", slices, [])
    return 1 if any(s["status"] != "ok" for s in slices) else 0


def junit(path, slices, missing):
    """One testsuite per target, a testcase per slice (and per missing shard); a failure lists the
    failed inputs and errors."""
    q = html.escape
    by = {}
    for s in slices:
        by.setdefault(s["target"], []).append(("slice", s))
    for name, k, n in missing:
        by.setdefault(name, []).append(("missing", (k, n)))
    bad = lambda c: c[0] == "missing" or c[1]["status"] != "ok"  # noqa: E731
    total = sum(len(c) for c in by.values())
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<testsuites name="ptogen exhaustive" tests="{total}" failures="{sum(bad(c) for v in by.values() for c in v)}">']
    for name, cases in by.items():
        secs = sum(c[1]["seconds"] for c in cases if c[0] == "slice")
        lines.append(f'  <testsuite name="exhaustive.{q(name)}" tests="{len(cases)}" '
                     f'failures="{sum(bad(c) for c in cases)}" time="{secs:.1f}">')
        for what, c in cases:
            if what == "missing":
                lines += [f'    <testcase classname="exhaustive.{q(name)}" name="{q(name)} shard {c[0]}/{c[1]}">',
                          f'      <failure message="shard {c[0]}/{c[1]} missing: no result file has it"/>', "    </testcase>"]
                continue
            case = f'    <testcase classname="exhaustive.{q(name)}" name="{q(label(c))}" time="{c["seconds"]:.1f}"'
            if c["status"] == "ok":
                lines.append(case + "/>")
                continue
            msg = f"{c['failed']:,} of {c['checked']:,} inputs failed" + (f"; {c['errors'][0]}" if c["errors"] else "")
            lines += [case + ">", f'      <failure message="{q(msg)}">{q(chr(10).join(describe(c)))}</failure>',
                      "    </testcase>"]
        lines.append("  </testsuite>")
    lines.append("</testsuites>")
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def merge(paths, expect, junit_path=None):
    """Reports the slices of the result files against the shards of each expected target (names);
    returns the exit status: 1 if any slice failed, is missing or disagrees with the others."""
    slices, bad = [], 0
    for p in paths:
        try:
            with open(p) as f:
                data = json.load(f)
            if data.get("format") != FORMAT:
                raise ValueError(f"not a {FORMAT} result")
        except (OSError, ValueError) as e:
            print(f"ERROR {p}: {e}")
            bad = 1
            continue
        slices += [dict(s, path=p) for s in data["slices"]]
    names = list(expect) + sorted({s["target"] for s in slices} - set(expect))
    missing, merged = [], []
    for name in names:
        mine = [s for s in slices if s["target"] == name]
        splits = sorted({(s["shard"][1], s["sample"]) for s in mine})
        if not mine:
            print(f"{name}: MISSING: no result has it")
            missing.append((name, 1, 1))
            bad = 1
            continue
        if len(splits) > 1:  # shards of different splits overlap and leave gaps: no merge
            print(f"{name}: ERROR shards of different splits (N, sample): {splits}; run every shard with one N")
            bad = 1
        n, sample = splits[0]
        seen = {}
        for s in mine:
            seen.setdefault(s["shard"][0], []).append(s)
        gone = [k for k in range(1, n + 1) if k not in seen]
        twice = {k: v for k, v in sorted(seen.items()) if len(v) > 1}
        once = [v[0] for _, v in sorted(seen.items())]  # a duplicate counts once
        checked, failed = sum(s["checked"] for s in once), sum(s["failed"] for s in once)
        builds = {s["program_sha256"] for s in mine}
        print(f"{name} {', '.join(sorted({s['dtype'] for s in mine}))}: {len(seen)} of {n} shards"
              + f", {checked:,} inputs checked of {t_inputs(mine):,}" + (f" (a sample: 1 input in {sample})" if sample > 1 else "")
              + f", {failed:,} failed")
        if gone:
            print(f"  MISSING shards {', '.join(f'{k}/{n}' for k in gone)}")
            missing += [(name, k, n) for k in gone]
            bad = 1
        for k, v in twice.items():
            print(f"  DUPLICATE shard {k}/{n}: {', '.join(s['path'] for s in v)}")
            if len({(s['status'], s['checked'], s['failed']) for s in v}) > 1:
                print(f"  ERROR the copies of shard {k}/{n} disagree")
                bad = 1
        if len(builds) > 1:
            print(f"  NOTE the shards ran {len(builds)} different builds of {name}'s program")
        if not gone and len(splits) == 1 and sample == 1 and checked != t_inputs(mine):
            print(f"  ERROR every shard is there but {checked:,} inputs were checked of {t_inputs(mine):,}")
            bad = 1
        for s in once:
            if s["status"] != "ok":
                print("\n".join("  " + ln for ln in describe(s)))
                bad = 1
        merged += [s for v in seen.values() for s in v]
    if junit_path:
        junit(junit_path, merged, missing)
        print(f"JUnit: {junit_path}")
    print(f"exhaustive: {'FAILED' if bad else 'passed'}: {len(names)} targets, {len(slices)} slices from {len(paths)} files")
    return bad


def t_inputs(slices):
    return max(s["inputs"] for s in slices)


def default_jobs():
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def parse(argv, flags=("--fresh",)):
    args, paths, i = {}, [], 0
    while i < len(argv):
        a = argv[i]
        if a in flags:
            args[a] = True
        elif a.startswith("--"):
            if i + 1 >= len(argv):
                raise UsageError(f"{a} needs a value")
            args[a], i = argv[i + 1], i + 1
        else:
            paths.append(a)
        i += 1
    return args, paths


def positive(args, name, default):
    v = args.get(name, str(default))
    if not v.isdigit() or int(v) < 1:
        raise UsageError(f"{name}{'' if name.endswith('=') else ' '}{v!r}: expected a count >= 1")
    return int(v)


def out_path(k, n, targets, only):
    names = f".{'.'.join(t.name for t in targets)}" if only else ""
    return os.path.join(ROOT, "build", "exhaustive", f"shard-{k}-of-{n}{names}.json")


def main(argv, targets=TARGETS):
    try:
        cmd, (args, paths) = (argv[1], parse(argv[2:])) if len(argv) > 1 else (None, ({}, []))
        if cmd == "list":
            for t in targets:
                print(f"{t.name}\t{t.inputs}\t{' '.join(t.command)}")
            return 0
        if cmd in ("run", "ninja"):
            if cmd == "ninja":
                env = os.environ.get("PTO_TEST_SHARD")
                k, n = shard_arg(env, "PTO_TEST_SHARD") if env else (1, 1)
            else:
                k, n = shard_arg(args.get("--shard"))
            mine = select(targets, args.get("--only"))
            if cmd == "ninja":  # its options come from the environment
                args.update({"PTO_EXHAUSTIVE_JOBS=": os.environ.get("PTO_EXHAUSTIVE_JOBS", str(default_jobs())),
                             "PTO_EXHAUSTIVE_SAMPLE=": os.environ.get("PTO_EXHAUSTIVE_SAMPLE", "1")})
            jobs = positive(args, "PTO_EXHAUSTIVE_JOBS=" if cmd == "ninja" else "--jobs", default_jobs())
            sample = positive(args, "PTO_EXHAUSTIVE_SAMPLE=" if cmd == "ninja" else "--sample", 1)
            out = args.get("--out") or out_path(k, n, mine, args.get("--only"))
            rc = run(mine, k, n, jobs, sample, out, "--fresh" in args)
            print(f"results: {os.path.relpath(out, ROOT)}, JUnit: {os.path.relpath(os.path.splitext(out)[0] + '.xml', ROOT)}")
            if cmd == "ninja" and n == 1:
                rc = merge([out], [t.name for t in mine], os.path.relpath(os.path.join(os.path.dirname(out), "merged.xml"))) or rc
            elif cmd == "ninja":
                print(f"shard {k}/{n} only: copy the other shards' result files here, then "
                      f"`tests/exhaustive.py merge --junit build/exhaustive/merged.xml FILE...`")
            return rc
        if cmd == "merge":
            if not paths:
                raise UsageError("merge: no result files given")
            return merge(paths, [t.name for t in select(targets, args.get("--only"))], args.get("--junit"))
        raise UsageError(__doc__.split("\n\n")[2])
    except UsageError as e:
        print(f"exhaustive.py: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
