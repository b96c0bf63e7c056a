// The move loop of both searches (midgame.hpp, endgame.hpp): principal
// variation search over moves already ordered. The first move gets the full
// window; the others a null window, searched again with the full one when
// they land inside it.
#pragma once

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// The loop after a first move already scored `best` (its square in
// best_move): every move here gets a null window first. value(nP, nO, alpha,
// beta): a child's value for its mover. Returns the best value (fail-soft; 0
// once c.stopped) and updates best_move.
template <class W, class Ctx, class Move, class Value>
inline int pvs_rest(Ctx& c, W P, W O, const Move* moves, int n, int alpha, int beta, int best, int& best_move,
                    Value value) {
  if (best > alpha) alpha = best;
  for (int i = 0; i < n; ++i) {
    const W nP = O ^ moves[i].flips, nO = P | moves[i].flips | moves[i].sq;
    int v = -value(nP, nO, -alpha - 1, -alpha);
    if (v > alpha && v < beta) v = -value(nP, nO, -beta, -v);
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

// The whole loop: the first move with the full window (alpha, beta), then
// pvs_rest. Returns the best value (fail-soft; 0 once c.stopped; `worst`
// for no move) and sets best_move to its square.
template <class W, class Ctx, class Move, class Value>
inline int pvs(Ctx& c, W P, W O, const Move* moves, int n, int alpha, int beta, int worst, int& best_move,
               Value value) {
  if (n == 0) return worst;
  best_move = moves[0].square;
  const int v = -value(O ^ moves[0].flips, P | moves[0].flips | moves[0].sq, -beta, -alpha);
  if (c.stopped) return 0;
  if (v >= beta) return v;
  return pvs_rest(c, P, O, moves + 1, n - 1, alpha, beta, v, best_move, value);
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
