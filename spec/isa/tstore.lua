-- TSTORE: tile -> global tensor (docs/contract.md section 5, docs/memory.md): src's valid region
-- to the tensor's elements (i, j); no other byte of the tensor is written. VEC (and on A2A3 MAT)
-- tiles store their bits (ND -> ND, DN -> DN, Nz -> NZ, same dtype); ACC tiles (Nz) store to ND or
-- NZ, f32 as f32, f16 or bf16 (rounded to nearest even, overflow to +-inf), i32 as i32, with relu
-- when asked (ACC only: PTO_ERR_PARAM elsewhere). Upstream's sets (the matrix facts notes, section
-- 5.2); neither NPU profile offers it yet (no DMA or fixpipe in the machine models).
local pairs_ = { f32 = { "f32", "f16", "bf16" }, f16 = { "f16" }, bf16 = { "bf16" }, i32 = { "i32" }, u32 = { "u32" },
                 i16 = { "i16" }, u16 = { "u16" }, i8 = { "i8" }, u8 = { "u8" } }

-- the (tile, gm) layout pairs each location takes, relu only out of ACC, conversions only out of
-- ACC, and ACC holds f32 or i32
local function only(locs)
  local ex = {}
  for _, loc in ipairs({ "vec", "mat", "acc" }) do -- in this order, not pairs(): spec.json stays the same bytes
    local ok = {}
    for _, pair in ipairs(locs[loc] or {}) do ok[pair] = true end
    for _, t in ipairs({ "nd", "dn", "nz" }) do
      for _, g in ipairs({ "nd", "dn", "nz" }) do
        if locs[loc] and not ok[t .. ">" .. g] then ex[#ex + 1] = { loc = loc, tile = t, gm = g } end
      end
    end
  end
  ex[#ex + 1] = { loc = { "vec", "mat" }, relu = "normal" }
  ex[#ex + 1] = { loc = { "vec", "mat" }, T = "f32", G = { "f16", "bf16" } }
  ex[#ex + 1] = { loc = "acc", T = { "f16", "bf16", "u32", "i16", "u16", "i8", "u8" } }
  return ex
end
local SAME = { "nd>nd", "dn>dn", "nz>nz" }
local ACC = { "nz>nd", "nz>nz" }

instruction {
  name = "tstore",
  family = "memory",
  kind = "gm_store",
  summary = "Store a tile's valid region to a global tensor.",
  math = "store(src)",
  legal = {
    a2a3 = { pairs = pairs_, offered = false, exclude = only { vec = SAME, mat = SAME, acc = ACC } },
    a5 = { pairs = pairs_, loc = { "vec", "acc" }, offered = false, exclude = only { vec = SAME, acc = ACC } },
  },
}
