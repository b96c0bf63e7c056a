// polyreversi.State: the pybind11 type plus the plain CPython methods a
// Python game loop calls once per move.
#include <cstring>

#include "common.hpp"

namespace polyreversi::bindings {

namespace {

// The calls a Python game loop makes once per move are plain CPython methods
// on the State type (no pybind11 dispatch): about 4x cheaper per call.
PyState* state_of(PyObject* self) {
  PyState* value = value_of<PyState>(self);
  if (!value) PyErr_SetString(PyExc_TypeError, "State was not initialised; use Variant.start()");
  return value;
}

template <class F>
PyObject* guarded(PyObject* self, F f) {
  PyState* s = state_of(self);
  if (!s) return nullptr;
  try {
    return f(*s);
  } catch (py::error_already_set& e) { e.restore(); } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const Error&) { translate(std::current_exception()); } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

PyObject* fast_legal_moves(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* {
    if (s.game.turn() == Turn::kPass) return Py_BuildValue("[i]", s.game.rules().pass_move());
    u128 m = s.game.legal_squares();
    PyObject* list = PyList_New(count_bits(m));
    if (!list) return nullptr;
    for (int k = 0; m; m &= m - 1, ++k) PyList_SET_ITEM(list, k, PyLong_FromLong(lowest_bit(m)));
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

// The one argument of a State method that takes one (`name`), given by position or by
// keyword: in the vectorcall convention its value is args[0] either way. A call that does
// not fit is refused in CPython's words for its own methods, naming the method (a
// keyword of 5 kB is cut by the core's quoted()).
PyObject* one_argument(const char* method, const char* name, PyObject* const* args, Py_ssize_t nargs,
                       PyObject* kwnames) {
  const Py_ssize_t keywords = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nargs + keywords != 1) {
    PyErr_Format(PyExc_TypeError, "State.%s() takes exactly one argument (%zd given)", method, nargs + keywords);
    return nullptr;
  }
  if (keywords == 1 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), name) != 0) {
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(kwnames, 0), &size);
    if (!utf8) PyErr_Clear();
    const std::string given = utf8 ? quoted(std::string(utf8, static_cast<std::size_t>(size))) : "(not UTF-8)";
    PyErr_Format(PyExc_TypeError, "State.%s() got an unexpected keyword argument %s; its argument is '%s'", method,
                 given.c_str(), name);
    return nullptr;
  }
  return args[0];
}

PyObject* fast_play(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* move = one_argument("play", "move", args, nargs, kwnames);
  if (!move) return nullptr;
  return guarded(self, [move](PyState& s) -> PyObject* {
    s.game.play(to_move_index(s.game, move));
    Py_RETURN_NONE;
  });
}

PyObject* fast_is_legal(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* move = one_argument("is_legal", "move", args, nargs, kwnames);
  if (!move) return nullptr;
  return guarded(self, [move](PyState& s) -> PyObject* {
    // A name is read as play() reads it: text that names no square of the board is
    // a mistake to report, not a move that happens to be illegal.
    if (PyUnicode_Check(move)) return PyBool_FromLong(s.game.is_legal(to_move_index(s.game, move)));
    int m;
    try {
      m = to_move_index(s.game, move);
    } catch (const SquareError&) { Py_RETURN_FALSE; }
    return PyBool_FromLong(s.game.is_legal(m));
  });
}

PyObject* fast_why_illegal(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* move = one_argument("why_illegal", "move", args, nargs, kwnames);
  if (!move) return nullptr;
  return guarded(self, [move](PyState& s) -> PyObject* {
    const int m = to_move_index(s.game, move);
    s.game.check_square(m);
    if (s.game.is_legal(m)) Py_RETURN_NONE;
    const std::string why = s.game.describe_illegal(m);
    return PyUnicode_FromStringAndSize(why.data(), static_cast<Py_ssize_t>(why.size()));
  });
}

PyObject* fast_child(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* move = one_argument("child", "move", args, nargs, kwnames);
  if (!move) return nullptr;
  return guarded(self, [move](PyState& s) -> PyObject* {
    PyState c(s);
    c.game.play(to_move_index(c.game, move));
    return py::cast(std::move(c)).release().ptr();
  });
}

PyObject* fast_flips(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* move = one_argument("flips", "move", args, nargs, kwnames);
  if (!move) return nullptr;
  return guarded(self, [move](PyState& s) -> PyObject* {
    return squares_list(s.game.flips(to_move_index(s.game, move))).release().ptr();
  });
}

PyObject* fast_cell(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* square = one_argument("cell", "square", args, nargs, kwnames);
  if (!square) return nullptr;
  return guarded(self, [square](PyState& s) -> PyObject* {
    return PyLong_FromLong(static_cast<long>(s.game.checked_cell(to_move_index(s.game, square, "square"))));
  });
}

// METH_FASTCALL | METH_KEYWORDS functions, as a PyMethodDef holds them.
template <PyObject* (*F)(PyObject*, PyObject* const*, Py_ssize_t, PyObject*)>
PyCFunction keywords_method() {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(F));
}

PyObject* fast_undo(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* { return PyLong_FromLong(s.game.undo()); });
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

PyObject* fast_empties(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* { return PyLong_FromLong(s.game.empties()); });
}

PyObject* fast_scores(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* {
    int sc[kMaxPlayers];
    s.game.scores(sc);
    py::tuple t(s.game.rules().players);
    for (int i = 0; i < s.game.rules().players; ++i) t[i] = sc[i];
    return t.release().ptr();
  });
}

PyObject* fast_winners(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* {
    const auto w = s.game.winners();
    py::tuple t(w.size());
    for (std::size_t i = 0; i < w.size(); ++i) t[i] = color_object(w[i]);
    return t.release().ptr();
  });
}

PyObject* fast_board(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* { return board_array(s.game).release().ptr(); });
}

PyObject* fast_moves(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* { return py::cast(s.game.moves()).release().ptr(); });
}

PyObject* fast_copy(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* { return py::cast(PyState(s)).release().ptr(); });
}

PyObject* fast_initial(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* {
    return py::cast(PyState(s.game.rules_ptr(), s.game.initial_position(), s.variant)).release().ptr();
  });
}

PyObject* fast_key(PyObject* self, PyObject*) {
  return guarded(self, [](PyState& s) -> PyObject* {
    const Position& p = s.game.position();
    const int words = s.game.rules().n <= 8 ? 8 : 16;
    char buf[5 * 16 + 1];
    int k = 0;
    for (int i = 0; i < s.game.rules().players; ++i, k += words) std::memcpy(buf + k, &p.disks[i], words);
    std::memcpy(buf + k, &p.neutral, words);
    k += words;
    buf[k++] = static_cast<char>(p.to_move);
    return PyBytes_FromStringAndSize(buf, k);
  });
}

constexpr int kOneArgument = METH_FASTCALL | METH_KEYWORDS;

PyMethodDef fast_methods[] = {
    {"legal_moves", fast_legal_moves, METH_NOARGS,
     "Legal moves as ascending square indices; [PASS] for a forced pass; [] once the game is over."},
    {"legal_mask", fast_legal_mask, METH_NOARGS,
     "Legal moves as an int bitmask: bit i is square i, bit N*N is a forced pass; 0 once the game is over."},
    {"play", keywords_method<fast_play>(), kOneArgument,
     "play($self, /, move)\n--\n\n"
     "Plays a legal move (index or name) in place. Raises IllegalMoveError (the state is unchanged), "
     "InvalidSquareError or TypeError."},
    {"is_legal", keywords_method<fast_is_legal>(), kOneArgument,
     "is_legal($self, /, move)\n--\n\n"
     "True if the move (index or name) is legal here. An index off the grid is False; a name "
     "that is no square of the board raises InvalidSquareError, as play() does; TypeError."},
    {"why_illegal", keywords_method<fast_why_illegal>(), kOneArgument,
     "why_illegal($self, /, move)\n--\n\n"
     "Why the move (index or name) is illegal here, in the words of the IllegalMoveError that play() "
     "would raise; None when it is legal. Raises InvalidSquareError off the grid, TypeError."},
    {"child", keywords_method<fast_child>(), kOneArgument,
     "child($self, /, move)\n--\n\nA new state after the move; this one is unchanged."},
    {"flips", keywords_method<fast_flips>(), kOneArgument,
     "flips($self, /, move)\n--\n\nAscending squares the legal move would flip. Raises IllegalMoveError otherwise."},
    {"cell", keywords_method<fast_cell>(), kOneArgument,
     "cell($self, /, square)\n--\n\nThe cell code of one square (see board())."},
    {"undo", fast_undo, METH_NOARGS,
     "Takes back the last move and returns it. Raises HistoryError when none was played."},
    {"is_over", fast_is_over, METH_NOARGS, "True when nobody can move."},
    {"must_pass", fast_must_pass, METH_NOARGS, "True when the player to move has no move but a pass (2 players only)."},
    {"empties", fast_empties, METH_NOARGS,
     "Empty squares (an int; blocked squares and cut-outs are not counted), as the board's "
     "empty cells, without building the board."},
    {"scores", fast_scores, METH_NOARGS,
     "Disks of each colour in turn order (RULES.md §7); a tuple of ints, one per player."},
    {"winners", fast_winners, METH_NOARGS,
     "Colours with the winning disk count (the fewest with Anti-Reversi); more than one is a draw. "
     "Meaningful once is_over(); during the game it names the current leaders."},
    {"board", fast_board, METH_NOARGS,
     "The board as a new int8 array of shape (N, N): 0 empty, 1-4 the Color values, 5 neutral, "
     "-1 blocked, -2 octagon cut-out."},
    {"moves", fast_moves, METH_NOARGS, "Moves played on this state since its initial position, as indices."},
    {"copy", fast_copy, METH_NOARGS, "An independent copy, with its move history."},
    {"initial", fast_initial, METH_NOARGS,
     "A new state at this state's initial position (the start, or the custom position it was made from)."},
    {"key", fast_key, METH_NOARGS,
     "A hashable bytes key of the position and the player to move (not the ply or history)."},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef fast_getters[] = {
    {"to_move", fast_to_move, nullptr,
     "The Color of the player to move. Once the game is over, nobody moves: it is the colour whose turn "
     "would come after the last move (the next in turn order, RULES.md §2); check is_over() first.",
     nullptr},
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

void init_state(py::module_& m) {
  py::class_<PyState>(m, "State",
                      "A position of a variant with the player to move, the moves played and undo. "
                      "Mutable: play() and undo() change it in place; child() and copy() make new states.")
      .def_static(
          "_start",
          [](py::handle r_obj, py::object variant) {
            const PyRules& r = checked<PyRules>(r_obj, "Rules");
            return PyState(r.rules, std::move(variant));
          },
          py::arg("rules"), py::arg("variant"))
      .def_static(
          "_from_cells",
          [](py::handle r_obj, py::object variant, py::handle cells, py::handle to_move, py::handle ply) {
            const PyRules& r = checked<PyRules>(r_obj, "Rules");
            const long long color = whole_number<PositionError>(to_move, "to_move");
            const long long first_ply = whole_number<PositionError>(ply, "ply");
            return PyState(r.rules, position_from_cells(*r.rules, cells, color, first_ply), std::move(variant));
          },
          py::arg("rules"), py::arg("variant"), py::arg("cells"), py::arg("to_move"), py::arg("ply"))
      .def_property_readonly(
          "variant",
          [](py::handle s_obj) {
            const PyState& s = get_state(s_obj);
            return s.variant;
          },
          "The Variant of this game.")
      .def_property_readonly(
          "PASS",
          [](py::handle s_obj) {
            const PyState& s = get_state(s_obj);
            return s.game.rules().pass_move();
          },
          "The pass move: N*N.")
      .def("__copy__",
           [](py::handle s_obj) {
             const PyState& s = get_state(s_obj);
             return PyState(s);
           })
      .def(
          "__deepcopy__",
          [](py::handle s_obj, py::handle) {
            const PyState& s = get_state(s_obj);
            return PyState(s);
          },
          py::arg("memo"))
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
            numpy_ready();
            py::array_t<std::int8_t> cells(s.game.rules().squares());
            CheckedGame g(s.game.rules_ptr(), init);
            g.board(cells.mutable_data());
            return py::make_tuple(s.variant, rules_args(s.game.rules()), cells, init.to_move + 1, init.ply,
                                  py::cast(s.game.moves()));
          },
          [](py::tuple t) {
            if (t.size() != 6) throw PositionError("pickle: unexpected State pickle");
            py::tuple a = t[1].cast<py::tuple>();
            auto rules =
                rules_from_args(a[0].cast<std::string>(), a[1].cast<int>(), a[2].cast<bool>(), a[3].cast<bool>(),
                                a[4].cast<int>(), a[5].cast<int>(), a[6].cast<std::vector<long long>>());
            PyState s(rules, position_from_cells(*rules, t[2], t[3].cast<int>(), t[4].cast<int>()), t[0]);
            for (int m : t[5].cast<std::vector<int>>()) s.game.play(m);
            return s;
          }));
  m.attr("State").attr("__hash__") = py::none();
  install_fast_methods(m.attr("State"));
}

}  // namespace polyreversi::bindings
