// Picks the kernel table the CPU can run.
#include <cstdlib>
#include <string>

#include "polyreversi/kernel_api.hpp"

namespace polyreversi {

namespace {

bool cpu_has_x86v3() {
#if defined(POLYREVERSI_HAVE_X86V3)
  __builtin_cpu_init();
  return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}

const KernelTable& pick() {
  const char* forced = std::getenv("POLYREVERSI_KERNELS");
  if (forced && std::string(forced) == "generic") return generic::kernel_table;
#if defined(POLYREVERSI_HAVE_X86V3)
  if (cpu_has_x86v3()) return x86v3::kernel_table;
#endif
  return generic::kernel_table;
}

}  // namespace

const KernelTable& kernels() {
  static const KernelTable& table = pick();
  return table;
}

const KernelTable& kernels_named(const std::string& name) {
  if (name == "generic") return generic::kernel_table;
#if defined(POLYREVERSI_HAVE_X86V3)
  if (name == "x86v3") {
    if (!cpu_has_x86v3()) throw Error("kernels: this CPU lacks AVX2/BMI2/POPCNT for 'x86v3'");
    return x86v3::kernel_table;
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
