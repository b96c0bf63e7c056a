// Monte Carlo tree search for three and four players with the enhancements
// Nijssen & Winands studied on Rolit (progressive history, "Enhancements for
// Multi-Player Monte-Carlo Tree Search", CG 2010; informed playouts): max^n
// UCT as polyreversi::mcts_search, but each playout move is, with
// probability 1 - epsilon, chosen among the best class of squares of the
// board's shape (a square that can never flip; then an edge square that does
// not give a later colour such a square; then any such square; then any),
// at random within the class, and
// with probability epsilon uniformly at random. With bias_weight, the
// selection adds progressive bias (Chaslot et al. 2008): the evaluation of
// the child for the colour who moved into it (its estimated share minus the
// best other colour's), times bias_weight / (n + 1) after n visits. With
// greedy, that share of the playout moves is instead the one the evaluation
// rates best for the mover (one ply of search per move: Nijssen & Winands,
// "Playout Search for Monte-Carlo Tree Search in Multi-Player Games", 2011).
// With mast, that share of the playout moves drawn within the best class
// is instead the class's square with the best mean reward for the mover so
// far (move-average sampling, MAST: Finnsson & Bjoernsson 2008); with
// mast_temperature, drawn with a chance proportional to exp(mean /
// temperature) instead (their Gibbs sampling). With nst,
// that mean is averaged with the mean reward of the square as the mover's
// reply to the move just before, once that pair has kMultiNstVisits visits
// (the N-gram selection technique of Tak, Winands & Bjoernsson 2012, with
// pairs: the next colour's reply to the previous colour's move). With lgrf,
// a class-drawn playout move is, where it is in the class, the reply the
// mover last played to the move before in a playout it won, forgotten when
// it loses one with it (LGRF-1: Baier & Drake 2010; in general game playing
// Tak et al. 2012). With solve, a position with that many empty squares or
// fewer is first solved exactly: a win the colour to move can force alone,
// whatever the others play, is played without playouts. With paranoia, the other
// colours' nodes are selected partly (1: wholly, MCTS-paranoid) by what
// the root colour loses: Nijssen & Winands, "Search Policies in
// Multi-Player Games", ICGA Journal 2013. With best_reply, the tree
// collapses the other colours' turns into one layer where any one of them
// moves, then the root colour again (MCTS-BRS, the same article; with
// paranoia 1 that layer is selected by what the root colour loses, as there;
// the playouts keep the real turn order). With a MultiMctsKept, the tree of
// one search is kept for the next: tree reuse between the moves of a game.
#pragma once
#include <limits>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "polyreversi/limits.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

// The cut-off (playout plies) a search gets by default where trained pattern
// tables ship for the rules (multi/patterns.hpp): judged by the tables it wins
// more games than playing to the end. A 10x10 game is half again as long and
// its tables gain little over the linear features before the second half, so
// its playouts run longer before they are judged. Without tables
// (Anti-Reversi) the default is 0: the linear evaluation gained nothing as a
// judge (docs/tuning.md).
constexpr int kDefaultMultiPatternCutoff = 16;       // 8x8 and the octagon
constexpr int kDefaultMultiPatternCutoff10x10 = 24;  // 10x10

// The cut-off a search of `rules` gets when none is given: one of the two
// above where pattern tables ship (and are on), else 0 (playouts to the end).
int multi_default_cutoff(const Rules& rules);

// The UCB1 constant of an 8x8 table of four with pattern tables: at 0.01 s a move
// against three copies of the plain MCTS, 41.1 % of 800 games against 36.2 % with
// MultiMctsOptions::exploration (two opening sets); at three players 0.35 lost
// (51.0 against 55.7 % of 300), and the octagon and 10x10 were not measured.
constexpr double kDefaultMultiExploration8x8FourPlayers = 0.35;

// The UCB1 constant a search of `rules` gets when none is given: the one above on
// an 8x8 table of four with pattern tables, else MultiMctsOptions::exploration.
double multi_default_exploration(const Rules& rules);

struct MultiMctsOptions {
  u64 playouts = 0;               // stop after this many playouts (0: no limit)
  double seconds = 0;             // stop after this many seconds (0: no limit)
  u64 seed = 0;                   // the search depends only on (position, options) without a time limit
  double exploration = 0.5;       // UCB1 constant c in q + c * sqrt(ln N / n) (docs/tuning.md)
  double epsilon = 0.25;          // share of uniformly random playout moves
  double history_weight = 5.0;    // W of progressive history (0: plain UCB1)
  bool prefer_edges = true;       // among safe squares, edge squares first
  double score_weight = 0.0;      // share of the reward given by the final disk share (0: win/draw/loss only)
  int cutoff = 0;                 // playout plies before the evaluation judges the position (0: to the end)
  double cutoff_temperature = 0;  // judged reward: softmax of shares / this (0: the top share wins)
  double bias_weight = 0;         // progressive bias: weight of the evaluation of a child (0: none)
  double greedy = 0;              // share of playout moves the evaluation picks (0: none; before epsilon)
  double mast = 0.5;              // share of class-chosen playout moves taken by move averages (docs/tuning.md)
  double mast_temperature = 0;    // > 0: those moves drawn by a softmax of the averages over this (Gibbs)
  bool nst = false;               // those averages joined by the reply's to the move before (NST; docs/tuning.md)
  bool lgrf = false;              // a class-drawn move is the last good reply to the move before (LGRF-1)
  int solve = 0;                  // a forced win is looked for from this many empty squares (0: never)
  double implicit_weight = 0;     // weight of the implicit max^n backup of the evaluation in q (0: none)
  double paranoia = 0;            // an other colour's q: (1 - p) own reward + p (1 - the root colour's) (0: max^n)
  bool best_reply = false;        // the other colours' turns as one layer of any one's move (MCTS-BRS; docs/tuning.md)
  u64 max_nodes = kMctsNodes;     // then the tree stops growing, playouts go on
};

// The values each number of MultiMctsOptions may take, from low to high (high
// infinite: any finite value from low on); `whole` options are counts of plies
// or squares. multi_mcts refuses any other value naming the option; the
// bindings export the table (polyreversi._core.limits.MULTI_OPTION_RANGES) and
// the Python facade checks its arguments against it. The flags and the
// limits of the work (playouts, seconds, max_nodes) are not options of this kind.
struct MultiOptionRange {
  std::string_view name;
  double low;
  double high;
  bool whole;
};
inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();
inline constexpr MultiOptionRange kMultiOptionRanges[] = {
    {"exploration", 0, kUnbounded, false},
    {"epsilon", 0, 1, false},
    {"history_weight", 0, kUnbounded, false},
    {"score_weight", 0, 1, false},
    {"cutoff", 0, kMaxSquares, true},
    {"cutoff_temperature", 0, kUnbounded, false},
    {"bias_weight", 0, kUnbounded, false},
    {"greedy", 0, 1, false},
    {"mast", 0, 1, false},
    {"mast_temperature", 0, kUnbounded, false},
    {"solve", 0, kMaxSquares, true},
    {"implicit_weight", 0, 1, false},
    {"paranoia", 0, 1, false},
};

// Visits a pair of moves (a move and the next colour's reply) needs before its
// mean reward joins the reply's move average (MultiMctsOptions::nst): Tak,
// Winands & Bjoernsson's threshold, so that a pair seen a few times does not
// outweigh the square's own average.
constexpr int kMultiNstVisits = 7;

// Positions an exact solve (MultiMctsOptions::solve) may visit before it gives
// up and the playouts take the rest of the budget (it also gives up at half
// the time): about 50 ms on 8x8.
constexpr u64 kMultiSolveNodes = 1 << 20;

// The temperature (in shares of the board) of the softmax that turns the
// evaluation's estimated shares at a new node into win chances for the
// implicit backup (MultiMctsOptions::implicit_weight).
constexpr double kMultiImplicitTemperature = 0.05;

struct MultiMctsResult {
  int move = -1;                              // most visited root move, or the solve's
  std::vector<std::pair<int, u64>> visits;    // per root move, ascending square
  double values[kMaxPlayers] = {0, 0, 0, 0};  // mean reward per colour
  u64 playouts = 0;
  double seconds = 0;
  u64 nodes = 0;  // tree nodes, or positions of an exact solve (playouts 0)
  u64 kept = 0;   // visits of the root moves kept from the search before (MultiMctsKept), counted in visits
};

// The tree of a search kept for the next search of the same game. When that
// search's position is in the tree (the same disks, colour to move and ply,
// reached by the moves played since; the most visited such node), its
// subtree becomes the new tree, with its statistics and the progressive
// history; otherwise the search starts a fresh tree. Opaque: each instruction
// set's kernel keeps its own kind, and a kept tree of other rules is not used.
struct MultiMctsKept { virtual ~MultiMctsKept() = default; };

// Whether the informed MCTS player keeps its tree between moves by default
// (InformedMCTSPlayer(reuse=)): off, since at 0.01 s a move a search takes
// over a few hundredths of its playouts and no gain beyond the noise showed
// in matches (docs/tuning.md).
constexpr bool kDefaultMultiReuse = false;

// Throws VariantError for two players, Error for a finished game or bad options.
// With `keep`, the search starts from the tree it holds where it can and
// leaves its own tree there (a forced win found by the solve leaves it as it was).
MultiMctsResult multi_mcts(const Rules& rules, const Position& pos, const MultiMctsOptions& options,
                           const int* cancel = nullptr, std::unique_ptr<MultiMctsKept>* keep = nullptr);

namespace generic {
MultiMctsResult multi_mcts(const Rules& rules, const Position& pos, const MultiMctsOptions& options, const int* cancel,
                           std::unique_ptr<MultiMctsKept>* keep);
}
namespace x86v3 {
MultiMctsResult multi_mcts(const Rules& rules, const Position& pos, const MultiMctsOptions& options, const int* cancel,
                           std::unique_ptr<MultiMctsKept>* keep);
}

}  // namespace polyreversi
