"""Splits build/spec.json (every spec, validated by gen/spec2json.lua) into the inputs of the
per-instruction render edges: build/spec/shared.json (dtypes, profiles, kinds),
build/spec/shared-families.json (spec/families.lua: only the index edge reads it, so a new
planned instruction reruns that edge alone) and build/spec/<instruction>.json, each written
only when its bytes change (ninja's restat then reruns only the render edges of what changed).

Before writing anything it runs the checks Python makes after the loader (the model of every
instruction, a template per kind and profile, and, for each instruction whose JSON changes, a
legal test shape for every tuple), so a spec error found here still leaves every output as it
was: the render edges run only after this one succeeded.

Usage: python3 gen/specsplit.py build/spec.json build/spec
"""
import json
import os
import sys
# the generator's modules (and Jinja2's) compiled once, into build/pycache, whether or not the
# environment sets PYTHONDONTWRITEBYTECODE: compiling them was a quarter of a small instruction's render
sys.dont_write_bytecode = False
sys.pycache_prefix = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "pycache")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model as M  # noqa: E402
import outputs  # noqa: E402
import testplan  # noqa: E402

SHARED = ("dtypes", "profiles", "ops", "params", "kinds")
FAMILIES = "shared-families.json"  # no instruction is named with a '-'


def load(shared, instructions, families=None):
    """The Model of shared.json and the given instruction JSONs, in that order, with the
    families of `families` (shared-families.json; none without it)."""
    with open(shared, encoding="utf-8") as f:
        doc = json.load(f)
    doc["families"] = []
    if families:
        with open(families, encoding="utf-8") as f:
            doc["families"] = json.load(f)
    doc["instructions"] = []
    for path in instructions:
        with open(path, encoding="utf-8") as f:
            doc["instructions"].append(json.load(f))
    return M.Model(doc)


def encode(d):
    return json.dumps(d, sort_keys=True, separators=(",", ":")) + "\n"


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None


def check_templates(model):
    for p in outputs.kernel_profiles(model):
        # every kind of an instruction, unless its spec says the profile does not offer it (offered = false)
        for kind in sorted({i.kind_name for i in model.instructions if p not in i.unoffered}):
            if not os.path.exists(os.path.join(outputs.ROOT, "templates", p, kind + ".c.j2")):
                prof = model.profile(p)
                raise M.SpecError(f"{prof['file']}:{prof['line']}: profile {p} has kernels = true but "
                                  f"templates/{p}/{kind}.c.j2 (kind {kind}) does not exist")


def check_test_shapes(inst):
    """Instruction rules that reject every test shape of a tuple are a spec error
    (testplan.no_test_shape), found here so that no render edge has started."""
    for p in outputs.kernel_profiles(inst.model):
        pl = testplan.Plan(inst, p)
        for t in inst.tuples.get(p, []):
            if not pl.has_legal_case(t):
                raise testplan.no_test_shape(inst, p, t, pl.skipped)


def split(spec_json, out_dir):
    """{path: text} of every file to write; raises SpecError."""
    with open(spec_json, encoding="utf-8") as f:
        doc = json.load(f)
    model = M.Model(doc)  # builds every instruction: the model's own checks
    check_templates(model)
    shared = os.path.join(out_dir, "shared.json")
    files = {shared: encode({k: doc[k] for k in SHARED}), os.path.join(out_dir, FAMILIES): encode(doc["families"])}
    shared_changed = read(shared) != files[shared]
    # the profiles each instruction has tuples on decide the build graph: build.ninja depends on this
    files[os.path.join(out_dir, "profiles.txt")] = "".join(
        f"{i.name}: {' '.join(p for p in model.profile_names if i.tuples.get(p))}\n" for i in model.instructions)
    for inst, d in zip(model.instructions, doc["instructions"]):
        path = os.path.join(out_dir, f"{inst.name}.json")
        files[path] = encode(d)
        if shared_changed or read(path) != files[path]:  # unchanged ones passed when they were written
            check_test_shapes(inst)
    return files


def main(argv):
    if len(argv) != 3:
        print("usage: python3 gen/specsplit.py build/spec.json build/spec", file=sys.stderr)
        return 2
    try:
        files = split(argv[1], argv[2])
    except M.SpecError as e:
        print(e, file=sys.stderr)
        print("ptogen: nothing was generated", file=sys.stderr)
        return 1
    for path, text in files.items():
        outputs.write_if_changed(path, text)
    for name in os.listdir(argv[2]):  # an instruction whose spec is gone
        path = os.path.join(argv[2], name)
        if (name.endswith(".json") or name.endswith(".txt")) and path not in files:
            os.remove(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
