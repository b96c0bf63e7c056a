// Bindings of the MCTS search (polyreversi.mcts wraps them). Conversion and
// the game-over message with its ply; the search and its checks are cpp/src/mcts.
#include "polyreversi/mcts/mcts.hpp"

#include <string>

#include "common.hpp"
#include "polyreversi/budget.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi::bindings {

void init_mcts(py::module_& m) {
  m.def(
      "_set_budget_clock",
      [](const py::object& given) {
        constexpr const char* kExpected = "clock: expected 'wall' or 'cpu'";
        if (!py::isinstance<py::str>(given))
          throw py::type_error(std::string(kExpected) + " (a str), got a " +
                               std::string(py::str(py::type::of(given).attr("__name__"))));
        Py_ssize_t size = 0;
        const char* utf8 = PyUnicode_AsUTF8AndSize(given.ptr(), &size);
        if (!utf8) PyErr_Clear();  // a lone surrogate: no name, refused below
        const std::string name = utf8 ? std::string(utf8, static_cast<std::size_t>(size)) : std::string();
        BudgetClock clock;
        if (utf8 && name == "wall") clock = BudgetClock::kWall;
        else if (utf8 && name == "cpu") clock = BudgetClock::kThreadCpu;
        // quoted(): the core's cut of a caller's text (whole UTF-8 characters, controls escaped).
        else
          throw py::value_error(std::string(kExpected) + ", got " + (utf8 ? quoted(name) : "a str that is not UTF-8"));
        return set_budget_clock(clock) == BudgetClock::kWall ? "wall" : "cpu";
      },
      py::arg("clock"),
      "Sets the clock that the time budgets of the searches set up after it count, process-wide: 'wall' "
      "(the default) or 'cpu' (the searching thread's CPU time: the benchmarks' matches on a shared "
      "machine; polyreversi/budget.hpp says which searches follow it). Returns the previous one.");
  m.def(
      "_budget_clock", []() { return budget_clock() == BudgetClock::kWall ? "wall" : "cpu"; },
      "The clock the time budgets of the searches count (_set_budget_clock): 'wall' or 'cpu'.");
  m.def(
      "mcts_rewards",
      [](py::handle state) {
        const CheckedGame& g = get_state(state).game;
        const int players = g.rules().players;
        std::uint8_t winners[kMaxPlayers] = {0, 0, 0, 0};
        for (const int c : g.winners()) winners[c] = 1;
        double r[kMaxPlayers];
        mcts_rewards(players, winners, r);
        py::tuple values(players);
        for (int p = 0; p < players; ++p) values[p] = r[p];
        return values;
      },
      py::arg("state"), "The MCTS reward of each colour, in turn order, for the state's disk counts as they stand.");
  m.def(
      "mcts",
      [](py::handle state, unsigned long long playouts, double seconds, int threads, unsigned long long seed,
         double exploration, unsigned long long max_nodes) {
        const CheckedGame& g = get_state(state).game;
        if (g.is_over())
          throw IllegalMoveError("mcts: the game is over at ply " + std::to_string(g.ply()) +
                                 "; there is no move to search");
        MctsOptions o;
        o.playouts = playouts;
        o.seconds = seconds;
        o.threads = threads;
        o.seed = seed;
        o.exploration = exploration;
        if (max_nodes) o.max_nodes = max_nodes;
        const Rules rules = g.rules();
        const Position pos = g.position();
        MctsResult r;
        run_interruptible([&](const int* cancel) { r = mcts_search(rules, pos, o, cancel); });
        py::tuple values(rules.players);
        for (int p = 0; p < rules.players; ++p) values[p] = r.values[p];
        return py::make_tuple(r.move, r.visits, values, r.playouts, r.seconds, r.nodes);
      },
      py::arg("state"), py::arg("playouts"), py::arg("seconds"), py::arg("threads"), py::arg("seed"),
      py::arg("exploration"), py::arg("max_nodes") = 0,
      "(move, [(move, visits)], values per colour, playouts, seconds, nodes); see polyreversi.mcts.");
}

}  // namespace polyreversi::bindings
