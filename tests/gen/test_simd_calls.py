"""tests/simd_calls.py on listings shaped like objdump's: a variant body's call into baseline code
after 256- or 512-bit code fails unless a vzeroupper comes between; other callers and callees,
and calls before any wide register is touched, pass."""
import os
import sys
import unittest

from tests.gen import scratch

SPECS = "scratch"  # reads no spec
sys.path.insert(0, os.path.join(scratch.ROOT, "tests"))
import simd_calls  # noqa: E402


def listing(name, *instructions):
    return f"\n0000000000000000 <{name}>:\n" + "".join(f"  {i:x}:\t{ins}\n" for i, ins in enumerate(instructions))


WIDE = "vaddps %zmm1,%zmm1,%zmm0"
CALL = "call   40 <pto__exp_fast_to.constprop.2>"


class SimdCalls(unittest.TestCase):
    def test_dirty_call_found(self):
        for wide in (WIDE, "vmovups %ymm0,(%rdi)"):
            text = listing("pto_cpu_texp_f32__avx512", wide, "vmovss (%rax),%xmm0", CALL)
            self.assertEqual(simd_calls.dirty_calls(text), [("pto_cpu_texp_f32__avx512", "pto__exp_fast_to.constprop.2")])

    def test_vzeroupper_cleans(self):
        text = listing("pto_cpu_texp_f32__avx2.isra.0", WIDE, "vzeroupper", CALL)
        self.assertEqual(simd_calls.dirty_calls(text), [])

    def test_clean_start_and_other_functions(self):
        self.assertEqual(simd_calls.dirty_calls(listing("pto_cpu_texp_f32__avx512", CALL, WIDE)), [])
        self.assertEqual(simd_calls.dirty_calls(listing("pto_cpu_texp_f32", WIDE, CALL)), [])
        # a new function starts clean; a call to another variant body is not into baseline code
        text = listing("pto_cpu_a__avx512", WIDE) + listing("pto_cpu_b__avx512", CALL)
        self.assertEqual(simd_calls.dirty_calls(text), [])
        self.assertEqual(simd_calls.dirty_calls(listing("pto_cpu_a__avx512", WIDE, "call   80 <pto_cpu_b__avx512>")), [])


if __name__ == "__main__":
    unittest.main()
