// Bindings of search() and solve() (cpp/include/polyreversi/search/): conversion only.
#include "polyreversi/search/search.hpp"

#include "common.hpp"

namespace polyreversi::bindings {

namespace {

py::list line(const int* pv, int n) {
  py::list out;
  for (int i = 0; i < n; ++i) out.append(pv[i]);
  return out;
}

}  // namespace

void init_search(py::module_& m) {
  m.def(
      "_search",
      [](py::handle s_obj, int depth, double seconds, long long nodes, int threads, int tt_mb, int evaluation) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        const Position p = s.game.position();
        if (evaluation < 0 || evaluation > 2) throw py::value_error("evaluation: 0 (auto), 1 (normal) or 2 (anti)");
        SearchLimits l;
        l.depth = depth;
        l.seconds = seconds;
        l.nodes = nodes;
        l.threads = threads;
        l.tt_mb = tt_mb;
        l.evaluation = static_cast<Evaluation>(evaluation);
        SearchOutcome out;
        run_interruptible([&](const int* cancel) { out = search(r, p, l, cancel); });
        return py::make_tuple(out.move, out.score, line(out.pv, out.pv_length), out.depth, out.nodes, out.seconds,
                              out.exact);
      },
      py::arg("state"), py::arg("depth"), py::arg("seconds"), py::arg("nodes"), py::arg("threads"), py::arg("tt_mb"),
      py::arg("evaluation"),
      "Two-player search (use polyreversi.search). Returns (move, score, pv, depth, nodes, seconds, exact).");
  m.def(
      "_solve",
      [](py::handle s_obj, bool all_moves, int threads, int tt_mb, bool wof) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        const Position p = s.game.position();
        SolveOptions o;
        o.all_moves = all_moves;
        o.threads = threads;
        o.tt_mb = tt_mb;
        o.wof = wof;
        SolveOutcome out;
        run_interruptible([&](const int* cancel) { out = solve(r, p, o, cancel); });
        py::dict scores;
        for (int i = 0; i < out.move_count; ++i) scores[py::int_(out.moves[i])] = out.scores[i];
        return py::make_tuple(out.move, out.score, line(out.pv, out.pv_length), out.nodes, out.seconds, scores,
                              out.stopped);
      },
      py::arg("state"), py::arg("all_moves"), py::arg("threads"), py::arg("tt_mb"), py::arg("wof"),
      "Exact solve (use polyreversi.solve). Returns (move, score, pv, nodes, seconds, scores, stopped).");
}

}  // namespace polyreversi::bindings
