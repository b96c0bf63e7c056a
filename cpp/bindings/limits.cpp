// polyreversi._core.limits: the core's bounds (polyreversi/limits.hpp) and the
// defaults of its options, read by the Python package, the command line and the docs.
#include "polyreversi/limits.hpp"

#include "common.hpp"
#include "polyreversi/multi/mcts.hpp"

namespace polyreversi::bindings {

void init_limits(py::module_& m) {
  py::module_ l = m.def_submodule(
      "limits", "The core's bounds and defaults (cpp/include/polyreversi/limits.hpp, the core's option structs).");
  l.attr("MIN_PLAYERS") = kMinPlayers;
  l.attr("MAX_PLAYERS") = kMaxPlayers;
  l.attr("MAX_HANDICAP") = kMaxHandicap;
  l.attr("MAX_BLOCKED") = kMaxBlocked;
  l.attr("MIN_RANDOM_BLOCKED") = kMinRandomBlocked;
  l.attr("LONGEST_GAME") = kLongestGame;
  l.attr("MAX_START_PLY") = kMaxStartPly;
  l.attr("MAX_THREADS") = kMaxThreads;
  l.attr("MAX_DEPTH") = kMaxDepth;
  l.attr("MAX_PERFT_DEPTH") = kMaxPerftDepth;
  l.attr("MAX_SEARCH_NODES") = kMaxSearchNodes;
  l.attr("MAX_MULTIPV") = kMaxMultiPv;
  l.attr("MAX_SECONDS") = kMaxSeconds;
  l.attr("EXIT_WAIT") = kExitWaitSeconds;
  l.attr("MIN_TABLE_MIB") = kMinTableMiB;
  l.attr("MAX_TABLE_MIB") = kMaxTableMiB;
  l.attr("DEFAULT_TABLE_MIB") = kDefaultTableMiB;
  l.attr("DEFAULT_MULTI_TABLE_BITS") = kDefaultMultiTableBits;
  l.attr("MAX_MULTI_TABLE_BITS") = kMaxMultiTableBits;
  l.attr("MIN_GAMES_PER_THREAD") = kMinGamesPerThread;
  l.attr("DEFAULT_EXPLORATION") = kDefaultExploration;
  const MultiMctsOptions multi;  // the defaults of the three- and four-player MCTS
  l.attr("DEFAULT_MULTI_EXPLORATION") = multi.exploration;
  l.attr("DEFAULT_MULTI_EXPLORATION_8X8_4P") = kDefaultMultiExploration8x8FourPlayers;
  l.attr("DEFAULT_MULTI_EPSILON") = multi.epsilon;
  l.attr("DEFAULT_MULTI_HISTORY_WEIGHT") = multi.history_weight;
  l.attr("DEFAULT_MULTI_SCORE_WEIGHT") = multi.score_weight;
  l.attr("DEFAULT_MULTI_CUTOFF_TEMPERATURE") = multi.cutoff_temperature;
  l.attr("DEFAULT_MULTI_BIAS_WEIGHT") = multi.bias_weight;
  l.attr("DEFAULT_MULTI_GREEDY") = multi.greedy;
  l.attr("DEFAULT_MULTI_SOLVE") = multi.solve;
  l.attr("MULTI_SOLVE_NODES") = kMultiSolveNodes;
  l.attr("DEFAULT_MULTI_IMPLICIT_WEIGHT") = multi.implicit_weight;
  l.attr("DEFAULT_MULTI_PARANOIA") = multi.paranoia;
  l.attr("DEFAULT_MULTI_REUSE") = kDefaultMultiReuse;
  l.attr("DEFAULT_MULTI_BEST_REPLY") = multi.best_reply;
  l.attr("DEFAULT_MULTI_MAST") = multi.mast;
  l.attr("DEFAULT_MULTI_MAST_TEMPERATURE") = multi.mast_temperature;
  l.attr("DEFAULT_MULTI_NST") = multi.nst;
  l.attr("DEFAULT_MULTI_LGRF") = multi.lgrf;
  l.attr("MULTI_NST_VISITS") = kMultiNstVisits;
  l.attr("MULTI_IMPLICIT_TEMPERATURE") = kMultiImplicitTemperature;
  py::dict ranges;  // name: (low, high), ints for the counts, high inf where unbounded
  for (const MultiOptionRange& r : kMultiOptionRanges) {
    const py::str name(r.name.data(), r.name.size());
    if (r.whole) ranges[name] = py::make_tuple(static_cast<int>(r.low), static_cast<int>(r.high));
    else ranges[name] = py::make_tuple(r.low, r.high);
  }
  l.attr("MULTI_OPTION_RANGES") = ranges;
  l.attr("DEFAULT_MULTI_CUTOFF") = kDefaultMultiPatternCutoff;
  l.attr("DEFAULT_MULTI_CUTOFF_10X10") = kDefaultMultiPatternCutoff10x10;
  l.attr("MAX_PLAYOUTS") = kMaxPlayouts;
  l.attr("MCTS_NODES") = kMctsNodes;
  l.attr("MAX_TREE_PLAYOUTS") = kMaxTreePlayouts;
  l.attr("MAX_PUCT_LEAVES") = kMaxPuctLeaves;
  l.attr("MAX_PUCT_TREES") = kMaxPuctTrees;
  l.attr("MAX_GAMES") = kMaxGames;
  l.attr("MAX_BATCH") = kMaxBatch;
  l.attr("MAX_SCORE") = kMaxScore;
  l.attr("QUOTED_CHARS") = kQuotedChars;
  l.def("every_core", &every_core, "What threads=0 means: the cores this process may run on, at most MAX_THREADS.");
  l.def(
      "solve_table_mib", [](long long tt_mb) { return solve_table_mib(tt_mb); }, py::arg("tt_mb"),
      "MiB a solve with a tt_mb table allocates: the table and a quarter more for its ordering searches.");
  l.def(
      "longest_game", [](int empty, int players) { return longest_game(empty, players); }, py::arg("empty"),
      py::arg("players"),
      "Plies of the longest game from a position with `empty` empty squares: 2 * empty with two players (a pass "
      "before each move at most), empty with three or four (nobody passes; each ply fills a square).");
  l.def(
      "history_plies", [](int squares) { return history_plies(squares); }, py::arg("squares"),
      "Plies a move history holds on a board of `squares` squares (the longest game there and its two passes).");
}

}  // namespace polyreversi::bindings
