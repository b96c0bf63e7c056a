// Monte Carlo tree search (UCT) for every variant and player count. The
// tree calls the kernels' legal(), play() and play_games() (random
// playouts): no rule is written here.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "polyreversi/limits.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

struct MctsOptions {
  u64 playouts = 0;                          // stop after this many playouts in total (0: no limit)
  double seconds = 0;                        // stop after this many seconds (0: no limit)
  int threads = 1;                           // root-parallel trees, one per thread (0: every core)
  u64 seed = 0;                              // playouts and expansion order depend only on (seed, threads)
  double exploration = kDefaultExploration;  // UCB1 constant c in q + c * sqrt(ln N / n)
  u64 max_nodes = kMctsNodes;  // over all trees (176 bytes each); then the trees stop growing, playouts go on
};

struct MctsResult {
  int move = -1;                              // most visited root move (N*N: pass)
  std::vector<std::pair<int, u64>> visits;    // per root move, ascending move
  double values[kMaxPlayers] = {0, 0, 0, 0};  // mean reward per colour over every playout
  u64 playouts = 0;
  double seconds = 0;
  u64 nodes = 0;  // tree nodes, summed over the trees
};

// The reward of a finished game for each colour (RULES.md §7): 1 for the
// only winner, 1/k for each of k colours sharing the winning count, 0 for
// the others. Rewards of a game sum to 1.
void mcts_rewards(int players, const std::uint8_t* winners, double* out);

// Searches from `pos` (a game that is not over: throws Error otherwise) with
// the options; stops once a limit is reached or *cancel (may be null) is set.
MctsResult mcts_search(const Rules& rules, const Position& pos, const MctsOptions& options,
                       const int* cancel = nullptr);

}  // namespace polyreversi
