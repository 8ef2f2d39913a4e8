-- TMOV: an index-mapped copy between locations and layouts, dst(i, j) = src(i, j) over the valid
-- region (docs/contract.md section 5, docs/moves.md). The moves (the kind's rules): VEC -> VEC
-- (ND -> ND, DN -> DN), MAT -> LEFT (Nz -> Nz, Zz), MAT -> RIGHT (Nz, Zn -> Zn), ACC -> VEC (Nz ->
-- ND, DN), ACC -> MAT (Nz -> Nz), and the cpu's VEC -> LEFT/RIGHT and ACC -> LEFT/RIGHT that
-- upstream's CPU demos use. Out of ACC f32 may narrow to f16 or bf16 (RINT, overflow to +-inf),
-- relu NORMAL applied to the f32 value first.
-- Upstream (the matrix facts notes, section 5.3): A2A3 moves MAT -> LEFT into Zz, MAT -> RIGHT,
-- ACC -> MAT (f32 -> f16/bf16 only) and VEC -> VEC, and rejects ACC -> VEC; A5 moves MAT -> LEFT
-- into Nz, MAT -> RIGHT, ACC -> VEC/MAT (f32 -> f32/f16/bf16, i32 -> i32) and VEC -> VEC, and
-- compiles VEC -> LEFT/RIGHT and ACC -> LEFT/RIGHT to nothing (a bug: their intent, the copy, is
-- listed here with A5's set, and the cpu takes the union). Neither NPU profile offers it yet: the
-- machine models have no L1, L0 or fixpipe. Which of those locations each profile pairs with a
-- layout pair is the kind's rules' (the cpu's union).
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }
local function same(list, extra)
  local t = {}
  for _, d in ipairs(list) do t[d] = { d } end
  for s, ds in pairs(extra or {}) do for _, d in ipairs(ds) do table.insert(t[s], d) end end
  return t
end
local narrow = { f32 = { "f16", "bf16" } }
local boxes_only = { "f32", "f16", "bf16", "i8", "i32" } -- the matrix unit's dtypes (A, and C of ACC)
local vec_only = { "u32", "i16", "u16", "u8" }
local no_conversion_but_acc = { S = "f32", D = { "f16", "bf16" }, from = { "nd", "dn", "zn" } }
local acc_out = { from = "nz", to = { "nd", "dn" }, S = { "f16", "bf16", "i8" } } -- ACC holds f32 and i32

instruction {
  name = "tmov",
  family = "layout-and-rearrangement",
  kind = "move",
  summary = "Move a tile between locations and layouts, converting out of ACC (f32 to f16/bf16), relu optional.",
  math = "src",
  legal = {
    a2a3 = {
      pairs = same(all9, narrow), from = { "nd", "dn", "nz", "zn" }, to = { "nd", "dn", "nz", "zn", "zz" },
      exclude = {
        { from = "nd", to = { "dn", "nz", "zz", "zn" } }, { from = "dn", to = { "nd", "nz", "zz", "zn" } },
        { from = "nz", to = { "nd", "dn" } }, { from = "zn", to = { "nd", "dn", "nz", "zz" } },
        { S = vec_only, from = { "nz", "zn" } },
        no_conversion_but_acc,
      },
      offered = false,
    },
    a5 = {
      pairs = same(all9, narrow), from = { "nd", "dn", "nz", "zn" }, to = { "nd", "dn", "nz", "zn", "zz" },
      exclude = {
        { from = "nd", to = "dn" }, { from = "dn", to = { "nd", "nz", "zz", "zn" } },
        { from = "zn", to = { "nd", "dn", "nz", "zz" } },
        { S = vec_only, from = { "nz", "zn" } }, { S = vec_only, to = { "nz", "zz", "zn" } },
        acc_out, no_conversion_but_acc,
      },
      offered = false,
    },
  },
}
