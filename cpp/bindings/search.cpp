// Bindings of search() and solve(): conversion only. The position arrives as
// the variant's arguments and the board's cell codes (what the Python State
// gives), so this file needs nothing private of the other binding files.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "polyreversi/rules.hpp"
#include "polyreversi/search/search.hpp"

namespace py = pybind11;
using namespace polyreversi;

namespace {

Rules rules_of(const std::string& board, int players, bool anti, bool free_opening, int handicap, int handicap_color,
               const std::vector<int>& blocked) {
  return make_rules(parse_board(board), players, anti, free_opening, handicap, handicap_color, blocked);
}

Position position_of(const Rules& r, py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> cells,
                     int to_move) {
  if (cells.size() != r.squares()) throw PositionError("board: expected " + std::to_string(r.squares()) + " cells");
  const std::int8_t* c = cells.data();
  Position p;
  for (int sq = 0; sq < r.squares(); ++sq) {
    if (c[sq] >= 1 && c[sq] <= kMaxPlayers) p.disks[c[sq] - 1] |= bit128(sq);
    else if (c[sq] == kCellNeutral) p.neutral |= bit128(sq);
  }
  p.to_move = to_move;
  check_position(r, p);
  return p;
}

// Long work on a worker thread; this thread waits without the GIL and checks
// for signals, so Ctrl-C stops it (the work polls *cancel).
void run_interruptible(const std::function<void(const int* cancel)>& work) {
  int cancel = 0;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  std::thread worker([&] {
    try {
      work(&cancel);
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
    finished.notify_all();
  });
  bool interrupted = false;
  for (;;) {
    {
      py::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(mutex);
      finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; });
      if (done) break;
    }
    if (PyErr_CheckSignals() != 0) {
      __atomic_store_n(&cancel, 1, __ATOMIC_RELAXED);
      interrupted = true;
      break;
    }
  }
  {
    py::gil_scoped_release release;
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (error) std::rethrow_exception(error);
}

py::list line(const int* pv, int n) {
  py::list out;
  for (int i = 0; i < n; ++i) out.append(pv[i]);
  return out;
}

}  // namespace

void init_search(py::module_& m) {
  m.def(
      "_search",
      [](py::tuple rules_args, py::array cells, int to_move, int depth, double seconds, long long nodes, int threads,
         int tt_mb, int evaluation) {
        const Rules r = rules_of(rules_args[0].cast<std::string>(), rules_args[1].cast<int>(), rules_args[2].cast<bool>(),
                                 rules_args[3].cast<bool>(), rules_args[4].cast<int>(), rules_args[5].cast<int>(),
                                 rules_args[6].cast<std::vector<int>>());
        const Position p = position_of(r, cells, to_move);
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
      py::arg("rules_args"), py::arg("cells"), py::arg("to_move"), py::arg("depth"), py::arg("seconds"),
      py::arg("nodes"), py::arg("threads"), py::arg("tt_mb"), py::arg("evaluation"),
      "Two-player search (use polyreversi.search). Returns (move, score, pv, depth, nodes, seconds, exact).");
  m.def(
      "_solve",
      [](py::tuple rules_args, py::array cells, int to_move, bool all_moves, int threads, int tt_mb, bool wof) {
        const Rules r = rules_of(rules_args[0].cast<std::string>(), rules_args[1].cast<int>(), rules_args[2].cast<bool>(),
                                 rules_args[3].cast<bool>(), rules_args[4].cast<int>(), rules_args[5].cast<int>(),
                                 rules_args[6].cast<std::vector<int>>());
        const Position p = position_of(r, cells, to_move);
        SolveOptions o;
        o.all_moves = all_moves;
        o.threads = threads;
        o.tt_mb = tt_mb;
        o.wof = wof;
        SolveOutcome out;
        run_interruptible([&](const int* cancel) { out = solve(r, p, o, cancel); });
        py::dict scores;
        for (int i = 0; i < out.move_count; ++i) scores[py::int_(out.moves[i])] = out.scores[i];
        return py::make_tuple(out.move, out.score, line(out.pv, out.pv_length), out.nodes, out.seconds, scores);
      },
      py::arg("rules_args"), py::arg("cells"), py::arg("to_move"), py::arg("all_moves"), py::arg("threads"),
      py::arg("tt_mb"), py::arg("wof"), "Exact solve (use polyreversi.solve). Returns (move, score, pv, nodes, seconds, scores).");
}
