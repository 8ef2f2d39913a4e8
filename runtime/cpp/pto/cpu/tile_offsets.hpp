// Part of ptogen's C++ API (hand-written, copied to out/include/pto/cpu/tile_offsets.hpp): the
// offset of element (r, c) of a tile in its storage, as upstream's test helpers ask for it: the
// index maps of pto/pto_layout.h (gen/layouts.py), the ones the kernels use, with the tile's box.
#ifndef PTO_CPU_TILE_OFFSETS_HPP
#define PTO_CPU_TILE_OFFSETS_HPP

#include <cstddef>

#include "pto/cpp/tile.hpp"
#include "pto/pto_layout.h"

namespace pto {

template <typename TileData> std::size_t GetTileElementOffset(std::size_t r, std::size_t c)
{
    static_assert(detail::ptogen_tile<TileData>());
    return pto_layout_offset(detail::blayout_of<TileData>(), detail::slayout_of<TileData>(), detail::loc_of<TileData::Loc>(),
                             (uint32_t)TileData::Rows, (uint32_t)TileData::Cols,
                             (unsigned)sizeof(typename TileData::DType), (uint32_t)r, (uint32_t)c);
}

} // namespace pto

#endif // PTO_CPU_TILE_OFFSETS_HPP
