"""The tile layouts' one table (gen/layouts.py): its index maps give upstream's worked offsets
(the shared matrix and movement notes, 3.2: verified on upstream's CPU simulator), are one-to-one onto a
tile's storage, and the loader (gen/spec2json.lua LAYOUTS) knows the same names; the generated
header pto/pto_layout.h computes the same offsets as the table (compiled and run here). The global
tensors' maps (GM_LAYOUTS) likewise: dense tensors fill their span once, and the header's
pto_gm_offset and pto_gm_region agree with gen/layouts.py."""
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
                        "pto_slayout slayout; uint32_t rows, cols, valid_rows, valid_cols; } pto_tile;\n"
                        "typedef enum { " + ", ".join("PTO_GM_" + x for x in L.GM_LAYOUTS) + " } pto_gm_layout;\n"
                        "typedef struct pto_gm { void *data; pto_dtype dtype; pto_gm_layout layout; uint32_t shape[5]; "
                        "uint64_t stride[5]; } pto_gm;\n")
            lines = [gm_line(*g) for g in GM_CASES]
            lines += [f'printf("%zu\\n", pto_layout_offset({L.LAYOUT_ENUMS[n][0]}, {L.LAYOUT_ENUMS[n][1]}, '
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
        want = [x for g in GM_CASES for x in gm_want(*g)]
        self.assertEqual([int(x) for x in got], want + [at(*c) for c in cases] * 2)

    def test_gm_loader_names(self):
        with open(os.path.join(scratch.ROOT, "gen", "spec2json.lua"), encoding="utf-8") as f:
            m = re.search(r"^local GM_LAYOUTS = \{([^}]*)\}", f.read(), re.M)
        self.assertEqual(re.findall(r'"(\w+)"', m.group(1)), L.GM_LAYOUTS)

    def test_gm_dense_one_to_one(self):
        """Tight strides: every element of the region has its own offset, and they fill the span."""
        for layout, eb, shape, stride in GM_CASES[:3]:
            rows, cols = L.gm_region(layout, shape, eb)
            got = sorted(L.gm_offset(layout, shape, stride, i, j) for i in range(rows) for j in range(cols))
            self.assertEqual(got, list(range(L.gm_span(shape, stride))), (layout, shape))
            self.assertIsNone(L.gm_check(layout, shape, stride, eb, True))

    def test_gm_checks(self):
        self.assertIn("0", L.gm_check(0, [1, 1, 1, 0, 8], [64, 64, 64, 8, 1], 4, False))
        self.assertIn("contiguous", L.gm_check(0, [1, 1, 1, 2, 8], [64, 64, 64, 8, 2], 4, False))
        self.assertIn("32-byte", L.gm_check(0, [1, 1, 1, 2, 8], [64, 64, 64, 9, 1], 4, False))
        self.assertIn("overlaps", L.gm_check(0, [1, 1, 1, 2, 16], [64, 64, 64, 8, 1], 4, True))
        self.assertIsNone(L.gm_check(0, [1, 1, 1, 2, 16], [64, 64, 64, 8, 1], 4, False))  # a load may reread
        self.assertIn("NZ", L.gm_check(2, [1, 2, 1, 16, 16], [256, 128, 128, 8, 1], 4, False))  # c0 = 8 for f32


# (layout, element bytes, shape, strides): dense ND, DN, NZ, then strided ones (a 4-D ND)
GM_CASES = [(0, 4, [2, 1, 3, 2, 8], [48, 48, 16, 8, 1]), (1, 2, [1, 1, 1, 16, 3], [48, 48, 48, 1, 16]),
            (2, 4, [1, 3, 2, 16, 8], [768, 256, 128, 8, 1]), (0, 1, [2, 2, 1, 3, 5], [320, 128, 96, 32, 1]),
            (2, 2, [1, 2, 3, 16, 16], [2048, 1024, 320, 16, 1])]


def gm_points(layout, eb, shape):
    rows, cols = L.gm_region(layout, shape, eb)
    return [(0, 0), (rows - 1, cols - 1), (rows // 2, cols - 1), (rows - 1, cols // 2)]


def gm_line(layout, eb, shape, stride):
    """C that prints the header's region and offsets of a tensor."""
    g = (f"{{ 0, 0, (pto_gm_layout){layout}, {{ {', '.join(map(str, shape))} }}, "
         f"{{ {', '.join(str(x) + 'ull' for x in stride)} }} }}")
    body = [f"const pto_gm g = {g}; uint64_t r, c; pto_gm_region(&g, {eb}u, &r, &c);",
            'printf("%llu\\n%llu\\n", (unsigned long long)r, (unsigned long long)c);']
    body += [f'printf("%llu\\n", (unsigned long long)pto_gm_offset(&g, {i}u, {j}u));'
             for i, j in gm_points(layout, eb, shape)]
    return "{ " + " ".join(body) + " }"


def gm_want(layout, eb, shape, stride):
    return list(L.gm_region(layout, shape, eb)) + [L.gm_offset(layout, shape, stride, i, j)
                                                   for i, j in gm_points(layout, eb, shape)]


if __name__ == "__main__":
    unittest.main()
