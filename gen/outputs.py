"""Which files the renderer writes: shared by gen/configure.py (build edges) and gen/render.py.

Besides the kernels of each kind (templates/<p>/<kind>.c.j2), a profile may bring its own
files: runtime/<p>/<name> is plain C copied to out/<p>/<name> (cpu: ISA dispatch and argmax
rows; simulators, tiling helpers), runtime/common/pto_<name> is plain C every profile shares
(pto_sim_*: every simulated one), copied to out/<p>/pto_<p>_<name>; the generated headers
templates/common/ops.h.j2 (out/<p>/pto_<p>_ops.h: the element operations' spec tables, also the
cpu's ISA variants and row reductions) and templates/common/sim_tables.h.j2
(out/<p>/pto_<p>_sim_tables.h) give that C what varies with the specs, as X-macro tables; and
templates/<p>/include/<name>.j2 becomes the public header out/include/pto/pto_<p>_<name>
(included by pto.h).
"""
import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def kernel_profiles(model):
    return [p for p in model.profile_names if model.profile(p)["kernels"]]


def profile_files(p, part):
    """(output name, template) of templates/<p>/<part>/*.j2, sorted."""
    paths = sorted(glob.glob(os.path.join(ROOT, "templates", p, part, "*.j2")))
    return [(f"pto_{p}_{os.path.basename(t)[:-3]}", os.path.relpath(t, os.path.join(ROOT, "templates"))) for t in paths]


def runtime_files(p):
    """(output name, source) of runtime/<p>/*.c and *.h: hand-written C of a profile (the cpu's ISA
    dispatch and argmax rows; a machine model's simulator, tiling or chunking helpers), copied
    into out/<p>/ as they are."""
    paths = sorted(glob.glob(os.path.join(ROOT, "runtime", p, "*.[ch]")))
    return [(os.path.basename(t), os.path.relpath(t, ROOT)) for t in paths]


def runtime_common_files(model, p):
    """(output name, source) of runtime/common/pto_<name>: hand-written C every profile shares (the
    verifier core, the element operations, the exp; pto_sim_*: the simulator core, only for
    profiles with an instruction set),
    written for any profile by the PTO()/PTO_() name macros, copied into out/<p>/ as pto_<p>_<name>."""
    paths = sorted(glob.glob(os.path.join(ROOT, "runtime", "common", "pto_*.[ch]")))
    return [(f"pto_{p}_{os.path.basename(t)[4:]}", os.path.relpath(t, ROOT)) for t in paths
            if model.profile(p)["isa"] or not os.path.basename(t).startswith("pto_sim_")]


def public_headers(model):
    """Profile headers under out/include/pto/, as pto.h includes them."""
    return [f"pto/{name}" for p in kernel_profiles(model) for name, _ in profile_files(p, "include")]


def first_headers(p):
    """The headers a kernel file of profile p includes before any other: they set how the whole
    file compiles (runtime/<p>/*_tune.h: the cpu's gcc tuning)."""
    return [name for name, _ in runtime_files(p) if name.endswith("_tune.h")]


def support_headers(p):
    """The headers a kernel file of profile p includes (besides its instruction header and the first ones)."""
    return ([f"pto/{name}" for name, _ in profile_files(p, "include")]
            + [f"pto_{p}_ops.h"] + [name for name, _ in runtime_files(p) if name.endswith(".h") and name not in first_headers(p)])


def planned(model):
    """(path, template, what) for every generated file; `what` names the context builder.
    Made once per model (configure asks for every test program's library)."""
    if getattr(model, "_planned", None) is None:
        model._planned = _planned(model)
    return list(model._planned)


def _planned(model):
    out = [("out/include/pto/pto_types.h", "include/pto_types.h.j2", ("types", None, None)),
           ("out/include/pto/pto_layout.h", "include/pto_layout.h.j2", ("types", None, None)),
           ("out/include/pto/pto.h", "include/pto.h.j2", ("umbrella", None, None)),
           # internal to the C++ API, not part of the C interface: the memo twins' memo
           ("out/include/pto/cpp/detail/memo.h", "include/cpp/memo.h.j2", ("memo_types", None, None)),
           ("out/legality.txt", None, ("legality", None, None)),
           ("out/manifest.json", None, ("manifest", None, None))]
    out.append(("out/docs/index.md", "docs/index.md.j2", ("doc_index", None, None)))
    # docs/instructions.md, committed: tests/run.py compares the two (its golden files)
    out.append(("out/instructions.md", "docs/instructions.md.j2", ("doc_instructions", None, None)))
    for inst in model.instructions:
        out.append((f"out/include/pto/{inst.name}.h", "include/instruction.h.j2", ("header", None, inst)))
        # internal to the C++ API: the memo twins of its checked entry points (defined with them)
        out.append((f"out/include/pto/cpp/detail/{inst.name}_memo.h", "include/cpp/memo_entries.h.j2", ("memo_entries", None, inst)))
        out.append((f"out/docs/{inst.name}.md", "docs/instruction.md.j2", ("doc", None, inst)))
    out += cpp_files(model)
    for p in kernel_profiles(model):
        out += [(f"out/{p}/pto_{p}_verify.h", "common/verify.h.j2", ("verify", p, None)),
                (f"out/{p}/pto_{p}_verify.c", "common/verify.c.j2", ("verify", p, None)),
                (f"out/{p}/pto_{p}_status.c", "common/status.c.j2", ("verify", p, None)),
                (f"out/{p}/pto_{p}_ops.h", "common/ops.h.j2", ("ops", p, None))]
        out += [(f"out/include/pto/{name}", t, ("ops", p, None)) for name, t in profile_files(p, "include")]
        out += [(f"out/{p}/{name}", None, ("copy", src, None)) for name, src in runtime_files(p)]
        if model.profile(p)["isa"]:  # the simulator's spec tables
            out.append((f"out/{p}/pto_{p}_sim_tables.h", "common/sim_tables.h.j2", ("ops", p, None)))
        out += [(f"out/{p}/{name}", None, ("copy", src, None)) for name, src in runtime_common_files(model, p)]
        for inst in model.instructions_on(p):
            out.append((f"out/{p}/{inst.name}.c", "common/instruction.c.j2", ("instruction", p, inst)))
        for inst in model.refused_on(p):  # listed, not offered yet: entry points that refuse
            out.append((f"out/{p}/{inst.name}.c", "common/refused.c.j2", ("refused", p, inst)))
        for inst in tested_on(model, p):
            out.append((f"out/tests/{p}/test_{inst.name}.c", "tests/instruction_test.c.j2", ("test", p, inst)))
        out += fuzz(model, p)
        if model.profile(p)["isa"]:  # the NPU profiles are measured by their simulators' counters
            out.append((f"out/bench/{p}/counters.c", "bench/counters.c.j2", ("counters", p, None)))
        else:
            out += bench(model, p)
    return out


def tested_on(model, p):
    """The instructions with a generated test on profile p: those it offers (every legal tuple)
    and those it lists but refuses (each such call refused, nothing written)."""
    return model.instructions_on(p) + model.refused_on(p)


def first_of_kind(model, p):
    """Per kind, the first instruction (by name) on profile p: ninja test's sample of every kernel
    template where a check of each instruction would cost CI's time (memcheck, the firmware build,
    clang++'s C++ API check, the NPU profiles' C++ API programs); ninja valgrind, ninja firmware
    and ninja all check them all."""
    first = {}
    for inst in sorted(model.instructions_on(p), key=lambda i: i.name):
        first.setdefault(inst.kind_name, inst.name)
    return sorted(first.values())


def cpp_files(model):
    """The C++ API (gen/cppapi.py): runtime/cpp/ copied under out/include/ as it is, the params'
    enums, the profiles (pto/cpp/profile.hpp), one header and test per instruction the cpu has,
    pto-inst.hpp including them, and a test program per simulated profile."""
    if "cpu" not in kernel_profiles(model):
        return []
    base = os.path.join(ROOT, "runtime", "cpp")
    out = [(f"out/include/{os.path.relpath(src, base)}", None, ("copy", os.path.relpath(src, ROOT), None))
           for src in sorted(glob.glob(os.path.join(base, "**", "*.hpp"), recursive=True))]
    out.append(("out/include/pto/cpp/params.hpp", "include/cpp/params.hpp.j2", ("cpp_params", None, None)))
    out.append(("out/include/pto/cpp/profile.hpp", "include/cpp/profile.hpp.j2", ("cpp_profile", None, None)))
    import cppapi
    for inst in cppapi.instructions(model):
        out.append((f"out/include/pto/cpp/{inst.name}.hpp", "include/cpp/instruction.hpp.j2", ("cpp", None, inst)))
        out.append((f"out/tests/cpp/test_{inst.name}.cpp", "tests/cpp_test.cpp.j2", ("cpp_test", None, inst)))
    out.append(("out/include/pto/pto-inst.hpp", "include/cpp/pto-inst.hpp.j2", ("cpp_index", None, None)))
    for p in cpp_profiles(model):
        out.append((f"out/tests/cpp/test_{p}.cpp", "tests/cpp_profile_test.cpp.j2", ("cpp_profile_test", p, None)))
    return out


def sim_profiles(model):
    """The simulated profiles: kernels over a machine model's instruction set."""
    return [p for p in kernel_profiles(model) if model.profile(p)["isa"]]


def cpp_profiles(model):
    """The simulated profiles, each with one C++ API test program (out/tests/cpp/test_<p>.cpp)."""
    return sim_profiles(model)


# Files made from the dtypes, profiles and kinds alone: no instruction edit reruns their edge.
BASE_WHATS = ("types", "memo_types", "verify", "ops", "copy", "cpp_params", "cpp_profile")


def part(what):
    """The render edge that writes a file: its instruction's name (that instruction's own
    files), "base" (files of the dtypes, profiles and kinds alone) or "index" (files over every
    instruction: legality matrix, manifest, pto.h, docs index, fuzz tables, bench index...)."""
    kind, _, inst = what
    if inst is not None:
        return inst.name
    return "base" if kind in BASE_WHATS else "index"


def write_if_changed(path, text):
    """Write `text` unless the file holds it already: ninja's restat then skips what depends on
    it. Written through a temporary file, so a reader never sees half a file."""
    data = text.encode("utf-8")
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return True


def library_sources(model, profile):
    """The C files that form a profile's library: every .c generated under out/<profile>/
    (kernels, entry points, verifier, and any host simulator a profile adds)."""
    if getattr(model, "_library_sources", None) is None:
        model._library_sources = {}
        for p, _, _ in planned(model):
            if p.endswith(".c"):  # keyed by out/<profile>/
                model._library_sources.setdefault(p.split("/")[1], []).append(p)
    return list(model._library_sources.get(profile, []))


def cross_profile(model, p):
    """The kernel profile whose bits profile p's tests compare against: one that accepts p's
    tuples (the cpu accepts the union of the NPU profiles), or None."""
    for q in kernel_profiles(model):
        if p in (model.profile(q)["accepts"] or []):
            return q
    return None


def fuzzed_on(model, p):
    """The instructions the fuzzer calls: a kind whose module says FUZZ = False has operands its
    descriptors cannot make (a global tensor: gen/kinds/_gm.py)."""
    import kinds  # kinds imports model, which the callers have loaded
    return [i for i in model.instructions_on(p) if getattr(kinds.of(i), "FUZZ", True)]


def fuzz(model, p):
    """The fuzz tables (tests/fuzz/fuzz.c): one per instruction, so a spec edit renders and
    recompiles only its own, and their index with the profile's machine."""
    return [(f"out/fuzz/{p}/fuzz_{inst.name}.c", "fuzz/instruction.c.j2", ("fuzz", p, inst))
            for inst in fuzzed_on(model, p)] + [(f"out/fuzz/{p}/fuzz_entries.c", "fuzz/entries.c.j2", ("fuzz_index", p, None))]


def bench(model, p):
    """The benchmark's generated sources (`ninja bench`): one case file per instruction, so a spec
    edit recompiles only its own, and the index of their tables."""
    return [(f"out/bench/{p}/bench_{inst.name}.c", "bench/cases.c.j2", ("bench", p, inst))
            for inst in model.instructions_on(p)] + [(f"out/bench/{p}/bench_index.c", "bench/index.c.j2", ("bench_index", p, None))]
