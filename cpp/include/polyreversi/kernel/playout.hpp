// Whole games played in C++ with a built-in policy: uniform random, or
// greedy (most flips, ties broken at random). Used by bulk play and batches.
#pragma once
#include "polyreversi/kernel/engine.hpp"
#include "polyreversi/kernel/random.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

enum Policy : int { kRandomPolicy = 0, kGreedyPolicy = 1 };

template <class W, int N>
struct Playout {
  using E = Engine<W, N>;

  // Picks a legal square from `m` (not empty) for the policy.
  static inline int choose(const Board<W>& b, Turn turn, W m, int policy, SplitMix64& rng) {
    if (policy == kGreedyPolicy && turn == Turn::kFlip) {
      const W own = b.disks[b.to_move];
      const W opp = E::occupied(b) & ~own;
      int best = -1, ties = 0, pick = 0;
      for (W x = m; x; x &= x - 1) {
        const int sq = lowest_bit(x);
        const int f = popcount(E::flips(own, opp, one_bit<W>(sq)));
        if (f > best) {
          best = f;
          ties = 1;
          pick = sq;
        } else if (f == best && rng.below(++ties) == 0) {  // reservoir sampling among ties
          pick = sq;
        }
      }
      return pick;
    }
    return nth_bit(m, rng.below(popcount(m)));
  }

  // Plays one game from `b` to the end (or `max_plies` plies); a pass is
  // written as N*N. Returns the number of plies played.
  static int play_game(const Table<W>& t, Board<W>& b, int policy, SplitMix64& rng, int max_plies,
                       std::int16_t* moves_out) {
    int plies = 0;
    while (plies < max_plies) {
      Turn turn;
      const W m = E::legal(t, b, turn);
      if (turn == Turn::kOver) break;
      int move;
      if (turn == Turn::kPass) {
        E::pass(b);
        move = N * N;
      } else {
        move = choose(b, turn, m, policy, rng);
        E::play(t, b, turn, move);
      }
      if (moves_out) moves_out[plies] = static_cast<std::int16_t>(move);
      ++plies;
    }
    return plies;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
