// Shared pieces of the pybind11 bindings: argument conversion, error
// translation, checked access to bound objects, array views, colour objects
// and the interruptible runner. Conversion only: every rule lives in the core.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "polyreversi/board_word.hpp"
#include "polyreversi/checked_game.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/rules.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {
class Batch;
}  // namespace polyreversi

namespace polyreversi::bindings {

namespace py = pybind11;

// One init function per bound object, called in this order by module.cpp.
void init_errors(py::module_& m);
void init_limits(py::module_& m);  // limits.cpp: the core's bounds as _core.limits
void init_color(py::module_& m);
void init_rules(py::module_& m);
void init_state(py::module_& m);
void init_bulk(py::module_& m);
void init_batch(py::module_& m);
void init_search(py::module_& m);  // search.cpp: search and solve
void init_puct(py::module_& m);    // puct.cpp: batched PUCT with an outside evaluation
// The core Batch of a polyreversi._core.Batch (batch.cpp); TypeError for another object.
Batch& core_batch(py::handle h);

// Python exception classes, created by init_errors.
extern PyObject* exc_base;
extern PyObject* exc_variant;
extern PyObject* exc_square;
extern PyObject* exc_illegal;
extern PyObject* exc_position;
extern PyObject* exc_history;

// Sets the Python error matching a core exception (types.hpp).
void translate(std::exception_ptr p);

// Colour members, cached by init_color: to_move is called once per move in Python loops.
extern py::object color_members[kMaxPlayers];
inline py::object color_object(int index) { return color_members[index]; }

// A rule set shared by every state of a variant.
struct PyRules { std::shared_ptr<const Rules> rules; };

// The object behind polyreversi.State.
struct PyState {
  CheckedGame game;
  py::object variant;
  PyState(std::shared_ptr<const Rules> r, py::object v) : game(std::move(r)), variant(std::move(v)) {}
  PyState(std::shared_ptr<const Rules> r, const Position& p, py::object v)
      : game(std::move(r), p), variant(std::move(v)) {}
  PyState(const PyState&) = default;
};

// The decimal digits of a Python int (any size); past `limit` digits the leading ones
// and the count (past kExactDigitsBits bits both from its logarithm: "about N digits").
// The one owner of how a message shows a whole number (polyreversi.errors.quoted reads
// it as _core._decimal_text).
std::string decimal_text(py::handle value, long long limit = polyreversi::kQuotedChars);

// A square index (a Python int of any size) for the core's checks on an n x n
// grid: an int beyond 64 bits is named in the core's off-grid message.
long long square_number(int n, py::handle value);

// A Python int (not a bool) as a 64-bit number for the core, which checks its
// range and names it; an int beyond 64 bits raises E "NAME: DIGITS is out of range".
template <class E>
long long whole_number(py::handle value, const std::string& name) {
  PyObject* o = value.ptr();
  if (PyBool_Check(o) || !PyLong_Check(o)) throw py::type_error(name + ": expected a whole number");
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow) throw E(name + ": " + decimal_text(value) + " is out of range");
  return v;
}
bool is_numpy_bool(PyObject* o);
// A move given as an index or a name ("f5", "pass"). Bools are refused; an
// int outside int32 is reported as given, never truncated. `name` is the argument's
// name in the TypeError of any other type.
int to_move_index(const CheckedGame& g, py::handle move, const char* name = "move");

py::list squares_list(u128 mask);
py::object mask_to_int(u128 mask);
py::array_t<std::int8_t> board_array(const CheckedGame& g);

py::tuple rules_args(const Rules& r);
std::shared_ptr<const Rules> rules_from_args(const std::string& board, long long players, bool anti, bool free_opening,
                                             long long handicap, long long handicap_color,
                                             const std::vector<long long>& blocked);
// A custom position from an (n, n) or (n*n,) integer array of cell codes;
// to_move is a colour number 1..players (checked by the core, as is ply).
Position position_from_cells(const Rules& r, py::handle cells_obj, long long to_move, long long ply);

// Called by every binding before it makes or reads its first array. pybind11 looks
// NumPy's C API up at a process's first array and releases the GIL while it does
// (gil_safe_call_once_and_store); outside a call in flight that release let the
// interpreter's exit go on, and a daemon thread then ended inside the core
// (std::terminate: tests/test_exit.py). Here the lookup is one counted call
// (CallInFlight), which the exit waits for; afterwards this is one load and a branch.
// Not at the core's load: another thread may be importing NumPy then, and the
// lookup's import of it from the init (holding the import locks of the modules
// loading the core) deadlocked with that thread (tests/test_threads.py).
void numpy_ready();

// A read-only NumPy view of memory owned by `owner` (kept alive by the view).
template <class T>
py::array view(py::handle owner, const T* data, std::vector<py::ssize_t> shape, const char* dtype = nullptr) {
  numpy_ready();
  py::array a = dtype ? py::array(py::dtype(dtype), shape, {}, data, owner)
                      : py::array(py::dtype::of<T>(), shape, {}, data, owner);
  a.attr("setflags")(py::arg("write") = false);
  return a;
}

// A call into the core that releases the GIL, counted while it runs so that the
// interpreter's exit can wait for it (init_exit): Python ends a daemon thread
// that takes the GIL after the exit hooks, unwinding C++ frames that must not be
// unwound (std::terminate, or a crash). Made and destroyed with the GIL held.
// Once the exit has begun (the core's process stop, polyreversi/stop.hpp) a new
// call is refused and a running one ends with SystemExit, never with work cut
// short: SystemExit ends a daemon thread quietly, and only daemon threads (and
// later exit hooks) still run then.
class CallInFlight {
 public:
  CallInFlight();  // throws SystemExit once the exit has begun
  ~CallInFlight();
  CallInFlight(const CallInFlight&) = delete;
  CallInFlight& operator=(const CallInFlight&) = delete;
  // Throws SystemExit if the exit began while the call ran (its result may be cut short).
  static void check_exit();
};

// Runs work (which must not touch Python objects) without the GIL, as one call
// in flight; SystemExit as CallInFlight says.
template <class F>
void without_gil(F&& work) {
  CallInFlight call;
  {
    py::gil_scoped_release release;
    work();
  }
  CallInFlight::check_exit();
}

// The core's load (the module's init), counted in polyreversi._core_loads for the
// package's exit hook, which waits until no load is under way: the init runs Python
// code (classes, enums) inside C++ frames, and a daemon thread that loads the core
// as the interpreter exits must not be ended there (a crash). Made first in the init; a
// load after the hook ran starts stopped (init_exit).
class CoreLoad {
 public:
  CoreLoad();
  ~CoreLoad();
  CoreLoad(const CoreLoad&) = delete;
  CoreLoad& operator=(const CoreLoad&) = delete;
};

// Registers the exit hook: at interpreter exit, the core's process stop is set
// and the exit waits (at most kExitWaitSeconds) until no call is in flight.
void init_exit(py::module_& m);

// Runs long C++ work on a thread kept waiting for it while this thread waits
// without the GIL and checks for signals, so Ctrl-C stops perft, bulk play and
// searches: the kernels poll *cancel and give up early; the KeyboardInterrupt is
// raised here. In a thread other than Python's main thread, which never sees a
// signal, the work runs on the calling thread (without the GIL).
void run_interruptible(const std::function<void(const int* cancel)>& work);
// The same with the caller's flag as the cancel (a Searcher's stop flag: set
// by Ctrl-C here, or by another thread).
void run_interruptible(int* cancel_flag, const std::function<void(const int* cancel)>& work);

// Marks kept search state (trees kept between calls) as in use while a search
// runs without the GIL, so that a second search from another thread is refused.
struct BusyGuard {
  bool& flag;
  explicit BusyGuard(bool& f) : flag(f) { flag = true; }
  ~BusyGuard() { flag = false; }
};

// The C++ value of a bound object, or a TypeError for another type or an
// object whose __init__ never ran (Cls.__new__(Cls) gives such objects).
template <class T>
T* value_of(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  void* value =
      inst->simple_layout ? inst->simple_value_holder[0] : inst->get_value_and_holder(nullptr, false).value_ptr();
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

// The State behind a Python object, checked: a TypeError, not a crash, for
// another type or a State whose __init__ never ran.
inline const PyState& get_state(py::handle h) { return checked<PyState>(h, "State"); }

}  // namespace polyreversi::bindings
