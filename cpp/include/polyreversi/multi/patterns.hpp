// The trained pattern evaluation of 3-4 player games (Rolit): for each
// colour, tables of small groups of squares (an edge, a corner, the second
// row, a diagonal; every image of each under the board's eight symmetries)
// read from that colour's view, plus the linear features of multi.hpp,
// estimate its final disk share. Each square of a group reads as one of four
// states: empty, the colour's own disk, another colour's disk (or the neutral
// disk), or not playable (a cut-out or a blocked square), so the tables see
// blocked squares as what they are. The geometry lives here (one owner: the
// trainer reads the indices through the bindings); the weights come from the
// generated cpp/src/multi/pattern_weights.inc (scripts/train_multi_patterns.py)
// per board, player count and objective. Where none ship, the search uses
// the linear evaluation of multi/weights.hpp.
#pragma once
#include <cstdint>
#include <vector>

#include "polyreversi/multi/multi.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

constexpr int kMultiPatternMaxLength = 8;
constexpr int kMultiPatternMaxTypes = 4;
// Indices into a type's table: 2 bits per square (state 0 empty, 1 own, 2 other, 3 not playable).
constexpr int kMultiPatternStates = 4;

struct MultiPatternInstance {
  int type = 0;
  int length = 0;
  short squares[kMultiPatternMaxLength] = {};  // row * side + column, the first is the lowest digit
  // The same index read at once (the search's evaluation): the squares as a mask of
  // the board's bits 0-63 and 64-127, and, for the bits of a board under that mask
  // packed in ascending square order (the low mask's first), the index with a digit 1
  // at each set square. By digit, an index is 3 x that of the not playable squares
  // plus 2 x that of the other disks plus that of the own disks, as below.
  u64 mask[2] = {0, 0};
  int low_length = 0;  // the squares under mask[0]
  std::uint16_t digits[1 << kMultiPatternMaxLength] = {};
};

// The table index of one group from one colour's view: `own` its disks,
// `other` every other disk (colours and the neutral disk), `off` the squares
// that are not playable. The one place the index is computed (the search's
// evaluation and the trainer's features both call it).
template <class W>
inline int multi_pattern_index(const MultiPatternInstance& g, W own, W other, W off) {
  int idx = 0;
  for (int j = g.length - 1; j >= 0; --j) {
    const int s = g.squares[j];
    idx = idx << 2 | static_cast<int>((own >> s) & 1) | static_cast<int>((other >> s) & 1) << 1 |
          static_cast<int>((off >> s) & 1) * 3;
  }
  return idx;
}

// The groups of squares a board's patterns read (every symmetric image, each
// set of squares once), in type order.
struct MultiPatternGeometry {
  int types = 0;
  int lengths[kMultiPatternMaxTypes] = {};
  std::vector<MultiPatternInstance> instances;
};

// The geometry of a board (6x6 has none: an empty geometry).
const MultiPatternGeometry& multi_pattern_geometry(BoardKind board);

// One generated block of pattern_weights.inc.
struct MultiPatternWeightsData {
  BoardKind board;
  int players;
  bool anti;
  const int* linear;   // [kMultiPhases][kMultiFeatures + 1], as kMultiWeights
  const int* entries;  // (phase, type, index, weight) quadruples, weights in 1/kMultiScale of the board
  int n_entries;
};

// Dense tables of one board, player count and objective.
class MultiPatterns {
 public:
  MultiPatterns(const MultiPatternWeightsData& d, const MultiPatternGeometry& g);
  const MultiPatternGeometry& geometry;
  int linear[kMultiPhases][kMultiFeatures + 1] = {};
  // Table of a phase and type: weights at index, 4^length entries.
  const std::int16_t* table(int phase, int type) const { return tables_.data() + phase * stride_ + offsets_[type]; }

 private:
  int offsets_[kMultiPatternMaxTypes] = {};
  int stride_ = 0;
  std::vector<std::int16_t> tables_;
};

// The shipped tables for these rules (three or four players), or nullptr
// (none ship for the board and objective, or they are switched off).
const MultiPatterns* multi_patterns(const Rules& rules);

// Process-wide switch (on by default), read when a search or an evaluation
// sets up: the benchmarks compare the patterns with the linear evaluation in
// one process. Returns the previous setting.
bool set_multi_patterns_enabled(bool on);

// The pattern index of every instance for every colour (rows in turn order,
// one column per instance of the geometry) and the phase; `out` has room for
// players * instances entries. The trainer's features.
int multi_pattern_indices(const Rules& rules, const Position& pos, int* out);

}  // namespace polyreversi
