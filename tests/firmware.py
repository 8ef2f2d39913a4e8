"""Firmware build check (ninja firmware): the objects of one profile's library, compiled
freestanding by one toolchain, may refer only to each other and to that compiler's own
runtime (libgcc: 64-bit division on 32-bit cores, soft-float helpers), never to libc, and
hold no fused multiply-add (a*b+c rounds twice on every target: -ffp-contract=off, and no ISA
variant enables FMA). Also records their sizes; `report` prints the table of every toolchain
and profile.

Usage: firmware.py check TOOLCHAIN CC "ARCH FLAGS" NM SIZE OUT OBJ...
       firmware.py report OUT CHECK...
"""
import os
import re
import subprocess
import sys


# Symbols the linker itself defines: position-independent code that reads a libgcc variable
# (the cpu variants' CPU detection reads __cpu_model) goes through the global offset table.
LINKER_DEFINED = {"_GLOBAL_OFFSET_TABLE_"}


def symbols(nm, paths):
    """(defined, {undefined: users}) symbol names over `paths` (objects or archives)."""
    out = subprocess.run([nm, "-A", "-P"] + paths, capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), {}
    for line in out.splitlines():
        where, _, rest = line.partition(": ")
        parts = rest.split()
        if len(parts) < 2:
            continue
        if parts[1] in ("U", "w", "v"):  # undefined, or a weak reference that may stay unresolved
            undefined.setdefault(parts[0], set()).add(os.path.basename(where))
        elif parts[1].isupper():  # global: local symbols cannot satisfy another object's reference
            defined.add(parts[0])
    return defined, undefined


# Fused multiply-add mnemonics in objdump's listing: x86 vfmadd231ps..., Arm vfma.f32...,
# RISC-V fmadd.s...
FMA = re.compile(r"^\s*[0-9a-f]+:\s+(v?fn?m(?:add|sub)\w*|vfn?m[as]\.\w+)", re.M)
OBJECT = re.compile(r"^(\S.*?):\s+file format ", re.M)


def fused_multiply_adds(nm, objs):
    """{object: [FMA mnemonics]} by the toolchain's objdump (named like its nm), one run over
    all of them: a listing per object, each under its `<object>:     file format` line."""
    out = subprocess.run([nm[:-2] + "objdump", "-d", "--no-show-raw-insn"] + list(objs), capture_output=True,
                         text=True, check=True).stdout
    found, starts = {}, [(m.start(), m.group(1)) for m in OBJECT.finditer(out)]
    for (at, obj), (end, _) in zip(starts, starts[1:] + [(len(out), None)]):
        hits = FMA.findall(out, at, end)
        if hits:
            found[obj] = sorted(set(hits))
    return found


def runtime_library(cc, arch):
    """The compiler's own runtime for these flags (the multilib a firmware link would use)."""
    r = subprocess.run([cc] + arch.split() + ["-print-libgcc-file-name"], capture_output=True, text=True)
    path = r.stdout.strip()
    return path if r.returncode == 0 and os.path.isfile(path) else None


def sizes(size_tool, objs):
    """{object: (text, data, bss)} from Berkeley-format `size`."""
    out = subprocess.run([size_tool] + objs, capture_output=True, text=True, check=True).stdout
    table = {}
    for line in out.splitlines()[1:]:
        f = line.split()
        table[f[5]] = (int(f[0]), int(f[1]), int(f[2]))
    return table


# What GCC and clang require of every freestanding environment: they may call these for any
# aggregate copy or clear, and at -O0 do (a struct copy in an unoptimised kernel).
COMPILER_REQUIRED = {"memcpy", "memmove", "memset", "memcmp"}


def check(toolchain, cc, arch, nm, size_tool, out, objs, allow=frozenset()):
    """allow: symbols accepted as the environment's (COMPILER_REQUIRED for an unoptimised build)."""
    profile = os.path.basename(os.path.dirname(objs[0]))
    defined, undefined = symbols(nm, objs)
    outside = {s: users for s, users in undefined.items()
               if s not in defined and s not in LINKER_DEFINED and s not in allow}
    rt = runtime_library(cc, arch)
    rt_defined = symbols(nm, [rt])[0] if rt else set()
    helpers = sorted(s for s in outside if s in rt_defined)
    foreign = {s: u for s, u in outside.items() if s not in rt_defined}
    if foreign:
        lines = [f"  {s} (used by {', '.join(sorted(u))})" for s, u in sorted(foreign.items())]
        sys.exit(f"firmware: {toolchain} {profile}: the library calls code outside itself and the compiler "
                 f"runtime ({rt or 'no libgcc found'}); freestanding code must not use libc:\n" + "\n".join(lines))
    fma = fused_multiply_adds(nm, objs)
    if fma:
        lines = [f"  {os.path.basename(o)}: {', '.join(m)}" for o, m in sorted(fma.items())]
        sys.exit(f"firmware: {toolchain} {profile}: fused multiply-adds (a*b+c must round twice: "
                 "-ffp-contract=off, and no target attribute may enable FMA):\n" + "\n".join(lines))
    table = sizes(size_tool, objs)
    text, data, bss = (sum(v[i] for v in table.values()) for i in range(3))
    with open(out, "w") as f:
        f.write(f"{toolchain}\t{profile}\t{len(objs)}\t{text}\t{data}\t{bss}\t{' '.join(helpers) or '-'}\n")
        for obj, (t, d, b) in sorted(table.items()):
            f.write(f"#\t{os.path.basename(obj)}\t{t}\t{d}\t{b}\n")


def report(out, checks):
    head = f"{'toolchain':<10} {'profile':<8} {'objects':>7} {'text':>8} {'data':>6} {'bss':>5}  libgcc helpers"
    rows = [head]
    for path in checks:
        with open(path) as f:
            tc, prof, n, text, data, bss, helpers = f.readline().rstrip("\n").split("\t")
        rows.append(f"{tc:<10} {prof:<8} {n:>7} {text:>8} {data:>6} {bss:>5}  {helpers}")
    text = "\n".join(rows) + "\n"
    with open(out, "w") as f:
        f.write(text)
    print("firmware: freestanding C11, -Os; no undefined symbols outside each library and libgcc")
    print(text, end="")
    print(f"per-object sizes: {' '.join(checks)}")


def main(argv):
    if len(argv) > 8 and argv[1] == "check":
        check(*argv[2:7], argv[7], argv[8:])
    elif len(argv) > 2 and argv[1] == "report":
        report(argv[2], argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
