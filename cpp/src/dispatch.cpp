// Picks the instruction set the CPU can run: one Kernels table per set.
#include <cstdlib>
#include <string>

#include "polyreversi/batch/kernels.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/multi/mcts.hpp"
#include "polyreversi/multi/multi.hpp"
#include "polyreversi/search/search.hpp"

namespace polyreversi {

namespace {

#define POLYREVERSI_KERNEL_SET(arch)                                                                                 \
  Kernels {                                                                                                          \
    #arch, &arch::kernel_table, &arch::batch_kernel_table, &arch::search_kernels, &arch::evaluate_position,          \
        &arch::evaluate_boards, &arch::multi_search, &arch::multi_mcts, &arch::multi_features, &arch::multi_evaluate \
  }

const Kernels kGeneric = POLYREVERSI_KERNEL_SET(generic);
#if defined(POLYREVERSI_HAVE_X86V3)
const Kernels kX86v3 = POLYREVERSI_KERNEL_SET(x86v3);
#endif

bool cpu_has_x86v3() {
#if defined(POLYREVERSI_HAVE_X86V3)
  __builtin_cpu_init();
  return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}

const Kernels& pick() {
  const char* forced = std::getenv("POLYREVERSI_KERNELS");
  if (forced && std::string(forced) == "generic") return kGeneric;
#if defined(POLYREVERSI_HAVE_X86V3)
  if (cpu_has_x86v3()) return kX86v3;
#endif
  return kGeneric;
}

}  // namespace

const Kernels& kernel_set() {
  static const Kernels& set = pick();
  return set;
}

const Kernels& kernels_named(const std::string& name) {
  if (name == "generic") return kGeneric;
#if defined(POLYREVERSI_HAVE_X86V3)
  if (name == "x86v3") {
    if (!cpu_has_x86v3()) throw Error("kernels: this CPU lacks AVX2/BMI2/POPCNT for 'x86v3'");
    return kX86v3;
  }
#endif
  throw Error("kernels: unknown or unavailable kernel set '" + name + "'; allowed: generic" +
#if defined(POLYREVERSI_HAVE_X86V3)
              std::string(", x86v3")
#else
              std::string()
#endif
  );
}

}  // namespace polyreversi
