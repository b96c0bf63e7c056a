// Max^n UCT with informed playouts for 3-4 players (multi/mcts.hpp),
// compiled once per instruction set on the kernels' move generation.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "polyreversi/budget.hpp"
#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/kernel/engine.hpp"
#include "polyreversi/mcts/mcts.hpp"
#include "polyreversi/mcts/tree.hpp"
#include "polyreversi/multi/evaluator.hpp"
#include "polyreversi/multi/mcts.hpp"
#include "polyreversi/multi/shape.hpp"
#include "polyreversi/rules.hpp"
#include "polyreversi/stop.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

namespace {

using Clock = std::chrono::steady_clock;

struct Random {  // xorshift64*: the playouts need speed, not quality
  u64 s;
  explicit Random(u64 seed) : s(seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL) {
    if (!s) s = 1;
  }
  u64 next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1DULL;
  }
  // Uniform in [0, n).
  int below(int n) { return static_cast<int>((next() >> 32) * static_cast<u64>(n) >> 32); }
  double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
};

template <class W, int N>
class Tree {
  using E = Engine<W, N>;
  using G = typename E::G;

  struct Node {
    // What the descent reads of each node it passes, at the front.
    W untried = 0;
    std::int32_t first_child = -1;
    std::int32_t children = -1;  // the first of its children's places in Children (-1: none yet)
    std::int16_t child_count = 0, child_room = 0;
    u64 visits = 0;
    std::int32_t slot = -1;  // its place among its parent's children in Children (-1: the root)
    std::int32_t parent = -1, next_sibling = -1;
    std::int16_t move = -1;
    std::int8_t colour = -1;  // who played `move` into this node (-1: the root)
    Board<W> board;
    double reward[kMaxPlayers] = {0, 0, 0, 0};
    std::int8_t expanding = -1;  // whose moves `untried` holds: the colour to move, or an opponent's (best_reply)
    Turn turn = Turn::kOver;     // of `expanding`
    float prior = 0;             // the evaluation for the colour who moved here, in shares of the board
    float implicit[kMaxPlayers] = {0, 0, 0, 0};  // the max^n backup of the evaluation's win chances
  };

 public:
  Tree(const Rules& rules, const Position& root, const MultiMctsOptions& o)
      : rules_(rules), table_(E::table(rules)), shape_(rules), eval_(rules), options_(o), rng_(o.seed) {
    nodes_.reserve(static_cast<std::size_t>(std::min<u64>(o.max_nodes, 1 << 16)));
    if (o.nst) pairs_.assign(static_cast<std::size_t>(rules.players) * N * N * N * N, Pair{});
    if (o.lgrf) last_good_.assign(static_cast<std::size_t>(rules.players) * N * N, -1);
    std::fill(&mast_mean_[0][0], &mast_mean_[0][0] + kMaxPlayers * kMaxSquares, 2.0);
    add(E::load(root), -1, -1, -1);
  }

  // Makes the node of `b` (the same disks, colour to move and ply; the most
  // visited such node) the root of the next search, with `o`: its subtree is
  // kept, the rest dropped. False, and the tree unchanged, when `rules` are
  // not the tree's or `b` is not in it. *kept: the visits of the new root's moves.
  bool reroot(const Rules& rules, const Board<W>& b, const MultiMctsOptions& o, u64* kept) {
    if (!same_rules(rules)) return false;
    // A best-reply tree is built around its root colour: kept only for the same colour.
    if (o.best_reply != options_.best_reply || (o.best_reply && b.to_move != nodes_[0].board.to_move)) return false;
    // The pairs' statistics and the replies are kept only by a tree that has them.
    if (o.nst != options_.nst || o.lgrf != options_.lgrf) return false;
    int found = -1;
    for (std::size_t i = 0; i < nodes_.size(); ++i)
      if (same_board(nodes_[i].board, b) && (found < 0 || nodes_[i].visits > nodes_[found].visits))
        found = static_cast<int>(i);
    if (found < 0) return false;
    // The subtree in breadth-first order, then its links renumbered.
    std::vector<int> order{found};
    std::vector<std::int32_t> index(nodes_.size(), -1);
    index[found] = 0;
    for (std::size_t k = 0; k < order.size(); ++k)
      for (int c = nodes_[order[k]].first_child; c >= 0; c = nodes_[c].next_sibling) {
        index[c] = static_cast<std::int32_t>(order.size());
        order.push_back(c);
      }
    std::vector<Node> kept_nodes;
    kept_nodes.reserve(std::max(order.size(), nodes_.capacity()));
    for (const int old : order) {
      Node n = nodes_[old];
      const bool root = old == found;
      n.parent = root ? -1 : index[n.parent];
      n.next_sibling = root || n.next_sibling < 0 ? -1 : index[n.next_sibling];
      if (n.first_child >= 0) n.first_child = index[n.first_child];
      kept_nodes.push_back(n);
    }
    nodes_.swap(kept_nodes);
    options_ = o;
    // The children's places anew, in the order they were made (the list's
    // reversed); a child's mean depends on the options (paranoia) and the root's colour.
    children_.clear();
    std::vector<int> made;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      Node& node = nodes_[i];
      node.children = -1;
      node.child_count = node.child_room = 0;
      made.clear();
      for (int c = node.first_child; c >= 0; c = nodes_[c].next_sibling) made.push_back(c);
      for (auto c = made.rbegin(); c != made.rend(); ++c) place(static_cast<int>(i), *c);
    }
    nodes_[0].slot = -1;
    for (Node& n : nodes_) refresh(n);
    rng_ = Random(o.seed);
    *kept = 0;  // the visits of its moves: the node's own first playout was made from it, through none
    for (int c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) *kept += nodes_[c].visits;
    return true;
  }

  void iterate() {
    int cur = 0;
    while (nodes_[cur].untried == 0 && nodes_[cur].first_child >= 0) cur = select(cur);
    if (nodes_[cur].untried && nodes_.size() < options_.max_nodes) cur = expand(cur);
    Board<W> b = nodes_[cur].board;
    double r[kMaxPlayers] = {0, 0, 0, 0};
    played_ = 0;
    replies_ = 0;
    playout(b, r, nodes_[cur].move);
    for (int n = cur; n >= 0; n = nodes_[n].parent) {
      Node& node = nodes_[n];
      ++node.visits;
      for (int p = 0; p < rules_.players; ++p) node.reward[p] += r[p];
      refresh(node);
      if (node.parent >= 0) record(node.colour, node.move);
      if (options_.implicit_weight > 0 && n != cur) back_up(node);
    }
    // Progressive history: every move of the game, in the tree and in the
    // playout, scores its colour's reward for that square.
    for (int i = 0; i < played_; ++i) {
      const int c = played_moves_[i] >> 8, sq = played_moves_[i] & 0xFF;
      history_sum_[c][sq] += r[c];
      history_count_[c][sq] += 1;
      history_mean_[c][sq] = history_sum_[c][sq] / history_count_[c][sq];
      mast_mean_[c][sq] = history_mean_[c][sq];
    }
    double top = 0;
    for (int p = 0; p < rules_.players; ++p) top = std::max(top, r[p]);
    for (int i = 0; i < replies_; ++i) {
      const Reply& reply = replies_made_[i];
      if (options_.nst) {
        Pair& p = pairs_[pair_index(reply.colour, reply.previous, reply.move)];
        p.sum += r[reply.colour];
        p.count += 1;
      }
      // Last good reply with forgetting: a colour at the top keeps its replies, one
      // without a share of the top forgets those it played.
      if (options_.lgrf) {
        std::int16_t& good = last_good_[static_cast<std::size_t>(reply.colour) * N * N + reply.previous];
        if (r[reply.colour] > 0 && r[reply.colour] == top) {
          good = reply.move;
        } else if (r[reply.colour] == 0 && good == reply.move) {
          good = -1;
        }
      }
    }
  }

  MultiMctsResult result() const {
    MultiMctsResult out;
    const Node& root = nodes_[0];
    const int mover = root.board.to_move;
    double best_reward = -1;
    std::vector<std::pair<int, u64>> visits;
    for (int c = root.first_child; c >= 0; c = nodes_[c].next_sibling) {
      const Node& ch = nodes_[c];
      visits.emplace_back(ch.move, ch.visits);
      if (out.move < 0 || ch.visits > visits_of(out.move) ||
          (ch.visits == visits_of(out.move) && ch.reward[mover] > best_reward)) {
        out.move = ch.move;
        best_reward = ch.reward[mover];
      }
    }
    std::sort(visits.begin(), visits.end());
    out.visits = visits;
    if (root.visits)
      for (int p = 0; p < rules_.players; ++p) out.values[p] = root.reward[p] / static_cast<double>(root.visits);
    out.nodes = nodes_.size();
    if (out.move < 0) {
      Turn turn;
      out.move = lowest_bit(E::legal(table_, root.board, turn));
    }
    return out;
  }

 private:
  bool same_rules(const Rules& r) const {
    return r.board == rules_.board && r.n == rules_.n && r.players == rules_.players && r.anti == rules_.anti &&
           r.free_opening == rules_.free_opening && r.playable == rules_.playable && r.centre == rules_.centre;
  }

  bool same_board(const Board<W>& a, const Board<W>& b) const {
    if (a.to_move != b.to_move || a.ply != b.ply || a.neutral != b.neutral) return false;
    for (int p = 0; p < rules_.players; ++p)
      if (a.disks[p] != b.disks[p]) return false;
    return true;
  }

  u64 visits_of(int move) const {
    for (int c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling)
      if (nodes_[c].move == move) return nodes_[c].visits;
    return 0;
  }

  int add(const Board<W>& b, int parent, int move, int colour) {
    Node n;
    n.board = b;
    n.untried = E::legal(table_, b, n.turn);
    n.parent = parent;
    n.move = static_cast<std::int16_t>(move);
    n.colour = static_cast<std::int8_t>(colour);
    n.expanding = static_cast<std::int8_t>(b.to_move);
    if (options_.implicit_weight > 0) judge(b, n.turn, n.implicit);
    if (parent >= 0 && options_.bias_weight > 0) {
      const int v = eval_.value(b, colour);
      n.prior = static_cast<float>(std::clamp(v, -kMultiScale, kMultiScale)) / kMultiScale;
    }
    const int index = append_child(nodes_, n, parent);
    if (parent >= 0) place(parent, index);
    return index;
  }

  // Gives `child` the next place among its parent's children (Children): a
  // parent's places are contiguous, with room for each of its moves; a
  // best-reply layer that gets a next colour's moves moves to a larger block.
  void place(int parent, int child) {
    Node& p = nodes_[parent];
    if (p.child_count == p.child_room) {
      const int room = p.child_count + popcount(p.untried) + 1;
      const int start = static_cast<int>(children_.size());
      children_.resize(static_cast<std::size_t>(start + room));
      for (int k = 0; k < p.child_count; ++k) {
        children_.copy(start + k, p.children + k);
        nodes_[children_.node[start + k]].slot = start + k;
      }
      p.children = start;
      p.child_room = static_cast<std::int16_t>(room);
    }
    const int slot = p.children + p.child_count++;
    Node& c = nodes_[child];
    c.slot = slot;
    children_.node[slot] = child;
    children_.history[slot] = c.colour * kMaxSquares + c.move;
  }

  // The evaluation's win chances of each colour at a new node: a softmax of
  // the estimated shares (kMultiImplicitTemperature), or the final reward.
  void judge(const Board<W>& b, Turn turn, float* out) const {
    int scores[kMaxPlayers];
    double chances[kMaxPlayers];
    if (turn == Turn::kOver) {
      std::uint8_t winners[kMaxPlayers];
      for (int p = 0; p < rules_.players; ++p) scores[p] = popcount(b.disks[p]);
      const unsigned mask = winner_mask(rules_, scores);
      for (int p = 0; p < rules_.players; ++p) winners[p] = (mask >> p) & 1;
      mcts_rewards(rules_.players, winners, chances);
    } else {
      eval_.shares(b, scores);
      softmax(scores, kMultiImplicitTemperature, chances);
    }
    for (int p = 0; p < rules_.players; ++p) out[p] = static_cast<float>(chances[p]);
  }

  // Implicit minimax backup (Lanctot et al., "Monte Carlo Tree Search with
  // Heuristic Evaluations using Implicit Minimax Backups", 2014), max^n
  // style: a node's win chances are those of its child best for the colour
  // who moves into it.
  void back_up(Node& node) {
    int best = -1;
    for (int c = node.first_child; c >= 0; c = nodes_[c].next_sibling)
      if (best < 0 || nodes_[c].implicit[nodes_[c].colour] > nodes_[best].implicit[nodes_[best].colour]) best = c;
    if (best >= 0) std::copy(nodes_[best].implicit, nodes_[best].implicit + kMaxPlayers, node.implicit);
  }

  // The untried moves of the best class first (as the playouts rank them),
  // so that a node's first visits go to its likely best moves. With
  // best_reply, a node where another colour than the root's moves is the
  // layer of every other colour's moves (Best-Reply Search: Schadd &
  // Winands 2011; in MCTS, Nijssen & Winands 2013): its children are the
  // moves of each of them in turn order, after which the root colour moves
  // again (the colours between are skipped).
  int expand(int cur) {
    Node& node = nodes_[cur];
    const W m = best_class(node.board, node.untried);
    const int move = nth_bit(m, rng_.below(popcount(m)));
    const int colour = node.expanding;
    node.untried &= ~(W(1) << move);
    Board<W> b = node.board;
    b.to_move = colour;
    E::play(table_, b, node.turn, move);
    if (replies(node)) {
      b.to_move = nodes_[0].board.to_move;
      if (!node.untried) next_replier(node);
    }
    return add(b, cur, move, colour);
  }

  // Whether `node` is a best-reply layer: every other colour's moves.
  bool replies(const Node& node) const { return options_.best_reply && node.board.to_move != nodes_[0].board.to_move; }

  // The moves of the next colour in turn order before the root colour's
  // that has any (none left: untried stays empty).
  void next_replier(Node& node) {
    const int root = nodes_[0].board.to_move;
    for (int c = E::next_player(table_, node.expanding); c != root; c = E::next_player(table_, c)) {
      Board<W> b = node.board;
      b.to_move = c;
      Turn turn;
      const W legal = E::legal(table_, b, turn);
      if (legal) {
        node.expanding = static_cast<std::int8_t>(c);
        node.untried = legal;
        node.turn = turn;
        return;
      }
    }
  }

  void record(int colour, int square) {
    if (played_ < kMaxSquares * 2) played_moves_[played_++] = colour << 8 | square;
  }

  // UCB1 plus progressive history (Nijssen & Winands 2010): the mean reward
  // of the square for the mover over every playout, weighted by
  // W / ((1 - q) n + 1), so that it fades as the child's own visits grow.
  // With paranoia p, a colour other than the root's values a child at
  // (1 - p) times its own mean reward plus p times what the root colour
  // loses there (p = 1: MCTS-paranoid, the others in coalition against it).
  // The mover is the colour who plays into the child (in a best-reply layer,
  // each child's own).
  //
  // The children are scored from their places in Children (the x86-64-v3
  // kernels four at a time: the same correctly rounded operations) and the
  // best taken in the order of the list of children, newest first: the
  // first of equals, as best_child.
  int select(int cur) {
    const Node& parent = nodes_[cur];
    const double log_n = log_of(parent.visits);
    // The terms of a weight 0 are left out: the same values (x + 0 is x), fewer divisions.
    const bool implicit = options_.implicit_weight > 0, biased = options_.bias_weight > 0;
    const int first = parent.children, count = parent.child_count;
    const double* n = &children_.n[first];
    const double* mean = &children_.mean[first];
    const double* denominator = &children_.denominator[first];
    const std::int32_t* history = &children_.history[first];
    const double* history_mean = &history_mean_[0][0];
    if (scores_.size() < static_cast<std::size_t>(count + 4)) scores_.resize(static_cast<std::size_t>(count + 4));
    double* score = scores_.data();
    int k = 0;
#if defined(__AVX2__)
    // Whole groups of four: the places past the last child hold finite
    // numbers (Children keeps kPad beyond its end), and their scores are dropped below.
    const __m256d ln = _mm256_set1_pd(log_n), c = _mm256_set1_pd(options_.exploration),
                  w = _mm256_set1_pd(options_.history_weight);
    for (; k < count; k += 4) {
      const __m256d h = _mm256_set_pd(history_mean[history[k + 3]], history_mean[history[k + 2]],
                                      history_mean[history[k + 1]], history_mean[history[k]]);
      const __m256d explore = _mm256_mul_pd(c, _mm256_sqrt_pd(_mm256_div_pd(ln, _mm256_loadu_pd(n + k))));
      const __m256d bonus = _mm256_div_pd(_mm256_mul_pd(w, h), _mm256_loadu_pd(denominator + k));
      _mm256_storeu_pd(score + k, _mm256_add_pd(_mm256_add_pd(_mm256_loadu_pd(mean + k), explore), bonus));
    }
#endif
    for (; k < count; ++k)
      score[k] = mean[k] + options_.exploration * std::sqrt(log_n / n[k]) +
                 options_.history_weight * history_mean[history[k]] / denominator[k];
    if (implicit || biased)
      for (k = 0; k < count; ++k) {
        const Node& ch = nodes_[children_.node[first + k]];
        double q = mean[k];
        if (implicit) q += options_.implicit_weight * (ch.implicit[ch.colour] - mean[k]);
        double v = q + options_.exploration * std::sqrt(log_n / n[k]) +
                   options_.history_weight * history_mean[history[k]] / denominator[k];
        if (biased) v += options_.bias_weight * ch.prior / (n[k] + 1);
        score[k] = v;
      }
    // The highest score, then the last place that has it (the newest child:
    // the first of equals in the list's order), without a branch a child.
    double top = -std::numeric_limits<double>::infinity();
#if defined(__AVX2__)
    for (k = count; k < count + 4; ++k) score[k] = top;  // the groups' places past the last child
    __m256d most = _mm256_set1_pd(top);
    for (k = 0; k < count; k += 4) most = _mm256_max_pd(most, _mm256_loadu_pd(score + k));
    most = _mm256_max_pd(most, _mm256_permute4x64_pd(most, 0x4E));
    most = _mm256_max_pd(most, _mm256_permute_pd(most, 0x5));
    for (k = (count - 1) & ~3; k >= 0; k -= 4) {
      const int equal = _mm256_movemask_pd(_mm256_cmp_pd(_mm256_loadu_pd(score + k), most, _CMP_EQ_OQ));
      if (equal) return children_.node[first + k + 31 - __builtin_clz(static_cast<unsigned>(equal))];
    }
#else
    for (k = 0; k < count; ++k) top = std::max(top, score[k]);
    for (k = count - 1; k >= 0; --k)
      if (score[k] == top) return children_.node[first + k];
#endif
    return -1;
  }

  // A child's statistics as the selection reads them (Children): its visits
  // as a double, its mean for the mover and the progressive history's
  // denominator (1 - mean) n + 1, the expressions the selection evaluated for
  // every child, now once a visit. With paranoia p, a colour other than the
  // root's takes (1 - p) of its own mean reward and p of what the root colour loses.
  void refresh(const Node& node) {
    if (node.slot < 0) return;  // the root: never a child
    const double n = static_cast<double>(node.visits);
    const int mover = node.colour, root = nodes_[0].board.to_move;
    const double mean = options_.paranoia > 0 && mover != root ? (1 - options_.paranoia) * node.reward[mover] / n +
                                                                     options_.paranoia * (1 - node.reward[root] / n)
                                                               : node.reward[mover] / n;
    children_.n[node.slot] = n;
    children_.mean[node.slot] = mean;
    children_.denominator[node.slot] = (1 - mean) * n + 1;
  }

  // std::log of a visit count, each count's computed once: a parent's count
  // recurs at every selection through it until its next visit.
  double log_of(u64 visits) {
    if (visits >= kLogTable) return std::log(static_cast<double>(visits));
    while (logs_.size() <= visits) logs_.push_back(std::log(static_cast<double>(logs_.size())));
    return logs_[visits];
  }

  // The playout move: with probability `greedy` the move the evaluation
  // rates best for the mover; else a square that can never flip, else one
  // that does not touch an empty such square (which the next colours could
  // then take), else any; uniformly at random within the class, or with
  // probability `mast` its best square by move averages (epsilon: uniformly
  // among all).
  int policy(const Board<W>& b, Turn turn, W legal, int previous) {
    if (options_.greedy > 0 && rng_.unit() < options_.greedy) return greedy_move(b, turn, legal);
    if (rng_.unit() >= options_.epsilon) {
      legal = best_class(b, legal);
      if (options_.lgrf && previous >= 0) {
        const int good = last_good_[static_cast<std::size_t>(b.to_move) * N * N + previous];
        if (good >= 0 && ((legal >> good) & 1)) return good;
      }
      if (options_.mast > 0 && rng_.unit() < options_.mast) return mast_move(b.to_move, legal, previous);
    }
    return nth_bit(legal, rng_.below(popcount(legal)));
  }

  // Move-average sampling (MAST: Finnsson & Bjoernsson 2008; epsilon-greedy
  // as Tak, Winands & Bjoernsson 2012): the move of `moves` whose square has
  // the best mean reward for `colour` over the search's playouts so far (the
  // progressive history's statistics); a square never played counts as best,
  // so that it gets tried. Ties at random. With nst, a square's mean as the
  // reply to `previous` (the move just before, -1: none) is averaged in once
  // that pair has kMultiNstVisits visits (Tak, Winands & Bjoernsson 2012).
  // With mast_temperature, a square is drawn with a chance proportional to
  // exp(mean / temperature) instead (the Gibbs draw of Finnsson & Bjoernsson).
  int mast_move(int colour, W moves, int previous) {
    const Pair* replies = options_.nst && previous >= 0 ? &pairs_[pair_index(colour, previous, 0)] : nullptr;
    auto average = [&](int sq) {
      const double mean = mast_mean_[colour][sq];
      return replies && replies[sq].count >= kMultiNstVisits ? (mean + replies[sq].sum / replies[sq].count) / 2 : mean;
    };
    if (options_.mast_temperature > 0) return gibbs_move(moves, average);
    int best = -1, ties = 0;
    double best_mean = 0;
    for (W m = moves; m; m &= m - 1) {
      const int sq = lowest_bit(m);
      const double mean = average(sq);
      if (best < 0 || mean > best_mean) {
        best = sq, best_mean = mean, ties = 1;
      } else if (mean == best_mean && rng_.below(++ties) == 0) {
        best = sq;
      }
    }
    return best;
  }

  // A square of `moves` drawn with a chance proportional to exp(average(square) / mast_temperature).
  template <class Average>
  int gibbs_move(W moves, const Average& average) {
    double weights[kMaxSquares];
    int squares[kMaxSquares];
    int count = 0;
    double top = -1e300, sum = 0;
    for (W m = moves; m; m &= m - 1) {
      squares[count] = lowest_bit(m);
      weights[count] = average(squares[count]);
      top = std::max(top, weights[count++]);
    }
    for (int i = 0; i < count; ++i) sum += (weights[i] = std::exp((weights[i] - top) / options_.mast_temperature));
    double u = rng_.unit() * sum;
    for (int i = 0; i < count - 1; ++i)
      if ((u -= weights[i]) < 0) return squares[i];
    return squares[count - 1];
  }

  // The legal move whose position the evaluation rates best for the mover
  // (its share minus the best other colour's); ties to the lowest square.
  int greedy_move(const Board<W>& b, Turn turn, W legal) {
    int best = -1, best_value = 0;
    for (W m = legal; m; m &= m - 1) {
      const int move = lowest_bit(m);
      Board<W> next = b;
      E::play(table_, next, turn, move);
      const int v = eval_.value(next, b.to_move);
      if (best < 0 || v > best_value) best = move, best_value = v;
    }
    return best;
  }

  W best_class(const Board<W>& b, W moves) const {
    const W empty = shape_.playable & ~E::occupied(b);
    W pick = moves & shape_.anchors;
    if (pick) return pick;
    const W safe = moves & ~G::dilate(shape_.anchors & empty);
    if (options_.prefer_edges && (safe & shape_.edges)) return safe & shape_.edges;
    return safe ? safe : moves;
  }

  // A playout to the end, or (with a cut-off) for `cutoff` plies and then
  // judged by the evaluation's estimated final shares as if they were the
  // final disks: the evaluation's error is smaller than the variance of
  // the rest of a random game.
  // `previous`: the move into the playout's first position (-1: none).
  [[gnu::flatten]] void playout(Board<W>& b, double* reward, int previous) {
    int scores[kMaxPlayers];
    bool judged = false;
    for (int ply = 0;; ++ply) {
      if (options_.cutoff && ply >= options_.cutoff) {
        if (over(b)) break;  // the judge needs no moves: whether there are any is enough
        eval_.shares(b, scores);
        judged = true;
        break;
      }
      Turn turn;
      const W legal = E::legal(table_, b, turn);
      if (turn == Turn::kOver) break;
      const int move = policy(b, turn, legal, previous);
      record(b.to_move, move);
      if ((options_.nst || options_.lgrf) && previous >= 0 && replies_ < kMaxSquares)
        replies_made_[replies_++] = Reply{static_cast<std::int8_t>(b.to_move), static_cast<std::int16_t>(previous),
                                          static_cast<std::int16_t>(move)};
      previous = move;
      E::play(table_, b, turn, move);
    }
    std::uint8_t winners[kMaxPlayers];
    if (judged && options_.cutoff_temperature > 0) {
      softmax(scores, options_.cutoff_temperature, reward);
    } else {
      if (!judged)
        for (int p = 0; p < rules_.players; ++p) scores[p] = popcount(b.disks[p]);
      const unsigned mask = winner_mask(rules_, scores);
      for (int p = 0; p < rules_.players; ++p) winners[p] = (mask >> p) & 1;
      mcts_rewards(rules_.players, winners, reward);
    }
    // Score shaping: part of the reward is the colour's share of the disks
    // (with Anti-Reversi, of the others' disks), which also sums to 1.
    const double w = options_.score_weight;
    if (w > 0) {
      int total = 0;
      for (int p = 0; p < rules_.players; ++p) total += scores[p];
      if (total > 0)
        for (int p = 0; p < rules_.players; ++p) {
          double share = static_cast<double>(scores[p]) / total;
          if (rules_.anti) share = (1 - share) / (rules_.players - 1);
          reward[p] = (1 - w) * reward[p] + w * share;
        }
    }
  }

  // Whether E::legal would say Turn::kOver, without the moves: with three or
  // more colours a colour without a flipping move places next to any disk
  // (RULES.md §6), and a flipping move is such a square too.
  bool over(const Board<W>& b) const {
    const W occ = E::occupied(b), empty = table_.playable & ~occ;
    if (table_.free_opening && (table_.centre & empty)) return false;
    return !(G::dilate(occ) & empty);
  }

  // Each colour's win chances as a softmax of the estimated shares over
  // `temperature` (fewest disks best with Anti-Reversi): a colour narrowly
  // ahead by the evaluation is not a sure winner, since the evaluation errs
  // by about a tenth of the board. The reward of a judged playout with a
  // cutoff temperature, and the values of the implicit backup.
  void softmax(const int* shares, double temperature, double* reward) const {
    const double scale = 1.0 / (temperature * kMultiScale);
    double top = -1e300, sum = 0;
    double x[kMaxPlayers];
    for (int p = 0; p < rules_.players; ++p) {
      x[p] = (rules_.anti ? -shares[p] : shares[p]) * scale;
      top = std::max(top, x[p]);
    }
    for (int p = 0; p < rules_.players; ++p) sum += (x[p] = std::exp(x[p] - top));
    for (int p = 0; p < rules_.players; ++p) reward[p] = x[p] / sum;
  }

  const Rules rules_;  // a copy: a kept tree outlives the call that made it
  Table<W> table_;
  MultiShape<W, N> shape_;
  MultiEvaluator<W, N> eval_;
  MultiMctsOptions options_;
  Random rng_;
  std::vector<Node> nodes_;
  // The selection's reads of every child, by place (Node::slot): each
  // parent's children side by side, so that they are scored without
  // following the list from node to node.
  struct Children {
    std::vector<double> n, mean, denominator;
    std::vector<std::int32_t> history;  // colour * kMaxSquares + move: its progressive history's entry
    std::vector<std::int32_t> node;
    static constexpr std::size_t kPad = 3;  // places read past the end by a group of four
    std::size_t used = 0;
    std::size_t size() const { return used; }
    void clear() { resize(0); }
    void resize(std::size_t k) {
      used = k;
      n.resize(k + kPad, 1), mean.resize(k + kPad), denominator.resize(k + kPad, 1), history.resize(k + kPad);
      node.resize(k + kPad, -1);
    }
    void copy(int to, int from) {
      n[to] = n[from], mean[to] = mean[from], denominator[to] = denominator[from];
      history[to] = history[from], node[to] = node[from];
    }
  } children_;
  std::vector<double> scores_;                    // the selection's scores of one node's children
  static constexpr u64 kLogTable = u64(1) << 16;  // counts with a kept log (512 KiB at most)
  std::vector<double> logs_{0.0};                 // by count; 0's is never read
  double history_sum_[kMaxPlayers][kMaxSquares] = {};
  double history_count_[kMaxPlayers][kMaxSquares] = {};
  double history_mean_[kMaxPlayers][kMaxSquares] = {};  // sum / count, 0 where never played
  // The same, 2 where never played: the move averages' (a square never played counts as best).
  double mast_mean_[kMaxPlayers][kMaxSquares];
  // nst: per colour, move before and reply, the reward of the reply's colour
  struct Pair { double sum = 0, count = 0; };
  std::vector<Pair> pairs_;
  static std::size_t pair_index(int colour, int previous, int reply) {
    return (static_cast<std::size_t>(colour) * N * N + static_cast<std::size_t>(previous)) * N * N +
           static_cast<std::size_t>(reply);
  }
  std::vector<std::int16_t> last_good_;  // lgrf: per colour and move before, the reply kept (-1: none)
  struct Reply {
    std::int8_t colour;
    std::int16_t previous, move;
  };
  Reply replies_made_[kMaxSquares];  // this playout's replies (nst, lgrf)
  int replies_ = 0;
  int played_moves_[kMaxSquares * 2];
  int played_ = 0;
};

// The exact solve of the rest of the game (multi/mcts.hpp): whether the
// colour to move at the root can win alone whatever the other colours play
// (they are taken to play against it, as in a paranoid search), and the
// first such root move (the lowest square). Gives up past `limit`
// positions, a stop request or a spent budget.
template <class W, int N>
class Solver {
  using E = Engine<W, N>;

 public:
  enum Outcome { kWin, kNoWin, kGaveUp };

  Solver(const Rules& rules, u64 limit, TimeBudget& budget, const int* cancel)
      : rules_(rules), table_(E::table(rules)), limit_(limit), budget_(budget), cancel_(cancel) {}

  // The outcome for the colour to move in `b`; a winning move into *move.
  Outcome solve(const Board<W>& b, int* move) {
    root_ = b.to_move;
    return outcome(b, move);
  }
  u64 nodes() const { return nodes_; }

 private:
  Outcome outcome(const Board<W>& b, int* move) {
    if (++nodes_ > limit_ || ((nodes_ & 1023) == 0 && (stop_requested(cancel_) || budget_.spent()))) return kGaveUp;
    Turn turn;
    const W legal = E::legal(table_, b, turn);
    if (turn == Turn::kOver) {
      int scores[kMaxPlayers];
      for (int p = 0; p < rules_.players; ++p) scores[p] = popcount(b.disks[p]);
      return winner_mask(rules_, scores) == 1u << root_ ? kWin : kNoWin;
    }
    // The root colour needs one winning move; every other colour one move that stops it.
    const bool own = b.to_move == root_;
    for (W m = legal; m; m &= m - 1) {
      const int square = lowest_bit(m);
      Board<W> next = b;
      E::play(table_, next, turn, square);
      const Outcome o = outcome(next, nullptr);
      if (o == kGaveUp) return kGaveUp;
      if (own && o == kWin) {
        if (move) *move = square;
        return kWin;
      }
      if (!own && o == kNoWin) return kNoWin;
    }
    return own ? kNoWin : kWin;
  }

  const Rules& rules_;
  Table<W> table_;
  u64 limit_;
  u64 nodes_ = 0;
  int root_ = 0;
  TimeBudget& budget_;
  const int* cancel_;
};

// A tree kept between searches (multi/mcts.hpp), of this instruction set and board.
template <class W, int N>
struct Kept final : MultiMctsKept {
  std::unique_ptr<Tree<W, N>> tree;
};

}  // namespace

MultiMctsResult multi_mcts(const Rules& rules, const Position& pos, const MultiMctsOptions& o, const int* cancel,
                           std::unique_ptr<MultiMctsKept>* keep) {
  return with_geometry(rules.board, [&](auto g) {
    using W = typename decltype(g)::W;
    using T = Tree<W, decltype(g)::N>;
    using S = Solver<W, decltype(g)::N>;
    using E = Engine<W, decltype(g)::N>;
    const auto started = Clock::now();
    TimeBudget time_budget(o.seconds, started);
    const auto board = E::load(pos);
    const int empties = popcount(E::table(rules).playable & ~E::occupied(board));
    if (empties <= o.solve) {
      // A forced win is played at once; otherwise (or if the solve gave up)
      // the playouts choose, since the other colours do not all play against
      // the colour to move and may well let it win.
      TimeBudget solve_budget(o.seconds / 2, started);  // a solve that gives up leaves half the time
      S solver(rules, kMultiSolveNodes, solve_budget, cancel);
      int move = -1;
      if (solver.solve(board, &move) == S::kWin) {
        MultiMctsResult out;
        out.move = move;
        out.values[board.to_move] = 1;
        out.nodes = solver.nodes();
        out.seconds = std::chrono::duration<double>(Clock::now() - started).count();
        return out;
      }
    }
    std::unique_ptr<T> tree;
    u64 kept = 0;
    auto* held = keep ? dynamic_cast<Kept<W, decltype(g)::N>*>(keep->get()) : nullptr;
    if (held && held->tree && held->tree->reroot(rules, board, o, &kept)) tree = std::move(held->tree);
    if (!tree) tree = std::make_unique<T>(rules, pos, o);
    const u64 budget = o.playouts ? o.playouts : ~u64(0);
    u64 i = 0;
    while (i < budget) {
      tree->iterate();
      ++i;
      if ((i & 7) == 0 && (stop_requested(cancel) || time_budget.spent())) break;
    }
    MultiMctsResult out = tree->result();
    out.playouts = i;
    out.kept = kept;
    out.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    if (keep) {
      auto next = std::make_unique<Kept<W, decltype(g)::N>>();
      next->tree = std::move(tree);
      *keep = std::move(next);
    }
    return out;
  });
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
