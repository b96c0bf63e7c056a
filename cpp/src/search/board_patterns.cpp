// The tables of board_patterns.hpp, built once from the generated blocks.
#include "polyreversi/search/board_patterns.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "polyreversi/rules.hpp"

namespace polyreversi {
namespace {
#include "board_pattern_weights.inc"  // kBoardWeights[], kBoardWeightsCount
}  // namespace

BoardPatterns::BoardPatterns(const BoardWeightsData& d)
    : width_(d.width),
      mobility_(d.mobility, d.mobility + kPhases),
      shape_(d.shape, d.shape + kPhases),
      bias_(d.bias, d.bias + kPhases),
      delta_(static_cast<std::size_t>(kMaxSquares) * kMaxLanes, 0) {
  if (d.types * d.instances > kMaxLanes) throw std::logic_error("board pattern weights: more instances than kMaxLanes");
  const short* sq = d.squares;
  for (int k = 0; k < d.types; ++k) {
    const int len = d.lengths[k];
    if (len > kMaxLength) throw std::logic_error("board pattern weights: an instance longer than kMaxLength");
    int size = 1;
    for (int j = 0; j < len; ++j) size *= 3;
    for (int i = 0; i < d.instances; ++i, sq += len) {
      // place j of the pattern (power 3^j) of each square; pext lists the
      // squares in ascending order, the low half's first.
      int power[kMaxSquares] = {};
      Instance x{0, 0, 0, total_, static_cast<int>(bits_.size())};
      for (int j = 0, p = 1; j < len; ++j, p *= 3) {
        const int s = sq[j];
        if (s < 0 || s >= kMaxSquares || power[s])
          throw std::logic_error("board pattern weights: a bad instance square");
        power[s] = p;
        (s < 64 ? x.lo : x.hi) |= u64(1) << (s & 63);
        delta_[static_cast<std::size_t>(s) * kMaxLanes + instances_.size()] = static_cast<std::uint16_t>(p);
      }
      x.lo_count = __builtin_popcountll(x.lo);
      int ascending[kMaxLength];
      int count = 0;
      for (int s = 0; s < kMaxSquares; ++s)
        if (power[s]) ascending[count++] = power[s];
      for (int b = 0; b < (1 << len); ++b) {
        int index = 0;
        for (int j = 0; j < len; ++j)
          if (b >> j & 1) index += ascending[j];
        bits_.push_back(static_cast<std::uint16_t>(index));
      }
      instances_.push_back(x);
    }
    total_ += size;
  }
  // The instances within the low half first, then those across both, then
  // those within the high half (two pext each instead of four on 128-bit
  // boards); the lanes of delta_ follow.
  const int n = static_cast<int>(instances_.size());
  const auto group = [&](int i) { return instances_[i].hi == 0 ? 0 : instances_[i].lo != 0 ? 1 : 2; };
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return group(a) < group(b); });
  std::vector<Instance> sorted;
  std::vector<std::uint16_t> delta(delta_.size(), 0);
  for (int i = 0; i < n; ++i) {
    sorted.push_back(instances_[order[i]]);
    for (int s = 0; s < kMaxSquares; ++s)
      delta[static_cast<std::size_t>(s) * kMaxLanes + i] = delta_[static_cast<std::size_t>(s) * kMaxLanes + order[i]];
    if (group(order[i]) == 0) low_ = i + 1;
    if (group(order[i]) <= 1) high_from_ = i + 1;
  }
  instances_.swap(sorted);
  delta_.swap(delta);
  lanes_ = (n + 15) / 16 * 16;
  table_.assign(static_cast<std::size_t>(kPhases) * total_, 0);
  for (int e = 0; e < d.n_entries; ++e) {
    const int* x = d.entries + 3 * e;
    if (x[0] < 0 || x[0] >= kPhases || x[1] < 0 || x[1] >= total_)
      throw std::logic_error("board pattern weights: an entry outside the tables");
    table_[static_cast<std::size_t>(x[0]) * total_ + x[1]] = x[2];
  }
}

const BoardPatterns* board_patterns(BoardKind board, bool anti) {
  // Each board and rule's set is built on its first use (thread-safe), alone: a
  // process's first search on one board does not build the other boards' tables.
  struct One {
    std::once_flag once;
    std::unique_ptr<BoardPatterns> patterns;
  };
  static One at[4][2];
  One& one = at[static_cast<int>(board)][anti ? 1 : 0];
  std::call_once(one.once, [&] {
    for (int i = 0; i < kBoardWeightsCount; ++i) {
      const BoardWeightsData& d = kBoardWeights[i];
      if (d.board == board && d.anti == anti) one.patterns = std::make_unique<BoardPatterns>(d);
    }
  });
  return one.patterns.get();
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
