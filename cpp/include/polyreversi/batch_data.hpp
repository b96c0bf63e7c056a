// The arrays of a batch of games (all of one variant), as the kernels see
// them. The Batch class owns them; NumPy views them without copying.
#pragma once
#include <cstdint>

#include "polyreversi/types.hpp"

namespace polyreversi {

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
