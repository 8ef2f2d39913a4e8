"""Everything specific to an instruction kind (spec/kinds.lua) lives in one module per kind,
gen/kinds/<kind>.py, and its templates (templates/<profile>/<kind>.c.j2, templates/bench/<kind>.c.j2).
The rest of the generator calls the kind's module through of(inst); it never asks which kind it is.

A kind module provides:
  MAIN_OPERAND      the operand whose element dtype a kernel computes in; its tests and benchmark
                    cases are filed under it
  READER            the C reference's reading of the kind: a function of tests/harness/kinds/
                    (harness.h H_READER)
  WRITES            optional: what of each output's valid region a call writes (harness.h H_W_*;
                    default H_W_ALL)
  element_ctx(inst, p, tup, prefix, convert_all)
                    the kernel context's types, math and operand roles (cpu kernels, the NPU
                    kernels' base, the benchmark's plain loops; prefix names the element operations)
  cpu_variants(inst, p, tup, k)
                    specialise(v, kv): fills variant v's context kv of cpu kernel k (gen/cpuisa.py)
  npu_ctx(inst, p, tup, m, names, scalar_vars, dt)
                    the NPU kernel context's operand walks (gen/npu.py): m the machine, names the
                    compute instruction's arguments, dt the element dtype
  plain_ctx(inst, p, tup)
                    what the benchmark's plain loop needs beyond the kernel context
  notes(inst)       the kind's own lines of the header and reference-page notes
  test_shapes(E, B, cls), extra_fills(label), IN_PLACE_FILL, more_cases(plan, tup, shapes, B),
  test_operands(plan, tup, vr, vc, extra, variant)
                    the conformance plan's shapes, value fills and operand tiles (gen/testplan.py)
  reference(inst)   what the generated test hands the C reference: {"reduce", "ref_math"}
  lower_bound(m, p, tup, vr, vc, storage_cols, E)
                    the benchmark's analytic lower bound (gen/lowerbound.py)
Optional:
  MEMCPY_TARGET     the benchmark's target for its f32 cpu kernels: {"ratio": r, "shapes": (...)},
                    kernel <= r x a memcpy of the streamed bytes at those shapes (bench/report.py);
                    "variants": (...) limits it to those bench variants, "dtypes": (...) names
                    others than f32 (None: every dtype; the movement kinds, which the report lists
                    case by case); none for a kind that does not stream (the matrix unit)
  light(plan, tup)  a tuple's own legal cases, tested with the rejections of its runtime parameters
                    only, or None for the full plan (gen/testplan.py; TCVT's modes share a kernel)
  sized(tup)        the operands tuple tup matches by element size rather than dtype (a global
                    tensor that takes any dtype of the tile's size: gen/kinds/_gm.py); none
                    without it (model.verify, the verifier's tuple table)
  bench_variant(tup)
                    which tuples ninja bench times, and the variant label each is filed under (None:
                    not timed) instead of gen/benchplan.py's variant()
The C++ API's intrinsics of the kind's instructions (gen/cppapi.py), all optional:
  CPP_API           False: none (default True)
  CPP_LEADING       the type of the option upstream's intrinsic may take before the operand types
                    (TMATMUL<AccPhase::Partial>: "AccPhase"), accepted and ignored; "auto" (default)
                    any value; None: no such option
  CPP_TYPES         upstream's order of the operand types in its template (default the operands';
                    TSTORE<Tile, Global>(dst, src): ("src", "dst"))
  CPP_SAME_TYPE     {operand: the operand whose type it has} (upstream's TMATMUL_ACC: one TileRes)
  CPP_OPTIONS       upstream's template options after the operand types, lists of names (all but
                    the first defaulted): a runtime param of the kind, or one of gen/cppapi.py OPTIONS
                    (which ptogen takes at one value only)
  CPP_REFUSED       upstream's forms with an argument ptogen lacks: (its C++ parameter, or "tile";
                    the operand it follows; what it is), a static_assert naming it
  CPP_DEFAULTS      {operand: C++ default} of upstream's defaulted arguments (TEXTRACT's row, col)
  CPP_COLUMN0       operands of which a DN tile with several columns stands for its column 0, as
                    upstream's CPU reads or writes it (a row reduction's dst, a row expansion's src1)
  cpp_shared(inst)  {operand: operand}: an overload of the instruction taking one tile for both
                    (upstream's TMATMUL_ACC(c, a, b): c_in is c_out)
  bench_cases(plan) ninja bench's own cases instead of representative tuples on the benchmark's
                    tiles: [(tuple, variant label, operands(rows, cols, vr, vc) -> operand
                    descriptors or None)], each case kept where model.verify accepts it (the
                    movement kinds: the moves of upstream's programs in their locations, tensors)
  BENCH_SHAPES      shapes ninja bench times beyond gen/benchplan.py's SHAPES, as those
Modules whose names start with _ are shared helpers, not kinds.
"""
import importlib
import os

import model as M

HERE = os.path.dirname(os.path.abspath(__file__))
_modules = {}


def module_path(name):
    return os.path.join("gen", "kinds", name + ".py")


def missing(kind):
    """The SpecError of a kind without a module, or None."""
    name = kind["name"]
    if name.startswith("_") or not os.path.exists(os.path.join(HERE, name + ".py")):
        return M.SpecError(f"{kind.get('file', 'spec/kinds.lua')}:{kind.get('line', 1)}: kind {name} has no generator "
                           f"module: {module_path(name)} does not exist (every kind of spec/kinds.lua has one, "
                           "see docs/spec-language.md)")
    return None


def check(model):
    """Every kind of the spec has its module: one SpecError naming all that have none."""
    errors = [str(e) for e in (missing(k) for _, k in sorted(model.kinds.items())) if e]
    if errors:
        raise M.SpecError("\n".join(errors))


def same_c(inst, p, tup, k):
    """cpu_variants of a kind whose ISA variants all compile the same C: the variants differ only in
    their target (gcc vectorises the loops for each)."""
    return lambda v, kv: None


def of(inst):
    """The module of an instruction's kind (or of a kind, given its spec record)."""
    kind = inst if isinstance(inst, dict) else inst.kind
    name = kind["name"]
    mod = _modules.get(name)
    if mod is None:
        err = missing(kind)
        if err:
            raise err
        mod = _modules[name] = importlib.import_module("kinds." + name)
    return mod
