// B games of one variant held in C++ and stepped together: observations,
// results, autoreset, per-game blocked squares and starts, move history,
// sampling from a policy, threads. The Python facade is polyreversi.Batch.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "polyreversi/batch/kernels.hpp"
#include "polyreversi/batch_data.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

class CheckedGame;

// An object entered from a second thread while a call is busy in it.
struct ConcurrentUseError : Error { using Error::Error; };

// The games a call gives each thread: kMinGamesPerThread and its kin (limits.hpp).

// The blocked squares game `index`, episode `episode` of a Batch seeded with
// `seed` draws on `board` with `handicap` corners: `count` of them (0: a count
// drawn uniformly from kMinRandomBlocked .. kMaxBlocked) among eligible_blocked()
// (RULES.md §4). Throws VariantError for a handicap or count out of range.
u128 random_blocked(BoardKind board, long long handicap, long long count, u64 seed, u64 index, u64 episode);

// Checks the perspective of an observation of a game of `players`: a colour
// index 0 .. players-1, or -1 (each game's player to move) where `to_move_allowed`.
// `game` >= 0 names the game of a per-game perspective. Throws ArgumentError.
void check_perspective(long long perspective, int players, bool to_move_allowed, int game = -1);

// Checks a temperature of Batch::sample as given (a binding passes its float64
// before reading it as float32): 0 or more and finite, also as float32 (beyond
// float32's range it reads as inf). Throws ArgumentError naming the value as given.
void check_temperature(double temperature);

// The observation planes of one game (polyreversi.observe): (players + 4) x N x N
// at `out`, uint8 or float32 where `f32`, by the Batch kernel on a one-game view.
// Throws ArgumentError for a perspective check_perspective refuses (-1 allowed).
void observe_state(const CheckedGame& g, int perspective, void* out, bool f32);

// A custom start for reset(): a position on a board with its own blocked squares.
struct StartSpec {
  Position position;
  u128 blocked = 0;
};

class Batch {
 public:
  Batch(std::shared_ptr<const Rules> rules, int size);
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;

  const Rules& rules() const { return *rules_; }
  const std::shared_ptr<const Rules>& rules_ptr() const { return rules_; }
  int size() const { return data_.size; }
  const BatchData& data() const { return data_; }
  int channels() const { return rules_->players + 4; }

  // Marks the batch busy for one call; a second thread gets ConcurrentUseError at once.
  class Busy {
   public:
    explicit Busy(const Batch& b);
    ~Busy() { flag_.store(false, std::memory_order_release); }
    Busy(const Busy&) = delete;
    Busy& operator=(const Busy&) = delete;

   private:
    std::atomic<bool>& flag_;
  };
  Busy enter() const { return Busy(*this); }

  // Threads a call uses: `threads` (0 = every core), but at least `min_games` games each.
  int threads_for(int threads, int min_games = kMinGamesPerThread) const;

  // Checks every move (game i: a legal move, or anything when it is over and
  // `mode` restarts it, else -1) before playing any, then plays them; throws IllegalMoveError.
  // `which` (may be null: every game): only games with which[i] != 0 are checked and
  // stepped; the others keep their position (an opponent's ply in some games only).
  // Throws ArgumentError for a mode other than the three of Autoreset.
  void step(const std::int32_t* moves, Autoreset mode, int threads, const std::uint8_t* which = nullptr);
  // Restarts games with which[i] != 0 (all if null). With `seed`, sets the batch's
  // seed and counts episodes and steps from zero. `random_blocked`: new games
  // draw `blocked_count` (0: 1..4) blocked squares each; else they use the variant's.
  // starts: one (stride 0) or one per game (stride 1), with their own blocked squares;
  // null: the variant's start if `standard_start`, else each game keeps its start.
  // Throws VariantError for a blocked_count outside 0 .. kMaxBlocked.
  void reset(const std::uint8_t* which, const u64* seed, bool random_blocked, int blocked_count,
             const StartSpec* starts, int start_stride, bool standard_start);
  // Throws ArgumentError for a policy other than 0 (random) or 1 (greedy).
  void choose(int policy, u64 seed, std::int32_t* out, int threads);
  // Throws ArgumentError for a perspective that is not a colour of the game (check_perspective).
  void observe(ObserveSpec spec, int threads) const;
  // Throws ArgumentError for a temperature that is negative or not finite
  // (check_temperature), or naming the game, the column and the value of a bad entry.
  void sample(SampleSpec spec, int threads);

  // A move per game where which[i] != 0 (null: every game not over), -1 elsewhere, by a
  // search of the core run in C++ over the games (threads: as step, at least one game
  // each): choose_search to `depth` plies (two players, search/search.hpp, a 1 MiB
  // table per game), choose_mcts with `playouts` UCT playouts (mcts/mcts.hpp, game i
  // seeded from (seed, steps, i)). Throws VariantError for search with 3-4 players.
  // `cancel` (may be null): the caller's stop (stop_requested); once set, the searches
  // give up and `out` is to be ignored. batch/opponents.cpp.
  void choose_search(int depth, const std::uint8_t* which, std::int32_t* out, int threads, const int* cancel);
  void choose_mcts(u64 playouts, u64 seed, const std::uint8_t* which, std::int32_t* out, int threads,
                   const int* cancel);

  // Puts game i at `pos` on a board with `blocked` squares and no history: a scratch
  // game whose observation and mask are wanted (the leaves of a search). `pos` must be
  // a position of these rules (it is not checked). batch/scratch.cpp.
  void load(int i, const Position& pos, u128 blocked);

  u64 seed() const { return data_.seed; }
  u64 steps() const { return steps_; }
  bool random_blocked() const { return data_.random_blocked; }
  int ply(int i) const { return positions_[i].ply; }
  const Position& position(int i) const { return positions_[i]; }
  const Position& start(int i) const { return starts_[i]; }
  u128 blocked(int i) const { return blocked_[i]; }
  bool custom_start(int i) const { return custom_[i] != 0; }
  std::vector<int> history(int i) const;
  const FinalGame& final_game(int i) const { return finals_[i]; }
  std::vector<int> final_history(int i) const;

 private:
  std::shared_ptr<const Rules> rules_;
  mutable std::atomic<bool> busy_{false};
  u64 steps_ = 0;
  std::vector<int> eligible_;
  std::vector<Position> positions_, starts_;
  std::vector<u128> legal_, blocked_, playable_;
  std::vector<std::uint8_t> turns_, masks_, done_, winners_, custom_, reset_mask_, final_winners_;
  std::vector<std::int8_t> boards_, to_move_;
  std::vector<std::int32_t> scores_, history_len_, final_history_len_, final_scores_;
  std::vector<float> rewards_, final_rewards_;
  std::vector<std::int16_t> history_, final_history_;
  std::vector<u64> episodes_;
  std::vector<FinalGame> finals_;
  BatchData data_;
};

}  // namespace polyreversi
