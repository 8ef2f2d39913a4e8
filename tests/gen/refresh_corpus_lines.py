"""Refreshes the line numbers in tests/bad_specs/*.lua `-- expect:` lines after a live spec file
moved (a case that patches spec/profiles.lua names lines of it). A case is rewritten only when
its messages are otherwise exactly what the loader prints; anything else is listed for review.

Usage: python3 tests/gen/refresh_corpus_lines.py
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from tests.gen import test_bad_specs as T  # noqa: E402


def without_lines(line):
    return re.sub(r"(spec/[\w/]+\.lua):\d+", r"\1:N", line)


def actual_messages(case, path):
    header, text = T.parse_case(path)
    dst = os.path.join(case.tmp, "spec", header["target"])
    if header["patch"]:
        text, with_line = case.patched(dst, header["patch"])
        header["expect"] = [e.replace("{with}", str(with_line)) for e in header["expect"]]
    data = T.precompile(text) if header["precompile"] else text.encode()
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(dst, "wb") as f:
        f.write(data)
    r, _ = T.run_spec2json(case.tmp)
    return header["expect"], r.stderr.splitlines()[:-1]


def main():
    changed, review = [], []
    for path in sorted(glob.glob(os.path.join(T.CORPUS, "*.lua"))):
        case = T.BadSpecs("test_good_specs_load")
        case.setUp()
        try:
            expect, actual = actual_messages(case, path)
        finally:
            case.tearDown()
        if expect == actual or "{with}" in open(path).read():
            continue
        if [without_lines(e) for e in expect] != [without_lines(a) for a in actual]:
            review.append(os.path.basename(path))
            continue
        text = open(path).read()
        for e, a in zip(expect, actual):
            text = text.replace("-- expect: " + e + "\n", "-- expect: " + a + "\n", 1)
        with open(path, "w") as f:
            f.write(text)
        changed.append(os.path.basename(path))
    print(f"refreshed: {', '.join(changed) or 'none'}")
    print(f"differ in more than line numbers (review by hand): {', '.join(review) or 'none'}")
    return 1 if review else 0


if __name__ == "__main__":
    sys.exit(main())
