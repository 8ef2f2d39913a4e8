// Part of ptogen's C++ API (hand-written, copied to out/include/pto/common/pto_tile.hpp):
// upstream kernels include this header for Tile, GlobalTensor and TileLeft/Right/Acc; they are
// in pto/cpp/tile.hpp.
#ifndef PTO_COMMON_PTO_TILE_HPP
#define PTO_COMMON_PTO_TILE_HPP

#include "pto/cpp/tile.hpp"

#endif // PTO_COMMON_PTO_TILE_HPP
