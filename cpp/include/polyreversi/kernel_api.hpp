// Everything compiled once per instruction set (CMakeLists.txt: generic and
// x86v3), gathered in one Kernels table per set and picked once at run time.
#pragma once
#include <memory>
#include <string>

#include "polyreversi/batch_data.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

// The rules: perft, moves, flips and whole games (cpp/src/rules_kernels.cpp).
struct KernelTable {
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

struct BatchKernelTable;  // batch/kernels.hpp
struct SearchKernels;     // search/search.hpp
struct MultiLimits;       // multi/multi.hpp
struct MultiOutcome;
struct MultiMctsOptions;  // multi/mcts.hpp
struct MultiMctsResult;
struct MultiMctsKept;

// One instruction set's kernels: the rules, batches, the two-player search and
// its evaluation, and the 3-4 player search.
struct Kernels {
  const char* name;  // "generic" or "x86v3"
  const KernelTable* rules;
  const BatchKernelTable* batch;
  const SearchKernels* search;
  int (*evaluate_position)(const Rules& rules, const Position& pos, bool anti, bool shape_only);
  void (*evaluate_boards)(const u64* P, const u64* O, int* out, long long n, bool shape_only);
  MultiOutcome (*multi_search)(const Rules& rules, const Position& pos, const MultiLimits& limits, const int* cancel);
  MultiMctsResult (*multi_mcts)(const Rules& rules, const Position& pos, const MultiMctsOptions& options,
                                const int* cancel, std::unique_ptr<MultiMctsKept>* keep);
  int (*multi_features)(const Rules& rules, const Position& pos, int* out);
  void (*multi_evaluate)(const Rules& rules, const Position& pos, int* out);
};

// The set POLYREVERSI_KERNELS names in the environment ("generic" forces the
// portable one), else the fastest set this CPU runs; picked once.
const Kernels& kernel_set();
// The rules kernels of kernel_set().
inline const KernelTable& kernels() { return *kernel_set().rules; }
// "generic" or "x86v3"; throws Error if unknown or unsupported by this CPU.
const Kernels& kernels_named(const std::string& name);
// Throws Error naming POLYREVERSI_KERNELS when it is set to a name kernels_named()
// refuses (kernel_set() then runs the best set); the module's import calls it.
void check_kernel_choice();

}  // namespace polyreversi
