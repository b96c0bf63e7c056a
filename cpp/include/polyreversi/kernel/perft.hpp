// Perft: the number of leaves of the game tree to a depth (RULES.md §9: a
// forced pass uses one ply, a finished game is one leaf). Bulk counting at
// the last ply; copy-make, since a board is a few words.
#pragma once
#include "polyreversi/kernel/engine.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

template <class W, int N>
struct Perft {
  using E = Engine<W, N>;

  // Two players after any free-opening placements: P to move against O.
  // `passed`: the previous ply was a pass, so no move here ends the game.
  static u64 two_players(W P, W O, W playable, int depth, bool passed, const int* cancel) {
    if (depth >= 5 && cancelled(cancel)) return 0;
    const W empty = playable & ~(P | O);
    W m = E::flipping_moves(P, O, empty);
    if (!m) {
      if (passed || depth == 1) return 1;
      return two_players(O, P, playable, depth - 1, true, cancel);
    }
    if (depth == 1) return popcount(m);
    u64 leaves = 0;
    if (depth == 2) {  // the children's leaves inline: their move count, or 1 for a pass or the end
#if defined(__AVX2__)
      if constexpr (sizeof(W) == 16) return Avx2<W, N>::last_two_plies(P, O, empty, m);
#endif
      do {
        const int sq = lowest_bit(m);
        m &= m - 1;
        const W f = E::flips_at(P, O, sq);
        const W p = P | f | one_bit<W>(sq), o = O ^ f;
        const int n = popcount(E::flipping_moves(o, p, empty ^ one_bit<W>(sq)));
        leaves += n ? n : 1;
      } while (m);
      return leaves;
    }
#if defined(__AVX2__)
    if constexpr (sizeof(W) == 16)
      if (depth == 3) return Avx2<W, N>::last_three_plies(P, O, empty, m);
#endif
    do {
      const int sq = lowest_bit(m);
      m &= m - 1;
      const W f = E::flips_at(P, O, sq);
      leaves += two_players(O ^ f, P | f | one_bit<W>(sq), playable, depth - 1, false, cancel);
    } while (m);
    return leaves;
  }

  // Any variant: free opening, 3-4 players, the adjacency fallback.
  static u64 any(const Table<W>& t, const Board<W>& b, int depth, const int* cancel) {
    if (depth == 0) return 1;
    if (depth >= 5 && cancelled(cancel)) return 0;
    const W occ = E::occupied(b);
    if (t.players == 2 && !(t.free_opening && (t.centre & ~occ)))
      return two_players(b.disks[b.to_move], b.disks[b.to_move ^ 1], t.playable, depth, false, cancel);
    Turn turn;
    W m = E::legal(t, b, turn);
    if (turn == Turn::kOver) return 1;
    if (turn == Turn::kPass) {
      Board<W> c = b;
      E::pass(c);
      return any(t, c, depth - 1, cancel);
    }
    if (depth == 1) return popcount(m);
    u64 leaves = 0;
    while (m) {
      const int sq = lowest_bit(m);
      m &= m - 1;
      Board<W> c = b;
      E::play(t, c, turn, sq);
      leaves += any(t, c, depth - 1, cancel);
    }
    return leaves;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
