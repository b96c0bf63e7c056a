// Bindings of the 3-4 player search (cpp/include/polyreversi/multi/):
// conversion only; polyreversi.multi checks the arguments and wraps them.
#include "polyreversi/multi/multi.hpp"

#include <memory>
#include <optional>

#include "common.hpp"
#include "polyreversi/batch/batch.hpp"  // ConcurrentUseError
#include "polyreversi/multi/mcts.hpp"
#include "polyreversi/multi/patterns.hpp"

namespace polyreversi::bindings {

namespace {
// A tree kept between informed MCTS searches (polyreversi.multi_mcts.MultiMCTSTree);
// `busy` refuses a second search on it from another thread while one runs
// without the GIL.
struct MultiMctsKeep {
  std::unique_ptr<MultiMctsKept> tree;
  bool busy = false;
};
}  // namespace

void init_multi(py::module_& m) {
  py::class_<MultiMctsKeep>(m, "_MultiMctsTree", "Use polyreversi.multi_mcts.MultiMCTSTree.")
      .def(py::init<>())
      .def("clear", [](MultiMctsKeep& k) {
        if (k.busy) throw ConcurrentUseError("MultiMCTSTree.clear: a search is using this tree (wait for its result)");
        k.tree.reset();
      });
  m.attr("MULTI_FEATURES") = kMultiFeatures;
  m.attr("MULTI_PHASES") = kMultiPhases;
  m.attr("MULTI_SCALE") = kMultiScale;
  m.def(
      "_multi_search",
      [](py::handle s_obj, int algorithm, int depth, double seconds, unsigned long long nodes, int tt_bits) {
        const PyState& s = get_state(s_obj);
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
         int cutoff, double cutoff_temperature, double bias_weight, double greedy, int solve, double implicit_weight,
         double paranoia, bool best_reply, double mast, double mast_temperature, bool nst, bool lgrf, py::object tree) {
        const PyState& s = get_state(s_obj);
        MultiMctsKeep* keep = tree.is_none() ? nullptr : &tree.cast<MultiMctsKeep&>();
        if (keep && keep->busy)
          throw ConcurrentUseError(
              "multi_mcts: tree: another search is using this MultiMCTSTree (one search at a time: wait for its "
              "result)");
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
        o.bias_weight = bias_weight;
        o.greedy = greedy;
        o.solve = solve;
        o.implicit_weight = implicit_weight;
        o.paranoia = paranoia;
        o.best_reply = best_reply;
        o.mast = mast;
        o.mast_temperature = mast_temperature;
        o.nst = nst;
        o.lgrf = lgrf;
        const Rules rules = s.game.rules();
        const Position pos = s.game.position();
        MultiMctsResult r;
        std::optional<BusyGuard> guard;
        if (keep) guard.emplace(keep->busy);
        run_interruptible(
            [&](const int* cancel) { r = multi_mcts(rules, pos, o, cancel, keep ? &keep->tree : nullptr); });
        py::tuple values(rules.players);
        for (int c = 0; c < rules.players; ++c) values[c] = r.values[c];
        return py::make_tuple(r.move, r.visits, values, r.playouts, r.seconds, r.nodes, r.kept);
      },
      py::arg("state"), py::arg("playouts"), py::arg("seconds"), py::arg("seed"), py::arg("exploration"),
      py::arg("epsilon"), py::arg("history_weight"), py::arg("score_weight"), py::arg("max_nodes"),
      py::arg("prefer_edges") = MultiMctsOptions{}.prefer_edges, py::arg("cutoff") = MultiMctsOptions{}.cutoff,
      py::arg("cutoff_temperature") = MultiMctsOptions{}.cutoff_temperature,
      py::arg("bias_weight") = MultiMctsOptions{}.bias_weight, py::arg("greedy") = MultiMctsOptions{}.greedy,
      py::arg("solve") = MultiMctsOptions{}.solve, py::arg("implicit_weight") = MultiMctsOptions{}.implicit_weight,
      py::arg("paranoia") = MultiMctsOptions{}.paranoia, py::arg("best_reply") = MultiMctsOptions{}.best_reply,
      py::arg("mast") = MultiMctsOptions{}.mast, py::arg("mast_temperature") = MultiMctsOptions{}.mast_temperature,
      py::arg("nst") = MultiMctsOptions{}.nst, py::arg("lgrf") = MultiMctsOptions{}.lgrf, py::arg("tree") = py::none(),
      "Use polyreversi.multi_mcts. Returns (move, [(move, visits)], values, playouts, seconds, nodes, kept): kept "
      "the root visits the search took over from `tree` (a _MultiMctsTree, or None for a fresh tree).");
  m.def(
      "_multi_features",
      [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        numpy_ready();
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
  m.def(
      "_multi_pattern_indices",
      [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        const MultiPatternGeometry& g = multi_pattern_geometry(r.board);
        const int count = static_cast<int>(g.instances.size());
        numpy_ready();
        py::array_t<int> out({r.players, count});
        const int phase = multi_pattern_indices(r, s.game.position(), out.mutable_data());
        py::array_t<int> types(count), lengths(count);
        for (int i = 0; i < count; ++i) {
          types.mutable_data()[i] = g.instances[i].type;
          lengths.mutable_data()[i] = g.instances[i].length;
        }
        return py::make_tuple(out, phase, types, lengths);
      },
      py::arg("state"),
      "The patterns' table indices: (int32 (players, instances), phase, type of each instance, its length).");
  m.def(
      "_multi_pattern_squares",
      [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
        const MultiPatternGeometry& g = multi_pattern_geometry(s.game.rules().board);
        py::list out;
        for (const MultiPatternInstance& inst : g.instances) {
          py::list sq;
          for (int j = 0; j < inst.length; ++j) sq.append(inst.squares[j]);
          out.append(sq);
        }
        return out;
      },
      py::arg("state"), "The squares each pattern instance reads, lowest digit first.");
  m.def(
      "_multi_has_patterns", [](py::handle s_obj) { return multi_patterns(get_state(s_obj).game.rules()) != nullptr; },
      py::arg("state"), "True when trained 3-4 player pattern tables ship (and are on) for the state's rules.");
  m.def(
      "_multi_default_cutoff", [](py::handle s_obj) { return multi_default_cutoff(get_state(s_obj).game.rules()); },
      py::arg("state"),
      "The informed MCTS's cut-off (playout plies) for the state's rules when none is given (0: to the end).");
  m.def(
      "_multi_default_exploration",
      [](py::handle s_obj) { return multi_default_exploration(get_state(s_obj).game.rules()); }, py::arg("state"),
      "The informed MCTS's UCB1 constant for the state's rules when none is given.");
  m.def(
      "_set_multi_patterns", [](bool on) { return set_multi_patterns_enabled(on); }, py::arg("on"),
      "Turns the trained 3-4 player patterns on or off for the searches set up after it, process-wide "
      "(the benchmarks' patterns-against-linear matches). Returns the previous setting.");
}

}  // namespace polyreversi::bindings
