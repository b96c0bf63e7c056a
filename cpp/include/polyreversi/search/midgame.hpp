// Depth-limited search: PVS alpha-beta with iterative deepening (driven by
// root.cpp), a hash table, enhanced transposition cut-offs and move
// ordering (hash move, then fewest replies with corners first), on the
// evaluation of evaluation.hpp. Selective when Context::mid_sel asks for it:
// Multi-ProbCut at null-window nodes (probcut.hpp, MidgameCut). Game ends
// inside the tree score exactly (disks * kScale).
#pragma once
#include <cmath>

#include "polyreversi/limits.hpp"
#include "polyreversi/search/endgame.hpp"
#include "polyreversi/search/evaluation.hpp"
#include "polyreversi/search/probcut.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// Every game-end score of the midgame's scale is a bound the table can hold.
static_assert(kScale * kMaxScore < kTableNoBound);

template <class W, int N>
struct Midgame {
  using E = Engine<W, N>;
  using Ctx = Context<W, N>;
  using EG = Endgame<W, N>;

  static int evaluate(const Ctx& c, W P, W O, bool anti) { return Evaluator<W, N>::evaluate(*c.shape, P, O, anti); }

  static constexpr bool kPatterns = Evaluator<W, N>::kPatternBoard;
  // How search() is given the pattern indices of its position (trained 8x8):
  // `from` null: none, made from the board when first needed (184 pext);
  // else the parent's pair and the move that led here (a square, kPassed) or
  // the pair of this very position (kSame), updated when first needed.
  static constexpr int kPassed = -1, kSame = -2;
  struct Indices {
    Indices(const PatternPair* from_, W flips_, int square_) : from(from_), flips(flips_), square(square_) {}
    const PatternPair* from;
    W flips;
    int square;
    PatternPair own;  // left unset until made (a node often returns before it needs them)
    bool made = false;
    const PatternPair& get(W P, W O) {
      if constexpr (kPatterns) {
        if (from != nullptr && square == kSame) return *from;
        if (!made) {
          if (from == nullptr) {
            pattern_pair(P, O, own);
          } else if (square == kPassed) {
            own.mover = from->other;
            own.other = from->mover;
          } else {
            pattern_pair_child(*from, flips, square, own);
          }
          made = true;
        }
      }
      return own;
    }
  };
  // The static evaluation of the position of `ix` (P to move, moves m).
  static int evaluate(const Ctx& c, W P, W O, W m, bool anti_eval, bool patterned, Indices& ix) {
    if constexpr (kPatterns) {
      if (patterned) return pattern_value(ix.get(P, O).mover, P, O, m, c.shape->playable);
    }
    return evaluate(c, P, O, anti_eval);
  }

  // From this many plies left the child's evaluation orders the moves, at
  // kSortValueDivisor evaluation units (1/100 disk) per key unit (a reply is
  // 16). 8x8, 24 WTHOR positions (benchmarks/midgame_depth.py): depth 10 full
  // width 15 % fewer nodes, selective 11 %; from 5 plies 10 % and 6 %, divisor
  // 8 about the same. A shallow search of each child instead (Edax's sort
  // depth, from 6 or 8 plies, a third or a quarter of the depth) took 3-10 %
  // more nodes than the evaluation at depths 8 and 10, the potential
  // mobility (4 a square) 1-2 % fewer nodes for more time: neither is used.
  static constexpr int kSortValueMinDepth = 3;
  static constexpr int kSortValueDivisor = 16;
  // Enhanced transposition cut-offs from this many plies left: each child
  // is looked up before any is searched.
  static constexpr int kEtcMinDepth = 4;
  // The predicting search of a cut may cut too (Edax), at the same level:
  // 8x8 depth 10, 40 WTHOR positions, 10 % fewer nodes and 20 % less time
  // than a full-width prediction (Egaroucid's), as many best moves. Cuts
  // only at null-window nodes (Edax): at every node, as many nodes.
  static constexpr bool kRecursiveCut = true;

  // The fit of probcut_fits.hpp for this board and evaluation.
  static FitBoard fit_board(const Ctx& c, bool anti_eval) {
    if constexpr (N == 6) return anti_eval ? FitBoard::k6x6Anti : FitBoard::k6x6;
    if constexpr (N == 8) {
      if (anti_eval) return FitBoard::k8x8Anti;
      return Evaluator<W, N>::patterned(*c.shape, false) ? FitBoard::k8x8 : FitBoard::k8x8Shape;
    }
    if (c.shape->squares > 90)
      return anti_eval ? FitBoard::k10x10Anti : FitBoard::k10x10;  // 10x10, blocked squares too
    return anti_eval ? FitBoard::kOctagonAnti : FitBoard::kOctagon;
  }

  // Multi-ProbCut (Buro): true with `value` (beta or alpha) when a search of
  // MidgameCut::shallow_depth(depth) plies predicts, through the board's
  // regression and with the board's confidence ProbCutFit::t, a depth-ply
  // value outside (alpha, beta). The static evaluation first picks the side
  // worth trying (Edax: its error is the mean of the two sigmas).
  static bool probcut(Ctx& c, W P, W O, W m, int depth, int alpha, int beta, bool anti_eval, bool patterned,
                      Indices& ix, int& value) {
    const ProbCutFit* fit = MidgameCut::fit(fit_board(c, anti_eval));
    if (fit == nullptr) return false;
    const int empties = popcount(c.shape->playable & ~(P | O));
    const ProbCutCell& k = fit->at(depth, empties);
    const double t = fit->t;
    const int d = MidgameCut::shallow_depth(depth);
    const double margin = t * k.sigma * kScale, offset = k.b * kScale;
    const double eval_margin = t * 0.5 * (k.sigma0 + k.sigma) * kScale;
    const int ev = evaluate(c, P, O, m, anti_eval, patterned, ix);
    const PatternPair* same = patterned ? &ix.get(P, O) : nullptr;
    const int top = c.shape->squares * kScale;
    const int level = c.mid_sel;
    if (!kRecursiveCut) c.mid_sel = kExactSel;
    bool cut = false;
    if (ev >= beta - eval_margin && beta + margin < top) {
      const int bound = static_cast<int>(std::ceil((beta + margin - offset) / k.a));  // a * v + b >= beta + margin
      const int v = d == 0 ? ev : search(c, P, O, d, bound - 1, bound, false, anti_eval, same, 0, kSame);
      if (v >= bound) {
        value = beta;
        cut = true;
      }
    }
    if (!cut && !c.stopped && ev <= alpha + eval_margin && alpha - margin > -top) {
      const int bound = static_cast<int>(std::floor((alpha - margin - offset) / k.a));
      const int v = d == 0 ? ev : search(c, P, O, d, bound, bound + 1, false, anti_eval, same, 0, kSame);
      if (v <= bound) {
        value = alpha;
        cut = true;
      }
    }
    c.mid_sel = level;
    return cut || c.stopped;
  }

  using Move = OrderedMove<W>;

  // Moves of P, hash move first, then by a key (lowest first): replies left
  // to the opponent (a corner reply counts more), corners first and C/X
  // squares last; from kSortValueMinDepth plies left the child's static
  // evaluation joins the key (incremental: ChildEvaluator). Returns the count.
  static int order(const Ctx& c, W P, W O, W m, int hash_move, int depth, bool anti_eval, const PatternIndices* swapped,
                   Move* out) {
    const W empty = c.shape->playable & ~(P | O);
    const bool by_value = depth >= kSortValueMinDepth;
    const ChildEvaluator<W, N> child_value(*c.shape, P, O, anti_eval, by_value, swapped);
    // The children of a node of 3+ plies probe the table (ETC from 4, then
    // their own search): their buckets are asked for now.
    const auto prefetch = [&](W nP, W nO) {
      if (depth >= 3) c.mid_tt->prefetch(nP, nO);
    };
    return ordered_moves<E>(P, O, m, empty, hash_move, out, prefetch, [&](const Move& mv, W nP, W nO, W, W replies) {
      int k = 16 * popcount(replies) + 24 * popcount(replies & c.shape->corners);
      if (mv.sq & c.shape->corners) k += c.anti ? 40 : -40;
      if (mv.sq & c.shape->danger) k += c.anti ? -20 : 20;
      if (by_value) k += child_value(nP, nO, mv.flips, mv.square, replies) / kSortValueDivisor;
      return k;
    });
  }

  // Negamax value of P to move, `depth` plies deep (a pass is a ply).
  // Hash-table cut-offs only from entries of exactly this depth and at least
  // as sure (tt.hpp), so a full-width search (c.mid_sel == kExactSel) gives
  // the plain depth-limited minimax value whatever the table holds (and so
  // the same for any number of threads or table size).
  // `from`, `flips`, `square`: the pattern indices given (Indices).
  static int search(Ctx& c, W P, W O, int depth, int alpha, int beta, bool passed, bool anti_eval,
                    const PatternPair* from = nullptr, W flips = 0, int square = kSame) {
    if (c.poll()) return 0;
    Indices ix(from, flips, square);
    const bool patterned = kPatterns && Evaluator<W, N>::patterned(*c.shape, anti_eval);
    const W empty = c.shape->playable & ~(P | O);
    const W m = E::flipping_moves(P, O, empty);
    if (!m) {
      if (passed || !E::flipping_moves(O, P, empty)) return kScale * EG::final_score(c, P, O);
      if (depth == 0) return evaluate(c, P, O, anti_eval);
      return -search(c, O, P, depth - 1, -beta, -alpha, true, anti_eval, patterned ? &ix.get(P, O) : nullptr, 0,
                     kPassed);
    }
    if (depth == 0) return evaluate(c, P, O, m, anti_eval, patterned, ix);
    if (depth == 1) {  // leaves: no ordering, and no table (they store no entry)
      const ChildEvaluator<W, N> child_value(*c.shape, P, O, anti_eval, true,
                                             patterned ? &ix.get(P, O).other : nullptr);
      int best = -kNoBound;
      // Corners first and C/X squares last (the static key of order()), so that
      // a cut comes after fewer evaluations.
      const W good = m & c.shape->corners, bad = m & c.shape->danger & ~good;
      const W groups[3] = {c.anti ? bad : good, m & ~(good | bad), c.anti ? good : bad};
      for (int g = 0; g < 3 && best < beta; ++g)
        for (W x = groups[g]; x; x &= x - 1) {
          const int square = lowest_bit(x);
          const W sq = one_bit<W>(square);
          const W f = E::flips_at(P, O, square);
          const W nP = O ^ f, nO = P | f | sq;
          // As search(c, nP, nO, 0, ...): a game's end scores exactly.
          const W empty_child = empty ^ sq;
          const W replies = E::flipping_moves(nP, nO, empty_child);
          const int v = c.poll()                                            ? 0
                        : replies || E::flipping_moves(nO, nP, empty_child) ? -child_value(nP, nO, f, square, replies)
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
      if (e.depth == depth && e.sel >= c.mid_sel) {
        if (e.lower >= beta) return e.lower;
        if (e.upper <= alpha) return e.upper;
        if (e.lower == e.upper) return e.lower;
        if (e.lower > alpha) alpha = e.lower;
        if (e.upper < beta) beta = e.upper;
      }
    }
    if (c.mid_sel != kExactSel && depth >= MidgameCut::kMinDepth && beta - alpha == 1) {
      int v;
      if (probcut(c, P, O, m, depth, alpha, beta, anti_eval, patterned, ix, v)) return c.stopped ? 0 : v;
    }
    Move moves[kMaxSquares];
    const PatternPair* pair = patterned ? &ix.get(P, O) : nullptr;
    const int n = order(c, P, O, m, hash_move, depth, anti_eval, pair ? &pair->other : nullptr, moves);
    int refuted;
    if (depth >= kEtcMinDepth &&
        refuted_by_table(
            *c.mid_tt, P, O, moves, n, beta,
            [&](const TTHit& child) { return child.depth == depth - 1 && child.sel >= c.mid_sel; }, refuted))
      return refuted;
    int best_move;
    const int best = pvs(c, P, O, moves, n, alpha, beta, -kNoBound, best_move, [&](W nP, W nO, int a, int b) {
      if (pair == nullptr) return search(c, nP, nO, depth - 1, a, b, false, anti_eval);
      // The move: the square that was empty, and the opponent's disks it took.
      return search(c, nP, nO, depth - 1, a, b, false, anti_eval, pair, nO & O, lowest_bit(nO & ~(P | O)));
    });
    if (c.stopped) return 0;
    if (depth < kTableDepths && best > -kTableNoBound && best < kTableNoBound)
      c.mid_tt->store_result(P, O, depth, best, alpha, beta, kTableNoBound, best_move, c.mid_sel);
    return best;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
