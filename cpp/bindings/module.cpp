// polyreversi._core: the pybind11 bindings, one file and one init function
// per bound object. Conversion only: every rule lives in the core (cpp/src,
// cpp/include); the Python package adds the facade.
#include "common.hpp"
#include "polyreversi/kernel_api.hpp"

using namespace polyreversi::bindings;

namespace polyreversi::bindings {
void init_mcts(py::module_& m);
void init_multi(py::module_& m);
void init_decimal_text(py::module_& m);
}  // namespace polyreversi::bindings

PYBIND11_MODULE(_core, m) {  // not free-threading safe: State and Batch hold no locks
  const CoreLoad load;       // first: the exit hook waits for a load under way
  m.doc() = "polyreversi's C++ engine (bindings only; use the polyreversi package)";
  init_errors(m);
  polyreversi::check_kernel_choice();  // a bad POLYREVERSI_KERNELS: ImportError naming it
  init_limits(m);
  init_decimal_text(m);
  init_color(m);
  init_rules(m);
  init_state(m);
  init_bulk(m);
  init_batch(m);
  init_mcts(m);
  init_search(m);
  init_multi(m);
  init_puct(m);
  init_exit(m);
}
