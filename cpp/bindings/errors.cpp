// The exception classes of polyreversi._core and the translator from core errors.
#include "common.hpp"

namespace polyreversi::bindings {

namespace {

PyObject* new_exception(py::module_& m, const char* name, py::tuple bases, const char* doc) {
  const std::string qualified = std::string("polyreversi.") + name;
  PyObject* cls = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), nullptr);
  if (!cls) throw py::error_already_set();
  m.attr(name) = py::handle(cls);
  return cls;
}

}  // namespace

void init_errors(py::module_& m) {

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
}

}  // namespace polyreversi::bindings
