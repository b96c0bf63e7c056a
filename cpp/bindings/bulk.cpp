// perft and play_games: long runs in C++ without the GIL, stopped by Ctrl-C.
#include "polyreversi/bulk.hpp"
#include "polyreversi/kernel_api.hpp"
#include "common.hpp"

namespace polyreversi::bindings {

void init_bulk(py::module_& m) {
  m.def(
      "play_games",
      [](py::handle s_obj, long long games, int policy, unsigned long long seed, int threads, bool record_moves) {
        const PyState& s = get_state(s_obj);
        if (games < 0) throw py::value_error("games: must be 0 or more");
        if (policy != 0 && policy != 1) throw py::value_error("policy: 0 (random) or 1 (greedy)");
        if (threads < 0) throw py::value_error("threads: must be 0 (all cores) or more");
        const Rules& r = s.game.rules();
        const int players = r.players, max_plies = 2 * r.squares() + 2;
        py::array_t<std::int32_t> scores({static_cast<py::ssize_t>(games), static_cast<py::ssize_t>(players)});
        py::array_t<bool> winners({static_cast<py::ssize_t>(games), static_cast<py::ssize_t>(players)});
        py::array_t<std::int32_t> plies(static_cast<py::ssize_t>(games));
        py::object moves = py::none();
        PlayoutResults out;
        out.scores = scores.mutable_data();
        out.winners = reinterpret_cast<std::uint8_t*>(winners.mutable_data());
        out.plies = plies.mutable_data();
        out.max_plies = max_plies;
        if (record_moves) {
          py::array_t<std::int16_t> mv({static_cast<py::ssize_t>(games), static_cast<py::ssize_t>(max_plies)});
          out.moves = mv.mutable_data();
          moves = mv;
        }
        const Position start = s.game.position();
        if (games < 256) {
          py::gil_scoped_release release;
          play_many(r, start, policy, seed, static_cast<u64>(games), threads, out);
        } else {
          run_interruptible([&](const int* cancel) {
            play_many(r, start, policy, seed, static_cast<u64>(games), threads, out, cancel);
          });
        }
        return py::make_tuple(scores, winners, plies, moves);
      },
      py::arg("state"), py::arg("games"), py::arg("policy"), py::arg("seed"), py::arg("threads"),
      py::arg("record_moves"));

  m.def(
      "perft",
      [](py::handle s_obj, int depth) {
        const PyState& s = get_state(s_obj);
        if (depth < 0) throw py::value_error("depth: must be 0 or more, got " + std::to_string(depth));
        const Rules& r = s.game.rules();
        const Position p = s.game.position();
        u64 leaves = 0;
        if (depth < 7) {  // a few milliseconds at most: not worth a worker thread
          py::gil_scoped_release release;
          leaves = kernels().perft(r, p, depth, nullptr);
        } else {
          run_interruptible([&](const int* cancel) { leaves = kernels().perft(r, p, depth, cancel); });
        }
        return leaves;
      },
      py::arg("state"), py::arg("depth"));
}

}  // namespace polyreversi::bindings
