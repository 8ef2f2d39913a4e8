-- Target profiles: machine parameters and the answers to the fixed semantic questions.
-- Every profile must give the same answers (docs/contract.md: a legal call gives the same bits
-- on every profile that accepts it); the generator implements exactly these answers.
local contract = {
  float_rounding = "nearest_even",        -- exact result rounded once, f16/bf16 too
  subnormals = "preserved",               -- no flush-to-zero on input or output
  float_division_by_zero = "ieee",        -- x/±0 = ±inf, 0/0 = NaN
  minmax_nan = "propagate",               -- IEEE 754-2019 maximum/minimum
  minmax_signed_zero = "ordered",         -- max(-0,+0) = +0, min(-0,+0) = -0
  argmax_ties = "lowest_index",
  argmax_nan = "first_nan_wins",          -- NaN is greater than every number
  argmin_ties = "lowest_index",
  argmin_nan = "first_nan_wins",          -- NaN is smaller than every number
  integer_division = "truncate",
  integer_division_by_zero = "all_ones",  -- -1 signed, max unsigned; never traps
  integer_division_overflow = "wrap",     -- INT_MIN / -1 = INT_MIN
  integer_add_sub = "wrap",
  nan_payload = "any",                    -- compare NaN-ness only
}

-- The vector unit both NPU profiles share: 256-byte repeats of eight 32-byte blocks.
local function vector_unit(ub_bytes, reserved_scratch_bytes)
  return {
    repeat_bytes = 256, block_bytes = 32, max_repeat = 255, max_repeat_stride = 255, vector_bytes = 256,
    data_align_bytes = 32, ub_bytes = ub_bytes, reserved_scratch_bytes = reserved_scratch_bytes,
  }
end

-- The on-chip buffers a tile's location (pto_loc) names, with their capacity and the alignment a
-- tile's data needs there (bytes; DESIGN 4.3; the sizes are upstream's buffer_limits.hpp): VEC is
-- the unified buffer (the machine's ub_bytes and data_align_bytes), MAT L1, LEFT L0A, RIGHT L0B,
-- ACC L0C, BIAS the bias table. The verifier checks the alignment of every tile by its location;
-- capacity 0 with alignment 0 is host memory (the cpu: an element's natural alignment).
local function npu_buffers(ub_bytes, l0c_bytes, bias_bytes)
  return {
    VEC = { bytes = ub_bytes, align = 32 }, MAT = { bytes = 512 * 1024, align = 512 },
    LEFT = { bytes = 64 * 1024, align = 512 }, RIGHT = { bytes = 64 * 1024, align = 512 },
    ACC = { bytes = l0c_bytes, align = 1024 }, BIAS = { bytes = bias_bytes, align = 64 },
  }
end

-- A2A3 vector instructions and the dtypes each takes (docs/machine-models.md: vdiv, vcmax, vcmin
-- and vcadd are half/float only). Kernels may issue only these; a legal tuple whose math needs another
-- is a spec error. Data moves (vbrcb, vreducev2, vcopy) work on any 16/32-bit element.
local a2a3_arith = { "f32", "f16", "i32", "i16" }
local a2a3_float = { "f32", "f16" }
local a2a3_shift = { "i32", "u32", "i16", "u16" }
local a2a3_bits = { "i16", "u16" } -- vand/vor work on 16-bit lanes

profile {
  name = "a2a3",
  title = "Ascend A2/A3 (910B/910C) vector unit",
  kernels = true,
  machine = vector_unit(192 * 1024, 8 * 1024), -- the top 8 KiB of UB are hidden scratch
  buffers = npu_buffers(192 * 1024, 128 * 1024, 1024),
  isa = {
    vadd = a2a3_arith, vsub = a2a3_arith, vmul = a2a3_arith, vdiv = a2a3_float, vmax = a2a3_arith, vmin = a2a3_arith,
    vadds = a2a3_arith, vmuls = a2a3_arith, vmaxs = a2a3_arith, vmins = a2a3_arith,
    vcmax = a2a3_float, vcmin = a2a3_float, vcadd = a2a3_float,
    vshl = a2a3_shift, vshr = a2a3_shift, vand = a2a3_bits, vor = a2a3_bits, vlrelu = a2a3_float, vexp = a2a3_float,
    vln = a2a3_float, vsqrt = a2a3_float, vrsqrt = a2a3_float, vrec = a2a3_float, vabs = a2a3_float, vnot = a2a3_bits,
  },
  -- the dtypes its compares into bits (vcmpv, vcmpvs) take for EQ only: kernels compose the other
  -- conditions (GE as min(a, b) == b, LE as max(a, b) == b, the rest their complement by vnot)
  eq_only = { "i32" },
  semantics = contract,
}

-- A5 register instructions (docs/machine-models.md): arithmetic on all nine dtypes (vdiv too,
-- integer division per the contract), vcmax and vcmin on 16- and 32-bit numbers, vcadd on the sums
-- upstream takes (TROWSUM: f32, f16, i32, i16), shifts by a count per lane (vshl, vshr) and by a
-- scalar (vshls, vshrs). Loads, stores,
-- predicates, vcmp, vsel, vdup and vdintlv work on any element.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }
local a5_reduce = { "f32", "f16", "i32", "u32", "i16", "u16" }
local a5_sum = { "f32", "f16", "i32", "i16" } -- vcadd: an i16 sum comes out as 32 bits (lanes 0 and 1)
local a5_ints = { "i32", "u32", "i16", "u16", "i8", "u8" }

profile {
  name = "a5",
  title = "Ascend A5 (950) vector unit",
  kernels = true,
  machine = vector_unit(256 * 1024, 0),
  buffers = npu_buffers(256 * 1024, 256 * 1024, 4 * 1024),
  isa = {
    vadd = all9, vsub = all9, vmul = all9, vdiv = all9, vmax = all9, vmin = all9,
    vadds = all9, vmuls = all9, vmaxs = all9, vmins = all9, vcmax = a5_reduce,
    vcmin = a5_reduce, vcadd = a5_sum, vshls = a5_ints, vshrs = a5_ints, vand = a5_ints, vor = a5_ints, vxor = a5_ints,
    vlrelu = { "f32", "f16" }, vexp = { "f32", "f16", "bf16" }, vln = { "f32", "f16", "bf16" },
    vsqrt = { "f32", "f16", "bf16" }, vrsqrt = { "f32", "f16", "bf16" }, vrec = { "f32", "f16", "bf16" },
    vshl = a5_ints, vshr = a5_ints, vnot = a5_ints, vabs = { "f32", "f16", "bf16", "i32", "i16" }, vprelu = { "f32", "f16" },
  },
  semantics = contract,
}

profile {
  name = "cpu",
  title = "Generic CPU (portable C11)",
  accepts = { "a2a3", "a5" }, -- legal tuples are the union of these profiles'
  kernels = true,
  machine = {
    -- repeat and block sizes are kept so tile shapes and test edges match the NPU profiles;
    -- data only needs the natural alignment of its element type (data_align_bytes = 0).
    repeat_bytes = 256, block_bytes = 32, max_repeat = 255, max_repeat_stride = 255,
    ub_bytes = 0, reserved_scratch_bytes = 0, vector_bytes = 64, data_align_bytes = 0,
  },
  buffers = { VEC = { bytes = 0, align = 0 }, MAT = { bytes = 0, align = 0 }, LEFT = { bytes = 0, align = 0 },
              RIGHT = { bytes = 0, align = 0 }, ACC = { bytes = 0, align = 0 }, BIAS = { bytes = 0, align = 0 } },
  semantics = contract,
}
