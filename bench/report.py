"""Sections of the benchmark report, as Markdown (it reads as plain text in a terminal too):
the cpu kernel table from the bench binaries' output, the issue's targets checked against it,
and the machine. bench/run.py puts the sections together; a new section (NPU counters, say)
is one more function here returning lines."""
import datetime
import os
import platform
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "gen"))
import kinds  # noqa: E402 (each kind's memcpy target)

# The targets. Shapes "64x128 and larger": the full 64x128 and 128x256 tiles.
LARGE = ("64x128", "128x256")
LOOP_AT = 1.05             # kernel/loop up to this is "at" the loop: identical loops scatter +-5% on a shared VM
HALF_PER_F32 = 2.0         # f16/bf16 ns per element <= 2x f32's, same instruction, variant and shape
# The issues' targets for single instructions, in place of their kinds' memcpy targets: (name,
# instructions, ratio key, bound, shapes) over the f32 rows. The math functions' plain loops call
# the project's correctly rounded scalar function: 4x faster is what the vector lanes give; the
# floating remainders divide word by word where one step in double cannot settle the quotient.
INSTRUCTION_TARGETS = (
    ("math functions (4x the scalar loop)", ("texp", "tlog", "tsqrt", "trsqrt", "trowexpandexpdif", "tcolexpandexpdif"),
     "vs_loop", 0.25, ("128x256",)),
    ("floating remainders", ("tfmod", "trem", "tfmods", "trems"), "vs_memcpy", 20.0, ("128x256",)),
)


def parse(text):
    """Rows of a bench binary's output (bench/harness/bench.c), its notes and the ISA variant
    the kernels ran."""
    rows, notes, isa = [], [], "?"
    for line in text.splitlines():
        f = line.split("\t")
        if f[0] == "isa":
            isa = f[1]
        elif f[0] == "case":
            instr, kind, variant, dtype, shape = f[1:6]
            elems, kernel, plain, memcpy, nbytes = int(f[6]), float(f[7]), float(f[8]), float(f[9]), int(f[10])
            rows.append({"instr": instr, "kind": kind, "variant": variant, "dtype": dtype, "shape": shape,
                         "elems": elems, "kernel": kernel, "plain": plain, "memcpy": memcpy, "bytes": nbytes,
                         "per_elem": kernel / elems, "vs_loop": kernel / plain, "vs_memcpy": kernel / memcpy})
        elif f[0] == "note":
            notes.append(f[1])
    return rows, notes, isa


def key(r):
    return (r["instr"], r["variant"], r["dtype"], r["shape"])


def kernel_table(release, native, shapes=None):
    """One row per case (of the given shapes): ns per element and the two ratios, at the release
    flags and native."""
    nat = {key(r): r for r in native}
    release = [r for r in release if shapes is None or r["shape"] in shapes]
    out = ["| instruction | variant | dtype | shape | ns/elem | kernel/loop | kernel/memcpy "
           "| native ns/elem | native kernel/loop | native kernel/memcpy |",
           "|---|---|---|---|--:|--:|--:|--:|--:|--:|"]
    for r in release:
        n = nat.get(key(r))
        cells = [f"{r['per_elem']:.3f}", f"{r['vs_loop']:.2f}", f"{r['vs_memcpy']:.2f}"]
        cells += [f"{n['per_elem']:.3f}", f"{n['vs_loop']:.2f}", f"{n['vs_memcpy']:.2f}"] if n else ["-"] * 3
        out.append(f"| {r['instr']} | {r['variant']} | {r['dtype']} | {r['shape']} | " + " | ".join(cells) + " |")
    return out


def check(name, rows, ok, show, listed=6):
    """One target line: met, or missed with the cases that miss it (worst first; the first
    `listed`, or all of them with None)."""
    bad = sorted((r for r in rows if not ok(r)), key=show, reverse=True)
    if not rows:
        return f"- {name}: no cases"
    if not bad:
        worst = max(rows, key=show)
        return f"- {name}: **met** ({len(rows)} cases; worst {label(worst)} {show(worst):.2f})"
    shown = bad if listed is None else bad[:listed]
    return (f"- {name}: **missed** in {len(bad)} of {len(rows)} cases: "
            + ", ".join(f"{label(r)} {show(r):.2f}" for r in shown) + (", ..." if len(shown) < len(bad) else ""))


def label(r):
    return f"{r['instr']} {r['variant'] + ' ' if r['variant'] != '-' else ''}{r['dtype']} {r['shape']}"


def targets(release, native):
    lines = []
    for flags, rows in (("release flags", release), ("-march=native", native)):
        f32 = {(r["instr"], r["variant"], r["shape"]): r for r in rows if r["dtype"] == "f32"}
        half = [dict(r, vs_f32=r["per_elem"] / f32[(r["instr"], r["variant"], r["shape"])]["per_elem"])
                for r in rows if r["dtype"] in ("f16", "bf16") and (r["instr"], r["variant"], r["shape"]) in f32]
        lines.append(f"Targets at the {flags}:")
        lines.append(check(f"every kernel at or below its plain loop (kernel/loop <= {LOOP_AT})", rows,
                           lambda r: r["vs_loop"] <= LOOP_AT, lambda r: r["vs_loop"]))
        for (ratio, shapes, dtypes), (names, group) in sorted(memcpy_groups(rows).items(), key=lambda g: str(g[0])):
            lines.append(check(f"{', '.join(names)}, {', '.join(dtypes) if dtypes else 'every dtype'}, "
                               f"{' and '.join(shapes)}: kernel/memcpy <= {ratio}", group,
                               lambda r, ratio=ratio: r["vs_memcpy"] <= ratio, lambda r: r["vs_memcpy"]))
        for name, instrs, ratio, bound, shapes in INSTRUCTION_TARGETS:
            group = [r for r in rows if r["instr"] in instrs and r["dtype"] == "f32" and r["shape"] in shapes]
            what = "kernel/loop" if ratio == "vs_loop" else "kernel/memcpy"
            lines.append(check(f"{name}, {', '.join(instrs)}, f32, {' and '.join(shapes)}: {what} <= {bound}", group,
                               lambda r, ratio=ratio, bound=bound: r[ratio] <= bound, lambda r, ratio=ratio: r[ratio]))
        lines.append(check(f"f16/bf16 ns per element <= {HALF_PER_F32}x f32's", half,
                           lambda r: r["vs_f32"] <= HALF_PER_F32, lambda r: r["vs_f32"]))
        lines.append("")
    return lines


def movement_section(release, native):
    """The movement kinds (MEMCPY_TARGET over every dtype: TMOV, TTRANS, TEXTRACT, TINSERT, TLOAD,
    TSTORE) case by case: each move's bytes, its time, its ratios to memcpy of those bytes and to its
    plain loop, and whether it meets its memcpy target (shapes outside the target: -)."""
    nat = {key(r): r for r in native}
    rows = [r for r in release if getattr(kinds.of({"name": r["kind"]}), "MEMCPY_TARGET", {}).get("dtypes", ()) is None]
    if not rows:
        return []
    out = ["Movement kernels (each move in the locations upstream's programs use; memcpy copies the bytes of "
           "the larger tile's valid region, row by row where rows are padded):", "",
           "| instruction | move | dtype | shape | bytes | kernel ns | kernel/memcpy | kernel/loop "
           "| native kernel/memcpy | native kernel/loop | within target |",
           "|---|---|---|---|--:|--:|--:|--:|--:|--:|---|"]
    for r in rows:
        n, t = nat.get(key(r)), memcpy_target(r)
        meets = "-" if not t else ("yes" if r["vs_memcpy"] <= t["ratio"] else f"**no** (> {t['ratio']})")
        nat_cells = [f"{n['vs_memcpy']:.2f}", f"{n['vs_loop']:.3f}"] if n else ["-", "-"]
        out.append(f"| {r['instr']} | {r['variant']} | {r['dtype']} | {r['shape']} | {r['bytes']} | {r['kernel']:.0f} | "
                   f"{r['vs_memcpy']:.2f} | {r['vs_loop']:.3f} | " + " | ".join(nat_cells) + f" | {meets} |")
    return out + [""]


def native_check(release, native, flagged=None, confirm=0):
    """Every kernel at least as fast with -march=native as at the release flags (within the noise
    of LOOP_AT): a miss lists every case, its native time over its release time. `flagged` cases
    were above it after the full run and ran `confirm` more turns of their own."""
    rel = {key(r): r for r in release}
    rows = [dict(r, vs_release=r["kernel"] / rel[key(r)]["kernel"]) for r in native if key(r) in rel]
    out = ["Native against the release flags:",
           check(f"every kernel at or below its release time natively (native/release <= {LOOP_AT})", rows,
                 lambda r: r["vs_release"] <= LOOP_AT, lambda r: r["vs_release"], listed=None)]
    if flagged and confirm:
        out.append(f"  ({flagged} cases were above it after the full run; they ran {confirm} more turns "
                   "of their own, both binaries, with all the rounds.)")
    return out + [""]


def same_code(release_dir, native_dir):
    """Which kernel objects of the native build (native_dir) hold the same instructions as the
    release build's (release_dir, the library's objects): a kernel file pins its ISA, tuning and
    alignment (runtime/cpu/pto_cpu_tune.h), so -march=native should change none, and a native
    case slower than its release one is then the method's noise. [] where objdump is missing."""
    def code(path):
        text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", path], capture_output=True, text=True,
                              check=True).stdout
        return text[text.find("Disassembly of section"):]
    if not shutil.which("objdump"):
        return []
    names = sorted(n for n in os.listdir(native_dir)
                   if n.endswith(".o") and not n.startswith("bench") and os.path.exists(os.path.join(release_dir, n)))
    differ = [n for n in names if code(os.path.join(release_dir, n)) != code(os.path.join(native_dir, n))]
    return [f"Kernel objects with the same instructions in both builds: {len(names) - len(differ)} of {len(names)}"
            + (f" (others: {', '.join(differ)})" if differ else "") + ".", ""]


def memcpy_target(r):
    """The memcpy target (gen/kinds/<kind>.py MEMCPY_TARGET) that covers row r, or None: its
    dtypes (f32 unless the target says; None: every dtype), shapes and variants."""
    t = getattr(kinds.of({"name": r["kind"]}), "MEMCPY_TARGET", None)
    if not t or r["instr"] in {i for x in INSTRUCTION_TARGETS for i in x[1]}:
        return None
    dtypes = t.get("dtypes", ("f32",))
    if ((dtypes is None or r["dtype"] in dtypes) and r["shape"] in t["shapes"]
            and r["variant"] in t.get("variants", (r["variant"],))):
        return t
    return None


def memcpy_groups(rows):
    """The rows each kind's memcpy target covers (memcpy_target), grouped by target:
    {(ratio, shapes, dtypes): (kind names, rows)}."""
    groups = {}
    for r in rows:
        t = memcpy_target(r)
        if t:
            names, group = groups.setdefault((t["ratio"], t["shapes"], t.get("dtypes", ("f32",))), (set(), []))
            names.add(r["kind"])
            group.append(r)
    return {k: (sorted(n), g) for k, (n, g) in groups.items()}


def machine(cc):
    """Model name and cores (lscpu), compiler version, kernel, date: what a figure depends on."""
    info = {}
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            k, _, v = line.partition(":")
            info[k.strip()] = v.strip()
    except OSError:
        pass
    try:
        version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        version = cc
    cpu = info.get("Model name", platform.processor() or "unknown cpu")
    if "CPU family" in info:  # a VM may show only a vendor's brand: the family tells the generation
        cpu += f" (family {info['CPU family']}, model {info.get('Model', '?')})"
    return (f"{cpu}, {info.get('CPU(s)', os.cpu_count())} cores, {version}, Linux {platform.release()}, "
            f"{datetime.date.today().isoformat()}")


NPU_BOUND = 1.1  # NPU kernels: counted work / the analytic lower bound, on the benchmark shapes


def parse_counters(text):
    """Rows of an NPU counters binary's output (bench/harness/counters.c)."""
    rows = []
    for line in text.splitlines():
        f = line.split("\t")
        if f[0] != "npu":
            continue
        profile, instr, variant, dtype, shape = f[1:6]
        instructions, repeats, scalar = int(f[6]), int(f[7]), int(f[8])
        metric, bound, bound_instr = f[9], int(f[10]), int(f[11])
        counted = {"repeats": repeats, "scalar": scalar}.get(metric, instructions)
        rows.append({"profile": profile, "instr": instr, "variant": variant, "dtype": dtype, "shape": shape,
                     "instructions": instructions, "repeats": repeats, "scalar": scalar, "metric": metric,
                     "bound": bound, "bound_instructions": bound_instr, "ratio": counted / bound})
    return rows


def counter_section(rows):
    """The NPU section of one profile: the target, then every case's counts beside its bound."""
    metric = next((r["metric"] for r in rows if r["metric"] != "scalar"), rows[0]["metric"])
    out = [f"### {rows[0]['profile']} kernels: simulator counters against the lower bound", "",
           check(f"{metric} / lower bound <= {NPU_BOUND}", rows, lambda r: r["ratio"] <= NPU_BOUND,
                 lambda r: r["ratio"]), "",
           "<details><summary>Every case: counts beside the bound (gen/lowerbound.py)</summary>", "",
           "| instruction | variant | dtype | shape | instructions | repeats | scalar UB accesses "
           f"| {metric} bound | {metric} / bound | instruction bound |",
           "|---|---|---|---|--:|--:|--:|--:|--:|--:|"]
    for r in rows:
        ib = str(r["bound_instructions"]) if r["bound_instructions"] else "-"
        out.append(f"| {r['instr']} | {r['variant']} | {r['dtype']} | {r['shape']} | {r['instructions']} | "
                   f"{r['repeats']} | {r['scalar']} | {r['bound']}{' scalar' if r['metric'] == 'scalar' else ''} | "
                   f"{r['ratio']:.2f} | {ib} |")
    return out + ["", "Rows whose bound says *scalar* run on the scalar unit (no vector instruction takes the dtype, "
                  "spec/ops.lua scalar_unit): their bound is one scalar load and one store per element.", "",
                  "</details>", ""]


# The matrix section's targets (the issue: TMATMUL within 1.3x the bare multiply-add loop and
# 2.5x OpenBLAS's sgemm on one thread)
MATMUL_BOUND, MATMUL_BLAS = 1.3, 2.5


def parse_matmul(text):
    """bench/harness/matmul.c's lines: matmul, dtype, shape, then microseconds of kernel, plain
    loop, bound and OpenBLAS (0: not built)."""
    rows = []
    for line in text.splitlines():
        f = line.split("\t")
        if len(f) == 7 and f[0] == "matmul":
            k, plain, bound, blas = map(float, f[3:])
            rows.append({"instr": "tmatmul", "variant": "-", "dtype": f[1], "shape": f[2], "kernel": k, "plain": plain,
                         "bound": bound, "blas": blas})
    return rows


def matmul_section(rows):
    """The matrix section: the targets, then every case beside its plain loop, bound and sgemm."""
    blas = [r for r in rows if r["blas"] > 0]
    out = ["### cpu matrix multiply (TMATMUL, a in Nz boxes)", "",
           check(f"kernel / bound <= {MATMUL_BOUND}", rows, lambda r: r["kernel"] / r["bound"] <= MATMUL_BOUND,
                 lambda r: r["kernel"] / r["bound"]),
           check(f"kernel / OpenBLAS sgemm <= {MATMUL_BLAS}", blas, lambda r: r["kernel"] / r["blas"] <= MATMUL_BLAS,
                 lambda r: r["kernel"] / r["blas"]) if blas else "- OpenBLAS: not installed (./setup.sh installs libopenblas-dev)",
           "", "| dtype (a, b -> c) | m x k x n | kernel µs | GFLOP/s | / plain loop | / bound | / OpenBLAS sgemm |",
           "|---|---|--:|--:|--:|--:|--:|"]
    for r in rows:
        m, k, n = (int(x) for x in r["shape"].split("x"))
        sgemm = f"{r['kernel'] / r['blas']:.2f}" if r["blas"] > 0 else "-"
        out.append(f"| {r['dtype']} -> f32 | {r['shape']} | {r['kernel']:.1f} | {2.0 * m * k * n / r['kernel'] / 1e3:.1f} | "
                   f"{r['kernel'] / r['plain']:.3f} | {r['kernel'] / r['bound']:.2f} | {sgemm} |")
    return out + ["", "The bound: the multiply and the add the contract requires, as a bare loop over row-major "
                  "f32 arrays widened beforehand, vectorised across j at the kernels' ISA variant; the plain loop: "
                  "the contract's order element by element through the box maps; OpenBLAS fuses and reorders "
                  "(speed only). bench/harness/matmul.c.", ""]
