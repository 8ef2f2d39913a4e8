"""Times the generator and the build in a scratch copy of the repository (the working tree is
never touched): full regeneration of every spec (`ninja gen` on a clean tree), the full build,
a no-op `ninja`, a spec touched without a change, and one-spec edits (its summary, its math),
each as `ninja gen` (the regeneration) and then `ninja` (until the tests can run), then the
edit undone. Edges run are counted from .ninja_log (restat prunes the plan, so ninja's
[done/planned] overstates); the generator steps among them are named with their seconds.
Prints a Markdown table; bench/run.py calls it after the kernel tables.

Usage: python3 bench/gen_timing.py   (standalone; needs what ./setup.sh installs)
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPY = ["spec", "gen", "templates", "runtime", "tests", "bench"]  # what configure and the build read
MATH = re.compile(r'math = "((max|min)\(.*?)"')  # an edit swaps max and min: a new operation
GENERATOR_STEPS = ("build/spec.json", "build/spec/shared.json", "out/")  # SPEC, SPLIT, RENDER


def log_lines(tree):
    try:
        with open(os.path.join(tree, ".ninja_log")) as f:
            return [ln.split("\t") for ln in f if not ln.startswith("#")]
    except FileNotFoundError:
        return []


def ninja(tree, *targets):
    """Run ninja; returns (seconds, edges run, the generator edges run as 'OUTPUT 0.12 s')."""
    before = len(log_lines(tree))
    t0 = time.monotonic()
    r = subprocess.run(["ninja", "-C", tree, *targets], capture_output=True, text=True)
    took = time.monotonic() - t0
    if r.returncode:
        sys.exit(f"gen_timing: ninja {' '.join(targets)} failed:\n{r.stdout[-3000:]}{r.stderr[-2000:]}")
    lines = log_lines(tree)
    ran = {}  # the lines this run appended (times count from ninja's start): one per output of an edge
    for start, end, _, path, cmd in lines[before:] if len(lines) >= before else lines:
        ran.setdefault((int(start), int(end), cmd.strip()), path)
    steps = sorted((k[0], v, (k[1] - k[0]) / 1000) for k, v in ran.items() if v.startswith(GENERATOR_STEPS))
    names = [f"{render_part(path)} {secs:.2f}" for _, path, secs in steps]
    return took, len(ran), ", ".join(names)


def render_part(path):
    """What a generator edge is, by its first output."""
    if path == "build/spec.json":
        return "spec"
    if path.startswith("build/spec/"):
        return "split"
    m = re.match(r"out/include/pto/(\w+)\.h$", path)
    return f"render {m.group(1)}" if m and not m.group(1).startswith("pto") else \
        "render index" if path == "out/include/pto/pto.h" else "render base"


def bump(path):
    """Now as the file's modification time: newer than everything built so far (ninja compares
    nanoseconds), not in the future, where every later build would still find it newer than
    its outputs."""
    time.sleep(0.01)
    os.utime(path, None)


def edit(tree, spec, old, new):
    with open(spec) as f:
        text = f.read()
    with open(spec, "w") as f:
        f.write(text.replace(old, new, 1))
    bump(spec)
    return text


def edited_spec(tree):
    """The spec the edits time: the first by name whose math calls max or min (both edits then
    apply), else the first."""
    specs = sorted(glob.glob(os.path.join(tree, "spec", "isa", "*.lua")))
    for spec in specs:
        with open(spec) as f:
            if MATH.search(f.read()):
                return spec
    return specs[0]


def measure(tree):
    env = dict(os.environ, PYTHON=sys.executable)
    subprocess.run([sys.executable, "gen/configure.py"], cwd=tree, env=env, check=True)
    spec = edited_spec(tree)
    name = os.path.relpath(spec, tree)
    rows = [("full regeneration of all specs (`ninja gen`, clean tree)",) + ninja(tree, "gen"),
            ("full build (`ninja`, after the regeneration)",) + ninja(tree),
            ("no-op `ninja`",) + ninja(tree)]
    bump(spec)
    rows.append((f"`{name}` touched, unchanged",) + ninja(tree))
    with open(spec) as f:
        original = f.read()
    math = MATH.search(original)
    edits = [("summary", 'summary = "', 'summary = "(edited) ')]
    if math:  # another vector instruction and element operation: its kernels, tests and docs change
        other = math.group(1).replace(math.group(2), "min" if math.group(2) == "max" else "max", 1)
        edits.append(("math", f'math = "{math.group(1)}"', f'math = "{other}"'))
    for what, old, new in edits:
        if old not in original:
            sys.exit(f"gen_timing: {name} has no {what} to edit")
        edit(tree, spec, old, new)
        rows.append((f"one-spec edit, its {what}: regeneration (`ninja gen`)",) + ninja(tree, "gen"))
        rows.append((f"one-spec edit, its {what}: then the build until the tests can run (`ninja`)",) + ninja(tree))
        with open(spec, "w") as f:
            f.write(original)
        bump(spec)
        rows.append(("the edit undone (`ninja`)",) + ninja(tree))
    return rows


def main():
    tree = tempfile.mkdtemp(prefix="ptogen-gen-timing-")
    try:
        for d in COPY:
            shutil.copytree(os.path.join(ROOT, d), os.path.join(tree, d),
                            ignore=shutil.ignore_patterns("__pycache__"))
        rows = measure(tree)
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    lines = ["| generator and build, in a scratch copy | seconds | ninja edges run | generator edges run (seconds) |",
             "|---|--:|--:|---|"]
    lines += [f"| {what} | {secs:.2f} | {edges} | {steps or '-'} |" for what, secs, edges, steps in rows]
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
