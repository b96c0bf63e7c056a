// Search for three and four players (RULES.md §6): Best-Reply Search
// (Schadd & Winands 2011) and paranoid search, both alpha-beta with
// iterative deepening, a hash table and an evaluation fitted per board and
// player count (multi/weights.hpp). Moves come from the kernels' rules: no
// rule is written here.
#pragma once
#include <cstdint>
#include <vector>

#include "polyreversi/limits.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

enum class MultiAlgorithm : int { kBestReply = 0, kParanoid = 1 };

// The features of one colour in a position, as the evaluation weighs them.
constexpr int kMultiFeatures = 6;
// Evaluation weights per game phase: the share of the playable squares
// filled, in kMultiPhases equal steps.
constexpr int kMultiPhases = 4;
// Evaluation units: 1 is 1/kMultiScale of the playable squares as final disks.
constexpr int kMultiScale = 10000;
// The value of a finished game from the root's view: +-kMultiWin plus the
// disk margin over the best other colour (in evaluation units).
constexpr int kMultiWin = 1 << 22;

struct MultiLimits {
  int depth = 0;       // iterations of the search (0: until time or nodes run out; at most kMaxDepth)
  double seconds = 0;  // wall clock (0: no limit)
  u64 nodes = 0;       // positions visited (0: no limit)
  MultiAlgorithm algorithm = MultiAlgorithm::kBestReply;
  int tt_bits = kDefaultMultiTableBits;  // hash table of 2**tt_bits entries (16 bytes each), 0 for none
};

struct MultiOutcome {
  int move = -1;  // best move of the colour to move (a square)
  int value = 0;  // from its view: its evaluation minus the best other colour's
  int depth = 0;  // deepest completed iteration
  u64 nodes = 0;  // positions visited
  double seconds = 0;
  // Estimated final disk share of each colour (0..1, turn order) at the end
  // of the principal variation: the evaluation, or the disk counts of a
  // finished game.
  double shares[kMaxPlayers] = {0, 0, 0, 0};
  std::vector<int> pv;  // BRS: root's moves and the best replies between them, as squares
};

// Searches a 3- or 4-player position that is not over. Throws VariantError
// for two players, Error for a finished game or bad limits (no limit at all
// is bad: give a depth, time or nodes). Stops early once *cancel is set.
MultiOutcome multi_search(const Rules& rules, const Position& pos, const MultiLimits& limits,
                          const int* cancel = nullptr);

// The features of each colour (rows in turn order, kMultiFeatures each) and
// the phase of a 3-4 player position; `out` has room for players rows.
int multi_features(const Rules& rules, const Position& pos, int* out);

// The evaluation of each colour (estimated final disk share, in units of
// 1/kMultiScale; the finished game's share when it is over) into out[players].
void multi_evaluate(const Rules& rules, const Position& pos, int* out);

namespace generic {
MultiOutcome multi_search(const Rules& rules, const Position& pos, const MultiLimits& limits, const int* cancel);
int multi_features(const Rules& rules, const Position& pos, int* out);
void multi_evaluate(const Rules& rules, const Position& pos, int* out);
}  // namespace generic
namespace x86v3 {
MultiOutcome multi_search(const Rules& rules, const Position& pos, const MultiLimits& limits, const int* cancel);
int multi_features(const Rules& rules, const Position& pos, int* out);
void multi_evaluate(const Rules& rules, const Position& pos, int* out);
}  // namespace x86v3

}  // namespace polyreversi
