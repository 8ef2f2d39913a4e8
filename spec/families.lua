-- The PTO instruction families ptogen covers: an instruction's `family` names one of them;
-- `size` is how many instructions the family has upstream (the docs count coverage against it).
family { name = "reduce-and-expand", title = "Reduce-and-Expand", size = 28 }
family { name = "tile-scalar-and-immediate", title = "Tile-Scalar-and-Immediate", size = 19 }
family { name = "elementwise-tile-tile", title = "Elementwise Tile-Tile", size = 28 }
