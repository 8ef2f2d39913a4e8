"""The x86 ISA variants' calls into baseline code (ninja test, per cpu object at the release
flags): an AVX2 or AVX-512 kernel body that calls a function compiled for the baseline (SSE)
while its 256- or 512-bit registers' upper halves are dirty makes every SSE instruction of the
callee wait on them: about 200 ns a call on this project's machines, 100 times the call. gcc 12
leaves out the vzeroupper before such a call when its interprocedural register allocation knows
the callee (runtime/cpu/pto_cpu_dispatch.h turns that off in the bodies); this check reads the
objects' code so it cannot come back unseen.

In each variant body (a function named ..__avx2.. or ..__avx512..), in the order of the listing:
an instruction naming a %ymm or %zmm register dirties the upper halves, vzeroupper cleans them,
and a call made while they are dirty to a function that is not itself a variant body fails.

Usage: simd_calls.py OBJDUMP STAMP OBJ...
"""
import re
import subprocess
import sys

FUNCTION = re.compile(r"^[0-9a-f]+ <(.*)>:$")
VARIANT = re.compile(r"__avx(2|512)")


def dirty_calls(listing):
    """[(caller, callee)] of calls made with dirty upper halves, from `objdump -d` text."""
    found, caller, dirty = [], None, False
    for line in listing.splitlines():
        m = FUNCTION.match(line)
        if m:
            caller, dirty = m.group(1), False
            continue
        parts = line.split("\t")
        if len(parts) < 2 or not caller or not VARIANT.search(caller):
            continue
        ins = parts[-1].strip()
        if ins.startswith("vzeroupper"):
            dirty = False
        elif "%ymm" in ins or "%zmm" in ins:
            dirty = True
        elif ins.startswith("call") and dirty:
            callee = re.search(r"<(.*)>", ins)
            callee = callee.group(1) if callee else ins
            if not VARIANT.search(callee):
                found.append((caller, callee))
    return found


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    objdump, stamp, objs = argv[1], argv[2], argv[3:]
    bad = []
    for obj in objs:
        listing = subprocess.run([objdump, "-d", "--no-show-raw-insn", obj], capture_output=True, text=True,
                                 check=True).stdout
        bad += [f"  {obj}: {caller} calls {callee}" for caller, callee in sorted(set(dirty_calls(listing)))]
    if bad:
        sys.exit("simd_calls: an ISA variant calls baseline code with dirty upper register halves "
                 "(no vzeroupper before the call; runtime/cpu/pto_cpu_dispatch.h):\n" + "\n".join(bad))
    open(stamp, "w").close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
