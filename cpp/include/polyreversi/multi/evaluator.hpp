// The 3-4 player evaluation (kernel code: compiled once per instruction set,
// see kernel/bits.hpp): per board, player count, objective and phase, the
// trained patterns plus linear features (multi/patterns.hpp) where they ship,
// else the linear model alone (multi/weights.hpp), estimates each colour's
// final disk share.
// The search (multi/alpha_beta.cpp) and the playout cut-offs of the MCTS
// (multi/mcts_kernels.cpp) read it.
#pragma once
#include <algorithm>
#include <cstdint>

#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/kernel/engine.hpp"
#include "polyreversi/multi/multi.hpp"
#include "polyreversi/multi/patterns.hpp"
#include "polyreversi/multi/shape.hpp"
#include "polyreversi/multi/weights.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

template <class W, int N>
struct MultiEvaluator {
  using E = Engine<W, N>;
  using G = typename E::G;

  MultiShape<W, N> shape;
  const int (*weights)[kMultiFeatures + 1];  // [phase][feature]
  const MultiPatterns* patterns;             // nullptr: the linear model alone
  int players;
  bool anti;

  explicit MultiEvaluator(const Rules& r) : shape(r), patterns(multi_patterns(r)), players(r.players), anti(r.anti) {
    const int board = r.board == BoardKind::Board8x8 ? 0 : r.board == BoardKind::Board10x10 ? 1 : 2;
    weights = patterns ? patterns->linear : kMultiWeights[anti ? 1 : 0][board][players == 3 ? 0 : 1];
  }

  // The patterns' part of each colour's share (multi/patterns.hpp), into sums[c]:
  // each instance's index read from its squares at once (MultiPatternInstance::digits),
  // the same as multi_pattern_index.
  void pattern_sums(const Board<W>& b, int ph, W occ, int* sums) const {
    const MultiPatternGeometry& g = patterns->geometry;
    const W on = occ & shape.playable, off = ~shape.playable;
    for (int c = 0; c < players; ++c) sums[c] = 0;
    for (const MultiPatternInstance& inst : g.instances) {
      const std::int16_t* table = patterns->table(ph, inst.type);
      const int base = 3 * inst.digits[gather(off, inst)] + 2 * inst.digits[gather(on, inst)];
      for (int c = 0; c < players; ++c) sums[c] += table[base - inst.digits[gather(b.disks[c] & on, inst)]];
    }
  }

  // The bits of x on the instance's squares, packed in ascending square order.
  static unsigned gather(W x, const MultiPatternInstance& inst) {
    if constexpr (sizeof(W) == sizeof(u64)) {
      return static_cast<unsigned>(extract_bits(static_cast<u64>(x), inst.mask[0]));
    } else {
      return static_cast<unsigned>(extract_bits(static_cast<u64>(x), inst.mask[0]) |
                                   extract_bits(static_cast<u64>(x >> 64), inst.mask[1]) << inst.low_length);
    }
  }

  int phase(W occ) const {
    const int p = popcount(occ & shape.playable) * kMultiPhases / shape.squares;
    return p < kMultiPhases ? p : kMultiPhases - 1;
  }

  // The features of colour c (multi.hpp); `empty` are the empty playable squares.
  void features(const Board<W>& b, int c, W occ, W empty, int* f) const {
    const W own = b.disks[c];
    f[0] = popcount(own);
    f[1] = popcount(own & shape.anchors);
    f[2] = popcount(own & G::dilate(shape.anchors & empty) & ~shape.anchors);
    f[3] = popcount(own & shape.edges);
    f[4] = popcount(E::flipping_moves(own, occ & ~own, empty));
    f[5] = popcount(own & G::dilate(empty));
  }

  static bool over(W occ, W empty) { return !(G::dilate(occ) & empty); }

  // Estimated final share of each colour, 1/kMultiScale of the playable squares.
  void shares(const Board<W>& b, int* out) const {
    const W occ = E::occupied(b), empty = shape.playable & ~occ;
    if (over(occ, empty)) {
      for (int c = 0; c < players; ++c) out[c] = popcount(b.disks[c]) * kMultiScale / shape.squares;
      return;
    }
    const int ph = phase(occ);
    const int (&w)[kMultiFeatures + 1] = weights[ph];
    int sums[kMaxPlayers] = {0, 0, 0, 0};
    if (patterns) pattern_sums(b, ph, occ, sums);
    for (int c = 0; c < players; ++c) {
      int f[kMultiFeatures];
      features(b, c, occ, empty, f);
      int v = w[kMultiFeatures] + sums[c];
      for (int k = 0; k < kMultiFeatures; ++k) v += w[k] * f[k];
      out[c] = v;
    }
  }

  // The value of a finished game for colour `root`.
  int final_value(const Board<W>& b, int root) const {
    const int own = popcount(b.disks[root]);
    int best = anti ? kNoBound : -1;
    for (int c = 0; c < players; ++c)
      if (c != root) best = anti ? std::min(best, popcount(b.disks[c])) : std::max(best, popcount(b.disks[c]));
    const int margin = (anti ? best - own : own - best) * kMultiScale / shape.squares;
    return margin > 0 ? kMultiWin + margin : margin < 0 ? -kMultiWin + margin : 0;
  }

  // The value for `root`: its share minus the best other colour's (the
  // other way round with Anti-Reversi), or the final value.
  int value(const Board<W>& b, int root) const {
    const W occ = E::occupied(b), empty = shape.playable & ~occ;
    if (over(occ, empty)) return final_value(b, root);
    int s[kMaxPlayers];
    shares(b, s);
    int best = anti ? kNoBound : -kNoBound;
    for (int c = 0; c < players; ++c)
      if (c != root) best = anti ? std::min(best, s[c]) : std::max(best, s[c]);
    return anti ? best - s[root] : s[root] - best;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
