// Work without Python: many whole games played in C++.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "polyreversi/batch_data.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

// Plays `games` games from `start` with a built-in policy (0 random, 1 greedy,
// or one per seat: kernel/playout.hpp seat_policy)
// on `threads` threads (0: every core; limits.hpp); game i depends only on (seed, i), whatever the thread count.
// Stops early, leaving rows unwritten, once *cancel (may be null) is set.
void play_many(const Rules& rules, const Position& start, int policy, u64 seed, u64 games, int threads,
               const PlayoutResults& out, const int* cancel = nullptr);

// The move a built-in policy (0 random, 1 greedy: the most flips, the fewest
// under Anti-Reversi, ties at random) plays from `pos`, a game that is not over:
// the first ply play_many would play as game `index` of a run seeded with `seed`.
// The one greedy rule of the library: bulk play, Batch.choose and the Python
// GreedyPlayer all play it.
int choose_move(const Rules& rules, const Position& pos, int policy, u64 seed, u64 index);

// Batches of games stepped together: polyreversi/batch/batch.hpp.

}  // namespace polyreversi
