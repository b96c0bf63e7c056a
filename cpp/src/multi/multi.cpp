// The checks of the 3-4 player search and the choice of the instruction set
// (kernel_set(), as every kernel).
#include "polyreversi/multi/multi.hpp"

#include <cmath>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>

#include "polyreversi/kernel_api.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/multi/mcts.hpp"
#include "polyreversi/multi/patterns.hpp"

namespace polyreversi {

namespace {

void check_players(const Rules& rules, const char* what) {
  if (rules.players < 3)
    throw VariantError(std::string(what) + ": three or four players only; this game has " +
                       std::to_string(rules.players) + " (use the two-player search)");
}

// Throws Error "multi_mcts: NAME must be ..." unless `value` lies in the
// option's range `r`.
void check_option(const MultiOptionRange& r, double value) {
  if (std::isfinite(value) && value >= r.low && value <= r.high) return;
  std::ostringstream bound;  // 0, 1, 100 as written: the bounds are whole numbers
  if (r.high == kUnbounded) bound << "finite and >= " << r.low;
  else bound << r.low << " to " << r.high;
  throw Error("multi_mcts: " + std::string(r.name) + " must be " + bound.str());
}

}  // namespace

int multi_default_cutoff(const Rules& rules) {
  if (!multi_patterns(rules)) return 0;
  return rules.board == BoardKind::Board10x10 ? kDefaultMultiPatternCutoff10x10 : kDefaultMultiPatternCutoff;
}

double multi_default_exploration(const Rules& rules) {
  if (rules.players == 4 && rules.board == BoardKind::Board8x8 && multi_patterns(rules))
    return kDefaultMultiExploration8x8FourPlayers;
  return MultiMctsOptions{}.exploration;
}

MultiOutcome multi_search(const Rules& rules, const Position& pos, const MultiLimits& limits, const int* cancel) {
  check_players(rules, "multi_search");
  const int algorithm = static_cast<int>(limits.algorithm);  // the enum holds any int: it comes from outside
  if (algorithm < 0 || algorithm > 1)
    throw ArgumentError("multi_search: algorithm must be 0 (best reply) or 1 (paranoid), got " +
                        std::to_string(algorithm));
  if (limits.depth < 0 || limits.depth > kMaxDepth)
    throw Error("multi_search: depth must be 1 to " + std::to_string(kMaxDepth) + ", got " +
                std::to_string(limits.depth));
  check_seconds(limits.seconds, "multi_search: time");
  if (!(limits.seconds >= 0)) throw Error("multi_search: time must be 0 (none) or more seconds");
  if (limits.depth == 0 && limits.seconds == 0 && limits.nodes == 0)
    throw Error("multi_search: give a depth, a time or a node limit");
  if (limits.tt_bits < 0 || limits.tt_bits > kMaxMultiTableBits)
    throw Error("multi_search: tt_bits must be 0 to " + std::to_string(kMaxMultiTableBits) + ", got " +
                std::to_string(limits.tt_bits));
  Turn turn;
  kernels().legal(rules, pos, &turn);
  if (turn == Turn::kOver) throw Error("multi_search: the game is over; there is no move to search");
  return kernel_set().multi_search(rules, pos, limits, cancel);
}

MultiMctsResult multi_mcts(const Rules& rules, const Position& pos, const MultiMctsOptions& o, const int* cancel,
                           std::unique_ptr<MultiMctsKept>* keep) {
  check_players(rules, "multi_mcts");
  check_seconds(o.seconds, "multi_mcts: time");
  if (!(o.seconds >= 0)) throw Error("multi_mcts: time must be 0 (none) or more seconds");
  if (o.playouts == 0 && o.seconds == 0) throw Error("multi_mcts: give a playout count or a time limit");
  // In the order of kMultiOptionRanges (tests/test_multi_mcts.py sees each bad value named).
  const double values[] = {
      o.exploration,        o.epsilon,         o.history_weight, o.score_weight, double(o.cutoff),
      o.cutoff_temperature, o.bias_weight,     o.greedy,         o.mast,         o.mast_temperature,
      double(o.solve),      o.implicit_weight, o.paranoia};
  static_assert(sizeof(values) / sizeof(values[0]) == std::size(kMultiOptionRanges));
  for (std::size_t i = 0; i < std::size(kMultiOptionRanges); ++i) check_option(kMultiOptionRanges[i], values[i]);
  if (o.max_nodes < 1) throw Error("multi_mcts: max_nodes must be 1 or more");
  if (o.playouts > static_cast<u64>(kMaxPlayouts))
    throw Error("multi_mcts: at most " + std::to_string(kMaxPlayouts) + " playouts");
  Turn turn;
  kernels().legal(rules, pos, &turn);
  if (turn == Turn::kOver) throw Error("multi_mcts: the game is over; there is no move to search");
  return kernel_set().multi_mcts(rules, pos, o, cancel, keep);
}

int multi_features(const Rules& rules, const Position& pos, int* out) {
  check_players(rules, "multi_features");
  return kernel_set().multi_features(rules, pos, out);
}

void multi_evaluate(const Rules& rules, const Position& pos, int* out) {
  check_players(rules, "multi_evaluate");
  return kernel_set().multi_evaluate(rules, pos, out);
}

}  // namespace polyreversi
