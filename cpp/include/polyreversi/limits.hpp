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
// Plies of the longest game from a position with `empty` empty squares, by the
// same count: no perft deeper than this can find another leaf.
constexpr int longest_game(int empty, int players) { return players == 2 ? 2 * empty : empty; }
static_assert(kLongestGame == longest_game(kMaxSquares, kMinPlayers));
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
// The deepest perft of any position, in plies: no game is longer. A position's
// own bound is perft_max_depth() (bulk.hpp), which perft checks.
constexpr int kMaxPerftDepth = kLongestGame;
// Root moves one analysis may rank (multi-PV): a position has fewer moves than
// its board has squares, so this many ranks every move of any position.
constexpr int kMaxMultiPv = kMaxSquares;
// The most seconds any limit may give (a search's or MCTS's time, a clock, an
// increment): a day. A longer one is a typo, and a huge one (1e300) would
// overflow a search's deadline so that it never ends.
constexpr double kMaxSeconds = 86400.0;
// Checks a time limit in seconds (below 0 or at 0, as its caller's sentinel
// says, it means none): throws ArgumentError "<what> must be at most ..." for
// more than kMaxSeconds or not a number.
void check_seconds(double seconds, const char* what);
// Seconds the interpreter's exit waits for calls still running in other threads
// to leave the core (process stop: stop.hpp). Every loop of long work polls the
// stop at least every few milliseconds, so this is reached only by a call stuck
// outside those loops; the exit then goes on without it.
constexpr double kExitWaitSeconds = 5.0;
// The most positions a search may be given (a 64-bit count, far from overflow).
constexpr long long kMaxSearchNodes = 1LL << 62;
// Hash table sizes in MiB. A solve takes a quarter more for its ordering searches.
constexpr int kMinTableMiB = 1;
constexpr int kMaxTableMiB = 1 << 16;
// The table of a search or solve given no size. A larger table takes longer to
// set up (its memory is cleared as it is touched), so short solves are fastest
// near this size.
constexpr int kDefaultTableMiB = 64;
// The three- and four-player searches' hash table: 2**bits entries of 16 bytes
// (the default: 1 MiB), at most 2**kMaxMultiTableBits (16 GiB).
constexpr int kDefaultMultiTableBits = 16;
constexpr int kMaxMultiTableBits = 30;
constexpr int kOrderingTableShare = 4;  // the ordering table is 1/kOrderingTableShare of tt_mb
constexpr long long solve_table_mib(long long tt_mb) { return tt_mb + tt_mb / kOrderingTableShare; }

// MCTS: playouts of one search (visit counts stay exact in every float and
// integer type) and its tree nodes over all threads (176 bytes each: about
// 185 MB; past it the trees stop growing). Its longest time is kMaxSeconds.
constexpr long long kMaxPlayouts = 1LL << 40;
// UCB1's exploration constant c of both MCTS searches given none.
constexpr double kDefaultExploration = 1.0;
constexpr long long kMctsNodes = 1LL << 20;
// Playouts of one search in a tree that keeps every node it expands (a Batch's
// mcts:N opponent; PUCT, whose tree reserves 8 nodes per simulation up front):
// capped so one game's tree stays within memory.
constexpr long long kMaxTreePlayouts = 1'000'000;
// Leaves one PUCT tree gives per round (virtual loss between them): its pending
// descents are searched for linearly, so they are kept few.
constexpr int kMaxPuctLeaves = 256;
// PUCT trees kept between searches (one per game of a batch of games): each
// holds a whole tree, so the count is bounded to keep the set within memory.
constexpr int kMaxPuctTrees = 1 << 20;
// Games of one bulk play call (its result arrays must fit in memory) and of one
// Batch (counted with a 32-bit int).
// A call on a Batch gives each thread at least this many games: a parked worker
// takes 10-50 us to wake (a spinning one ~1 us, batch/pool.cpp), so a part must
// hold more work than that. From one-thread costs per 8x8 game
// (benchmarks/HISTORY.md): step ~0.05 us, sample ~0.015-0.04 us, observe
// ~0.025 us (uint8) / ~0.05 us (float32), choose ~0.005 us. Not re-measured
// on a quiet machine since the pool's rewrite (the two cores were never free).
constexpr int kMinGamesPerThread = 512;  // step and sample
constexpr int kMinGamesObserve = 2048, kMinGamesObserveF32 = 512, kMinGamesChoose = 2048;
constexpr long long kMaxGames = 1LL << 32;
constexpr long long kMaxBatch = (1LL << 31) - 1;

// ---- Messages -----------------------------------------------------------------
// Characters of a caller's text an error message quotes (quoted(), rules.hpp;
// the facade's errors.quoted cuts there too): enough for any name the library
// reads, and a huge argument does not become a huge message.
constexpr int kQuotedChars = 40;
// Past this many bits a whole number's digits in a message are counted from its
// logarithm (about): exact ones cost a power of ten as large, 16 s at 10 million bits.
constexpr long long kExactDigitsBits = 1LL << 17;

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
