// Work without Python: perft and many whole games, in C++.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "polyreversi/batch_data.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

// The deepest perft from `pos`: the longest game (limits.hpp) from it or from
// the variant's start, whichever is longer, so that a depth allowed for a
// variant is allowed at every position of its games (past a position's own
// longest game the count no longer changes).
int perft_max_depth(const Rules& rules, const Position& pos);
// The calls that take a perft depth: perft itself, from depth 0, and perft
// divided by first move (perft_divide), from depth 1 (it needs a first move).
enum class PerftCall { kPerft, kDivide };
// The name the messages give a call ("perft", "perft_divide").
const char* perft_call_name(PerftCall call);
// Throws ArgumentError unless the call's least depth <= depth <=
// perft_max_depth(rules, pos), with perft_depth_message.
void check_perft_depth(const Rules& rules, const Position& pos, long long depth, PerftCall call = PerftCall::kPerft);
// Why `depth` (as text, so that any integer can be named) is not a depth of
// `call` from `pos`: the call's name, the range and where its top comes from (the empty squares).
std::string perft_depth_message(const Rules& rules, const Position& pos, const std::string& depth,
                                PerftCall call = PerftCall::kPerft);
// Leaves of the game tree `depth` plies below `pos` (RULES.md §9): the rules
// kernels' perft, its depth checked by check_perft_depth. Long work polls
// *cancel (may be null) and stops early, with a wrong count, once it is set.
u64 perft(const Rules& rules, const Position& pos, long long depth, const int* cancel = nullptr);

// A policy code of bulk play: a policy (0 random, 1 greedy) for every seat, or
// kPerSeat plus one policy per seat, kSeatPolicyBits bits per colour (colour c
// in bits 4c..4c+3).
constexpr int kPerSeat = 1 << 16;
constexpr int kSeatPolicyBits = 4;
static_assert(kSeatPolicyBits * kMaxPlayers <= 16, "the seats' policies lie below kPerSeat");
// The policy of seat `colour` in a policy code.
inline int seat_policy(int code, int colour) {
  return (code & kPerSeat) ? (code >> (kSeatPolicyBits * colour)) & ((1 << kSeatPolicyBits) - 1) : code;
}

// The policy code of bulk play for one policy
// per seat, `players` of them in turn order: 0 (random) or 1 (greedy) each.
// Throws ArgumentError for a count other than `players` or another policy.
int seat_policy_code(const std::vector<int>& policies, int players);
// Checks a policy code for a game of `players`: 0, 1, or a per-seat code of
// seat_policy_code(). Returns it; throws ArgumentError naming the fault.
int checked_policy_code(long long code, int players);
// Checks one built-in policy for every game, 0 (random) or 1 (greedy), as
// choose_move and Batch::choose take it. Returns it; throws ArgumentError.
int checked_single_policy(long long code);
// Checks a number of games for play_many: 0 to kMaxGames (limits.hpp; their
// result arrays are sized from it before play). Throws ArgumentError.
u64 checked_game_count(long long games);

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
