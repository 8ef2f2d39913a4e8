"""ninja dist (gen/dist.py): the tarball is byte-identical run to run, holds the headers, every
library source of every kernel profile, the docs, a Makefile and a MANIFEST of checksums, and
builds with make alone."""
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "gen"))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import dist  # noqa: E402
import firmware  # noqa: E402


class Dist(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.a, cls.b = (os.path.join(cls.tmp.name, n) for n in ("a.tar.gz", "b.tar.gz"))
        dist.write(cls.a, dist.contents())
        dist.write(cls.b, dist.contents())
        with tarfile.open(cls.a) as tar:
            cls.files = {m.name[len(dist.PREFIX) + 1:]: tar.extractfile(m).read() for m in tar.getmembers()}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_byte_identical(self):
        with open(self.a, "rb") as f, open(self.b, "rb") as g:
            self.assertEqual(f.read(), g.read())

    def test_contents(self):
        with open(os.path.join(ROOT, "out", "manifest.json")) as f:
            profiles = [p["name"] for p in json.load(f)["profiles"] if p["kernels"]]
        want = {"Makefile", "MANIFEST", "include/pto/pto.h", "docs/index.md", "legality.txt", "manifest.json"}
        for p in profiles:
            for dirpath, _, names in os.walk(os.path.join(ROOT, "out", p)):
                want |= {os.path.relpath(os.path.join(dirpath, n), os.path.join(ROOT, "out")) for n in names}
        self.assertLessEqual(want, set(self.files))
        self.assertFalse([f for f in self.files if f.startswith("tests/") or f.startswith("fuzz/")])

    def test_manifest_checksums(self):
        manifest = self.files["MANIFEST"].decode()
        for path, data in self.files.items():
            if path != "MANIFEST":
                self.assertIn(f"{hashlib.sha256(data).hexdigest()}  {len(data)}  {path}\n", manifest)

    def test_make_alone_builds_every_library(self):
        # clang -O0: half of gcc's time on the cpu kernels (gcc takes a third of a second to read
        # immintrin.h); ninja dist's own check builds with cc. Its objects are every library
        # source compiled freestanding: tests/firmware.py's symbol and FMA checks run on them
        # here (ninja test's gcc -Os firmware build takes each kind's first instruction only),
        # the four functions compilers require of a freestanding environment allowed at -O0.
        # On x86, <immintrin.h> precompiled once (CFLAGS may add flags): reading it was two
        # thirds of clang's time on a cpu file.
        cc = "clang" if shutil.which("clang") else "cc"
        checked = []

        def freestanding(profile, objs):
            with tempfile.TemporaryDirectory() as tmp:
                firmware.check(cc, cc, "", "nm", "size", os.path.join(tmp, "sizes"), objs, firmware.COMPILER_REQUIRED)
            checked.append(profile)
        cflags = "-O0 -Wall -Wextra -Werror -pedantic"
        with tempfile.TemporaryDirectory() as tmp:
            if cc == "clang" and platform.machine() == "x86_64":
                pch = os.path.join(tmp, "simd.h.pch")
                subprocess.run([cc, "-x", "c-header", "-std=c11", "-ffreestanding", "-ffp-contract=off", "-O0", "-",
                                "-o", pch], input=b"#include <immintrin.h>\n", check=True)
                cflags += f" -include-pch {pch}"
            libs = dist.check(self.a, cc=cc, cflags=cflags, inspect=freestanding)
        self.assertEqual([f"libpto_{p}.a" for p in checked], libs)
