-- TCVT: convert every element to dst's dtype (docs/contract.md, TCVT): rounded once by the mode
-- (NONE = RINT; ODD, round to odd, only f32 -> f16 and f32 -> bf16), saturated (clamped) or wrapped
-- by the saturation mode, DEFAULT being the pair's own (off for the six pairs of sat_default_off,
-- on for the rest), honoured for every pair on every profile. The pairs are upstream's, per
-- profile, among ptogen's dtypes (facts section 2.16.2); the cpu takes their union. Upstream
-- differs: CAST_NONE truncates float -> int on A2A3 and rounds on A5; A2A3 forces saturation on
-- for all but six pairs without tmp; CAST_ODD writes nothing on A5 but for f32 -> f16; its CPU
-- simulator clamps in the source type and ignores the mode for float -> float (docs/tcvt.md).

-- ODD is legal only for f32 -> f16 and f32 -> bf16: every other pair's tuples are excluded
local function odd_only_f32_to_half(list)
  local others, ex, sources = {}, {}, {}
  for s in pairs(list) do sources[#sources + 1] = s end
  table.sort(sources)
  for _, s in ipairs(sources) do
    local ds = list[s]
    if s == "f32" then
      local rest = {}
      for _, d in ipairs(ds) do if d ~= "f16" and d ~= "bf16" then rest[#rest + 1] = d end end
      ex[#ex + 1] = { round = "odd", S = "f32", D = rest }
    else
      others[#others + 1] = s
    end
  end
  ex[#ex + 1] = { round = "odd", S = others }
  return ex
end

local a2a3 = {
  f32 = { "f16", "f32", "bf16", "i16", "i32", "i64" },
  f16 = { "f32", "i32", "i16", "i8", "u8" },
  bf16 = { "f32", "i32" },
  i16 = { "f16", "f32" },
  i32 = { "f32", "f16", "i16", "i64" },
  i64 = { "f32", "i32" },
  u8 = { "f16" },
  i8 = { "f16" },
}
local a5 = {
  f32 = { "f32", "f16", "bf16", "i16", "i32", "i64", "f8e4m3", "f8e5m2" },
  f16 = { "f32", "i32", "i16", "i8", "u8" },
  bf16 = { "f32", "i32", "f16" },
  i16 = { "f16", "f32", "u8", "i32", "u32" },
  i32 = { "f32", "i16", "u16", "u8", "i64" },
  i64 = { "f32", "i32" },
  u8 = { "f16", "u16" },
  i8 = { "f16", "i16", "i32" },
  u32 = { "u8", "u16", "i16" },
  f8e4m3 = { "f32" },
  f8e5m2 = { "f32" },
}

instruction {
  name = "tcvt",
  family = "elementwise-tile-tile",
  kind = "convert",
  summary = "Elementwise conversion to dst's dtype, by a rounding and a saturation mode.",
  math = "cvt(src)",
  sat_default_off = { f16 = { "u8", "i8", "i16" }, f32 = { "i16" }, i64 = { "i32" }, i32 = { "i16" } },
  legal = {
    a2a3 = { pairs = a2a3, exclude = odd_only_f32_to_half(a2a3) },
    a5 = { pairs = a5, exclude = odd_only_f32_to_half(a5) },
  },
}
