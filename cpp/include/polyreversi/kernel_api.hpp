// The bulk kernels, compiled once per instruction set and picked at run time.
#pragma once
#include <string>

#include "polyreversi/batch_data.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

struct KernelTable {
  const char* name;
  // Leaves of the game tree from `pos` to `depth` plies (RULES.md §9).
  // Long work polls *cancel (may be null) and stops early, with a wrong count, once it is set.
  u64 (*perft)(const Rules& rules, const Position& pos, int depth, const int* cancel);
  // Legal squares of the player to move and the kind of turn (RULES.md §5-§6).
  u128 (*legal)(const Rules& rules, const Position& pos, Turn* turn);
  // Disks a legal square flips (`turn` as legal() gave it).
  u128 (*flips)(const Rules& rules, const Position& pos, Turn turn, int square);
  // Plays a legal square, or passes when square == N*N.
  void (*play)(const Rules& rules, Position& pos, Turn turn, int square);
  // Plays games first..first+count-1 of a run from `start` with a built-in
  // policy (0 random, 1 greedy, or one per seat: kernel/playout.hpp seat_policy),
  // writing row i of `out` for game first+i.
  void (*play_games)(const Rules& rules, const Position& start, int policy, u64 seed, u64 first, u64 count,
                     const PlayoutResults& out, const int* cancel);
  // The per-game kernels of a Batch: polyreversi/batch/kernels.hpp.
};

namespace generic {
extern const KernelTable kernel_table;
}
namespace x86v3 {
extern const KernelTable kernel_table;
}

// The fastest table this CPU runs; POLYREVERSI_KERNELS=generic in the
// environment forces the portable one.
const KernelTable& kernels();
// "generic" or "x86v3"; throws Error if unknown or unsupported by this CPU.
const KernelTable& kernels_named(const std::string& name);

}  // namespace polyreversi
