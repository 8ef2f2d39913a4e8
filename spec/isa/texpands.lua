-- TEXPANDS: fill a tile's valid region with a scalar (docs/contract.md).
-- Upstream: A2A3 fills a contiguous prefix instead of the valid
-- region when a static ValidCol is below Cols, and Mat tiles are filled whole; here every
-- profile fills exactly the valid region of an ND or DN Vec tile, and other locations are
-- PTO_ERR_LOC. A2A3's vector_dup fills 8-bit data as 16-bit pairs (it would write past an odd
-- valid column count), so A2A3 takes the 16- and 32-bit dtypes.
local all9 = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16", "i8", "u8" }

instruction {
  name = "texpands",
  family = "tile-scalar-and-immediate",
  kind = "fill",
  summary = "Fill the valid region of a tile with a scalar.",
  math = "scalar",
  legal = {
    a2a3 = { T = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16" } },
    a5 = { T = all9 },
  },
}
