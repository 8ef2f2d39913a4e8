"""Which files the renderer writes: shared by gen/configure.py (build edges) and gen/render.py."""


def kernel_profiles(model):
    return [p for p in model.profile_names if model.profile(p)["kernels"]]


def planned(model):
    """(path, template, what) for every generated file; `what` names the context builder."""
    out = [("out/include/pto/pto_types.h", "include/pto_types.h.j2", ("types", None, None)),
           ("out/include/pto/pto.h", "include/pto.h.j2", ("umbrella", None, None)),
           ("out/legality.txt", None, ("legality", None, None)),
           ("out/manifest.json", None, ("manifest", None, None))]
    for inst in model.instructions:
        out.append((f"out/include/pto/{inst.name}.h", "include/instruction.h.j2", ("header", None, inst)))
    for p in kernel_profiles(model):
        out += [(f"out/{p}/pto_{p}_verify.h", "common/verify.h.j2", ("verify", p, None)),
                (f"out/{p}/pto_{p}_verify.c", "common/verify.c.j2", ("verify", p, None)),
                (f"out/{p}/pto_{p}_status.c", "common/status.c.j2", ("verify", p, None)),
                (f"out/{p}/pto_{p}_ops.h", f"{p}/ops.h.j2", ("ops", p, None))]
        for inst in model.instructions:
            out.append((f"out/{p}/{inst.name}.c", "common/instruction.c.j2", ("instruction", p, inst)))
            out.append((f"out/tests/{p}/test_{inst.name}.c", "tests/instruction_test.c.j2", ("test", p, inst)))
        out += bench(model, p)
    return out


def bench(model, p):
    """The benchmark's generated sources (`ninja bench`): one case file per instruction, so a spec
    edit recompiles only its own, and the index of their tables."""
    return [(f"out/bench/{p}/bench_{inst.name}.c", "bench/cases.c.j2", ("bench", p, inst))
            for inst in model.instructions] + [(f"out/bench/{p}/bench_index.c", "bench/index.c.j2", ("bench_index", p, None))]
