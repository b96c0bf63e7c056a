// Shifts of a whole board by one step in each of the eight directions.
// W is the word (u64 for boards up to 8x8, u128 for 10x10 and the octagon),
// N the grid side. shift() masks off the bits that would wrap to the other
// edge or leave the grid; step() is the bare shift, for callers that have
// already removed the disks that could wrap (Engine::sideways). Octagon
// cut-outs and blocked squares never hold disks and are never empty squares
// to play on, so lines stop there without any extra work.
#pragma once
#include "polyreversi/kernel/bits.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

enum Direction { kEast, kWest, kSouth, kNorth, kSouthEast, kSouthWest, kNorthEast, kNorthWest };

template <class W, int N>
struct Geometry {
  static_assert(N * N <= int(sizeof(W) * 8), "board does not fit the word");
  static constexpr int kSquares = N * N;

  static constexpr W grid() {
    W m = 0;
    for (int i = 0; i < N * N; ++i) m |= W(1) << i;
    return m;
  }
  static constexpr W column(int c) {
    W m = 0;
    for (int r = 0; r < N; ++r) m |= W(1) << (r * N + c);
    return m;
  }
  static constexpr W kGrid = grid();
  static constexpr W kNotFirstColumn = grid() & ~column(0);
  static constexpr W kNotLastColumn = grid() & ~column(N - 1);

  template <int D>
  static constexpr W shift(W x) {
    if constexpr (D == kEast) return (x << 1) & kNotFirstColumn;
    else if constexpr (D == kWest) return (x >> 1) & kNotLastColumn;
    else if constexpr (D == kSouth) return (x << N) & kGrid;
    else if constexpr (D == kNorth) return x >> N;
    else if constexpr (D == kSouthEast) return (x << (N + 1)) & kNotFirstColumn;
    else if constexpr (D == kSouthWest) return (x << (N - 1)) & kNotLastColumn;
    else if constexpr (D == kNorthEast) return (x >> (N - 1)) & kNotFirstColumn;
    else return (x >> (N + 1)) & kNotLastColumn;
  }

  template <int D>
  static inline W step(W x) {
    if constexpr (D == kEast) return x << 1;
    else if constexpr (D == kWest) return x >> 1;
    else if constexpr (D == kSouth) return x << N;
    else if constexpr (D == kNorth) return x >> N;
    else if constexpr (D == kSouthEast) return x << (N + 1);
    else if constexpr (D == kSouthWest) return x << (N - 1);
    else if constexpr (D == kNorthEast) return x >> (N - 1);
    else return x >> (N + 1);
  }

  // Squares touching x along a side or a corner.
  static constexpr W dilate(W x) {
    return shift<kEast>(x) | shift<kWest>(x) | shift<kSouth>(x) | shift<kNorth>(x) | shift<kSouthEast>(x) |
           shift<kSouthWest>(x) | shift<kNorthEast>(x) | shift<kNorthWest>(x);
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
