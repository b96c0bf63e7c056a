// Depth-limited search: PVS alpha-beta with iterative deepening (driven by
// kernels.cpp), a hash table and move ordering (hash move, then fewest
// replies with corners first), on an evaluation built from the board's
// shape (shape.hpp), with its own signs for Anti-Reversi. Game ends inside
// the tree score exactly (disks * kScale).
#pragma once
#include "polyreversi/search/endgame.hpp"
#include "polyreversi/search/evaluation.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

template <class W, int N>
struct Midgame {
  using E = Engine<W, N>;
  using Ctx = Context<W, N>;
  using EG = Endgame<W, N>;

  static int evaluate(const Ctx& c, W P, W O, bool anti) { return Evaluator<W, N>::evaluate(*c.shape, P, O, anti); }

  struct Move {
    W sq, flips;
    int key, square;
  };

  static int order(const Ctx& c, W P, W O, W m, int hash_move, Move* out) {
    const W empty = c.shape->playable & ~(P | O);
    int n = 0;
    for (; m; m &= m - 1) {
      Move mv;
      mv.square = lowest_bit(m);
      mv.sq = one_bit<W>(mv.square);
      mv.flips = E::flips(P, O, mv.sq);
      const W replies = E::flipping_moves(O ^ mv.flips, P | mv.flips | mv.sq, empty ^ mv.sq);
      int k = 16 * popcount(replies) + 24 * popcount(replies & c.shape->corners);
      if (mv.sq & c.shape->corners) k += c.anti ? 40 : -40;
      if (mv.sq & c.shape->danger) k += c.anti ? -20 : 20;
      mv.key = mv.square == hash_move ? -100000 : k;
      int j = n++;
      for (; j > 0 && out[j - 1].key > mv.key; --j) out[j] = out[j - 1];
      out[j] = mv;
    }
    return n;
  }

  // Negamax value of P to move, `depth` plies deep (a pass is a ply).
  // Hash-table cut-offs only from entries of exactly this depth, so the value
  // is the plain depth-limited minimax value whatever the table holds (and
  // so the same for any number of threads or table size).
  static int search(Ctx& c, W P, W O, int depth, int alpha, int beta, bool passed, bool anti_eval) {
    if (c.poll()) return 0;
    const W empty = c.shape->playable & ~(P | O);
    const W m = E::flipping_moves(P, O, empty);
    if (!m) {
      if (passed || !E::flipping_moves(O, P, empty)) return kScale * EG::final_score(c, P, O);
      if (depth == 0) return evaluate(c, P, O, anti_eval);
      return -search(c, O, P, depth - 1, -beta, -alpha, true, anti_eval);
    }
    if (depth == 0) return evaluate(c, P, O, anti_eval);
    if (depth == 1) {  // leaves: no ordering, and no table (they store no entry)
      const ChildEvaluator<W, N> child_value(*c.shape, P, O, anti_eval);
      int best = -(1 << 30);
      for (W x = m; x; x &= x - 1) {
        const int square = lowest_bit(x);
        const W sq = one_bit<W>(square);
        const W f = E::flips_at(P, O, square);
        const W nP = O ^ f, nO = P | f | sq;
        // As search(c, nP, nO, 0, ...): a game's end scores exactly.
        const W empty_child = empty ^ sq;
        const int v = c.poll() ? 0
                      : E::flipping_moves(nP, nO, empty_child) || E::flipping_moves(nO, nP, empty_child)
                          ? -child_value(nP, nO, f, square)
                          : -kScale * EG::final_score(c, nP, nO);
        if (v > best) {
          best = v;
          if (v > alpha) {
            if (v >= beta) break;
            alpha = v;
          }
        }
      }
      return best;
    }
    int hash_move = -1;
    TTHit e;
    if (c.mid_tt->find(P, O, e)) {
      hash_move = e.move;
      if (e.depth == depth) {
        if (e.lower >= beta) return e.lower;
        if (e.upper <= alpha) return e.upper;
        if (e.lower == e.upper) return e.lower;
        if (e.lower > alpha) alpha = e.lower;
        if (e.upper < beta) beta = e.upper;
      }
    }
    Move moves[kMaxSquares];
    const int n = order(c, P, O, m, hash_move, moves);
    int best_move;
    const int best = pvs(c, P, O, moves, n, alpha, beta, -(1 << 30), best_move, [&](W nP, W nO, int a, int b) {
      return search(c, nP, nO, depth - 1, a, b, false, anti_eval);
    });
    if (c.stopped) return 0;
    if (depth < 256 && best > -32000 && best < 32000)
      c.mid_tt->store_result(P, O, depth, best, alpha, beta, 32000, best_move);
    return best;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
