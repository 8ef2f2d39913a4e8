"""`ninja bench`: runs the kernel benchmark of each kernel profile at the release flags and with
-march=native (one process each; within a process kernel, plain loop and memcpy are
interleaved), prints the kernel table, the targets and every kernel slower natively than at the
release flags, then times the generator
(bench/gen_timing.py). The whole report also goes to build/bench/report.md, the text of the
latest report in docs/performance.md (python3 bench/readme.py copies it there).

Usage: python3 bench/run.py --flags F --native-flags N --cc CC [--counters BIN ...] RELEASE_BIN NATIVE_BIN [...]
(binaries in pairs, release then native, one pair per profile: build/bench/<profile>/...; each
--counters binary is an NPU profile's simulator counter run, reported against its lower bound;
--matmul the cpu's matrix benchmark, bench/harness/matmul.c).
BENCH_ROUNDS and BENCH_FILTER pass through to the binaries; BENCH_NO_GEN=1 skips the generator timing.
The release and native binaries of a profile run in turns, BENCH_PASSES (3) times each with a
share of the rounds: this machine's speed drifts by up to 1.5x over minutes, and a native
figure taken minutes after its release figure said "twice as slow" for kernels that are not.
A case keeps, per binary, the pass whose kernel was fastest. Cases slower natively after that
run BENCH_CONFIRM (8) more turns of their own, with all the rounds (4 until the kernels compiled to
the same code in both builds: then 4 still left 3-4 of 1,631 cases above 1.05 that timed in
turns measure 0.99-1.06; 8 left 0 and 2 in two runs). Within a pass the binary
measures each case with its buffers in BENCH_PLACEMENTS (4) places and keeps the place where its
kernel was fastest (bench/harness/bench.c alloc_bytes: a case's time depends on where its pages land).
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_timing  # noqa: E402
import report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROUNDS = max(1, int(os.environ.get("BENCH_ROUNDS", "101")))
PASSES = max(1, int(os.environ.get("BENCH_PASSES", "3")))
CONFIRM = max(0, int(os.environ.get("BENCH_CONFIRM", "8")))


def output(binary, env=None):
    r = subprocess.run([binary], capture_output=True, text=True, env=env)
    sys.stderr.write(r.stderr)
    if r.returncode:
        sys.exit(f"bench: {binary} failed (exit {r.returncode})")
    return r.stdout


def run(binary, env=None):
    return report.parse(output(binary, env))


def turns(release_bin, native_bin, passes, rounds, best, env_extra=None):
    """Both binaries `passes` times in turns, `rounds` rounds a pass; best[binary][key] keeps each
    case's row from the pass where its kernel was fastest. Returns the first pass's
    (rows, notes, isa) per binary."""
    env = dict(os.environ, BENCH_ROUNDS=str(rounds), **(env_extra or {}))
    first = {}
    for k in range(passes):
        for binary in (release_bin, native_bin)[::1 if k % 2 == 0 else -1]:  # each first in turn
            print(f"bench: {binary}, pass {k + 1} of {passes} ...", file=sys.stderr)
            rows, notes, isa = run(binary, env)
            first.setdefault(binary, (rows, notes, isa))
            mine = best.setdefault(binary, {})
            for r in rows:
                if report.key(r) not in mine or r["kernel"] < mine[report.key(r)]["kernel"]:
                    mine[report.key(r)] = r
    return first


def run_in_turns(release_bin, native_bin):
    """Both binaries, BENCH_PASSES times in turns, each pass with its share of BENCH_ROUNDS; then
    the cases slower natively by more than the noise run BENCH_CONFIRM more turns, alone and with
    all the rounds (a full run's outliers are mostly the machine's drift during that run; the
    extra turns time both binaries alike, so a real slowdown stays). Per binary (rows, notes,
    isa), each case's row from the pass where its kernel was fastest, and the cases flagged
    before the confirming turns."""
    best = {}
    first = turns(release_bin, native_bin, PASSES, -(-ROUNDS // PASSES), best)
    def slower():
        rel, nat = best[release_bin], best[native_bin]
        return [k for k in rel if k in nat and nat[k]["kernel"] > report.LOOP_AT * rel[k]["kernel"]]
    flagged = slower()
    if flagged and CONFIRM:
        names = "|".join(" ".join(k) for k in flagged)
        turns(release_bin, native_bin, CONFIRM, ROUNDS, best, {"BENCH_FILTER": names})
    out = []
    for binary in (release_bin, native_bin):
        rows, notes, isa = first[binary]
        out.append(([best[binary][report.key(r)] for r in rows], notes, isa))
    return out, flagged


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--flags", required=True)
    ap.add_argument("--native-flags", required=True)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--counters", action="append", default=[], help="an NPU profile's counters binary")
    ap.add_argument("--matmul", action="append", default=[], help="the cpu's matrix benchmark (bench/harness/matmul.c)")
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args(argv)
    out = ["## Performance", "",
           f"Machine: {report.machine(a.cc)}.", "",
           f"Release flags (the library's): `{a.flags}`; the native columns add `{a.native_flags}`. "
           "Kernel, plain loop and memcpy run interleaved in one process; each figure is the median of "
           "its place's share of its pass's rounds, at the place of its buffers where the kernel was fastest (four places a pass, each with pages of its own: "
           "a case's time depends on where its pages land; bench/harness/bench.c; "
           f"{ROUNDS} rounds in all, over {PASSES} passes that alternate the release and native binaries; "
           f"a case slower natively after them runs {CONFIRM} more passes of both with all the rounds; "
           "a case shows the pass where its kernel was fastest). Ratios below 1 mean the kernel is faster.", ""]
    for release_bin, native_bin in zip(a.binaries[0::2], a.binaries[1::2]):
        profile = os.path.basename(os.path.dirname(os.path.dirname(release_bin)))
        ((release, notes, isa), (native, _, native_isa)), flagged = run_in_turns(release_bin, native_bin)
        out += [f"### {profile} kernels", "",
                f"The kernels ran their `{isa}` ISA variant (`{native_isa}` native; the variants: docs/cpu-isa.md); "
                "the plain loops are compiled for the flags alone.", ""]
        out += report.targets(release, native) + report.native_check(release, native, len(flagged), CONFIRM)
        out += report.same_code(os.path.join(ROOT, "build", profile), os.path.dirname(native_bin))
        out += report.movement_section(release, native)
        out += [f"The {report.LARGE[0]} tiles:", ""] + report.kernel_table(release, native, (report.LARGE[0],))
        out += ["", "<details><summary>Every shape</summary>", ""] + report.kernel_table(release, native)
        out += ["", "</details>", ""] + [f"Not benchmarked: {n}" for n in notes] + [""]
    for binary in a.matmul:
        print(f"bench: {binary} ...", file=sys.stderr)
        out += report.matmul_section(report.parse_matmul(output(binary)))
    for binary in a.counters:
        print(f"bench: {binary} ...", file=sys.stderr)
        out += report.counter_section(report.parse_counters(output(binary)))
    if os.environ.get("BENCH_NO_GEN") != "1":
        print("bench: generator timing (scratch copy) ...", file=sys.stderr)
        out += ["### Generator", ""] + gen_timing.main() + [""]
    text = "\n".join(out)
    print(text)
    os.makedirs(os.path.join(ROOT, "build", "bench"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "bench", "report.md"), "w") as f:
        f.write(text)
    print("report: build/bench/report.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
