// Two-player search and the exact endgame solver: the interface
// the bindings call. Plain data only; the work is in the per-instruction-set
// templates of this folder (endgame.hpp, midgame.hpp), which call the same
// move generation and flips as every other part of the core (kernel/engine.hpp).
#pragma once
#include <cstdint>

#include "polyreversi/limits.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

constexpr int kMaxLine = 2 * kMaxSquares + 4;  // longest principal variation kept (passes included)

// Which evaluation the heuristic search uses.
enum class Evaluation : int { kAuto = 0, kNormal = 1, kAnti = 2 };

struct SearchLimits {
  int depth = -1;        // plies (a forced pass is a ply); -1: no depth limit
  double seconds = -1;   // wall-clock budget; -1: none
  long long nodes = -1;  // node budget; -1: none
  int threads = 1;       // 0: every hardware thread
  int tt_mb = 64;        // hash table size in MiB (one table shared by the threads)
  Evaluation evaluation = Evaluation::kAuto;
  bool selective = true;  // Multi-ProbCut in the midgame (midgame.hpp); false: full width
};

// Result of search(): score from the mover's view, in disks (positive: the
// mover is ahead; with Anti-Reversi, ahead means fewer disks).
struct SearchOutcome {
  int move = -1;       // -1 only for a finished game
  double score = 0;    // heuristic scores are evaluation units scaled to disks
  int depth = 0;       // deepest completed iteration
  bool exact = false;  // true when the score is the exact end-of-game result
  long long nodes = 0;
  double seconds = 0;
  int pv[kMaxLine];
  int pv_length = 0;
};

struct SolveOptions {
  bool all_moves = false;  // exact score of every legal move
  bool wof = false;        // empty squares to the winner (FFO/Edax convention)
  int threads = 1;
  int tt_mb = 64;
};

// Result of solve(): exact final disk difference for the mover with best play
// (RULES.md §7 counts; with Anti-Reversi the opponent's disks minus the mover's).
struct SolveOutcome {
  int move = -1;  // a best move; -1 for a finished game; N*N for a forced pass
  int score = 0;
  long long nodes = 0;
  double seconds = 0;
  int pv[kMaxLine];
  int pv_length = 0;
  int move_count = 0;  // with all_moves: moves[i] scored scores[i]
  int moves[kMaxSquares + 1];
  int scores[kMaxSquares + 1];
  bool stopped = false;  // cancelled before the end (results invalid)
};

// Both throw VariantError for a 3-4 player rule set. `cancel` (may be null)
// stops the work early once set; the outcome is then marked stopped / partial.
SearchOutcome search(const Rules& rules, const Position& pos, const SearchLimits& limits, const int* cancel);
SolveOutcome solve(const Rules& rules, const Position& pos, const SolveOptions& options, const int* cancel);

// Per instruction set (cpp/src/search/root.cpp is compiled once per set).
struct SearchKernels {
  void (*search)(const Rules& rules, const Position& pos, const SearchLimits& limits, const int* cancel,
                 SearchOutcome& out);
  void (*solve)(const Rules& rules, const Position& pos, const SolveOptions& options, const int* cancel,
                SolveOutcome& out);
};
namespace generic {
extern const SearchKernels search_kernels;
}
namespace x86v3 {
extern const SearchKernels search_kernels;
}

// The evaluation search uses at its leaves, for the mover of a two-player
// position, in units of 1/100 disk: the trained patterns on the full 8x8
// board in normal rules, else the shape terms (anti: those of Anti-Reversi);
// shape_only: the shape terms on every board (to compare the two).
// cpp/src/search/evaluate.cpp, once per instruction set.
int evaluate(const Rules& rules, const Position& pos, bool anti, bool shape_only);
// The same for n positions (P[i] to move against O[i]) of the full 8x8 board
// in normal rules: training reports and speed measurements.
void evaluate_8x8(const u64* P, const u64* O, int* out, long long n, bool shape_only);
namespace generic {
int evaluate_position(const Rules& rules, const Position& pos, bool anti, bool shape_only);
void evaluate_boards(const u64* P, const u64* O, int* out, long long n, bool shape_only);
}  // namespace generic
namespace x86v3 {
int evaluate_position(const Rules& rules, const Position& pos, bool anti, bool shape_only);
void evaluate_boards(const u64* P, const u64* O, int* out, long long n, bool shape_only);
}  // namespace x86v3

}  // namespace polyreversi

namespace polyreversi {
// Monotonic wall-clock seconds (the time limits of search and solve).
double monotonic_seconds();
}  // namespace polyreversi
