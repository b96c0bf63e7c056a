// Best-Reply Search and paranoid search for 3-4 players, compiled once per
// instruction set (POLYREVERSI_ARCH), on the kernels' move generation.
//
// Best-Reply Search (Schadd & Winands, "Best Reply Search for Multiplayer
// Games", IEEE TCIAIG 2011): the root colour's layers alternate with layers
// where every other colour may move but only the single most harmful reply
// is played; the others are skipped. The tree is a two-sided alpha-beta tree
// of values from the root's view, so it prunes as deeply as two-player
// search. The positions it visits may not occur in a real game (colours
// skip turns); the evaluation is what makes that sound enough.
// Paranoid search (Sturtevant & Korf 2000) keeps the real turn order and
// lets every other colour minimise the root's value.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <vector>

#include "polyreversi/budget.hpp"
#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/kernel/engine.hpp"
#include "polyreversi/multi/evaluator.hpp"
#include "polyreversi/multi/multi.hpp"
#include "polyreversi/rules.hpp"
#include "polyreversi/stop.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

namespace {

using Clock = std::chrono::steady_clock;

// Random keys of the hash table: one per (colour or neutral, square), and
// one for each kind of layer. Computed at compile time: this file is also
// compiled with AVX2 (x86v3), and a run-time initializer here would run
// vectorized AVX2 code at load time on every CPU (SIGILL without AVX2).
struct Keys {
  u64 square[kMaxPlayers + 1][kMaxSquares] = {};
  u64 layer[2] = {};
  u64 mover[kMaxPlayers] = {};
  constexpr Keys() {
    u64 s = 0x243F6A8885A308D3ULL;
    auto next = [&] {
      s += 0x9E3779B97F4A7C15ULL;
      u64 z = s;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (auto& row : square)
      for (auto& k : row) k = next();
    for (auto& k : layer) k = next();
    for (auto& k : mover) k = next();
  }
};
constexpr Keys keys;

enum Bound : std::uint8_t { kNone = 0, kLower = 1, kUpper = 2, kExact = 3 };

struct Entry {  // 16 bytes
  u64 key = 0;
  std::int32_t value = 0;
  std::int16_t move = -1;  // mover << 8 | square
  std::int8_t depth = -1;
  std::uint8_t bound = kNone;
};

struct Move {
  int mover, square, key;  // tried in ascending key order
  Turn turn;
};

template <class W, int N>
class Searcher {
  using E = Engine<W, N>;

 public:
  Searcher(const Rules& rules, const Position& pos, const MultiLimits& limits, const int* cancel)
      : rules_(rules),
        table_(E::table(rules)),
        eval_(rules),
        limits_(limits),
        cancel_(cancel),
        root_(pos.to_move),
        start_(E::load(pos)) {
    if (limits.tt_bits > 0) tt_.assign(std::size_t(1) << limits.tt_bits, Entry{});
    std::memset(history_, 0, sizeof history_);
  }

  MultiOutcome run() {
    const auto started = Clock::now();
    time_budget_ = TimeBudget(limits_.seconds, started);
    MultiOutcome out;
    const bool brs = limits_.algorithm == MultiAlgorithm::kBestReply;
    const W empty = eval_.shape.playable & ~E::occupied(start_);
    const int empties = popcount(empty);
    const int max_depth = limits_.depth ? limits_.depth : kMaxDepth;
    u64 key = hash(start_);
    for (int depth = 1; depth <= max_depth; ++depth) {
      iteration_best_ = -1;
      pv_length_[0] = 0;
      Board<W> b = start_;
      const int v = brs ? best_reply(b, key, depth, -kNoBound, kNoBound, true, 0)
                        : paranoid(b, key, depth, -kNoBound, kNoBound, 0);
      if (aborted_) {
        // A root move that beat the first one (the last best) in the
        // unfinished iteration is proven better at this depth.
        if (iteration_best_ >= 0) out.move = iteration_best_ & 0xFF;
        break;
      }
      out.move = pv_[0][0] & 0xFF;
      out.value = v;
      out.depth = depth;
      out.pv.clear();
      for (int i = 0; i < pv_length_[0]; ++i) out.pv.push_back(pv_[0][i]);
      if (depth >= empties) break;  // every line reached the end of the game
    }
    if (out.move < 0) {  // stopped before the first move was searched: the first legal move
      Turn turn;
      Board<W> b = start_;
      out.move = lowest_bit(E::legal(table_, b, turn));
    }
    // The shares at the end of the principal variation.
    Board<W> b = start_;
    for (int encoded : out.pv) {
      Turn turn;
      b.to_move = encoded >> 8;
      E::legal(table_, b, turn);
      E::play(table_, b, turn, encoded & 0xFF);
    }
    int s[kMaxPlayers];
    eval_.shares(b, s);
    for (int c = 0; c < rules_.players; ++c) out.shares[c] = static_cast<double>(s[c]) / kMultiScale;
    for (int& m : out.pv) m &= 0xFF;
    out.nodes = nodes_;
    out.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return out;
  }

 private:
  bool stop() {
    if (limits_.nodes && nodes_ >= limits_.nodes) return aborted_ = true;
    if ((nodes_ & 255) == 0) {
      if (stop_requested(cancel_) || time_budget_.spent()) return aborted_ = true;
    }
    return false;
  }

  u64 hash(const Board<W>& b) const {
    u64 k = 0;
    for (int c = 0; c <= kMaxPlayers; ++c) {
      W x = c < kMaxPlayers ? b.disks[c] : b.neutral;
      for (; x; x &= x - 1) k ^= keys.square[c][lowest_bit(x)];
    }
    return k;
  }

  // Plays `square` for `mover` (whatever b.to_move says) and updates the key.
  void play(Board<W>& b, u64& key, int mover, Turn turn, int square) {
    b.to_move = mover;
    const W f = E::move_flips(b, turn, square);
    for (int c = 0; c <= kMaxPlayers; ++c) {
      W x = (c < kMaxPlayers ? b.disks[c] : b.neutral) & f;
      for (; x; x &= x - 1) {
        const int s = lowest_bit(x);
        key ^= keys.square[c][s] ^ keys.square[mover][s];
      }
    }
    key ^= keys.square[mover][square];
    E::play(table_, b, turn, square);
  }

  // Moves of `mover` in b, appended to `out` with their ordering keys: the
  // table's move first, then by history count, highest first.
  int generate(const Board<W>& b, int mover, Move* out, int n, int tt_move) {
    Board<W> c = b;
    c.to_move = mover;
    Turn turn;
    for (W m = E::legal(table_, c, turn); m; m &= m - 1) {
      const int sq = lowest_bit(m);
      const int encoded = mover << 8 | sq;
      out[n++] = Move{mover, sq, encoded == tt_move ? kFirstKey : -history_[mover][sq], turn};
    }
    return n;
  }

  static void order(Move* moves, int n) {
    std::stable_sort(moves, moves + n, [](const Move& a, const Move& b) { return a.key < b.key; });
  }

  Entry* probe(u64 key) { return tt_.empty() ? nullptr : &tt_[key & (tt_.size() - 1)]; }

  void store(u64 key, int depth, int value, int alpha0, int beta, int move) {
    Entry* e = probe(key);
    if (!e || (e->key == key && e->depth > depth)) return;
    e->key = key;
    e->depth = static_cast<std::int8_t>(depth);
    e->value = value;
    e->move = static_cast<std::int16_t>(move);
    e->bound = value <= alpha0 ? kUpper : value >= beta ? kLower : kExact;
  }

  // A table hit that decides the node; `tt_move` gets the stored move either way.
  bool cut(u64 key, int depth, int alpha, int beta, int& value, int& tt_move) {
    Entry* e = probe(key);
    if (!e || e->key != key) return false;
    tt_move = e->move;
    if (e->depth < depth) return false;
    if (e->bound == kExact || (e->bound == kLower && e->value >= beta) || (e->bound == kUpper && e->value <= alpha)) {
      value = e->value;
      return true;
    }
    return false;
  }

  void update_pv(int ply, int move) {
    pv_[ply][0] = move;
    const int len = pv_length_[ply + 1];
    for (int i = 0; i < len; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
    pv_length_[ply] = len + 1;
  }

  // b.to_move is always the root colour here; `max_layer` says whose layer it is.
  int best_reply(Board<W>& b, u64 key, int depth, int alpha, int beta, bool max_layer, int ply) {
    return node<kMaxSquares*(kMaxPlayers - 1)>(
        b, key, key ^ keys.layer[max_layer], depth, alpha, beta, max_layer, ply,
        [&](Move* moves, int tt_move) {
          if (max_layer) return generate(b, root_, moves, 0, tt_move);
          int n = 0;
          for (int c = 0; c < rules_.players; ++c)
            if (c != root_) n = generate(b, c, moves, n, tt_move);
          return n;
        },
        [&](Board<W>& child, u64 child_key, int a, int be) {
          child.to_move = root_;
          return best_reply(child, child_key, depth - 1, a, be, !max_layer, ply + 1);
        });
  }

  int paranoid(Board<W>& b, u64 key, int depth, int alpha, int beta, int ply) {
    return node<kMaxSquares>(
        b, key, key ^ keys.mover[b.to_move], depth, alpha, beta, b.to_move == root_, ply,
        [&](Move* moves, int tt_move) { return generate(b, b.to_move, moves, 0, tt_move); },
        [&](Board<W>& child, u64 child_key, int a, int be) {
          return paranoid(child, child_key, depth - 1, a, be, ply + 1);
        });
  }

  // One node of either search: the game's end, the depth's end and the table
  // first; then the moves `fill_moves` writes (at most kMoves), best first, each
  // played on a copy of `b` and valued by `child_value(child, child_key,
  // alpha, beta)`; the root colour maximises on a `max_layer`, the others
  // minimise. `key` is the position's key, `node_key` the table's.
  template <int kMoves, class Generate, class ChildValue>
  int node(const Board<W>& b, u64 key, u64 node_key, int depth, int alpha, int beta, bool max_layer, int ply,
           Generate&& fill_moves, ChildValue&& child_value) {
    pv_length_[ply] = 0;
    if (ply > 0 && stop()) return 0;
    ++nodes_;
    const W occ = E::occupied(b), empty = eval_.shape.playable & ~occ;
    if (MultiEvaluator<W, N>::over(occ, empty)) return eval_.final_value(b, root_);
    if (depth == 0) return eval_.value(b, root_);
    int tt_move = -1, value;
    if (ply > 0 && cut(node_key, depth, alpha, beta, value, tt_move)) return value;
    Move moves[kMoves];
    const int n = fill_moves(moves, tt_move);
    order(moves, n);
    const int alpha0 = alpha, beta0 = beta;
    int best = max_layer ? -kNoBound : kNoBound, best_move = -1;
    for (int i = 0; i < n; ++i) {
      const Move& m = moves[i];
      Board<W> child = b;
      u64 child_key = key;
      play(child, child_key, m.mover, m.turn, m.square);
      const int v = child_value(child, child_key, alpha, beta);
      if (aborted_) return best_move >= 0 ? best : 0;
      const int encoded = m.mover << 8 | m.square;
      if (max_layer ? v > best : v < best) {
        best = v;
        best_move = encoded;
        update_pv(ply, encoded);
        if (ply == 0 && i > 0) iteration_best_ = encoded;
        if (max_layer) alpha = std::max(alpha, v);
        else beta = std::min(beta, v);
        if (alpha >= beta) {
          history_[m.mover][m.square] += depth * depth;
          break;
        }
      }
    }
    store(node_key, depth, best, alpha0, beta0, best_move);
    return best;
  }

  const Rules& rules_;
  Table<W> table_;
  MultiEvaluator<W, N> eval_;
  const MultiLimits& limits_;
  const int* cancel_;
  int root_;
  Board<W> start_;
  std::vector<Entry> tt_;
  int history_[kMaxPlayers][kMaxSquares];
  int pv_[kMaxDepth + 1][kMaxDepth + 1];
  int pv_length_[kMaxDepth + 2] = {};
  int iteration_best_ = -1;
  u64 nodes_ = 0;
  bool aborted_ = false;
  TimeBudget time_budget_{0};
};

}  // namespace

MultiOutcome multi_search(const Rules& rules, const Position& pos, const MultiLimits& limits, const int* cancel) {
  return with_geometry(rules.board, [&](auto g) {
    using S = Searcher<typename decltype(g)::W, decltype(g)::N>;
    auto s = std::make_unique<S>(rules, pos, limits, cancel);  // the PV table is too big for the stack
    return s->run();
  });
}

int multi_features(const Rules& rules, const Position& pos, int* out) {
  return with_geometry(rules.board, [&](auto g) {
    using W = typename decltype(g)::W;
    using Ev = MultiEvaluator<W, decltype(g)::N>;
    const Ev ev(rules);
    const auto b = Ev::E::load(pos);
    const W occ = Ev::E::occupied(b), empty = ev.shape.playable & ~occ;
    for (int c = 0; c < rules.players; ++c) ev.features(b, c, occ, empty, out + c * kMultiFeatures);
    return ev.phase(occ);
  });
}

void multi_evaluate(const Rules& rules, const Position& pos, int* out) {
  with_geometry(rules.board, [&](auto g) {
    using Ev = MultiEvaluator<typename decltype(g)::W, decltype(g)::N>;
    const Ev ev(rules);
    ev.shares(Ev::E::load(pos), out);
  });
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
