"""Scratch trees for the generator tests: this checkout's generator (gen/, templates/) and shared
specs (dtypes, profiles, kinds) with the instruction specs a test chooses, so that no test
depends on which instructions spec/isa/ holds today.

FIXTURES (tests/gen/fixtures/isa/) are frozen instruction specs: the CLI tests ask about them,
the bad-spec corpus breaks them. They change only with the tests that read them. An instruction
a test writes (write_spec) is listed by its family in the tree's spec/families.lua, as a new
instruction must be.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "gen", "fixtures", "isa")
SHARED_SPECS = ("dtypes.lua", "families.lua", "profiles.lua", "ops.lua", "kinds.lua")


def fixture_names():
    return sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(FIXTURES, "*.lua")))


def spec_tree(dst, fixtures=True, isa=None):
    """dst/spec: the shared specs, the fixture instructions (if `fixtures`) and `isa`
    ({instruction name: Lua text})."""
    os.makedirs(os.path.join(dst, "spec", "isa"), exist_ok=True)
    for name in SHARED_SPECS:
        shutil.copy(os.path.join(ROOT, "spec", name), os.path.join(dst, "spec", name))
    if fixtures:
        for path in glob.glob(os.path.join(FIXTURES, "*.lua")):
            shutil.copy(path, os.path.join(dst, "spec", "isa"))
    for name, text in (isa or {}).items():
        write_spec(dst, name, text)
    return dst


def tree(dst, fixtures=True, isa=None, real_isa=False):
    """A buildable scratch tree: gen/, templates/, spec/ (spec_tree, or this checkout's spec/isa
    with real_isa), the test directories build.ninja names, empty, and the long targets' table
    (tests/exhaustive.py), which configure reads."""
    for d in ("gen", "templates", "runtime"):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(dst, d), ignore=shutil.ignore_patterns("__pycache__"))
    if real_isa:
        shutil.copytree(os.path.join(ROOT, "spec"), os.path.join(dst, "spec"))
    else:
        spec_tree(dst, fixtures, isa)
    for d in ("tests/harness", "tests/harness/kinds", "tests/unit", "tests/gen/fixtures/isa", "tests/bad_specs"):
        os.makedirs(os.path.join(dst, d), exist_ok=True)
    shutil.copy(os.path.join(ROOT, "tests", "exhaustive.py"), os.path.join(dst, "tests"))
    return dst


def write_spec(dst, name, text):
    """spec/isa/<name>.lua, its instruction listed by its family (list_in_family)."""
    with open(os.path.join(dst, "spec", "isa", name + ".lua"), "w") as f:
        f.write(text)
    list_in_family(dst, text)


def list_in_family(dst, text):
    """Lists the instruction of spec text `text` in its family in the tree's spec/families.lua,
    without planned entry points (moved there if an earlier text put it in another family),
    unless spec/families.lua lists it already: a scratch instruction (tgen) is a new instruction,
    which its family must list."""
    name, family = re.search(r'\bname = "(\w+)"', text), re.search(r'\bfamily = "([\w-]+)"', text)
    if not name or not family:
        return
    path = os.path.join(dst, "spec", "families.lua")
    with open(path) as f:
        old = f.read()
    listed = old.find(f' "{name.group(1)}",')  # by an earlier call: in the family of its spec?
    if listed >= 0 and re.findall(r'\bname = "([\w-]+)"', old[:listed])[-1:] == [family.group(1)]:
        return
    plan = old.replace(f' "{name.group(1)}",', "")
    m = re.search(r'\bname = "%s".*?\binstructions = \{' % re.escape(family.group(1)), plan, re.S)
    if m and not re.search(r'"%s\b' % name.group(1), plan):  # an unknown family stays unknown: the loader says so
        plan = plan[:m.end()] + f' "{name.group(1)}",' + plan[m.end():]
    if plan != old:
        with open(path, "w") as f:
            f.write(plan)


def configure(dst):
    r = subprocess.run([sys.executable, "gen/configure.py"], cwd=dst, capture_output=True, text=True,
                       env=dict(os.environ, PYTHON=sys.executable))
    assert r.returncode == 0, r.stdout + r.stderr
    return r


def ninja(dst, *targets):
    """ninja in the tree; returns (returncode, everything it printed)."""
    r = subprocess.run(["ninja", "-C", dst] + list(targets), capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def generate(dst, *targets):
    """`ninja gen` (or these targets) in the tree, configured first if it is not yet; returns
    (returncode, output)."""
    if not os.path.exists(os.path.join(dst, "build.ninja")):
        configure(dst)
    return ninja(dst, *(targets or ("gen",)))


def snapshot(dst):
    """{path under out/: (bytes, mtime)}."""
    out = {}
    for path in sorted(glob.glob(os.path.join(dst, "out", "**", "*"), recursive=True)):
        if os.path.isfile(path):
            with open(path, "rb") as f:
                out[os.path.relpath(path, dst)] = (f.read(), os.stat(path).st_mtime_ns)
    return out


# Small valid instructions, one per kind, for the tests that need specs of their own.
SCALAR = """instruction {{
  name = "{name}",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "{summary}",
  math = "max(src, scalar)",
  legal = {{
    a2a3 = {{ T = {{ "f32", "f16" }} }},
    a5 = {{ T = {{ "f32", "i16" }} }},
  }},{rules}
}}
"""


def scalar(name, summary="A scratch instruction of the generator tests.", rules=""):
    return SCALAR.format(name=name, summary=summary, rules=rules)
