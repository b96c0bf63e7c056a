// Every bound of the library, once: the core checks against these, the
// bindings export them (polyreversi._core.limits) and the Python package, the
// command line and the docs read them from there.
#pragma once
#include <cstdint>

#include "polyreversi/types.hpp"

namespace polyreversi {

// ---- Rules (RULES.md) -------------------------------------------------------
constexpr int kMinPlayers = 2;  // kMaxPlayers: types.hpp
// Handicap corner disks (RULES.md §3): a board has four corners.
constexpr int kMaxHandicap = 4;
// Blocked squares of a variant (RULES.md §4); a random draw blocks at least one.
constexpr int kMaxBlocked = 4;
constexpr int kMinRandomBlocked = 1;
// Plies of the longest game of any variant: every move fills one of at most
// kMaxSquares squares, and two players pass at most once before each move (two
// passes in a row end the game; three or four players never pass: RULES.md §5-§6).
constexpr int kLongestGame = 2 * kMaxSquares;
// Plies a game's move history holds on a board of `squares` squares: the longest
// game there, and room for the two passes that end it.
constexpr int history_plies(int squares) { return 2 * squares + 2; }

// ---- Work: threads, searches, playouts ---------------------------------------
// Worker threads of one call. Far beyond any machine this library runs on; the
// engine cannot survive a thread it fails to start, so more are refused, not tried.
constexpr int kMaxThreads = 256;
// Threads a call asking for `threads` runs: 1 .. kMaxThreads as given, and
// 0 = every core this process may run on (its CPU affinity), capped at
// kMaxThreads. Throws Error naming `what` for a count outside 0 .. kMaxThreads.
int resolve_threads(long long threads, const char* what);
// What threads = 0 means (>= 1, at most kMaxThreads).
int every_core();

// The deepest search, in plies: past the longest game of any board, so a search
// to this depth plays every game to its end.
constexpr int kMaxDepth = 250;
static_assert(kMaxDepth >= kLongestGame);
// The most positions a search may be given (a 64-bit count, far from overflow).
constexpr long long kMaxSearchNodes = 1LL << 62;
// Hash table sizes in MiB. A solve takes a quarter more for its ordering searches.
constexpr int kMinTableMiB = 1;
constexpr int kMaxTableMiB = 1 << 16;
constexpr int kOrderingTableShare = 4;  // the ordering table is 1/kOrderingTableShare of tt_mb
constexpr long long solve_table_mib(long long tt_mb) { return tt_mb + tt_mb / kOrderingTableShare; }

// MCTS: playouts of one search (visit counts stay exact in every float and
// integer type), its longest time (a day) and its tree nodes over all threads
// (176 bytes each: about 185 MB; past it the trees stop growing).
constexpr long long kMaxPlayouts = 1LL << 40;
constexpr double kMaxMctsSeconds = 86400.0;
constexpr long long kMctsNodes = 1LL << 20;
// Games of one bulk play call (its result arrays must fit in memory) and of one
// Batch (counted with a 32-bit int).
constexpr long long kMaxGames = 1LL << 32;
constexpr long long kMaxBatch = (1LL << 31) - 1;

// ---- Scores and sentinels ----------------------------------------------------
// A final score in disks lies within -kMaxScore .. kMaxScore (RULES.md §7).
constexpr int kMaxScore = kMaxSquares;
// Above every disk score: the open bound of an exact search's window.
constexpr int kDiskInfinity = kMaxScore + 1;
// Above every score of any search (disks or centi-disks): the open bound of a
// window with no bound, and the start of a maximum ("nothing found yet": -kNoBound).
constexpr int kNoBound = 1 << 30;
// An ordering key below every other: the move it marks is tried first.
constexpr int kFirstKey = -kNoBound;

// Checks a random blocked-square count: kMinRandomBlocked .. kMaxBlocked, or 0
// for a count drawn uniformly from that range. Throws VariantError naming `what`.
int checked_random_blocked(long long count, const char* what);

}  // namespace polyreversi
