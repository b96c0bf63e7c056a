// The move list and move loop of both searches (midgame.hpp, endgame.hpp):
// principal variation search over moves already ordered. The first move gets the full
// window; the others a null window, searched again with the full one when
// they land inside it.
#pragma once

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// A move of either search's list: the square (index and bit), the disks it
// flips and its ordering key (the lowest is tried first).
template <class W>
struct OrderedMove {
  W sq, flips;
  int key, square;
};

// Inserts `x` into moves[0..n), kept in ascending key order, after its equals
// (so the lists, at most a board's squares long, are insertion-sorted).
template <class Move>
inline void insert_by_key(Move* moves, int n, const Move& x) {
  int j = n;
  for (; j > 0 && moves[j - 1].key > x.key; --j) moves[j] = moves[j - 1];
  moves[j] = x;
}

// value(nP, nO, alpha, beta): a child's value for its mover. Returns the best
// value (fail-soft; 0 once c.stopped) and sets best_move to its square.
template <class W, class Ctx, class Move, class Value>
inline int pvs(Ctx& c, W P, W O, const Move* moves, int n, int alpha, int beta, int worst, int& best_move,
               Value value) {
  int best = worst;
  best_move = moves[0].square;
  for (int i = 0; i < n; ++i) {
    const W nP = O ^ moves[i].flips, nO = P | moves[i].flips | moves[i].sq;
    int v;
    if (i == 0) {
      v = -value(nP, nO, -beta, -alpha);
    } else {
      v = -value(nP, nO, -alpha - 1, -alpha);
      if (v > alpha && v < beta) v = -value(nP, nO, -beta, -v);
    }
    if (c.stopped) return 0;
    if (v > best) {
      best = v;
      best_move = moves[i].square;
      if (v > alpha) {
        if (v >= beta) break;
        alpha = v;
      }
    }
  }
  return best;
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
