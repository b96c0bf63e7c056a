// polyreversi._core: the pybind11 bindings. Conversion only: every rule
// lives in the core (cpp/src, cpp/include); the Python package adds the facade.
#include <pybind11/native_enum.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <memory>
#include <string>
#include <vector>

#include "polyreversi/bulk.hpp"
#include "polyreversi/game.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/rules.hpp"

namespace py = pybind11;
using namespace polyreversi;

namespace {

enum class ColorCode : int { Black = 1, White = 2, Red = 3, Green = 4 };

// Python exception classes, created at import.
PyObject* exc_base = nullptr;
PyObject* exc_variant = nullptr;
PyObject* exc_square = nullptr;
PyObject* exc_illegal = nullptr;
PyObject* exc_position = nullptr;
PyObject* exc_history = nullptr;

PyObject* new_exception(py::module_& m, const char* name, py::tuple bases, const char* doc) {
  const std::string qualified = std::string("polyreversi.") + name;
  PyObject* cls = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), nullptr);
  if (!cls) throw py::error_already_set();
  m.attr(name) = py::handle(cls);
  return cls;
}

// Colour members, cached: to_move is called once per move in Python loops.
py::object color_members[kMaxPlayers];

py::object color_object(int index) { return color_members[index]; }

int color_index(py::handle value, int players) {
  if (PyBool_Check(value.ptr()) || !PyLong_Check(value.ptr()))
    throw py::type_error("a colour must be a Color or an int 1..4");
  const long c = PyLong_AsLong(value.ptr());
  if (c < 1 || c > players) {
    PyErr_Clear();
    throw py::value_error("colour " + std::to_string(c) + " is not a player of this " + std::to_string(players) +
                          "-player game (1.." + std::to_string(players) + ")");
  }
  return static_cast<int>(c) - 1;
}

// A rule set shared by every state of a variant.
struct PyRules {
  std::shared_ptr<const Rules> rules;
};

// The object behind polyreversi.State.
struct PyState {
  Game game;
  py::object variant;
  PyState(std::shared_ptr<const Rules> r, py::object v) : game(std::move(r)), variant(std::move(v)) {}
  PyState(std::shared_ptr<const Rules> r, const Position& p, py::object v) : game(std::move(r), p), variant(std::move(v)) {}
  PyState(const PyState&) = default;
};

std::string off_grid(const Game& g, const std::string& what) {
  const int n = g.rules().n;
  return "square " + what + " is off the " + std::to_string(n) + "x" + std::to_string(n) + " grid; squares are 0.." +
         std::to_string(n * n - 1) + ", pass is " + std::to_string(n * n);
}

bool is_numpy_bool(PyObject* o) {
  const std::string name = Py_TYPE(o)->tp_name;
  return name == "numpy.bool" || name == "numpy.bool_";
}

// A move given as an index or a name ("f5", "pass"). Bools are refused; an
// int outside int32 is reported as given, never truncated.
int to_move_index(const Game& g, py::handle move) {
  PyObject* o = move.ptr();
  if (PyLong_Check(o) && !PyBool_Check(o)) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (overflow || v < INT32_MIN || v > INT32_MAX) {
      py::object text = py::reinterpret_steal<py::object>(PyNumber_ToBase(o, 10));
      if (!text) throw py::error_already_set();
      throw SquareError(off_grid(g, text.cast<std::string>()));
    }
    return static_cast<int>(v);
  }
  if (!PyUnicode_Check(o) && !PyBool_Check(o) && !is_numpy_bool(o) && PyIndex_Check(o)) {  // NumPy integers
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(o));
    if (!index) throw py::error_already_set();
    return to_move_index(g, index);
  }
  if (PyUnicode_Check(o)) {
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(o, &size);
    if (!utf8) {
      PyErr_Clear();
      throw SquareError(std::string("a move name must be text such as 'f5' or 'pass'; got a string that is not valid text"));
    }
    return parse_square(g.rules().n, std::string(utf8, static_cast<std::size_t>(size)));
  }
  throw py::type_error("a move is a square index (int) or a name such as 'f5' or 'pass', not " +
                       std::string(Py_TYPE(o)->tp_name));
}

py::list squares_list(u128 mask) {
  py::list out;
  for (; mask; mask &= mask - 1) {
    const u64 lo = static_cast<u64>(mask);
    const int sq = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<u64>(mask >> 64));
    out.append(sq);
  }
  return out;
}

py::object mask_to_int(u128 mask) {
  const u64 lo = static_cast<u64>(mask), hi = static_cast<u64>(mask >> 64);
  if (!hi) return py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(lo));
  py::object h = py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(hi));
  py::object l = py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(lo));
  return (h.attr("__lshift__")(64)).attr("__or__")(l);
}

py::array_t<std::int8_t> board_array(const Game& g) {
  const int n = g.rules().n;
  py::array_t<std::int8_t> a({n, n});
  g.board(a.mutable_data());
  return a;
}

py::tuple rules_args(const Rules& r) {
  std::vector<int> blocked;
  for (int sq = 0; sq < r.squares(); ++sq)
    if (r.blocked & bit128(sq)) blocked.push_back(sq);
  return py::make_tuple(std::string(board_name(r.board)), r.players, r.anti, r.free_opening, r.handicap,
                        r.handicap_color, blocked);
}

std::shared_ptr<const Rules> rules_from_args(const std::string& board, int players, bool anti, bool free_opening,
                                             int handicap, int handicap_color, const std::vector<int>& blocked) {
  return std::make_shared<const Rules>(
      make_rules(parse_board(board), players, anti, free_opening, handicap, handicap_color, blocked));
}

// A custom position from an (n, n) or (n*n,) integer array of cell codes.
Position position_from_cells(const Rules& r, py::handle cells_obj, int to_move, int ply) {
  py::array raw = py::array::ensure(cells_obj);
  if (!raw || (raw.dtype().kind() != 'i' && raw.dtype().kind() != 'u'))
    throw PositionError("board: expected an integer array of cell codes");
  auto cells = py::array_t<long long, py::array::c_style | py::array::forcecast>::ensure(raw);
  const int n = r.n;
  const bool square_shape = cells.ndim() == 2 && cells.shape(0) == n && cells.shape(1) == n;
  const bool flat_shape = cells.ndim() == 1 && cells.shape(0) == n * n;
  if (!square_shape && !flat_shape)
    throw PositionError("board: expected shape (" + std::to_string(n) + ", " + std::to_string(n) + ") or (" +
                        std::to_string(n * n) + ",) for the " + board_name(r.board) + " board");
  const long long* c = cells.data();
  Position p;
  for (int sq = 0; sq < n * n; ++sq) {
    const long long v = c[sq];
    const u128 b = bit128(sq);
    if (v == kCellEmpty) continue;
    if (v >= 1 && v <= kMaxPlayers) p.disks[v - 1] |= b;
    else if (v == kCellNeutral) p.neutral |= b;
    else if (v == kCellBlocked && (r.blocked & b)) continue;
    else if (v == kCellCutOut && (r.cut_out & b)) continue;
    else
      throw PositionError("board: code " + std::to_string(v) + " on " + square_name(n, sq) +
                          " is not allowed there (0 empty, 1-4 colours, 5 neutral, -1 on blocked squares, "
                          "-2 on octagon cut-outs)");
  }
  p.to_move = to_move;
  p.ply = ply;
  return p;
}

// A read-only NumPy view of memory owned by `owner` (kept alive by the view).
template <class T>
py::array view(py::handle owner, const T* data, std::vector<py::ssize_t> shape, const char* dtype = nullptr) {
  py::array a = dtype ? py::array(py::dtype(dtype), shape, {}, data, owner) : py::array(py::dtype::of<T>(), shape, {}, data, owner);
  a.attr("setflags")(py::arg("write") = false);
  return a;
}

// Runs long C++ work on a worker thread while this thread waits without the
// GIL and checks for signals, so Ctrl-C stops perft and bulk play: the
// kernels poll *cancel and give up early; the KeyboardInterrupt is raised here.
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
      finished.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; });
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

struct PyBatch {
  Batch batch;
  py::object variant;
};

void translate(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const IllegalMoveError& e) {
    PyErr_SetString(exc_illegal, e.what());
  } catch (const SquareError& e) {
    PyErr_SetString(exc_square, e.what());
  } catch (const VariantError& e) {
    PyErr_SetString(exc_variant, e.what());
  } catch (const PositionError& e) {
    PyErr_SetString(exc_position, e.what());
  } catch (const HistoryError& e) {
    PyErr_SetString(exc_history, e.what());
  } catch (const Error& e) {
    PyErr_SetString(exc_base, e.what());
  }
}

// The calls a Python game loop makes once per move are plain CPython methods
// on the State type (no pybind11 dispatch): about 4x cheaper per call.
// The C++ value of a bound object, or a TypeError for another type or an
// object whose __init__ never ran (Cls.__new__(Cls) gives such objects).
template <class T>
T* value_of(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  void* value = inst->simple_layout ? inst->simple_value_holder[0]
                                    : inst->get_value_and_holder(nullptr, false).value_ptr();
  return static_cast<T*>(value);
}

template <class T>
T& checked(py::handle h, const char* name) {
  if (!py::isinstance<T>(h))
    throw py::type_error(std::string("expected a ") + name + ", got " + Py_TYPE(h.ptr())->tp_name);
  T* value = value_of<T>(h.ptr());
  if (!value) throw py::type_error(std::string(name) + " was not initialised; use polyreversi.Variant");
  return *value;
}

PyState* state_of(PyObject* self) {
  PyState* value = value_of<PyState>(self);
  if (!value) PyErr_SetString(PyExc_TypeError, "State was not initialised; use Variant.start()");
  return value;
}

// The State behind a Python object, checked: a TypeError, not a crash, for
// another type or a State whose __init__ never ran.
const PyState& get_state(py::handle h) { return checked<PyState>(h, "State"); }

template <class F>
PyObject* guarded(PyObject* self, F f) {
  PyState* s = state_of(self);
  if (!s) return nullptr;
  try {
    return f(*s);
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const Error&) {
    translate(std::current_exception());
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

PyObject* fast_legal_moves(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* {
    if (s.game.turn() == Turn::kPass) return Py_BuildValue("[i]", s.game.rules().pass_move());
    u128 m = s.game.legal_squares();
    const int count = static_cast<int>(__builtin_popcountll(static_cast<u64>(m)) +
                                       __builtin_popcountll(static_cast<u64>(m >> 64)));
    PyObject* list = PyList_New(count);
    if (!list) return nullptr;
    for (int k = 0; m; m &= m - 1, ++k) {
      const u64 lo = static_cast<u64>(m);
      const int sq = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<u64>(m >> 64));
      PyList_SET_ITEM(list, k, PyLong_FromLong(sq));
    }
    return list;
  });
}

PyObject* fast_legal_mask(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* {
    u128 m = s.game.legal_squares();
    if (s.game.turn() == Turn::kPass) m = bit128(s.game.rules().pass_move());
    return mask_to_int(m).release().ptr();
  });
}

PyObject* fast_play(PyObject* self, PyObject* move) {
  return guarded(self, [move](PyState& s) -> PyObject* {
    s.game.play(to_move_index(s.game, move));
    Py_RETURN_NONE;
  });
}

PyObject* fast_undo(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* {
    if (s.game.moves().empty()) throw HistoryError("undo: no move to take back");
    const int m = s.game.moves().back();
    s.game.undo();
    return PyLong_FromLong(m);
  });
}

PyObject* fast_is_over(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* { return PyBool_FromLong(s.game.is_over()); });
}

PyObject* fast_must_pass(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* { return PyBool_FromLong(s.game.turn() == Turn::kPass); });
}

PyObject* fast_to_move(PyObject* self, void*) {
  return guarded(self, [](PyState& s) -> PyObject* { return color_object(s.game.to_move()).release().ptr(); });
}

PyObject* fast_ply(PyObject* self, void*) {
  return guarded(self, [](PyState& s) -> PyObject* { return PyLong_FromLong(s.game.ply()); });
}

PyMethodDef fast_methods[] = {
    {"legal_moves", fast_legal_moves, METH_NOARGS,
     "Legal moves as ascending square indices; [PASS] for a forced pass; [] once the game is over."},
    {"legal_mask", fast_legal_mask, METH_NOARGS,
     "Legal moves as an int bitmask: bit i is square i, bit N*N is a forced pass; 0 once the game is over."},
    {"play", fast_play, METH_O,
     "Plays a legal move (index or name) in place. Raises IllegalMoveError (the state is unchanged), "
     "InvalidSquareError or TypeError."},
    {"undo", fast_undo, METH_NOARGS, "Takes back the last move and returns it. Raises HistoryError when none was played."},
    {"is_over", fast_is_over, METH_NOARGS, "True when nobody can move."},
    {"must_pass", fast_must_pass, METH_NOARGS, "True when the player to move has no move but a pass (2 players only)."},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef fast_getters[] = {
    {"to_move", fast_to_move, nullptr, "The Color of the player to move.", nullptr},
    {"ply", fast_ply, nullptr, "Plies played from the variant's start (a pass is a ply).", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

void install_fast_methods(py::handle cls) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  for (PyMethodDef* d = fast_methods; d->ml_name; ++d) {
    py::object descr = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, d));
    if (!descr || PyObject_SetAttrString(cls.ptr(), d->ml_name, descr.ptr()) < 0) throw py::error_already_set();
  }
  for (PyGetSetDef* g = fast_getters; g->name; ++g) {
    py::object descr = py::reinterpret_steal<py::object>(PyDescr_NewGetSet(type, g));
    if (!descr || PyObject_SetAttrString(cls.ptr(), g->name, descr.ptr()) < 0) throw py::error_already_set();
  }
}

}  // namespace

void init_search(py::module_& m);  // cpp/bindings/search.cpp

PYBIND11_MODULE(_core, m) {  // not free-threading safe: State and Batch hold no locks
  m.doc() = "polyreversi's C++ engine (bindings only; use the polyreversi package)";

  py::tuple base_bases = py::make_tuple(py::handle(PyExc_Exception));
  exc_base = new_exception(m, "PolyreversiError", base_bases, "Base class of every error polyreversi raises.");
  auto value_bases = py::make_tuple(py::handle(exc_base), py::handle(PyExc_ValueError));
  exc_variant = new_exception(m, "VariantError", value_bases,
                              "An impossible variant: unknown board or option, a forbidden combination (RULES.md §8).");
  exc_square = new_exception(m, "InvalidSquareError", value_bases,
                             "A square index or name that is not on the board's grid.");
  exc_illegal = new_exception(m, "IllegalMoveError", value_bases,
                              "A move the rules forbid in this position; the message names the move, the ply "
                              "and the legal moves.");
  exc_position = new_exception(m, "PositionError", value_bases, "A custom position that breaks the variant's board.");
  exc_history = new_exception(m, "HistoryError",
                              py::make_tuple(py::handle(exc_base), py::handle(PyExc_IndexError)),
                              "undo() with no move to take back.");
  py::register_exception_translator(&translate);

  py::native_enum<ColorCode>(m, "Color", "enum.IntEnum",
                             "A player's colour; the value is also its code in board() arrays. Turn order is "
                             "BLACK, WHITE, RED, GREEN (RULES.md §2).")
      .value("BLACK", ColorCode::Black)
      .value("WHITE", ColorCode::White)
      .value("RED", ColorCode::Red)
      .value("GREEN", ColorCode::Green)
      .finalize();
  {
    py::object cls = m.attr("Color");
    const char* names[] = {"BLACK", "WHITE", "RED", "GREEN"};
    for (int i = 0; i < kMaxPlayers; ++i) color_members[i] = cls.attr(names[i]);
  }

  py::class_<PyRules>(m, "Rules", "A validated rule set (built by polyreversi.Variant).")
      .def(py::init([](const std::string& board, int players, bool anti, bool free_opening, int handicap,
                       int handicap_color, const std::vector<int>& blocked) {
             return PyRules{rules_from_args(board, players, anti, free_opening, handicap, handicap_color, blocked)};
           }),
           py::arg("board"), py::arg("players"), py::arg("anti"), py::arg("free_opening"), py::arg("handicap"),
           py::arg("handicap_color"), py::arg("blocked"))
      .def_property_readonly("n", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return r.rules->n; })
      .def_property_readonly("playable", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return squares_list(r.rules->playable); })
      .def_property_readonly("cut_out", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return squares_list(r.rules->cut_out); })
      .def("args", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return rules_args(*r.rules); });

  m.def("eligible_blocked", [](const std::string& board, int handicap) {
    if (handicap < 0 || handicap > 4) throw VariantError("handicap: allowed: 0, 1, 2, 3, 4");
    return eligible_blocked(parse_board(board), handicap);
  });
  m.def("board_side", [](const std::string& board) { return board_side(parse_board(board)); });
  m.def("square_name", [](int n, int square) {
    if (n != 6 && n != 8 && n != 10) throw SquareError("no board has side " + std::to_string(n));
    if (square < 0 || square > n * n)
      throw SquareError("square " + std::to_string(square) + " is off the " + std::to_string(n) + "x" +
                        std::to_string(n) + " grid; squares are 0.." + std::to_string(n * n - 1) + ", pass is " +
                        std::to_string(n * n));
    return square == n * n ? std::string("pass") : square_name(n, square);
  });
  m.def("parse_square", [](int n, const std::string& text) {
    if (n != 6 && n != 8 && n != 10) throw SquareError("no board has side " + std::to_string(n));
    return parse_square(n, text);
  });
  m.def("kernels", []() { return std::string(kernels().name); }, "Name of the kernel set picked for this CPU.");

  py::class_<PyState>(m, "State",
                      "A position of a variant with the player to move, the moves played and undo. "
                      "Mutable: play() and undo() change it in place; child() and copy() make new states.")
      .def(py::init([](py::handle r_obj, py::object variant) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return PyState(r.rules, std::move(variant)); }),
           py::arg("rules"), py::arg("variant"))
      .def_static(
          "_from_cells",
          [](py::handle r_obj, py::object variant, py::handle cells, py::handle to_move, int ply) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules");
            const int c = color_index(to_move, r.rules->players);
            if (ply < 0) throw PositionError("ply: must not be negative");
            return PyState(r.rules, position_from_cells(*r.rules, cells, c, ply), std::move(variant));
          },
          py::arg("rules"), py::arg("variant"), py::arg("cells"), py::arg("to_move"), py::arg("ply"))
      .def_property_readonly("variant", [](py::handle s_obj) {
        const PyState& s = get_state(s_obj); return s.variant; }, "The Variant of this game.")
      .def_property_readonly("PASS", [](py::handle s_obj) {
        const PyState& s = get_state(s_obj); return s.game.rules().pass_move(); },
                             "The pass move: N*N.")
      .def("is_legal",
           [](py::handle s_obj, py::handle move) {
        const PyState& s = get_state(s_obj);
             int m;
             try {
               m = to_move_index(s.game, move);
             } catch (const SquareError&) {
               return false;
             }
             return s.game.is_legal(m);
           },
           py::arg("move"), "True if the move (index or name) is legal here; never raises for a bad square.")
      .def("child",
           [](py::handle s_obj, py::handle move) {
        const PyState& s = get_state(s_obj);
             PyState c(s);
             c.game.play(to_move_index(c.game, move));
             return c;
           },
           py::arg("move"), "A new state after the move; this one is unchanged.")
      .def("copy", [](py::handle s_obj) {
        const PyState& s = get_state(s_obj); return PyState(s); }, "An independent copy, with its move history.")
      .def("__copy__", [](py::handle s_obj) {
        const PyState& s = get_state(s_obj); return PyState(s); })
      .def("__deepcopy__", [](py::handle s_obj, py::handle) {
        const PyState& s = get_state(s_obj); return PyState(s); }, py::arg("memo"))
      .def("scores",
           [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
             int sc[kMaxPlayers];
             s.game.scores(sc);
             py::tuple t(s.game.rules().players);
             for (int i = 0; i < s.game.rules().players; ++i) t[i] = sc[i];
             return t;
           },
           "Disks of each colour in turn order (RULES.md §7); a tuple of ints, one per player.")
      .def("winners",
           [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
             const auto w = s.game.winners();
             py::tuple t(w.size());
             for (std::size_t i = 0; i < w.size(); ++i) t[i] = color_object(w[i]);
             return t;
           },
           "Colours with the winning disk count (the fewest with Anti-Reversi); more than one is a draw. "
           "Meaningful once is_over(); during the game it names the current leaders.")
      .def("flips", [](py::handle s_obj, py::handle move) {
        const PyState& s = get_state(s_obj); return squares_list(s.game.flips(to_move_index(s.game, move))); },
           py::arg("move"), "Ascending squares the legal move would flip. Raises IllegalMoveError otherwise.")
      .def("board", [](py::handle s_obj) {
        const PyState& s = get_state(s_obj); return board_array(s.game); },
           "The board as a new int8 array of shape (N, N): 0 empty, 1-4 the Color values, 5 neutral, "
           "-1 blocked, -2 octagon cut-out.")
      .def("cell", [](py::handle s_obj, py::handle square) {
        const PyState& s = get_state(s_obj);
             const int sq = to_move_index(s.game, square);
             s.game.check_square(sq);
             if (sq == s.game.rules().pass_move()) throw SquareError("cell: 'pass' is a move, not a square");
             return static_cast<int>(s.game.cell(sq));
           }, py::arg("square"), "The cell code of one square (see board()).")
      .def("moves", [](py::handle s_obj) {
        const PyState& s = get_state(s_obj); return py::cast(s.game.moves()); },
           "Moves played on this state since its initial position, as indices.")
      .def("initial",
           [](py::handle s_obj) {
        const PyState& s = get_state(s_obj); return PyState(s.game.rules_ptr(), s.game.initial_position(), s.variant); },
           "A new state at this state's initial position (the start, or the custom position it was made from).")
      .def("key",
           [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
             const Position& p = s.game.position();
             const int words = s.game.rules().n <= 8 ? 8 : 16;
             char buf[5 * 16 + 1];
             int k = 0;
             for (int i = 0; i < s.game.rules().players; ++i, k += words) std::memcpy(buf + k, &p.disks[i], words);
             std::memcpy(buf + k, &p.neutral, words);
             k += words;
             buf[k++] = static_cast<char>(p.to_move);
             return py::bytes(buf, k);
           },
           "A hashable bytes key of the position and the player to move (not the ply or history).")
      .def("__eq__",
           [](py::handle a_obj, py::object other) -> py::object {
        const PyState& a = get_state(a_obj);
             if (!py::isinstance<PyState>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             const PyState& b = get_state(other);
             const bool same = a.game.position() == b.game.position() && a.variant.equal(b.variant);
             return py::bool_(same);
           })
      .def("__ne__",
           [](py::handle a_obj, py::object other) -> py::object {
        const PyState& a = get_state(a_obj);
             if (!py::isinstance<PyState>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             const PyState& b = get_state(other);
             return py::bool_(!(a.game.position() == b.game.position() && a.variant.equal(b.variant)));
           })
      .def(py::pickle(
          [](py::handle s_obj) {
        const PyState& s = get_state(s_obj);
            const Position& init = s.game.initial_position();
            py::array_t<std::int8_t> cells(s.game.rules().squares());
            Game g(s.game.rules_ptr(), init);
            g.board(cells.mutable_data());
            return py::make_tuple(s.variant, rules_args(s.game.rules()), cells, init.to_move + 1, init.ply,
                                  py::cast(s.game.moves()));
          },
          [](py::tuple t) {
            if (t.size() != 6) throw PositionError("pickle: unexpected State pickle");
            py::tuple a = t[1].cast<py::tuple>();
            auto rules = rules_from_args(a[0].cast<std::string>(), a[1].cast<int>(), a[2].cast<bool>(),
                                         a[3].cast<bool>(), a[4].cast<int>(), a[5].cast<int>(),
                                         a[6].cast<std::vector<int>>());
            const int to_move = t[3].cast<int>() - 1;
            PyState s(rules, position_from_cells(*rules, t[2], to_move, t[4].cast<int>()), t[0]);
            for (int m : t[5].cast<std::vector<int>>()) s.game.play(m);
            return s;
          }));
  m.attr("State").attr("__hash__") = py::none();
  install_fast_methods(m.attr("State"));

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

  py::class_<PyBatch>(m, "Batch", "B games of one variant held in C++ (see polyreversi.Batch).")
      .def(py::init([](py::handle r_obj, py::object variant, int size) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules");
             if (size < 1) throw py::value_error("size: a batch holds at least 1 game");
             return std::make_unique<PyBatch>(PyBatch{Batch(r.rules, size), std::move(variant)});
           }),
           py::arg("rules"), py::arg("variant"), py::arg("size"))
      .def_property_readonly("size", [](py::handle b_obj) {
        const PyBatch& b = checked<PyBatch>(b_obj, "Batch"); return b.batch.size(); })
      .def_property_readonly("variant", [](py::handle b_obj) {
        const PyBatch& b = checked<PyBatch>(b_obj, "Batch"); return b.variant; })
      .def_property_readonly("masks", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        const int nn = b.batch.rules().squares();
        return view(self, b.batch.data().masks, {b.batch.size(), nn + 1}, "bool");
      })
      .def_property_readonly("boards", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        const int n = b.batch.rules().n;
        return view(self, b.batch.data().boards, {b.batch.size(), n, n});
      })
      .def_property_readonly("done", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        return view(self, b.batch.data().done, {b.batch.size()}, "bool");
      })
      .def_property_readonly("scores", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        return view(self, b.batch.data().scores, {b.batch.size(), b.batch.rules().players});
      })
      .def_property_readonly("to_move", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        return view(self, b.batch.data().to_move, {b.batch.size()});
      })
      .def("plies", [](py::handle b_obj) {
        const PyBatch& b = checked<PyBatch>(b_obj, "Batch");
        py::array_t<std::int32_t> out(b.batch.size());
        for (int i = 0; i < b.batch.size(); ++i) out.mutable_data()[i] = b.batch.ply(i);
        return out;
      })
      .def("step",
           [](py::handle b_obj, py::array_t<std::int32_t, py::array::c_style> moves, int threads) {
        PyBatch& b = checked<PyBatch>(b_obj, "Batch");
             if (moves.ndim() != 1 || moves.shape(0) != b.batch.size())
               throw py::value_error("moves: expected shape (" + std::to_string(b.batch.size()) + ",)");
             const std::int32_t* mv = moves.data();
             py::gil_scoped_release release;
             b.batch.step(mv, threads);
           },
           py::arg("moves").noconvert(), py::arg("threads") = 1)
      .def("reset",
           [](py::handle b_obj, py::object which) {
        PyBatch& b = checked<PyBatch>(b_obj, "Batch");
             if (which.is_none()) {
               b.batch.reset(nullptr);
               return;
             }
             auto w = which.cast<py::array_t<std::uint8_t, py::array::c_style>>();
             if (w.ndim() != 1 || w.shape(0) != b.batch.size())
               throw py::value_error("reset: expected shape (" + std::to_string(b.batch.size()) + ",)");
             b.batch.reset(w.data());
           },
           py::arg("which"))
      .def("choose",
           [](py::handle b_obj, int policy, unsigned long long seed) {
        PyBatch& b = checked<PyBatch>(b_obj, "Batch");
             if (policy != 0 && policy != 1) throw py::value_error("policy: 0 (random) or 1 (greedy)");
             py::array_t<std::int32_t> out(b.batch.size());
             std::int32_t* o = out.mutable_data();
             {
               py::gil_scoped_release release;
               b.batch.choose(policy, seed, o);
             }
             return out;
           },
           py::arg("policy"), py::arg("seed"))
      .def("state", [](py::handle b_obj, int i) {
        const PyBatch& b = checked<PyBatch>(b_obj, "Batch");
        if (i < 0 || i >= b.batch.size())
          throw py::index_error("game " + std::to_string(i) + " is not in this batch of " + std::to_string(b.batch.size()));
        return PyState(b.batch.rules_ptr(), b.batch.position(i), b.variant);
      }, py::arg("index"));

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
  init_search(m);
}
