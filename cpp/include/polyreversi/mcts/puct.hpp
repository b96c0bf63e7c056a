// PUCT search (AlphaZero's) over many games at once, for 2-4 players: priors and
// values come from outside (a network), asked for in batches of leaves, one leaf
// per game per round. The core never calls out: collect() gathers the leaves
// into a scratch Batch (their observations and masks are that Batch's), the
// caller evaluates them, apply() expands and backs up. Values are per colour
// (max^n: each node picks the child best for the colour to move there), in the
// Batch reward rule's units (a finished game's values are its rewards).
//
// Trees live in slots and can be kept between searches (reuse): a slot whose
// kept tree holds the new root's position within one round of turns keeps that
// subtree, its visits and values, and the search adds its simulations to them.
// With leaves_per_game > 1 a round takes up to that many leaves from one tree,
// each path holding a virtual loss until its leaf is evaluated, so that the
// next descent looks elsewhere; a leaf chosen twice ends the tree's round.
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
  int leaves_per_game = 1;        // leaves a tree gives per round (1: no virtual loss)
  double virtual_loss = 1.0;      // value taken from the mover per pending descent, 0..
};

// A game to search: a position on a board with its own blocked squares.
struct PuctRoot {
  Position position;
  u128 blocked = 0;
};

// Checks a count of kept trees (slots; PuctTrees, the second constructor of
// PuctSearch): 1 .. kMaxPuctTrees. Throws ArgumentError naming the count.
int checked_puct_slots(long long slots);

class PuctSearch {
 public:
  // Throws Error for a root that is over, or bad options. One search, fresh trees.
  PuctSearch(std::shared_ptr<const Rules> rules, const std::vector<PuctRoot>& roots, const PuctOptions& options);
  // `slots` empty trees, for begin() (trees kept between searches). Throws
  // ArgumentError for a count checked_puct_slots refuses.
  PuctSearch(std::shared_ptr<const Rules> rules, int slots);

  // Starts a search of roots[i] in slot slots[i] (distinct, 0..slots-1); with
  // reuse, a slot's kept tree gives the subtree of the root's position when it
  // has one within `players` plies of its own root, else the slot starts afresh.
  // Without reuse every slot starts afresh (the same search as the first
  // constructor's). Root noise is mixed into a kept root's priors. Throws Error
  // as the first constructor, ArgumentError for a slot beyond slots() - 1.
  // Returns the visits kept over all roots.
  u64 begin(const std::vector<PuctRoot>& roots, const std::vector<int>& slots, const PuctOptions& options, bool reuse);
  int slots() const { return static_cast<int>(trees_.size()); }

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
  // leaf_games()[r]: the game (index into the roots of begin()) of row r.
  const std::vector<int>& leaf_games() const { return leaf_games_; }
  int games() const { return static_cast<int>(active_.size()); }
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
    std::vector<int> pending;  // the leaves waiting for apply()
    u64 done = 0;              // simulations finished
    std::mt19937_64 rng;
  };

  int select(Tree& t) const;
  void backup(Tree& t, int leaf, const float* values) const;
  void expand(Tree& t, int leaf, const float* priors, bool root_noise) const;
  void descend(Tree& t) const;  // selections until leaves wait for the network or none are left
  void virtual_visit(Tree& t, int leaf, int sign) const;
  static bool keep_subtree(Tree& t, const Position& root, int depth);
  void root_noise(Tree& t) const;
  static void check(const PuctOptions& options);
  void terminal_values(const Tree& t, const Position& pos, float* out) const;

  std::shared_ptr<const Rules> rules_;
  PuctOptions options_;
  std::vector<Tree> trees_;  // one per slot
  std::vector<int> active_;  // the slots of the current search, in root order
  std::unique_ptr<Batch> leaves_;
  std::vector<int> leaf_games_;  // per row: the index into active_
  std::vector<int> row_start_;   // per active game: its first row (rows are in game order)
};

}  // namespace polyreversi
