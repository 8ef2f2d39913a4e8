-- target: isa/tnewop.lua
-- expect: spec/isa/tnewop.lua:4: family tile-scalar-and-immediate (spec/families.lua:30) does not list 'tnewop'; it lists: tadds, tsubs, tmuls, tdivs, tfmods, trems, tmins, tmaxs, tands, tors, txors, tshls, tshrs, tlrelu, taddsc, tsubsc, texpands, tcmps, tsels; allowed: 'tnewop' added to the instructions of family tile-scalar-and-immediate in spec/families.lua
-- A new instruction its family does not list yet: spec/families.lua lists every instruction.
instruction {
  name = "tnewop",
  family = "tile-scalar-and-immediate",
  kind = "elementwise_scalar",
  summary = "An instruction no family lists.",
  math = "min(src, scalar)",
  legal = { a5 = { T = { "f32" } } },
}
