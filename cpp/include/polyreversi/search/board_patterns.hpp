// The trained pattern evaluation of the boards other than the standard 8x8
// game (6x6, 10x10, the octagon, Anti-Reversi on each; the weights of a
// board and rule ship only where they beat the shape terms in matches:
// benchmarks/board_eval.md): tables per phase, one loop over the instances
// for every board. The geometry (which squares each pattern reads) and the
// weights come from one generated file per board and rule
// (cpp/src/search/board_pattern_weights_*.inc, scripts/train_board_eval.py),
// whose owner is the Python reference tests/reference/board_patterns.py.
// On every start (a handicap, the free opening) and with blocked squares,
// which read as empty squares (no instance leaves one out); the mobility and
// the empties count playable squares only (Evaluator, evaluation.hpp).
//
// Index of an instance (as in patterns.hpp): pext of its squares out of P and
// of O (a 128-bit board: out of each 64-bit half, the upper half's bits above
// the lower's), then a per-instance table maps those bits to the powers of 3
// of the squares' places in the pattern: 32 instances x (2 pext, 4 for one
// across the halves, + 3 loads) per call. The generic kernels, without pext,
// add per-square vectors of powers of 3 over the disks instead: the same
// integers on every kernel set.
#pragma once
#include <cstdint>
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
  static constexpr int kMaxLanes = 64;   // the instances of all types together, at most
  static constexpr int kMaxLength = 10;  // squares of an instance (the pext tables' 2^length entries)
  static constexpr int kMaxSquares = 128;
  explicit BoardPatterns(const BoardWeightsData& d);

  // One instance: its squares as masks of the board's two 64-bit halves
  // (square s is bit s; a 64-bit board has hi 0), where hi's pext bits go
  // (popcount of lo), its type's table in a phase's weights and its table of
  // pext bits -> index in bits().
  struct Instance {
    u64 lo, hi;
    int lo_count;
    int table;
    int bits;
  };

  int phase(int empties) const {
    const int ph = empties / width_;
    return ph < kPhases ? ph : kPhases - 1;
  }
  const int* weights(int phase) const { return table_.data() + static_cast<std::size_t>(phase) * total_; }
  // 1/100 disk: the bias, mobility and shape terms of a phase (board_pattern_evaluate below).
  int base(int phase, int mob, int shape) const {
    return bias_[phase] + mobility_[phase] * mob + ((shape_[phase] * shape) >> kShapeShift);
  }
  const std::vector<Instance>& instances() const { return instances_; }
  const std::uint16_t* bits() const { return bits_.data(); }
  int lanes() const { return lanes_; }  // instances rounded up to 16 (<= kMaxLanes)
  // instances() lists those within the low half (hi 0) first, up to low(), then
  // those across both halves, up to high_from(), then those within the high half.
  int low() const { return low_; }
  int high_from() const { return high_from_; }
  // kMaxLanes powers of 3 (0 off the instance): what a disk of P on `square`
  // (twice that: of O) adds to each instance's index.
  const std::uint16_t* delta(int square) const { return delta_.data() + static_cast<std::size_t>(square) * kMaxLanes; }

 private:
  int width_, total_ = 0, lanes_ = 0, low_ = 0, high_from_ = 0;
  std::vector<int> mobility_, shape_, bias_, table_;
  std::vector<Instance> instances_;
  std::vector<std::uint16_t> bits_, delta_;
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

#ifdef POLYREVERSI_ARCH
#include "polyreversi/kernel/bits.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// 1/100 disk for P to move; mob: P's flipping moves minus O's; shape: the
// shape terms' value (1/100 disk), which the fit weighs per phase (leaned on
// where the self-play labels are noisy: the opening). In the arch namespace:
// each kernel set has its own copy (bits.hpp).
template <class W>
int board_pattern_evaluate(const BoardPatterns& bp, W P, W O, int mob, int shape, int empties) {
  const int ph = bp.phase(empties);
  const int* t = bp.weights(ph);
  int sum = bp.base(ph, mob, shape);
  constexpr bool kWide = sizeof(W) > sizeof(u64);
  const u64 p_lo = static_cast<u64>(P), o_lo = static_cast<u64>(O);
  u64 p_hi = 0, o_hi = 0;
  if constexpr (kWide) {
    p_hi = static_cast<u64>(P >> 64);
    o_hi = static_cast<u64>(O >> 64);
  }
#if defined(__BMI2__)
  const std::uint16_t* bits = bp.bits();
  const BoardPatterns::Instance* x = bp.instances().data();
  int i = 0;
  for (; i < bp.low(); ++i) {
    const std::uint16_t* b = bits + x[i].bits;
    sum += t[x[i].table + b[_pext_u64(p_lo, x[i].lo)] + 2 * b[_pext_u64(o_lo, x[i].lo)]];
  }
  if constexpr (kWide) {
    const int n = static_cast<int>(bp.instances().size());
    for (; i < bp.high_from(); ++i) {
      const std::uint16_t* b = bits + x[i].bits;
      const u64 p = _pext_u64(p_lo, x[i].lo) | _pext_u64(p_hi, x[i].hi) << x[i].lo_count;
      const u64 o = _pext_u64(o_lo, x[i].lo) | _pext_u64(o_hi, x[i].hi) << x[i].lo_count;
      sum += t[x[i].table + b[p] + 2 * b[o]];
    }
    for (; i < n; ++i) {
      const std::uint16_t* b = bits + x[i].bits;
      sum += t[x[i].table + b[_pext_u64(p_hi, x[i].hi)] + 2 * b[_pext_u64(o_hi, x[i].hi)]];
    }
  }
#else
  alignas(32) std::uint16_t idx[BoardPatterns::kMaxLanes] = {};
  const int lanes = bp.lanes();
  const auto add = [&](u64 y, int first, std::uint16_t times) {
    for (; y; y &= y - 1) {
      const std::uint16_t* d = bp.delta(first + lowest_bit(y));
      for (int j = 0; j < lanes; ++j) idx[j] = static_cast<std::uint16_t>(idx[j] + times * d[j]);
    }
  };
  add(p_lo, 0, 1);
  add(o_lo, 0, 2);
  if constexpr (kWide) {
    add(p_hi, 64, 1);
    add(o_hi, 64, 2);
  }
  const std::vector<BoardPatterns::Instance>& in = bp.instances();
  for (std::size_t i = 0; i < in.size(); ++i) sum += t[in[i].table + idx[i]];
#endif
  return sum;
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
#endif
