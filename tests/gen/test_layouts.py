"""The tile layouts' one table (gen/layouts.py): its index maps give upstream's worked offsets
(the shared matrix and movement notes, 3.2: verified on upstream's CPU simulator), are one-to-one onto a
tile's storage, and the loader (gen/spec2json.lua LAYOUTS) knows the same names; the generated
header pto/pto_layout.h computes the same offsets as the table (compiled and run here)."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

from tests.gen import scratch

SPECS = "scratch"

sys.path.insert(0, os.path.join(scratch.ROOT, "gen"))
import layouts as L  # noqa: E402


def at(name, loc, eb, rows, cols, i, j):
    r0, c0 = L.box(L.LOCS.index(loc), L.LAYOUT_ENUMS[name][1], eb)
    return L.offset(name, rows, cols, r0, c0, i, j)


class Layouts(unittest.TestCase):
    def test_worked_offsets(self):
        self.assertEqual(at("Nz", "LEFT", 4, 32, 16, 17, 9), 393)    # TileLeft<float, 32, 16>
        self.assertEqual(at("Zn", "RIGHT", 4, 16, 32, 9, 17), 393)   # TileRight<float, 16, 32>
        self.assertEqual(at("Nz", "ACC", 4, 32, 32, 17, 18), 786)    # TileAcc<float, 32, 32>
        self.assertEqual(at("Nz", "LEFT", 2, 32, 32, 17, 18), 786)   # TileLeft<half, 32, 32>

    def test_one_to_one(self):
        for name in L.NAMES:
            for loc in ("LEFT", "RIGHT", "ACC", "MAT"):
                for eb in (1, 2, 4):
                    r0, c0 = L.box(L.LOCS.index(loc), L.LAYOUT_ENUMS[name][1], eb)
                    rows, cols = 2 * r0, 3 * c0
                    got = sorted(L.offset(name, rows, cols, r0, c0, i, j) for i in range(rows) for j in range(cols))
                    self.assertEqual(got, list(range(rows * cols)), (name, loc, eb))

    def test_loader_names(self):
        with open(os.path.join(scratch.ROOT, "gen", "spec2json.lua"), encoding="utf-8") as f:
            m = re.search(r"^local LAYOUTS = \{([^}]*)\}", f.read(), re.M)
        self.assertEqual(re.findall(r'"(\w+)"', m.group(1)), L.NAMES)

    def test_header_agrees(self):
        import jinja2
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(scratch.ROOT, "templates")),
                                 undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
        header = env.get_template("include/pto_layout.h.j2").render(**L.c_context())
        cases = [(name, loc, eb, 2 * r0, 3 * c0, i, j)
                 for name in L.NAMES for loc, eb in (("LEFT", 4), ("RIGHT", 1), ("ACC", 4), ("VEC", 2))
                 for r0, c0 in [L.box(L.LOCS.index(loc), L.LAYOUT_ENUMS[name][1], eb)]
                 for i, j in ((0, 0), (2 * r0 - 1, 3 * c0 - 1), (r0, c0 - 1), (r0 - 1, 2 * c0))]
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, "pto"))
            with open(os.path.join(tmp, "pto", "pto_layout.h"), "w") as f:
                f.write(header)
            with open(os.path.join(tmp, "pto", "pto_types.h"), "w") as f:  # the enums the header reads
                f.write("#include <stdint.h>\ntypedef enum { " + ", ".join("PTO_" + x for x in L.LOCS) + " } pto_loc;\n"
                        "typedef enum { PTO_NONE_BOX, PTO_BOX_ROW_MAJOR, PTO_BOX_COL_MAJOR } pto_slayout;\n"
                        "typedef int pto_blayout; typedef int pto_dtype;\n"
                        "typedef struct pto_tile { void *data; pto_dtype dtype; pto_loc loc; pto_blayout blayout; "
                        "pto_slayout slayout; uint32_t rows, cols, valid_rows, valid_cols; } pto_tile;\n")
            lines = [f'printf("%zu\\n", pto_layout_offset({L.LAYOUT_ENUMS[n][0]}, {L.LAYOUT_ENUMS[n][1]}, '
                     f'{L.LOCS.index(loc)}, {rows}u, {cols}u, {eb}u, {i}u, {j}u));' for n, loc, eb, rows, cols, i, j in cases]
            # the remaps' split maps: row part + column part is the map
            for n, loc, eb, rows, cols, i, j in cases:
                r0, c0 = L.box(L.LOCS.index(loc), L.LAYOUT_ENUMS[n][1], eb)
                args = f"{rows}u, {cols}u, {r0}u, {c0}u"
                lines.append(f'printf("%zu\\n", pto_offset_{n.lower()}_row({args}, {i}u) + pto_offset_{n.lower()}_col({args}, {j}u));')
            src = os.path.join(tmp, "t.c")
            with open(src, "w") as f:
                f.write('#include <stdio.h>\n#include "pto/pto_layout.h"\nint main(void)\n{\n    '
                        + "\n    ".join(lines) + "\n    return 0;\n}\n")
            exe = os.path.join(tmp, "t")
            subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I" + tmp, src, "-o", exe],
                           check=True)
            got = subprocess.run([exe], check=True, capture_output=True, text=True).stdout.split()
        self.assertEqual([int(x) for x in got], [at(*c) for c in cases] * 2)


if __name__ == "__main__":
    unittest.main()
