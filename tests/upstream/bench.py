#!/usr/bin/env python3
"""Times the same C++ program, tests/upstream/bench/intrinsics.cpp, against upstream PTO-ISA's CPU
simulator and against ptogen's header set and cpu kernels; docs/performance.md.

  python3 tests/upstream/bench.py UPSTREAM [FILTER] [--rounds N] [--repo PTOGEN] [--build BUILD] [--cxx G++] [--cc GCC]

UPSTREAM is a checkout of PTO-ISA (include/). The program is compiled with run.py's flags for
each variant (tests/upstream/run.py's Variant: C++20, __CPU_SIM and the format shim for upstream,
C++17 and PTOGEN/out/include for ptogen), both at -O2; upstream's build also defines
PTO_BENCH_A5_UB (the program then asks the simulator for A5's 256 KiB unified buffer, ptogen's
size). ptogen's library is every PTOGEN/out/cpu/*.c at the project's release flags (run.py's
release_cflags). Each binary prints a line a case (instr, dtype, shape, ns a call: the median over
blocks of calls); this script runs the two in turns, N rounds (--rounds, default 3), keeps each
case's least time, and prints the table with ratio = upstream / ptogen and the geometric mean.
FILTER (a substring of "INSTR dtype shape") narrows the cases. Build directory: BUILD/<variant>/
(default build/upstream-bench of this checkout). Not part of `ninja test`.
"""
import argparse
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402  (run.py: the variants' compile flags and ptogen's library edges)

SOURCE = os.path.join(HERE, "bench", "intrinsics.cpp")


def write_ninja(args, variant, bdir):
    lines = ["# written by tests/upstream/bench.py; rewritten on every run", "ninja_required_version = 1.10", ""]
    lines += run.ninja_rules(args, variant)
    obj, libs = "obj/intrinsics.o", []
    if variant.name == "ptogen":
        lines += run.ninja_library(args)
        libs = ["lib/libptocpu.a"]
        ldlibs = ["-lm"]
    else:
        ldlibs = ["-lpthread", "-ldl", "-lm"]
    extra = ["-DPTO_BENCH_A5_UB"] if variant.name == "upstream" else []
    lines += [f"build {obj}: cxx {run.ninja_escape(SOURCE)}", f"  cxxflags = $cxxflags {run.ninja_var(extra)}",
              f"build bin/intrinsics: link {' '.join([obj] + libs)}", f"  ldlibs = {run.ninja_var(ldlibs)}", ""]
    os.makedirs(bdir, exist_ok=True)
    with open(os.path.join(bdir, "build.ninja"), "w") as f:
        f.write("\n".join(lines) + "\n")


def build(args, name):
    """Builds the variant's binary; returns its path."""
    variant = run.Variant(name, args)
    bdir = os.path.join(args.build, name)
    write_ninja(args, variant, bdir)
    print(f"[{name}] building in {bdir} ...", file=sys.stderr, flush=True)
    r = subprocess.run(["ninja", "-C", bdir], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"bench.py: the {name} build failed:\n{r.stdout}{r.stderr}")
    return os.path.join(bdir, "bin", "intrinsics")


def run_once(args, name, binary):
    """{case: ns a call, or None where the variant rejects it} from one run of the binary."""
    r = subprocess.run([binary] + ([args.filter] if args.filter else []), capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"bench.py: the {name} binary exits {r.returncode}:\n{r.stderr}")
    times = {}
    for line in r.stdout.splitlines():
        instr, dtype, shape, ns = line.split("\t")
        times[(instr, dtype, shape)] = None if ns == "rejected" else float(ns)
    return times


def run_rounds(args, binaries):
    """Runs the variants' binaries in turns, --rounds times (the first variant alternating), and
    keeps each case's least time: on a machine shared with other work a slower figure is the other
    work's, and a variant that always ran second would always get what the first left."""
    best = {name: {} for name in binaries}
    for k in range(args.rounds):
        for name in (list(binaries) if k % 2 == 0 else list(binaries)[::-1]):
            print(f"[{name}] running (round {k + 1} of {args.rounds}) ...", file=sys.stderr, flush=True)
            for case, ns in run_once(args, name, binaries[name]).items():
                old = best[name].get(case, ns)
                best[name][case] = None if ns is None or old is None else min(ns, old)
    return best


def report(up, pg):
    print(f"| instr | dtype | shape | upstream ns | ptogen ns | upstream/ptogen |")
    print("|---|---|---|---:|---:|---:|")
    ratios, skipped = [], []
    for key in pg:
        if key not in up or up[key] is None or pg[key] is None:
            skipped.append(" ".join(key))
            continue
        ratio = up[key] / pg[key]
        ratios.append((ratio, key))
        print(f"| {key[0]} | {key[1]} | {key[2]} | {up[key]:.1f} | {pg[key]:.1f} | {ratio:.2f} |")
    if not ratios:
        return
    geo = math.exp(sum(math.log(r) for r, _ in ratios) / len(ratios))
    lo, hi = min(ratios), max(ratios)
    print(f"\n{len(ratios)} cases; geometric mean of upstream/ptogen {geo:.2f}; "
          f"lowest {lo[0]:.2f} ({' '.join(lo[1])}), highest {hi[0]:.2f} ({' '.join(hi[1])})")
    for dtype in sorted({k[1] for _, k in ratios}):
        sub = [r for r, k in ratios if k[1] == dtype]
        print(f"{dtype}: geometric mean {math.exp(sum(map(math.log, sub)) / len(sub)):.2f} over {len(sub)} cases")
    if skipped:
        print(f"not compared (rejected or missing in a variant): {', '.join(skipped)}")


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("upstream", help="a PTO-ISA checkout (include/)")
    p.add_argument("filter", nargs="?", help='a substring of "INSTR dtype shape": only those cases')
    p.add_argument("--repo", default=run.ROOT, help="the ptogen checkout (default: %(default)s)")
    p.add_argument("--build", default=os.path.join(run.ROOT, "build", "upstream-bench"),
                   help="build directory (default: %(default)s)")
    p.add_argument("--rounds", type=int, default=3,
                   help="runs of each binary, in turns; each case's least time is kept (default: %(default)s)")
    p.add_argument("--cxx", default="g++")
    p.add_argument("--cc", default="gcc")
    args = p.parse_args(argv)
    args.upstream, args.repo, args.build = (os.path.abspath(x) for x in (args.upstream, args.repo, args.build))
    args.python = sys.executable  # run.ninja_rules names it (for gen_data rules this build never uses)
    args.profile = "cpu"  # run.Variant's: the intrinsics of upstream's CPU simulator against the cpu profile
    if not os.path.isdir(os.path.join(args.upstream, "include", "pto")):
        raise SystemExit(f"bench.py: {args.upstream} has no include/pto: not a PTO-ISA checkout")
    if not os.path.isfile(os.path.join(args.repo, "out", "include", "pto", "pto-inst.hpp")):
        raise SystemExit(f"bench.py: {args.repo} has no out/include/pto/pto-inst.hpp: run `ninja gen` there")
    if args.rounds < 1:
        raise SystemExit("bench.py: --rounds must be at least 1")
    best = run_rounds(args, {name: build(args, name) for name in ("upstream", "ptogen")})
    report(best["upstream"], best["ptogen"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
