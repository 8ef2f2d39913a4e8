-- TCOLPROD: each column's product into row 0 of dst, the rows folded in order (docs/contract.md).
-- Upstream: A2A3 folds sequentially, A5 as
-- x0 op (x1 op x2) op (x3 op x4) ..., the CPU sequentially with strict compares (a NaN counts only
-- in row 0); its maximum and minimum take NaN and signed zeros from the hardware. ptogen folds
-- sequentially on every profile, IEEE 754-2019 maximum and minimum for max and min, each
-- operation rounded once in T.
instruction {
  name = "tcolprod",
  family = "reduce-and-expand",
  kind = "col_reduce",
  summary = "The product of each column.",
  math = "prod(src)",
  legal = {
    a2a3 = { T = { "f32", "f16", "i32", "i16" } },
    a5 = { T = { "f32", "f16", "bf16", "i32", "u32", "i16", "u16" } },
  },
}
