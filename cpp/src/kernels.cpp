// The bulk kernels of one instruction set (POLYREVERSI_ARCH names it; this
// file is compiled once per set, see CMakeLists.txt).
#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/kernel/perft.hpp"
#include "polyreversi/kernel_api.hpp"

#define POLYREVERSI_STR2(x) #x
#define POLYREVERSI_STR(x) POLYREVERSI_STR2(x)

namespace polyreversi {
namespace POLYREVERSI_ARCH {

namespace {

u64 perft(const Rules& rules, const Position& pos, int depth) {
  return with_geometry(rules.board, [&](auto g) {
    using P = Perft<typename decltype(g)::W, decltype(g)::N>;
    using E = typename P::E;
    return P::any(E::table(rules), E::load(pos), depth);
  });
}

}  // namespace

extern const KernelTable kernel_table = {POLYREVERSI_STR(POLYREVERSI_ARCH), &perft};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
