-- TLOAD: global tensor -> tile (docs/contract.md section 5, docs/memory.md): dst's valid region
-- from the tensor's elements (i, j), the bits as they are; nothing else of dst is written (padding is
-- TFILLPAD's job, not TLOAD's). Layout pairs (GM -> tile) per location are upstream's (the matrix
-- facts notes, section 5.1): VEC ND -> ND, DN -> DN, NZ -> Nz; MAT also ND -> Nz and DN -> Zn (A5:
-- and DN -> Nz). Neither NPU profile offers it yet (no DMA in the machine models).
-- the tensor's dtype is the tile's (a tensor of another dtype of its size matches these tuples too)
local SAME = { f32 = { "f32" }, f16 = { "f16" }, bf16 = { "bf16" }, i32 = { "i32" }, u32 = { "u32" },
               i16 = { "i16" }, u16 = { "u16" }, i8 = { "i8" }, u8 = { "u8" } }

-- the (gm, tile) layout pairs each location takes: every other combination excluded
local function only(allowed)
  local ex = {}
  for _, loc in ipairs({ "vec", "mat" }) do
    local ok = {}
    for _, pair in ipairs(allowed[loc]) do ok[pair] = true end
    for _, g in ipairs({ "nd", "dn", "nz" }) do
      for _, t in ipairs({ "nd", "dn", "nz", "zn" }) do
        if not ok[g .. ">" .. t] then ex[#ex + 1] = { loc = loc, gm = g, tile = t } end
      end
    end
  end
  return ex
end
local VEC = { "nd>nd", "dn>dn", "nz>nz" }

instruction {
  name = "tload",
  family = "memory",
  kind = "gm_load",
  summary = "Load a tile's valid region from a global tensor.",
  math = "load(src)",
  legal = {
    a2a3 = { pairs = SAME, offered = false,
             exclude = only { vec = VEC, mat = { "nd>nd", "dn>dn", "nz>nz", "nd>nz", "dn>zn" } } },
    a5 = { pairs = SAME, offered = false,
           exclude = only { vec = VEC, mat = { "nd>nd", "dn>dn", "nz>nz", "nd>nz", "dn>zn", "dn>nz" } } },
  },
}
