"""Writes build.ninja. Run by setup.sh, and again by ninja when spec/isa gains or loses a
file or a generator file changes.

It records a Python that can import jinja2 (the first of $PYTHON, this interpreter,
python3 on PATH, /usr/bin/python3), resolved to the real binary (sys.executable), so build
steps do not pay for a version-manager shim on every call.
"""
import functools
import glob
import os
import platform
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "gen"))
import cppapi  # noqa: E402
import cpuisa  # noqa: E402
import model as M  # noqa: E402
import outputs  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "tests"))
import exhaustive  # noqa: E402 (the long targets' table)

CFLAGS = "-std=c11 -Wall -Wextra -Werror -pedantic -ffp-contract=off"
KERNEL_FLAGS = "-O3"   # release flags of kernels and entry points: -O2 in gcc 12 does not vectorise loops that need alias checks
# ... and with gcc on x86-64, the code alignment of gcc's generic tuning named outright: an -mtune (or the
# -march=native that implies one) otherwise sets its own, which moved the kernels' loops and
# cost up to 24% (TMUL bf16 64x128 945 -> 1,170 ns under -march=native, the same instructions).
# With pto_cpu_tune.h pinning ISA and tuning, a kernel file compiles to the same code under any
# -march (docs/performance.md); release code is unchanged (these are generic's own values).
GCC_KERNEL_ALIGN = "-falign-loops=16:11:8 -falign-jumps=16:11:8"
# The benchmark's two binaries start each loadable segment on a page (lld): the library's objects
# come first in .text, so its kernels then sit at the same place within a page in both; without
# it the harness's other read-only data moved .text by 864 bytes, and the same kernel code ran
# small cases up to 1.43x slower in the native binary (TEXPANDS f16 16x16 6 -> 8 ns)
BENCH_LDFLAGS = "-Wl,-z,separate-loadable-segments"
TEST_FLAGS = "-O2 -g"  # the hand-written harness, reference and unit tests: their runs are the suite's time (-O2 runs a program a third faster than -O1)
SIM_KERNEL_FLAGS = "-O1"  # a simulated profile's instruction files: they sequence its simulator's instructions (pto_<p>_sim.c, -O3); -O2 compiled them half again as long (36 against 24 CPU s) for no speed (their tests: 23.8 against 23.2-26 s)
GEN_TEST_FLAGS = "-O0 -g"  # the generated programs: case tables and a call per test; -O1 compiled them 1.5-2x longer
CXX_FLAGS = "-std=c++17 -Wall -Wextra -Werror -pedantic -O0"  # the C++ API's tests: they run in milliseconds, -O1 compiled 60% longer (-g too)
NATIVE_FLAGS = "-march=native"  # the benchmark's second column only: never in the default flags


# Firmware builds (ninja firmware): name, compiler, target flags, nm, size. Host compilers are
# always checked; a cross compiler only when installed (WITH_CROSS=1 ./setup.sh). The cortex-m4
# has a single-precision FPU; rv64gc has hardware f32. ninja test checks FIRMWARE_IN_TEST's build
# of the runtime files and of each kind's first instruction per profile (outputs.first_of_kind); none
# since 2026-11-27: clang compiles every library source freestanding with warnings as errors in
# the generator tests' make of the tarball and runs the same symbol and FMA checks on it, and gcc's
# -Os sample cost ninja test 55 CPU seconds for no check of its own but the four functions clang
# -O0 may call; ninja firmware builds and checks every source with every toolchain.
FIRMWARE_FLAGS = ("-std=c11 -ffreestanding -nostdlib -Os -Wall -Wextra -Werror -pedantic -ffp-contract=off "
                  "-ffunction-sections -fdata-sections")
FIRMWARE_TOOLCHAINS = [
    ("gcc", "gcc", "", "nm", "size"),
    ("clang", "clang", "", "nm", "size"),
    ("cortex-m4", "arm-none-eabi-gcc", "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16",
     "arm-none-eabi-nm", "arm-none-eabi-size"),
    ("rv64gc", "riscv64-unknown-elf-gcc", "-march=rv64gc -mabi=lp64d -mcmodel=medany",
     "riscv64-unknown-elf-nm", "riscv64-unknown-elf-size"),
]
FIRMWARE_IN_TEST = ()


# Sanitizer builds: every finding is fatal, so a test binary that trips one ends without its
# cmocka summary and tests/run.py reports it as crashed, with the sanitizer's report.
SAN_FLAGS = "-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
FUZZ_FLAGS = SAN_FLAGS.replace("-fsanitize=", "-fsanitize=fuzzer-no-link,")
# an instruction's file in the sanitized library (entry points and kernels), and a fuzz table:
# unoptimised, which compiles the cpu kernels (three ISA variants of every tuple) six times
# faster than -O1, while the runs, whose time goes to the reference and the simulators, take 7%
# longer; line tables only (a report still names file:line; full -g cost a quarter of the compile)
SAN_O0_FLAGS = SAN_FLAGS.replace("-O1 -g", "-O0 -gline-tables-only")
SAN_KERNEL_FLAGS = SAN_O0_FLAGS.replace("-fsanitize=", "-fsanitize=fuzzer-no-link,")  # with libFuzzer's coverage
FUZZ_LINK = "-fsanitize=fuzzer,address,undefined"
# a simulator's own comparisons (per lane, on data) guide no search for a bad descriptor, and
# tracing them was a third of a fuzz run: its edges still count as coverage
FUZZ_SIM_COVERAGE = "-fno-sanitize-coverage=trace-cmp"
FUZZ_LONG_SECONDS = 300   # per kernel profile in ninja fuzz, with a corpus kept in build/fuzz/
# ninja test's memcheck runs: every VALGRIND_EVERY-th legal case and rejected call of each tuple
# (PTOGEN_EVERY, tests/harness/harness.c), a tuple's first case one place further than the last's;
# of an instruction with more than VALGRIND_TUPLES tuples on a profile, every n-th tuple only
# (valgrind_args); ninja valgrind runs every case. 16 since 2026-11-27 (was 8): the 8-minute bar
VALGRIND_EVERY = 16
VALGRIND_TUPLES = 160
# ninja test runs a cpu program under memcheck once, with the variant its dispatcher picks there
# (a variant's kernels are the baseline's C but for the x86 helpers); ninja valgrind runs it with
# every variant, which under Valgrind (3.19 to 3.23: a CPU without AVX-512) leaves avx512 out.
# ninja test's sanitized runs of the generated programs: every SAN_EVERY-th case and rejected call
# of each tuple (so every tuple, and together every place of its lists, as under memcheck), each
# case in every cpu ISA variant where the sanitized library has them (each kind's first
# instruction: sanitized_library). Unoptimised, as the sanitized library is, a variant's kernels
# are the baseline's C but for the x86 helpers (conversions, argmax rows), which every tuple still
# runs (and tests/unit/test_cpu_isa.c checks on partial vectors). The plain runs check every
# case's bits; ninja sanitize runs every case. 4 since 2026-11-27 (was 2): the 8-minute bar,
# with every tuple still run sanitized
SAN_EVERY = 4
# unit tests of pure arithmetic, some 10^8 reference checks (tests/unit/test_cpu_tcvt.c: 26 s):
# ninja test's valgrind and sanitized runs check every n-th input only (PTOGEN_EVERY); memcheck
# finds nothing in register arithmetic that ASan + UBSan miss, and their full runs are ninja
# sanitize's and ninja valgrind's
UNIT_EVERY = {"test_cpu_tcvt": {"valgrind": 1024, "san": 16}}


@functools.lru_cache(maxsize=None)
def gcc_on_x86(cc):
    """Whether the C compiler cc names is gcc (by what it says it is: cc, gcc-12 ...) on an x86-64
    host: the kernels' precompiled header and GCC_KERNEL_ALIGN are for it alone (clang takes no
    alignment with a maximum skip, and another host's generic alignment is another)."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return False
    try:
        out = subprocess.run([cc, "--version"], capture_output=True, text=True, check=False).stdout
    except OSError:
        return False
    return "Free Software Foundation" in out and "clang" not in out


def unit_every(binary, run, default=None):
    """The PTOGEN_EVERY of a unit test's `run` in ninja test (UNIT_EVERY), else default."""
    return UNIT_EVERY.get(os.path.basename(binary), {}).get(run, default) if "/unit/" in binary else default


PART_OF = {}  # generated path -> its render part (outputs.part), filled by main()


# The cpu library's precompiled header: pto_cpu_tune.h before <immintrin.h>, as every cpu kernel
# file includes them, so the intrinsics are read under its pragma (plain x86-64) and not under a
# -march the compiler defaults to (a gcc built --with-arch=x86-64-v2 or -v3: its intrinsics then
# failed to inline into the kernels' plain x86-64 code)
CPU_PCH = ('"../../../out/cpu/pto_cpu_tune.h"', "<immintrin.h>")


def pch(w, name, cc, flags, includes=CPU_PCH, after_gen=" || gen-base"):
    """A header of `includes` precompiled by gcc, g++ or clang++ for one build's flags (build/pch/<name>/):
    by default <immintrin.h>, which every cpu instruction file includes (pto_cpu_simd.h: the x86
    variants' intrinsics), and reading it was a quarter of such a file's -O3 compile and half of
    its -Os one. Returns the flags and the implicit input of an edge that uses it, which takes it
    by -include (the sources are unchanged; a header made with other flags would fail the build:
    -Winvalid-pch under -Werror; clang's by -include-pch, which checks it), or ("", "") where it does not apply (another compiler, or
    <immintrin.h> on another host). after_gen: an order-only input for generated includes."""
    clang = os.path.basename(cc) == "clang++"  # clang's own format, named by -include-pch
    cxx = clang or os.path.basename(cc) == "g++"
    if not cxx and not gcc_on_x86(cc):
        return "", ""
    h = f"build/pch/{name}/pto_pch.{'hpp' if cxx else 'h'}"
    out = f"{h}.pch" if clang else f"{h}.gch"
    text = "".join(f"#include {i}\\n" for i in includes)
    w.append(f"build {h}: pch_header\n  text = {text}\nbuild {out}: pch {h}{after_gen}\n  pcc = {cc}\n  pflags = {flags}\n"
             f"  plang = {'c++-header' if cxx else 'c-header'}\n")
    return (f" -include-pch {out}" if clang else f" -Winvalid-pch -include {h}"), f" | {out}"


def after(src):
    """The order-only inputs of an edge compiling `src`: a generated file of an instruction can
    include only its own part's and the base files (a base file only base files), so it waits for
    those alone (a one-spec edit compiles while the index files still render); any other source
    waits for all of gen."""
    part = PART_OF.get(src)
    if part == "base":
        return "|| gen-base"
    return f"|| gen-base gen-{part}" if part not in (None, "index") else "|| gen"


def harness_sources():
    """The conformance harness: the reference, value classes, the arena runner and each kind's
    reader (tests/harness/kinds/)."""
    return sorted(glob.glob("tests/harness/*.c")) + sorted(glob.glob("tests/harness/kinds/*.c"))


def link_flags():
    """LLVM's linker where installed (setup.sh installs lld): ninja test links some 650 programs,
    and it links a sanitized one in half the CPU time of GNU ld (0.08 s against 0.17)."""
    return "-fuse-ld=lld" if shutil.which("ld.lld") else ""


def find_python():
    """The Python the build runs (PYTHON, else the first with Jinja2): Debian's before the one
    running configure, which may be a version manager's whose site hooks cost every start 45 ms
    more CPU (ninja test starts some 1,100 Python processes: renders, result jobs, checks)."""
    cands = [os.environ.get("PYTHON"), "/usr/bin/python3", sys.executable, shutil.which("python3")]
    for c in cands:
        if not c:
            continue
        try:
            r = subprocess.run([c, "-c", "import jinja2, sys; print(sys.executable)"], capture_output=True,
                               text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if r.returncode == 0 and r.stdout.strip():
            return r.stdout.strip()
    sys.exit("configure: no Python with Jinja2 found; run ./setup.sh (apt-get install python3-jinja2)")


def main():
    os.chdir(ROOT)
    python = find_python()
    isa = sorted(glob.glob("spec/isa/*.lua"))
    model = M.load_specs(ROOT)
    planned = outputs.planned(model)
    PART_OF.update((path, outputs.part(what)) for path, _, what in planned)
    templates = sorted(glob.glob("templates/**/*.j2", recursive=True)) + sorted(glob.glob("runtime/**/*.[ch]", recursive=True)) \
        + sorted(glob.glob("runtime/**/*.hpp", recursive=True))
    w = []
    w.append("# Generated by gen/configure.py (./setup.sh). Do not edit; not committed.\n")
    w.append(f"python = {python}\nlua = lua5.4\ncc = {os.environ.get('CC', 'gcc')}\n")
    kernel_flags = KERNEL_FLAGS + (" " + GCC_KERNEL_ALIGN if gcc_on_x86(os.environ.get("CC", "gcc")) else "")
    w.append(f"cflags = {CFLAGS}\nkflags = {kernel_flags}\nsflags = {SIM_KERNEL_FLAGS}\ntflags = {TEST_FLAGS}\ngtflags = {GEN_TEST_FLAGS}\n")
    w.append(f"ldflags = {link_flags()}\n")
    w.append("rule configure\n  command = $python gen/configure.py\n  description = CONFIGURE\n  generator = 1\n  restat = 1\n\n")
    w.append(f"rule spec\n  command = ulimit -v {M.SPEC_MEMORY_BYTES // 1024} && $lua gen/spec2json.lua $out $out.d spec $isa\n"
             "  description = SPEC\n"
             "  depfile = $out.d\n  deps = gcc\n  restat = 1\n\n")
    w.append("rule split\n  command = $python gen/specsplit.py $in build/spec\n  description = SPLIT\n  restat = 1\n\n")
    w.append("rule render\n  command = $python gen/render.py $part $in\n  description = RENDER $part\n  restat = 1\n\n")
    w.append("rule cc\n  command = $cc -MMD -MF $out.d $cflags $flags -c $in -o $out\n  description = CC $out\n"
             "  depfile = $out.d\n  deps = gcc\n\n")
    # the test reference's exp is GNU MPFR's (tests/harness/ref.c)
    w.append("rule link\n  command = $cc $ldflags $in -o $out -lcmocka -lmpfr -lgmp -lm\n  description = LINK $out\n\n")
    w.append("rule link_with\n  command = $cc $ldflags $in -o $out $libs\n  description = LINK $out\n\n")
    # the C++ API's tests (C++17, gcc's and clang's warnings as errors)
    w.append(f"cxx = {os.environ.get('CXX', 'g++')}\ncxxflags = {CXX_FLAGS}\n")
    w.append("rule cxx\n  command = $cxx -MMD -MF $out.d $cxxflags $flags -c $in -o $out\n  description = CXX $out\n"
             "  depfile = $out.d\n  deps = gcc\n\n")
    w.append("rule cxxlink\n  command = $cxx $ldflags $in -o $out -lcmocka -lm\n  description = LINK $out\n\n")
    # and the same sources through clang++ (its own warnings; no _Float16 in clang 14: the header's half class)
    w.append("rule clangcheck\n  command = clang++ $cxxflags $flags -fsyntax-only $in && touch $out\n  description = CLANG++ $in\n\n")
    w.append("rule golden\n  command = $python tests/run.py --update-golden\n  description = GOLDEN\n\n")
    w.append("rule pch_header\n  command = printf '$text' > $out\n  description = PCH $out\n"
             "rule pch\n  command = $pcc -MMD -MF $out.d $pflags -x $plang $in -o $out\n  description = PCH $out\n"
             "  depfile = $out.d\n  deps = gcc\n\n")
    gen_py = sorted(glob.glob("gen/*.py") + glob.glob("gen/kinds/*.py"))
    tdirs = sorted({os.path.dirname(t) for t in templates} | {"templates", "runtime"})
    # configure reruns when a directory it globs gains or loses a file: their listing, not their
    # mtimes, which every atomic save (an editor's, sed -i) changes
    dirs = ["spec/isa", "tests/harness", "tests/harness/kinds", "tests/unit", "tests/gen", "tests/gen/fixtures/isa", "tests/bad_specs"] + tdirs
    w.append("rule ls\n  command = (LC_ALL=C ls $in 2>&1; true) > $out.tmp && if cmp -s $out.tmp $out; then rm $out.tmp; "
             "else mv $out.tmp $out; fi\n  description = LS\n  restat = 1\n\n")
    w.append(f"build build/dirs.txt: ls {' '.join(dirs)}\n\n")
    # a directory that disappears later (a template folder removed) reads as out of date, not as
    # an input ninja cannot make: the listing and configure then run again
    w.append("".join(f"build {d}: phony\n" for d in dirs) + "\n")
    # and when an instruction gains or loses a profile (a legal set edit): the split's profiles.txt;
    # and when a unit test's includes may have changed which kernels it links (unit_instructions)
    units = " ".join(sorted(glob.glob("tests/unit/test_*.c")))
    w.append("build build.ninja: configure | gen/configure.py gen/outputs.py gen/model.py spec/profiles.lua "
             f"tests/exhaustive.py build/dirs.txt build/spec/profiles.txt {units}\n\n")
    lua = sorted(glob.glob("gen/*.lua"))
    w.append(f"build build/spec.json: spec | {' '.join(lua)} "
             f"spec/dtypes.lua spec/families.lua spec/profiles.lua spec/ops.lua spec/kinds.lua {' '.join(isa)}\n  isa = {' '.join(isa)}\n\n")
    render_edges(w, model, planned, gen_py + templates)
    early = []  # the test runs that start before anything compiles (test_edges)
    w.append(early)
    harness = harness_sources()
    hobjs = []
    for src in harness:
        obj = "build/" + src[:-2] + ".o"
        hobjs.append(obj)
        w.append(f"build {obj}: cc {src} {after(src)}\n  flags = $tflags -Iout/include\n")
    bins, checks = [], []  # test programs; compile-only checks that `all` builds
    clang_sample = []  # those ninja test waits for
    insts = {i.name for i in model.instructions}
    release_pch = pch(w, "release", os.environ.get("CC", "gcc"), "$cflags $kflags")
    w.append("rule simd_calls\n  command = $python tests/simd_calls.py objdump $out $in\n"
             "  description = SIMD-CALLS $in\n")
    simd_checks = []  # the x86 variants' calls into baseline code (tests/simd_calls.py)
    for p in outputs.kernel_profiles(model):
        use, dep = release_pch if cpuisa.has_variants(model, p) else ("", "")
        for name in library_names(model, p):
            mine = (use, dep) if name in insts else ("", "")
            opt = "$sflags" if name in insts and p in outputs.sim_profiles(model) else "$kflags"
            w.append(f"build build/{p}/{name}.o: cc out/{p}/{name}.c{mine[1]} {after(f'out/{p}/{name}.c')}\n"
                     f"  flags = {opt} -Iout/include{mine[0]}\n")
            if name in insts and cpuisa.has_variants(model, p) and platform.machine() == "x86_64":
                w.append(f"build build/{p}/{name}.simd: simd_calls build/{p}/{name}.o | tests/simd_calls.py\n")
                simd_checks.append(f"build/{p}/{name}.simd")
    for p in outputs.kernel_profiles(model):
        cross = outputs.cross_profile(model, p)
        for inst in outputs.tested_on(model, p):
            t = f"build/tests/{p}/test_{inst.name}"
            w.append(f"build {t}.o: cc out/tests/{p}/test_{inst.name}.c {after(f'out/tests/{p}/test_{inst.name}.c')}\n"
                     f"  flags = $gtflags -Iout/include -Itests/harness\n")
            w.append(f"build {t}: link {' '.join(test_objects(model, p, inst.name, 'build') + hobjs)} {t}.o\n")
            bins.append(t)
        if p == "cpu":  # the C++ API over the cpu's entry points, an instruction a program
            # its headers and the tester precompiled: they were 40% of a test's compile
            headers = ('"pto/cpp/tile.hpp"', '"pto/cpp/params.hpp"', '"tester.hpp"')
            use, dep = pch(w, "cpp", os.environ.get("CXX", "g++"), "$cxxflags -Iout/include -Itests/cpp", headers, " || gen-base")
            tester = tester_object(w, "build/tests/cpp/tester.o", f"-Iout/include -Itests/cpp{use}", dep)
            cuse, cdep = pch(w, "cpp-clang", "clang++", "$cxxflags -Iout/include -Itests/cpp", headers, " || gen-base")
            for inst in cppapi.instructions(model):
                t = f"build/tests/cpp/test_{inst.name}"
                w.append(f"build {t}.o: cxx out/tests/cpp/test_{inst.name}.cpp{dep} {after(f'out/tests/cpp/test_{inst.name}.cpp')}\n"
                         f"  flags = -Iout/include -Itests/cpp{use}\n")
                w.append(f"build {t}: cxxlink {t}.o {tester} {' '.join(test_objects(model, p, inst.name, 'build'))}\n")
                w.append(f"build {t}.clang: clangcheck out/tests/cpp/test_{inst.name}.cpp{cdep} {after(f'out/tests/cpp/test_{inst.name}.cpp')}\n"
                         f"  flags = -Iout/include -Itests/cpp{cuse}\n")
                bins.append(t)
                checks.append(f"{t}.clang")
            in_api = {i.name for i in cppapi.instructions(model)}
            clang_sample += [f"build/tests/cpp/test_{n}.clang" for n in outputs.first_of_kind(model, p) if n in in_api]
            # where tiles live (tests/cpp/test_tiles.cpp), as it is and in upstream's auto mode
            lib = " ".join(f"build/{p}/{n}.o" for n in library_names(model, p))
            for t, auto in (("build/tests/cpp/test_tiles", ""), ("build/tests/cpp/test_tiles_auto", " -D__PTO_AUTO__")):
                w.append(f"build {t}.o: cxx tests/cpp/test_tiles.cpp {after('tests/cpp/test_tiles.cpp')}\n"
                         f"  flags = -Iout/include{auto}\n"
                         f"build {t}: cxxlink {t}.o {lib}\n"
                         f"build {t}.clang: clangcheck tests/cpp/test_tiles.cpp {after('tests/cpp/test_tiles.cpp')}\n"
                         f"  flags = -Iout/include{auto}\n")
                bins.append(t)
                checks.append(f"{t}.clang")
        if p in outputs.cpp_profiles(model):  # the C++ API built for a simulated profile (-DPTO_PROFILE):
            # one program of each kind's first instruction against its entry points, and where tiles
            # live (no precompiled header: it was made without the profile's macro)
            lib = " ".join(f"build/{p}/{n}.o" for n in library_names(model, p))
            flags = f"-Iout/include -Itests/cpp -DPTO_PROFILE={p}"
            tester = tester_object(w, f"build/tests/cpp/{p}/tester.o", flags)
            for t, src in ((f"build/tests/cpp/test_{p}", f"out/tests/cpp/test_{p}.cpp"),
                           (f"build/tests/cpp/test_tiles_{p}", "tests/cpp/test_tiles.cpp")):
                w.append(f"build {t}.o: cxx {src} {after(src)}\n  flags = {flags}\n"
                         f"build {t}: cxxlink {t}.o {lib}{' ' + tester if src.startswith('out/') else ''}\n"
                         f"build {t}.clang: clangcheck {src} {after(src)}\n  flags = {flags}\n")
                bins.append(t)
                checks.append(f"{t}.clang")
        for src in sorted(glob.glob(f"tests/unit/test_{p}_*.c")):  # hand-written unit tests of a profile
            t = "build/" + src[:-2]
            w.append(f"build {t}.o: cc {src} {after(src)}\n  flags = $tflags -Iout/include -Iout/{p} -Itests/harness\n")
            w.append(f"build {t}: link {t}.o {' '.join(test_objects(model, p, None, 'build') + unit_instructions(model, p, src) + hobjs)}\n")
            bins.append(t)
    math_edges(w)
    exhaustive_edges(w)
    variant_rules(w)
    checked = firmware_edges(w, model)
    w.append(f"fuzzcc = {os.environ.get('FUZZ_CC', 'clang')}\n")
    san_cc = sanitized_library(w, model)
    fuzzers = fuzz_edges(w, model)
    sanitized = sanitize_edges(w, model, san_cc)
    dist_edges(w)
    bench, bench_bins = bench_edges(model)
    w.append(bench)
    w.append(f"\nbuild all: phony gen {' '.join(bins + bench_bins + checks)}\n")
    test_edges(w, early, model, bins, sanitized, fuzzers, checked + clang_sample + simd_checks)
    w.append("build update-golden: golden | gen\n")
    w.append("default all\n")
    text = "".join("".join(x) if isinstance(x, list) else x for x in w)
    old = open("build.ninja").read() if os.path.exists("build.ninja") else None
    if old != text:
        with open("build.ninja.tmp", "w") as f:
            f.write(text)
        os.replace("build.ninja.tmp", "build.ninja")


def render_edges(w, model, planned, deps):
    """The generator after the loader: one split of build/spec.json into build/spec/ (checked
    as a whole first, so a spec error leaves out/ as it was), then one render edge per part
    (outputs.part: each instruction, base, index), each writing only files whose bytes change.
    `gen-<part>` names a part's files: a generated source waits for its own part and base only."""
    insts = [f"build/spec/{i.name}.json" for i in model.instructions]
    families = "build/spec/shared-families.json"  # the index's alone
    w.append(f"build build/spec/shared.json build/spec/profiles.txt {families} {' '.join(insts)}: split build/spec.json | {' '.join(deps)}\n\n")
    parts = {}
    for path, _, what in planned:
        parts.setdefault(outputs.part(what), []).append(path)
    for part, files in parts.items():
        ins = {"base": [], "index": [families] + insts}.get(part, [f"build/spec/{part}.json"])
        w.append(f"build {' '.join(files)}: render build/spec/shared.json {' '.join(ins)} | {' '.join(deps)}\n"
                 f"  part = {part}\n")
        w.append(f"build gen-{part}: phony {' '.join(files)}\n\n")
    w.append(f"build gen: phony {' '.join(f'gen-{p}' for p in parts)}\n\n")


def firmware_edges(w, model):
    """ninja firmware: every library source of every kernel profile, compiled freestanding by
    each available toolchain, then checked for outside references and measured. Returns the
    checks ninja test waits for (FIRMWARE_IN_TEST's)."""
    w.append(f"\nfwflags = {FIRMWARE_FLAGS}\n")
    w.append("rule fw_cc\n  command = $fwcc -MMD -MF $out.d $fwflags $arch -Iout/include $pch -c $in -o $out\n"
             "  description = FIRMWARE-CC $out\n  depfile = $out.d\n  deps = gcc\n")
    w.append('rule fw_check\n  command = $python tests/firmware.py check $tc $fwcc "$arch" $nm $size $out $in\n'
             "  description = FIRMWARE-CHECK $tc $p\n")
    w.append("rule fw_report\n  command = $python tests/firmware.py report build/firmware/sizes.txt $in\n"
             "  description = FIRMWARE\n  pool = console\n")
    insts = {i.name for i in model.instructions}
    checks, in_test = [], []
    for tc, cc, arch, nm, size in FIRMWARE_TOOLCHAINS:
        if not shutil.which(cc):
            continue
        use, dep = pch(w, f"firmware-{tc}", cc, f"$fwflags {arch}") if not arch else ("", "")  # a host compiler
        for p in outputs.kernel_profiles(model):
            objs, sample, firsts = [], [], set(outputs.first_of_kind(model, p))
            for src in outputs.library_sources(model, p):
                name = os.path.basename(src)[:-2]
                obj = f"build/firmware/{tc}/{p}/{name}.o"
                mine = (use, dep) if cpuisa.has_variants(model, p) and name in insts else ("", "")
                w.append(f"build {obj}: fw_cc {src}{mine[1]} {after(src)}\n  fwcc = {cc}\n  arch = {arch}\n"
                         f"  pch ={mine[0]}\n")
                objs.append(obj)
                if name not in insts or name in firsts:
                    sample.append(obj)
            for chk, these in ((f"build/firmware/{tc}/{p}.sizes", objs), (f"build/firmware/{tc}/{p}-sample.sizes", sample)):
                w.append(f"build {chk}: fw_check {' '.join(these)} | tests/firmware.py\n"
                         f"  tc = {tc}\n  fwcc = {cc}\n  arch = {arch}\n  nm = {nm}\n  size = {size}\n  p = {p}\n")
            checks.append(f"build/firmware/{tc}/{p}.sizes")
            if tc in FIRMWARE_IN_TEST:
                in_test.append(f"build/firmware/{tc}/{p}-sample.sizes")
    w.append(f"build firmware: fw_report {' '.join(checks)}\n")
    return in_test


def variant_rules(w):
    w.append("\nrule vcc\n  command = $vcc -MMD -MF $out.d $cflags $vflags -c $in -o $out\n"
             "  description = CC $out\n  depfile = $out.d\n  deps = gcc\n")
    w.append("rule vlink\n  command = $vcc $ldflags $vlink $in -o $out $libs\n  description = LINK $out\n")


def variant_objects(w, cc, flags, pairs):
    """Compile edges for (source, object) pairs with compiler `cc` and extra `flags`."""
    for src, obj in pairs:
        w.append(f"build {obj}: vcc {src} {after(src)}\n  vcc = {cc}\n  vflags = {flags}\n")
    return [obj for _, obj in pairs]


def library_names(model, p):
    """The base names of profile p's library sources: out/<p>/<name>.c, built as build/<p>/<name>.o."""
    return [os.path.basename(src)[:-2] for src in outputs.library_sources(model, p)]


def unit_instructions(model, p, src, root="build"):
    """The kernel objects (under root/<p>/) of the instructions a hand-written unit test calls:
    those whose headers it includes ("pto/<instr>.h"; the others it does not link)."""
    with open(src) as f:
        names = set(re.findall(r'^#include "pto/(\w+)\.h"', f.read(), re.M))
    return [f"{root}/{p}/{i.name}.o" for i in model.instructions if i.name in names]


def test_objects(model, p, inst, root):
    """The library objects (under root/<profile>/) a test program of profile p links: those every
    program needs (verifier, status, simulator) and instruction inst's kernels (None: none), and
    for a generated test the same of the profile it compares bits with. A one-spec edit then
    relinks only that instruction's tests."""
    insts = {i.name for i in model.instructions}
    cross = outputs.cross_profile(model, p) if inst else None
    return [f"{root}/{q}/{n}.o" for q in [p] + ([cross] if cross else []) for n in library_names(model, q)
            if n not in insts or n == inst]


def sanitized_library(w, model):
    """Each kernel profile's library with ASan + UBSan, for the sanitized tests and the fuzzers:
    clang with libFuzzer's coverage (-fsanitize=fuzzer-no-link), whose callbacks a program
    without libFuzzer resolves to the sanitizer runtime's empty defaults. An instruction's file
    (its entry points and kernels) is compiled once, into build/san/<profile>/, for both; the
    few files every program links (verifier, statuses, ISA dispatch, simulator) twice: with the
    coverage for the fuzzers (build/fuzz/<profile>/) and without it for the tests, whose
    simulated kernels its comparison callbacks would slow down twofold. Without clang, $cc
    builds the tests' library with the sanitizers only (and the fuzzers fail with the fix).
    Returns the compiler of the sanitized programs."""
    cc = "$fuzzcc" if shutil.which(os.environ.get("FUZZ_CC", "clang")) else "$cc"
    insts = {i.name for i in model.instructions}

    def objects(p, root, flags, instructions, names=None):
        variant_objects(w, cc, f"{flags} -Iout/include", [(f"out/{p}/{n}.c", f"{root}/{p}/{n}.o")
                                                          for n in library_names(model, p) if (n in insts) == instructions
                                                          and (names is None or n in names)])
    for p in outputs.kernel_profiles(model):
        kflags = SAN_KERNEL_FLAGS if cc == "$fuzzcc" else SAN_O0_FLAGS
        firsts = san_variant_names(model, p) if cpuisa.has_variants(model, p) else insts
        objects(p, "build/san", kflags, True, firsts)
        objects(p, "build/san", f"{kflags} -DPTO_CPU_NO_DISPATCH", True, insts - firsts)
        objects(p, "build/san", SAN_FLAGS, False)
        if cc == "$fuzzcc":
            sim = {f"pto_{p}_sim"}  # a simulated profile's simulator (the cpu has none)
            objects(p, "build/fuzz", FUZZ_FLAGS, False, set(library_names(model, p)) - sim)
            objects(p, "build/fuzz", f"{FUZZ_FLAGS} {FUZZ_SIM_COVERAGE}", False, sim)
    return cc


def san_variant_names(model, p):
    """The instructions whose files the sanitized library of profile p builds with their ISA
    variants (san_variants)."""
    return set(outputs.first_of_kind(model, p))


def san_variants(model, binary):
    """Whether a sanitized program runs once per ISA variant: the unit tests, and the conformance
    programs of each kind's first instruction (first_of_kind). The other instruction files of the
    sanitized library have the baseline only (PTO_CPU_NO_DISPATCH): unoptimised, a variant's body
    is the baseline's C but for the x86 helpers, which each kind's first instruction runs for every
    tuple, and compiling every file's three variants was half of the sanitized build's time."""
    p, name = os.path.basename(os.path.dirname(binary)), os.path.basename(binary)[len("test_"):]
    return "/unit/" in binary or name in san_variant_names(model, p)


def sanitize_edges(w, model, cc):
    """Every conformance and unit test binary rebuilt with ASan + UBSan by `cc` over the
    sanitized library (build/san/<profile>/, sanitized_library) for ninja sanitize and ninja
    test; returns them."""
    harness = harness_sources()
    hobjs = variant_objects(w, cc, f"{SAN_FLAGS} $tflags -Iout/include",
                            [(h, "build/san/" + h[:-2] + ".o") for h in harness])
    bins = []
    for p in outputs.kernel_profiles(model):
        tests = [(f"out/tests/{p}/test_{i.name}.c", i.name) for i in outputs.tested_on(model, p)]
        tests += [(src, None) for src in sorted(glob.glob(f"tests/unit/test_{p}_*.c"))]
        for src, inst in tests:
            b = "build/san/" + src[:-2]
            if inst:  # the plain build's object: the checks run in the library and the harness, not in case tables
                obj = f"build/tests/{p}/test_{inst}.o"
            else:
                obj = variant_objects(w, cc, f"{SAN_FLAGS} $tflags -Iout/include -Iout/{p} -Itests/harness", [(src, b + ".o")])[0]
            units = [] if inst else unit_instructions(model, p, src, "build/san")
            w.append(f"build {b}: vlink {obj} {' '.join(test_objects(model, p, inst, 'build/san') + units + hobjs)}\n"
                     f"  vcc = {cc}\n  vlink = {SAN_FLAGS}\n  libs = -lcmocka -lmpfr -lgmp -lm\n")
            bins.append(b)
    return bins


class Jobs:
    """Test runs as build steps (tests/run.py job): each writes build/results/<what>.json, so
    ninja reruns only the runs whose inputs changed. Numbered in the order first asked for:
    PTO_TEST_SHARD=k/n runs job I when I % n == k - 1.

    Written in the order of their `rank` (write): ninja 1.11 starts the ready edge that comes
    first in build.ninja, so the long runs go first and the 2-core machine does not end on one."""

    def __init__(self, w, model):
        self.w, self.number, self.edges = w, {}, []
        self.variant_profiles = {p for p in outputs.kernel_profiles(model) if cpuisa.has_variants(model, p)}

    def add(self, out, binary="", deps="", args="", rank=0):
        if out not in self.number:
            self.number[out] = len(self.number)
            self.edges.append((rank, f"build {out}: job {binary} | tests/run.py {deps}\n  index = {self.number[out]}\n"
                                     f"  args = {args}\n"))
        return out

    def runs(self, binary, kind="", args="", rank=0, every=None, one_variant=False):
        """The result of one binary, run once: a conformance program of a profile with ISA
        variants runs each case in every variant this CPU has (PTO_<P>_ISA=all: the first against
        the reference, the others against the first), or with one_variant in the variant its
        dispatcher picks. kind: a results subdirectory (deep, valgrind). every: run every
        `every`-th case (PTOGEN_EVERY); such results go under build/results/<kind>/every<n>/."""
        prof = os.path.basename(os.path.dirname(binary))
        conformance = os.path.basename(os.path.dirname(os.path.dirname(binary))) == "tests"
        if conformance and prof in self.variant_profiles and not one_variant:
            args = f"{args} --env PTO_{prof.upper()}_ISA=all"
        if every:
            args = f"{args} --env PTOGEN_EVERY={every}"
        where = os.path.join("build/results", kind, f"every{every}" if every else "", os.path.relpath(binary, "build"))
        return [self.add(f"{where}.json", binary, args=args.strip(), rank=rank)]

    def write(self, early):
        """The rules and the job edges by rank: those of a negative rank into `early` (text that
        build.ninja holds before every compile edge, so they run as soon as their inputs are
        there), the others after every compile edge."""
        early.append("rule job\n  command = $python tests/run.py job --out $out --index $index $args $in\n"
                     "  description = RUN $out\n")
        # the result list goes in a response file: a failed summary's command, which ninja
        # prints, stays one line
        early.append("rule summary\n  command = $python tests/run.py summary --suite $suite $sargs @$rsp\n"
                     "  rspfile = $rsp\n  rspfile_content = $in\n  description = SUMMARY $suite\n  pool = console\n")
        for rank, text in sorted(self.edges, key=lambda e: e[0]):
            (early if rank < 0 else self.w).append(text)

    def summary(self, target, suite, results, deps="", coverage=None, junit=None):
        sargs = (f" --coverage {','.join(coverage)}" if coverage is not None else "") + \
            (f" --junit {junit}" if junit else "")
        self.w.append(f"build {target}: summary {' '.join(results)} | tests/run.py out/legality.txt {deps}\n"
                      f"  suite = {suite}\n  sargs ={sargs}\n  rsp = build/results/{suite}.rsp\n")


def tester_object(w, obj, flags, dep=""):
    """tests/cpp/tester.cpp compiled with a profile's flags: the C++ tests' tester, once."""
    src = "tests/cpp/tester.cpp"
    w.append(f"build {obj}: cxx {src}{dep} {after(src)}\n  flags = {flags}\n")
    return obj


def math_test(fn):
    return f"build/tests/math/test_{fn}"


def math_edges(w):
    """The math functions' tests (tests/math/test_math.c, built once per function of
    tests/exhaustive.py's MATH_FNS: the cpu's function against MPFR; in ninja test, and with --all
    a long target of ninja exhaustive, docs/math.md). -O3 as the kernels: its --bench times them."""
    src = "tests/math/test_math.c"
    for fn in exhaustive.MATH_FNS:
        t = math_test(fn)
        w.append(f"build {t}.o: cc {src} {after(src)}\n"
                 f"  flags = -O3 -g -DTEST_FN={fn} -Iout/include -Iout/cpu -Itests/harness\n"
                 f"build {t}: link {t}.o build/tests/harness/ref.o\n")


def exhaustive_edges(w):
    """ninja exhaustive: every long target of tests/exhaustive.py's TARGETS (this machine's shard,
    PTO_TEST_SHARD=k/n or the whole, over PTO_EXHAUSTIVE_JOBS processes, then the merge), and ninja
    <name>-exhaustive one of them. They always run: the script itself keeps a passed target's
    result until its program changes (docs/testing-workflow.md#exhaustive-runs)."""
    w.append("rule exhaustive\n  command = $python tests/exhaustive.py ninja $only\n  description = EXHAUSTIVE $only\n"
             "  pool = console\n")
    everything = " ".join(t.command[0] for t in exhaustive.TARGETS)
    w.append(f"build exhaustive: exhaustive | {everything} tests/exhaustive.py\n  only =\n")
    for t in exhaustive.TARGETS:
        w.append(f"build {t.name}-exhaustive: exhaustive | {t.command[0]} tests/exhaustive.py\n  only = --only {t.name}\n")


def valgrind_args(model, binary):
    """ninja test's memcheck sample of a program: every VALGRIND_EVERY-th case of each tuple (a
    unit test: its UNIT_EVERY), and of an instruction with more than VALGRIND_TUPLES tuples on
    the profile every n-th tuple only (PTOGEN_TUPLES, TCVT's 700 cpu tuples: every 5th; each of
    its tuples ran at least a case and a rejection, 38 s of its three programs' memcheck runs)."""
    p, name = os.path.basename(os.path.dirname(binary)), os.path.basename(binary)[len("test_"):]
    tuples = next((len(i.tuples.get(p, [])) for i in model.instructions if i.name == name), 0)
    every = unit_every(binary, "valgrind", VALGRIND_EVERY)
    step = -(-tuples // VALGRIND_TUPLES)
    return f"--valgrind --env PTOGEN_EVERY={every}" + (f" --env PTOGEN_TUPLES={step}" if step > 1 else "")


def valgrind_ci(model):
    """The conformance binaries ninja test runs under valgrind (each tuple with every
    VALGRIND_EVERY-th case): each kind's first instruction on the profiles that run natively. A
    simulated profile's kernels touch memory only through its simulator, which checks every
    access against UB itself, and their sanitized runs cover every tuple: memcheck found nothing
    there that those did not, for 60% of ninja test's memcheck time (ninja valgrind runs them)."""
    return {f"build/tests/{p}/test_{name}" for p in outputs.kernel_profiles(model) if not model.profile(p)["isa"]
            for name in outputs.first_of_kind(model, p)}


def test_edges(w, early, model, bins, sanitized, fuzzers, checked):
    """ninja test: the suite, again under ASan + UBSan, a CI-sized part of it under valgrind (the
    unit tests and the first instruction of each kind per profile), fuzzing, the generator tests and golden files
    (after the firmware checks); ninja conformance (deep), sanitize, valgrind, test-<instr>.
    The generator tests go into `early` (they wait for generation and the release library only);
    the rest run longest first: fuzzers, valgrind, the sanitized and then the plain runs. A part
    runs on a part of the cases (VALGRIND_EVERY, SAN_EVERY): ninja valgrind and ninja
    sanitize run all of them."""
    jobs = Jobs(w, model)
    insts = [i.name for i in model.instructions]
    # the unit tests' programs before the conformance runs: test_cpu_tcvt alone takes half a
    # minute, which at the end of the suite ran on one core
    plain = [r for b in bins for r in jobs.runs(b, rank=1 if "/unit/" in b else 4)]
    # a sampled run's results under their own name (every<n>/): ninja sanitize runs the whole
    san = [r for b in sanitized for r in
           jobs.runs(b, rank=3, every=unit_every(b, "san", None if "/unit/" in b else SAN_EVERY),
                     one_variant=not san_variants(model, b))]
    firsts = valgrind_ci(model)
    under_valgrind = [b for b in bins if "/unit/" in b or b in firsts]
    valgrind = [r for b in under_valgrind
                for r in jobs.runs(b, "valgrind", valgrind_args(model, b), rank=2, one_variant=True)]
    fuzz = [jobs.add(f"build/results/{os.path.relpath(f, 'build')}.json", f, rank=0) for f in fuzzers]
    # the generator tests in two parts: those on scratch specs do not rerun after a spec edit
    scratch_deps = sorted(glob.glob("gen/*") + glob.glob("templates/**/*.j2", recursive=True)
                          + glob.glob("runtime/**/*.[ch]", recursive=True) + glob.glob("runtime/**/*.hpp", recursive=True)
                          + [f"spec/{n}" for n in ("dtypes.lua", "families.lua", "profiles.lua", "ops.lua", "kinds.lua")]
                          + glob.glob("tests/gen/**/*.py", recursive=True) + glob.glob("tests/gen/fixtures/**/*.lua", recursive=True)
                          + glob.glob("tests/bad_specs/*.lua") + glob.glob("tests/*.py") + ["README.md"])  # tests/*.py: imported by them
    scratch_deps = [d for d in scratch_deps if os.path.isfile(d)]
    libs = [f"build/{p}/{n}.o" for p in outputs.kernel_profiles(model) for n in library_names(model, p)]
    gen = [jobs.add("build/results/gen-scratch.json", deps=" ".join(scratch_deps), args="--gen scratch", rank=-2),
           jobs.add("build/results/gen-checkout.json", args="--gen checkout", rank=-3,
                    deps=" ".join(scratch_deps + sorted(glob.glob("spec/isa/*.lua")) + sorted(glob.glob("docs/*.md"))  # test_docs reads them
                                  + ["gen", "tests/golden/legality.txt"] + libs
                                  + [t.command[0] for t in exhaustive.TARGETS])),  # a sample of each long target
           jobs.add("build/results/golden.json", args="--golden", rank=-1,  # golden files of this checkout and of the fixtures
                    deps=" ".join(["gen", "docs/instructions.md"] + sorted(glob.glob("tests/golden/*")) + scratch_deps))]
    math = [jobs.add(f"{math_test(fn).replace('build/', 'build/results/')}.json", math_test(fn), rank=1) for fn in exhaustive.MATH_FNS]
    jobs.summary("test", "test", plain + san + valgrind + fuzz + gen + math, " ".join(checked), insts, "build/junit.xml")
    deep = [r for b in bins for r in jobs.runs(b, "deep", "--env PTOGEN_DEPTH=64", rank=5)]
    jobs.summary("conformance", "conformance", deep, coverage=insts, junit="build/junit.xml")
    jobs.summary("sanitize", "sanitize", [r for b in sanitized for r in jobs.runs(b, rank=5, one_variant=not san_variants(model, b))],
                 coverage=insts)
    jobs.summary("valgrind", "valgrind", [r for b in bins for r in jobs.runs(b, "valgrind-all", "--valgrind", rank=5)],
                 coverage=insts)
    for inst in insts:  # one instruction on every profile, plain and sanitized
        mine = [r for r in plain + san if re.search(rf"/test_{inst}(\.\w+)?\.json$", r)]
        jobs.summary(f"test-{inst}", f"test-{inst}", mine, coverage=[inst])
    jobs.write(early)


def dist_edges(w):
    """ninja dist: build/dist/ptogen.tar.gz, then a make-only build of it (gen/dist.py)."""
    w.append("rule dist\n  command = $python gen/dist.py $out --check\n  description = DIST $out\n")
    w.append("build build/dist/ptogen.tar.gz: dist | gen gen/dist.py templates/dist/Makefile.j2\n")
    w.append("build dist: phony build/dist/ptogen.tar.gz\n")


def fuzz_edges(w, model):
    """Fuzzers of every entry point per kernel profile (clang + libFuzzer, ASan + UBSan) over
    the sanitized library (sanitized_library): ninja test runs each briefly from a fixed seed;
    ninja fuzz runs them longer. Returns the fuzzers, for ninja test."""
    cc = os.environ.get("FUZZ_CC", "clang")
    if not shutil.which(cc):  # fail at build time with the fix, not with "clang: not found"
        w.append(f"rule nofuzz\n  command = echo 'the fuzz run needs {cc} and libFuzzer: run ./setup.sh "
                 "(Debian: clang libclang-rt-14-dev)'; false\n  description = FUZZ\n")
    # the harness and the table are not coverage-instrumented: their byte loops would dominate
    # the run, and coverage of the library (the verifier's branches) is what steers the fuzzer
    flags = f"{SAN_FLAGS} -Iout/include -Itests/harness -Itests/fuzz"
    harness = variant_objects(w, "$fuzzcc", flags, [("tests/fuzz/fuzz.c", "build/fuzz/fuzz.o")])
    fuzzers = []
    for p in outputs.kernel_profiles(model):
        insts = {i.name for i in model.instructions}
        lib = [f"build/{'san' if n in insts else 'fuzz'}/{p}/{n}.o" for n in library_names(model, p)]  # sanitized_library
        # the tables (a profile's cases and entry points' calls) unoptimised: 12.4 -> 9.2 CPU s for 248
        table = variant_objects(w, "$fuzzcc", f"{SAN_O0_FLAGS} -Iout/include -Itests/harness -Itests/fuzz",
                                [(src, f"build/fuzz/{p}/{os.path.basename(src)[:-2]}.o")
                                 for src, _, _ in outputs.fuzz(model, p)])
        b = f"build/fuzz/fuzz_{p}"
        if shutil.which(cc):
            w.append(f"build {b}: vlink {' '.join(harness + table + lib)}\n  vcc = $fuzzcc\n  vlink = {FUZZ_LINK}\n"
                     "  libs =\n")
        else:
            w.append(f"build {b}: nofuzz\n")
        fuzzers.append(b)
    w.append(f"rule fuzz\n  command = $python tests/run.py fuzz --fuzz-seconds {FUZZ_LONG_SECONDS} $in\n"
             "  description = FUZZ\n  pool = console\n")
    w.append(f"build fuzz: fuzz {' '.join(fuzzers)} | tests/run.py\n")
    return fuzzers


def bench_edges(model):
    """Edges of `ninja bench`: per kernel profile, the benchmark linked twice, at the release
    flags (the kernel objects of the library itself; built by `ninja all`, so it is compiled
    with everything else) and with -march=native added to kernels, cases and driver. `ninja
    bench` runs both (bench/run.py), then times the generator. Returns (text, binaries for all)."""
    w = [f"nflags = {NATIVE_FLAGS}\n",
         "rule bench\n  command = $python bench/run.py --flags='$cflags $kflags' --native-flags='$nflags' --cc $cc $counters $in\n"
         "  description = BENCH\n  pool = console\n\n"]
    runs, default_bins = [], []
    counters, matmul = [], []
    for p in outputs.kernel_profiles(model):
        if model.profile(p)["isa"]:  # an NPU profile: its simulator's counters, once per case
            lib = [f"build/{p}/{name}.o" for name in library_names(model, p)]
            objs = []
            for src in (f"out/bench/{p}/counters.c", "bench/harness/counters.c"):
                objs.append(f"build/bench/{p}/" + src.replace("/", "_")[:-2] + ".o")
                w.append(f"build {objs[-1]}: cc {src} {after(src)}\n  flags = $tflags -Iout/include -Ibench/harness -Itests/harness\n")
            w.append(f"build build/bench/{p}/counters: link {' '.join(objs + lib)} build/tests/harness/ref.o\n")
            counters.append(f"build/bench/{p}/counters")
            continue
        lib = library_names(model, p)
        srcs = [path for path, _, _ in outputs.bench(model, p)]
        for variant, extra in (("release", ""), ("native", " $nflags")):
            d = f"build/bench/{p}/{variant}"
            if variant == "release":
                objs = [f"build/{p}/{name}.o" for name in lib]
            else:
                objs = [f"{d}/{name}.o" for name in lib]
                for name in lib:
                    w.append(f"build {d}/{name}.o: cc out/{p}/{name}.c {after(f'out/{p}/{name}.c')}\n  flags = $kflags{extra} -Iout/include\n")
            for src in srcs:
                obj = f"{d}/{os.path.basename(src)[:-2]}.o"
                objs.append(obj)
                w.append(f"build {obj}: cc {src} {after(src)}\n"
                         f"  flags = $kflags{extra} -Iout/include -Ibench/harness -Itests/harness\n")
            # the driver (its timing loop) at the release flags in both binaries: compiled natively it
            # took TDIV bf16 16x16 from 36 to 40 ns around the same kernel code
            objs.append(f"build/bench/{p}/release/bench.o")
            objs.append("build/tests/harness/ref.o")  # dtype formats and exact rounding, to fill the tiles
            if variant == "release":
                w.append(f"build {d}/bench.o: cc bench/harness/bench.c {after('bench/harness/bench.c')}\n"
                         "  flags = $kflags -Iout/include -Ibench/harness -Itests/harness\n")
            w.append(f"build {d}/bench: link {' '.join(objs)}\n")
            if "lld" in link_flags():  # BENCH_LDFLAGS: the kernels at one place in both binaries
                w.append(f"  ldflags = $ldflags {BENCH_LDFLAGS}\n")
            runs.append(f"{d}/bench")
        default_bins.append(f"build/bench/{p}/release/bench")
        if any(i.kind_name == "matmul" for i in model.instructions_on(p)):  # the matrix section, at the release flags
            blas = openblas()
            w.append(f"build build/bench/{p}/matmul.o: cc bench/harness/matmul.c {after('bench/harness/matmul.c')}\n"
                     f"  flags = $kflags -Iout/include -Ibench/harness{' -DPTO_BENCH_OPENBLAS' if blas else ''}\n"
                     f"build build/bench/{p}/matmul: link_with build/bench/{p}/matmul.o "
                     f"{' '.join(f'build/{p}/{name}.o' for name in lib)}\n  libs = {'-lopenblas ' if blas else ''}-lm\n")
            matmul.append(f"build/bench/{p}/matmul")
    w.append(f"build bench: bench {' '.join(runs)} | {' '.join(counters + matmul)} bench/run.py bench/report.py "
             f"bench/gen_timing.py\n  counters = {' '.join('--counters ' + c for c in counters)}"
             f"{''.join(' --matmul ' + b for b in matmul)}\n")
    return "".join(w), default_bins + counters + matmul


def openblas():
    """OpenBLAS is installed (Debian libopenblas-dev, ./setup.sh): the matrix bench's sgemm column."""
    return any(os.path.exists(os.path.join(d, "libopenblas.so")) for d in ("/usr/lib/x86_64-linux-gnu",
                                                                           "/usr/lib/aarch64-linux-gnu", "/usr/lib"))


if __name__ == "__main__":
    main()
