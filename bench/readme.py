"""Puts the latest benchmark report (build/bench/report.md, written by `ninja bench`) into
docs/performance.md, between its `<!-- bench:begin -->` and `<!-- bench:end -->` lines; the prose
around them is left as it is. Run it after a `ninja bench` worth publishing, then review the diff.

Usage: python3 bench/readme.py
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def main():
    with open(os.path.join(ROOT, "build", "bench", "report.md")) as f:
        report = f.read().splitlines()
    if report and report[0].startswith("## "):
        report = report[1:]  # the page's own heading stays
    path = os.path.join(ROOT, "docs", "performance.md")
    with open(path) as f:
        text = f.read()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        sys.exit(f"readme: docs/performance.md needs one {BEGIN} line followed by one {END} line")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(path, "w") as f:
        f.write(head + BEGIN + "\n" + "\n".join(report).strip() + "\n" + END + tail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
