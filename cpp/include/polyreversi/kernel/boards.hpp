// Calls f with the word type and side of a rule set's board: the one place
// where a run-time board kind becomes a compile-time geometry.
#pragma once
#include "polyreversi/kernel/bits.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

template <class Word, int Side>
struct Geom {
  using W = Word;
  static constexpr int N = Side;
};

template <class F>
decltype(auto) with_geometry(BoardKind board, F&& f) {
  switch (board) {
    case BoardKind::Board6x6: return f(Geom<u64, 6>{});
    case BoardKind::Board8x8: return f(Geom<u64, 8>{});
    default: return f(Geom<u128, 10>{});  // 10x10 and the octagon
  }
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
