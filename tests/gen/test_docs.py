"""The reference pages (out/docs): every instruction has one, the index links them all, the
legality matrix names them, and every C call they show compiles and returns PTO_OK."""
import glob
import os
import re
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = os.path.join(ROOT, "out", "docs")


def instructions():
    return sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(ROOT, "spec", "isa", "*.lua")))


class Docs(unittest.TestCase):
    def test_one_page_per_instruction_and_index_links_them(self):
        with open(os.path.join(DOCS, "index.md")) as f:
            index = f.read()
        for name in instructions():
            self.assertTrue(os.path.isfile(os.path.join(DOCS, name + ".md")), name)
            self.assertIn(f"]({name}.md)", index)

    def test_legality_matrix_names_every_page(self):
        with open(os.path.join(ROOT, "out", "legality.txt")) as f:
            text = f.read()
        for name in instructions():
            self.assertIn(f"# {name}: out/docs/{name}.md\n", text)

    def test_examples_compile_and_are_legal(self):
        """Each example becomes a function of one program linked with the profile's library."""
        for prof in sorted(os.listdir(os.path.join(ROOT, "build"))):
            objs = sorted(glob.glob(os.path.join(ROOT, "build", prof, "*.o")))
            if not objs or not os.path.isfile(os.path.join(ROOT, "out", prof, f"pto_{prof}_verify.c")):
                continue
            calls = []
            for page in sorted(glob.glob(os.path.join(DOCS, "*.md"))):
                with open(page) as f:
                    text = f.read()
                section = text.split(f"\n### {prof}\n", 1)[-1].split("\n### ", 1)[0] if f"\n### {prof}\n" in text else ""
                calls += re.findall(r"```c\n((?:static|uint8_t \*ub =) .*?pto_status st = pto_\w+\(.*?\);)\n", section, re.S)
            self.assertTrue(calls, f"no C call examples for {prof}")
            src = ['#include "pto/pto.h"', "#include <stdio.h>", "int main(void)", "{", "    int bad = 0;"]
            for i, call in enumerate(calls):
                src += ["    {", call, f'    if (st != PTO_OK) {{ printf("example {i}: %s\\n", pto_status_str(st)); bad++; }}',
                        "    }"]
            src += ["    return bad;", "}"]
            with tempfile.TemporaryDirectory() as tmp:
                c, exe = os.path.join(tmp, "examples.c"), os.path.join(tmp, "examples")
                with open(c, "w") as f:
                    f.write("\n".join(src) + "\n")
                r = subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I",
                                    os.path.join(ROOT, "out", "include"), c] + objs + ["-o", exe],
                                   capture_output=True, text=True)
                self.assertEqual(r.returncode, 0, r.stderr)
                r = subprocess.run([exe], capture_output=True, text=True)
                self.assertEqual(r.returncode, 0, f"{prof}: {r.stdout}")
