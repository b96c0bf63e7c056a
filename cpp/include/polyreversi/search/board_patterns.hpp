// The trained pattern evaluation of the boards other than the standard 8x8
// game (6x6, 10x10, the octagon, Anti-Reversi on each; the weights of a
// board and rule ship only where they beat the shape terms in matches:
// benchmarks/board_eval.md): tables per phase
// read through square lists, so one loop serves every board, with no pext
// (10x10 does not fit 64 bits). The geometry (which squares each pattern
// reads) and the weights come from one generated file per board and rule
// (cpp/src/search/board_pattern_weights_*.inc, scripts/train_board_eval.py),
// whose owner is the Python reference tests/reference/board_patterns.py.
// On every start (a handicap, the free opening) and with blocked squares,
// which read as empty squares (no instance leaves one out); the mobility and
// the empties count playable squares only (Evaluator, evaluation.hpp).
#pragma once
#include <vector>

#include "polyreversi/types.hpp"

namespace polyreversi {

// One generated block as the .inc files write it.
struct BoardWeightsData {
  BoardKind board;
  bool anti;             // weights of the Anti-Reversi evaluation
  int width;             // empties a phase spans
  int types;             // pattern types
  const int* lengths;    // squares of each type's instances
  int instances;         // instances of each type (the 8 symmetries)
  const short* squares;  // every instance's squares (row * n + column), type by type
  const int* mobility;   // per phase, 1/100 disk per move of mobility
  const int* shape;      // per phase, 1/2^kShapeShift per 1/100 disk of the shape terms
  const int* bias;       // per phase
  const int* entries;    // (phase, index over the types' tables, weight) triples
  int n_entries;
};

class BoardPatterns {
 public:
  static constexpr int kPhases = 8;
  static constexpr int kShapeShift = 10;
  explicit BoardPatterns(const BoardWeightsData& d);

  // 1/100 disk for P to move; mob: P's flipping moves minus O's; shape:
  // the shape terms' value (1/100 disk), which the fit weighs per phase
  // (leaned on where the self-play labels are noisy: the opening).
  template <class W>
  int evaluate(W P, W O, int mob, int shape, int empties) const {
    int ph = empties / width_;
    if (ph >= kPhases) ph = kPhases - 1;
    const int* t = table_.data() + static_cast<std::size_t>(ph) * total_;
    int sum = bias_[ph] + mobility_[ph] * mob + ((shape_[ph] * shape) >> kShapeShift);
    const short* sq = squares_.data();
    for (int k = 0; k < types_; ++k) {
      const int len = lengths_[k];
      const int* tk = t + offsets_[k];
      for (int i = 0; i < instances_; ++i, sq += len) {
        int idx = 0;
        for (int j = len - 1; j >= 0; --j) {
          const int s = sq[j];
          idx = 3 * idx + static_cast<int>((P >> s) & 1) + 2 * static_cast<int>((O >> s) & 1);
        }
        sum += tk[idx];
      }
    }
    return sum;
  }

 private:
  int width_, types_, instances_, total_ = 0;
  std::vector<int> lengths_, offsets_, mobility_, shape_, bias_, table_;
  std::vector<short> squares_;
};

// The trained weights of a board for the normal (anti false) or the
// Anti-Reversi evaluation, or nullptr where none ships.
const BoardPatterns* board_patterns(BoardKind board, bool anti);

// True when the rules use the board's trained weights (if any ship): two
// players, any start and blocked squares (they beat the shape terms there
// too: benchmarks/board_eval.md), except a corner handicap on 6x6 and 10x10,
// whose weights leave their opening phases to terms fitted without corner
// disks. The 8x8 normal evaluation stays the patterns of patterns.hpp.
bool board_patterns_apply(const Rules& rules);

// Process-wide switch of the board weights (on by default), read when a
// search sets up its board: the benchmarks play the trained evaluation
// against the shape terms in one process. Returns the previous setting.
bool set_board_patterns_enabled(bool on);
bool board_patterns_enabled();

}  // namespace polyreversi
