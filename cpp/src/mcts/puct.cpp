// PUCT over many games: one tree per game, one leaf per game per round, the
// leaves observed through a scratch Batch (batch/scratch.cpp), moves and
// results by the kernels (kernel_api.hpp): no rule is written here.
#include "polyreversi/mcts/puct.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "polyreversi/batch/pool.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/mcts/dirichlet.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {

namespace {
inline int popcount128(u128 x) {
  return __builtin_popcountll(static_cast<u64>(x)) + __builtin_popcountll(static_cast<u64>(x >> 64));
}
}  // namespace

void PuctSearch::check(const PuctOptions& options) {
  if (options.simulations < 1 || options.simulations > kMaxTreePlayouts)
    throw ArgumentError("puct: simulations must be 1 to " + std::to_string(kMaxTreePlayouts) + ", got " +
                        std::to_string(options.simulations));
  if (!(options.c_puct >= 0) || !std::isfinite(options.c_puct)) throw Error("puct: c_puct must be finite and >= 0");
  if (!(options.dirichlet_alpha > 0) || !std::isfinite(options.dirichlet_alpha))
    throw Error("puct: dirichlet_alpha must be finite and > 0");
  if (!(options.dirichlet_fraction >= 0 && options.dirichlet_fraction <= 1))
    throw Error("puct: dirichlet_fraction must be in [0, 1]");
  if (options.threads < 1 || options.threads > kMaxThreads)
    throw ArgumentError("puct: threads must be 1 to " + std::to_string(kMaxThreads) + ", got " +
                        std::to_string(options.threads));
  if (options.leaves_per_game < 1 || options.leaves_per_game > kMaxPuctLeaves)
    throw ArgumentError("puct: leaves_per_game must be 1 to " + std::to_string(kMaxPuctLeaves) + ", got " +
                        std::to_string(options.leaves_per_game));
  if (!(options.virtual_loss >= 0) || !std::isfinite(options.virtual_loss))
    throw Error("puct: virtual_loss must be finite and >= 0");
}

PuctSearch::PuctSearch(std::shared_ptr<const Rules> rules, const std::vector<PuctRoot>& roots,
                       const PuctOptions& options)
    : rules_(std::move(rules)), options_(options) {
  trees_.resize(roots.size());
  std::vector<int> slots(roots.size());
  for (std::size_t g = 0; g < roots.size(); ++g) slots[g] = static_cast<int>(g);
  begin(roots, slots, options, false);
}

int checked_puct_slots(long long slots) {
  if (slots < 1 || slots > kMaxPuctTrees)
    throw ArgumentError("slots: 1 to " + std::to_string(kMaxPuctTrees) + ", got " + std::to_string(slots));
  return static_cast<int>(slots);
}

PuctSearch::PuctSearch(std::shared_ptr<const Rules> rules, int slots) : rules_(std::move(rules)) {
  checked_puct_slots(slots);
  trees_.resize(static_cast<std::size_t>(slots));
}

bool PuctSearch::keep_subtree(Tree& t, const Position& root, int depth) {
  // Breadth first over the kept tree to `depth` plies: the first node with the
  // root's position (the shallowest) becomes the root; its subtree is copied to
  // the front in breadth-first order, which keeps every node's children together.
  if (t.nodes.empty()) return false;
  int found = -1;
  std::vector<std::pair<int, int>> queue{{0, 0}};
  for (std::size_t i = 0; i < queue.size() && found < 0; ++i) {
    const auto [n, d] = queue[i];
    if (t.nodes[n].pos == root) found = n;
    else if (d < depth && t.nodes[n].expanded)
      for (int c = t.nodes[n].first_child; c < t.nodes[n].first_child + t.nodes[n].children; ++c)
        queue.emplace_back(c, d + 1);
  }
  if (found < 0 || !t.nodes[found].expanded) return false;
  std::vector<Node> kept;
  kept.push_back(t.nodes[found]);
  kept[0].parent = -1;
  kept[0].move = -1;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (!kept[i].expanded) continue;
    const int first = kept[i].first_child, count = kept[i].children;
    kept[i].first_child = static_cast<int>(kept.size());
    for (int c = first; c < first + count; ++c) {
      kept.push_back(t.nodes[c]);
      kept.back().parent = static_cast<int>(i);
    }
  }
  t.nodes.swap(kept);
  return true;
}

void PuctSearch::root_noise(Tree& t) const {
  Node& root = t.nodes[0];
  if (options_.dirichlet_fraction <= 0 || !root.expanded || root.children == 0) return;
  float priors[kMaxSquares + 1];
  for (int i = 0; i < root.children; ++i) priors[i] = t.nodes[root.first_child + i].prior;
  mix_dirichlet(priors, root.children, options_.dirichlet_alpha, options_.dirichlet_fraction, t.rng);
  for (int i = 0; i < root.children; ++i) t.nodes[root.first_child + i].prior = priors[i];
}

u64 PuctSearch::begin(const std::vector<PuctRoot>& roots, const std::vector<int>& slots, const PuctOptions& options,
                      bool reuse) {
  check(options);
  if (roots.empty()) throw Error("puct: no games to search");
  if (roots.size() != slots.size()) throw Error("puct: one slot per root");
  const KernelTable& k = kernels();
  std::vector<char> seen(trees_.size(), 0);
  for (std::size_t g = 0; g < roots.size(); ++g) {
    const int s = slots[g];
    if (s >= static_cast<int>(trees_.size()))
      throw ArgumentError("trees: " + std::to_string(trees_.size()) + " slots, game " + std::to_string(s) +
                          " searched");
    if (s < 0 || seen[s]) throw Error("puct: slot " + std::to_string(s) + " is out of range or given twice");
    seen[s] = 1;
    Turn turn;
    Rules r = *rules_;
    r.blocked = roots[g].blocked;
    r.playable = (rules_->playable | rules_->blocked) & ~roots[g].blocked;
    k.legal(r, roots[g].position, &turn);
    if (turn == Turn::kOver) throw Error("puct: game " + std::to_string(g) + " is over; there is no move to search");
  }
  options_ = options;
  active_ = slots;
  u64 kept = 0;
  for (std::size_t g = 0; g < roots.size(); ++g) {
    Tree& t = trees_[slots[g]];
    t.rng.seed(options.seed ^ (static_cast<u64>(g) * 0x9E3779B97F4A7C15ULL));
    // A search stopped between collect() and apply() (the callback raised) left
    // virtual losses in its tree: that tree is not kept.
    const bool whole = t.pending.empty();
    t.remaining = options.simulations;
    t.pending.clear();
    t.done = 0;
    if (reuse && whole && t.blocked == roots[g].blocked && keep_subtree(t, roots[g].position, rules_->players)) {
      kept += t.nodes[0].visits;
      root_noise(t);
      continue;
    }
    t.rules = *rules_;
    t.blocked = roots[g].blocked;
    t.rules.blocked = roots[g].blocked;
    t.rules.playable = (rules_->playable | rules_->blocked) & ~roots[g].blocked;
    Node root;
    root.pos = roots[g].position;
    t.nodes.clear();
    t.nodes.reserve(static_cast<std::size_t>(options.simulations) * 8 + 1);
    t.nodes.push_back(root);
  }
  const int rows = static_cast<int>(roots.size()) * options.leaves_per_game;
  if (!leaves_ || leaves_->size() < rows) leaves_ = std::make_unique<Batch>(rules_, rows);
  return kept;
}

int PuctSearch::select(Tree& t) const {
  int cur = 0;
  while (t.nodes[cur].expanded && !t.nodes[cur].terminal) {
    const Node& parent = t.nodes[cur];
    const int mover = parent.pos.to_move;
    const double scale = options_.c_puct * std::sqrt(static_cast<double>(parent.visits > 0 ? parent.visits : 1));
    int best = parent.first_child;
    double best_score = -1e300;
    for (int c = parent.first_child; c < parent.first_child + parent.children; ++c) {
      const Node& ch = t.nodes[c];
      const double q = ch.visits ? ch.value[mover] / ch.visits : 0.0;
      const double score = q + scale * ch.prior / (1.0 + ch.visits);
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    cur = best;
  }
  return cur;
}

void PuctSearch::terminal_values(const Tree& t, const Position& pos, float* out) const {
  const int P = rules_->players;
  int scores[kMaxPlayers] = {0, 0, 0, 0};
  for (int p = 0; p < P; ++p) scores[p] = popcount128(pos.disks[p]);
  const unsigned w = winner_mask(t.rules, scores);
  const int k = __builtin_popcount(w);
  // The Batch reward rule (python/polyreversi/batch.py): (P * w_i / k - 1) / (P - 1).
  for (int p = 0; p < P; ++p) out[p] = static_cast<float>((P * (((w >> p) & 1) ? 1.0 / k : 0.0) - 1.0) / (P - 1));
}

void PuctSearch::backup(Tree& t, int leaf, const float* values) const {
  const int P = rules_->players;
  for (int n = leaf; n >= 0; n = t.nodes[n].parent) {
    Node& node = t.nodes[n];
    ++node.visits;
    for (int p = 0; p < P; ++p) node.value[p] += values[p];
  }
}

void PuctSearch::expand(Tree& t, int leaf, const float* priors, bool root_noise) const {
  const KernelTable& k = kernels();
  const Position pos = t.nodes[leaf].pos;
  Turn turn;
  u128 legal = k.legal(t.rules, pos, &turn);
  const int pass = rules_->pass_move();
  if (turn == Turn::kPass) legal = bit128(pass);
  int moves[kMaxSquares + 1];
  int count = 0;
  for (u128 m = legal; m; m &= m - 1) {
    const u64 lo = static_cast<u64>(m);
    moves[count++] = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<u64>(m >> 64));
  }
  double p[kMaxSquares + 1];
  double total = 0;
  for (int i = 0; i < count; ++i) total += (p[i] = priors[moves[i]]);
  for (int i = 0; i < count; ++i) p[i] = total > 0 ? p[i] / total : 1.0 / count;
  if (root_noise && options_.dirichlet_fraction > 0) {
    mix_dirichlet(p, count, options_.dirichlet_alpha, options_.dirichlet_fraction, t.rng);
  }
  const int first = static_cast<int>(t.nodes.size());
  for (int i = 0; i < count; ++i) {
    Node child;
    child.pos = pos;
    k.play(t.rules, child.pos, turn, moves[i]);
    child.parent = leaf;
    child.move = static_cast<std::int16_t>(moves[i]);
    child.prior = static_cast<float>(p[i]);
    t.nodes.push_back(child);
  }
  Node& node = t.nodes[leaf];
  node.first_child = first;
  node.children = static_cast<std::int16_t>(count);
  node.expanded = true;
}

void PuctSearch::virtual_visit(Tree& t, int leaf, int sign) const {
  // A pending descent counts as a visit that lost for every mover on its path.
  const float loss = static_cast<float>(sign * options_.virtual_loss);
  for (int n = leaf; n >= 0; n = t.nodes[n].parent) {
    Node& node = t.nodes[n];
    node.visits += sign;
    if (node.parent >= 0) node.value[t.nodes[node.parent].pos.to_move] -= loss;
  }
}

void PuctSearch::descend(Tree& t) const {
  const KernelTable& k = kernels();
  const int most = options_.leaves_per_game;
  t.pending.clear();
  while (t.remaining > static_cast<int>(t.pending.size()) && static_cast<int>(t.pending.size()) < most) {
    const int leaf = select(t);
    if (std::find(t.pending.begin(), t.pending.end(), leaf) != t.pending.end()) break;  // the round's leaves are found
    Node& n = t.nodes[leaf];
    if (!n.terminal) {
      Turn turn;
      k.legal(t.rules, n.pos, &turn);
      n.terminal = turn == Turn::kOver;
    }
    if (!n.terminal) {
      t.pending.push_back(leaf);
      if (most > 1) virtual_visit(t, leaf, +1);
      continue;
    }
    float v[kMaxPlayers];  // the game's result is the value: no network needed
    terminal_values(t, n.pos, v);
    backup(t, leaf, v);
    --t.remaining;
    ++t.done;
  }
}

int PuctSearch::collect() {
  // The trees are independent: each thread descends its own range of games, then
  // the leaves get rows in game order and are loaded (one scratch row each).
  parallel_for(games(), options_.threads, [&](int begin, int end) {
    for (int g = begin; g < end; ++g) descend(trees_[active_[g]]);
  });
  leaf_games_.clear();
  row_start_.assign(static_cast<std::size_t>(games()) + 1, 0);
  for (int g = 0; g < games(); ++g) {
    row_start_[g] = static_cast<int>(leaf_games_.size());
    for (std::size_t j = 0; j < trees_[active_[g]].pending.size(); ++j) leaf_games_.push_back(g);
  }
  row_start_[games()] = static_cast<int>(leaf_games_.size());
  const int rows = static_cast<int>(leaf_games_.size());
  parallel_for(rows, options_.threads, [&](int begin, int end) {
    for (int r = begin; r < end; ++r) {
      const int g = leaf_games_[r];
      const Tree& t = trees_[active_[g]];
      leaves_->load(r, t.nodes[t.pending[r - row_start_[g]]].pos, t.blocked);
    }
  });
  return rows;
}

void PuctSearch::apply(const float* priors, const float* values) {
  const int columns = rules_->pass_move() + 1, P = rules_->players;
  const int rows = static_cast<int>(leaf_games_.size());
  for (int r = 0; r < rows; ++r) {  // every entry checked before any tree changes
    for (int c = 0; c < columns; ++c) {
      const float x = priors[static_cast<long>(r) * columns + c];
      if (!std::isfinite(x) || x < 0)
        throw ArgumentError("priors: row " + std::to_string(r) + ", column " + std::to_string(c) + ": " +
                            std::to_string(x) + " (priors must be finite and not negative)");
    }
    for (int p = 0; p < P; ++p) {
      const float x = values[static_cast<long>(r) * P + p];
      if (!std::isfinite(x))
        throw ArgumentError("values: row " + std::to_string(r) + ", colour " + std::to_string(p) + ": " +
                            std::to_string(x) + " (values must be finite)");
    }
  }
  parallel_for(games(), options_.threads, [&](int begin, int end) {
    for (int g = begin; g < end; ++g) {
      Tree& t = trees_[active_[g]];
      if (options_.leaves_per_game > 1)
        for (int leaf : t.pending) virtual_visit(t, leaf, -1);
      for (std::size_t j = 0; j < t.pending.size(); ++j) {
        const long r = row_start_[g] + static_cast<long>(j);
        const int leaf = t.pending[j];
        expand(t, leaf, priors + r * columns, leaf == 0);
        backup(t, leaf, values + r * P);
        --t.remaining;
        ++t.done;
      }
      t.pending.clear();
    }
  });
  leaf_games_.clear();
}

u64 PuctSearch::simulations_done() const {
  u64 total = 0;
  for (int s : active_) total += trees_[s].done;
  return total;
}

void PuctSearch::visits(float* out) const {
  const int columns = rules_->pass_move() + 1;
  for (int g = 0; g < games(); ++g) {
    float* row = out + static_cast<long>(g) * columns;
    for (int c = 0; c < columns; ++c) row[c] = 0;
    const Tree& t = trees_[active_[g]];
    const Node& root = t.nodes[0];
    for (int c = root.first_child; c >= 0 && c < root.first_child + root.children; ++c)
      row[t.nodes[c].move] = static_cast<float>(t.nodes[c].visits);
  }
}

void PuctSearch::root_values(float* out) const {
  const int P = rules_->players;
  for (int g = 0; g < games(); ++g) {
    const Node& root = trees_[active_[g]].nodes[0];
    for (int p = 0; p < P; ++p) out[static_cast<long>(g) * P + p] = root.visits ? root.value[p] / root.visits : 0.0f;
  }
}

}  // namespace polyreversi
