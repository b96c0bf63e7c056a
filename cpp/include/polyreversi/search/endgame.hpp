// The exact endgame solver on (P, O) pairs: P to move, O every other disk.
// Shaped like the fast solvers (Edax's endgame.c): the last empty square is
// scored by counting flips without playing it; two empties have their own
// function (both squares tried in turn), three and four too (no move
// generation); from 5 to kShallow-1 empties (all in last_squares.hpp)
// no move list and no hash table, squares tried by region parity (odd
// quadrants first) then by class (corners, inner, edges, C/X); above that,
// fastest-first ordering (fewest replies for the opponent, then fewest
// empty squares next to the mover's disks), joined by the evaluation of
// each child from kSortMin empties and by a shallow search of each
// child (midgame.hpp, the mid table) from kSearchSortMin, the hash move
// first, enhanced transposition cut-offs, a stability cut-off (also in the
// shallow plies, from 4 empties), and PVS with
// null windows. The root (root.cpp) starts from a search estimate and a
// null-window aspiration around it. Every move and flip comes from Engine
// (kernel/engine.hpp).
#pragma once
#include "polyreversi/limits.hpp"
#include "polyreversi/search/evaluation.hpp"
#include "polyreversi/search/probcut.hpp"
#include "polyreversi/search/pvs.hpp"
#include "polyreversi/search/shape.hpp"
#include "polyreversi/search/tt.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// What one thread of a solve or search carries: the board's shape, the
// rules' sign, its own hash tables, counters and the stop conditions.
template <class W, int N>
struct Context {
  const Shape<W, N>* shape;
  bool anti;
  bool wof = false;                  // score with the empty squares given to the winner (FFO, Edax)
  TransTable<W>* end_tt = nullptr;   // exact bounds, depth = empties (shared by the threads)
  TransTable<W>* mid_tt = nullptr;   // heuristic bounds, depth = plies left (shared)
  TransTable<W>* near_tt = nullptr;  // exact bounds at Endgame::kNearMax empties or fewer (a search: end_tt)
  int sel = kExactSel;               // a selective pass: ProbCut level (probcut.hpp); kExactSel: exact
  int mid_sel = kExactSel;           // the midgame search's Multi-ProbCut level (MidgameCut); kExactSel: full width
  u64 nodes = 0;
  u64 node_limit = ~u64(0);
  double deadline = -1;  // monotonic seconds; < 0: none
  const int* cancel = nullptr;
  const int* shared_stop = nullptr;  // set when another thread hit a limit
  u64* pooled_nodes = nullptr;       // with threads: all threads' nodes (4096 per poll), against node_limit
  bool stopped = false;
  double (*clock)() = nullptr;
  // The limits are polled every poll_mask + 1 nodes (a power of two): 4096
  // without a time budget; a timed search asks more often (root.cpp), as a
  // 2 ms budget is only a few thousand nodes.
  u64 poll_mask = 4095;

  // Polled every poll_mask + 1 nodes: cancel, node budget (this thread's, or
  // all threads' through pooled_nodes), time budget.
  inline bool poll() {
    if ((++nodes & poll_mask) != 0) return stopped;
    const u64 counted = pooled_nodes ? __atomic_add_fetch(pooled_nodes, poll_mask + 1, __ATOMIC_RELAXED) : nodes;
    if (cancelled(cancel) || (shared_stop && __atomic_load_n(shared_stop, __ATOMIC_RELAXED)) || counted >= node_limit ||
        (deadline >= 0 && clock() >= deadline))
      stopped = true;
    return stopped;
  }
};

template <class W, int N>
struct Midgame;  // midgame.hpp: the shallow searches that order moves with many empties
template <class W, int N>
struct LastSquares;  // last_squares.hpp: the last plies

template <class W, int N>
struct Endgame {
  using E = Engine<W, N>;
  using Ctx = Context<W, N>;
  static constexpr int kShallow = 7;  // below this many empties: no move list, no hash table
  // Stability cut-off from this many empties: at every deep() node, and in
  // shallow() from here with Edax's alpha threshold; from 4 it saves nodes at
  // the same CPU (docs/tuning.md).
  static constexpr int kStabilityMin = 4;
  static_assert(kStabilityMin < kShallow, "deep() tries the cut-off at every node");
  static constexpr int kEtcMin = 12;  // enhanced transposition cut-offs from this many empties
  // Positions with at most this many empties keep their entries in the near
  // table (Context::near_tt, 1 MiB: root.cpp), which stays in the core's
  // L2 cache, so the most frequent probes do not wait on memory; the main
  // table keeps the rest (docs/tuning.md).
  static constexpr int kNearMax = 9;
  static inline TransTable<W>* table(const Ctx& c, int empties) { return empties <= kNearMax ? c.near_tt : c.end_tt; }
  // From this many empties, order by the static evaluation of each child too
  // (Edax's sort depth 0), at kValueDivisor evaluation units (1/100 disk) per
  // key unit: below 13 the evaluation costs more than the nodes it saves
  // (docs/tuning.md).
  static constexpr int kSortMin = 13;
  static constexpr int kValueDivisor = 24;
  // Key units per empty square next to the mover's disks after the move
  // (the opponent's potential mobility, Edax's tie-break after mobility; the
  // fewest nodes at 4 to 6: docs/tuning.md).
  static constexpr int kPotential = 4;
  // From this many, order by a shallow search (mid table): below it the
  // searches cost more than they save, above it too many nodes are left
  // badly ordered (docs/tuning.md).
  static constexpr int kSearchSortMin = 20;
  // Key units per disk of that search's value (a reply for the opponent is
  // 16, a corner reply 32), tuned by node counts on FFO positions (docs/tuning.md).
  static constexpr int kSearchWeight = 12;
  static constexpr int kSortAlpha = 8;  // disks below alpha where the ordering search stops being exact
  // Key units for a move into a quadrant with an odd number of empties (a
  // reply is 16), as Edax's parity bonus; its effect is within the noise of
  // an ordering change (docs/tuning.md).
  static constexpr int kParity = 4;

  // Plies of the ordering search of each child of a node with `empties`
  // (Edax's sort depth): 3 at 20 empties, 4 from 21, 5 from 24; shallower
  // orders worse, deeper costs more than it saves (docs/tuning.md).
  static inline int sort_depth(int empties) {
    const int d = (empties - 9) / 3;
    return d > 5 ? 5 : d;
  }

  // Final result for P with p and o disks (RULES.md §7): the disk difference,
  // negated with Anti-Reversi (positive: P wins); with c.wof the empty squares
  // left are added to the winner's margin.
  static inline int result(const Ctx& c, int p, int o) {
    const int d = c.anti ? o - p : p - o;
    if (!c.wof || d == 0) return d;
    const int e = c.shape->squares - p - o;
    return d > 0 ? d + e : d - e;
  }
  static inline int final_score(const Ctx& c, W P, W O) { return result(c, popcount(P), popcount(O)); }

  // The last plies (last_squares.hpp): one empty square `sq`, two empty
  // squares, three, four, and 5 .. kShallow-1 empties.
  static inline int last_square(Ctx& c, W P, W O, W sq) { return LastSquares<W, N>::last(c, P, O, sq); }
  static inline int two_squares(Ctx& c, W P, W O, int alpha, int beta, bool passed, W empty) {
    return LastSquares<W, N>::two(c, P, O, alpha, beta, passed, empty);
  }
  static inline int three_squares(Ctx& c, W P, W O, int alpha, int beta, bool passed, W empty) {
    return LastSquares<W, N>::three(c, P, O, alpha, beta, passed, empty);
  }
  static inline int four_squares(Ctx& c, W P, W O, int alpha, int beta, bool passed, W empty) {
    return LastSquares<W, N>::four(c, P, O, alpha, beta, passed, empty);
  }
  static inline int shallow(Ctx& c, W P, W O, int alpha, int beta, bool passed, int empties) {
    return LastSquares<W, N>::shallow(c, P, O, alpha, beta, passed, empties);
  }

  using Move = OrderedMove<W>;

  // Any number of empties.
  static int solve(Ctx& c, W P, W O, int alpha, int beta, bool passed) {
    const int empties = popcount(c.shape->playable & ~(P | O));
    if (empties >= kShallow) return deep(c, P, O, alpha, beta, passed, empties);
    if (empties >= 5) return shallow(c, P, O, alpha, beta, passed, empties);
    if (empties == 4) return four_squares(c, P, O, alpha, beta, passed, c.shape->playable & ~(P | O));
    if (empties == 3) return three_squares(c, P, O, alpha, beta, passed, c.shape->playable & ~(P | O));
    if (empties == 2) return two_squares(c, P, O, alpha, beta, passed, c.shape->playable & ~(P | O));
    if (empties == 1) return last_square(c, P, O, c.shape->playable & ~(P | O));
    ++c.nodes;
    return final_score(c, P, O);
  }

  // Upper bound from stable disks: the mover ends with at most S - 2 * stable
  // (its opponent's stable disks; its own with Anti-Reversi). Those disks
  // are at most all of that side's, so the stable set (eight line fills
  // and a fixed-point loop) is computed only when S - 2 * disks is below
  // beta: otherwise the bound could not cut nor lower beta.
  static inline int stability_bound(const Ctx& c, W P, W O, int beta) {
    const W side = c.anti ? P : O;
    if (c.shape->squares - 2 * popcount(side) >= beta) return c.shape->squares;
    return c.shape->squares - 2 * popcount(c.shape->stable(side, side ^ (P | O)));
  }

  // Moves of P in fastest-first order, hash move first; with many empties
  // the child's evaluation joins the key, with more a shallow
  // search of each child (window: alpha - 8 disks and up, as Edax's
  // sort_alpha, so the bad moves cost little). Returns the count.
  static int order(Ctx& c, W P, W O, W m, int hash_move, int alpha, Move* out) {
    const W empty_after = c.shape->playable & ~(P | O);
    const int e = popcount(empty_after);
    const bool by_search = e >= kSearchSortMin && c.mid_tt != nullptr;
    const bool sort_by_value = !by_search && e >= kSortMin;
    const int depth = by_search ? sort_depth(e) : 0;
    const int sort_alpha = (alpha - kSortAlpha) * kScale;
    const W odd = c.shape->odd_quadrants(empty_after);
    const ChildEvaluator<W, N> child_value(*c.shape, P, O, c.anti, sort_by_value);
    const auto prefetch = [&](W nP, W nO) {
      if (e > kShallow) table(c, e - 1)->prefetch(nP, nO);  // probed when the child is searched
    };
    return ordered_moves<E>(
        P, O, m, empty_after, hash_move, out, prefetch, [&](const Move& mv, W nP, W nO, W empty_child, W replies) {
          int key = 16 * (popcount(replies) + popcount(replies & c.shape->corners)) +
                    ((mv.sq & c.shape->corners) ? -8 : 0) + ((mv.sq & c.shape->danger) ? 4 : 0) -
                    ((mv.sq & odd) ? kParity : 0) + kPotential * popcount(Shape<W, N>::neighbours_of(nO) & empty_child);
          if (by_search) {
            const int v = -Midgame<W, N>::search(c, nP, nO, depth, -kNoBound, -sort_alpha, false, c.anti);
            key -= v * kSearchWeight / kScale;
          } else if (sort_by_value) {
            key += child_value(nP, nO, mv.flips, mv.square, replies) / kValueDivisor;
          }
          return key;
        });
  }
  // A selective pass: true with `value` (beta or alpha) when the shallow
  // search predicts, with confidence ProbCut::kT[c.sel], a value outside
  // (alpha, beta). The static evaluation first picks the side worth trying.
  static bool probcut(Ctx& c, W P, W O, int alpha, int beta, int empties, int& value) {
    using PC = ProbCut;
    const int d = PC::depth(empties);
    const double t = PC::kT[c.sel];
    const int margin = static_cast<int>(t * PC::sigma(empties, d) * kScale + 0.5);
    const int eval_margin = static_cast<int>(t * PC::sigma(empties, 0) * kScale + 0.5);
    const int ev = Evaluator<W, N>::evaluate(*c.shape, P, O, c.anti);
    const int top = c.shape->squares * kScale;
    const int b = beta * kScale + margin;
    if (ev >= beta * kScale - eval_margin && b < top) {
      const int v = Midgame<W, N>::search(c, P, O, d, b - 1, b, false, c.anti);
      if (c.stopped || v >= b) {
        value = beta;
        return true;
      }
    }
    const int a = alpha * kScale - margin;
    if (ev <= alpha * kScale + eval_margin && a > -top) {
      const int v = Midgame<W, N>::search(c, P, O, d, a, a + 1, false, c.anti);
      if (c.stopped || v <= a) {
        value = alpha;
        return true;
      }
    }
    return false;
  }

  static int deep(Ctx& c, W P, W O, int alpha, int beta, bool passed, int empties) {
    if (c.poll()) return 0;
    int hash_move = -1;
    TTHit e;
    TransTable<W>* const tt = table(c, empties);
    if (tt->find(P, O, e)) {
      hash_move = e.move;
      if (e.sel >= c.sel) {  // a selective entry gives only its move to a surer search
        if (e.lower >= beta) return e.lower;
        if (e.upper <= alpha) return e.upper;
        if (e.lower == e.upper) return e.lower;
        if (e.lower > alpha) alpha = e.lower;
        if (e.upper < beta) beta = e.upper;
      }
    }
    const W empty = c.shape->playable & ~(P | O);
    const W m = E::flipping_moves(P, O, empty);
    if (!m) {
      if (passed) return final_score(c, P, O);
      return -solve(c, O, P, -beta, -alpha, true);
    }
    if (alpha > 0) {  // every deep() node (kShallow > kStabilityMin empties)
      const int bound = stability_bound(c, P, O, beta);
      if (bound <= alpha) return bound;
      if (bound < beta) beta = bound;
    }
    if (c.sel != kExactSel && empties >= ProbCut::kMinEmpties) {
      int v;
      if (probcut(c, P, O, alpha, beta, empties, v)) return c.stopped ? 0 : v;
    }
    Move moves[kMaxSquares];
    const int n = order(c, P, O, m, hash_move, alpha, moves);
    int refuted;
    if (empties >= kEtcMin && refuted_by_table(
                                  *table(c, empties - 1), P, O, moves, n, beta,
                                  [&](const TTHit& child) { return child.sel >= c.sel; }, refuted))
      return refuted;
    int best_move;
    const int best = pvs(c, P, O, moves, n, alpha, beta, -kDiskInfinity, best_move,
                         [&](W nP, W nO, int a, int b) { return solve(c, nP, nO, a, b, false); });
    if (c.stopped) return 0;
    tt->store_result(P, O, empties, best, alpha, beta, c.shape->squares, best_move, c.sel);
    return best;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi

#include "polyreversi/search/last_squares.hpp"
