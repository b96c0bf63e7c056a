// Whole games played in C++ with a built-in policy: uniform random, or
// greedy (most flips, ties broken at random; with Anti-Reversi the fewest
// flips, see policy_for). Used by bulk play and batches.
#pragma once
#include "polyreversi/bulk.hpp"
#include "polyreversi/kernel/engine.hpp"
#include "polyreversi/kernel/random.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

enum Policy : int { kRandomPolicy = 0, kGreedyPolicy = 1, kFewestFlipsPolicy = 2 };

// The policy that plays `policy` for the rules' objective: greedy under
// Anti-Reversi flips the fewest disks (the fewest disks win, RULES.md §7).
// Bulk play and Batch.choose both resolve "greedy" through this.
inline int policy_for(bool anti, int policy) { return anti && policy == kGreedyPolicy ? kFewestFlipsPolicy : policy; }

// A policy code of bulk play (kPerSeat, seat_policy: bulk.hpp) with "greedy"
// resolved for the rules, seat by seat.
inline int seat_codes_for(bool anti, int code) {
  if (!(code & kPerSeat)) return policy_for(anti, code);
  int out = kPerSeat;
  for (int c = 0; c < kMaxPlayers; ++c) out |= policy_for(anti, seat_policy(code, c)) << (kSeatPolicyBits * c);
  return out;
}

template <class W, int N>
struct Playout {
  using E = Engine<W, N>;

  // Picks a legal square from `m` (not empty) for the policy; own/opp are
  // the mover's disks and every other disk.
  static inline int choose(W own, W opp, Turn turn, W m, int policy, SplitMix64& rng) {
    if ((policy == kGreedyPolicy || policy == kFewestFlipsPolicy) && turn == Turn::kFlip) {
      const bool fewest = policy == kFewestFlipsPolicy;
      int best = -kMaxSquares - 1, ties = 0, pick = 0;
      for (W x = m; x; x &= x - 1) {
        const int sq = lowest_bit(x);
        const int flipped = popcount(E::flips(own, opp, one_bit<W>(sq)));
        const int f = fewest ? -flipped : flipped;
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

  static inline int choose(const Board<W>& b, Turn turn, W m, int policy, SplitMix64& rng) {
    const W own = b.disks[b.to_move];
    return choose(own, E::occupied(b) & ~own, turn, m, policy, rng);
  }

  // `policy` of play_two and play_game is a policy code (seat_policy).
  // Two players after the free opening, on (P, O) pairs as perft does; the
  // same moves as the general loop, for the same random numbers.
  static int play_two(const Table<W>& t, Board<W>& b, int policy, SplitMix64& rng, int plies, int max_plies,
                      std::int16_t* moves_out) {
    W P = b.disks[b.to_move], O = b.disks[b.to_move ^ 1];
    int mover = b.to_move;
    const int start = plies;
    while (plies < max_plies) {
      const W empty = t.playable & ~(P | O);
      const W m = E::flipping_moves(P, O, empty);
      int move;
      if (m) {
        move = choose(P, O, Turn::kFlip, m, seat_policy(policy, mover), rng);
        const W sq = one_bit<W>(move);
        const W f = E::flips(P, O, sq);
        P |= f | sq;
        O ^= f;
      } else {
        if (!E::flipping_moves(O, P, empty)) break;  // nobody can move: over
        move = N * N;
      }
      const W tmp = P;
      P = O;
      O = tmp;
      mover ^= 1;
      if (moves_out) moves_out[plies] = static_cast<std::int16_t>(move);
      ++plies;
    }
    b.disks[mover] = P;
    b.disks[mover ^ 1] = O;
    b.to_move = mover;
    b.ply += plies - start;
    return plies;
  }

  // Plays one game from `b` to the end (or `max_plies` plies); a pass is
  // written as N*N. Returns the number of plies played.
  static int play_game(const Table<W>& t, Board<W>& b, int policy, SplitMix64& rng, int max_plies,
                       std::int16_t* moves_out) {
    int plies = 0;
    while (plies < max_plies) {
      if (t.players == 2 && !(t.free_opening && (t.centre & ~E::occupied(b))))
        return play_two(t, b, policy, rng, plies, max_plies, moves_out);
      Turn turn;
      const W m = E::legal(t, b, turn);
      if (turn == Turn::kOver) break;
      int move;
      if (turn == Turn::kPass) {
        E::pass(b);
        move = N * N;
      } else {
        move = choose(b, turn, m, seat_policy(policy, b.to_move), rng);
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
