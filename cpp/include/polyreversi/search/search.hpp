// Two-player search and the exact endgame solver: the interface
// the bindings call. Plain data only; the work is in the per-instruction-set
// templates of this folder (endgame.hpp, midgame.hpp), which call the same
// move generation and flips as every other part of the core (kernel/engine.hpp).
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "polyreversi/limits.hpp"
#include "polyreversi/search/thread_team.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

constexpr int kMaxLine = 2 * kMaxSquares + 4;  // longest principal variation kept (passes included)

// Which evaluation the heuristic search uses.
enum class Evaluation : int { kAuto = 0, kNormal = 1, kAnti = 2 };

struct SearchLimits {
  int depth = -1;       // plies (a forced pass is a ply); -1: no depth limit
  double seconds = -1;  // wall-clock budget; -1: none
  // With `seconds`: no iteration after the first starts once this many seconds
  // have passed (-1: any may start before the deadline). The iteration under
  // way at the deadline keeps its best move if it scored it (SearchOutcome::depth).
  double start_seconds = -1;
  long long nodes = -1;          // node budget; -1: none
  int threads = 1;               // 0: every hardware thread
  int tt_mb = kDefaultTableMiB;  // hash table size in MiB (one table shared by the threads; not with a Searcher)
  Evaluation evaluation = Evaluation::kAuto;
  bool selective = true;  // Multi-ProbCut in the midgame (midgame.hpp); false: full width
  int multipv = 1;        // score exactly the best this many root moves (SearchOutcome::lines)
};

// One of the best root moves of a multi-PV search, its score as in SearchOutcome.
struct SearchLine {
  int move = -1;
  double score = 0;
  bool exact = false;
  std::vector<int> pv;
};

// Result of search(): score from the mover's view, in disks (positive: the
// mover is ahead; with Anti-Reversi, ahead means fewer disks).
struct SearchOutcome {
  int move = -1;       // -1 only for a finished game
  double score = 0;    // heuristic scores are evaluation units scaled to disks
  int depth = 0;       // the iteration the move and score are from: the deepest that completed,
                       // or a deeper one stopped after its first move was scored (`stopped`)
  bool exact = false;  // true when the score is the exact end-of-game result
  long long nodes = 0;
  double seconds = 0;
  int pv[kMaxLine];
  int pv_length = 0;
  bool stopped = false;           // a limit or stop() ended the search before its depth limit
  std::vector<SearchLine> lines;  // the best min(multipv, moves) moves of the deepest
                                  // completed iteration, best first (empty for a finished game)
};

struct SolveOptions {
  bool all_moves = false;  // exact score of every legal move
  bool wof = false;        // empty squares to the winner (FFO/Edax convention)
  int threads = 1;
  int tt_mb = kDefaultTableMiB;  // not with a Searcher
  double seconds = -1;           // wall-clock budget; -1: none (the solve is then marked stopped)
  long long nodes = -1;          // node budget; -1: none
  // Win, loss or draw only (not with all_moves): one exact pass with the window
  // (-1, 1), not widened; the score is then a bound (>= 1: a win, <= -1: a loss, the
  // move proven only for a win) or the exact 0 of a draw. 0.3-0.6 of an exact solve's
  // time at 14-22 empties (positions of polyreversi-NTest games).
  bool wld = false;
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
  bool stopped = false;  // cancelled before the end (move, score and pv invalid)
  // Bounds on the exact score proven by the exact pass (never by the estimate or a
  // ProbCut pass), for a stopped solve: lower from a move scored exactly or failing
  // high, upper from a pass in which every move failed low. Both equal score when
  // complete (with wld: the one the window proves).
  bool has_lower = false, has_upper = false;
  int lower = 0, upper = 0;
};

// Both throw VariantError for a 3-4 player rule set. `cancel` (may be null)
// stops the work early once set; the outcome is then marked stopped / partial.
SearchOutcome search(const Rules& rules, const Position& pos, const SearchLimits& limits, const int* cancel);
SolveOutcome solve(const Rules& rules, const Position& pos, const SolveOptions& options, const int* cancel);

// The hash tables of a Searcher, kept from one call to the next (their
// layout is the instruction set's: cpp/src/search/root.cpp).
class SearchTables {
 public:
  virtual ~SearchTables() = default;
  virtual void clear() = 0;                // every entry forgotten (O(1) but every 4095th time)
  virtual int usage_permille() const = 0;  // entries of the current game in a sample of buckets
  // Makes (and maps) the tables of `rules`' board now, as its first search
  // with the evaluation of `anti_eval` would: a board wider than 8x8 needs
  // tables of its own.
  virtual void make_ready(const Rules& rules, bool anti_eval) = 0;
};

// Per instruction set (cpp/src/search/root.cpp is compiled once per set).
// `tables` null: the call allocates its own tables of limits.tt_mb; `team`
// null: a call with threads starts a team of its own.
struct SearchKernels {
  void (*search)(const Rules& rules, const Position& pos, const SearchLimits& limits, const int* cancel,
                 SearchOutcome& out, SearchTables* tables, ThreadTeam* team);
  void (*solve)(const Rules& rules, const Position& pos, const SolveOptions& options, const int* cancel,
                SolveOutcome& out, SearchTables* tables, ThreadTeam* team);
  // growing: the tables start small and grow as they fill until a call on
  // several threads or make_ready() (root.cpp, Tables).
  std::unique_ptr<SearchTables> (*make_tables)(std::size_t bytes, bool growing);
};

// A searcher that lives through a game: its hash tables are allocated once
// (tt_mb MiB) and kept between moves, so the next move's search starts from
// the entries of the last (the entries of a depth-limited search are exact
// for their depth: midgame.hpp); new_game() forgets them, as does a change
// of board, rules, evaluation or score convention. Its helper threads are
// kept too (thread_team.hpp), started by the first search with threads. stop() may be called
// from any thread: the running search returns its best completed work.
// One search at a time: a second concurrent call throws ConcurrentUseError.
class Searcher {
 public:
  // growing: the tables start small and grow as they fill (a player with no
  // time limit: a depth-1 player holds a few MiB, not tt_mb) until the first
  // call on several threads or prepare(), which make them whole; false: whole
  // and mapped now, outside any timed move.
  explicit Searcher(int tt_mb, bool growing = false);
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // As search() and solve(), with this searcher's tables (limits.tt_mb,
  // options.tt_mb ignored) and its stop flag as the cancel.
  SearchOutcome search(const Rules& rules, const Position& pos, const SearchLimits& limits);
  SolveOutcome solve(const Rules& rules, const Position& pos, const SolveOptions& options);
  void new_game();
  // Makes the tables of `rules`' board now, for searches with `evaluation`
  // (SearchTables::make_ready), not inside the game's first move.
  void prepare(const Rules& rules, Evaluation evaluation);
  void stop() { __atomic_store_n(&stop_, 1, __ATOMIC_RELAXED); }
  // Clears the stop flag; the caller does it before starting a search (not
  // the search itself, so a stop() right after the start is never lost).
  void clear_stop() { __atomic_store_n(&stop_, 0, __ATOMIC_RELAXED); }
  // The flag the kernels poll (as every `cancel`); Ctrl-C sets it too.
  int* stop_flag() { return &stop_; }
  int tt_mb() const { return tt_mb_; }
  int usage_permille() const;

 private:
  template <class F>
  void exclusive(const char* what, F work);
  const SearchKernels& kernels_;
  std::unique_ptr<SearchTables> tables_;
  ThreadTeam team_;
  int tt_mb_;
  int stop_ = 0;  // read and written atomically (__atomic builtins, as cancelled() reads it)
  std::atomic<bool> busy_{false};
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
// shape_only: the shape terms on every board (to compare the two). `evaluation`
// as in SearchLimits (kAuto: the variant's rules); throws ArgumentError for
// another code, VariantError for a game of more than two players.
// cpp/src/search/evaluate.cpp, once per instruction set.
int evaluate(const Rules& rules, const Position& pos, Evaluation evaluation, bool shape_only);
// The same for n positions (P[i] to move against O[i]) of the full 8x8 board
// in normal rules: training reports and speed measurements. Throws
// ArgumentError when P[i] and O[i] share a square (naming the first such i).
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
