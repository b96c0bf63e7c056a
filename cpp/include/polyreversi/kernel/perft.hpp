// Perft: the number of leaves of the game tree to a depth (RULES.md §9: a
// forced pass uses one ply, a finished game is one leaf). Bulk counting at
// the last ply; copy-make, since a board is a few words.
#pragma once
#include "polyreversi/kernel/engine.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// The word and the move generator of the two-player recursion: the
// board's own word and Engine, or on AVX2 builds for 128-bit boards the
// two halves of Avx2<u128, N> (no split and join around every call).
template <class W, int N>
struct TwoPlayerWord {
  using E = Engine<W, N>;
  using X = W;
  static X in(W w) { return w; }
  static X moves(X P, X O, X empty) { return E::flipping_moves(P, O, empty); }
  static X flips(X P, X O, int sq) { return E::flips_at(P, O, sq); }
  static X bit(int sq) { return one_bit<W>(sq); }
  static int lowest(X m) { return lowest_bit(m); }
  static X without_lowest(X m) { return m & (m - 1); }
  static int count(X m) { return popcount(m); }
};
#if defined(__AVX2__)
template <int N>
struct TwoPlayerWord<u128, N> {
  using K = Avx2<u128, N>;
  using X = typename K::X;
  static X in(u128 w) { return K::halves(w); }
  static X moves(X P, X O, X empty) { return K::moves(P, O, empty); }
  static X flips(X P, X O, int sq) { return K::flips(P, O, sq); }
  static X bit(int sq) { return X::bit(sq); }
  static int lowest(X m) { return m.lowest(); }
  static X without_lowest(X m) { return m.without_lowest(); }
  static int count(X m) { return m.count(); }
};
#endif

template <class W, int N>
struct Perft {
  using E = Engine<W, N>;
  using T = TwoPlayerWord<W, N>;
  using X = typename T::X;

  // Two players after any free-opening placements: P to move against O.
  // `passed`: the previous ply was a pass, so no move here ends the game.
  static u64 two_players(X P, X O, X playable, int depth, bool passed, const int* cancel) {
    if (depth >= 5 && cancelled(cancel)) return 0;
    const X empty = playable & ~(P | O);
    X m = T::moves(P, O, empty);
    if (!m) {
      if (passed || depth == 1) return 1;
      return two_players(O, P, playable, depth - 1, true, cancel);
    }
    if (depth == 1) return T::count(m);
    u64 leaves = 0;
    if (depth == 2) {  // the children's leaves inline: their move count, or 1 for a pass or the end
      do {
        const int sq = T::lowest(m);
        m = T::without_lowest(m);
        const X f = T::flips(P, O, sq), b = T::bit(sq);
        const int n = T::count(T::moves(O ^ f, P | f | b, empty ^ b));
        leaves += n ? n : 1;
      } while (m);
      return leaves;
    }
    do {
      const int sq = T::lowest(m);
      m = T::without_lowest(m);
      const X f = T::flips(P, O, sq);
      leaves += two_players(O ^ f, P | f | T::bit(sq), playable, depth - 1, false, cancel);
    } while (m);
    return leaves;
  }

  // Any variant: free opening, 3-4 players, the adjacency fallback.
  static u64 any(const Table<W>& t, const Board<W>& b, int depth, const int* cancel) {
    if (depth == 0) return 1;
    if (depth >= 5 && cancelled(cancel)) return 0;
    const W occ = E::occupied(b);
    if (t.players == 2 && !(t.free_opening && (t.centre & ~occ)))
      return two_players(T::in(b.disks[b.to_move]), T::in(b.disks[b.to_move ^ 1]), T::in(t.playable), depth, false, cancel);
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
