// Picks the instruction set the CPU can run: one Kernels table per set.
#include <cstdlib>
#include <string>

#include "polyreversi/batch/kernels.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/multi/mcts.hpp"
#include "polyreversi/multi/multi.hpp"
#include "polyreversi/rules.hpp"
#include "polyreversi/search/search.hpp"

#if defined(POLYREVERSI_HAVE_X86V3)
#include <cpuid.h>
#endif

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

// Asks the CPU itself (cpuid, and xgetbv for the operating system's side) rather
// than __builtin_cpu_supports: that reads a table filled by the compiler's runtime,
// and zig's runtime (the manylinux wheels' toolchain) leaves it empty, which made
// every CPU look like it lacked AVX2.
bool cpu_has_x86v3() {
#if defined(POLYREVERSI_HAVE_X86V3)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
  constexpr unsigned kPopcnt = 1u << 23, kOsxsave = 1u << 27, kAvx = 1u << 28;  // leaf 1, ecx
  if ((ecx & (kPopcnt | kOsxsave | kAvx)) != (kPopcnt | kOsxsave | kAvx)) return false;
  // The operating system saves the SSE and AVX registers (XCR0 bits 1 and 2).
  unsigned xcr0_low = 0, xcr0_high = 0;
  __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
  if ((xcr0_low & 0x6u) != 0x6u) return false;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
  constexpr unsigned kBmi = 1u << 3, kAvx2 = 1u << 5, kBmi2 = 1u << 8;  // leaf 7, ebx
  if ((ebx & (kBmi | kAvx2 | kBmi2)) != (kBmi | kAvx2 | kBmi2)) return false;
  if (!__get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx)) return false;
  constexpr unsigned kLzcnt = 1u << 5;  // leaf 0x80000001, ecx
  return (ecx & kLzcnt) != 0;
#else
  return false;
#endif
}

// Why `name` names no set this build and CPU run, or "" when it does.
std::string refusal(const std::string& name) {
  if (name == "generic") return "";
#if defined(POLYREVERSI_HAVE_X86V3)
  if (name == "x86v3") return cpu_has_x86v3() ? "" : "this CPU lacks AVX2/BMI/BMI2/POPCNT/LZCNT for 'x86v3'";
  const char* allowed = "generic, x86v3";
#else
  const char* allowed = "generic";
#endif
  return "unknown or unavailable kernel set " + quoted(name) + "; allowed: " + allowed;
}

// The set POLYREVERSI_KERNELS names ("": none named), else the best this CPU runs.
// A name refused falls back to the best here, without a throw (the first caller may
// be any kernel); check_kernel_choice() reports it at import.
const Kernels& pick() {
  const char* forced = std::getenv("POLYREVERSI_KERNELS");
  if (forced && *forced && refusal(forced).empty()) return kernels_named(forced);
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
  const std::string why = refusal(name);
  if (!why.empty()) throw Error("kernels: " + why);
#if defined(POLYREVERSI_HAVE_X86V3)
  if (name == "x86v3") return kX86v3;
#endif
  return kGeneric;
}

void check_kernel_choice() {
  const char* forced = std::getenv("POLYREVERSI_KERNELS");
  if (!forced || !*forced) return;
  const std::string why = refusal(forced);
  if (!why.empty()) throw Error("POLYREVERSI_KERNELS: " + why + " (unset: the best set this CPU runs)");
}

}  // namespace polyreversi
