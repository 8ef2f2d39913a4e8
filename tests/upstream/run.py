#!/usr/bin/env python3
"""Builds and runs upstream PTO-ISA's CPU system tests (tests/cpu/st/testcase/<dir>) against
ptogen's C++ header set and cpu kernels, or against upstream's own simulator; docs/upstream-tests.md.

  python3 tests/upstream/run.py UPSTREAM [DIR...] [--against ptogen|upstream] [--repo PTOGEN]
                                [--profile cpu|a2a3|a5] [--build BUILD] [--timing [--runs N] [--repeat R]] [-j N]

UPSTREAM is a checkout of PTO-ISA (include/, tests/common/, tests/cpu/st/). The default DIRs are
every test directory whose sources call at least one instruction of ptogen's manifest
(PTOGEN/out/manifest.json; PTOGEN is by default the checkout this script lives in) and no other
function of upstream's API (its headers' PTO_INST and PTO_INTERNAL functions) than TASSIGN. For
each variant the script writes BUILD/<variant>/build.ninja (default BUILD: build/upstream of this
checkout) and runs ninja: gen_data.py copied into BUILD/<variant>/<dir>/ and run there (numpy),
the kernel and main.cpp compiled (with the directory's own add_compile_definitions) and linked
with gtest (ptogen: with a static library of PTOGEN/out/cpu/*.c, at the project's release flags,
and the ACL stub of this directory). Then it runs every gtest case as its own process from
<dir>/bin, after deleting the files the sources write into the case's data directory; a case
fails if test_common.h's ReadFile or WriteFile reports an error, or if it passes without writing
one of those files, so that no case passes without data. Failures listed in expected_failures.txt are reported as expected: for
the ptogen variant those of the semantics contract, for both those of a defective upstream test.

--profile builds the ptogen variant for another profile (-DPTO_PROFILE, docs/cpp-api.md) against
that profile's library; on a simulated profile (a2a3, a5) also with -DPTO_NPU_HOST_DMA and the cpu
library, whose TLOAD and TSTORE move the tests' data into and out of the simulated UB (the machine
models have no DMA yet). Its build directory is BUILD/ptogen-<profile>; its expected failures are
the lines of expected_failures.txt for every profile and those of its sections.

--timing builds both variants and times them on the cases that pass in both: each case runs N
times a variant (--runs, default 11), the variants in turns, each run repeating it R times
(--repeat, default 100), from a scratch copy of the data on tmpfs; it reports each case's least
CPU time a repetition (less the binary's start and exit) and the upstream/ptogen ratios, and how
many cases wrote the same output bytes in both variants.

Exit status 1 when a directory fails to build or a case fails that is not an expected failure.
"""
import argparse
import fnmatch
import glob
import json
import math
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CASE_TIMEOUT = 120
# a call of an upper-case function (upstream's instructions are), explicit template arguments or not
CALL = re.compile(r"\b([A-Z][A-Z0-9_]*)\s*(?:<[^;()]*>)?\s*\(")
# upstream's functions: what its headers declare PTO_INST (the instructions, TASSIGN, TSYNC, MGATHER,
# the communication ones) or PTO_INTERNAL (TLOAD_IMPL ...); the tests' macros and helpers, and
# gtest's, are not
UPSTREAM_FUNCTION = re.compile(r"\bPTO_(?:INST|INTERNAL)\b[^;{()]*?\b([A-Z][A-Z0-9_]*)\s*\(")
# what ptogen's header set offers of upstream's API besides the manifest's instructions (pto/cpp/tile.hpp)
HEADER_API = {"TASSIGN"}
# a file a test writes into its case's data directory: WriteFile(GetGoldenDir() + "/output.bin", ...)
# or std::ofstream f(goldenDir + "/golden.bin", ...)
WRITTEN = re.compile(r"(?:\bWriteFile\s*\(|\bofstream\s+\w+\s*\()[^;]*?\"/([^\"/]+)\"")
# what test_common.h's ReadFile and WriteFile print on stdout when they fail (ERROR_LOG)
IO_ERROR = re.compile(r"^\[ERROR\]\s+(.*)$", re.M)
# upstream's per-test flags (tests/cpu/st/testcase/CMakeLists.txt and its parent), -O2 as Release
TEST_CXXFLAGS = ["-O2", "-include", "stdint.h", "-include", "stddef.h"]
GTEST_LIBS = ["-lgtest_main", "-lgtest", "-lpthread", "-lm"]
# the ACL stub's flags (ptogen's library takes the project's own: release_cflags)
STUB_CFLAGS = ["-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]


def testcase_root(upstream):
    return os.path.join(upstream, "tests", "cpu", "st", "testcase")


def source_text(testdir):
    text = ""
    for path in sorted(glob.glob(os.path.join(testdir, "*.cpp"))):
        with open(path, errors="replace") as f:
            text += f.read()
    return text


def upstream_api(upstream):
    """The upper-case function names upstream's headers declare PTO_INST or PTO_INTERNAL."""
    names = set()
    for path in glob.glob(os.path.join(upstream, "include", "**", "*.hpp"), recursive=True):
        with open(path, errors="replace") as f:
            names |= set(UPSTREAM_FUNCTION.findall(f.read()))
    return names


def ptogen_instructions(repo):
    """The instructions of ptogen's manifest (out/manifest.json, written by `ninja gen`), upper case."""
    with open(os.path.join(repo, "out", "manifest.json")) as f:
        return {i["name"].upper() for i in json.load(f)["instructions"]}


def select_dirs(upstream, repo):
    """Test directories whose sources call at least one of ptogen's instructions and nothing else of
    upstream's API that ptogen's header set lacks."""
    api, have = upstream_api(upstream), ptogen_instructions(repo)
    root = testcase_root(upstream)
    chosen = []
    for name in sorted(os.listdir(root)):
        if os.path.isdir(os.path.join(root, name)):
            calls = set(CALL.findall(source_text(os.path.join(root, name))))
            if calls & have and calls & api <= have | HEADER_API:
                chosen.append(name)
    return chosen


def read_expected(path, variant, profile="cpu"):
    """[(dir, case pattern, reason)] of expected_failures.txt for a variant and the ptogen variant's
    profile. A line names its variants: all (a defect of the upstream test itself) or ptogen (the
    contract). The lines before the first section apply to every profile; a section ([a2a3 a5])
    adds its profiles' own (ptogen lines only), and they come first, so that a profile's own reason
    for a case is the one reported."""
    own, every, profiles = [], [], None
    with open(path) as f:
        for line in f:
            text = line.strip()
            if text.startswith("["):
                profiles = text.strip("[]").split()
                continue
            if not text or text.startswith("#"):
                continue
            variants, d, pattern, reason = text.split(None, 3)
            if variants not in ("all", "ptogen"):
                raise ValueError(f"{path}: {variants!r} is not a variant (all, ptogen): {text}")
            if profiles is not None and variants != "ptogen":
                raise ValueError(f"{path}: a profile's section lists ptogen's failures only: {text}")
            if variants not in ("all", variant):
                continue
            if profiles is None:
                every.append((d, pattern, reason.strip()))
            elif variant == "ptogen" and profile in profiles:
                own.append((d, pattern, reason.strip()))
    return own + every


def expected_reason(entries, d, case):
    """The reason of the first entry that matches the case, or None."""
    for ed, pattern, reason in entries:
        if ed == d and fnmatch.fnmatchcase(case, pattern):
            return reason
    return None


# ---------------------------------------------------------------------------------------------
# build.ninja


def ninja_escape(path):
    return path.replace("$", "$$").replace(" ", "$ ").replace(":", "$:")


def ninja_var(words):
    return " ".join(shlex.quote(w) for w in words).replace("$", "$$")


def numpy_python(requested):
    """A Python that imports numpy, for gen_data.py: --python, this one, or Debian's."""
    for py in [requested] if requested else [sys.executable, "/usr/bin/python3"]:
        if subprocess.run([py, "-c", "import numpy"], capture_output=True).returncode == 0:
            return py
    return None


def needs_format_shim(cxx):
    probe = '#include <format>\nvoid f(char *b) { std::format_to(b, "{}", 1); }\n'
    r = subprocess.run([cxx, "-std=c++20", "-fsyntax-only", "-xc++", "-"], input=probe, text=True,
                       capture_output=True)
    return r.returncode != 0


class Variant:
    """What one variant compiles with and links against."""

    def __init__(self, name, args):
        self.name = name
        up = args.upstream
        if name == "upstream":
            shim = ["-I" + os.path.join(HERE, "format-shim")] if needs_format_shim(args.cxx) else []
            self.cxxflags = ["-std=c++20", "-D__CPU_SIM"] + TEST_CXXFLAGS + shim + [
                "-I" + os.path.join(up, "include"), "-I" + os.path.join(up, "include", "common"),
                "-I" + os.path.join(up, "tests", "common")]
            self.libs, self.ldlibs = [], GTEST_LIBS + ["-ldl"]
        else:
            # __CPU_SIM: the tests' own CPU configuration (test_common.h then expects the ACL calls
            # from the pto headers, as upstream's cpu_stub.hpp gives them: here the stub, included first)
            self.cxxflags = ["-std=c++17", "-D__CPU_SIM"] + TEST_CXXFLAGS + [
                "-include", "acl/acl.h", "-I" + os.path.join(args.repo, "out", "include"),
                "-I" + os.path.join(HERE, "include"), "-I" + os.path.join(up, "tests", "common")]
            self.libs, self.ldlibs = [f"lib/libpto{p}.a" for p in library_profiles(args)] + ["lib/acl_stub.o"], GTEST_LIBS
            if args.profile != "cpu":  # the profile's entry points; TLOAD and TSTORE through the cpu's
                self.cxxflags += [f"-DPTO_PROFILE={args.profile}", "-DPTO_NPU_HOST_DMA"]


def ninja_rules(args, variant):
    pypath = os.path.join(args.upstream, "tests", "cpu", "st")
    return [
        f"cxx = {ninja_var([args.cxx])}", f"cc = {ninja_var([args.cc])}",
        f"cxxflags = {ninja_var(variant.cxxflags)}", f"ldlibs = {ninja_var(variant.ldlibs)}",
        f"python = {ninja_var([args.python])}", f"pypath = {ninja_var([pypath])}", "",
        "rule cxx", "  command = $cxx -MMD -MF $out.d $cxxflags $defines -c $in -o $out", "  depfile = $out.d",
        "  deps = gcc", "  description = CXX $out",
        "rule cc", "  command = $cc -MMD -MF $out.d $cflags -c $in -o $out", "  depfile = $out.d",
        "  deps = gcc", "  description = CC $out",
        "rule ar", "  command = rm -f $out && ar crs $out $in", "  description = AR $out",
        "rule link", "  command = $cxx $in -o $out $ldlibs", "  description = LINK $out",
        # gen_data.py also makes a testcases/ next to itself: run a copy, never upstream's file
        "rule gendata",
        "  command = cp $in $dir/gen_data.py && (cd $dir && PYTHONPATH=$pypath PTO_CPU_SIM_ENABLE_BF16=1"
        " $python gen_data.py > gen_data.log 2>&1) && touch $out",
        "  description = GEN_DATA $dir", ""]


def library_profiles(args):
    """The profiles whose libraries the ptogen variant links: --profile's, and on a simulated
    profile the cpu's too (its TLOAD and TSTORE, PTO_NPU_HOST_DMA)."""
    profile = getattr(args, "profile", "cpu")
    return [profile] + (["cpu"] if profile != "cpu" else [])


def release_cflags(repo):
    """The flags the project builds its library with (build/<profile>/*.o, the release kernels):
    CFLAGS and KERNEL_FLAGS of gen/configure.py (C11, no contraction into FMA, -O3)."""
    with open(os.path.join(repo, "gen", "configure.py")) as f:
        text = f.read()
    flags = []
    for name in ("CFLAGS", "KERNEL_FLAGS"):
        m = re.search(rf'^{name} = "([^"]*)"', text, re.M)
        if not m:
            raise SystemExit(f"run.py: no {name} in {repo}/gen/configure.py")
        flags += m.group(1).split()
    return flags


def ninja_library(args):
    """ptogen's libraries (lib/libpto<profile>.a: every out/<profile>/*.c, compiled as the project
    builds it) and the ACL stub."""
    cflags = release_cflags(args.repo)
    inc = ["-I" + os.path.join(args.repo, "out", "include")]
    lines = []
    for p in library_profiles(args):
        objs = []
        for src in sorted(glob.glob(os.path.join(args.repo, "out", p, "*.c"))):
            obj = f"lib/obj/{p}/" + os.path.basename(src)[:-2] + ".o"
            lines += [f"build {ninja_escape(obj)}: cc {ninja_escape(src)}", f"  cflags = {ninja_var(cflags + inc)}"]
            objs.append(obj)
        lines.append(f"build lib/libpto{p}.a: ar {' '.join(map(ninja_escape, objs))}")
    stub_flags = STUB_CFLAGS + ["-I" + os.path.join(HERE, "include")]
    lines += [f"build lib/acl_stub.o: cc {ninja_escape(os.path.join(HERE, 'acl_stub.c'))}",
              f"  cflags = {ninja_var(stub_flags)}", ""]
    return lines


def dir_definitions(testdir):
    """-D flags of the directory's own CMakeLists.txt (add_compile_definitions: __PTO_AUTO__ for
    tflashattn, whose tiles are never TASSIGNed)."""
    path = os.path.join(testdir, "CMakeLists.txt")
    if not os.path.isfile(path):
        return []
    with open(path) as f:
        text = re.sub(r"#.*", "", f.read())
    return ["-D" + name for args in re.findall(r"add_compile_definitions\s*\(([^)]*)\)", text) for name in args.split()]


def ninja_testdir(args, variant, d):
    src = os.path.join(testcase_root(args.upstream), d)
    objs, lines = [], []
    defines = dir_definitions(src)
    for name in ("main.cpp", f"{d}_kernel.cpp"):
        if os.path.isfile(os.path.join(src, name)):
            obj = f"{d}/obj/{name[:-4]}.o"
            lines.append(f"build {ninja_escape(obj)}: cxx {ninja_escape(os.path.join(src, name))}")
            lines += [f"  defines = {ninja_var(defines)}"] if defines else []
            objs.append(obj)
    lines.append(f"build {ninja_escape(binary_rel(d))}: link {' '.join(map(ninja_escape, objs + variant.libs))}")
    if os.path.isfile(os.path.join(src, "gen_data.py")):
        lines += [f"build {d}/data.stamp: gendata {ninja_escape(os.path.join(src, 'gen_data.py'))}", f"  dir = {d}"]
    return lines + [""]


def binary_rel(d):
    return f"{d}/bin/{d}"


def write_ninja(args, variant, dirs, bdir):
    lines = ["# written by tests/upstream/run.py; rewritten on every run", "ninja_required_version = 1.10", ""]
    lines += ninja_rules(args, variant)
    if variant.name == "ptogen":
        lines += ninja_library(args)
    for d in dirs:
        lines += ninja_testdir(args, variant, d)
    os.makedirs(bdir, exist_ok=True)
    with open(os.path.join(bdir, "build.ninja"), "w") as f:
        f.write("\n".join(lines) + "\n")


# ---------------------------------------------------------------------------------------------
# building


def failed_blocks(output):
    """{output path: the lines ninja printed for that failed edge}."""
    blocks, current = {}, None
    for line in output.splitlines():
        m = re.match(r"FAILED: (\S+)", line)
        if m:
            current = m.group(1)
            blocks[current] = []
        elif re.match(r"\[\d+/\d+\] |ninja: ", line):
            current = None
        elif current is not None:
            blocks[current].append(line)
    return blocks


def edge_seconds(bdir):
    """{output: seconds} from .ninja_log (the latest build of each output)."""
    times = {}
    path = os.path.join(bdir, ".ninja_log")
    if os.path.isfile(path):
        with open(path) as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) >= 4 and not line.startswith("#"):
                    times[fields[3]] = (int(fields[1]) - int(fields[0])) / 1000.0
    return times


def up_to_date(bdir, target):
    r = subprocess.run(["ninja", "-C", bdir, "-n", target], capture_output=True, text=True)
    return r.returncode == 0 and "no work to do" in r.stdout


def build(args, variant, dirs, bdir):
    """Runs ninja; returns ({dir: build record}, ninja wall-clock seconds, library record)."""
    write_ninja(args, variant, dirs, bdir)
    cmd = ["ninja", "-C", bdir, "-k", "0", "-j", str(args.jobs)]
    print(f"[{variant.name}] building {len(dirs)} test directories in {bdir} ...", flush=True)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    blocks, seconds = failed_blocks(r.stdout), edge_seconds(bdir)
    records = {}
    for d in dirs:
        errors = [line for out, lines in blocks.items() if out.startswith(d + "/") for line in lines]
        if errors:
            with open(os.path.join(bdir, d, "build.log"), "w") as f:
                f.write("\n".join(errors) + "\n")
        has_data = os.path.isfile(os.path.join(testcase_root(args.upstream), d, "gen_data.py"))
        records[d] = {"built": up_to_date(bdir, binary_rel(d)), "errors": errors,
                      "data": not has_data or up_to_date(bdir, d + "/data.stamp"),
                      "seconds": sum(s for out, s in seconds.items() if out.startswith((d + "/obj/", d + "/bin/"))),
                      "gen_seconds": seconds.get(d + "/data.stamp", 0.0)}
    lib = {"seconds": sum(s for out, s in seconds.items() if out.startswith("lib/")),
           "errors": [line for out, lines in blocks.items() if out.startswith("lib/") for line in lines]}
    return records, wall, lib


# ---------------------------------------------------------------------------------------------
# running


def list_cases(binary):
    r = subprocess.run([binary, "--gtest_list_tests"], capture_output=True, text=True, cwd=os.path.dirname(binary),
                       timeout=CASE_TIMEOUT)
    cases, suite = [], None
    for line in r.stdout.splitlines():
        name = line.split("#")[0].rstrip()
        if name and not name.startswith(" "):
            suite = name
        elif name and suite and not name.strip().startswith("DISABLED_"):
            cases.append(suite + name.strip())
    return cases


def gtest_failure(report, case):
    """The case's first failure message in a gtest JSON report (without its leading source
    location, up to 3 lines), or None if it passed."""
    suite, name = case.split(".", 1)
    for s in report.get("testsuites", []):
        for t in s.get("testsuite", []):
            if s.get("name") == suite and t.get("name") == name:
                failures = t.get("failures", [])
                if not failures:
                    return None
                lines = failures[0]["failure"].strip().splitlines()
                return " ".join(line.strip() for line in lines[1:4] or lines)
    return "the case did not run"


def last_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].strip() if lines else ""


def written_files(testdir):
    """The names of the files the sources write into a case's data directory (test_common.h's
    WriteFile or an ofstream, on GetGoldenDir() + "/<name>"): output.bin in most, output_z.bin in
    ttrans, tcvt, tmatmul, tflashattn; tload's main writes its input, output and golden itself."""
    return sorted(set(WRITTEN.findall(source_text(testdir))))


def run_case(bdir, d, case, written):
    """(passed, reason) for one case run as its own process. The files the sources write are
    deleted first; the case fails when test_common.h's ReadFile or WriteFile reports an error
    (several mains ignore ReadFile's result: a missing input or golden would compare zeros with
    zeros), and a case that passes must have written one of those files."""
    datadir = os.path.join(bdir, d, case)
    for name in written:
        if os.path.exists(os.path.join(datadir, name)):
            os.remove(os.path.join(datadir, name))
    binary = os.path.join(bdir, binary_rel(d))
    with tempfile.TemporaryDirectory() as tmp:
        report_path = os.path.join(tmp, "report.json")
        try:
            r = subprocess.run([binary, f"--gtest_filter={case}", f"--gtest_output=json:{report_path}"],
                               cwd=os.path.dirname(binary), capture_output=True, text=True, timeout=CASE_TIMEOUT)
        except subprocess.TimeoutExpired:
            return False, f"timed out after {CASE_TIMEOUT} s"
        log = os.path.join(bdir, d, "logs", case + ".txt")
        os.makedirs(os.path.dirname(log), exist_ok=True)
        with open(log, "w") as f:
            f.write(r.stdout + r.stderr)
        if not os.path.isfile(report_path):
            how = f"killed by signal {-r.returncode}" if r.returncode < 0 else f"exit {r.returncode}"
            return False, f"{how}: {last_line(r.stderr) or last_line(r.stdout)}"
        with open(report_path) as f:
            failure = gtest_failure(json.load(f), case)
    io_error = IO_ERROR.search(r.stdout)
    if io_error:
        return False, f"test_common.h: {io_error.group(1).strip()}" + (f" ({failure})" if failure else "")
    if failure is not None or r.returncode != 0:
        return False, failure or f"exit {r.returncode}: {last_line(r.stderr)}"
    if written and not any(os.path.isfile(os.path.join(datadir, name)) for name in written):
        return False, f"passed without writing {' or '.join(written)}"
    return True, ""


def run_dir(args, bdir, d, record, expected):
    """Adds the case results of one built directory to its record."""
    written = written_files(os.path.join(testcase_root(args.upstream), d))
    record["cases"] = []
    t0 = time.perf_counter()
    for case in list_cases(os.path.join(bdir, binary_rel(d))):
        passed, reason = run_case(bdir, d, case, written)
        xreason = expected_reason(expected, d, case)
        record["cases"].append({"case": case, "passed": passed, "reason": reason, "expected": xreason})
    record["run_seconds"] = time.perf_counter() - t0


def run_variant(args, name, dirs):
    variant = Variant(name, args)
    expected = read_expected(os.path.join(HERE, "expected_failures.txt"), name, args.profile)
    bdir = os.path.join(args.build, name if name == "upstream" or args.profile == "cpu" else f"{name}-{args.profile}")
    records, wall, lib = build(args, variant, dirs, bdir)
    if lib["errors"]:
        print(f"[{name}] the library failed to build:\n" + "\n".join(lib["errors"][:40]))
    for d in dirs:
        if records[d]["built"]:
            run_dir(args, bdir, d, records[d], expected)
        else:
            records[d]["cases"], records[d]["run_seconds"] = [], 0.0
            records[d]["expected"] = expected_reason(expected, d, "*")
    return {"name": name, "bdir": bdir, "records": records, "wall": wall, "lib": lib}


# ---------------------------------------------------------------------------------------------
# reporting


def outcome(c):
    if c["passed"]:
        return "xpass" if c["expected"] else "pass"
    return "xfail" if c["expected"] else "fail"


def summarize(result, dirs):
    """Prints the per-directory table and the totals; returns the number of unexpected failures."""
    recs = result["records"]
    print(f"\n== upstream CPU tests against {result['name']} ({result['bdir']})")
    print(f"{'dir':<16}{'build':<10}{'build s':>8}{'cases':>7}{'pass':>6}{'fail':>6}{'xfail':>7}{'xpass':>7}{'run s':>7}")
    tot = {"pass": 0, "fail": 0, "xfail": 0, "xpass": 0}
    bad_builds = xfail_builds = 0
    for d in dirs:
        r = recs[d]
        counts = {k: sum(1 for c in r["cases"] if outcome(c) == k) for k in tot}
        for k in tot:
            tot[k] += counts[k]
        state = "ok" if r["built"] else ("xfailed" if r.get("expected") else "FAILED")
        state = "no data" if r["built"] and not r["data"] else state
        bad_builds += state == "FAILED"
        xfail_builds += state == "xfailed"
        print(f"{d:<16}{state:<10}{r['seconds']:>8.1f}{len(r['cases']):>7}{counts['pass']:>6}{counts['fail']:>6}"
              f"{counts['xfail']:>7}{counts['xpass']:>7}{r['run_seconds']:>7.2f}")
    print_details(recs, dirs)
    ncases = sum(tot.values())
    build_s = sum(recs[d]["seconds"] for d in dirs) + result["lib"]["seconds"]
    gen_s = sum(recs[d]["gen_seconds"] for d in dirs)
    run_s = sum(recs[d]["run_seconds"] for d in dirs)
    print(f"totals ({result['name']}): {len(dirs)} dirs: {len(dirs) - bad_builds - xfail_builds} built, "
          f"{bad_builds} failed to build, {xfail_builds} expected not to build; {ncases} cases: {tot['pass']} passed, "
          f"{tot['fail']} failed, {tot['xfail']} expected failures, {tot['xpass']} unexpected passes")
    lib = f" (library {result['lib']['seconds']:.1f} s)" if result["name"] == "ptogen" else ""
    print(f"times ({result['name']}): compile+link {build_s:.1f} s{lib}, gen_data {gen_s:.1f} s, ninja wall-clock "
          f"{result['wall']:.1f} s; running the cases {run_s:.1f} s")
    return bad_builds + tot["fail"] + (1 if result["lib"]["errors"] else 0)


def print_details(recs, dirs):
    for d in dirs:
        r = recs[d]
        if not r["built"]:
            first = next((line for line in r["errors"] if "error" in line), r["errors"][0] if r["errors"] else "")
            why = f"expected: {r['expected']}" if r.get("expected") else f"see {d}/build.log"
            print(f"  {d}: build failed: {first.strip()} ({why})")
        if not r["data"]:
            print(f"  {d}: gen_data.py failed: see {d}/gen_data.log")
        for c in r["cases"]:
            kind = outcome(c)
            if kind == "fail":
                print(f"  FAIL  {d} {c['case']}: {c['reason']}")
            elif kind == "xfail":
                print(f"  xfail {d} {c['case']}: {c['reason']}")
            elif kind == "xpass":
                print(f"  XPASS {d} {c['case']}: passes although expected_failures.txt lists it")


# ---------------------------------------------------------------------------------------------
# timing


def scratch_copy(bdir, d, cases):
    """A scratch directory, on tmpfs where there is one, with copies of the cases' data directories
    and an empty bin/ to run from. The tests rewrite output.bin with O_TRUNC, and on ext4 closing
    a truncated file flushes it to disk (auto_da_alloc): milliseconds a case, which would swamp
    everything else."""
    tmp = tempfile.mkdtemp(prefix="ptogen-upstream-timing-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    for case in cases:
        if os.path.isdir(os.path.join(bdir, d, case)):
            shutil.copytree(os.path.join(bdir, d, case), os.path.join(tmp, case))
    os.makedirs(os.path.join(tmp, "bin"))
    return tmp


def run_seconds(cmd, cwd):
    """The CPU seconds (user and system, every thread) a run of cmd takes: unlike its wall-clock
    time, not what other work on the machine takes from it."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exits {r.returncode} in {cwd}")
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def time_cases(bdirs, d, cases, args):
    """{case: {variant: CPU seconds a repetition of the case}}: each case's binary run --runs times
    a variant, the variants in turns (the first alternating), each run repeating the case --repeat
    times, less the same binary's run of no case (its start and exit); the least of the runs."""
    tmps = {n: scratch_copy(b, d, cases) for n, b in bdirs.items()}
    try:
        def least(n, cases_filter, repeat):
            return min(run_seconds([os.path.join(bdirs[n], binary_rel(d)), "--gtest_filter=" + cases_filter,
                                    f"--gtest_repeat={repeat}"], os.path.join(tmps[n], "bin"))
                       for _ in range(args.runs))
        names = list(bdirs)
        empty = {n: least(n, "-*", 1) for n in names}  # (gtest: a negative pattern of every case)
        out = {}
        for k, case in enumerate(cases):
            times = {n: [] for n in names}
            for r in range(args.runs):
                for n in (names if (k + r) % 2 == 0 else names[::-1]):
                    times[n].append(run_seconds([os.path.join(bdirs[n], binary_rel(d)), f"--gtest_filter={case}",
                                                 f"--gtest_repeat={args.repeat}"], os.path.join(tmps[n], "bin")))
            out[case] = {n: max(min(times[n]) - empty[n], 0.0) / args.repeat for n in names}
        return out
    finally:
        for tmp in tmps.values():
            shutil.rmtree(tmp)


def timing(results, dirs, args):
    up, pg = (results[n]["records"] for n in ("upstream", "ptogen"))
    bdirs = {n: results[n]["bdir"] for n in ("upstream", "ptogen")}
    print(f"\n== timing: each case that passes in both variants, run {args.runs} times a variant in turns with "
          f"--gtest_repeat={args.repeat}; the least CPU time a repetition (less the binary's start and exit)")
    print(f"{'dir':<16}{'case':<56}{'upstream us':>13}{'ptogen us':>11}{'ratio':>7}")
    tot = {"up": 0.0, "pg": 0.0}
    ratios = []
    for d in dirs:
        cases = sorted(set.intersection(*({c["case"] for c in rec[d]["cases"] if c["passed"]} for rec in (up, pg))))
        if not cases:
            continue
        for case, t in time_cases(bdirs, d, cases, args).items():
            tot["up"] += t["upstream"]
            tot["pg"] += t["ptogen"]
            if not (t["upstream"] > 0 and t["ptogen"] > 0):  # a case below the clock's resolution
                print(f"{d:<16}{case:<56}{'(too short to time)':>31}")
                continue
            ratio = t["upstream"] / t["ptogen"]
            ratios.append((ratio, d, case))
            print(f"{d:<16}{case:<56}{t['upstream'] * 1e6:>13.1f}{t['ptogen'] * 1e6:>11.1f}{ratio:>7.2f}")
    if not ratios:
        return
    geo = math.exp(sum(math.log(r) for r, _, _ in ratios) / len(ratios))
    print(f"all {len(ratios)} cases, ms: upstream {tot['up'] * 1e3:.2f}, ptogen {tot['pg'] * 1e3:.2f}, "
          f"ratio {tot['up'] / tot['pg']:.2f}; per case: geometric mean {geo:.2f}, "
          f"{sum(r < 1 for r, _, _ in ratios)} below 1")
    print("lowest: " + ", ".join(f"{d} {c} {r:.2f}" for r, d, c in sorted(ratios)[:5]))
    build_up = sum(up[d]["seconds"] for d in dirs if up[d]["cases"])
    build_pg = sum(pg[d]["seconds"] for d in dirs if pg[d]["cases"])
    print(f"compile+link of the timed directories: upstream {build_up:.1f} s, ptogen {build_pg:.1f} s")
    print("ratio = upstream / ptogen (above 1: ptogen is faster)")


def compare_outputs(results, dirs, upstream):
    """Prints how many of the cases that wrote their files (written_files) in both variants wrote
    the same bytes."""
    same, differ = 0, []
    for d in dirs:
        written = written_files(os.path.join(testcase_root(upstream), d))
        for c in results["ptogen"]["records"][d]["cases"]:
            pairs = [[os.path.join(results[n]["bdir"], d, c["case"], name) for n in ("upstream", "ptogen")]
                     for name in written]
            pairs = [p for p in pairs if all(os.path.isfile(x) for x in p)]
            if pairs:
                if all(read_bytes(p[0]) == read_bytes(p[1]) for p in pairs):
                    same += 1
                else:
                    differ.append(c["case"])
    print(f"\noutputs the same bytes in both variants: {same} of {same + len(differ)} cases"
          + (f"; differ: {', '.join(differ)}" if differ else ""))


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


# ---------------------------------------------------------------------------------------------


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("upstream", help="a PTO-ISA checkout (include/, tests/common/, tests/cpu/st/testcase/)")
    p.add_argument("dirs", nargs="*", help="test directories (default: every one whose instructions ptogen has)")
    p.add_argument("--against", choices=("ptogen", "upstream"), default="ptogen",
                   help="ptogen's header set and cpu kernels (default) or upstream's own simulator")
    p.add_argument("--profile", default="cpu",
                   help="the ptogen variant's profile: cpu (default), or a simulated one (a2a3, a5) of out/<profile>/")
    p.add_argument("--repo", default=ROOT, help="the ptogen checkout (out/include, out/<profile>, out/manifest.json; default: %(default)s)")
    p.add_argument("--build", default=os.path.join(ROOT, "build", "upstream"), help="build directory (default: %(default)s)")
    p.add_argument("--timing", action="store_true", help="build both variants and time them against each other")
    p.add_argument("--demos", action="store_true",
                   help="build and run upstream's three CPU demos (demos/cpu/) against both instead (tests/upstream/demos.py)")
    p.add_argument("--runs", type=int, default=11, help="--timing: runs of each case a variant (default: %(default)s)")
    p.add_argument("--repeat", type=int, default=100, help="--timing: --gtest_repeat of each run (default: %(default)s)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                   help="ninja's parallel jobs (default: the CPUs, %(default)s; more would inflate each compile's time)")
    p.add_argument("--cxx", default="g++")
    p.add_argument("--cc", default="gcc")
    p.add_argument("--python", help="the Python that runs gen_data.py (default: this one or /usr/bin/python3, with numpy)")
    args = p.parse_intermixed_args(argv)
    args.upstream, args.repo, args.build = (os.path.abspath(x) for x in (args.upstream, args.repo, args.build))
    return args


def check_inputs(args, variants, gen_data=True):
    """What is missing to run; gen_data: the upstream tests' numpy (the demos need none)."""
    problems = []
    if not os.path.isdir(os.path.join(args.upstream, "include")) or not os.path.isdir(testcase_root(args.upstream)):
        problems.append(f"{args.upstream} has no include/ or tests/cpu/st/testcase/: not a PTO-ISA checkout")
    if "ptogen" in variants:
        for rel in ("out/include/pto/pto-inst.hpp", "out/include/pto/pto.h", f"out/{args.profile}/pto_{args.profile}_status.c"):
            if not os.path.isfile(os.path.join(args.repo, rel)):
                problems.append(f"{args.repo} has no {rel}: run `ninja gen` there (in a checkout that has the C++ header set)")
    args.python = numpy_python(args.python) if gen_data else None
    if gen_data and args.python is None:
        problems.append("no Python with numpy for gen_data.py: install python3-numpy (setup.sh does) or pass --python")
    if not os.path.isfile(os.path.join(args.repo, "out", "manifest.json")):
        problems.append(f"{args.repo} has no out/manifest.json: run `ninja gen` there")
    for d in args.dirs:
        if not os.path.isfile(os.path.join(testcase_root(args.upstream), d, "main.cpp")):
            problems.append(f"no test directory {d} (tests/cpu/st/testcase/{d}/main.cpp)")
    return problems


def main(argv):
    args = parse_args(argv)
    if args.demos:
        import demos
        problems = check_inputs(args, ["ptogen"], gen_data=False)
        if problems:
            print("\n".join("run.py: " + p for p in problems), file=sys.stderr)
            return 2
        shim = ["-I" + os.path.join(HERE, "format-shim")] if needs_format_shim(args.cxx) else []
        return demos.main(args, ninja_library(args), ninja_var, ninja_escape, shim)
    variants = ["upstream", "ptogen"] if args.timing else [args.against]
    problems = check_inputs(args, variants)
    if problems:
        print("\n".join("run.py: " + p for p in problems), file=sys.stderr)
        return 2
    dirs = args.dirs or select_dirs(args.upstream, args.repo)
    results = {name: run_variant(args, name, dirs) for name in variants}
    bad = sum(summarize(results[name], dirs) for name in variants)
    if args.timing:
        compare_outputs(results, dirs, args.upstream)
        timing(results, dirs, args)
    print(f"\nupstream tests: {'FAILED (' + str(bad) + ' unexpected failures)' if bad else 'ok'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
