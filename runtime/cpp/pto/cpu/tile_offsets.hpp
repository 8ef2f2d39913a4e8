// Part of ptogen's C++ API (hand-written, copied to out/include/pto/cpu/tile_offsets.hpp): the
// offset of element (r, c) of a tile in its storage, as upstream's test helpers ask for it.
#ifndef PTO_CPU_TILE_OFFSETS_HPP
#define PTO_CPU_TILE_OFFSETS_HPP

#include <cstddef>

namespace pto {

template <typename TileData>
constexpr std::size_t GetTileElementOffset(std::size_t r, std::size_t c)
{
    return TileData::isRowMajor ? r * TileData::Cols + c : c * TileData::Rows + r;
}

} // namespace pto

#endif // PTO_CPU_TILE_OFFSETS_HPP
