// UCT over the kernels: selection by UCB1, one node added per playout,
// a random playout by the bulk-play kernel, rewards backed up per colour.
// Multi-player (max^n style): the child statistics a parent compares are
// the rewards of the colour who moves at the parent, i.e. each node is
// judged from the view of the player who moved into it.
#include "polyreversi/mcts/mcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <memory>
#include <random>
#include <string>
#include <system_error>
#include <thread>

#include "polyreversi/board_word.hpp"
#include "polyreversi/budget.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/mcts/tree.hpp"
#include "polyreversi/stop.hpp"

namespace polyreversi {

void mcts_rewards(int players, const std::uint8_t* winners, double* out) {
  int shared = 0;
  for (int p = 0; p < players; ++p) shared += winners[p] ? 1 : 0;
  for (int p = 0; p < players; ++p) out[p] = (winners[p] && shared) ? 1.0 / shared : 0.0;
}

namespace {

using Clock = std::chrono::steady_clock;

struct Node {  // 176 bytes
  Position pos;
  u128 untried = 0;  // legal moves not expanded yet; bit N*N is a forced pass
  double reward[kMaxPlayers] = {0, 0, 0, 0};
  u64 visits = 0;
  std::int32_t parent = -1, first_child = -1, next_sibling = -1;
  std::int16_t move = -1;
  Turn turn = Turn::kOver;
};
static_assert(sizeof(Node) <= 176, "the node size documented in polyreversi.mcts.MAX_NODES");

// One search tree, grown by one thread.
class Tree {
 public:
  Tree(const Rules& rules, const Position& root, const MctsOptions& o, u64 seed, u64 reserve)
      : rules_(rules), k_(kernels()), options_(o), seed_(seed), rng_(seed) {
    nodes_.reserve(static_cast<std::size_t>(std::min<u64>(reserve, o.max_nodes)));
    add(root, -1, -1);
  }

  // One playout: select, expand, play out, back up. `index` numbers the
  // playout's random stream.
  void iterate(u64 index) {
    int cur = 0;
    while (nodes_[cur].untried == 0 && nodes_[cur].first_child >= 0) cur = select(cur);
    if (nodes_[cur].untried && nodes_.size() < options_.max_nodes) cur = expand(cur);
    std::int32_t scores[kMaxPlayers];
    std::uint8_t winners[kMaxPlayers];
    std::int32_t plies = 0;
    PlayoutResults out;
    out.scores = scores;
    out.winners = winners;
    out.plies = &plies;
    out.max_plies = history_plies(rules_.squares());
    const Position leaf = nodes_[cur].pos;
    k_.play_games(rules_, leaf, 0, seed_, index, 1, out, nullptr);
    double r[kMaxPlayers] = {0, 0, 0, 0};
    mcts_rewards(rules_.players, winners, r);
    for (int n = cur; n >= 0; n = nodes_[n].parent) {
      Node& node = nodes_[n];
      ++node.visits;
      for (int p = 0; p < rules_.players; ++p) node.reward[p] += r[p];
    }
  }

  const Node& root() const { return nodes_[0]; }
  const Node& node(int i) const { return nodes_[i]; }
  u64 size() const { return nodes_.size(); }

 private:
  int add(const Position& pos, int parent, int move) {
    Node n;
    n.pos = pos;
    Turn turn;
    u128 m = k_.legal(rules_, pos, &turn);
    if (turn == Turn::kPass) m = bit128(rules_.pass_move());
    n.untried = m;
    n.turn = turn;
    n.parent = parent;
    n.move = static_cast<std::int16_t>(move);
    return append_child(nodes_, n, parent);
  }

  // A random untried move of `cur`, played into a new child.
  int expand(int cur) {
    const u128 m = nodes_[cur].untried;
    u128 rest = m;
    for (int skip = static_cast<int>(rng_() % static_cast<u64>(count_bits(m))); skip > 0; --skip) rest &= rest - 1;
    const int move = lowest_bit(rest);
    nodes_[cur].untried &= ~bit128(move);
    Position p = nodes_[cur].pos;
    k_.play(rules_, p, nodes_[cur].turn, move);
    return add(p, cur, move);
  }

  // UCB1 from the view of the colour to move at `cur`; the first child wins ties.
  int select(int cur) const {
    const Node& parent = nodes_[cur];
    const int mover = parent.pos.to_move;
    const double log_n = std::log(static_cast<double>(parent.visits));
    return best_child(nodes_, parent, [&](const Node& ch) {
      const double n = static_cast<double>(ch.visits);
      return ch.reward[mover] / n + options_.exploration * std::sqrt(log_n / n);
    });
  }

  const Rules& rules_;
  const KernelTable& k_;
  const MctsOptions& options_;
  u64 seed_;
  std::mt19937_64 rng_;
  std::vector<Node> nodes_;
};

// The seed of tree t: tree 0 uses the caller's seed as it is.
u64 tree_seed(u64 seed, int t) { return seed ^ (static_cast<u64>(t) * 0x9E3779B97F4A7C15ULL); }

}  // namespace

MctsResult mcts_search(const Rules& rules, const Position& pos, const MctsOptions& o, const int* cancel) {
  check_seconds(o.seconds, "mcts: time");
  if (!(o.seconds >= 0)) throw ArgumentError("mcts: time must be 0 (none) or more seconds");
  if (o.playouts == 0 && o.seconds == 0) throw ArgumentError("mcts: give a playout count or a time limit");
  if (!(o.exploration >= 0) || !std::isfinite(o.exploration))
    throw ArgumentError("mcts: exploration must be finite and >= 0");
  Turn turn;
  kernels().legal(rules, pos, &turn);
  if (turn == Turn::kOver) throw Error("mcts: the game is over; there is no move to search");
  MctsOptions opt = o;
  opt.threads = resolve_threads(o.threads, "mcts");
  // The node budget is shared by the trees; the root's children always fit.
  opt.max_nodes = std::max<u64>(opt.max_nodes / static_cast<u64>(opt.threads), 2 * kMaxSquares);

  const auto started = Clock::now();
  const int threads = opt.threads;
  std::vector<std::unique_ptr<Tree>> trees(threads);
  std::vector<u64> done(threads, 0);
  std::vector<std::exception_ptr> errors(threads);
  int stop = 0;  // set when a thread could not start

  auto run = [&](int t) {
    try {
      const u64 budget = opt.playouts ? opt.playouts * (t + 1) / threads - opt.playouts * t / threads : ~u64(0);
      trees[t] = std::make_unique<Tree>(rules, pos, opt, tree_seed(opt.seed, t), opt.playouts ? budget + 1 : 4096);
      Tree& tree = *trees[t];
      TimeBudget time_budget(opt.seconds, started);
      u64 i = 0;
      while (i < budget) {  // at least one playout, then the limits every 8
        tree.iterate(i);
        ++i;
        if ((i & 7) == 0 && (stop_requested(cancel) || __atomic_load_n(&stop, __ATOMIC_RELAXED) || time_budget.spent()))
          break;
      }
      done[t] = i;
    } catch (...) { errors[t] = std::current_exception(); }
  };

  if (threads == 1) {
    run(0);
  } else {
    std::vector<std::thread> pool;
    try {
      for (int t = 0; t < threads; ++t) pool.emplace_back(run, t);
    } catch (const std::system_error&) {
      // A thread could not start: stop the others at once, then report.
      __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
      for (auto& th : pool) th.join();
      throw Error("mcts: could not start " + std::to_string(threads) + " threads; ask for fewer");
    }
    for (auto& th : pool) th.join();
  }
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);

  MctsResult result;
  const int moves = rules.pass_move() + 1;
  std::vector<u64> visits(moves, 0);
  std::vector<double> mover_reward(moves, 0);
  std::vector<bool> seen(moves, false);
  const int mover = pos.to_move;
  u64 root_visits = 0;
  for (int t = 0; t < threads; ++t) {
    const Tree& tree = *trees[t];
    result.playouts += done[t];
    result.nodes += tree.size();
    root_visits += tree.root().visits;
    for (int p = 0; p < rules.players; ++p) result.values[p] += tree.root().reward[p];
    for (int c = tree.root().first_child; c >= 0; c = tree.node(c).next_sibling) {
      const Node& ch = tree.node(c);
      seen[ch.move] = true;
      visits[ch.move] += ch.visits;
      mover_reward[ch.move] += ch.reward[mover];
    }
  }
  if (root_visits)
    for (int p = 0; p < rules.players; ++p) result.values[p] /= static_cast<double>(root_visits);
  // Most visits; among equal visits the larger reward, then the lower square.
  for (int m = 0; m < moves; ++m) {
    if (!seen[m]) continue;
    result.visits.emplace_back(m, visits[m]);
    if (result.move < 0 || visits[m] > visits[result.move] ||
        (visits[m] == visits[result.move] && mover_reward[m] > mover_reward[result.move]))
      result.move = m;
  }
  if (result.move < 0) {  // stopped before the first playout: any legal move
    u128 legal = kernels().legal(rules, pos, &turn);
    result.move = turn == Turn::kPass ? rules.pass_move() : lowest_bit(legal);
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace polyreversi
