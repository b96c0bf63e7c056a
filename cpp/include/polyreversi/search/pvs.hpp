// The move list and move loop of both searches (midgame.hpp, endgame.hpp):
// enhanced transposition cut-offs, then principal variation search over moves
// already ordered. The first move gets the full window; the others a null
// window, searched again with the full one when they land inside it.
#pragma once
#include "polyreversi/kernel/bits.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/search/tt.hpp"

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

// The moves of P in `m` (`empty`: the empty squares of the position), each
// with the disks it flips, in ascending key order: the hash move first
// (kFirstKey), the others keyed by key(mv, nP, nO, empty_child, replies), the
// child nP, nO (the opponent to move), its empty squares and the opponent's
// moves there. seen(nP, nO) is called for every child first (a table
// prefetch). Returns the count. Both searches' order() (midgame.hpp,
// endgame.hpp) are this loop with their own keys.
template <class E, class W, class Seen, class Key>
inline int ordered_moves(W P, W O, W m, W empty, int hash_move, OrderedMove<W>* out, Seen&& seen, Key&& key) {
  int n = 0;
  for (; m; m &= m - 1) {
    OrderedMove<W> mv;
    mv.square = lowest_bit(m);
    mv.sq = one_bit<W>(mv.square);
    mv.flips = E::flips(P, O, mv.sq);
    const W nP = O ^ mv.flips, nO = P | mv.flips | mv.sq;
    const W empty_child = empty ^ mv.sq;
    seen(nP, nO);
    mv.key = mv.square == hash_move ? kFirstKey : key(mv, nP, nO, empty_child, E::flipping_moves(nP, nO, empty_child));
    insert_by_key(out, n++, mv);
  }
  return n;
}

// Enhanced transposition cut-off: before any child is searched, each is looked
// up in `table`. A child whose entry may cut here (usable(entry): its depth
// and selectivity) with an upper bound of -beta or less, for its mover, makes
// its move worth beta or more: the node fails high. Returns true with that
// value (-upper, fail-soft) in `value`, for the first such child in order.
template <class W, class Move, class Usable>
inline bool refuted_by_table(const TransTable<W>& table, W P, W O, const Move* moves, int n, int beta, Usable usable,
                             int& value) {
  TTHit e;
  for (int i = 0; i < n; ++i) {
    if (table.find(O ^ moves[i].flips, P | moves[i].flips | moves[i].sq, e) && usable(e) && -e.upper >= beta) {
      value = -e.upper;
      return true;
    }
  }
  return false;
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
