"""Times the generator and the build in a scratch copy of the repository (the working tree is
never touched): full regeneration of every spec (`ninja gen` on a clean tree), the full build,
a no-op `ninja`, a spec touched without a change, and a real one-spec edit (its summary), then
the edit undone. Prints a Markdown table; bench/run.py calls it after the kernel tables.

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
EDITED = "spec/isa/tmaxs.lua"


def ninja(tree, *targets):
    """Run ninja; returns (seconds, edges run)."""
    t0 = time.monotonic()
    r = subprocess.run(["ninja", "-C", tree, *targets], capture_output=True, text=True)
    took = time.monotonic() - t0
    if r.returncode:
        sys.exit(f"gen_timing: ninja {' '.join(targets)} failed:\n{r.stdout[-3000:]}{r.stderr[-2000:]}")
    steps = re.findall(r"^\[(\d+)/\d+\]", r.stdout, re.M)  # [done/planned]: restat prunes the plan
    return took, int(steps[-1]) if steps else 0


def bump(path):
    """A modification time past everything built so far: ninja compares mtimes, which tick coarsely."""
    t = time.time() + 2
    os.utime(path, (t, t))


def measure(tree):
    env = dict(os.environ, PYTHON=sys.executable)
    subprocess.run([sys.executable, "gen/configure.py"], cwd=tree, env=env, check=True)
    spec = os.path.join(tree, EDITED) if os.path.exists(os.path.join(tree, EDITED)) \
        else sorted(glob.glob(os.path.join(tree, "spec", "isa", "*.lua")))[0]
    name = os.path.relpath(spec, tree)
    rows = [("full regeneration of all specs (`ninja gen`, clean tree)",) + ninja(tree, "gen"),
            ("full build (`ninja`, after the regeneration)",) + ninja(tree),
            ("no-op `ninja`",) + ninja(tree)]
    bump(spec)
    rows.append((f"`{name}` touched, unchanged",) + ninja(tree))
    with open(spec) as f:
        original = f.read()
    if 'summary = "' not in original:
        sys.exit(f"gen_timing: {name} has no summary to edit")
    with open(spec, "w") as f:
        f.write(original.replace('summary = "', 'summary = "(edited) ', 1))
    bump(spec)
    rows.append((f"one-spec edit: `{name}`'s summary changed",) + ninja(tree))
    with open(spec, "w") as f:
        f.write(original)
    bump(spec)
    rows.append(("the edit undone",) + ninja(tree))
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
    lines = ["| generator and build, in a scratch copy | seconds | ninja edges run |", "|---|--:|--:|"]
    lines += [f"| {what} | {secs:.2f} | {edges} |" for what, secs, edges in rows]
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
