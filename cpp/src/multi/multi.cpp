// The checks of the 3-4 player search and the choice of the instruction set
// (kernel_set(), as every kernel).
#include "polyreversi/multi/multi.hpp"

#include <cmath>
#include <cstring>
#include <string>

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

}  // namespace

int multi_default_cutoff(const Rules& rules) {
  if (!multi_patterns(rules)) return 0;
  return rules.board == BoardKind::Board10x10 ? kDefaultMultiPatternCutoff10x10 : kDefaultMultiPatternCutoff;
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
  if (!(o.exploration >= 0) || !std::isfinite(o.exploration))
    throw Error("multi_mcts: exploration must be finite and >= 0");
  if (!(o.epsilon >= 0 && o.epsilon <= 1)) throw Error("multi_mcts: epsilon must be 0 to 1");
  if (!(o.history_weight >= 0) || !std::isfinite(o.history_weight))
    throw Error("multi_mcts: history_weight must be finite and >= 0");
  if (!(o.score_weight >= 0 && o.score_weight <= 1)) throw Error("multi_mcts: score_weight must be 0 to 1");
  if (o.cutoff < 0 || o.cutoff > kMaxSquares)
    throw Error("multi_mcts: cutoff must be 0 to " + std::to_string(kMaxSquares));
  if (!(o.cutoff_temperature >= 0) || !std::isfinite(o.cutoff_temperature))
    throw Error("multi_mcts: cutoff_temperature must be finite and >= 0");
  if (!(o.bias_weight >= 0) || !std::isfinite(o.bias_weight))
    throw Error("multi_mcts: bias_weight must be finite and >= 0");
  if (!(o.greedy >= 0 && o.greedy <= 1)) throw Error("multi_mcts: greedy must be 0 to 1");
  if (!(o.mast >= 0 && o.mast <= 1)) throw Error("multi_mcts: mast must be 0 to 1");
  if (!(o.mast_temperature >= 0) || !std::isfinite(o.mast_temperature))
    throw Error("multi_mcts: mast_temperature must be finite and >= 0");
  if (o.solve < 0 || o.solve > kMaxSquares)
    throw Error("multi_mcts: solve must be 0 to " + std::to_string(kMaxSquares));
  if (!(o.implicit_weight >= 0 && o.implicit_weight <= 1)) throw Error("multi_mcts: implicit_weight must be 0 to 1");
  if (!(o.paranoia >= 0 && o.paranoia <= 1)) throw Error("multi_mcts: paranoia must be 0 to 1");
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
