// Bindings of the batched PUCT search (polyreversi.envs.puct wraps them): the
// roots from a Batch or States, the loop collect -> evaluate (Python, with the
// GIL) -> apply (C++, without it). Conversion and checks only; the search is
// cpp/src/mcts/puct.cpp.
#include "polyreversi/mcts/puct.hpp"

#include <cstring>
#include <optional>
#include <string>

#include "common.hpp"
#include "polyreversi/batch/batch.hpp"  // ConcurrentUseError
#include "polyreversi/batch/kernels.hpp"
#include "polyreversi/search/search.hpp"

namespace polyreversi::bindings {

namespace {
// A float32 C-contiguous array of exactly `shape` (the facade converts; this checks again).
py::array_t<float, py::array::c_style> float_rows(py::handle obj, const char* name, py::ssize_t rows,
                                                  py::ssize_t columns) {
  numpy_ready();
  if (!py::isinstance<py::array_t<float, py::array::c_style>>(obj))
    throw py::type_error(std::string(name) + ": expected a C-contiguous float32 array");
  auto a = py::reinterpret_borrow<py::array_t<float, py::array::c_style>>(obj);
  if (a.ndim() != 2 || a.shape(0) != rows || a.shape(1) != columns)
    throw py::value_error(std::string(name) + ": expected shape (" + std::to_string(rows) + ", " +
                          std::to_string(columns) + ")");
  return a;
}
// Trees kept between searches (polyreversi.envs.puct.PuctTrees): the search is
// made at the first use, with that call's rules; `busy` refuses a second
// search on the same trees from another thread while one runs without the GIL.
struct PuctKeep {
  int slots;
  std::unique_ptr<PuctSearch> search;
  bool busy = false;
};
}  // namespace

void init_puct(py::module_& m) {
  py::class_<PuctKeep>(m, "PuctTrees")
      .def(py::init([](long long slots) {
             return std::make_unique<PuctKeep>(PuctKeep{checked_puct_slots(slots), nullptr, false});
           }),
           py::arg("slots"))
      .def_readonly("slots", &PuctKeep::slots)
      .def_property_readonly("busy", [](const PuctKeep& k) { return k.busy; })
      .def("clear", [](PuctKeep& k) {
        if (k.busy) throw ConcurrentUseError("PuctTrees.clear: a search is using these trees (wait for its result)");
        k.search.reset();
      });
  m.def(
      "puct_search",
      [](py::object source, py::object which, py::function evaluate, int simulations, double c_puct,
         double dirichlet_alpha, double dirichlet_fraction, unsigned long long seed, int threads, int leaves_per_game,
         double virtual_loss, py::object trees) {
        std::shared_ptr<const Rules> rules;
        std::vector<PuctRoot> roots;
        std::vector<int> slots;
        if (py::isinstance<py::list>(source)) {  // States of one variant (blocked squares may differ)
          for (py::handle s : source.cast<py::list>()) {
            const CheckedGame& g = get_state(s).game;
            if (!rules) rules = g.rules_ptr();
            slots.push_back(static_cast<int>(roots.size()));
            roots.push_back(PuctRoot{g.position(), g.rules().blocked});
          }
        } else {
          const Batch& b = core_batch(source);
          rules = b.rules_ptr();
          numpy_ready();
          auto w = py::array_t<std::uint8_t, py::array::c_style>::ensure(which);
          if (!w || w.ndim() != 1 || w.shape(0) != b.size()) throw py::value_error("which: expected (B,) uint8");
          for (int i = 0; i < b.size(); ++i)
            if (w.data()[i]) {
              slots.push_back(i);
              roots.push_back(PuctRoot{b.position(i), b.blocked(i)});
            }
        }
        PuctOptions o;
        o.simulations = simulations;
        o.c_puct = c_puct;
        o.dirichlet_alpha = dirichlet_alpha;
        o.dirichlet_fraction = dirichlet_fraction;
        o.seed = seed;
        o.threads = threads;
        o.leaves_per_game = leaves_per_game;
        o.virtual_loss = virtual_loss;
        std::unique_ptr<PuctSearch> own;
        PuctKeep* keep = trees.is_none() ? nullptr : &trees.cast<PuctKeep&>();
        u64 kept = 0;
        if (keep) {
          if (keep->busy)
            throw ConcurrentUseError("PuctTrees: another search is using these trees (wait for its result)");
          if (!keep->search) keep->search = std::make_unique<PuctSearch>(rules, keep->slots);
          kept = keep->search->begin(roots, slots, o, true);
        } else {
          own = std::make_unique<PuctSearch>(rules, roots, o);
        }
        std::optional<BusyGuard> guard;
        if (keep) guard.emplace(keep->busy);
        PuctSearch& search = keep ? *keep->search : *own;
        const Rules& r = *rules;
        const int n = r.n, P = r.players, columns = r.pass_move() + 1, C = r.players + 4;
        const int games = search.games();
        double evaluate_seconds = 0;
        const CallInFlight call;  // the whole search, evaluate's calls included: the exit waits for it
        for (;;) {
          int k;
          without_gil([&] { k = search.collect(); });
          if (k == 0) break;
          if (PyErr_CheckSignals() != 0) throw py::error_already_set();
          Batch& leaves = search.leaves();
          py::array_t<std::uint8_t> obs({k, C, n, n});
          ObserveSpec spec;  // the player to move's view, rows 0..k-1 only (older leaves follow)
          spec.out = obs.mutable_data();
          batch_kernels().observe(leaves.data(), spec, 0, k);
          py::array_t<std::int8_t> masks({k, columns});
          std::memcpy(masks.mutable_data(), leaves.data().masks, static_cast<std::size_t>(k) * columns);
          py::array_t<std::int8_t> boards({k, n, n});
          std::memcpy(boards.mutable_data(), leaves.data().boards, static_cast<std::size_t>(k) * n * n);
          py::array_t<std::int8_t> to_move(k);
          std::memcpy(to_move.mutable_data(), leaves.data().to_move, static_cast<std::size_t>(k));
          py::array_t<std::int32_t> rows(k);
          for (int i = 0; i < k; ++i) rows.mutable_data()[i] = search.leaf_games()[i];
          const double started = monotonic_seconds();
          py::tuple out = evaluate(obs, masks, boards, to_move, rows);
          evaluate_seconds += monotonic_seconds() - started;
          if (out.size() != 2) throw py::value_error("evaluate: must return (priors, values)");
          auto priors = float_rows(out[0], "priors", k, columns);
          auto values = float_rows(out[1], "values", k, P);
          const float* pr = priors.data();
          const float* vs = values.data();
          without_gil([&] { search.apply(pr, vs); });
        }
        py::array_t<float> visits({games, columns});
        search.visits(visits.mutable_data());
        py::array_t<float> values({games, P});
        search.root_values(values.mutable_data());
        return py::make_tuple(visits, values, search.simulations_done(), evaluate_seconds, kept);
      },
      py::arg("source"), py::arg("which"), py::arg("evaluate"), py::arg("simulations"), py::arg("c_puct"),
      py::arg("dirichlet_alpha"), py::arg("dirichlet_fraction"), py::arg("seed"), py::arg("threads") = 1,
      py::arg("leaves_per_game") = 1, py::arg("virtual_loss") = 1.0, py::arg("trees") = py::none(),
      "(visits (G, N*N+1), root values (G, P), simulations, seconds in evaluate, visits kept); see "
      "polyreversi.envs.puct.");
}

}  // namespace polyreversi::bindings
