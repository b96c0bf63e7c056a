// Shared conversion helpers of the bindings (see common.hpp).
#include "common.hpp"

#ifndef _WIN32
#include <pthread.h>  // pthread_atfork (Windows has no fork)
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "polyreversi/limits.hpp"
#include "polyreversi/stop.hpp"

namespace polyreversi::bindings {

PyObject* exc_base = nullptr;
PyObject* exc_variant = nullptr;
PyObject* exc_square = nullptr;
PyObject* exc_illegal = nullptr;
PyObject* exc_position = nullptr;
PyObject* exc_history = nullptr;

py::object color_members[kMaxPlayers];

namespace {
py::object checked(PyObject* result) {
  if (!result) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(result);
}

// 10 ** k as a Python int.
py::object power_of_ten(long long k) { return checked(PyNumber_Power(py::int_(10).ptr(), py::int_(k).ptr(), Py_None)); }
}  // namespace

std::string decimal_text(py::handle value, long long limit) {
  // The count comes from the bit length, never from the text: Python refuses to convert
  // an int of more than 4300 digits to text.
  const py::object number = checked(PyNumber_Index(value.ptr()));
  const bool negative = PyObject_RichCompareBool(number.ptr(), py::int_(0).ptr(), Py_LT) == 1;
  const std::string sign = negative ? "-" : "";
  const py::object magnitude = checked(PyNumber_Absolute(number.ptr()));
  const long long bits = py::cast<long long>(magnitude.attr("bit_length")());
  if (bits > kExactDigitsBits) {
    // Exact digits cost a power of ten as large (seconds past a million bits): the
    // leading digits from the top 64 bits, the count from the logarithm (a double's
    // log10 keeps the first 6 of up to 10^9 digits; printed with more and cut, not rounded).
    const long long shift = bits - 64;
    const py::object top = checked(PyNumber_Rshift(magnitude.ptr(), py::int_(shift).ptr()));
    const double log10 = std::log10(PyLong_AsDouble(top.ptr())) + static_cast<double>(shift) * std::log10(2.0);
    char lead[32];
    std::snprintf(lead, sizeof lead, "%.9f", std::min(9.999999999, std::pow(10.0, log10 - std::floor(log10))));
    std::string head(lead);
    head.erase(1, 1);
    return sign + head.substr(0, 6) + "... (about " + std::to_string(static_cast<long long>(log10) + 1) + " digits)";
  }
  long long digits = std::max(1LL, bits * 30103 / 100000);  // log10(2): a lower bound, or one above
  if (digits > 1 && PyObject_RichCompareBool(magnitude.ptr(), power_of_ten(digits - 1).ptr(), Py_LT) == 1) --digits;
  while (PyObject_RichCompareBool(magnitude.ptr(), power_of_ten(digits).ptr(), Py_GE) == 1) ++digits;
  if (digits <= limit) return checked(PyNumber_ToBase(number.ptr(), 10)).cast<std::string>();
  const py::object head = checked(PyNumber_FloorDivide(magnitude.ptr(), power_of_ten(digits - limit).ptr()));
  return sign + checked(PyNumber_ToBase(head.ptr(), 10)).cast<std::string>() + "... (" + std::to_string(digits) +
         " digits)";
}

void init_decimal_text(py::module_& m) {
  m.def(
      "_decimal_text",
      [](py::handle value, long long limit) {
        if (limit < 1) throw py::value_error("limit: must be at least 1");
        return decimal_text(value, limit);
      },
      py::arg("value"), py::arg("limit"),
      "A whole number as a message shows it (decimal_text): its digits, or past `limit` of them the "
      "leading ones and the count.");
}

long long square_number(int n, py::handle value) {
  PyObject* o = value.ptr();
  if (PyBool_Check(o) || !PyLong_Check(o)) throw py::type_error("square: expected a whole number");
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow) throw SquareError(off_grid_message(n, decimal_text(value)));
  return v;
}

bool is_numpy_bool(PyObject* o) {
  const std::string name = Py_TYPE(o)->tp_name;
  return name == "numpy.bool" || name == "numpy.bool_";
}

// A move given as an index or a name ("f5", "pass"). Bools are refused; an
// int outside int32 is reported as given, never truncated.
int to_move_index(const CheckedGame& g, py::handle move, const char* name) {
  PyObject* o = move.ptr();
  if (PyLong_Check(o) && !PyBool_Check(o)) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (overflow || v < INT32_MIN || v > INT32_MAX) {
      throw SquareError(off_grid_message(g.rules().n, decimal_text(o)));
    }
    return static_cast<int>(v);
  }
  if (!PyUnicode_Check(o) && !PyBool_Check(o) && !is_numpy_bool(o) && PyIndex_Check(o)) {  // NumPy integers
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(o));
    if (!index) throw py::error_already_set();
    return to_move_index(g, index, name);
  }
  if (PyUnicode_Check(o)) {
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(o, &size);
    if (!utf8) {
      PyErr_Clear();
      throw SquareError(
          std::string("a move name must be text such as 'f5' or 'pass'; got a string that is not valid text"));
    }
    return parse_square(g.rules().n, std::string(utf8, static_cast<std::size_t>(size)));
  }
  throw py::type_error(std::string(name) + ": expected a square index (int) or a name such as 'f5' or 'pass', got " +
                       Py_TYPE(o)->tp_name);
}

py::list squares_list(u128 mask) {
  py::list out;
  for (; mask; mask &= mask - 1) out.append(lowest_bit(mask));
  return out;
}

py::object mask_to_int(u128 mask) {
  const u64 lo = low_word(mask), hi = high_word(mask);
  if (!hi) return py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(lo));
  py::object h = py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(hi));
  py::object l = py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(lo));
  return (h.attr("__lshift__")(64)).attr("__or__")(l);
}

void numpy_ready() {
  static bool ready = false;  // read and written with the GIL held
  if (ready) return;
  const CallInFlight call;  // SystemExit once the exit has begun
  py::detail::npy_api::get();
  ready = true;
}

py::array_t<std::int8_t> board_array(const CheckedGame& g) {
  numpy_ready();
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

std::shared_ptr<const Rules> rules_from_args(const std::string& board, long long players, bool anti, bool free_opening,
                                             long long handicap, long long handicap_color,
                                             const std::vector<long long>& blocked) {
  return std::make_shared<const Rules>(
      make_rules(parse_board(board), players, anti, free_opening, handicap, handicap_color, blocked));
}

// A custom position from an (n, n) or (n*n,) integer array of cell codes.
Position position_from_cells(const Rules& r, py::handle cells_obj, long long to_move, long long ply) {
  numpy_ready();
  py::array raw = py::array::ensure(cells_obj);
  if (!raw || (raw.dtype().kind() != 'i' && raw.dtype().kind() != 'u'))
    throw PositionError("board: expected an integer array of cell codes");
  const int n = r.n;
  const bool square_shape = raw.ndim() == 2 && raw.shape(0) == n && raw.shape(1) == n;
  const bool flat_shape = raw.ndim() == 1 && raw.shape(0) == n * n;
  if (!square_shape && !flat_shape)
    throw PositionError("board: expected shape (" + std::to_string(n) + ", " + std::to_string(n) + ") or (" +
                        std::to_string(n * n) + ",) for the " + board_name(r.board) + " board");
  if (raw.dtype().kind() == 'u' && raw.itemsize() == 8) {  // values above int64 would wrap in the cast below
    auto wide = py::array_t<unsigned long long, py::array::c_style | py::array::forcecast>::ensure(raw);
    for (int sq = 0; sq < n * n; ++sq)
      if (wide.data()[sq] > static_cast<unsigned long long>(INT64_MAX))
        throw PositionError(bad_cell_code_message(r, std::to_string(wide.data()[sq]), sq));
  }
  auto cells = py::array_t<long long, py::array::c_style | py::array::forcecast>::ensure(raw);
  return position_from_codes(r, cells.data(), to_move, ply);
}

namespace {

// The calls in flight (CallInFlight), under calls_mutex; calls_done is signalled
// when the count falls to 0. Never destroyed: a daemon thread may still use them
// while static objects are destroyed after a bounded exit wait ran out.
std::mutex& calls_mutex = *new std::mutex;
std::condition_variable& calls_done = *new std::condition_variable;
long long calls_in_flight = 0;

[[noreturn]] void raise_exiting() {
  PyErr_SetString(PyExc_SystemExit, "polyreversi: the interpreter is exiting; the call was stopped");
  throw py::error_already_set();
}

// The exit hook (_core._stop_calls_at_exit): the package registers it with atexit
// when it is imported (python/polyreversi/__init__.py), before any thread of the
// user's can load this module, which is loaded lazily: a daemon thread may load it
// while the interpreter already runs its exit hooks, too late for one of its own.
// It sets the process stop, then
// waits without the GIL until the calls in flight have left the core, so that
// their threads take the GIL back while Python still lets them. Only threads the
// exit does not wait for (daemon threads) can be in the core then. A second
// Ctrl-C meanwhile is ignored: the process is already on its way out.
void stop_calls_at_exit() {
  request_process_stop();
  {
    std::lock_guard<std::mutex> lock(calls_mutex);
    if (calls_in_flight == 0) return;
  }
  try {
    py::module_ signal = py::module_::import("signal");
    signal.attr("signal")(signal.attr("SIGINT"), signal.attr("SIG_IGN"));
  } catch (py::error_already_set&) {  // not the main thread (an embedding program's exit): nothing to ignore
  }
  py::gil_scoped_release release;
  std::unique_lock<std::mutex> lock(calls_mutex);  // released before the GIL is taken back
  calls_done.wait_for(lock, std::chrono::duration<double>(kExitWaitSeconds), [] { return calls_in_flight == 0; });
}

}  // namespace

CallInFlight::CallInFlight() {
  if (process_stopping()) raise_exiting();
  std::lock_guard<std::mutex> lock(calls_mutex);
  ++calls_in_flight;
}

CallInFlight::~CallInFlight() {
  std::lock_guard<std::mutex> lock(calls_mutex);
  if (--calls_in_flight == 0) calls_done.notify_all();
}

void CallInFlight::check_exit() {
  if (process_stopping()) raise_exiting();
}

CoreLoad::CoreLoad() {
  // Attribute reads and writes of the loaded package: no Python code runs, so the GIL
  // is held from the check to the count, as it is in the hook from setting
  // _exiting to reading the count.
  py::module_ package = py::module_::import("polyreversi");
  package.attr("_core_loads") = package.attr("_core_loads").cast<int>() + 1;
}

CoreLoad::~CoreLoad() {
  PyObject* package = PyImport_GetModule(py::str("polyreversi").ptr());
  if (package == nullptr) return;
  PyObject* loads = PyObject_GetAttrString(package, "_core_loads");
  if (loads != nullptr) {
    PyObject* fewer = PyNumber_Subtract(loads, py::int_(1).ptr());
    if (fewer != nullptr) PyObject_SetAttrString(package, "_core_loads", fewer);
    Py_XDECREF(fewer);
    Py_DECREF(loads);
  }
  Py_DECREF(package);
  PyErr_Clear();  // a destructor reports nothing; the init's own error, if any, is restored by pybind11 after
}

void init_exit(py::module_& m) {
  m.def("_stop_calls_at_exit", &stop_calls_at_exit,
        "At interpreter exit: stops the long calls of every thread and waits (at most limits.EXIT_WAIT s) until "
        "they have left the core; later calls raise SystemExit. The package's exit hook calls it.");
  // Loaded by a thread after the exit hook ran (it found no load to wait for): the load
  // completes (refused, it would print the thread's ImportError) and no call may start.
  if (py::module_::import("polyreversi").attr("_exiting").cast<bool>()) request_process_stop();
}

namespace {

// A thread kept waiting for the work of run_interruptible: a call wakes it instead
// of starting a thread, which cost 0.6-1.9 ms a call on a loaded 2-core machine
// (benchmarks/HISTORY.md), more than a small search or a small Batch's choice.
struct Waiter {
  std::mutex mutex;
  std::condition_variable wake;      // work was handed over
  std::condition_variable finished;  // the work is done
  const std::function<void()>* work = nullptr;
  bool done = false;
};

void wait_for_work(Waiter* waiter) {
  std::unique_lock<std::mutex> lock(waiter->mutex);
  for (;;) {
    waiter->wake.wait(lock, [waiter] { return waiter->work != nullptr; });
    const std::function<void()>* work = waiter->work;
    lock.unlock();
    (*work)();  // it catches its own exceptions
    lock.lock();
    waiter->work = nullptr;
    waiter->done = true;
    waiter->finished.notify_all();
  }
}

// The waiters not running a call: one per call at once, kept for the next. Never
// freed: their detached threads wait until the process ends. A forked child starts
// a new list (its parent's threads are not in the child; a lock may have been held).
struct Waiters {
  std::mutex mutex;
  std::vector<Waiter*> idle;
};
Waiters* waiters = nullptr;

Waiters& idle_waiters() {
  static std::once_flag once;
  std::call_once(once, [] {
    waiters = new Waiters;
#ifndef _WIN32
    pthread_atfork(nullptr, nullptr, [] { waiters = new Waiters; });
#endif
  });
  return *waiters;
}

Waiter* take_waiter() {
  Waiters& list = idle_waiters();
  {
    std::lock_guard<std::mutex> lock(list.mutex);
    if (!list.idle.empty()) {
      Waiter* waiter = list.idle.back();
      list.idle.pop_back();
      return waiter;
    }
  }
  auto waiter = std::make_unique<Waiter>();
  std::thread(wait_for_work, waiter.get()).detach();
  return waiter.release();
}

void give_back(Waiter* waiter) {
  Waiters& list = idle_waiters();
  std::lock_guard<std::mutex> lock(list.mutex);
  list.idle.push_back(waiter);
}

// Whether Python can run a signal handler in this thread: only its main thread does
// (PyErr_CheckSignals does nothing in another), so elsewhere no Ctrl-C can be caught.
// Read from threading each time: a forked child's main thread is the one that forked.
bool handles_signals() {
  PyObject* threading = PyImport_GetModule(py::str("threading").ptr());  // no import: none while Python exits
  if (threading == nullptr) {
    PyErr_Clear();
    return true;  // no threading, no other Python thread
  }
  const py::object module = py::reinterpret_steal<py::object>(threading);
  const py::object main = module.attr("main_thread")();
  return main.attr("ident").cast<unsigned long>() == PyThread_get_thread_ident();
}

}  // namespace

// Runs long C++ work on a waiting thread while this thread waits without the GIL
// and checks for signals, so Ctrl-C stops perft, bulk play and searches: the
// kernels poll *cancel and give up early; the KeyboardInterrupt is raised here.
// A thread that cannot see signals runs the work itself.
void run_interruptible(const std::function<void(const int* cancel)>& work) {
  int cancel = 0;
  run_interruptible(&cancel, work);
}

void run_interruptible(int* cancel_flag, const std::function<void(const int* cancel)>& work) {
  if (!handles_signals()) {
    without_gil([&] { work(cancel_flag); });
    return;
  }
  CallInFlight call;
  std::exception_ptr error;
  const std::function<void()> job = [&] {
    try {
      work(cancel_flag);
    } catch (...) { error = std::current_exception(); }
  };
  Waiter* waiter = take_waiter();
  {
    std::lock_guard<std::mutex> lock(waiter->mutex);
    waiter->done = false;
    waiter->work = &job;
  }
  waiter->wake.notify_one();
  bool interrupted = false;
  for (;;) {
    {
      py::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(waiter->mutex);
      if (waiter->finished.wait_for(lock, std::chrono::milliseconds(100), [waiter] { return waiter->done; })) break;
    }
    if (PyErr_CheckSignals() != 0) {
      __atomic_store_n(cancel_flag, 1, __ATOMIC_RELAXED);
      interrupted = true;
      break;
    }
  }
  if (interrupted) {  // the kernels see the flag within moments: wait for the work to end
    py::gil_scoped_release release;
    std::unique_lock<std::mutex> lock(waiter->mutex);
    waiter->finished.wait(lock, [waiter] { return waiter->done; });
  }
  give_back(waiter);
  if (interrupted) throw py::error_already_set();
  CallInFlight::check_exit();
  if (error) std::rethrow_exception(error);
}

void translate(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const IllegalMoveError& e) { PyErr_SetString(exc_illegal, e.what()); } catch (const SquareError& e) {
    PyErr_SetString(exc_square, e.what());
  } catch (const VariantError& e) { PyErr_SetString(exc_variant, e.what()); } catch (const PositionError& e) {
    PyErr_SetString(exc_position, e.what());
  } catch (const HistoryError& e) { PyErr_SetString(exc_history, e.what()); } catch (const ArgumentError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const Error& e) { PyErr_SetString(exc_base, e.what()); }
}

}  // namespace polyreversi::bindings
