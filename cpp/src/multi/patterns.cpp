// The geometry of the 3-4 player patterns and their tables, built once from
// the generated blocks of pattern_weights.inc.
#include "polyreversi/multi/patterns.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <utility>

#include "polyreversi/rules.hpp"

namespace polyreversi {
namespace {
#include "pattern_weights.inc"  // kMultiPatternWeights[], kMultiPatternWeightsCount

using Template = std::vector<std::pair<int, int>>;  // (row, column) near the top-left corner

// The groups near the top-left corner of each board; the other corners and
// edges are their images under the board's symmetries. On 8x8 and 10x10: the
// edge from the corner, the corner's eight nearest squares, the second row,
// the diagonal. On the octagon (a 10x10 frame whose corners are cut by three
// squares) the same groups along its real edges: the top edge between the
// cut corners, the cut corner, the second line, the diagonal.
std::vector<Template> templates(BoardKind board) {
  switch (board) {
    case BoardKind::Board8x8:
    case BoardKind::Board10x10:
      return {{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}},
              {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 2}, {2, 0}, {1, 2}, {2, 1}},
              {{1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}},
              {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}}};
    case BoardKind::Octagon:
      return {{{1, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {1, 8}},
              {{1, 1}, {0, 2}, {2, 0}, {1, 2}, {2, 1}, {2, 2}, {0, 3}, {3, 0}},
              {{2, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}, {2, 8}},
              {{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}}};
    default: return {};
  }
}

MultiPatternGeometry make_geometry(BoardKind board) {
  MultiPatternGeometry g;
  const int n = board_side(board);
  const std::vector<Template> ts = templates(board);
  g.types = static_cast<int>(ts.size());
  for (int t = 0; t < g.types; ++t) {
    g.lengths[t] = static_cast<int>(ts[t].size());
    std::vector<std::vector<short>> seen;
    for (int sym = 0; sym < 8; ++sym) {
      MultiPatternInstance inst;
      inst.type = t;
      inst.length = g.lengths[t];
      for (int j = 0; j < inst.length; ++j) {
        int r = ts[t][j].first, c = ts[t][j].second;
        if (sym & 1) std::swap(r, c);
        if (sym & 2) r = n - 1 - r;
        if (sym & 4) c = n - 1 - c;
        inst.squares[j] = static_cast<short>(r * n + c);
        inst.mask[inst.squares[j] / 64] |= u64(1) << (inst.squares[j] % 64);
      }
      inst.low_length = __builtin_popcountll(inst.mask[0]);
      // digit_of_rank[k]: the index digit of the instance's k-th lowest square.
      int digit_of_rank[kMultiPatternMaxLength] = {};
      for (int j = 0; j < inst.length; ++j) {
        int rank = 0;
        for (int k = 0; k < inst.length; ++k) rank += inst.squares[k] < inst.squares[j];
        digit_of_rank[rank] = j;
      }
      for (int bits = 0; bits < 1 << inst.length; ++bits)
        for (int k = 0; k < inst.length; ++k)
          if (bits >> k & 1)
            inst.digits[bits] = static_cast<std::uint16_t>(inst.digits[bits] + (1 << 2 * digit_of_rank[k]));
      std::vector<short> key(inst.squares, inst.squares + inst.length);
      std::sort(key.begin(), key.end());
      if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;  // the same squares again
      seen.push_back(key);
      g.instances.push_back(inst);
    }
  }
  return g;
}

std::atomic<bool> g_enabled{true};

}  // namespace

const MultiPatternGeometry& multi_pattern_geometry(BoardKind board) {
  static const MultiPatternGeometry all[4] = {make_geometry(BoardKind::Board6x6), make_geometry(BoardKind::Board8x8),
                                              make_geometry(BoardKind::Board10x10), make_geometry(BoardKind::Octagon)};
  return all[static_cast<int>(board)];
}

MultiPatterns::MultiPatterns(const MultiPatternWeightsData& d, const MultiPatternGeometry& g) : geometry(g) {
  for (int t = 0; t < g.types; ++t) {
    offsets_[t] = stride_;
    int size = 1;
    for (int j = 0; j < g.lengths[t]; ++j) size *= kMultiPatternStates;
    stride_ += size;
  }
  for (int ph = 0; ph < kMultiPhases; ++ph)
    for (int k = 0; k <= kMultiFeatures; ++k) linear[ph][k] = d.linear[ph * (kMultiFeatures + 1) + k];
  tables_.assign(static_cast<std::size_t>(kMultiPhases) * stride_, 0);
  for (int e = 0; e < d.n_entries; ++e) {
    const int* x = d.entries + 4 * e;
    tables_[static_cast<std::size_t>(x[0]) * stride_ + offsets_[x[1]] + x[2]] = static_cast<std::int16_t>(x[3]);
  }
}

const MultiPatterns* multi_patterns(const Rules& rules) {
  if (!g_enabled.load(std::memory_order_relaxed)) return nullptr;
  for (int i = 0; i < kMultiPatternWeightsCount; ++i) {
    const MultiPatternWeightsData& d = kMultiPatternWeights[i];
    if (d.board != rules.board || d.players != rules.players || d.anti != rules.anti) continue;
    static std::unique_ptr<MultiPatterns> built[kMultiPatternWeightsCount > 0 ? kMultiPatternWeightsCount : 1];
    static std::once_flag once[kMultiPatternWeightsCount > 0 ? kMultiPatternWeightsCount : 1];
    std::call_once(once[i], [&] { built[i] = std::make_unique<MultiPatterns>(d, multi_pattern_geometry(d.board)); });
    return built[i].get();
  }
  return nullptr;
}

bool set_multi_patterns_enabled(bool on) { return g_enabled.exchange(on); }

int multi_pattern_indices(const Rules& rules, const Position& pos, int* out) {
  int features[kMaxPlayers * kMultiFeatures];
  const int phase = multi_features(rules, pos, features);  // checks the player count
  const MultiPatternGeometry& g = multi_pattern_geometry(rules.board);
  const int count = static_cast<int>(g.instances.size());
  u128 occ = pos.neutral;
  for (int c = 0; c < rules.players; ++c) occ |= pos.disks[c];
  const u128 off = ~rules.playable;
  for (int c = 0; c < rules.players; ++c)
    for (int i = 0; i < count; ++i)
      out[c * count + i] = multi_pattern_index(g.instances[i], pos.disks[c], occ & ~pos.disks[c], off);
  return phase;
}

}  // namespace polyreversi
