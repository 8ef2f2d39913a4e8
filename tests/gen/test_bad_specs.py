"""The bad-spec corpus: every file in tests/bad_specs/ must make spec2json fail fast, with
exactly the expected `file:line: message` lines and nothing written.

The cases break a scratch spec set: the shared specs of this checkout and the fixture
instructions (tests/gen/scratch.py), so they do not change with the instructions of spec/isa/.
A corpus file starts with header lines, then the full text of the spec file it stands for:
    -- target: isa/tmaxs.lua     the file under spec/ that the case replaces or adds
    -- precompile: yes           optional: the text is compiled to a Lua bytecode chunk first
    -- expect: spec/...:7: ...   one line per expected error line, in printed order
A case that breaks one of the shared files (dtypes.lua, profiles.lua, kinds.lua) is a patch
of the live file instead of a copy that would go stale; it has no text after its header:
    -- replace: <text>           text that occurs exactly once in the target (\n for a newline)
    -- with: <text>              what replaces it
    -- append: <line>            a line added at the end
In a patch case's expected lines, {with} stands for the line number where the last `with`
text starts, so edits elsewhere in the live file do not break the case.
"""
import glob
import json
import os
import re
import resource
import shutil
import subprocess
import tempfile
import unittest

from tests.gen import scratch

SPECS = "scratch"  # tests/run.py: no input from spec/isa/ or out/, so a spec edit does not rerun these

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC2JSON = os.path.join(ROOT, "gen", "spec2json.lua")
CORPUS = os.path.join(ROOT, "tests", "bad_specs")
HEADER = re.compile(r"^-- (target|precompile|expect|replace|with|append): (.*)$")
TIME_LIMIT = 2.0
SUMMARY = re.compile(r"^ptogen: \d+ error\(s\) in the specs; nothing was generated$")


def parse_case(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    header = {"target": None, "precompile": False, "expect": [], "patch": []}
    n = 0
    while n < len(lines) and HEADER.match(lines[n]):
        key, value = HEADER.match(lines[n]).groups()
        if key == "expect":
            header["expect"].append(value)
        elif key in ("replace", "with", "append"):
            header["patch"].append((key, value.replace("\\n", "\n")))
        elif key == "precompile":
            header["precompile"] = value.strip() == "yes"
        else:
            header["target"] = value.strip()
        n += 1
    return header, "\n".join(lines[n:])


def run_spec2json(tree):
    """Runs spec2json in `tree` (which holds spec/); returns (result, CPU seconds it used: the
    suite's other jobs run beside it, so wall time says little about the sandbox's limits)."""
    isa = sorted(os.path.relpath(p, tree) for p in glob.glob(os.path.join(tree, "spec", "isa", "*.lua")))
    cmd = ["lua5.4", SPEC2JSON, os.path.join(tree, "out.json"), os.path.join(tree, "out.d"), "spec"] + isa
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        r = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        raise AssertionError("spec2json ran for more than 30 s")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def precompile(text):
    """The Lua 5.4 bytecode of `text` (made here so the repository holds no binary file)."""
    r = subprocess.run(["lua5.4", "-e", "io.write(string.dump(assert(load(io.read('a')))))"],
                       input=text.encode(), capture_output=True, check=True)
    assert r.stdout.startswith(b"\x1bLua")
    return r.stdout


class BadSpecs(unittest.TestCase):
    def setUp(self):
        self.tmp = scratch.spec_tree(tempfile.mkdtemp(prefix="ptogen-bad-spec-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def check_case(self, path):
        header, text = parse_case(path)
        self.assertTrue(header["target"], "no '-- target:' line")
        self.assertTrue(header["expect"], "no '-- expect:' line")
        dst = os.path.join(self.tmp, "spec", header["target"])
        if header["patch"]:
            self.assertEqual(text.strip(), "", "a patch case has no text after its header")
            text, with_line = self.patched(dst, header["patch"])
            header["expect"] = [e.replace("{with}", str(with_line)) for e in header["expect"]]
        data = precompile(text) if header["precompile"] else text.encode()
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        r, seconds = run_spec2json(self.tmp)
        lines = r.stderr.splitlines()
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertTrue(lines and SUMMARY.match(lines[-1]), "no summary line in:\n" + r.stderr)
        self.assertEqual(lines[:-1], header["expect"])
        self.assertEqual(lines[-1], "ptogen: %d error(s) in the specs; nothing was generated" % len(header["expect"]))
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "out.json")), "out.json was written")
        self.assertLess(seconds, TIME_LIMIT)

    def patched(self, path, patch):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        old, with_line = None, None
        for key, value in patch:
            if key == "replace":
                old = value
            elif key == "with":
                self.assertIsNotNone(old, "'-- with:' needs a '-- replace:' before it")
                self.assertEqual(text.count(old), 1, f"'{old}' must occur exactly once in {path}")
                with_line = text[:text.index(old)].count("\n") + 1
                text, old = text.replace(old, value), None
            else:
                text = text.rstrip("\n") + "\n" + value + "\n"
        return text, with_line

    def test_good_specs_load(self):
        r, seconds = run_spec2json(self.tmp)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "")
        with open(os.path.join(self.tmp, "out.json"), encoding="utf-8") as f:
            doc = json.load(f)
        self.assertTrue(doc["instructions"])
        self.assertLess(seconds, TIME_LIMIT)

    def test_corpus_is_large_enough(self):
        self.assertGreaterEqual(len(glob.glob(os.path.join(CORPUS, "*.lua"))), 30)


def _add_case(path):
    name = os.path.splitext(os.path.basename(path))[0]
    method = "test_" + re.sub(r"\W", "_", name)
    assert not hasattr(BadSpecs, method), "two corpus files map to " + method

    def test(self):
        self.check_case(path)
    test.__name__ = method
    test.__doc__ = "tests/bad_specs/%s.lua" % name
    setattr(BadSpecs, method, test)


for _path in sorted(glob.glob(os.path.join(CORPUS, "*.lua"))):
    _add_case(_path)


if __name__ == "__main__":
    unittest.main()
