// The arrays of a batch of games (all of one variant), as the kernels see
// them. The Batch class owns them; NumPy views them without copying.
#pragma once
#include <cstdint>

#include "polyreversi/types.hpp"

namespace polyreversi {

// What a game that was reset left behind: its last position and record.
struct FinalGame {
  Position start, end;
  u128 blocked = 0;
  bool custom_start = false;
};

struct BatchData {
  int size = 0;                    // B
  Position* positions = nullptr;   // B
  u128* legal = nullptr;           // B legal-square masks
  std::uint8_t* turns = nullptr;   // B Turn values
  std::int8_t* boards = nullptr;   // B * n * n cell codes
  std::uint8_t* masks = nullptr;   // B * (n * n + 1) legal-move flags (last: pass)
  std::uint8_t* done = nullptr;    // B
  std::int32_t* scores = nullptr;  // B * players
  std::int8_t* to_move = nullptr;  // B colour codes (1..4)

  // Results, written when a game is over (zero before): write_results in cpp/src/batch/batch_kernels.cpp.
  std::uint8_t* winners = nullptr;  // B * players, 1 = shares the win
  float* rewards = nullptr;         // B * players

  // Per-game board and start (RULES.md §4: each game may have its own blocked squares).
  const Rules* rules = nullptr;
  u128* blocked = nullptr;         // B
  u128* playable = nullptr;        // B: the board's squares minus this game's blocked ones
  Position* starts = nullptr;      // B: where the game (re)starts
  std::uint8_t* custom = nullptr;  // B: 1 when starts[i] is a custom position (kept on reset)
  u64* episodes = nullptr;         // B: resets since the seed was set (picks the random blocked squares)
  u128 squares = 0;                // the board's squares (no blocked squares)
  const int* eligible = nullptr;   // squares that may be blocked, ascending
  int eligible_count = 0;
  bool random_blocked = false;  // reset draws new blocked squares for games without a custom start
  int blocked_count = 0;        // squares drawn per game; 0 = uniform in 1..4
  u64 seed = 0;

  // Moves played since each game's (re)start.
  std::int16_t* history = nullptr;      // B * max_plies
  std::int32_t* history_len = nullptr;  // B
  int max_plies = 0;

  // Autoreset: the games reset by the last step, and what they left behind.
  std::uint8_t* reset_mask = nullptr;         // B
  FinalGame* finals = nullptr;                // B
  std::int16_t* final_history = nullptr;      // B * max_plies
  std::int32_t* final_history_len = nullptr;  // B
  std::int32_t* final_scores = nullptr;       // B * players
  std::uint8_t* final_winners = nullptr;      // B * players
  float* final_rewards = nullptr;             // B * players
};

// Per-game results of bulk play.
struct PlayoutResults {
  std::int32_t* scores = nullptr;   // games * players
  std::uint8_t* winners = nullptr;  // games * players, 1 = shares the win
  std::int32_t* plies = nullptr;    // games
  std::int16_t* moves = nullptr;    // games * max_plies or null; -1 after the last ply
  int max_plies = 0;
};

}  // namespace polyreversi
