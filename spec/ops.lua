-- Element operations: each one row, and everything else derives from this table or is
-- checked against it (tests/gen/test_ops.py): the operators and functions of an instruction's
-- math, the dtypes its math allows, how an NPU profile lowers it, the simulators' ALU, and the
-- names of its C implementations — pto_<p>__<name>_<f|dtype> (kernels, templates/common/ops.h.j2),
-- ref_<name> (the test reference, tests/harness/ref.c), plain__<name>_<f|dtype> (the
-- benchmark's plain loops, bench/harness/plain.h). Semantics: docs/contract.md.
--
-- Fields: name (its C name part), symbol (written infix or, with arity 1, prefix; without a
-- symbol the math calls name(...)), arity, classes (the dtype classes it is defined on),
-- commutative, reduce (a row reduction to a position, the whole math), fold (the name of the row
-- reduction of a value by this operation: <fold>(src), the whole math of a kind with
-- reduce = "value"; docs/contract.md §2 gives its order), per_format (f16/bf16 call their own
-- pto_<p>__<name>_<dtype>, which rounds to the dtype, instead of the f32 one), bits (exact on the
-- stored bits of every float format: f16 and bf16 are not converted), fast (the cpu kernels first
-- run its vectorising form pto_<p>__<name>_fast_<f|dtype>, a NaN where it cannot decide, then the
-- operation itself on those elements), summary (one line, for the docs),
-- and lower = { <profile> = how that profile's vector ISA computes it }:
--   vector = "vadd"      the instruction on two vectors (reduce: the reduction instruction)
--   scalar = "vadds"     the instruction on a vector and the scalar, vector first
--   scalar = "dup"       the scalar broadcast into a vector (the profile's dup), then `vector`
--   scalar = "<math>"    a rewrite over a (the vector) and b (the scalar), exact by construction;
--                        operations on b alone run once on the scalar unit
--   vector = "<math>"    the same for two vectors (a and b): a rewrite where no instruction exists
--   select = "vmul"      two vectors: a where a >= +0, else the instruction's a op b, by a select
--                        on the bits of the compare (the kind's kernels issue the three)
--   unary = { <class> = { "<scalar instruction>", <constant> } }
--                        a one-operand operation as the scalar instruction with a constant, per
--                        dtype class: an integer (0 is +0 for floats), or "sign": the sign bit,
--                        the instruction then running on the bits as the signed integers of the
--                        dtype's width (exact bit operations, such as flipping the sign)
--   scalar_unit = true   dtypes the instructions lack (and, without a vector instruction, two
--                        tiles) run element by element on the scalar unit
--   fold = "vcadd"       the fold's reduction of one register (an in-register tree, defined to be
--                        the contract's adjacent-pair tree); the lanes fold across chunks with
--                        `vector` first. Without one, or for a dtype it does not take, the kernels
--                        reduce a register by that tree of `vector` on deinterleaved lanes.
-- An operation a profile does not list runs on that profile's scalar unit on scalars only.

op { name = "add", symbol = "+", arity = 2, classes = { "float", "signed", "unsigned" }, commutative = true, fold = "sum",
     summary = "a + b, rounded once; integers wrap",
     lower = { a2a3 = { vector = "vadd", scalar = "vadds", fold = "vcadd" }, a5 = { vector = "vadd", scalar = "vadds", fold = "vcadd" } } }

-- b - s is b + (-s): negating is exact (floats flip the sign, integers wrap like the subtraction)
op { name = "sub", symbol = "-", arity = 2, classes = { "float", "signed", "unsigned" },
     summary = "a - b, rounded once; integers wrap",
     lower = { a2a3 = { vector = "vsub", scalar = "a + -b" }, a5 = { vector = "vsub", scalar = "a + -b" } } }

-- no in-register product on either NPU: a register's product is a tree of vmul on deinterleaved lanes
op { name = "mul", symbol = "*", arity = 2, classes = { "float", "signed", "unsigned" }, commutative = true, fold = "prod",
     summary = "a * b, rounded once; integers wrap",
     lower = { a2a3 = { vector = "vmul", scalar = "vmuls" }, a5 = { vector = "vmul", scalar = "vmuls" } } }

-- no vdivs: a reciprocal would round twice, so the scalar is broadcast and divided by
op { name = "div", symbol = "/", arity = 2, classes = { "float", "signed", "unsigned" },
     summary = "a / b, rounded once (x/0 = inf, 0/0 = NaN); integers truncate, x/0 = all ones, MIN/-1 = MIN",
     lower = { a2a3 = { vector = "vdiv", scalar = "dup", scalar_unit = true }, a5 = { vector = "vdiv", scalar = "dup" } } }

-- the row maximum and minimum (fold) do not use vcmax/vcmin: those keep the first of -0 and +0
op { name = "max", arity = 2, classes = { "float", "signed", "unsigned" }, commutative = true, fold = "max", bits = true,
     summary = "IEEE 754-2019 maximum: NaN wins, max(-0, +0) = +0",
     lower = { a2a3 = { vector = "vmax", scalar = "vmaxs" }, a5 = { vector = "vmax", scalar = "vmaxs" } } }

op { name = "min", arity = 2, classes = { "float", "signed", "unsigned" }, commutative = true, fold = "min", bits = true,
     summary = "IEEE 754-2019 minimum: NaN wins, min(-0, +0) = -0",
     lower = { a2a3 = { vector = "vmin", scalar = "vmins" }, a5 = { vector = "vmin", scalar = "vmins" } } }

-- Shifts take the scalar as an unsigned count. The instructions leave counts of the element width
-- or more unspecified (the simulators fault on them), so the kernels clamp the count and give the
-- contract's answer themselves: count = "zero" (a zero result), "sign" (signed dtypes: the sign
-- fill, the shift by width - 1; unsigned: zero).
-- A2A3 shifts by one count only: a count per element (two tiles) runs on its scalar unit.
op { name = "shl", symbol = "<<", arity = 2, classes = { "signed", "unsigned" },
     summary = "a << b on the two's-complement bits, b read as an unsigned count; a count of the width or more gives 0",
     lower = { a2a3 = { scalar = "vshl", count = "zero", scalar_unit = true },
               a5 = { vector = "vshl", scalar = "vshls", count = "zero" } } }

op { name = "shr", symbol = ">>", arity = 2, classes = { "signed", "unsigned" },
     summary = "a >> b, arithmetic on signed dtypes, b read as an unsigned count; a count of the width or more gives the sign fill (0 unsigned)",
     lower = { a2a3 = { scalar = "vshr", count = "sign", scalar_unit = true },
               a5 = { vector = "vshr", scalar = "vshrs", count = "sign" } } }

-- Bitwise operations have vector instructions only: the scalar is broadcast.
op { name = "and", symbol = "&", arity = 2, classes = { "signed", "unsigned" }, commutative = true,
     summary = "a & b on the bits",
     lower = { a2a3 = { vector = "vand", scalar = "dup" }, a5 = { vector = "vand", scalar = "dup" } } }

op { name = "or", symbol = "|", arity = 2, classes = { "signed", "unsigned" }, commutative = true,
     summary = "a | b on the bits",
     lower = { a2a3 = { vector = "vor", scalar = "dup" }, a5 = { vector = "vor", scalar = "dup" } } }

-- A2A3 has no vxor: a ^ b = (a | b) - (a & b), exactly (the and's bits are a subset of the or's)
op { name = "xor", symbol = "^", arity = 2, classes = { "signed", "unsigned" }, commutative = true,
     summary = "a ^ b on the bits",
     lower = { a2a3 = { vector = "(a | b) - (a & b)", scalar = "(a | b) - (a & b)" }, a5 = { vector = "vxor", scalar = "dup" } } }

-- TLRELU's slope is a scalar, TPRELU's a tile: A5 has vprelu for the second; A2A3 selects between
-- a and the product by the bits of a >= 0 (its kernels compose that, kinds elementwise_binary*)
op { name = "lrelu", arity = 2, classes = { "float" },
     summary = "leaky ReLU: a >= 0 ? a : a * b, the product rounded once (-0 stays -0, NaN gives NaN)",
     lower = { a2a3 = { scalar = "vlrelu", select = "vmul" }, a5 = { vector = "vprelu", scalar = "vlrelu" } } }

-- The exact remainders: neither NPU has an instruction that computes them exactly (upstream's
-- src - trunc(src/s)*s rounds at every step), so both run them on the scalar unit. Their fast
-- form takes one step in double where the quotient is below 2^28 (runtime/common/pto_ops_core.h).
op { name = "fmod", arity = 2, classes = { "float", "signed", "unsigned" }, fast = true,
     summary = "fmod(a, b) = a - n*b, n = trunc(a/b), exact, with a's sign; fmod(x, 0) = fmod(inf, y) = NaN, fmod(x, inf) = x; integers: C %, x % 0 = x, MIN % -1 = 0",
     lower = { a2a3 = { scalar_unit = true }, a5 = { scalar_unit = true } } }

op { name = "rem", arity = 2, classes = { "float", "signed", "unsigned" }, fast = true,
     summary = "floor modulo with b's sign: r = fmod(a, b), plus b (rounded once) when r != 0 and their signs differ, a zero with b's sign; integers: x rem 0 = x",
     lower = { a2a3 = { scalar_unit = true }, a5 = { scalar_unit = true } } }

-- exp rounds to the dtype itself: an f32 result rounded again to f16/bf16 could round twice, so
-- the kernels call pto_<p>__exp_<f16|bf16> there (per_format). Correctly rounded: runtime/common/pto_exp.h.
op { name = "exp", arity = 1, classes = { "float" }, per_format = true, fast = true,
     summary = "e^a correctly rounded (overflow +inf, underflow the rounded subnormal or +0; exp(-inf) = +0)",
     lower = { a2a3 = { vector = "vexp" }, a5 = { vector = "vexp" } } }

-- log, sqrt and rsqrt the same way (runtime/common/pto_math.h): each rounds to the dtype itself,
-- with a vectorising form and a slow path. Upstream's A5 has no vrsqrt (vsqrt then vdiv: two
-- roundings) and no vrec (vdup of 1 then vdiv); both NPU models define one instruction each, the
-- contract's function, as A2A3's vrsqrt and vrec.
op { name = "log", arity = 1, classes = { "float" }, per_format = true, fast = true,
     summary = "ln a correctly rounded (log(+-0) = -inf, log(a < 0) = NaN, log(+inf) = +inf, log(1) = +0)",
     lower = { a2a3 = { vector = "vln" }, a5 = { vector = "vln" } } }

op { name = "sqrt", arity = 1, classes = { "float" }, per_format = true, fast = true,
     summary = "the square root correctly rounded (sqrt(-0) = -0, sqrt(a < 0) = NaN, sqrt(+inf) = +inf)",
     lower = { a2a3 = { vector = "vsqrt" }, a5 = { vector = "vsqrt" } } }

op { name = "rsqrt", arity = 1, classes = { "float" }, per_format = true, fast = true,
     summary = "1/sqrt(a) correctly rounded (rsqrt(+-0) = +-inf, rsqrt(+inf) = +0, rsqrt(a < 0) = NaN)",
     lower = { a2a3 = { vector = "vrsqrt" }, a5 = { vector = "vrsqrt" } } }

-- recip is one IEEE division in f32: f16 and bf16 round its result once more, innocuously
-- (24 >= 2p + 2; runtime/common/pto_ops_core.h), so it needs neither per_format nor fast
op { name = "recip", arity = 1, classes = { "float" },
     summary = "1/a rounded once (recip(+-0) = +-inf, recip(+-inf) = +-0)",
     lower = { a2a3 = { vector = "vrec" }, a5 = { vector = "vrec" } } }

-- neg and abs are bit operations on floats (a NaN keeps its payload, the sign changes as for any
-- value): neg flips the sign bit, adding it to the bits as a signed integer (only the top bit
-- changes), abs clears it (vabs)
op { name = "neg", symbol = "-", arity = 1, classes = { "float", "signed", "unsigned" }, bits = true,
     summary = "-a: floats flip the sign bit (neg(+0) = -0, a NaN keeps its payload); integers wrap (neg(MIN) = MIN)",
     lower = { a2a3 = { unary = { float = { "vadds", "sign" }, signed = { "vmuls", -1 } } },
               a5 = { unary = { float = { "vadds", "sign" }, signed = { "vmuls", -1 } } } } }

op { name = "abs", arity = 1, classes = { "float", "signed" }, bits = true,
     summary = "|a|: floats clear the sign bit (abs(-0) = +0, a NaN keeps its payload); integers wrap (abs(MIN) = MIN)",
     lower = { a2a3 = { vector = "vabs" }, a5 = { vector = "vabs" } } }

op { name = "not", symbol = "~", arity = 1, classes = { "signed", "unsigned" },
     summary = "~a on the bits",
     lower = { a2a3 = { vector = "vnot" }, a5 = { vector = "vnot" } } }

-- IEEE maximum with +0: -0 gives +0, NaN gives NaN
op { name = "relu", arity = 1, classes = { "float", "signed" }, bits = true,
     summary = "maximum(a, +0), IEEE's: relu(-0) = +0, a NaN gives NaN",
     lower = { a2a3 = { unary = { float = { "vmaxs", 0 }, signed = { "vmaxs", 0 } } },
               a5 = { unary = { float = { "vmaxs", 0 }, signed = { "vmaxs", 0 } } } } }

op { name = "argmax", arity = 1, reduce = true, classes = { "float", "signed", "unsigned" },
     summary = "index of the row maximum: the lowest index on ties, the first NaN (greater than every number)",
     lower = { a2a3 = { vector = "vcmax" }, a5 = { vector = "vcmax" } } }

op { name = "argmin", arity = 1, reduce = true, classes = { "float", "signed", "unsigned" },
     summary = "index of the row minimum: the lowest index on ties, the first NaN (smaller than every number)",
     lower = { a2a3 = { vector = "vcmin" }, a5 = { vector = "vcmin" } } }
