// polyreversi._core.Batch: B games of one variant stepped together in C++.
// The facade (python/polyreversi/batch.py) checks arguments first; this file
// converts, checking only what conversion needs (the arrays' shapes and dtypes);
// the core checks every value (policies, perspectives, modes, temperatures).
#include "polyreversi/batch/batch.hpp"

#include <cstring>

#include "common.hpp"
#include "polyreversi/batch/kernels.hpp"
#include "polyreversi/batch/pool.hpp"

namespace polyreversi::bindings {

namespace {

PyObject* exc_concurrent = nullptr;

struct PyBatch {
  PyBatch(std::shared_ptr<const Rules> r, int size, py::object v) : batch(std::move(r), size), variant(std::move(v)) {}
  Batch batch;
  py::object variant;
};

PyBatch& get_batch(py::handle h) { return checked<PyBatch>(h, "Batch"); }
}  // namespace

Batch& core_batch(py::handle h) { return get_batch(h).batch; }

namespace {

template <class T>
py::array_t<T, py::array::c_style> checked_array(py::handle obj, const char* name, std::vector<py::ssize_t> shape,
                                                 bool writeable = false) {
  numpy_ready();
  if (!py::isinstance<py::array_t<T, py::array::c_style>>(obj))
    throw py::type_error(std::string(name) + ": expected a C-contiguous " +
                         py::str(py::dtype::of<T>()).cast<std::string>() + " array");
  auto a = py::reinterpret_borrow<py::array_t<T, py::array::c_style>>(obj);
  bool same = a.ndim() == static_cast<py::ssize_t>(shape.size());
  for (std::size_t k = 0; same && k < shape.size(); ++k) same = a.shape(k) == shape[k];
  if (!same) throw py::value_error(std::string(name) + ": wrong shape");
  if (writeable && !a.writeable()) throw py::value_error(std::string(name) + ": the array is read-only");
  return a;
}

// The optional per-game selection `which` (uint8, one per game): checked when given;
// data() is null when it is not (the core then takes every game).
struct Selection {
  Selection(py::handle which, int size) : given(!which.is_none()) {
    if (given) array = checked_array<std::uint8_t>(which, "which", {size});
  }
  const std::uint8_t* data() const { return given ? array.data() : nullptr; }

 private:
  bool given;
  py::array_t<std::uint8_t, py::array::c_style> array;
};

py::object start_state_cells(const Rules& r, const Position& p, u128 blocked) {
  Rules game_rules = r;
  game_rules.blocked = blocked;
  game_rules.playable = board_squares(r.board) & ~blocked;
  CheckedGame g(std::make_shared<const Rules>(game_rules), p);
  return board_array(g);
}

// (blocked squares, start cells (N, N), start Color, start ply, custom start?, moves) of game i.
py::tuple game_tuple(const Batch& b, int i, bool final) {
  const Rules& r = b.rules();
  const FinalGame& f = b.final_game(i);
  const Position& start = final ? f.start : b.start(i);
  const u128 blocked = final ? f.blocked : b.blocked(i);
  const bool custom = final ? f.custom_start : b.custom_start(i);
  return py::make_tuple(squares_list(blocked), start_state_cells(r, start, blocked), color_object(start.to_move),
                        start.ply, custom, py::cast(final ? b.final_history(i) : b.history(i)));
}

StartSpec start_of(const Rules& batch_rules, py::handle s_obj) {
  const PyState& s = get_state(s_obj);
  const Rules& r = s.game.rules();
  if (r.board != batch_rules.board || r.players != batch_rules.players || r.anti != batch_rules.anti ||
      r.free_opening != batch_rules.free_opening || r.handicap != batch_rules.handicap ||
      r.handicap_color != batch_rules.handicap_color)
    throw VariantError("start: a State of another variant (only the blocked squares may differ from the batch's)");
  return StartSpec{s.game.position(), r.blocked};
}

// What the rows of a batch array hold, after one per game: nothing more, one
// entry per player, one per move (the last: the pass), or the board's n x n cells.
enum class Rows { kGame, kPlayers, kMoves, kBoard };

// A read-only property of the Batch class viewing one array of its BatchData
// without a copy; dtype "bool" for 0/1 flags.
template <class T>
void def_view(py::class_<PyBatch>& cls, const char* name, T* BatchData::* field, Rows rows,
              const char* dtype = nullptr) {
  cls.def_property_readonly(name, [field, rows, dtype](py::object self) {
    const Batch& b = get_batch(self).batch;
    std::vector<py::ssize_t> shape{b.size()};
    if (rows == Rows::kPlayers) shape.push_back(b.rules().players);
    if (rows == Rows::kMoves) shape.push_back(b.rules().squares() + 1);
    if (rows == Rows::kBoard) shape.insert(shape.end(), {b.rules().n, b.rules().n});
    return view(self, b.data().*field, std::move(shape), dtype);
  });
}

}  // namespace

void init_batch(py::module_& m) {
  m.def(
      "_pool_stats",
      [](bool reset) {
        const PoolStats s = pool_stats(reset);
        py::dict d;
        d["jobs"] = s.jobs, d["parts"] = s.parts, d["caller_parts"] = s.caller_parts;
        d["jobs_caller_all"] = s.jobs_caller_all, d["wakes"] = s.wakes, d["caller_parks"] = s.caller_parks;
        d["caller_work_ns"] = s.caller_work_ns, d["caller_wait_ns"] = s.caller_wait_ns;
        d["worker_parks"] = s.worker_parks, d["threads"] = s.threads;
        d["worker_jobs_with_parts"] = s.worker_jobs_with_parts;
        py::list spinning, parked;
        for (int b = 0; b < kLateBuckets; ++b) spinning.append(s.late[0][b]), parked.append(s.late[1][b]);
        d["late_spinning"] = spinning, d["late_parked"] = parked;
        return d;
      },
      py::arg("reset") = false, "The Batch worker pool's counters since the last reset (diagnostics).");
  exc_concurrent = PyErr_NewExceptionWithDoc(
      "polyreversi.ConcurrentUseError",
      "An object entered from a second thread while a call is busy in it (a Batch takes one call at a time).",
      py::make_tuple(py::handle(exc_base), py::handle(PyExc_RuntimeError)).ptr(), nullptr);
  if (!exc_concurrent) throw py::error_already_set();
  m.attr("ConcurrentUseError") = py::handle(exc_concurrent);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ConcurrentUseError& e) { PyErr_SetString(exc_concurrent, e.what()); }
  });

  m.def(
      "random_blocked",
      [](const std::string& board, long long handicap, unsigned long long seed, long long count,
         unsigned long long index, unsigned long long episode) {
        return squares_list(random_blocked(parse_board(board), handicap, count, seed, index, episode));
      },
      py::arg("board"), py::arg("handicap"), py::arg("seed"), py::arg("count"), py::arg("index") = 0,
      py::arg("episode") = 0,
      "Blocked squares drawn as game `index`, episode `episode` of a Batch seeded with `seed` draws them "
      "(count 0: uniform 1..4), ascending (RULES.md §4).");

  m.def(
      "observe",
      [](py::handle s_obj, int perspective, bool f32) -> py::array {
        const PyState& s = get_state(s_obj);
        const Rules& r = s.game.rules();
        const std::vector<py::ssize_t> shape{r.players + 4, r.n, r.n};
        if (f32) {
          py::array_t<float> out(shape);
          observe_state(s.game, perspective, out.mutable_data(), true);
          return out;
        }
        py::array_t<std::uint8_t> out(shape);
        observe_state(s.game, perspective, out.mutable_data(), false);
        return out;
      },
      py::arg("state"), py::arg("perspective"), py::arg("f32"));

  py::class_<PyBatch> batch(m, "Batch", "B games of one variant held in C++ (see polyreversi.Batch).");
  batch
      .def(py::init([](py::handle r_obj, py::object variant, int size) {
             const PyRules& r = checked<PyRules>(r_obj, "Rules");
             return std::make_unique<PyBatch>(r.rules, size, std::move(variant));
           }),
           py::arg("rules"), py::arg("variant"), py::arg("size"))
      .def_property_readonly("size", [](py::handle self) { return get_batch(self).batch.size(); })
      .def_property_readonly("variant", [](py::handle self) { return get_batch(self).variant; })
      .def_property_readonly("channels", [](py::handle self) { return get_batch(self).batch.channels(); })
      .def_property_readonly("seed", [](py::handle self) { return get_batch(self).batch.seed(); })
      .def_property_readonly("steps", [](py::handle self) { return get_batch(self).batch.steps(); })
      .def_property_readonly("random_blocked", [](py::handle self) { return get_batch(self).batch.random_blocked(); });
  def_view(batch, "masks", &BatchData::masks, Rows::kMoves, "bool");
  def_view(batch, "boards", &BatchData::boards, Rows::kBoard);
  def_view(batch, "done", &BatchData::done, Rows::kGame, "bool");
  def_view(batch, "scores", &BatchData::scores, Rows::kPlayers);
  def_view(batch, "to_move", &BatchData::to_move, Rows::kGame);
  def_view(batch, "winners", &BatchData::winners, Rows::kPlayers, "bool");
  def_view(batch, "rewards", &BatchData::rewards, Rows::kPlayers);
  def_view(batch, "reset_mask", &BatchData::reset_mask, Rows::kGame, "bool");
  def_view(batch, "final_scores", &BatchData::final_scores, Rows::kPlayers);
  def_view(batch, "final_winners", &BatchData::final_winners, Rows::kPlayers, "bool");
  def_view(batch, "final_rewards", &BatchData::final_rewards, Rows::kPlayers);
  batch
      .def("plies",
           [](py::handle self) {
             const Batch& b = get_batch(self).batch;
             auto busy = b.enter();
             py::array_t<std::int32_t> out(b.size());
             for (int i = 0; i < b.size(); ++i) out.mutable_data()[i] = b.ply(i);
             return out;
           })
      .def(
          "step",
          [](py::handle self, py::handle moves_obj, int autoreset, int threads, py::object which) {
            Batch& b = get_batch(self).batch;
            auto moves = checked_array<std::int32_t>(moves_obj, "moves", {b.size()});
            const Selection selection(which, b.size());
            auto busy = b.enter();
            const std::int32_t* mv = moves.data();
            without_gil([&] { b.step(mv, static_cast<Autoreset>(autoreset), threads, selection.data()); });
          },
          py::arg("moves"), py::arg("autoreset") = 0, py::arg("threads") = 1, py::arg("which") = py::none())
      .def(
          "reset",
          [](py::handle self, py::object which, py::object seed, bool random_blocked, int blocked_count,
             py::object starts, bool standard_start) {
            PyBatch& pb = get_batch(self);
            Batch& b = pb.batch;
            const Selection selection(which, b.size());
            u64 seed_value = 0;
            if (!seed.is_none()) seed_value = seed.cast<unsigned long long>();
            std::vector<StartSpec> specs;
            int stride = 0;
            if (!starts.is_none()) {
              if (py::isinstance<py::list>(starts) || py::isinstance<py::tuple>(starts)) {
                py::sequence seq = py::reinterpret_borrow<py::sequence>(starts);
                if (static_cast<int>(seq.size()) != b.size())
                  throw py::value_error("start: expected one State or a list of " + std::to_string(b.size()) +
                                        " States, got " + std::to_string(seq.size()));
                for (py::handle s : seq) specs.push_back(start_of(b.rules(), s));
                stride = 1;
              } else {
                specs.push_back(start_of(b.rules(), starts));
              }
            }
            auto busy = b.enter();
            const u64* seed_ptr = seed.is_none() ? nullptr : &seed_value;
            without_gil([&] {
              b.reset(selection.data(), seed_ptr, random_blocked, blocked_count, specs.empty() ? nullptr : specs.data(),
                      stride, standard_start);
            });
          },
          py::arg("which"), py::arg("seed"), py::arg("random_blocked"), py::arg("blocked_count"), py::arg("starts"),
          py::arg("standard_start"))
      .def(
          "choose",
          [](py::handle self, int policy, unsigned long long seed, int threads) {
            Batch& b = get_batch(self).batch;
            py::array_t<std::int32_t> out(b.size());
            std::int32_t* o = out.mutable_data();
            auto busy = b.enter();
            without_gil([&] { b.choose(policy, seed, o, threads); });
            return out;
          },
          py::arg("policy"), py::arg("seed"), py::arg("threads") = 1)
      .def(
          "choose_search",
          [](py::handle self, int depth, py::object which, int threads) {
            Batch& b = get_batch(self).batch;
            const Selection selection(which, b.size());
            py::array_t<std::int32_t> out(b.size());
            std::int32_t* o = out.mutable_data();
            auto busy = b.enter();
            run_interruptible([&](const int* cancel) { b.choose_search(depth, selection.data(), o, threads, cancel); });
            return out;
          },
          py::arg("depth"), py::arg("which"), py::arg("threads") = 1)
      .def(
          "choose_mcts",
          [](py::handle self, unsigned long long playouts, unsigned long long seed, py::object which, int threads) {
            Batch& b = get_batch(self).batch;
            const Selection selection(which, b.size());
            py::array_t<std::int32_t> out(b.size());
            std::int32_t* o = out.mutable_data();
            auto busy = b.enter();
            run_interruptible(
                [&](const int* cancel) { b.choose_mcts(playouts, seed, selection.data(), o, threads, cancel); });
            return out;
          },
          py::arg("playouts"), py::arg("seed"), py::arg("which"), py::arg("threads") = 1)
      .def(
          "observe",
          [](py::handle self, py::handle out_obj, py::handle perspective, bool final, int threads) {
            const Batch& b = get_batch(self).batch;
            const int n = b.rules().n;
            const std::vector<py::ssize_t> shape{b.size(), b.channels(), n, n};
            ObserveSpec spec;
            py::array out;
            numpy_ready();
            if (py::isinstance<py::array_t<float, py::array::c_style>>(out_obj)) {
              out = checked_array<float>(out_obj, "out", shape, true);
              spec.f32 = true;
            } else {
              out = checked_array<std::uint8_t>(out_obj, "out", shape, true);
            }
            spec.out = out.mutable_data();
            py::array_t<std::int8_t, py::array::c_style> per;
            if (PyLong_Check(perspective.ptr())) {
              spec.perspective = perspective.cast<int>();
            } else {
              per = checked_array<std::int8_t>(perspective, "perspective", {b.size()});
              spec.perspectives = per.data();
            }
            spec.finals = final;
            auto busy = b.enter();
            without_gil([&] { b.observe(spec, threads); });
          },
          py::arg("out"), py::arg("perspective"), py::arg("final"), py::arg("threads") = 1)
      .def(
          "sample",
          [](py::handle self, py::handle values_obj, bool logits, double temperature, unsigned long long seed,
             int threads) {
            Batch& b = get_batch(self).batch;
            check_temperature(temperature);  // as given, before it is read as float32
            auto values =
                checked_array<float>(values_obj, logits ? "logits" : "probs", {b.size(), b.rules().squares() + 1});
            py::array_t<std::int32_t> out(b.size());
            SampleSpec spec;
            spec.values = values.data();
            spec.logits = logits;
            spec.temperature = static_cast<float>(temperature);
            spec.seed = seed;
            spec.out = out.mutable_data();
            auto busy = b.enter();
            without_gil([&] { b.sample(spec, threads); });
            return out;
          },
          py::arg("values"), py::arg("logits"), py::arg("temperature"), py::arg("seed"), py::arg("threads") = 1)
      .def(
          "game",
          [](py::handle self, int i, bool final) {
            const Batch& b = get_batch(self).batch;
            if (i < 0 || i >= b.size())
              throw py::index_error("game " + std::to_string(i) + " is not in this batch of " +
                                    std::to_string(b.size()));
            auto busy = b.enter();
            return game_tuple(b, i, final);
          },
          py::arg("index"), py::arg("final") = false,
          "(blocked squares, start cells (N, N) int8, start Color, start ply, custom start, moves) of game i.");
}

}  // namespace polyreversi::bindings
