// Search and solve of one instruction set (POLYREVERSI_ARCH names it; this
// file is compiled once per set, like cpp/src/rules_kernels.cpp). The root: its
// moves (a forced pass and free-opening placements included), iterative
// deepening and its time control, root splitting over threads, multi-PV,
// the principal variation, and the tables a Searcher keeps between calls.
#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>

#include "polyreversi/budget.hpp"
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

// The limits of a timed search or solve, or one with a node budget, are
// polled every 256 nodes (not 4096): a fraction of a millisecond at this
// core's speed, so a 2 ms budget is not overrun by a whole poll interval nor
// a 1,000-node budget fourfold; a clock read costs ~20 ns.
constexpr u64 kTimedPollMask = 255;

// A search's own tables on several threads grow between its iterations to
// hold this many times their entries at most half full: an iteration two
// plies deeper searches several times the nodes of all before it.
constexpr double kNextIterationEntries = 4.0;

// A growing kept table grows in a timed call to this many bytes a part at
// most: a doubling moves its entries and maps its new pages inside the move,
// 4 -> 8 MiB took 1.3 ms, 8 -> 17 MiB 8.7 ms and 17 -> 32 MiB 8-54 ms (2 MiB
// pages, the system compacting memory for them).
constexpr std::size_t kTimedGrowthBytes = std::size_t(8) << 20;

// The three tables of a search or solve (endgame.hpp's Context names them).
template <class W>
struct TableSet {
  TransTable<W> end, mid, near;
};

// What a table's entries depend on beyond the position: the board and its
// squares, the rules (anti), the evaluation of the heuristic entries and
// the score convention of the exact ones. A Searcher forgets its entries
// when this changes.
u64 table_fingerprint(const Rules& r, bool anti_eval, bool wof) {
  u64 h = 1469598103934665603ULL;
  const auto mix = [&](u64 x) { h = (h ^ x) * 0x100000001B3ULL; };
  mix(static_cast<u64>(r.board));
  mix(static_cast<u64>(r.n));
  mix(r.anti);
  mix(r.free_opening);
  mix(static_cast<u64>(r.playable));
  mix(static_cast<u64>(r.playable >> 64));
  mix(anti_eval);
  mix(wof);
  return h;
}

// A Searcher's tables: one set for the board word it last searched (8x8
// and smaller: 64 bits; 10x10: 128), allocated when first used and kept,
// freed when the other word's boards come. Layout, for search and solve
// alike (so a solve finds the search's moves and the other way round): half
// the bytes for the heuristic entries, the other half for the exact ones, 1
// MiB of it (at most an eighth of all) as the near table of the last plies.
// Whole tables are mapped at once, outside any timed move. Growing ones
// (a player without a time limit) start at TransTable::kStartBytes each
// and double as they fill, so that a level-1 player holds a few MiB, not
// tt_mb; in a call with a time limit to kTimedGrowthBytes a part at most
// (making them whole there mapped tt_mb inside the move, 0.1-4.8 s at 1 GiB).
// The first call on several threads, or make_ready(), makes them whole and
// every set after that is whole.
class Tables final : public SearchTables {
 public:
  // The 64-bit word's set (8x8 and smaller boards, the usual ones) is made at once.
  Tables(std::size_t bytes, bool growing) : bytes_(bytes), growing_(growing) { prepare<u64>(fingerprint_, false); }

  // The set of W's boards, emptied when `fingerprint` (table_fingerprint)
  // changes; whole: made whole now if it is growing; timed: a call with a time
  // limit, in which the tables grow to kTimedGrowthBytes a part at most.
  template <class W>
  TableSet<W>& prepare(u64 fingerprint, bool whole, bool timed = false) {
    std::unique_ptr<TableSet<W>>& s = slot(static_cast<W*>(nullptr));
    if (whole) growing_ = false;
    if (!s) {
      narrow_.reset();
      wide_.reset();
      std::unique_ptr<TableSet<W>> fresh(new TableSet<W>);
      const std::size_t near = std::min(bytes_ / 8, kNearTableBytes);
      const std::size_t start = growing_ ? TransTable<W>::kStartBytes : 0;
      fresh->mid.resize(bytes_ / 2, true, start);
      fresh->end.resize(bytes_ - bytes_ / 2 - near, true, start);
      fresh->near.resize(near, false, start);
      if (!growing_) {
        fresh->mid.fault_in();
        fresh->end.fault_in();
        fresh->near.fault_in();
      }
      s = std::move(fresh);
    } else {
      if (fingerprint != fingerprint_) clear_set(*s);
      if (!growing_) make_whole(*s);  // each part may have grown whole by itself, or not
    }
    fingerprint_ = fingerprint;
    if (growing_) {
      const std::size_t limit = timed ? kTimedGrowthBytes : TransTable<W>::kNoLimit;
      s->mid.limit_growth(limit);
      s->end.limit_growth(limit);
      s->near.limit_growth(limit);
    }
    return *s;
  }

  void clear() override {
    if (narrow_) clear_set(*narrow_);
    if (wide_) clear_set(*wide_);
  }

  void make_ready(const Rules& rules, bool anti_eval) override {
    with_geometry(rules.board, [&](auto g) {
      using W = typename decltype(g)::W;
      prepare<W>(table_fingerprint(rules, anti_eval, false), true);
    });
  }

  int usage_permille() const override {
    if (narrow_) return usage(*narrow_);
    if (wide_) return usage(*wide_);
    return 0;
  }

 private:
  template <class W>
  static void make_whole(TableSet<W>& s) {
    s.mid.make_whole();
    s.end.make_whole();
    s.near.make_whole();
  }
  template <class W>
  static void clear_set(TableSet<W>& s) {
    s.end.clear();
    s.mid.clear();
    s.near.clear();
  }
  template <class W>
  static int usage(const TableSet<W>& s) {
    return (s.mid.usage_permille(500) + s.end.usage_permille(500)) / 2;
  }
  std::unique_ptr<TableSet<u64>>& slot(u64*) { return narrow_; }
  std::unique_ptr<TableSet<u128>>& slot(u128*) { return wide_; }

  std::size_t bytes_;
  bool growing_;
  u64 fingerprint_ = 0;
  std::unique_ptr<TableSet<u64>> narrow_;
  std::unique_ptr<TableSet<u128>> wide_;
};

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
    bool exact;    // score inside the window it was searched with
    bool done;     // scored (exactly or as a bound) before any stop
    bool bounded;  // below a guess that is above the best (split): no better than the guess
  };

  // No guess of the best score for split(): a move taken before any is scored gets the whole window.
  static constexpr int kNoGuess = -kNoBound - 1;

  const Table<W> t;
  const Shape<W, N> shape;
  const bool anti;
  std::unique_ptr<TableSet<W>> own;  // the call's own tables (no Searcher's given)
  TransTable<W>& end_tt;             // shared by the threads
  TransTable<W>& mid_tt;
  TransTable<W>& near_tt;
  const bool kept;             // the tables are a Searcher's: sized and laid out already
  std::unique_ptr<Ctx[]> ctx;  // one per thread
  int threads;
  // The clock of the time limits: the wall clock, or on one thread with the
  // CPU budget clock (budget.hpp) that thread's CPU time, so that a match on a
  // loaded machine gives each side the CPU it was given.
  double (*const now)();
  ThreadTeam own_team;  // the call's own helper threads (no kept team given)
  ThreadTeam& team;
  u64 pooled_nodes = 0;  // a search's node budget with threads: every thread's nodes (Context::poll)

  // tables: a Searcher's (kept), or null for tables of this call (allocate_tables);
  // helpers: a kept team (a Searcher's, the process's), or null for one of this call;
  // anti_eval: the evaluation's rules (Shape).
  Root(const Rules& r, int nthreads, TableSet<W>* tables, ThreadTeam* helpers, bool anti_eval)
      : t(E::table(r)),
        shape(r, anti_eval),
        anti(r.anti),
        own(tables ? nullptr : new TableSet<W>),
        end_tt(tables ? tables->end : own->end),
        mid_tt(tables ? tables->mid : own->mid),
        near_tt(tables ? tables->near : own->near),
        kept(tables != nullptr),
        threads(nthreads),
        now(nthreads == 1 && budget_clock() == BudgetClock::kThreadCpu ? &thread_cpu_seconds : &monotonic_seconds),
        team(helpers ? *helpers : own_team) {
    ctx.reset(new Ctx[threads]);
    for (int i = 0; i < threads; ++i) {
      ctx[i].shape = &shape;
      ctx[i].anti = anti;
      ctx[i].clock = now;
      ctx[i].end_tt = &end_tt;
      // A call's own search table gives the last plies no table of their own
      // (a solve does: allocate_tables); a Searcher's tables always have one.
      ctx[i].near_tt = kept ? &near_tt : &end_tt;
      ctx[i].mid_tt = &mid_tt;
    }
  }

  // When the call that began at wall time `wall0` and thread CPU time `cpu0`
  // began, on the limits' clock.
  double started(double wall0, double cpu0) const { return now == &thread_cpu_seconds ? cpu0 : wall0; }

  // Every thread's limits for the work to come: the stop flag, the time and
  // node budgets (deadline in seconds of the limits' clock `now`, < 0: none; node_limit
  // ~0: none, pooled over the threads).
  void set_limits(const int* cancel, double deadline, u64 node_limit) {
    pooled_nodes = total_nodes();
    for (int k = 0; k < threads; ++k) {
      Ctx& c = ctx[k];
      c.cancel = cancel;
      c.stopped = false;
      c.node_limit = node_limit;
      c.pooled_nodes = threads > 1 ? &pooled_nodes : nullptr;
      c.deadline = deadline;
      c.poll_mask = deadline >= 0 || node_limit != ~u64(0) ? kTimedPollMask : 4095;
    }
  }

  // The call's own hash tables (not with a Searcher's), allocated only once
  // there is a move to search. start_bytes > 0: the tables start with that
  // many of tt_bytes in use, each its share and at least
  // TransTable::kStartBytes, and grow (TransTable::resize): on one thread as
  // they fill (8x8 at the default 64 MiB, a 4-empty solve takes 0.05 ms, 0.8
  // ms whole, and a depth-1 search 0.06 ms); on several threads between the
  // iterations and passes of the call (grow_between). 0: whole.
  void allocate_tables(std::size_t tt_bytes, bool with_mid_table, bool huge_pages, std::size_t start_bytes) {
    if (kept) return;
    const bool shared = threads != 1;
    const auto start = [&](std::size_t bytes) -> std::size_t {
      if (start_bytes == 0 || start_bytes >= tt_bytes) return 0;  // whole
      return std::max(TransTable<W>::kStartBytes, bytes / (tt_bytes / start_bytes));
    };
    if (with_mid_table) {
      end_tt.resize(tt_bytes / 2, huge_pages, start(tt_bytes / 2), shared);
      mid_tt.resize(tt_bytes / 2, huge_pages, start(tt_bytes / 2), shared);
      return;
    }
    // A solve keeps the whole size for exact entries, 1 MiB of it (at most a
    // quarter) as the near table of the last plies (Endgame::kNearMax), and
    // a quarter more for the ordering searches (their entries are many fewer).
    const std::size_t near = std::min(tt_bytes / 4, kNearTableBytes);
    end_tt.resize(tt_bytes - near, huge_pages, start(tt_bytes - near), shared);
    near_tt.resize(near, huge_pages, start(near), shared);
    mid_tt.resize(tt_bytes / kOrderingTableShare, huge_pages, start(tt_bytes / kOrderingTableShare), shared);
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
    if (in_opening(b)) {
      ++c.nodes;  // a placement position is a node (the solver counts its own)
      return opening_negamax(c, b, alpha, beta, -kDiskInfinity,
                             [&](const Board<W>& ch, int a, int be) { return exact_value(c, ch, a, be); });
    }
    return EG::solve(c, b.disks[b.to_move], b.disks[b.to_move ^ 1], alpha, beta, false);
  }

  int heuristic_value(Ctx& c, const Board<W>& b, int depth, int alpha, int beta, bool anti_eval) const {
    if (in_opening(b)) {
      ++c.nodes;  // a placement position is a node (the midgame search counts its own)
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
      const RootMove x = m[i];
      insert_by_key(m, i, x);
    }
  }

  // Scores the root moves over the threads inside the window (lo, hi);
  // returns the index of the best (-1 if stopped before any move was scored)
  // and its fail-soft score in moves[i].score (<= lo: an upper bound, >= hi:
  // a lower bound, else exact). `value(c, child, a, b)` is the child's value
  // for its mover. With all_moves every score is exact (full window);
  // otherwise moves after the first get a null window against the best so
  // far, and a move at or above hi ends the work. With multipv = k > 1 the
  // best k are exact: the first k moves get the window (lo, hi), the others
  // a null window against the k-th best exact score so far, searched again
  // inside (it, hi) when they land above it; a stopped multi-PV pass returns
  // -1 (its k best are not known).
  //
  // guess (one best move wanted, not all_moves): a likely best score, the
  // last iteration's. A helper that takes a move while the first is still
  // being searched gives it a null window at the guess instead of the whole
  // window (on two threads the second move would always get the costliest
  // search); a move below the guess is then bounded by it only, and
  // searched again against the best once one is known if the guess is above
  // it. The scores are those of one thread's order: one thread never
  // speculates (it scores move 0 before taking another).
  template <class F>
  int split(RootMove* moves, int n, int inf, bool all_moves, bool& stopped, F value, int multipv = 1,
            int guess = kNoGuess) {
    return split(moves, n, inf, -inf, inf, all_moves, stopped, value, multipv, guess);
  }
  template <class F>
  int split(RootMove* moves, int n, int inf, int lo, int hi, bool all_moves, bool& stopped, F value, int multipv = 1,
            int guess = kNoGuess) {
    int next = 0, alpha = lo, best = -inf - 1, best_i = -1, stop = 0, scored = 0;
    bool best_exact = false, cut = false;
    const bool speculate = guess != kNoGuess && !all_moves && multipv == 1;
    const int g = std::max(lo, std::min(guess, hi - 1));  // the null window (g, g + 1) inside (lo, hi)
    std::vector<int> top;  // multi-PV: the exact scores so far, highest first, at most multipv
    std::mutex lock;
    for (int i = 0; i < n; ++i) moves[i].exact = moves[i].done = moves[i].bounded = false;
    const auto rank = [&](int i, int v, bool exact) {
      if (best_i < 0 || v > best || (v == best && ((exact && !best_exact) || (exact == best_exact && i < best_i)))) {
        best = v;
        best_i = i;
        best_exact = exact;
      }
      if (v > alpha) alpha = v;
    };
    // Move i's score v from a search whose window began at a (under the lock).
    const auto record = [&](int i, int v, int a) {
      const bool exact = all_moves || (v > a && v < hi);
      moves[i].score = v;
      moves[i].exact = exact;
      moves[i].done = true;
      if (!exact && v <= a && v > alpha) {  // below a guess that is above the best so far
        moves[i].bounded = true;
        return;
      }
      ++scored;
      if (multipv > 1 && exact) {
        top.insert(std::upper_bound(top.begin(), top.end(), v, [](int x, int y) { return x > y; }), v);
        if (static_cast<int>(top.size()) > multipv) top.pop_back();
      }
      rank(i, v, exact);
      if (!all_moves && v >= hi) cut = true;
    };
    // A bounded move to search again against the best so far (under the lock), or -1.
    const auto again = [&]() {
      if (scored == 0) return -1;
      for (int i = 0; i < n; ++i)
        if (moves[i].bounded && moves[i].score > alpha) {
          moves[i].bounded = moves[i].done = false;
          return i;
        }
      return -1;
    };
    auto work = [&](Ctx& c) {
      c.shared_stop = &stop;
      std::unique_lock<std::mutex> held(lock);
      for (;;) {
        // The next move in the order, else a bounded move to search again. A
        // thread with neither leaves (a thread that waited would hold up the
        // split's end until it woke, on a loaded machine a time slice): a
        // bounded move a later result leaves above the best is searched again
        // by the thread that recorded that result.
        if (cut || __atomic_load_n(&stop, __ATOMIC_RELAXED)) return;
        const bool retry = next >= n;
        const int i = retry ? again() : next++;
        if (i < 0) return;
        int a;
        bool first;
        if (multipv > 1) {
          first = static_cast<int>(top.size()) < multipv;
          a = first ? lo : top[multipv - 1];
        } else {
          a = alpha;
          first = scored == 0 && !retry;
        }
        if (first && speculate && i > 0) {
          a = g;
          first = false;
        }
        held.unlock();
        int v;
        if (all_moves) {
          v = -value(c, moves[i].child, -inf, inf);
        } else if (first) {
          v = -value(c, moves[i].child, -hi, -a);
        } else {
          v = -value(c, moves[i].child, -a - 1, -a);
          if (!c.stopped && v > a && v < hi) v = -value(c, moves[i].child, -hi, -a);
        }
        held.lock();
        if (c.stopped) {
          __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
          return;
        }
        record(i, v, a);
      }
    };
    // A helper that starts late finds no move left: the moves are shared, so
    // the team may run fewer parts than asked.
    team.run(std::min(threads, n), [&](int k) { work(ctx[k]); });
    stopped = stop != 0 || ctx[0].stopped;
    for (int k = 0; k < threads; ++k) {
      ctx[k].shared_stop = nullptr;
      if (ctx[k].stopped) stopped = true;
    }
    // A bounded move at or below the best is scored: it is no better. The
    // others are left only by a stop or a cut.
    for (int i = 0; i < n; ++i)
      if (moves[i].bounded && moves[i].score <= alpha) {
        moves[i].bounded = false;
        rank(i, moves[i].score, false);
      }
    if (stopped && multipv > 1) return -1;
    if (stopped && !all_moves) {
      // A move scored exactly before the stop may be kept only if every
      // move before it in the order was scored too (the usual rule of
      // aborted iterations): otherwise the best may be missing. A move
      // bounded above the best is not scored.
      if (best_i < 0 || !best_exact) return -1;
      for (int i = 0; i < best_i; ++i)
        if (!moves[i].done || moves[i].bounded) return -1;
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
// A solve of fewer empties starts its own tables at TransTable::kStartBytes:
// 8x8 positions of 8 / 12 / 14 / 16 / 18 empties in 0.12 / 0.90 / 3.2 / 12.3 /
// 49 ms against 0.89 / 1.4 / 6.9 / 15.9 / 54 ms whole (30 random positions each,
// PGO build). From this many it starts them at kLargeSolveStartBytes in all:
// growing from 64 KiB cost FFO #45-#49 2 % more time, from 8 MiB as much as
// whole (18.8-19.1 s against 18.6-19.6, 0.15 % more nodes); whole tables cost
// a short solve every 2 MiB page its probes touch: a 20-empty solve took
// 1.6-2.9 s and 1.3 GB at tt_mb 1000 (0.10 s and 58 MiB from 8 MiB; 0.10-0.14 s
// and 126 MiB whole at 64), and in 50 ms at 64 MiB it searched 21,000 nodes
// (1.4 million from 8 MiB).
constexpr int kLargeSolveEmpties = 20;
constexpr std::size_t kLargeSolveStartBytes = std::size_t(8) << 20;
// A solve of fewer on several threads, whose tables grow only between its
// passes, starts them at this many in all: 8x8, two threads, 12-19 empties
// took the same time at tt_mb 1-4 (and at 8, 16 and 64 MiB whole 1.1-7 times
// as long: 2 MiB pages zeroed). From kLargeSolveEmpties on several threads
// they are whole: one exact pass (all moves, win/loss/draw) would fill them.
constexpr std::size_t kSharedSolveStartBytes = std::size_t(2) << 20;

// Tuned by node counts on FFO #40-#47 (benchmarks/HISTORY.md): a deeper
// estimate (8 or 10 plies) and wider first windows cost more nodes.
constexpr int kEstimateMin = 16;      // from this many empties a solve starts from a search estimate
constexpr int kEstimateMaxDepth = 6;  // plies of that estimate at most
constexpr int kAspiration = 1;        // first window (estimate - 1, estimate + 1): a null-window test
constexpr int kSelectiveMin = 20;     // from this many empties a solve runs selective passes first (8x8 trained)

// A heuristic score (kScale a disk) to the nearest disk, halves away from zero.
inline int nearest_disks(int score) {
  return score >= 0 ? (score + kScale / 2) / kScale : -((-score + kScale / 2) / kScale);
}

// The tables of a call: a Searcher's, prepared for these rules, or null.
// whole: the call has threads; timed: a time limit (Tables).
template <class W>
TableSet<W>* kept_tables(SearchTables* tables, const Rules& rules, bool anti_eval, bool wof, bool whole, bool timed) {
  return tables ? &static_cast<Tables*>(tables)->prepare<W>(table_fingerprint(rules, anti_eval, wof), whole, timed)
                : nullptr;
}

template <class W, int N>
void solve_impl(const Rules& rules, const Position& pos, const SolveOptions& o, const int* cancel, SolveOutcome& out,
                SearchTables* tables, ThreadTeam* team) {
  using R = Root<W, N>;
  const double t0 = monotonic_seconds(), cpu0 = thread_cpu_seconds();
  const int empties = popcount(static_cast<W>(rules.playable) & ~R::E::occupied(R::E::load(pos)));
  R root(rules, o.threads, kept_tables<W>(tables, rules, rules.anti, o.wof, o.threads != 1, o.seconds >= 0), team,
         rules.anti);
  root.set_limits(cancel, o.seconds >= 0 ? root.started(t0, cpu0) + o.seconds : -1,
                  o.nodes >= 0 ? static_cast<u64>(o.nodes) : ~u64(0));
  for (int k = 0; k < root.threads; ++k) root.ctx[k].wof = o.wof;
  const Board<W> b = R::E::load(pos);
  typename R::RootMove moves[kMaxSquares + 1];
  const int n = root.root_moves(b, moves);
  const int inf = root.shape.squares + 1;
  out.move_count = 0;
  out.pv_length = 0;
  if (n == 0) {
    out.move = -1;
    out.score = R::EG::final_score(root.ctx[0], b.disks[b.to_move], b.disks[b.to_move ^ 1]);
    out.lower = out.upper = out.score;
    out.has_lower = out.has_upper = true;
  } else {
    const std::size_t start_bytes = root.threads > 1 ? (empties >= kLargeSolveEmpties ? 0 : kSharedSolveStartBytes)
                                    : empties >= kLargeSolveEmpties ? kLargeSolveStartBytes
                                                                    : TransTable<W>::kStartBytes;
    root.allocate_tables(static_cast<std::size_t>(o.tt_mb) << 20, false, empties >= kHugePagesMin, start_bytes);
    R::sort_by_key(moves, n);
    bool stopped = false;
    const auto exact = [&](typename R::Ctx& c, const Board<W>& ch, int a, int be) {
      return root.exact_value(c, ch, a, be);
    };
    // Before each pass on several threads, no helper searching (ThreadTeam::run has returned).
    const auto between_passes = [&] {
      if (root.threads == 1 || root.kept) return;
      root.end_tt.grow_between(kNextIterationEntries);
      root.near_tt.grow_between(kNextIterationEntries);
      root.mid_tt.grow_between(kNextIterationEntries);
    };
    int lo = -inf, hi = inf, best = -1;
    int centre = R::kNoGuess;  // the score the window (lo, hi) is laid around, if any: the split's guess
    const bool wld = o.wld && !o.all_moves;
    const int empties = popcount(root.t.playable & ~R::E::occupied(b));
    if (!o.all_moves && empties >= kEstimateMin) {
      // The estimate: iterative deepening of the heuristic search, which
      // orders the root moves and leaves its entries in the mid table for
      // the ordering searches of endgame.hpp; then an aspiration window
      // around it. (The mid table's moves as hash moves of the exact search
      // cost nodes: tried, #46 took 2x more.)
      const int depth = std::min(kEstimateMaxDepth, (empties - 8) / 2);
      int last[2] = {R::kNoGuess, R::kNoGuess};  // the last estimate of each depth parity
      for (int d = 1; d <= depth && !stopped; ++d) {
        between_passes();
        const int bi = root.split(
            moves, n, 1 << 24, false, stopped,
            [&](typename R::Ctx& c, const Board<W>& ch, int a, int be) {
              return root.heuristic_value(c, ch, d - 1, a, be, rules.anti);
            },
            1, last[d & 1]);
        if (stopped || bi < 0) break;
        const int est = moves[bi].score;
        last[d & 1] = est;
        for (int i = 0; i < n; ++i) moves[i].key = i == bi ? kFirstKey : -moves[i].score;
        R::sort_by_key(moves, n);
        const int disks = nearest_disks(est);
        lo = std::max(-inf, disks - kAspiration);
        hi = std::min(inf, disks + kAspiration);
        centre = disks;
      }
    }
    // Scores the root inside (lo, hi), widening the window on a fail; the
    // best first in moves[] for the next pass. A selective pass can fail
    // high after failing low (ProbCut's cuts depend on the window): after such
    // a turn the window is the whole range, which every value lies inside
    // (without it the window can swing around one value for ever).
    // What the exact pass has proven so far, kept for a solve that is stopped: each move
    // it scored exactly or that failed high bounds the score from below; a pass whose
    // moves all failed low (its best <= lo) bounds it from above.
    const auto prove = [&](int sel, int bi, int pass_lo, int pass_hi, bool pass_stopped) {
      if (sel != kExactSel) return;
      for (int i = 0; i < n; ++i) {
        if (!moves[i].done || !(moves[i].exact || moves[i].score >= pass_hi)) continue;
        if (!out.has_lower || moves[i].score > out.lower) out.lower = moves[i].score;
        out.has_lower = true;
      }
      if (!pass_stopped && bi >= 0 && !o.all_moves && moves[bi].score <= pass_lo &&
          (!out.has_upper || moves[bi].score < out.upper)) {
        out.upper = moves[bi].score;
        out.has_upper = true;
      }
    };
    const auto aspire = [&](int sel) {
      for (int k = 0; k < root.threads; ++k) root.ctx[k].sel = sel;
      int bi = -1, last_fail = 0;
      for (int delta = 2 * kAspiration; !stopped;) {
        const int pass_lo = lo, pass_hi = hi;
        between_passes();
        bi = root.split(moves, n, inf, lo, hi, o.all_moves, stopped, exact, 1, centre);
        prove(sel, bi, pass_lo, pass_hi, stopped);
        if (stopped || bi < 0) break;
        const int v = moves[bi].score;
        if (o.all_moves || wld || (v > lo && v < hi)) break;
        const int fail = v <= lo ? -1 : 1;
        centre = R::kNoGuess;  // a fail bounds the score on one side only
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
    // (Not before a win/loss/draw pass: at 20-22 empties they cost it as much as they save.)
    if (!o.all_moves && !wld && root.shape.trained && !rules.anti && empties >= kSelectiveMin) {
      for (int sel = 0; sel < ProbCut::kLevels && !stopped; ++sel) {
        const int bi = aspire(sel);
        if (stopped || bi < 0) break;
        const int v = moves[bi].score;
        lo = std::max(-inf, v - kAspiration);
        hi = std::min(inf, v + kAspiration);
        centre = v;
        for (int i = 0; i < n; ++i) moves[i].key = i == bi ? kFirstKey : (moves[i].done ? -moves[i].score : inf);
        R::sort_by_key(moves, n);
      }
    }
    if (wld) {
      lo = -1;
      hi = 1;
      centre = R::kNoGuess;
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
    out.lower = out.upper = out.score;
    out.has_lower = out.score > lo;  // the window proves a bound on the other side only
    out.has_upper = out.score < hi;
    if (o.all_moves) {
      for (int i = 0; i < n; ++i) {
        out.moves[i] = moves[i].move;
        out.scores[i] = moves[i].score;
      }
      out.move_count = n;
    }
    out.pv_length = root.exact_line_from(moves[best], out.score, out.pv, kMaxLine);
  }

  out.stopped = false;  // the score is complete (a limit may have cut its line short)
  out.nodes = static_cast<long long>(root.total_nodes());
  out.seconds = monotonic_seconds() - t0;
}

template <class W, int N>
void search_impl(const Rules& rules, const Position& pos, const SearchLimits& l, const int* cancel, SearchOutcome& out,
                 SearchTables* tables, ThreadTeam* team) {
  using R = Root<W, N>;
  const double t0 = monotonic_seconds(), cpu0 = thread_cpu_seconds();
  const bool anti_eval = l.evaluation == Evaluation::kAuto ? rules.anti : l.evaluation == Evaluation::kAnti;
  R root(rules, l.threads, kept_tables<W>(tables, rules, anti_eval, false, l.threads != 1, l.seconds >= 0), team,
         anti_eval);
  const double l0 = root.started(t0, cpu0);  // the time limits count from here, on root.now
  const Board<W> b = R::E::load(pos);
  typename R::RootMove moves[kMaxSquares + 1];
  const int n = root.root_moves(b, moves);
  out.pv_length = 0;
  out.lines.clear();
  if (n == 0) {
    out.move = -1;
    out.score = R::EG::final_score(root.ctx[0], b.disks[b.to_move], b.disks[b.to_move ^ 1]);
    out.exact = true;
    out.seconds = monotonic_seconds() - t0;
    return;
  }
  root.allocate_tables(static_cast<std::size_t>(l.tt_mb) << 20, true, false, TransTable<W>::kStartBytes);
  R::sort_by_key(moves, n);
  out.move = moves[0].move;  // if not even depth 1 completes
  out.score = 0;
  const int empties = popcount(root.t.playable & ~R::E::occupied(b));
  const int max_depth = l.depth >= 0 ? l.depth : kMaxDepth;
  const int multipv = std::max(1, std::min(l.multipv, n));
  const double deadline = l.seconds >= 0 ? l0 + l.seconds : -1;
  // No iteration after the first starts from this time on (the caller's plan:
  // polyreversi/time_control.py); the last one runs until the deadline at most.
  const double last_start =
      deadline < 0 ? -1 : l0 + (l.start_seconds >= 0 ? std::min(l.start_seconds, l.seconds) : l.seconds);
  // One thread counts its own nodes; several add theirs to one pool, so a
  // busy thread does not stop the search at its share of the budget.
  const u64 node_budget = l.nodes >= 0 ? static_cast<u64>(l.nodes) + 1 : ~u64(0);
  // On the trained 8x8 evaluation the iterations go two plies at a time and end
  // on the target depth's parity (even without one), as Edax's: a move of an odd
  // depth is hardly better than the even depth's before it, and the odd
  // iterations cost more than the ordering they leave saves. The other boards'
  // evaluations lost at equal time that way (10x10, octagon): one ply at a time
  // there (docs/tuning.md).
  const int step = Evaluator<W, N>::patterned(root.shape, anti_eval) ? 2 : 1;
  const int first_depth = step == 2 ? 2 - (max_depth & 1) : 1;
  // The best score of the last iteration of each depth parity (an odd depth
  // favours the mover): the split's guess of the next of that parity.
  int last[2] = {R::kNoGuess, R::kNoGuess}, latest = R::kNoGuess;
  for (int depth = first_depth; depth <= max_depth; depth += step) {
    // No iteration after the first starts once the node budget is spent or its
    // last start time has passed.
    if (depth > first_depth && l.nodes >= 0 && root.total_nodes() >= static_cast<u64>(l.nodes)) {
      out.stopped = true;
      break;
    }
    if (depth > first_depth && last_start >= 0 && root.now() >= last_start) {
      out.stopped = true;
      break;
    }
    if (depth > first_depth && root.threads > 1 && !root.kept) {
      // Before an iteration that starts, no helper searching (ThreadTeam::run has returned).
      root.mid_tt.grow_between(kNextIterationEntries);
      root.end_tt.grow_between(kNextIterationEntries);
    }
    const bool exact = depth >= empties;  // deep enough to reach every end: solve instead
    // The first iteration always completes (unless stopped), so there is always a move.
    root.set_limits(cancel, depth == first_depth ? -1 : deadline, depth == first_depth ? ~u64(0) : node_budget);
    for (int k = 0; k < root.threads; ++k) root.ctx[k].mid_sel = l.selective ? MidgameCut::kLevel : kExactSel;
    if (depth == first_depth && cancelled(cancel)) {
      out.stopped = true;
      break;
    }
    bool stopped = false;
    int best;
    if (exact) {
      // The guess: the last heuristic score in disks.
      const int guess = latest == R::kNoGuess ? latest : nearest_disks(latest);
      best = root.split(
          moves, n, root.shape.squares + 1, false, stopped,
          [&](typename R::Ctx& c, const Board<W>& ch, int a, int be) { return root.exact_value(c, ch, a, be); },
          multipv, guess);
    } else {
      const int d = depth;
      best = root.split(
          moves, n, 1 << 24, false, stopped,
          [&](typename R::Ctx& c, const Board<W>& ch, int a, int be) {
            return root.heuristic_value(c, ch, d - 1, a, be, anti_eval);
          },
          multipv, last[depth & 1]);
    }
    // A stopped iteration's move is kept when split() vouches for it (scored exactly at
    // this depth, every move before it in the order scored: the last iteration's best
    // first, so a best move that failed low is replaced only by one that beat it). Not a
    // stopped solve's: its move would be exact for that move alone.
    if (best < 0 || (stopped && exact)) {
      out.stopped = true;
      break;
    }
    out.move = moves[best].move;
    out.depth = exact ? empties : depth;
    out.exact = exact;
    const auto disks = [&](int score) { return exact ? score : static_cast<double>(score) / kScale; };
    out.score = disks(moves[best].score);
    latest = last[depth & 1] = moves[best].score;
    // The k best, exact (split): their lines once they are ordered.
    typename R::RootMove ranked[kMaxSquares + 1];
    int ranked_n = 0;
    if (multipv > 1) {
      for (int i = 0; i < n; ++i)
        if (moves[i].exact) ranked[ranked_n++] = moves[i];
      std::stable_sort(ranked, ranked + ranked_n, [](const auto& x, const auto& y) { return x.score > y.score; });
      ranked_n = std::min(ranked_n, multipv);
    }
    // Next iteration: the best first, then the others by their score.
    for (int i = 0; i < n; ++i) moves[i].key = i == best ? kFirstKey : -moves[i].score;
    R::sort_by_key(moves, n);
    if (multipv <= 1) {
      ranked[0] = moves[0];
      ranked_n = 1;
    }
    // The lines, within the limits (a line a limit cuts short keeps its first moves).
    out.lines.assign(ranked_n, SearchLine());
    int pv[kMaxLine];
    for (int k = 0; k < ranked_n; ++k) {
      SearchLine& line = out.lines[k];
      line.move = ranked[k].move;
      line.score = disks(ranked[k].score);
      line.exact = exact;
      const int len = exact ? root.exact_line_from(ranked[k], ranked[k].score, pv, kMaxLine)
                            : root.hash_line(b, ranked[k].move, pv, depth, anti_eval);
      line.pv.assign(pv, pv + std::max(len, 1));
      line.pv[0] = ranked[k].move;
    }
    const SearchLine& first = out.lines[0];
    out.pv_length = static_cast<int>(first.pv.size());
    std::copy(first.pv.begin(), first.pv.end(), out.pv);
    if (first.move != out.move) {  // a tie ranked first: the lines lead with the move played
      for (SearchLine& line : out.lines)
        if (line.move == out.move) std::swap(line, out.lines[0]);
      out.pv_length = static_cast<int>(out.lines[0].pv.size());
      std::copy(out.lines[0].pv.begin(), out.lines[0].pv.end(), out.pv);
    }
    if (stopped || exact || cancelled(cancel)) {
      out.stopped = !exact;
      break;
    }
  }
  if (out.pv_length == 0) {
    out.pv[0] = out.move;
    out.pv_length = 1;
  }
  if (out.lines.empty()) {  // not even the first iteration completed: the move alone, unscored
    out.lines.resize(1);
    out.lines[0].move = out.move;
    out.lines[0].pv.assign(1, out.move);
  }
  out.nodes = static_cast<long long>(root.total_nodes());
  out.seconds = monotonic_seconds() - t0;
}

void solve_any(const Rules& rules, const Position& pos, const SolveOptions& o, const int* cancel, SolveOutcome& out,
               SearchTables* tables, ThreadTeam* team) {
  with_geometry(rules.board, [&](auto g) {
    solve_impl<typename decltype(g)::W, decltype(g)::N>(rules, pos, o, cancel, out, tables, team);
  });
}

void search_any(const Rules& rules, const Position& pos, const SearchLimits& l, const int* cancel, SearchOutcome& out,
                SearchTables* tables, ThreadTeam* team) {
  with_geometry(rules.board, [&](auto g) {
    search_impl<typename decltype(g)::W, decltype(g)::N>(rules, pos, l, cancel, out, tables, team);
  });
}

std::unique_ptr<SearchTables> make_tables(std::size_t bytes, bool growing) {
  return std::unique_ptr<SearchTables>(new Tables(bytes, growing));
}

}  // namespace

}  // namespace POLYREVERSI_ARCH

namespace POLYREVERSI_ARCH {
extern const SearchKernels search_kernels = {&search_any, &solve_any, &make_tables};
}

}  // namespace polyreversi
