// The bulk kernels, compiled once per instruction set and picked at run time.
#pragma once
#include <string>

#include "polyreversi/types.hpp"

namespace polyreversi {

struct KernelTable {
  const char* name;
  // Leaves of the game tree from `pos` to `depth` plies (RULES.md §9).
  u64 (*perft)(const Rules& rules, const Position& pos, int depth);
};

namespace generic { extern const KernelTable kernel_table; }
namespace x86v3 { extern const KernelTable kernel_table; }

// The fastest table this CPU runs; POLYREVERSI_KERNELS=generic in the
// environment forces the portable one.
const KernelTable& kernels();
// "generic" or "x86v3"; throws Error if unknown or unsupported by this CPU.
const KernelTable& kernels_named(const std::string& name);

}  // namespace polyreversi
