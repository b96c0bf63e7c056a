// Bindings of the 3-4 player search (cpp/include/polyreversi/multi/):
// conversion only; polyreversi.multi checks the arguments and wraps them.
#include "polyreversi/multi/multi.hpp"

#include "common.hpp"
#include "polyreversi/multi/mcts.hpp"

namespace polyreversi::bindings {

void init_multi(py::module_& m) {
  m.attr("MULTI_FEATURES") = kMultiFeatures;
  m.attr("MULTI_PHASES") = kMultiPhases;
  m.attr("MULTI_SCALE") = kMultiScale;
  m.def(
      "_multi_search",
      [](py::handle s_obj, int algorithm, int depth, double seconds, unsigned long long nodes, int tt_bits) {
        const PyState& s = get_state(s_obj);
        if (algorithm < 0 || algorithm > 1) throw py::value_error("algorithm: 0 (best reply) or 1 (paranoid)");
        MultiLimits l;
        l.algorithm = static_cast<MultiAlgorithm>(algorithm);
        l.depth = depth;
        l.seconds = seconds;
        l.nodes = nodes;
        l.tt_bits = tt_bits;
        const Rules rules = s.game.rules();
        const Position pos = s.game.position();
        MultiOutcome out;
        run_interruptible([&](const int* cancel) { out = multi_search(rules, pos, l, cancel); });
        py::tuple shares(rules.players);
        for (int c = 0; c < rules.players; ++c) shares[c] = out.shares[c];
        return py::make_tuple(out.move, out.value, shares, out.depth, out.nodes, out.seconds, out.pv);
      },
      py::arg("state"), py::arg("algorithm"), py::arg("depth"), py::arg("seconds"), py::arg("nodes"),
      py::arg("tt_bits"), "Use polyreversi.multi_search. Returns (move, value, shares, depth, nodes, seconds, pv).");
  m.def(
      "_multi_mcts",
      [](py::handle s_obj, unsigned long long playouts, double seconds, unsigned long long seed, double exploration,
         double epsilon, double history_weight, double score_weight, unsigned long long max_nodes, bool prefer_edges,
         int cutoff, double cutoff_temperature) {
        const PyState& s = get_state(s_obj);
        MultiMctsOptions o;
        o.playouts = playouts;
        o.seconds = seconds;
        o.seed = seed;
        o.exploration = exploration;
        o.epsilon = epsilon;
        o.history_weight = history_weight;
        o.score_weight = score_weight;
        o.prefer_edges = prefer_edges;
        o.max_nodes = max_nodes;
        o.cutoff = cutoff;
        o.cutoff_temperature = cutoff_temperature;
        const Rules rules = s.game.rules();
        const Position pos = s.game.position();
        MultiMctsResult r;
        run_interruptible([&](const int* cancel) { r = multi_mcts(rules, pos, o, cancel); });
        py::tuple values(rules.players);
        for (int c = 0; c < rules.players; ++c) values[c] = r.values[c];
        return py::make_tuple(r.move, r.visits, values, r.playouts, r.seconds, r.nodes);
      },
      py::arg("state"), py::arg("playouts"), py::arg("seconds"), py::arg("seed"), py::arg("exploration"),
      py::arg("epsilon"), py::arg("history_weight"), py::arg("score_weight"), py::arg("max_nodes"),
      py::arg("prefer_edges") = true, py::arg("cutoff") = 0, py::arg("cutoff_temperature") = 0.0,
      "Use polyreversi.multi_mcts. Returns (move, [(move, visits)], values, playouts, seconds, nodes).");
  m.def(
      "_multi_features",
      [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        py::array_t<int> out({r.players, kMultiFeatures});
        const int phase = multi_features(r, s.game.position(), out.mutable_data());
        return py::make_tuple(out, phase);
      },
      py::arg("state"), "The evaluation's features: (int32 (players, features), phase).");
  m.def(
      "_multi_evaluate",
      [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        int out[kMaxPlayers];
        multi_evaluate(r, s.game.position(), out);
        py::tuple t(r.players);
        for (int c = 0; c < r.players; ++c) t[c] = out[c];
        return t;
      },
      py::arg("state"), "Estimated final share of each colour, in 1/MULTI_SCALE of the playable squares.");
}

}  // namespace polyreversi::bindings
