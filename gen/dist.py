"""ninja dist: a tarball for firmware consumers who have neither Lua nor Python: out/include, the
library sources of every kernel profile, the reference pages, the legality matrix and
manifest.json, plus a Makefile (one static library per profile) and MANIFEST (profiles, entry
points, and every file with its size and SHA-256). Byte-identical from run to run: sorted
entries, no times, no owners.

Usage: python3 gen/dist.py OUT.tar.gz [--check]   (--check: unpack it and run make)
"""
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

import jinja2

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PREFIX = "ptogen"


def files_under(rel):
    out = []
    for dirpath, _, names in os.walk(os.path.join(ROOT, "out", rel)):
        out += [os.path.relpath(os.path.join(dirpath, n), os.path.join(ROOT, "out")) for n in names]
    return sorted(out)


def contents():
    """{path in the tarball: bytes}: the copied outputs and the two generated files."""
    with open(os.path.join(ROOT, "out", "manifest.json")) as f:
        manifest = json.load(f)
    profiles = [p["name"] for p in manifest["profiles"] if p["kernels"]]
    paths = files_under("include") + files_under("docs") + ["legality.txt", "manifest.json"]
    for p in profiles:
        paths += files_under(p)
    data = {}
    for rel in paths:
        with open(os.path.join(ROOT, "out", rel), "rb") as f:
            data[rel] = f.read()
    data["Makefile"] = makefile(profiles, data).encode()
    data["MANIFEST"] = manifest_text(manifest, profiles, data).encode()
    return data


def makefile(profiles, data):
    per = []
    for p in profiles:
        srcs = sorted(x for x in data if x.startswith(p + "/") and x.endswith(".c"))
        objects = [{"src": s, "obj": s[:-2] + ".o"} for s in srcs]
        per.append({"name": p, "lib": f"lib/libpto_{p}.a", "objects": objects,
                    "objs": " ".join(o["obj"] for o in objects)})
    ctx = {"headers": " ".join(sorted(x for x in data if x.endswith(".h"))), "profiles": per,
           "libs": " ".join(p["lib"] for p in per), "objects": " ".join(p["objs"] for p in per)}
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(ROOT, "templates")),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True)
    return env.get_template("dist/Makefile.j2").render(**ctx)


def manifest_text(manifest, profiles, data):
    lines = ["ptogen distribution: generated freestanding C11 kernels and their checked entry points.",
             "Build: make (see Makefile); include \"pto/pto.h\" from include/. Reference: docs/index.md.",
             f"profiles with kernels: {' '.join(profiles)}", "", "entry points:"]
    for inst in manifest["instructions"]:
        for p in profiles:
            lines += [f"  {e}" for e in sorted({t["entry"] for t in inst["tuples"].get(p, [])})]
    lines += ["", "files (sha256  bytes  path):"]
    lines += [f"{hashlib.sha256(b).hexdigest()}  {len(b)}  {path}" for path, b in sorted(data.items())]
    return "\n".join(lines) + "\n"


def write(out, data):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for path, b in sorted(data.items()):
            info = tarfile.TarInfo(f"{PREFIX}/{path}")
            info.size, info.mode, info.mtime = len(b), 0o644, 0
            tar.addfile(info, io.BytesIO(b))
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out + ".tmp", "wb") as f, gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0) as gz:
        gz.write(buf.getvalue())
    os.replace(out + ".tmp", out)


def check(out, cc="cc", cflags="-O1 -Wall -Wextra -Werror -pedantic", inspect=None):
    """Unpack the tarball and build every library with make alone; returns the libraries.
    inspect(profile, objects), if given, sees each profile's objects before they go."""
    if not shutil.which("make"):
        sys.exit("dist: make is not installed (./setup.sh installs it)")
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(out) as tar:
            tar.extractall(tmp)
        top = os.path.join(tmp, PREFIX)
        r = subprocess.run(["make", "-s", f"-j{os.cpu_count() or 1}", f"CC={cc}", f"CFLAGS={cflags}"], cwd=top,
                           capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"dist: make failed in the unpacked tarball:\n{r.stdout}{r.stderr}")
        if inspect:
            for lib in sorted(os.listdir(os.path.join(top, "lib"))):
                p = lib[len("libpto_"):-len(".a")]
                inspect(p, sorted(os.path.join(dirpath, n) for dirpath, _, names in os.walk(os.path.join(top, p))
                                  for n in names if n.endswith(".o")))
        return sorted(os.listdir(os.path.join(top, "lib")))


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    data = contents()
    write(argv[1], data)
    print(f"dist: {argv[1]}: {len(data)} files, {os.path.getsize(argv[1])} bytes")
    if "--check" in argv[2:]:
        print(f"dist: make in the unpacked tarball built {', '.join(check(argv[1]))}")


if __name__ == "__main__":
    main(sys.argv)
