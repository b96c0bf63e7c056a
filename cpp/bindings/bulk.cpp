// perft and play_games: long runs in C++ without the GIL, stopped by Ctrl-C.
#include "polyreversi/bulk.hpp"

#include "common.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/limits.hpp"

namespace polyreversi::bindings {

namespace {

// A depth of `call` (a Python int of any size) for the core's check; one beyond
// 64 bits is refused with the core's message, naming it as given.
long long perft_depth(const PyState& s, py::handle depth, PerftCall call = PerftCall::kPerft) {
  if (PyBool_Check(depth.ptr()) || !PyIndex_Check(depth.ptr()))
    // the facade's wording (polyreversi._validate.integer)
    throw py::type_error(std::string("depth: expected an int, got ") + Py_TYPE(depth.ptr())->tp_name);
  const py::object number = py::reinterpret_steal<py::object>(PyNumber_Index(depth.ptr()));  // NumPy ints too
  if (!number) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow) throw ArgumentError(perft_depth_message(s.game.rules(), s.game.position(), decimal_text(number), call));
  return v;
}

}  // namespace

void init_bulk(py::module_& m) {
  m.def(
      "play_games",
      [](py::handle s_obj, long long games, py::handle policy_obj, unsigned long long seed, int threads,
         bool record_moves) {
        const PyState& s = get_state(s_obj);
        const u64 count = checked_game_count(games);  // before the result arrays are sized from it
        const Rules& r = s.game.rules();
        // One policy for every seat (an int), or one per seat in turn order (a list).
        const int policy = py::isinstance<py::int_>(policy_obj)
                               ? checked_policy_code(policy_obj.cast<long long>(), r.players)
                               : seat_policy_code(policy_obj.cast<std::vector<int>>(), r.players);
        const int players = r.players, max_plies = history_plies(r.squares());
        numpy_ready();
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
          without_gil([&] { play_many(r, start, policy, seed, count, threads, out); });
        } else {
          run_interruptible([&](const int* cancel) { play_many(r, start, policy, seed, count, threads, out, cancel); });
        }
        return py::make_tuple(scores, winners, plies, moves);
      },
      py::arg("state"), py::arg("games"), py::arg("policy"), py::arg("seed"), py::arg("threads"),
      py::arg("record_moves"));

  m.def(
      "choose_move",
      [](py::handle s_obj, int policy, unsigned long long seed, unsigned long long index) {
        const PyState& s = get_state(s_obj);
        return choose_move(s.game.rules(), s.game.position(), policy, seed, index);
      },
      py::arg("state"), py::arg("policy"), py::arg("seed"), py::arg("index"),
      "The move policy 0 (random) or 1 (greedy) plays from state: play_games' first ply of game `index`.");

  m.def(
      "perft",
      [](py::handle s_obj, py::handle depth_obj) {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        const Position p = s.game.position();
        const long long depth = perft_depth(s, depth_obj);
        u64 leaves = 0;
        if (depth < 7) {  // a few milliseconds at most (or refused): not worth a worker thread
          without_gil([&] { leaves = perft(r, p, depth, nullptr); });
        } else {
          run_interruptible([&](const int* cancel) { leaves = perft(r, p, depth, cancel); });
        }
        return leaves;
      },
      py::arg("state"), py::arg("depth"));
  m.def(
      "perft_max_depth",
      [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
        return perft_max_depth(s.game.rules(), s.game.position());
      },
      py::arg("state"), "The deepest perft from state (the core's bound: see check_perft_depth).");
  m.def(
      "check_perft_depth",
      [](py::handle s_obj, py::handle depth_obj, bool divide) {
        const PyState& s = get_state(s_obj);
        const PerftCall call = divide ? PerftCall::kDivide : PerftCall::kPerft;
        check_perft_depth(s.game.rules(), s.game.position(), perft_depth(s, depth_obj, call), call);
      },
      py::arg("state"), py::arg("depth"), py::arg("divide") = false,
      "Raises ValueError, naming the call (perft, or perft_divide when divide), the range and why, unless "
      "0 (1 when divide) <= depth <= perft_max_depth(state); TypeError for a depth that is not an int.");
}

}  // namespace polyreversi::bindings
