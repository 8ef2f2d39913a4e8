"""`ninja bench`: runs the kernel benchmark of each kernel profile at the release flags and with
-march=native (one process each; within a process kernel, plain loop and memcpy are
interleaved), prints the kernel table, the targets and every kernel slower natively than at the
release flags, then times the generator
(bench/gen_timing.py). The whole report also goes to build/bench/report.md, the text of the
latest report in docs/performance.md (python3 bench/readme.py copies it there).

Usage: python3 bench/run.py --flags F --native-flags N --cc CC [--counters BIN ...] RELEASE_BIN NATIVE_BIN [...]
(binaries in pairs, release then native, one pair per profile: build/bench/<profile>/...; each
--counters binary is an NPU profile's simulator counter run, reported against its lower bound).
BENCH_ROUNDS and BENCH_FILTER pass through to the binaries; BENCH_NO_GEN=1 skips the generator timing.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_timing  # noqa: E402
import report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def output(binary):
    r = subprocess.run([binary], capture_output=True, text=True)
    sys.stderr.write(r.stderr)
    if r.returncode:
        sys.exit(f"bench: {binary} failed (exit {r.returncode})")
    return r.stdout


def run(binary):
    return report.parse(output(binary))


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--flags", required=True)
    ap.add_argument("--native-flags", required=True)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--counters", action="append", default=[], help="an NPU profile's counters binary")
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args(argv)
    out = ["## Performance", "",
           f"Machine: {report.machine(a.cc)}.", "",
           f"Release flags (the library's): `{a.flags}`; the native columns add `{a.native_flags}`. "
           "Kernel, plain loop and memcpy run interleaved in one process; each figure is the median of "
           f"{os.environ.get('BENCH_ROUNDS', '101')} rounds. Ratios below 1 mean the kernel is faster.", ""]
    for release_bin, native_bin in zip(a.binaries[0::2], a.binaries[1::2]):
        profile = os.path.basename(os.path.dirname(os.path.dirname(release_bin)))
        print(f"bench: {profile} kernels, release flags ...", file=sys.stderr)
        release, notes, isa = run(release_bin)
        print(f"bench: {profile} kernels, {a.native_flags} ...", file=sys.stderr)
        native, _, native_isa = run(native_bin)
        out += [f"### {profile} kernels", "",
                f"The kernels ran their `{isa}` ISA variant (`{native_isa}` native; the variants: docs/cpu-isa.md); "
                "the plain loops are compiled for the flags alone.", ""]
        out += report.targets(release, native) + report.native_check(release, native)
        out += [f"The {report.LARGE[0]} tiles:", ""] + report.kernel_table(release, native, (report.LARGE[0],))
        out += ["", "<details><summary>Every shape</summary>", ""] + report.kernel_table(release, native)
        out += ["", "</details>", ""] + [f"Not benchmarked: {n}" for n in notes] + [""]
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
