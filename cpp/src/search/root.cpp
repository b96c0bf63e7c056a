// Search and solve of one instruction set (POLYREVERSI_ARCH names it; this
// file is compiled once per set, like cpp/src/rules_kernels.cpp). The root: its
// moves (a forced pass and free-opening placements included), iterative
// deepening, root splitting over threads, the principal variation.
#include <algorithm>
#include <memory>
#include <mutex>
#include <new>
#include <thread>

#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/rules.hpp"
#include "polyreversi/search/midgame.hpp"
#include "polyreversi/search/search.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

namespace {

// The near table's bytes (Endgame::kNearMax): 1 MiB, the L2 cache of one
// core of the AMD EPYC measured (512 KiB and 2 MiB: about the same times).
constexpr std::size_t kNearTableBytes = std::size_t(1) << 20;

template <class W, int N>
struct Root {
  using E = Engine<W, N>;
  using EG = Endgame<W, N>;
  using MG = Midgame<W, N>;
  using Ctx = Context<W, N>;

  struct RootMove {
    int move;
    Board<W> child;
    int key;
    int score;
    bool exact;  // score inside the window it was searched with
    bool done;   // scored (exactly or as a bound) before any stop
  };

  const Table<W> t;
  const Shape<W, N> shape;
  const bool anti;
  TransTable<W> end_tt, mid_tt, near_tt;  // shared by the threads
  std::unique_ptr<Ctx[]> ctx;             // one per thread
  int threads;
  u64 pooled_nodes = 0;  // a search's node budget with threads: every thread's nodes (Context::poll)

  Root(const Rules& r, int nthreads) : t(E::table(r)), shape(r), anti(r.anti), threads(nthreads) {
    ctx.reset(new Ctx[threads]);
    for (int i = 0; i < threads; ++i) {
      ctx[i].shape = &shape;
      ctx[i].anti = anti;
      ctx[i].clock = &monotonic_seconds;
      ctx[i].end_tt = &end_tt;
      ctx[i].near_tt = &end_tt;  // a solve gives the last plies their own table (allocate_tables)
      ctx[i].mid_tt = &mid_tt;
    }
  }

  // The hash tables, allocated only once there is a move to search: 8x8 at
  // the default 64 MiB, a 4-empty solve takes 1.4 ms and a depth-1 search
  // 4.3 ms, a finished game 0.06-0.08 ms.
  void allocate_tables(std::size_t tt_bytes, bool with_mid_table, bool huge_pages = false) {
    if (with_mid_table) {
      end_tt.resize(tt_bytes / 2, huge_pages);
      mid_tt.resize(tt_bytes / 2, huge_pages);
      return;
    }
    // A solve keeps the whole size for exact entries, 1 MiB of it (at most a
    // quarter) as the near table of the last plies (Endgame::kNearMax), and
    // a quarter more for the ordering searches (their entries are many fewer).
    const std::size_t near = std::min(tt_bytes / 4, kNearTableBytes);
    end_tt.resize(tt_bytes - near, huge_pages);
    near_tt.resize(near, huge_pages);
    mid_tt.resize(tt_bytes / kOrderingTableShare, huge_pages);
    for (int i = 0; i < threads; ++i) ctx[i].near_tt = &near_tt;
  }

  bool in_opening(const Board<W>& b) const { return t.free_opening && (t.centre & ~E::occupied(b)); }

  // Negamax over the free-opening placements (RULES.md §3), which the (P, O)
  // searches do not play; value(child, alpha, beta) scores a child for its mover.
  // best_move, when given, gets the best placement's square.
  template <class Value>
  int opening_negamax(Ctx& c, const Board<W>& b, int alpha, int beta, int worst, Value value,
                      int* best_move = nullptr) const {
    Turn turn;
    W m = E::legal(t, b, turn);
    int best = worst;
    for (; m; m &= m - 1) {
      Board<W> ch = b;
      E::play(t, ch, turn, lowest_bit(m));
      const int v = -value(ch, -beta, -alpha);
      if (c.stopped) return 0;
      if (v > best) {
        best = v;
        if (best_move) *best_move = lowest_bit(m);
        if (v > alpha) {
          if (v >= beta) break;
          alpha = v;
        }
      }
    }
    return best;
  }

  // Exact value of b for its mover.
  int exact_value(Ctx& c, const Board<W>& b, int alpha, int beta) const {
    if (in_opening(b))
      return opening_negamax(c, b, alpha, beta, -kDiskInfinity,
                             [&](const Board<W>& ch, int a, int be) { return exact_value(c, ch, a, be); });
    return EG::solve(c, b.disks[b.to_move], b.disks[b.to_move ^ 1], alpha, beta, false);
  }

  int heuristic_value(Ctx& c, const Board<W>& b, int depth, int alpha, int beta, bool anti_eval) const {
    if (in_opening(b)) {
      if (depth == 0) return MG::evaluate(c, b.disks[b.to_move], b.disks[b.to_move ^ 1], anti_eval);
      return opening_negamax(c, b, alpha, beta, -kNoBound, [&](const Board<W>& ch, int a, int be) {
        return heuristic_value(c, ch, depth - 1, a, be, anti_eval);
      });
    }
    return MG::search(c, b.disks[b.to_move], b.disks[b.to_move ^ 1], depth, alpha, beta, false, anti_eval);
  }

  // The moves of b with their children; returns the count (0: game over).
  int root_moves(const Board<W>& b, RootMove* out) const {
    Turn turn;
    W m = E::legal(t, b, turn);
    if (turn == Turn::kOver) return 0;
    if (turn == Turn::kPass) {
      out[0].move = N * N;
      out[0].child = b;
      E::pass(out[0].child);
      out[0].key = 0;
      return 1;
    }
    int n = 0;
    for (; m; m &= m - 1) {
      RootMove& rm = out[n++];
      rm.move = lowest_bit(m);
      rm.child = b;
      E::play(t, rm.child, turn, rm.move);
      const W P = rm.child.disks[rm.child.to_move], O = E::occupied(rm.child) & ~P;
      rm.key = popcount(E::flipping_moves(P, O, t.playable & ~(P | O)));
    }
    return n;
  }

  static void sort_by_key(RootMove* m, int n) {
    for (int i = 1; i < n; ++i) {
      RootMove x = m[i];
      int j = i;
      for (; j > 0 && m[j - 1].key > x.key; --j) m[j] = m[j - 1];
      m[j] = x;
    }
  }

  // Scores the root moves over the threads inside the window (lo, hi);
  // returns the index of the best (-1 if stopped before any move was scored)
  // and its fail-soft score in moves[i].score (<= lo: an upper bound, >= hi:
  // a lower bound, else exact). `value(c, child, a, b)` is the child's value
  // for its mover. With all_moves every score is exact (full window);
  // otherwise moves after the first get a null window against the best so
  // far, and a move at or above hi ends the work.
  template <class F>
  int split(RootMove* moves, int n, int inf, bool all_moves, bool& stopped, F value) {
    return split(moves, n, inf, -inf, inf, all_moves, stopped, value);
  }
  template <class F>
  int split(RootMove* moves, int n, int inf, int lo, int hi, bool all_moves, bool& stopped, F value) {
    int next = 0, alpha = lo, best = -inf - 1, best_i = -1, stop = 0, scored = 0;
    bool best_exact = false, cut = false;
    std::mutex lock;
    for (int i = 0; i < n; ++i) moves[i].exact = moves[i].done = false;
    auto work = [&](Ctx& c) {
      c.shared_stop = &stop;
      for (;;) {
        const int i = __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
        if (i >= n) return;
        int a;
        bool first;
        {
          std::lock_guard<std::mutex> g(lock);
          if (cut) return;
          a = alpha;
          first = scored == 0;
        }
        int v;
        if (all_moves) {
          v = -value(c, moves[i].child, -inf, inf);
        } else if (first) {
          v = -value(c, moves[i].child, -hi, -a);
        } else {
          v = -value(c, moves[i].child, -a - 1, -a);
          if (!c.stopped && v > a && v < hi) v = -value(c, moves[i].child, -hi, -a);
        }
        if (c.stopped) {
          __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
          return;
        }
        const bool exact = all_moves || (v > a && v < hi);
        std::lock_guard<std::mutex> g(lock);
        ++scored;
        moves[i].score = v;
        moves[i].exact = exact;
        moves[i].done = true;
        if (best_i < 0 || v > best || (v == best && ((exact && !best_exact) || (exact == best_exact && i < best_i)))) {
          best = v;
          best_i = i;
          best_exact = exact;
        }
        if (v > alpha) alpha = v;
        if (!all_moves && v >= hi) cut = true;
      }
    };
    const int helpers = std::min(threads, n) - 1;
    std::thread* pool =
        helpers > 0 ? static_cast<std::thread*>(::operator new(sizeof(std::thread) * helpers)) : nullptr;
    int started = 0;
    try {
      for (; started < helpers; ++started) new (pool + started) std::thread(work, std::ref(ctx[started + 1]));
    } catch (...) {
      // fewer threads than asked: the others do the work
    }
    work(ctx[0]);
    for (int k = 0; k < started; ++k) {
      pool[k].join();
      pool[k].~thread();
    }
    ::operator delete(pool);
    stopped = stop != 0 || ctx[0].stopped;
    for (int k = 0; k < threads; ++k) {
      ctx[k].shared_stop = nullptr;
      if (ctx[k].stopped) stopped = true;
    }
    if (stopped && !all_moves) {
      // A move scored exactly before the stop may be kept only if every
      // move before it in the order was scored too (the usual rule of
      // aborted iterations): otherwise the best may be missing.
      if (best_i < 0 || !best_exact) return -1;
      for (int i = 0; i < best_i; ++i)
        if (!moves[i].done) return -1;
    }
    return best_i;
  }

  u64 total_nodes() const {
    u64 s = 0;
    for (int k = 0; k < threads; ++k) s += ctx[k].nodes;
    return s;
  }

  // The entry of b (its mover and the other disks) in table tt.
  bool probe(const TransTable<W>& tt, const Board<W>& b, TTHit& e) const {
    const W P = b.disks[b.to_move];
    return tt.find(P, E::occupied(b) & ~P, e);
  }

  // Puts the end table's move for b first: along the line the exact pass
  // proved, its entries name the best move (FFO #49: the line took 191 M
  // nodes in square order, a third of the solve).
  void hash_move_first(const Board<W>& b, RootMove* moves, int n) const {
    TTHit e;
    if (in_opening(b) || !probe(*EG::table(ctx[0], popcount(t.playable & ~E::occupied(b))), b, e)) return;
    for (int i = 1; i < n; ++i)
      if (moves[i].move == e.move) {
        std::swap(moves[0], moves[i]);
        return;
      }
  }

  // A line of best play from b, whose exact value for its mover is `score`.
  int exact_line(const Board<W>& start, int score, int* pv, int max_len) {
    Ctx& c = ctx[0];
    Board<W> b = start;
    int len = 0;
    RootMove moves[kMaxSquares + 1];
    while (len < max_len) {
      const int n = root_moves(b, moves);
      if (n == 0) break;
      hash_move_first(b, moves, n);
      int pick = -1;
      for (int i = 0; i < n && pick < 0; ++i) {
        const int v = -exact_value(c, moves[i].child, -score - 1, -score + 1);
        if (c.stopped) return len;
        if (v == score) pick = i;
      }
      if (pick < 0) break;  // cannot happen for an exact score
      pv[len++] = moves[pick].move;
      b = moves[pick].child;
      score = -score;
    }
    return len;
  }

  // A line of best play that starts with the root move m, whose exact value is
  // `score`: the move returned is always the PV's first (ties have other lines).
  int exact_line_from(const RootMove& m, int score, int* pv, int max_len) {
    pv[0] = m.move;
    return 1 + exact_line(m.child, -score, pv + 1, max_len - 1);
  }

  // The move a depth-1 search picks at b: the first best child in square
  // order, as Midgame::search's leaf loop (whose nodes store no entry).
  int best_leaf(const Board<W>& b, bool anti_eval) {
    RootMove moves[kMaxSquares + 1];
    const int n = root_moves(b, moves);
    int best = -kNoBound, move = -1;
    for (int i = 0; i < n; ++i) {
      const int v = -heuristic_value(ctx[0], moves[i].child, 0, -kNoBound, kNoBound, anti_eval);
      if (v > best) {
        best = v;
        move = moves[i].move;
      }
    }
    return move;
  }

  // Lets c search on without the iteration's limits (Ctrl-C still stops it):
  // for the line after the last iteration.
  static void lift_limits(Ctx& c) {
    c.stopped = false;
    c.deadline = -1;
    c.node_limit = ~u64(0);
    c.pooled_nodes = nullptr;
  }

  // The best free-opening placement of b by a depth-plies search of each
  // (-1 if cancelled).
  int best_placement(const Board<W>& b, int depth, bool anti_eval) {
    Ctx& c = ctx[0];
    lift_limits(c);
    int move = -1;
    opening_negamax(
        c, b, -kNoBound, kNoBound, -kNoBound,
        [&](const Board<W>& ch, int a, int be) { return heuristic_value(c, ch, depth, a, be, anti_eval); }, &move);
    return c.stopped ? -1 : move;
  }

  // The heuristic line of a depth-max_len search (free-opening placements
  // searched again): hash moves from b while
  // they are legal, the last ply's move by best_leaf.
  int hash_line(const Board<W>& start, int first, int* pv, int max_len, bool anti_eval) {
    Board<W> b = start;
    int len = 0, move = first;
    RootMove moves[kMaxSquares + 1];
    while (len < max_len) {
      const int n = root_moves(b, moves);
      int pick = -1;
      for (int i = 0; i < n; ++i)
        if (moves[i].move == move) pick = i;
      if (pick < 0) break;
      pv[len++] = move;
      b = moves[pick].child;
      if (in_opening(b)) {  // placements are not in the tables: pick the best one again
        if (len == max_len) break;
        move = best_placement(b, max_len - len - 1, anti_eval);
        if (move < 0) break;
        continue;
      }
      TTHit e;
      const bool hit = probe(mid_tt, b, e);
      Turn turn;
      E::legal(t, b, turn);
      if (turn == Turn::kPass) move = N * N;
      else if (hit) move = e.move;
      else if (len == max_len - 1) move = best_leaf(b, anti_eval);
      else break;
    }
    return len;
  }
};

// From this many empties a solve's tables get 2 MiB pages (table_memory.hpp):
// 8x8, 64 MiB, 100 solves each: 12 empties 0.47 s CPU with 4 KiB pages, 0.51 s
// with 2 MiB; 13: 0.90 against 0.74 s; 14: 1.33 against 0.62 s.
constexpr int kHugePagesMin = 13;

// Tuned by node counts on FFO #40-#47 (benchmarks/HISTORY.md): a deeper
// estimate (8 or 10 plies) and wider first windows cost more nodes.
constexpr int kEstimateMin = 16;      // from this many empties a solve starts from a search estimate
constexpr int kEstimateMaxDepth = 6;  // plies of that estimate at most
constexpr int kAspiration = 1;        // first window (estimate - 1, estimate + 1): a null-window test
constexpr int kSelectiveMin = 20;     // from this many empties a solve runs selective passes first (8x8 trained)

template <class W, int N>
void solve_impl(const Rules& rules, const Position& pos, const SolveOptions& o, const int* cancel, SolveOutcome& out) {
  using R = Root<W, N>;
  const double t0 = monotonic_seconds();
  const int empties = popcount(static_cast<W>(rules.playable) & ~R::E::occupied(R::E::load(pos)));
  R root(rules, o.threads);
  for (int k = 0; k < root.threads; ++k) {
    root.ctx[k].cancel = cancel;
    root.ctx[k].wof = o.wof;
  }
  const Board<W> b = R::E::load(pos);
  typename R::RootMove moves[kMaxSquares + 1];
  const int n = root.root_moves(b, moves);
  const int inf = root.shape.squares + 1;
  out.move_count = 0;
  out.pv_length = 0;
  if (n == 0) {
    out.move = -1;
    out.score = R::EG::final_score(root.ctx[0], b.disks[b.to_move], b.disks[b.to_move ^ 1]);
  } else {
    root.allocate_tables(static_cast<std::size_t>(o.tt_mb) << 20, false, empties >= kHugePagesMin);
    R::sort_by_key(moves, n);
    bool stopped = false;
    const auto exact = [&](typename R::Ctx& c, const Board<W>& ch, int a, int be) {
      return root.exact_value(c, ch, a, be);
    };
    int lo = -inf, hi = inf, best = -1;
    const int empties = popcount(root.t.playable & ~R::E::occupied(b));
    if (!o.all_moves && empties >= kEstimateMin) {
      // The estimate: iterative deepening of the heuristic search, which
      // orders the root moves and leaves its entries in the mid table for
      // the ordering searches of endgame.hpp; then an aspiration window
      // around it. (The mid table's moves as hash moves of the exact search
      // cost nodes: tried, #46 took 2x more.)
      const int depth = std::min(kEstimateMaxDepth, (empties - 8) / 2);
      for (int d = 1; d <= depth && !stopped; ++d) {
        const int bi =
            root.split(moves, n, 1 << 24, false, stopped, [&](typename R::Ctx& c, const Board<W>& ch, int a, int be) {
              return root.heuristic_value(c, ch, d - 1, a, be, rules.anti);
            });
        if (stopped || bi < 0) break;
        const int est = moves[bi].score;
        for (int i = 0; i < n; ++i) moves[i].key = i == bi ? kFirstKey : -moves[i].score;
        R::sort_by_key(moves, n);
        const int disks = est >= 0 ? (est + kScale / 2) / kScale : -((-est + kScale / 2) / kScale);
        lo = std::max(-inf, disks - kAspiration);
        hi = std::min(inf, disks + kAspiration);
      }
    }
    // Scores the root inside (lo, hi), widening the window on a fail; the
    // best first in moves[] for the next pass. A selective pass can fail
    // high after failing low (ProbCut's cuts depend on the window): after such
    // a turn the window is the whole range, which every value lies inside
    // (without it the window can swing around one value for ever).
    const auto aspire = [&](int sel) {
      for (int k = 0; k < root.threads; ++k) root.ctx[k].sel = sel;
      int bi = -1, last_fail = 0;
      for (int delta = 2 * kAspiration; !stopped;) {
        bi = root.split(moves, n, inf, lo, hi, o.all_moves, stopped, exact);
        if (stopped || bi < 0) break;
        const int v = moves[bi].score;
        if (o.all_moves || (v > lo && v < hi)) break;
        const int fail = v <= lo ? -1 : 1;
        if (fail == -last_fail) {
          lo = -inf;
          hi = inf;
        } else if (v <= lo) {
          hi = v + 1;
          lo = std::max(-inf, v - delta);
        } else {
          lo = v - 1;
          hi = std::min(inf, v + delta);
        }
        last_fail = fail;
        delta *= 2;
        // Next pass: the best first, then the others as they scored.
        for (int i = 0; i < n; ++i) moves[i].key = i == bi ? kFirstKey : (moves[i].done ? -moves[i].score : inf);
        R::sort_by_key(moves, n);
      }
      return bi;
    };
    // Iterative selectivity (Edax): ProbCut passes at a rising confidence,
    // each leaving its moves (never its bounds: tt.hpp) and its score as the
    // next window, then the exact pass.
    if (!o.all_moves && root.shape.trained && !rules.anti && empties >= kSelectiveMin) {
      for (int sel = 0; sel < ProbCut::kLevels && !stopped; ++sel) {
        const int bi = aspire(sel);
        if (stopped || bi < 0) break;
        const int v = moves[bi].score;
        lo = std::max(-inf, v - kAspiration);
        hi = std::min(inf, v + kAspiration);
        for (int i = 0; i < n; ++i) moves[i].key = i == bi ? kFirstKey : (moves[i].done ? -moves[i].score : inf);
        R::sort_by_key(moves, n);
      }
    }
    if (!stopped) best = aspire(kExactSel);
    if (stopped || best < 0) {
      out.stopped = true;
      out.nodes = static_cast<long long>(root.total_nodes());
      out.seconds = monotonic_seconds() - t0;
      return;
    }
    out.move = moves[best].move;
    out.score = moves[best].score;
    if (o.all_moves) {
      for (int i = 0; i < n; ++i) {
        out.moves[i] = moves[i].move;
        out.scores[i] = moves[i].score;
      }
      out.move_count = n;
    }
    out.pv_length = root.exact_line_from(moves[best], out.score, out.pv, kMaxLine);
  }

  out.stopped = root.ctx[0].stopped;
  out.nodes = static_cast<long long>(root.total_nodes());
  out.seconds = monotonic_seconds() - t0;
}

template <class W, int N>
void search_impl(const Rules& rules, const Position& pos, const SearchLimits& l, const int* cancel,
                 SearchOutcome& out) {
  using R = Root<W, N>;
  const double t0 = monotonic_seconds();
  R root(rules, l.threads);
  const Board<W> b = R::E::load(pos);
  const bool anti_eval = l.evaluation == Evaluation::kAuto ? rules.anti : l.evaluation == Evaluation::kAnti;
  typename R::RootMove moves[kMaxSquares + 1];
  const int n = root.root_moves(b, moves);
  out.pv_length = 0;
  if (n == 0) {
    out.move = -1;
    out.score = R::EG::final_score(root.ctx[0], b.disks[b.to_move], b.disks[b.to_move ^ 1]);
    out.exact = true;
    out.seconds = monotonic_seconds() - t0;
    return;
  }
  root.allocate_tables(static_cast<std::size_t>(l.tt_mb) << 20, true);
  R::sort_by_key(moves, n);
  out.move = moves[0].move;  // if not even depth 1 completes
  out.score = 0;
  const int empties = popcount(root.t.playable & ~R::E::occupied(b));
  const int max_depth = l.depth >= 0 ? l.depth : kMaxDepth;
  // One thread counts its own nodes; several add theirs to one pool, so a
  // busy thread does not stop the search at its share of the budget.
  const u64 node_budget = l.nodes >= 0 ? static_cast<u64>(l.nodes) + 1 : ~u64(0);
  for (int depth = 1; depth <= max_depth; ++depth) {
    // No iteration after the first starts once a budget is spent (the in-search
    // check runs only every 4096 positions, too late for a small budget).
    if (depth > 1 && l.nodes >= 0 && root.total_nodes() >= static_cast<u64>(l.nodes)) break;
    if (depth > 1 && l.seconds >= 0 && monotonic_seconds() >= t0 + l.seconds) break;
    const bool exact = depth >= empties;  // deep enough to reach every end: solve instead
    root.pooled_nodes = root.total_nodes();
    for (int k = 0; k < root.threads; ++k) {
      typename R::Ctx& c = root.ctx[k];
      c.cancel = cancel;
      c.stopped = false;
      c.mid_sel = l.selective ? 0 : kExactSel;
      // The first iteration always completes, so there is always a move.
      c.node_limit = depth == 1 ? ~u64(0) : node_budget;
      c.pooled_nodes = root.threads > 1 ? &root.pooled_nodes : nullptr;
      c.deadline = depth == 1 || l.seconds < 0 ? -1 : t0 + l.seconds;
    }
    if (depth == 1 && cancelled(cancel)) break;
    bool stopped = false;
    int best;
    if (exact) {
      best = root.split(
          moves, n, root.shape.squares + 1, false, stopped,
          [&](typename R::Ctx& c, const Board<W>& ch, int a, int be) { return root.exact_value(c, ch, a, be); });
    } else {
      const int d = depth;
      best = root.split(moves, n, 1 << 24, false, stopped, [&](typename R::Ctx& c, const Board<W>& ch, int a, int be) {
        return root.heuristic_value(c, ch, d - 1, a, be, anti_eval);
      });
    }
    if (stopped || best < 0) break;  // keep the last completed iteration
    out.move = moves[best].move;
    out.depth = exact ? empties : depth;
    out.exact = exact;
    out.score = exact ? moves[best].score : static_cast<double>(moves[best].score) / kScale;
    // Next iteration: the best first, then the others by their score.
    for (int i = 0; i < n; ++i) moves[i].key = i == best ? kFirstKey : -moves[i].score;
    R::sort_by_key(moves, n);
    if (exact) {
      R::lift_limits(root.ctx[0]);
      out.pv_length = root.exact_line_from(moves[0], moves[0].score, out.pv, kMaxLine);
      break;
    }
    out.pv_length = root.hash_line(b, out.move, out.pv, depth, anti_eval);
    if (cancelled(cancel)) break;
  }
  if (out.pv_length == 0) {
    out.pv[0] = out.move;
    out.pv_length = 1;
  }
  out.nodes = static_cast<long long>(root.total_nodes());
  out.seconds = monotonic_seconds() - t0;
}

void solve_any(const Rules& rules, const Position& pos, const SolveOptions& o, const int* cancel, SolveOutcome& out) {
  with_geometry(rules.board,
                [&](auto g) { solve_impl<typename decltype(g)::W, decltype(g)::N>(rules, pos, o, cancel, out); });
}

void search_any(const Rules& rules, const Position& pos, const SearchLimits& l, const int* cancel, SearchOutcome& out) {
  with_geometry(rules.board,
                [&](auto g) { search_impl<typename decltype(g)::W, decltype(g)::N>(rules, pos, l, cancel, out); });
}

}  // namespace

}  // namespace POLYREVERSI_ARCH

namespace POLYREVERSI_ARCH {
extern const SearchKernels search_kernels = {&search_any, &solve_any};
}

}  // namespace polyreversi
