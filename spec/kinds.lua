-- Instruction kinds. A kind fixes the operand signature, the tuple axes, the layouts and
-- the base rules; it selects the kernel and test templates (templates/<profile>/<kind>.c.j2).
-- An instruction of an existing kind is one new spec/isa/<name>.lua.
--
-- Operand fields: tile|scalar, io (in/out/tmp), dtype (a dtype variable such as T, a dtype name
-- that fixes it, such as u8, or "any": a scratch tile of any dtype, used as bytes),
-- optional (may be NULL), layouts (the layouts it may have; ND and DN when absent).
-- Axes are derived from the operands at call time:
--   derive = "form"     : the entry point that was called
--   derive = "roles"    : which source is the full tile (normal: src0, swap: src1)
--   derive = "layout"   : the layout of operand `of`, one per value: values = { <value> = layout }
--   derive = "presence" : whether optional operand `of` was given
--   derive = "param"    : the value of runtime parameter `of` (a param operand; see `param` below)
-- Rules are predicates over <operand>.<attribute> and machine parameters; `when` limits a
-- rule to tuples with those axis values, `on` to those profiles. The status is the code
-- returned when the rule fails. reduce = "index" or "value": the math is one reduction of a
-- row, to the position it selects (argmax) or to a value (a fold of spec/ops.lua: sum, max).

local same_valid = function(a, b)
  return string.format("%s.valid_rows == %s.valid_rows and %s.valid_cols == %s.valid_cols", a, b, a, b)
end

-- Shared by the row- and column-broadcast kinds: a full source and a narrow one, either first.
local function expand_operands(extra)
  local ops = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    src0 = { tile = true, io = "in", dtype = "T" },
    src1 = { tile = true, io = "in", dtype = "T" },
  }
  for k, v in pairs(extra or {}) do ops[k] = v end
  return ops
end
local expand_roles = { full = { normal = "src0", swap = "src1" }, narrow = { normal = "src1", swap = "src0" } }
local order_axis = { name = "order", derive = "roles", values = { "normal", "swap" }, status = "layout" }
-- The column reductions' output: row 0 of dst, one valid column per src valid column.
local dst_cols = rule { name = "dst_cols", check = "dst.valid_cols == src.valid_cols", status = "valid",
                        why = "dst must have one valid column per src valid column" }
local full_valid = rule { name = "full_valid", check = same_valid("full", "dst"), status = "valid",
                          why = "the full source must have dst's valid region" }

kind {
  name = "elementwise_scalar",
  doc = "dst[i,j] = f(src[i,j], scalar) over dst's valid region.",
  -- rev: the scalar first (TDIVS's reversed form); an instruction that has it gives its math in `forms`
  entries = { { form = "main", operands = { "dst", "src", "scalar" } },
              { form = "rev", suffix = "_rev", operands = { "dst", "scalar", "src" }, optional = true } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
    scalar = { scalar = true, io = "in", dtype = "T" },
  },
  axes = {},
  in_place = { dst = { "src" } },
  kernel = "{T}",
  scalar_unit = true, -- its NPU kernels may run the math on the scalar unit (spec/ops.lua: scalar_unit)
  rules = {
    rule { name = "same_valid", check = same_valid("dst", "src"), status = "valid",
           why = "dst and src must have the same valid region" },
  },
}

kind {
  name = "elementwise_scalar_tmp",
  doc = "dst[i,j] = f(src[i,j], scalar) over dst's valid region; tmp is a scratch tile for the profiles whose kernels need one.",
  entries = { { form = "main", operands = { "dst", "src", "scalar", "tmp" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
    scalar = { scalar = true, io = "in", dtype = "T" },
    tmp = { tile = true, io = "tmp", dtype = "T", optional = true, layouts = { "ND" } },
  },
  axes = {},
  in_place = { dst = { "src" } },
  kernel = "{T}",
  scalar_unit = true,
  rules = {
    rule { name = "same_valid", check = same_valid("dst", "src"), status = "valid",
           why = "dst and src must have the same valid region" },
  },
}

kind {
  name = "fill",
  doc = "dst[i,j] = scalar over dst's valid region, ND or DN (no source).",
  entries = { { form = "main", operands = { "dst", "scalar" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T" },
    scalar = { scalar = true, io = "in", dtype = "T" },
  },
  axes = {},
  kernel = "{T}",
  rules = {},
}

kind {
  name = "row_broadcast",
  doc = "dst[i,j] = src[i,0]: one value per row, from a DN Rx1 column or column 0 of an ND tile with one valid column.",
  entries = { { form = "main", operands = { "dst", "src" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "T" },
  },
  axes = {},
  in_place = { dst = { "src" } },
  kernel = "{T}",
  rules = {
    rule { name = "src_rows", check = "src.valid_rows == dst.valid_rows", status = "valid",
           why = "src must have one valid row per dst row" },
    rule { name = "src_column", check = "src.valid_cols == 1", status = "valid",
           why = "src has one valid column: the value of each row" },
    rule { name = "src_dn_column", check = "src.cols == 1", status = "shape", when = { ["src.layout"] = "DN" },
           why = "a DN src is a column vector (cols == 1)" },
  },
}

kind {
  name = "col_broadcast",
  doc = "dst[i,j] = src[0,j]: row 0 of src gives one value per column.",
  entries = { { form = "main", operands = { "dst", "src" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
  },
  axes = {},
  -- every row of dst is row 0 of src: dst's own row 0 keeps its values
  in_place = { dst = { "src" } },
  kernel = "{T}",
  rules = {
    rule { name = "src_cols", check = "src.valid_cols == dst.valid_cols", status = "valid",
           why = "src's row 0 must give one value per dst column" },
  },
}

kind {
  name = "ternary_scalar",
  doc = "dst[i,j] = f(src0[i,j], scalar, src1[i,j]) over dst's valid region: two tiles and a scalar.",
  entries = { { form = "main", operands = { "dst", "src0", "scalar", "src1" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    src0 = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
    scalar = { scalar = true, io = "in", dtype = "T" },
    src1 = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
  },
  axes = {},
  in_place = { dst = { "src0", "src1" } },
  kernel = "{T}",
  rules = {
    rule { name = "src0_valid", check = same_valid("src0", "dst"), status = "valid",
           why = "src0 must have dst's valid region" },
    rule { name = "src1_valid", check = same_valid("src1", "dst"), status = "valid",
           why = "src1 must have dst's valid region" },
  },
}

kind {
  name = "row_expand",
  doc = "dst[i,j] = f(src0[i,j], s_i): the narrow operand gives one scalar per row (mode 1, DN Rx1) "
     .. "or one 32-byte block per row used block-periodically (mode 2, ND Rx(32/sizeof T)); "
     .. "either source may be the narrow one (swap). The call decides both: the mode is the narrow "
     .. "operand's layout, the order which source is full (row-major with dst's valid region; src0 when both are).",
  entries = { { form = "main", operands = { "dst", "src0", "src1", "tmp" } } },
  operands = expand_operands { tmp = { tile = true, io = "tmp", dtype = "T", optional = true, layouts = { "ND" } } },
  roles = expand_roles,
  role_layouts = { full = { "ND" } },
  axes = {
    order_axis,
    { name = "mode", derive = "layout", of = "narrow", values = { mode1 = "DN", mode2 = "ND" }, status = "layout" },
    { name = "tmp", derive = "presence", of = "tmp", values = { "none", "tmp" }, status = "tmp" },
  },
  -- dst may be either source: a narrow operand that is dst's very tile has dst's valid shape,
  -- so it is a mode-2 block as wide as dst, read once per element (column j reads column j)
  in_place = { dst = { "full", "narrow" } },
  kernel = "{T}_{mode}{order:swap=_swap}",
  rules = {
    full_valid,
    rule { name = "narrow_rows", check = "narrow.valid_rows == dst.valid_rows", status = "valid",
           why = "the narrow operand must have one row per dst row" },
    rule { name = "mode1_column", check = "narrow.cols == 1", status = "shape", when = { mode = "mode1" },
           why = "a mode-1 narrow operand is a DN column vector (cols == 1)" },
    rule { name = "mode1_valid", check = "narrow.valid_cols == 1", status = "valid", when = { mode = "mode1" },
           why = "a mode-1 narrow operand has one valid column" },
    rule { name = "mode2_block", check = "narrow.valid_cols == narrow.block_elems", status = "valid",
           when = { mode = "mode2" },
           why = "a mode-2 narrow operand has exactly one 32-byte block (32/sizeof T elements) of valid columns per row" },
    rule { name = "mode2_stride", check = "narrow.cols == narrow.block_elems", status = "shape",
           when = { mode = "mode2" }, on = { "a2a3" },
           why = "on A2A3 the rows of a mode-2 narrow operand are exactly one 32-byte block apart" },
    -- upstream's ST sizes tmp as src1Rows * 32 B or 8 KiB: kernels broadcast 256 rows at a time at most
    rule { name = "tmp_size", check = "tmp.bytes >= min(roundup(dst.valid_rows, 8), 256) * block_bytes", status = "tmp",
           when = { tmp = "tmp" },
           why = "tmp holds one 32-byte broadcast block per row, rounded up to 8 rows, for at most 256 rows (8 KiB) at a time" },
  },
}

kind {
  name = "col_expand",
  doc = "dst[i,j] = f(src0[i,j], s_j): the narrow operand's row 0 gives one scalar per column; "
     .. "either source may be the narrow one (swap). The call decides the order: the full source is "
     .. "the one with dst's valid region (src0 when both have it).",
  entries = { { form = "main", operands = { "dst", "src0", "src1" } } },
  operands = expand_operands(),
  roles = expand_roles,
  role_layouts = { full = { "ND" }, narrow = { "ND" } },
  axes = { order_axis },
  -- dst may be either source; the kernel writes row 0, the narrow operand's row, last
  in_place = { dst = { "full", "narrow" } },
  kernel = "{T}{order:swap=_swap}",
  rules = {
    full_valid,
    rule { name = "narrow_cols", check = "narrow.valid_cols == dst.valid_cols", status = "valid",
           why = "the narrow operand's row 0 must give one value per dst column" },
  },
}

kind {
  name = "row_reduce_index",
  reduce = "index", -- math is one reduction of src to a position (argmax or argmin)
  doc = "dst[i,0] = the column of src's row i that the reduction selects (and dst_val[i,0] = that element "
     .. "in the value+index form). Only column 0 of the outputs' valid rows is written, whether they are ND or DN column vectors.",
  entries = {
    { form = "idx", operands = { "dst", "src", "tmp" } },
    { form = "val", suffix = "_val", operands = { "dst_val", "dst_idx", "src", "tmp" } },
  },
  operands = {
    dst = { tile = true, io = "out", dtype = "I", layouts = { "ND", "DN" } },
    dst_val = { tile = true, io = "out", dtype = "S", layouts = { "ND", "DN" } },
    dst_idx = { tile = true, io = "out", dtype = "I", layouts = { "ND", "DN" } },
    src = { tile = true, io = "in", dtype = "S", layouts = { "ND" } },
    tmp = { tile = true, io = "tmp", dtype = "S", optional = true, layouts = { "ND" } },
  },
  axes = {
    { name = "form", derive = "form", values = { "idx", "val" } },
  },
  -- each row is read whole before its column 0 is written, so an output may be src itself
  in_place = { dst = { "src" }, dst_val = { "src" }, dst_idx = { "src" } },
  kernel = "{S}_{I}",
  static_rules = {
    rule { name = "idx32", check = "dst.elem_bytes == 4", when = { form = "idx" }, status = "dtype",
           why = "the index-only form writes 32-bit indices" },
    rule { name = "idx_width", check = "dst_idx.elem_bytes == src.elem_bytes", when = { form = "val" }, status = "dtype",
           why = "the value+index form writes indices as wide as src elements" },
  },
  rules = {
    rule { name = "dst_rows", check = "dst.valid_rows == src.valid_rows", status = "valid", when = { form = "idx" },
           why = "dst must have one valid row per src valid row" },
    rule { name = "dst_val_rows", check = "dst_val.valid_rows == src.valid_rows", status = "valid", when = { form = "val" },
           why = "dst_val must have one valid row per src valid row" },
    rule { name = "dst_idx_rows", check = "dst_idx.valid_rows == src.valid_rows", status = "valid", when = { form = "val" },
           why = "dst_idx must have one valid row per src valid row" },
    rule { name = "dst_column", check = "dst.cols == 1", status = "shape", when = { form = "idx", ["dst.layout"] = "DN" },
           why = "a DN dst is a column vector (cols == 1)" },
    rule { name = "dst_val_column", check = "dst_val.cols == 1", status = "shape", when = { form = "val", ["dst_val.layout"] = "DN" },
           why = "a DN dst_val is a column vector (cols == 1)" },
    rule { name = "dst_idx_column", check = "dst_idx.cols == 1", status = "shape", when = { form = "val", ["dst_idx.layout"] = "DN" },
           why = "a DN dst_idx is a column vector (cols == 1)" },
    rule { name = "idx16_range", check = "src.valid_cols <= 65536", status = "valid",
           when = { form = "val", ["dst_idx.elem_bytes"] = 2 },
           why = "16-bit indices address at most 65536 columns" },
    -- the machine models' schemes (A5 keeps lane indices as wide as src; A2A3 reduces in two
    -- stages through tmp, upstream's layout)
    rule { name = "a5_index16", on = { "a5" }, status = "valid", when = { ["src.elem_bytes"] = 2 },
           check = "src.valid_cols <= 65536",
           why = "A5 keeps the running index in lanes as wide as src: 16 bits for a 16-bit src" },
    rule { name = "a2a3_cols_limit", on = { "a2a3" }, status = "valid",
           check = "src.valid_cols <= src.repeat_elems * src.repeat_elems * src.repeat_elems",
           why = "the two-stage vcmax/vcmin scheme reduces at most E^3 columns" },
    rule { name = "tmp_rows", on = { "a2a3" }, status = "tmp",
           check = "src.valid_cols <= src.repeat_elems or tmp.rows >= src.valid_rows",
           why = "rows wider than one repeat need one tmp row per src row" },
    rule { name = "tmp_stride", on = { "a2a3" }, status = "tmp",
           check = "src.valid_cols <= src.repeat_elems or tmp.cols >= "
                .. "roundup(2 * ceildiv(src.valid_cols, src.repeat_elems), src.block_elems) + "
                .. "roundup(ceildiv(src.valid_cols, src.repeat_elems), src.block_elems)",
           why = "a tmp row holds the block-padded (value, index) pairs and extrema of one row: "
              .. "roundup(2r, B) + roundup(r, B) elements with r = ceil(valid_cols / E)" },
    rule { name = "tmp_pairs", on = { "a2a3" }, status = "tmp", when = { form = "val" },
           check = "src.valid_cols > src.repeat_elems or tmp.rows * tmp.cols >= 2 * src.valid_rows",
           why = "the value+index form stores one (value, index) pair per row in tmp" },
  },
}

kind {
  name = "row_reduce",
  reduce = "value", -- math is one fold of each row of src: sum(src), prod(src), max(src), min(src)
  doc = "dst[i,0] = the fold of src's row i (docs/contract.md section 2: a sum or product in the lane order of a "
     .. "256-byte vector, a maximum or minimum IEEE's). Only column 0 of dst's valid rows is written, whether dst is "
     .. "an ND tile or a DN column vector.",
  entries = { { form = "main", operands = { "dst", "src", "tmp" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND", "DN" } },
    src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
    tmp = { tile = true, io = "tmp", dtype = "T", optional = true, layouts = { "ND" } },
  },
  axes = {},
  -- each row is read whole before its column 0 is written, so dst may be src itself
  in_place = { dst = { "src" } },
  kernel = "{T}",
  rules = {
    rule { name = "dst_rows", check = "dst.valid_rows == src.valid_rows", status = "valid",
           why = "dst must have one valid row per src valid row" },
    rule { name = "dst_column", check = "dst.cols == 1", status = "shape", when = { ["dst.layout"] = "DN" },
           why = "a DN dst is a column vector (cols == 1)" },
  },
}

kind {
  name = "col_reduce_index",
  reduce = "index", -- math is one reduction (argmax or argmin) of each column of src
  doc = "dst[0,j] = the row of src's column j that the reduction selects. Only row 0 of dst's valid columns is written.",
  entries = { { form = "main", operands = { "dst", "src", "tmp" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "I", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "S", layouts = { "ND" } },
    tmp = { tile = true, io = "tmp", dtype = "S", optional = true, layouts = { "ND" } },
  },
  axes = {},
  -- every row of a column is read before row 0 of dst is written there, so dst may be src itself
  in_place = { dst = { "src" } },
  kernel = "{S}_{I}",
  rules = {
    dst_cols,
    rule { name = "index16_range", on = { "a2a3", "a5" }, status = "valid", when = { ["src.elem_bytes"] = 2 },
           check = "src.valid_rows <= 65536",
           why = "the NPU kernels count rows in lanes as wide as src: 16 bits for a 16-bit src" },
  },
}

kind {
  name = "col_reduce",
  reduce = "value", -- math is one fold of each column of src: prod(src), max(src), min(src)
  doc = "dst[0,j] = the fold of src's column j, row by row: ((r0 op r1) op r2) ... Only row 0 of dst's valid "
     .. "columns is written.",
  entries = { { form = "main", operands = { "dst", "src" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
  },
  axes = {},
  -- row 0 of src is the first running value, so dst may be src itself
  in_place = { dst = { "src" } },
  kernel = "{T}",
  rules = {
    dst_cols,
  },
}

-- Runtime parameters: an entry point's argument that is not an operand but picks the tuple
-- (each value its own kernel). An enumerated param is a public C enum (enum = its constants'
-- prefix, values in C order); any other int is PTO_ERR_PARAM. A flag is an int: 0 is its first
-- value, every other value its second. A kind takes one as an operand { param = <name> } and
-- derives an axis from it: { name = ..., derive = "param", of = <operand> }. upstream: the type the
-- C++ API takes (gen/cppapi.py).
param {
  name = "cmp",
  c_type = "pto_cmp",
  enum = "PTO_CMP",
  upstream = "CmpMode", -- upstream's C++ enum (runtime/cpp/pto/common/type.hpp), its values named as these upper-cased
  doc = "The comparison TCMPS makes of each element with the scalar.",
  values = { "eq", "ne", "lt", "gt", "ge", "le" },
}
param {
  name = "round",
  c_type = "pto_round",
  enum = "PTO_ROUND",
  upstream = "RoundMode", -- runtime/cpp/pto/common/type.hpp
  upstream_values = { "CAST_NONE", "CAST_RINT", "CAST_ROUND", "CAST_FLOOR", "CAST_CEIL", "CAST_TRUNC", "CAST_ODD" },
  doc = "How TCVT rounds: NONE = RINT (nearest, ties to even), ROUND (nearest, ties away from zero), FLOOR, CEIL, TRUNC, ODD (round to odd; f32 to f16/bf16 only).",
  values = { "none", "rint", "round", "floor", "ceil", "trunc", "odd" },
}
param {
  name = "sat",
  c_type = "pto_sat",
  enum = "PTO_SAT",
  upstream = "SaturationMode", -- upstream has no DEFAULT value (its overload without the mode is it)
  upstream_values = { "", "ON", "OFF" },
  doc = "Whether TCVT saturates: DEFAULT (the pair's own default, docs/contract.md), ON, OFF.",
  values = { "default", "on", "off" },
}
param {
  name = "binary",
  c_type = "int",
  flag = true,
  upstream = "bool",
  doc = "How TCOLSUM sums a column: 0 row after row, any other value by the adjacent-pair tree.",
  values = { "sequential", "tree" },
}

param {
  name = "relu",
  c_type = "pto_relu",
  enum = "PTO_RELU",
  upstream = "ReluPreMode", upstream_values = { "NoRelu", "NormalRelu" }, -- a template argument (gen/kinds/_movement.py CPP_OPTIONS)
  doc = "Whether TMOV applies relu to the source value before its conversion, and TSTORE out of an ACC tile to the f32 "
     .. "value before converting: NONE, NORMAL (x < 0 ? +0 : x; -0 and NaN kept).",
  values = { "none", "normal" },
}

param {
  name = "index",
  c_type = "uint32_t",
  value = true,
  upstream = "uint16_t", -- upstream's TEXTRACT/TINSERT take uint16_t indexRow, indexCol
  doc = "A row or column offset of TEXTRACT's and TINSERT's window.",
}

kind {
  name = "col_sum",
  reduce = "value", -- math is sum(src)
  doc = "dst[0,j] = the sum of src's column j: row after row, ((r0 + r1) + r2) ..., or (binary != 0) by the "
     .. "adjacent-pair tree over the rows, (r0 + r1), (r2 + r3), ..., an odd last row moving up unchanged, until one "
     .. "value is left. Only row 0 of dst's valid columns is written.",
  entries = { { form = "main", operands = { "dst", "src", "tmp", "binary" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
    tmp = { tile = true, io = "tmp", dtype = "T", optional = true, layouts = { "ND" } },
    binary = { param = "binary", io = "in" },
  },
  axes = { { name = "sum", derive = "param", of = "binary" } },
  -- every row is read before row 0 of dst is written there, so dst may be src itself
  in_place = { dst = { "src" } },
  kernel = "{T}_{sum}",
  rules = {
    dst_cols,
  },
}

-- The bit masks of TCMPS, TSELS, TCMP and TSEL: a u8 ND tile, bit (j mod 8) of byte (i, j / 8),
-- least significant bit first, is element (i, j); its valid region is rows x ceil(cols / 8) bytes.
local function mask_rules(mask, tile)
  return { rule { name = "mask_rows", check = mask .. ".valid_rows == " .. tile .. ".valid_rows", status = "valid",
                  why = "the mask has one valid row per " .. tile .. " row" },
           rule { name = "mask_bytes", check = mask .. ".valid_cols == ceildiv(" .. tile .. ".valid_cols, 8)", status = "valid",
                  why = "the mask has one valid byte per 8 " .. tile .. " columns" } }
end
kind {
  name = "compare_scalar",
  math_fn = "cmp", -- math = "cmp(src, scalar)": the comparison the mode names, IEEE for floats
  scalar_tile = true, -- the C++ API also takes the scalar as element 0 of a tile (upstream's tile comparand)
  doc = "Bit (i, j) of the mask dst = src[i,j] <mode> scalar (EQ, NE, LT, GT, GE, LE; IEEE: with a NaN only NE "
     .. "holds): bit j mod 8 of byte (i, j / 8), least significant first; the bits past src's valid columns in a "
     .. "row's last byte are 0.",
  entries = { { form = "main", operands = { "dst", "src", "scalar", "mode" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "u8", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
    scalar = { scalar = true, io = "in", dtype = "T" },
    mode = { param = "cmp", io = "in" },
  },
  axes = { { name = "mode", derive = "param", of = "mode" } },
  kernel = "{T}_{mode}",
  rules = { mask_rules("dst", "src") },
}

kind {
  name = "select_scalar",
  math_fn = "select", -- math = "select(mask, src, scalar)": src where the mask bit is 1, else the scalar
  doc = "dst[i,j] = bit (i, j) of mask ? src[i,j] : scalar over dst's valid region (mask: bit j mod 8 of byte "
     .. "(i, j / 8), least significant first; its bits past the valid columns are not read).",
  entries = { { form = "main", operands = { "dst", "mask", "src", "tmp", "scalar" } } },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
    mask = { tile = true, io = "in", dtype = "u8", layouts = { "ND" } },
    src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } },
    tmp = { tile = true, io = "tmp", dtype = "any", optional = true, layouts = { "ND" } }, -- bytes
    scalar = { scalar = true, io = "in", dtype = "T" },
  },
  axes = {},
  in_place = { dst = { "src" } },
  kernel = "{T}",
  rules = {
    rule { name = "same_valid", check = same_valid("dst", "src"), status = "valid",
           why = "dst and src must have the same valid region" },
    mask_rules("mask", "dst"),
  },
}

-- The elementwise tile-tile kinds (docs/contract.md section 4): every tile has dst's valid region
-- (the iteration domain), each its own row stride; dst may be the very same tile as any source.
local function tile(io, dtype) return { tile = true, io = io, dtype = dtype or "T", layouts = { "ND" } } end
local function valid_as_dst(...) -- a list of rules, one per source
  local out = {}
  for _, s in ipairs({ ... }) do
    out[#out + 1] = rule { name = s .. "_valid", check = same_valid(s, "dst"), status = "valid",
                           why = s .. " must have dst's valid region" }
  end
  return out
end
-- tmp of the tile-tile kinds: upstream's API has it; no kernel needs it (A2A3's temporaries live
-- in the reserved scratch), so any tile, or NULL, is taken and never read
local scratch = { tile = true, io = "tmp", dtype = "any", optional = true, layouts = { "ND" } }

-- One of the tile-tile arithmetic kinds: dst and the sources (in order), each of dst's valid
-- region and dtype; with_tmp adds upstream's tmp last. dst may be any source's very tile.
local function tile_tile(name, doc, sources, with_tmp)
  local ops, entry = { dst = tile("out") }, { "dst" }
  for _, s in ipairs(sources) do ops[s] = tile("in"); entry[#entry + 1] = s end
  if with_tmp then ops.tmp = scratch; entry[#entry + 1] = "tmp" end
  return kind {
    name = name, doc = doc, entries = { { form = "main", operands = entry } }, operands = ops, axes = {},
    in_place = { dst = sources }, kernel = "{T}", scalar_unit = #sources == 2 or nil,
    rules = { valid_as_dst(table.unpack(sources)) },
  }
end
tile_tile("elementwise_unary", "dst[i,j] = f(src[i,j]) over dst's valid region; src has dst's valid region.", { "src" })
tile_tile("elementwise_binary", "dst[i,j] = f(src0[i,j], src1[i,j]) over dst's valid region; both sources have dst's "
          .. "valid region.", { "src0", "src1" })
tile_tile("elementwise_binary_tmp", "dst[i,j] = f(src0[i,j], src1[i,j]) over dst's valid region, with upstream's tmp "
          .. "operand (any tile or NULL; never read).", { "src0", "src1" }, true)
tile_tile("elementwise_ternary", "dst[i,j] = f(src0[i,j], src1[i,j], src2[i,j]) over dst's valid region; every source "
          .. "has dst's valid region.", { "src0", "src1", "src2" })

kind {
  name = "compare",
  math_fn = "cmp", -- math = "cmp(src0, src1)": the comparison the mode names, IEEE for floats
  doc = "Bit (i, j) of the mask dst = src0[i,j] <mode> src1[i,j] (EQ, NE, LT, GT, GE, LE; IEEE: with a NaN only NE "
     .. "holds): bit j mod 8 of byte (i, j / 8), least significant first; the bits past the valid columns in a "
     .. "row's last byte are 0.",
  entries = { { form = "main", operands = { "dst", "src0", "src1", "mode" } } },
  operands = { dst = tile("out", "u8"), src0 = tile("in"), src1 = tile("in"), mode = { param = "cmp", io = "in" } },
  axes = { { name = "mode", derive = "param", of = "mode" } },
  kernel = "{T}_{mode}",
  rules = {
    rule { name = "src1_valid", check = same_valid("src1", "src0"), status = "valid",
           why = "src1 must have src0's valid region" },
    mask_rules("dst", "src0"),
  },
}

kind {
  name = "select",
  math_fn = "select", -- math = "select(mask, src0, src1)": src0 where the mask bit is 1, else src1
  doc = "dst[i,j] = bit (i, j) of mask ? src0[i,j] : src1[i,j] over dst's valid region (mask: bit j mod 8 of byte "
     .. "(i, j / 8), least significant first; its bits past the valid columns are not read).",
  entries = { { form = "main", operands = { "dst", "mask", "src0", "src1", "tmp" } } },
  operands = { dst = tile("out"), mask = tile("in", "u8"), src0 = tile("in"), src1 = tile("in"), tmp = scratch },
  axes = {},
  in_place = { dst = { "src0", "src1" } },
  kernel = "{T}",
  rules = { valid_as_dst("src0"), valid_as_dst("src1"), mask_rules("mask", "dst") },
}

-- TCVT: dst[i,j] = src[i,j] converted to dst's dtype (docs/contract.md, TCVT): rounded by the
-- pto_round mode, saturated or wrapped by the pto_sat mode (DEFAULT: the pair's own). The legal
-- sets list (src, dst) pairs (pairs), and round and sat are axes whose values the verifier checks
-- (ODD only where a spec leaves it); one kernel per pair takes both as arguments (param_args).
kind {
  name = "convert",
  converts = true,   -- may list the conversion-only dtypes (spec/dtypes.lua)
  pairs = { from = "S", to = "D" },
  param_args = true,
  math_fn = "cvt",   -- math = "cvt(src)": runtime/common/pto_cvt.h, as the contract defines it
  doc = "dst[i,j] = src[i,j] converted to dst's dtype over dst's valid region: rounded by round (NONE = RINT), "
     .. "saturated or wrapped by sat (DEFAULT: the pair's own); src has dst's valid region.",
  entries = { { form = "main", operands = { "dst", "src", "round", "sat" } } },
  operands = { dst = tile("out", "D"), src = tile("in", "S"), round = { param = "round", io = "in" },
               sat = { param = "sat", io = "in" } },
  axes = { { name = "round", derive = "param", of = "round" }, { name = "sat", derive = "param", of = "sat" } },
  in_place = { dst = { "src" } }, -- the very same tile: only where both dtypes have one size
  kernel = "{D}_{S}",
  rules = { valid_as_dst("src") },
}

-- The matrix unit (docs/contract.md section 5, docs/matmul.md): c = a . b over c's valid region,
-- m = c.valid_rows (a's valid rows for TMATMUL, 1 for TGEMV: an instruction rule says which),
-- k = a.valid_cols = b.valid_rows, n = b.valid_cols = c.valid_cols. Each c(i, j) is the sum over
-- k in increasing order, from +0, of the products a(i,k)*b(k,j), each product rounded to the
-- accumulator dtype C and each addition rounded once (no fused multiply-add); then c_in + s
-- (matmul_acc) or s + bias(0, j) (matmul_bias), rounded once. Integers wrap. a is a LEFT tile
-- (Nz or Zz: the axis left), b a RIGHT tile (Zn), c an ACC tile (Nz), bias a BIAS tile (ND 1 x N).
-- A and C are pairs (f16 -> f32, ...): legal sets list them as pairs = { A = { C } }.
local function mm_rules(out)
  return { rule { name = "k_match", check = "b.valid_rows == a.valid_cols", status = "valid",
                  why = "b has one valid row per valid column of a (k)" },
           rule { name = "n_match", check = out .. ".valid_cols == b.valid_cols", status = "valid",
                  why = out .. " has one valid column per valid column of b (n)" } }
end
local mm_a = { tile = true, io = "in", dtype = "A", locs = { "LEFT" }, layouts = { "Nz", "Zz" } }
local mm_b = { tile = true, io = "in", dtype = "A", locs = { "RIGHT" }, layouts = { "Zn" } }
local function mm_c(io) return { tile = true, io = io, dtype = "C", locs = { "ACC" }, layouts = { "Nz" } } end
local mm_left = { name = "left", derive = "layout", of = "a", values = { nz = "Nz", zz = "Zz" }, status = "layout" }

kind {
  name = "matmul",
  math_fn = "matmul", -- math = "matmul(a, b)": the sum of products in the contract's order
  doc = "c[i,j] = the sum over k in increasing order, from +0, of a[i,k]*b[k,j] (each product rounded to c's dtype, "
     .. "each addition rounded once; integers wrap) over c's valid region m x n; cells outside it are untouched.",
  entries = { { form = "main", operands = { "c", "a", "b" } } },
  pairs = { from = "A", to = "C" },
  operands = { c = mm_c("out"), a = mm_a, b = mm_b },
  axes = { mm_left },
  kernel = "{C}_{A}_{left}",
  rules = { mm_rules("c") },
}

kind {
  name = "matmul_acc",
  math_fn = "matmul_acc", -- math = "matmul_acc(c_in, a, b)": c_in + the sum, rounded once
  doc = "c_out[i,j] = c_in[i,j] + s (rounded once; integers wrap) with s the matmul sum of a and b over c_out's valid "
     .. "region; c_out may be c_in's very tile.",
  entries = { { form = "main", operands = { "c_out", "c_in", "a", "b" } } },
  pairs = { from = "A", to = "C" },
  operands = { c_out = mm_c("out"), c_in = mm_c("in"), a = mm_a, b = mm_b },
  axes = { mm_left },
  in_place = { c_out = { "c_in" } },
  kernel = "{C}_{A}_{left}",
  rules = { mm_rules("c_out"),
            rule { name = "c_in_valid", check = same_valid("c_in", "c_out"), status = "valid",
                   why = "c_in has c_out's valid region" } },
}

kind {
  name = "matmul_bias",
  math_fn = "matmul_bias", -- math = "matmul_bias(a, b, bias)": the sum + bias(0, j), rounded once
  doc = "c[i,j] = s + bias[0,j] (rounded once; integers wrap) with s the matmul sum of a and b over c's valid region; "
     .. "bias is a 1 x N row (N >= c's valid columns).",
  entries = { { form = "main", operands = { "c", "a", "b", "bias" } } },
  pairs = { from = "A", to = "C" },
  operands = { c = mm_c("out"), a = mm_a, b = mm_b,
               bias = { tile = true, io = "in", dtype = "C", locs = { "BIAS" }, layouts = { "ND" } } },
  axes = { mm_left },
  kernel = "{C}_{A}_{left}",
  rules = { mm_rules("c"),
            rule { name = "bias_row", check = "bias.rows == 1", status = "shape", why = "a bias tile is one row" },
            rule { name = "bias_cols", check = "bias.valid_cols >= c.valid_cols", status = "valid",
                   why = "bias has a valid column for every valid column of c" } },
}

-- Layout and rearrangement (docs/contract.md section 5, docs/moves.md).
-- TTRANS: dst(j, i) = src(i, j) over src's valid region, both row-major VEC tiles; tmp is
-- upstream's scratch (A2A3's vnchwconv goes through it, A5 and the cpu do not use it): a profile
-- that ignores it takes NULL or any tile, src's very tile too. dst never overlaps src.
kind {
  name = "transpose",
  doc = "dst[j,i] = src[i,j] over src's valid region (dst's valid region is src's transposed); tmp is scratch "
     .. "where a profile uses it; dst must not overlap src, not even as its very tile.",
  entries = { { form = "main", operands = { "dst", "src", "tmp" } } },
  operands = { dst = { tile = true, io = "out", dtype = "T", layouts = { "ND" } },
               src = { tile = true, io = "in", dtype = "T", layouts = { "ND" } }, tmp = scratch },
  axes = {},
  kernel = "{T}",
  rules = {
    rule { name = "transposed_valid", check = "dst.valid_rows == src.valid_cols and dst.valid_cols == src.valid_rows",
           status = "valid", why = "dst's valid region is src's transposed" },
  },
}

-- TMOV, TEXTRACT, TINSERT: dst(i, j) = src(i, j) over the valid region (TEXTRACT: src's window at
-- (row, col), TINSERT: into dst's window there), an index-mapped copy between locations and
-- layouts; f32 -> f16/bf16 (out of ACC only) converts by RINT with overflow to +-inf; TMOV's relu
-- NORMAL first makes every value below 0 +0 (-0 and NaN kept). The layouts are axes (from: src's,
-- to: dst's), the legal sets pair them; which locations a pair moves between is a rule per pair
-- (status loc): the moves of DESIGN 4.3 and no others. The kernels take the runtime parameters
-- as arguments (param_args: one kernel per dtype pair and layout pair) and read the boxes of each
-- tile's location (out/include/pto/pto_layout.h).
local mv_from = { name = "from", derive = "layout", of = "src", values = { nd = "ND", dn = "DN", nz = "Nz", zn = "Zn" } }
local mv_to = { name = "to", derive = "layout", of = "dst", values = { nd = "ND", dn = "DN", nz = "Nz", zn = "Zn", zz = "Zz" } }
local mv_dst = { tile = true, io = "out", dtype = "D", locs = { "VEC", "MAT", "LEFT", "RIGHT" }, layouts = { "ND", "DN", "Nz", "Zn", "Zz" } }
local mv_src = { tile = true, io = "in", dtype = "S", locs = { "VEC", "MAT", "ACC" }, layouts = { "ND", "DN", "Nz", "Zn" } }
local function mv_locs(from, to, check, why)
  return rule { name = "move_" .. from .. "_" .. to, when = { from = from, to = to }, check = check, status = "loc", why = why }
end
-- The moves (each layout pair's locations), then the conversion's: the rules every movement kind ends with
local function mv_rules(first)
  local out = first
  for _, r in ipairs({
    rule { name = "convert_from_acc", check = "dst.elem_bytes == src.elem_bytes or src.loc == ACC", status = "loc",
           why = "only a move out of ACC converts (f32 -> f16/bf16)" },
    mv_locs("nd", "nd", "src.loc == VEC and dst.loc == VEC", "an ND -> ND move is VEC -> VEC"),
    mv_locs("dn", "dn", "src.loc == VEC and dst.loc == VEC", "a DN -> DN move is VEC -> VEC"),
    mv_locs("nd", "nz", "src.loc == VEC and dst.loc == LEFT", "an ND -> Nz move is VEC -> LEFT (the cpu's)"),
    mv_locs("nd", "zz", "src.loc == VEC and dst.loc == LEFT", "an ND -> Zz move is VEC -> LEFT (the cpu's)"),
    mv_locs("nd", "zn", "src.loc == VEC and dst.loc == RIGHT", "an ND -> Zn move is VEC -> RIGHT (the cpu's)"),
    mv_locs("nz", "nd", "src.loc == ACC and dst.loc == VEC", "an Nz -> ND move is ACC -> VEC"),
    mv_locs("nz", "dn", "src.loc == ACC and dst.loc == VEC", "an Nz -> DN move is ACC -> VEC"),
    mv_locs("nz", "nz", "(src.loc == MAT and dst.loc == LEFT) or (src.loc == ACC and (dst.loc == MAT or dst.loc == LEFT))",
            "an Nz -> Nz move is MAT -> LEFT, ACC -> MAT or ACC -> LEFT (the cpu's)"),
    mv_locs("nz", "zz", "(src.loc == MAT or src.loc == ACC) and dst.loc == LEFT", "an Nz -> Zz move is MAT -> LEFT or ACC -> LEFT"),
    mv_locs("nz", "zn", "(src.loc == MAT or src.loc == ACC) and dst.loc == RIGHT", "an Nz -> Zn move is MAT -> RIGHT or ACC -> RIGHT"),
    mv_locs("zn", "zn", "src.loc == MAT and dst.loc == RIGHT", "a Zn -> Zn move is MAT -> RIGHT"),
  }) do out[#out + 1] = r end
  return out
end

kind {
  name = "move",
  pairs = { from = "S", to = "D" },
  param_args = true,
  doc = "dst[i,j] = src[i,j] over the valid region (dst's and src's are the same), between locations and layouts; "
     .. "f32 -> f16/bf16 (out of ACC) rounds to nearest even, overflow to +-inf; relu NORMAL: a value below 0 is +0 "
     .. "first (-0 and NaN kept).",
  entries = { { form = "main", operands = { "dst", "src", "relu" } } },
  operands = { dst = mv_dst, src = mv_src, relu = { param = "relu", io = "in" } },
  axes = { mv_from, mv_to, { name = "relu", derive = "param", of = "relu" } },
  kernel = "{D}_{S}_{from}_{to}",
  rules = mv_rules({ rule { name = "same_valid", check = same_valid("dst", "src"), status = "valid",
                            why = "dst and src must have the same valid region" } }),
}

-- TEXTRACT and TINSERT: the window of the outer tile (src, dst) at (row, col) with the inner
-- tile's valid region lies inside the outer valid region, at a multiple of the outer tile's box
local function window_rules(outer, inner)
  return mv_rules({
    rule { name = "window_rows", check = "row + " .. inner .. ".valid_rows <= " .. outer .. ".valid_rows", status = "valid",
           why = "the window's rows (row + " .. inner .. "'s valid rows) lie inside " .. outer .. "'s valid rows" },
    rule { name = "window_cols", check = "col + " .. inner .. ".valid_cols <= " .. outer .. ".valid_cols", status = "valid",
           why = "the window's columns (col + " .. inner .. "'s valid columns) lie inside " .. outer .. "'s valid columns" },
    rule { name = "window_box", check = string.format("row == roundup(row, %s.box_rows) and col == roundup(col, %s.box_cols)", outer, outer),
           status = "valid", why = "on a boxed " .. outer .. " the window starts at a box (row and col multiples of its box)" },
  })
end

-- extract (TEXTRACT): dst[i,j] = src[row + i, col + j]; insert (TINSERT): the reverse, the rest of dst
-- untouched. The outer tile holds the window.
local function window_kind(name, doc, outer, inner)
  return kind {
    name = name,
    pairs = { from = "S", to = "D" },
    param_args = true,
    doc = doc .. ", between locations and layouts like TMOV (f32 -> f16/bf16 out of ACC, no relu); the window lies "
       .. "inside " .. outer .. "'s valid region, at a multiple of " .. outer .. "'s box.",
    entries = { { form = "main", operands = { "dst", "src", "row", "col" } } },
    operands = { dst = mv_dst, src = mv_src, row = { param = "index", io = "in" }, col = { param = "index", io = "in" } },
    axes = { mv_from, mv_to },
    kernel = "{D}_{S}_{from}_{to}",
    rules = window_rules(outer, inner),
  }
end
window_kind("extract", "dst[i,j] = src[row + i, col + j] over dst's valid region", "src", "dst")
window_kind("insert", "dst[row + i, col + j] = src[i,j] over src's valid region (the rest of dst untouched)", "dst", "src")

-- Global memory (docs/contract.md section 5, docs/memory.md): TLOAD and TSTORE move the valid
-- region of a tile from or to a global tensor, a gm operand (pto_gm: data, dtype, layout ND/DN/NZ,
-- shape[5] and stride[5] in elements; gen/layouts.py GM_LAYOUTS holds its index maps). Element
-- (i, j) of the tile is element (i, j) of the tensor: ND flattens dims 0-3 into rows and dim 4 is
-- the columns; DN has its rows in dim 3 and columns in dim 4, stored column-major; NZ is
-- [1, C / c0, R / 16, 16, c0] boxes. The verifier checks the tensor itself (null, layout, dtype,
-- shape and strides, the transferred region against the tile's valid region, alignment) with the
-- tiles' checks (runtime/common/pto_verify_core.h). Which GM layout goes with which tile layout
-- and location is the instructions' legal sets (their excludes).
-- Operand field gm = true (instead of tile): a global tensor, its layouts among ND, DN, NZ (all three
-- when absent). Axis derive = "loc": the location of tile operand `of`, one per value: values =
-- { <value> = <pto_loc name> }; a location no legal tuple with the call's dtypes has: the axis's
-- status (loc unless given). Here dtype: the tile is in a location the instruction takes (its
-- operand's locs, checked first), and it is the dtypes that location does not take (an f16
-- tensor for a VEC f32 tile; out of ACC f32 to i32).
local gm_layout_axis = function(of) return { name = "gm", derive = "layout", of = of, values = { nd = "ND", dn = "DN", nz = "NZ" } } end
local gm_tile_axis = function(of) return { name = "tile", derive = "layout", of = of, values = { nd = "ND", dn = "DN", nz = "Nz", zn = "Zn" } } end

kind {
  name = "gm_load",
  math_fn = "load", -- math = "load(src)": the tensor's element bits
  doc = "dst[i,j] = src(i, j), the global tensor's element (i, j) through its layout's index map, over dst's valid "
     .. "region (the bits: the tensor's dtype is dst's or another of its size); the rest of dst is untouched.",
  entries = { { form = "main", operands = { "dst", "src" } } },
  -- the tensor's dtype G is the tile's T in every legal set; a tensor of another dtype of T's size
  -- matches too (bits copied: gen/kinds/_gm.py sized)
  pairs = { from = "G", to = "T" },
  operands = {
    dst = { tile = true, io = "out", dtype = "T", locs = { "VEC", "MAT" }, layouts = { "ND", "DN", "Nz", "Zn" } },
    src = { gm = true, io = "in", dtype = "G" },
  },
  axes = { { name = "loc", derive = "loc", of = "dst", values = { vec = "VEC", mat = "MAT" }, status = "dtype" },
           gm_layout_axis("src"), gm_tile_axis("dst") },
  kernel = "{T}_{G}_{gm}_{tile}",
  rules = {},
}

kind {
  name = "gm_store",
  math_fn = "store", -- math = "store(src)": the tile's element bits, or an ACC f32 converted (and relu)
  doc = "dst(i, j) = src[i,j] over src's valid region, into the global tensor's element (i, j) through its layout's "
     .. "index map (the bits: the tensor's dtype is src's or another of its size; out of an ACC tile f32 -> f32, "
     .. "f16 or bf16 rounded to nearest even, overflow to "
     .. "+-inf, after relu when asked); no other byte of the tensor is written.",
  entries = { { form = "main", operands = { "dst", "src", "relu" } } },
  pairs = { from = "T", to = "G" },
  operands = {
    dst = { gm = true, io = "out", dtype = "G" },
    src = { tile = true, io = "in", dtype = "T", locs = { "VEC", "MAT", "ACC" }, layouts = { "ND", "DN", "Nz" } },
    relu = { param = "relu", io = "in" },
  },
  axes = { { name = "loc", derive = "loc", of = "src", values = { vec = "VEC", mat = "MAT", acc = "ACC" }, status = "dtype" },
           gm_tile_axis("src"), gm_layout_axis("dst"), { name = "relu", derive = "param", of = "relu" } },
  kernel = "{G}_{T}_{tile}_{gm}{relu:normal=_relu}",
  rules = {},
}
