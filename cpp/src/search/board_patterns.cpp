// The tables of board_patterns.hpp, built once from the generated blocks.
#include "polyreversi/search/board_patterns.hpp"

#include <atomic>
#include <memory>

#include "polyreversi/rules.hpp"

namespace polyreversi {
namespace {
#include "board_pattern_weights.inc"  // kBoardWeights[], kBoardWeightsCount
}  // namespace

BoardPatterns::BoardPatterns(const BoardWeightsData& d)
    : width_(d.width),
      types_(d.types),
      instances_(d.instances),
      mobility_(d.mobility, d.mobility + kPhases),
      shape_(d.shape, d.shape + kPhases),
      bias_(d.bias, d.bias + kPhases) {
  int n_squares = 0;
  for (int k = 0; k < types_; ++k) {
    int size = 1;
    for (int j = 0; j < d.lengths[k]; ++j) size *= 3;
    lengths_.push_back(d.lengths[k]);
    offsets_.push_back(total_);
    total_ += size;
    n_squares += d.lengths[k] * instances_;
  }
  squares_.assign(d.squares, d.squares + n_squares);
  table_.assign(static_cast<std::size_t>(kPhases) * total_, 0);
  for (int e = 0; e < d.n_entries; ++e) {
    const int* x = d.entries + 3 * e;
    table_[static_cast<std::size_t>(x[0]) * total_ + x[1]] = x[2];
  }
}

const BoardPatterns* board_patterns(BoardKind board, bool anti) {
  struct All {
    std::unique_ptr<BoardPatterns> at[4][2];
    All() {
      for (int i = 0; i < kBoardWeightsCount; ++i) {
        const BoardWeightsData& d = kBoardWeights[i];
        at[static_cast<int>(d.board)][d.anti ? 1 : 0] = std::make_unique<BoardPatterns>(d);
      }
    }
  };
  static const All all;  // built on first use, thread-safe
  return all.at[static_cast<int>(board)][anti ? 1 : 0].get();
}

namespace {
std::atomic<bool> g_enabled{true};
}  // namespace

bool set_board_patterns_enabled(bool on) { return g_enabled.exchange(on); }
bool board_patterns_enabled() { return g_enabled.load(std::memory_order_relaxed); }

bool board_patterns_apply(const Rules& r) {
  // 6x6's and 10x10's weights have patterns in their last phases only; above
  // them the fit's mobility, shape and bias terms never saw a corner disk, and a
  // corner handicap's start reads wrong there (10x10, four corners: -46 disks for
  // their owner; 6x6: +290 on 36 squares).
  const bool opening_unfitted = r.board == BoardKind::Board6x6 || r.board == BoardKind::Board10x10;
  return r.players == 2 && !(r.handicap > 0 && opening_unfitted);
}

}  // namespace polyreversi
