// The shape of a board as the 3-4 player evaluation and playouts see it
// (kernel code: compiled once per instruction set, see kernel/bits.hpp).
#pragma once
#include "polyreversi/kernel/bits.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// The shape of a board as the evaluation sees it: squares whose disks can
// never flip (every line through them ends at the edge, a cut-out or a
// blocked square on one side: the corners of any shape), and edge squares
// (at least one such line).
template <class W, int N>
struct MultiShape {
  W playable = 0, anchors = 0, edges = 0;
  int squares = 0;

  explicit MultiShape(const Rules& r) {
    playable = static_cast<W>(r.playable);
    auto open = [&](int row, int col) {
      return row >= 0 && row < N && col >= 0 && col < N && ((r.playable >> (row * N + col)) & 1);
    };
    static constexpr int kAxes[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int sq = 0; sq < N * N; ++sq) {
      if (!((r.playable >> sq) & 1)) continue;
      ++squares;
      const int row = sq / N, col = sq % N;
      int closed = 0;
      for (const auto& a : kAxes) closed += !open(row + a[0], col + a[1]) || !open(row - a[0], col - a[1]);
      if (closed == 4) anchors |= W(1) << sq;
      else if (closed) edges |= W(1) << sq;
    }
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
