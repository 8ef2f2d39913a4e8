-- TROWSUM: each row's sum into column 0 of dst. Upstream sums in a different order on each
-- backend: a pairwise tree over 256-byte chunks, then vcadd's tree in the repeat (A2A3, whose DN
-- f32 fast shapes use other trees, and whose integers fold 32-byte blocks left to right on the
-- scalar unit), sequentially over chunks of vcadd trees (A5), strictly left to right (CPU); in T
-- on the NPUs but i16 in i32 on A5, f16/bf16 in float on the CPU, which has no integer sum.
-- Its tests compare with a tolerance, so none of these
-- is pinned. ptogen sums in one order on every profile, the lane order of docs/contract.md
-- section 2, in T (integers wrap), so every profile gives the same bits. tmp: A2A3 requires it,
-- any size (upstream sizes it rows x max(E, floor(C/E/2)E) for its own tree; the kernel works in
-- the reserved scratch where tmp is smaller); A5 and the cpu ignore it.
instruction {
  name = "trowsum",
  family = "reduce-and-expand",
  kind = "row_reduce",
  summary = "Sum of each row.",
  math = "sum(src)",
  operand_use = { tmp = { a2a3 = "required", a5 = "ignored" } },
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "i32", "i16" } },
  },
}
