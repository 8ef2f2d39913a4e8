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


class HandWrittenDocs(unittest.TestCase):
    """README.md and docs/: every complete C program (one with `int main`) compiles without a
    warning against the generated headers, links with the library of the profile it calls and
    exits 0; no page points at a file outside the repository."""

    PAGES = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))

    def programs(self):
        for page in self.PAGES:
            with open(page) as f:
                for block in re.findall(r"```c\n(.*?)```", f.read(), re.S):
                    if "int main(" in block:
                        yield os.path.relpath(page, ROOT), block

    def test_c_programs_compile_and_run(self):
        found = 0
        for page, block in self.programs():
            profiles = sorted(set(re.findall(r"\bpto_(cpu|a2a3|a5)_", block)))
            self.assertEqual(len(profiles), 1, f"{page}: a program calls one profile's library; calls {profiles}")
            objs = sorted(glob.glob(os.path.join(ROOT, "build", profiles[0], "*.o")))
            self.assertTrue(objs, f"build/{profiles[0]} has no library objects: run ninja first")
            with tempfile.TemporaryDirectory() as tmp:
                c, exe = os.path.join(tmp, "app.c"), os.path.join(tmp, "app")
                with open(c, "w") as f:
                    f.write(block)
                r = subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I",
                                    os.path.join(ROOT, "out", "include"), c] + objs + ["-o", exe],
                                   capture_output=True, text=True)
                self.assertEqual(r.returncode, 0, f"{page}:\n{r.stderr}")
                r = subprocess.run([exe], capture_output=True, text=True)
                self.assertEqual(r.returncode, 0, f"{page}: the program exits {r.returncode}:\n{r.stdout}")
            found += 1
        self.assertGreaterEqual(found, 1, "README.md lost its C program")

    def test_links_stay_inside_the_repository(self):
        for page in self.PAGES:
            with open(page) as f:
                text = f.read()
            for target in re.findall(r"\]\(([^)#\s]+)", text):
                if re.match(r"[a-z]+:", target):
                    continue
                path = os.path.normpath(os.path.join(os.path.dirname(page), target))
                self.assertTrue(path.startswith(ROOT + os.sep) and os.path.exists(path),
                                f"{os.path.relpath(page, ROOT)}: link to {target}, which is not a file of the repository")


class SpecCitations(unittest.TestCase):
    """The specs, this checkout's and the frozen fixtures (tests/gen/fixtures/isa), cite files of
    the repository only: every path their comments name exists here (out/ and build/ are
    generated), and a section sign follows a page of it (`docs/contract.md §2`)."""

    FILES = sorted(glob.glob(os.path.join(ROOT, "spec", "**", "*.lua"), recursive=True)
                   + glob.glob(os.path.join(ROOT, "tests", "gen", "fixtures", "**", "*.lua"), recursive=True))

    def test_cited_paths_exist(self):
        self.assertTrue(self.FILES)
        for path in self.FILES:
            with open(path) as f:
                text = f.read()
            where = os.path.relpath(path, ROOT)
            for cited in re.findall(r"[\w.-]*(?:/[\w.-]+)+\.(?:md|lua|py|c|h|hpp|j2|txt)\b", text):
                if cited.startswith(("out/", "build/")):
                    continue
                self.assertFalse(cited.startswith(".."), f"{where} cites {cited}, outside the repository")
                self.assertTrue(os.path.exists(os.path.join(ROOT, cited)), f"{where} cites {cited}, not a file of the repository")
            for before in re.findall(r"(\S+)\s*§", text):
                page = before.strip("[]()`")
                self.assertTrue(page.endswith(".md") and os.path.exists(os.path.join(ROOT, page)),
                                f"{where}: '{before} §' cites a section of no page of the repository")
