// PUCT search (AlphaZero's) over many games at once, for 2-4 players: priors and
// values come from outside (a network), asked for in batches of leaves, one leaf
// per game per round. The core never calls out: collect() gathers the leaves
// into a scratch Batch (their observations and masks are that Batch's), the
// caller evaluates them, apply() expands and backs up. Values are per colour
// (max^n: each node picks the child best for the colour to move there), in the
// Batch reward rule's units (a finished game's values are its rewards).
#pragma once
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "polyreversi/batch/batch.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

struct PuctOptions {
  int simulations = 100;          // per game, the root's evaluation included
  double c_puct = 1.5;            // Q + c_puct * P * sqrt(N_parent) / (1 + N_child)
  double dirichlet_alpha = 0.3;   // noise Dir(alpha) mixed into the root's priors...
  double dirichlet_fraction = 0;  // ...with this weight (0: no noise)
  u64 seed = 0;                   // the noise (game g's own stream from (seed, g)); nothing else is random
  int threads = 1;                // threads over the games (batch/pool.hpp); results do not depend on it
};

// A game to search: a position on a board with its own blocked squares.
struct PuctRoot {
  Position position;
  u128 blocked = 0;
};

class PuctSearch {
 public:
  // Throws Error for a root that is over, or bad options.
  PuctSearch(std::shared_ptr<const Rules> rules, const std::vector<PuctRoot>& roots, const PuctOptions& options);

  // Runs selections until every game with simulations left has one leaf to
  // evaluate; finished-game leaves are backed up on the way. Loads the leaves into
  // leaves() rows 0..k-1 (leaf_games()[r] is row r's game) and returns k (0: done).
  int collect();
  // Expands and backs up the k leaves of the last collect(): priors k * (N*N+1)
  // (weights over the legal moves, renormalised; illegal entries ignored; a row with
  // no weight on a legal move is uniform), values k * players (per colour).
  // Throws ArgumentError naming the row of a NaN or infinite entry, a negative prior.
  void apply(const float* priors, const float* values);

  Batch& leaves() { return *leaves_; }
  const std::vector<int>& leaf_games() const { return leaf_games_; }
  int games() const { return static_cast<int>(trees_.size()); }
  // games * (N*N+1): the visits of each root move (the policy target).
  void visits(float* out) const;
  // games * players: each root's mean value per colour.
  void root_values(float* out) const;
  u64 simulations_done() const;

 private:
  struct Node {
    Position pos;
    float value[kMaxPlayers] = {0, 0, 0, 0};  // summed over visits
    float prior = 0;
    std::uint32_t visits = 0;
    std::int32_t parent = -1, first_child = -1;
    std::int16_t children = 0, move = -1;
    bool expanded = false, terminal = false;
  };
  struct Tree {
    Rules rules;  // the game's blocked squares
    u128 blocked = 0;
    std::vector<Node> nodes;
    int remaining = 0;
    int pending = -1;  // the leaf waiting for apply()
    u64 done = 0;      // simulations finished
    std::mt19937_64 rng;
  };

  int select(Tree& t) const;
  void backup(Tree& t, int leaf, const float* values) const;
  void expand(Tree& t, int leaf, const float* priors, bool root_noise) const;
  void descend(Tree& t) const;  // selections until a leaf waits for the network or none are left
  void terminal_values(const Tree& t, const Position& pos, float* out) const;

  std::shared_ptr<const Rules> rules_;
  PuctOptions options_;
  std::vector<Tree> trees_;
  std::unique_ptr<Batch> leaves_;
  std::vector<int> leaf_games_;
};

}  // namespace polyreversi
