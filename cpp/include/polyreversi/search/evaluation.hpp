// The evaluation of search: a position's worth for the player to move, in
// units of kScale per disk. The 8x8 game (normal rules) has a trained pattern
// evaluation (patterns.hpp, Shape::trained); the other boards and rules with
// shipped weights (6x6, 10x10, the octagon, Anti-Reversi on every board) their own
// trained patterns (board_patterns.hpp, Shape::board_weights); both on every start and
// with blocked squares (two players). Everything else (3-4 players, boards without
// weights) terms derived from the board's shape (shape.hpp), with their own
// signs for Anti-Reversi.
#pragma once
#include <type_traits>

#include "polyreversi/search/patterns.hpp"
#include "polyreversi/search/shape.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

constexpr int kScale = 100;  // evaluation units per disk

template <class W, int N>
struct Evaluator {
  using E = Engine<W, N>;
  using G = Geometry<W, N>;

  // Terms (units of kScale per disk), for P to move against O:
  //   mobility: more moves for P than for O (good in both rules: options);
  //   corners: disks that cannot be flipped; good to own, bad with Anti-Reversi;
  //   danger: C/X-squares next to an empty corner hand the corner over:
  //           bad to own, good with Anti-Reversi;
  //   edges: slightly good (normal) / bad (anti);
  //   frontier: disks next to empty squares give the opponent moves;
  //   parity: with an odd number of empties the mover plays last (good in
  //           normal rules, where the last move flips in the mover's favour);
  //   disks: the count itself, weighted up as the board fills.
  static int evaluate(const Shape<W, N>& s, W P, W O, bool anti) {
    if constexpr (kPatternBoard) {
      static_assert(kScale == 100, "the pattern weights are in 1/100 disk");
      if (!anti && s.trained) return pattern_evaluate(P, O, s.playable);
    }
    if (const BoardPatterns* bp = s.board_weights[anti ? 1 : 0]) {
      const W empty = s.playable & ~(P | O);
      const int mob = popcount(E::flipping_moves(P, O, empty)) - popcount(E::flipping_moves(O, P, empty));
      // Within the board's range: a fitted phase can go past it on a position unlike its
      // games (6x6: 87 disks at 28 empties).
      const int top = s.squares * kScale - 1;
      const int v = board_pattern_evaluate(*bp, P, O, mob, shape_terms(s, P, O, anti, empty, mob), popcount(empty));
      return v > top ? top : v < -top ? -top : v;
    }
    return shape_evaluate(s, P, O, anti);
  }

  // The board type of the trained patterns (the standard 8x8 grid).
  static constexpr bool kPatternBoard = N == 8 && std::is_same<W, u64>::value;
  // True when evaluate() is the trained pattern evaluation.
  static bool patterned(const Shape<W, N>& s, bool anti) {
    if constexpr (kPatternBoard) return !anti && s.trained;
    return false;
  }

  // The shape terms alone (every board).
  static int shape_evaluate(const Shape<W, N>& s, W P, W O, bool anti) {
    const W empty = s.playable & ~(P | O);
    const int mob = popcount(E::flipping_moves(P, O, empty)) - popcount(E::flipping_moves(O, P, empty));
    return shape_terms(s, P, O, anti, empty, mob);
  }
  // The same with the empty squares and the mobility (P's flipping moves minus O's) given.
  static int shape_terms(const Shape<W, N>& s, W P, W O, bool anti, W empty, int mob) {
    const int corners = popcount(P & s.corners) - popcount(O & s.corners);
    const W hot = G::dilate(empty & s.corners) & s.danger;
    const int danger = popcount(P & hot) - popcount(O & hot);
    const int edges = popcount(P & s.edges) - popcount(O & s.edges);
    const W frontier_sq = G::dilate(empty) & s.playable;
    const int frontier = popcount(P & frontier_sq) - popcount(O & frontier_sq);
    const int empties = popcount(empty);
    const int disks = popcount(P) - popcount(O);
    const int late = s.squares > 0 ? (8 * (s.squares - empties)) / s.squares : 0;  // 0 .. 8
    if (!anti) {
      return 60 * mob + 250 * corners - 90 * danger + 10 * edges - 12 * frontier + ((empties & 1) ? 30 : -30) +
             late * 6 * disks;
    }
    return 60 * mob - 250 * corners + 60 * danger - 15 * edges + 8 * frontier + ((empties & 1) ? -30 : 30) -
           late * 8 * disks;
  }
};

// The evaluations of the children of one position, as evaluate() gives
// them (the same integers). With the trained patterns the position's
// indices are made once and each child's from them and its flips (Edax's
// incremental update): a third of the work of a full evaluation per child.
template <class W, int N>
class ChildEvaluator {
 public:
  // `on` false: nothing is prepared (the caller evaluates no child).
  // `swapped`: pattern_indices(O, P) when the caller has them (patterned boards).
  ChildEvaluator(const Shape<W, N>& s, W P, W O, bool anti, bool on = true, const PatternIndices* swapped = nullptr)
      : s_(s), anti_(anti) {
    if constexpr (kPatterns) {
      patterned_ = on && Evaluator<W, N>::patterned(s, anti);
      if (patterned_) {
        if (swapped != nullptr) swapped_ = *swapped;
        else pattern_indices(O, P, swapped_);
      }
    }
  }
  // The child after P plays `square` flipping `flips`, for its mover: nP = O ^ flips, nO = P | flips | square;
  // `moves`: nP's legal moves there (the caller has them: a move generation saved).
  int operator()(W nP, W nO, W flips, int square, W moves) const {
    if constexpr (kPatterns) {
      if (patterned_) {
        PatternIndices x;
        pattern_child_indices(swapped_, flips, square, x);
        return pattern_value(x, nP, nO, moves, s_.playable);
      }
    }
    return Evaluator<W, N>::evaluate(s_, nP, nO, anti_);
  }

 private:
  static constexpr bool kPatterns = Evaluator<W, N>::kPatternBoard;
  const Shape<W, N>& s_;
  bool anti_;
  bool patterned_ = false;
  PatternIndices swapped_;
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
