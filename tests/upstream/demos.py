"""Upstream PTO-ISA's three CPU demos (demos/cpu/<demo>/<demo>.cpp: gemm, flash attention, MLA
attention) built unchanged against ptogen's C++ header set and cpu kernels, and against
upstream's own headers (its CPU simulator); run by `tests/upstream/run.py UPSTREAM --demos`
(docs/upstream-tests.md, "The demos").

Each demo is compiled as its CMakeLists builds it (-std=gnu++20, Release -O2, __CPU_SIM and
__PTO_AUTO__, _FORTIFY_SOURCE=2): ptogen's variant with PTOGEN/out/include first and linked with
a static library of PTOGEN/out/cpu/*.c (the demos link nothing: upstream's header is
header-only). It must exit 0: its own check. A copy with one line inserted after the demo's
last kernel call (and, on the -include'd demo_dump.hpp, nothing else) dumps the inputs the demo
drew and its output, so that
  - gemm's output is compared bit for bit with upstream's (the contract's k order is upstream's
    CPU order: they must be equal),
  - flash's and MLA's outputs are compared word by word with upstream's (their row sums are
    summed in the contract's order, not upstream's sequential one: the words may differ; the
    largest difference is stated in ulps) and both with the same attention recomputed here in
    double precision (Python floats), the largest absolute and relative errors stated.
With --timing each demo's own `perf: avg_ms=` line is read from three runs of each variant.
"""
import array
import hashlib
import math
import os
import re
import shlex
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# What a demo's CMakeLists gives g++ 12 (C++20 with GNU extensions below GCC 14; Release's -O2
# after CMake's -O3 -DNDEBUG) and what the demos define.
DEMO_CXXFLAGS = ["-std=gnu++20", "-O3", "-DNDEBUG", "-O2", "-D__CPU_SIM", "-D__PTO_AUTO__", "-D_FORTIFY_SOURCE=2",
                 "-fstack-protector-strong", "-Wno-ignored-attributes"]
TIMING_RUNS = 3

# Per demo: the line after which the instrumented copy dumps (a regular expression matching one
# line of the demo), the inputs and the output it dumps (std::vector<float> names in scope
# there), and the shapes of the double-precision recomputation.
DEMOS = {
    "gemm_demo": {"after": r"^\s*TSTORE\(cGlobal, cTile\);\s*$", "inputs": ["A", "B"], "output": "C",
                  "dims": {"M": 32, "K": 16, "N": 32}},
    "flash_attention_demo": {"after": r"^\s*const auto t1 = std::chrono::steady_clock::now\(\);\s*$",
                             "inputs": ["q", "k", "v"], "output": "out_fused", "dims": {"H": 2, "S": 64, "D": 32}},
    "mla_attention_demo": {"after": r"^\s*const auto t1 = std::chrono::steady_clock::now\(\);\s*$",
                           "inputs": ["q", "k", "v", "wq", "wk", "wv", "wo"], "output": "out_pto",
                           "dims": {"H": 2, "S": 64, "D": 32, "R": 16}},
}


def demo_source(upstream, demo):
    return os.path.join(upstream, "demos", "cpu", demo, demo + ".cpp")


def instrumented(upstream, demo, out_path):
    """The demo's source with the dump line after its anchor; an error if the anchor is not
    exactly one line (the demo changed: update DEMOS)."""
    spec = DEMOS[demo]
    with open(demo_source(upstream, demo)) as f:
        lines = f.read().split("\n")
    at = [i for i, line in enumerate(lines) if re.match(spec["after"], line)]
    if len(at) != 1:
        raise SystemExit(f"demos: {demo}: {len(at)} lines match {spec['after']!r} (want one): update tests/upstream/demos.py")
    dump = " ".join(f'ptogen_demo_dump("{n}", {n});' for n in spec["inputs"] + [spec["output"]])
    lines.insert(at[0] + 1, "    " + dump)
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    text = "\n".join(lines)
    old = None
    if os.path.exists(out_path):
        with open(out_path) as f:
            old = f.read()
    if old != text:  # unchanged: ninja keeps the object
        with open(out_path, "w") as f:
            f.write(text)


def write_ninja(args, bdir, library_lines, ninja_var, ninja_escape, upstream_flags):
    """build.ninja of the demos: each demo unchanged and instrumented, per variant."""
    inc = {"ptogen": ["-I" + os.path.join(args.repo, "out", "include")],
           "upstream": upstream_flags + ["-I" + os.path.join(args.upstream, "include")]}
    lines = ["# written by tests/upstream/demos.py; rewritten on every run", "ninja_required_version = 1.10", "",
             f"cxx = {ninja_var([args.cxx])}", f"cc = {ninja_var([args.cc])}",
             "rule cxx", "  command = $cxx -MMD -MF $out.d $cxxflags -c $in -o $out", "  depfile = $out.d",
             "  deps = gcc", "  description = CXX $out",
             "rule cc", "  command = $cc -MMD -MF $out.d $cflags -c $in -o $out", "  depfile = $out.d",
             "  deps = gcc", "  description = CC $out",
             "rule ar", "  command = rm -f $out && ar crs $out $in", "  description = AR $out",
             "rule link", "  command = $cxx $in -o $out $ldlibs", "  description = LINK $out", ""]
    lines += library_lines
    bins = []
    for variant in ("ptogen", "upstream"):
        for demo in DEMOS:
            for kind in ("plain", "dump"):
                src = demo_source(args.upstream, demo)
                extra = []
                if kind == "dump":
                    src = os.path.join(bdir, "src", demo + ".cpp")
                    instrumented(args.upstream, demo, src)
                    extra = ["-include", os.path.join(HERE, "demo_dump.hpp")]
                obj, exe = f"{variant}/{kind}/{demo}.o", f"{variant}/{kind}/{demo}"
                lines += [f"build {obj}: cxx {ninja_escape(src)}",
                          f"  cxxflags = {ninja_var(DEMO_CXXFLAGS + inc[variant] + extra)}",
                          f"build {exe}: link {obj}" + (" lib/libptocpu.a" if variant == "ptogen" else ""),
                          "  ldlibs = -lpthread -lm", ""]
                bins.append(exe)
    with open(os.path.join(bdir, "build.ninja"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return bins


def run(exe, env=None):
    r = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=300)
    return r.returncode, r.stdout + r.stderr


def load(path):
    """A dumped vector: (its f32 values as Python floats, its 32-bit words)."""
    with open(path, "rb") as f:
        data = f.read()
    vals, words = array.array("f"), array.array("I")
    vals.frombytes(data)
    words.frombytes(data)
    if sys.byteorder != "little":
        vals.byteswap()
        words.byteswap()
    return list(vals), list(words)


def ulp_distance(a, b):
    """The distance of two f32 words in units in the last place (as ordered integers)."""
    key = lambda w: -(w & 0x7fffffff) if w >> 31 else w
    return abs(key(a) - key(b))


def matmul(a, b, m, k, n):
    """a (m x k) times b (k x n), row-major lists, in double precision."""
    return [sum(a[i * k + t] * b[t * n + j] for t in range(k)) for i in range(m) for j in range(n)]


def transpose(a, rows, cols):
    return [a[i * cols + j] for j in range(cols) for i in range(rows)]


def softmax_rows(x, rows, cols):
    out = []
    for i in range(rows):
        row = x[i * cols:(i + 1) * cols]
        top = max(row)
        e = [math.exp(y - top) for y in row]
        total = sum(e)
        out += [y / total for y in e]
    return out


def reference(demo, data):
    """The demo's result recomputed in double precision from its dumped inputs."""
    d = DEMOS[demo]["dims"]
    f = {n: data[n][0] for n in DEMOS[demo]["inputs"]}
    if demo == "gemm_demo":
        return matmul(f["A"], f["B"], d["M"], d["K"], d["N"])
    H, S, D = d["H"], d["S"], d["D"]
    out = []
    for h in range(H):
        q, k, v = (f[n][h * S * D:(h + 1) * S * D] for n in ("q", "k", "v"))
        if demo == "flash_attention_demo":
            scores = [x / math.sqrt(D) for x in matmul(q, transpose(k, S, D), S, D, S)]
            out += matmul(softmax_rows(scores, S, S), v, S, S, D)
        else:
            R = d["R"]
            ql, kl, vl = (matmul(x, f[w], S, D, R) for x, w in ((q, "wq"), (k, "wk"), (v, "wv")))
            scores = [x / math.sqrt(R) for x in matmul(ql, transpose(kl, S, R), S, R, S)]
            out += matmul(matmul(softmax_rows(scores, S, S), vl, S, S, R), f["wo"], S, R, D)
    return out


def perf_ms(output):
    m = re.search(r"perf: avg_ms=([0-9.eE+-]+)", output)
    return float(m.group(1)) if m else None


def main(args, library_lines, ninja_var, ninja_escape, upstream_flags):
    """Build, run and compare; returns the exit status (1: a build failed, a demo failed its own
    check, or gemm's output differs from upstream's). upstream_flags: what upstream's headers
    need besides their include directory (a <format> shim for g++ 12)."""
    bdir = os.path.join(args.build, "demos")
    os.makedirs(bdir, exist_ok=True)
    for demo in DEMOS:
        if not os.path.isfile(demo_source(args.upstream, demo)):
            print(f"demos: {args.upstream} has no demos/cpu/{demo}/{demo}.cpp", file=sys.stderr)
            return 2
    bins = write_ninja(args, bdir, library_lines, ninja_var, ninja_escape, upstream_flags)
    r = subprocess.run(["ninja", "-C", bdir, f"-j{args.jobs}"] + bins, capture_output=True, text=True)
    if r.returncode:
        print(r.stdout[-6000:] + r.stderr[-2000:])
        print("demos: the build failed")
        return 1
    bad = 0
    for demo in DEMOS:
        print(f"\n== {demo}")
        outs, times = {}, {}
        for variant in ("ptogen", "upstream"):
            rc, text = run(os.path.join(bdir, variant, "plain", demo))
            first = "; ".join(line for line in text.splitlines() if not line.startswith("perf:"))
            print(f"  {variant:8s} exit {rc}: {first}")
            if rc != 0:
                bad += 1
            dump = os.path.join(bdir, variant, "out", demo)
            os.makedirs(dump, exist_ok=True)
            for n in DEMOS[demo]["inputs"] + [DEMOS[demo]["output"]]:
                if os.path.exists(os.path.join(dump, n + ".bin")):
                    os.remove(os.path.join(dump, n + ".bin"))
            rc2, text2 = run(os.path.join(bdir, variant, "dump", demo), env=dict(os.environ, PTOGEN_DEMO_DUMP=dump))
            if rc2 != rc:
                print(f"  {variant}: the instrumented copy exited {rc2}, the demo {rc}:\n{text2}")
                bad += 1
            if rc2 == 0:
                outs[variant] = {n: load(os.path.join(dump, n + ".bin"))
                                 for n in DEMOS[demo]["inputs"] + [DEMOS[demo]["output"]]}
            if args.timing:
                times[variant] = [perf_ms(run(os.path.join(bdir, variant, "plain", demo))[1]) for _ in range(TIMING_RUNS)]
        if len(outs) < 2:
            print("  no comparison: a variant did not finish")
            continue
        o = DEMOS[demo]["output"]
        mine, theirs = outs["ptogen"][o][1], outs["upstream"][o][1]
        for n in DEMOS[demo]["inputs"]:
            if outs["ptogen"][n][1] != outs["upstream"][n][1]:
                print(f"  the inputs differ ({n}): the two builds drew different random numbers")
                bad += 1
        same = sum(a == b for a, b in zip(mine, theirs))
        sha = {v: hashlib.sha256(array.array("I", outs[v][o][1]).tobytes()).hexdigest() for v in outs}
        print(f"  output {o}: {len(mine)} words, {same} bit-identical to upstream's; sha256 ptogen {sha['ptogen'][:16]}..., "
              f"upstream {sha['upstream'][:16]}...; largest difference {max(map(ulp_distance, mine, theirs))} ulp")
        ref = reference(demo, outs["ptogen"])
        for v in ("ptogen", "upstream"):
            err = [abs(x - r) for x, r in zip(outs[v][o][0], ref)]
            big = max(map(abs, ref)) * 1e-3  # relative errors of results far above cancellation's noise
            rel = max((e / abs(r) for e, r in zip(err, ref) if abs(r) >= big), default=0.0)
            print(f"  {v:8s} against double precision: max abs error {max(err):.3g}, max rel error {rel:.3g} "
                  f"where |result| >= {big:.3g} (a thousandth of the largest)")
        if demo == "gemm_demo" and same != len(mine):
            print("  FAILED: gemm's output must be upstream's bit for bit (the contract's k order is upstream's)")
            bad += 1
        if args.timing:
            tp, tu = statistics.median(times["ptogen"]), statistics.median(times["upstream"])
            print(f"  timing (median of {TIMING_RUNS} runs of the demo's own perf line): ptogen {tp:.4g} ms, "
                  f"upstream {tu:.4g} ms, upstream/ptogen {tu / tp:.2f}")
    print(f"\ndemos: {'FAILED (' + str(bad) + ')' if bad else 'ok'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(f"run it as: python3 tests/upstream/run.py UPSTREAM --demos ({shlex.quote(sys.argv[0])} is its module)")
