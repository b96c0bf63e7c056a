// Bindings of search() and solve() (cpp/include/polyreversi/search/): conversion only.
#include "polyreversi/search/search.hpp"

#include <cstring>

#include "common.hpp"
#include "polyreversi/search/board_patterns.hpp"
#include "polyreversi/search/patterns.hpp"

namespace polyreversi::bindings {

namespace {

py::list line(const int* pv, int n) {
  py::list out;
  for (int i = 0; i < n; ++i) out.append(pv[i]);
  return out;
}

// Timed work of up to this many seconds runs on the calling thread, the GIL
// released: handing it to the waiting thread and back (run_interruptible) costs
// up to milliseconds on a loaded machine, more than a small budget. Ctrl-C then
// waits for the work's end, at most about this long.
constexpr double kInlineSeconds = 1.0;

// Runs work(cancel) on this thread when `seconds` is a short budget, else
// interruptibly (Ctrl-C sets *cancel_flag; a local flag when it is null).
void run_timed(double seconds, int* cancel_flag, const std::function<void(const int*)>& work) {
  if (seconds > 0 && seconds <= kInlineSeconds) {
    without_gil([&] { work(cancel_flag); });
  } else if (cancel_flag) {
    run_interruptible(cancel_flag, work);
  } else {
    run_interruptible(work);
  }
}

py::tuple search_tuple(const SearchOutcome& out) {
  py::list lines;
  for (const SearchLine& l : out.lines) {
    py::list pv;
    for (int x : l.pv) pv.append(x);
    lines.append(py::make_tuple(l.move, l.score, l.exact, pv));
  }
  return py::make_tuple(out.move, out.score, line(out.pv, out.pv_length), out.depth, out.nodes, out.seconds, out.exact,
                        out.stopped, lines);
}

py::tuple solve_tuple(const SolveOutcome& out) {
  py::dict scores;
  for (int i = 0; i < out.move_count; ++i) scores[py::int_(out.moves[i])] = out.scores[i];
  const auto bound = [](bool known, int value) { return known ? py::object(py::int_(value)) : py::object(py::none()); };
  return py::make_tuple(out.move, out.score, line(out.pv, out.pv_length), out.nodes, out.seconds, scores, out.stopped,
                        bound(out.has_lower, out.lower), bound(out.has_upper, out.upper));
}

SearchLimits limits_of(int depth, double seconds, long long nodes, int threads, int evaluation, int multipv,
                       bool selective, double start_seconds) {
  SearchLimits l;
  l.depth = depth;
  l.seconds = seconds;
  l.start_seconds = start_seconds;
  l.nodes = nodes;
  l.threads = threads;
  l.evaluation = static_cast<Evaluation>(evaluation);
  l.multipv = multipv;
  l.selective = selective;
  return l;
}

SolveOptions solve_options(bool all_moves, int threads, bool wof, double seconds, long long nodes, bool wld = false) {
  SolveOptions o;
  o.wld = wld;
  o.all_moves = all_moves;
  o.threads = threads;
  o.wof = wof;
  o.seconds = seconds;
  o.nodes = nodes;
  return o;
}

}  // namespace

void init_search(py::module_& m) {
  py::class_<Searcher>(m, "_Searcher",
                       "A searcher whose hash tables live through a game (use polyreversi.SearchPlayer).")
      .def(py::init<int, bool>(), py::arg("tt_mb"), py::arg("growing").noconvert() = false)
      .def(
          "search",
          [](Searcher& self, py::handle s_obj, int depth, double seconds, long long nodes, int threads, int evaluation,
             int multipv, bool selective, double start_seconds) {
            const PyState& s = get_state(s_obj);
            const Rules r = s.game.rules();
            const Position p = s.game.position();
            const SearchLimits l =
                limits_of(depth, seconds, nodes, threads, evaluation, multipv, selective, start_seconds);
            SearchOutcome out;
            run_timed(seconds, self.stop_flag(), [&](const int*) { out = self.search(r, p, l); });
            return search_tuple(out);
          },
          py::arg("state"), py::arg("depth"), py::arg("seconds"), py::arg("nodes"), py::arg("threads"),
          py::arg("evaluation"), py::arg("multipv"), py::arg("selective"), py::arg("start_seconds") = -1.0,
          "Returns (move, score, pv, depth, nodes, seconds, exact, stopped, [(move, score, exact, pv)]).")
      .def(
          "solve",
          [](Searcher& self, py::handle s_obj, bool all_moves, int threads, bool wof, double seconds, long long nodes,
             bool wld) {
            const PyState& s = get_state(s_obj);
            const Rules r = s.game.rules();
            const Position p = s.game.position();
            const SolveOptions o = solve_options(all_moves, threads, wof, seconds, nodes, wld);
            SolveOutcome out;
            run_timed(seconds, self.stop_flag(), [&](const int*) { out = self.solve(r, p, o); });
            return solve_tuple(out);
          },
          py::arg("state"), py::arg("all_moves"), py::arg("threads"), py::arg("wof"), py::arg("seconds"),
          py::arg("nodes"), py::arg("wld") = false,
          "Returns (move, score, pv, nodes, seconds, scores, stopped, lower, upper); with wld a win/loss/draw "
          "solve: score a bound (lower or upper None) unless 0.")
      .def("new_game", [](Searcher& self) { without_gil([&] { self.new_game(); }); })
      .def(
          "prepare",
          [](Searcher& self, py::handle s_obj, int evaluation) {
            const Rules r = get_state(s_obj).game.rules();
            without_gil([&] { self.prepare(r, static_cast<Evaluation>(evaluation)); });
          },
          py::arg("state"), py::arg("evaluation"),
          "Makes the tables of the state's board now, for searches with that evaluation (its first search would).")
      .def("stop", &Searcher::stop, "Stops the running search (any thread; it returns its best completed work).")
      .def("clear_stop", &Searcher::clear_stop)
      .def_property_readonly("tt_mb", &Searcher::tt_mb)
      .def("usage_permille", &Searcher::usage_permille);

  m.def(
      "_search",
      [](py::handle s_obj, int depth, double seconds, long long nodes, int threads, int tt_mb, int evaluation,
         bool selective, double start_seconds) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        const Position p = s.game.position();
        SearchLimits l = limits_of(depth, seconds, nodes, threads, evaluation, 1, selective, start_seconds);
        l.tt_mb = tt_mb;
        SearchOutcome out;
        run_timed(seconds, nullptr, [&](const int* cancel) { out = search(r, p, l, cancel); });
        return py::make_tuple(out.move, out.score, line(out.pv, out.pv_length), out.depth, out.nodes, out.seconds,
                              out.exact);
      },
      py::arg("state"), py::arg("depth"), py::arg("seconds"), py::arg("nodes"), py::arg("threads"), py::arg("tt_mb"),
      py::arg("evaluation"), py::arg("selective") = true, py::arg("start_seconds") = -1.0,
      "Two-player search (use polyreversi.search). Returns (move, score, pv, depth, nodes, seconds, exact).");
  m.def(
      "_solve",
      [](py::handle s_obj, bool all_moves, int threads, int tt_mb, bool wof, double seconds, long long nodes) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        const Position p = s.game.position();
        SolveOptions o = solve_options(all_moves, threads, wof, seconds, nodes);
        o.tt_mb = tt_mb;
        SolveOutcome out;
        run_timed(seconds, nullptr, [&](const int* cancel) { out = solve(r, p, o, cancel); });
        return solve_tuple(out);
      },
      py::arg("state"), py::arg("all_moves"), py::arg("threads"), py::arg("tt_mb"), py::arg("wof"),
      py::arg("seconds") = -1.0, py::arg("nodes") = -1LL,
      "Exact solve (use polyreversi.solve). Returns (move, score, pv, nodes, seconds, scores, stopped, lower, upper).");
  m.def(
      "_evaluate",
      [](py::handle s_obj, int evaluation, bool shape_only) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        return evaluate(r, s.game.position(), static_cast<Evaluation>(evaluation), shape_only);
      },
      py::arg("state"), py::arg("evaluation"), py::arg("shape_only"),
      "The search's evaluation of state for its mover, in 1/100 disk (use polyreversi.evaluate).");
  m.def(
      "_set_board_patterns", [](bool on) { return set_board_patterns_enabled(on); }, py::arg("on"),
      "Turns the trained evaluations (the 8x8 patterns and the other boards' weights) on or off for the "
      "searches set up after it, process-wide (the benchmarks' trained-against-shape matches). Returns the "
      "previous setting.");
  m.def(
      "_evaluate_8x8",
      [](py::handle P_obj, py::handle O_obj, bool shape_only) {
        numpy_ready();  // before any array is read: not in the arguments' conversion
        using Words = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>;
        const Words P = Words::ensure(P_obj), O = Words::ensure(O_obj);
        if (!P || !O) throw py::type_error("P and O: expected uint64 arrays (or what converts to them)");
        if (P.ndim() != 1 || O.ndim() != 1 || P.shape(0) != O.shape(0))
          throw py::value_error("P and O: uint64 arrays of one dimension and the same length");
        const long long n = P.shape(0);
        py::array_t<int> out(n);
        const std::uint64_t* p = P.data();
        const std::uint64_t* o = O.data();
        int* r = out.mutable_data();
        without_gil([&] { evaluate_8x8(p, o, r, n, shape_only); });
        return out;
      },
      py::arg("P"), py::arg("O"), py::arg("shape_only"),
      "The 8x8 normal-rules evaluation of n positions (P to move), in 1/100 disk: int32 (n,).");
  m.def(
      "_pattern_tables",
      []() {
        numpy_ready();
        py::list tables;
        for (int k = 0; k < patterns::type_count(); ++k) {
          const int size = patterns::type_size(k);
          py::array_t<std::int16_t> a({patterns::kPhases, size});
          for (int ph = 0; ph < patterns::kPhases; ++ph)
            std::memcpy(a.mutable_data(ph, 0), patterns::type_weights(ph, k), sizeof(std::int16_t) * size);
          tables.append(a);
        }
        py::array_t<int> parity({patterns::kPhases, 2});
        for (int ph = 0; ph < patterns::kPhases; ++ph)
          for (int e = 0; e < 2; ++e) parity.mutable_at(ph, e) = patterns::tables.parity[ph][e];
        py::list mobility;
        const int sizes[4] = {patterns::kMoveSlots, patterns::kMoveSlots, patterns::kPotentialSlots,
                              patterns::kPotentialSlots};
        for (int k = 0, at = 0; k < 4; at += sizes[k++]) {
          py::array_t<int> a({patterns::kPhases, sizes[k]});
          for (int ph = 0; ph < patterns::kPhases; ++ph)
            for (int i = 0; i < sizes[k]; ++i) a.mutable_at(ph, i) = patterns::tables.mobility[ph][at + i];
          mobility.append(a);
        }
        // The legal-move tables by their base-4 index (digit k: the mover's move bit k, plus 2 for the
        // opponent's), as the reference indexes them.
        py::list moves;
        for (int r = 0; r < patterns::kMoveTypes; ++r) {
          py::array_t<std::int16_t> a({patterns::kPhases, patterns::kLineMovesSize});
          for (int ph = 0; ph < patterns::kPhases; ++ph)
            for (int idx = 0; idx < patterns::kLineMovesSize; ++idx) {
              int mine = 0, theirs = 0;
              for (int k = 0; k < 8; ++k) {
                mine |= (idx >> (2 * k) & 1) << k;
                theirs |= (idx >> (2 * k + 1) & 1) << k;
              }
              a.mutable_at(ph, idx) = patterns::tables.line_moves[r][ph][mine | theirs << 8];
            }
          moves.append(a);
        }
        return py::make_tuple(tables, parity, mobility, moves);
      },
      "The 8x8 pattern weights (their reference: tests/reference/patterns.py): ([int16 (phases, 3**k) per pattern "
      "type], int (phases, 2), [int (phases, size) per mobility term], [int16 (phases, 4**8) per legal-move "
      "pattern type]).");
}

}  // namespace polyreversi::bindings
