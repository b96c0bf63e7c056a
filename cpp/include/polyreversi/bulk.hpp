// Work without Python: many whole games, and batches of games stepped together.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "polyreversi/batch_data.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

// The number of threads "0" means: the machine's hardware threads.
int resolve_threads(int threads);

// Plays `games` games from `start` with a built-in policy (0 random, 1 greedy,
// or one per seat: kernel/playout.hpp seat_policy)
// on `threads` threads; game i depends only on (seed, i), whatever the thread count.
// Stops early, leaving rows unwritten, once *cancel (may be null) is set.
void play_many(const Rules& rules, const Position& start, int policy, u64 seed, u64 games, int threads,
               const PlayoutResults& out, const int* cancel = nullptr);

// B games of one variant held in C++, stepped together.
class Batch {
 public:
  Batch(std::shared_ptr<const Rules> rules, int size);
  const Rules& rules() const { return *rules_; }
  const std::shared_ptr<const Rules>& rules_ptr() const { return rules_; }
  int size() const { return data_.size; }
  const BatchData& data() const { return data_; }

  // Plays moves[i] in game i (-1 for finished games); all moves are checked
  // before any is played. Throws IllegalMoveError naming the game and move.
  void step(const std::int32_t* moves, int threads = 1);
  // Puts games back at the start: those with reset[i] != 0, or every finished one if null.
  void reset(const std::uint8_t* which);
  // A legal move per game by a built-in policy; -1 for finished games.
  void choose(int policy, u64 seed, std::int32_t* out);
  // Plies played in game i since its last reset.
  int ply(int i) const { return positions_[i].ply; }
  const Position& position(int i) const { return positions_[i]; }

 private:
  std::shared_ptr<const Rules> rules_;
  Position start_;
  u64 steps_ = 0;
  std::vector<Position> positions_;
  std::vector<u128> legal_;
  std::vector<std::uint8_t> turns_, masks_, done_;
  std::vector<std::int8_t> boards_, to_move_;
  std::vector<std::int32_t> scores_;
  BatchData data_;
};

}  // namespace polyreversi
