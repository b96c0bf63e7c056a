// The evaluation of search for one position (the bindings' pr.evaluate),
// compiled once per instruction set like rules_kernels.cpp, so that it is the very
// function the search of this CPU calls.
#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/search/evaluation.hpp"
#include "polyreversi/search/search.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

int evaluate_position(const Rules& rules, const Position& pos, bool anti, bool shape_only) {
  return with_geometry(rules.board, [&](auto g) {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    const Shape<W, N> shape(rules, anti);
    const W P = static_cast<W>(pos.disks[pos.to_move]), O = static_cast<W>(pos.disks[pos.to_move ^ 1]);
    return shape_only ? Evaluator<W, N>::shape_evaluate(shape, P, O, anti)
                      : Evaluator<W, N>::evaluate(shape, P, O, anti);
  });
}

void evaluate_boards(const u64* P, const u64* O, int* out, long long n, bool shape_only) {
  Shape<u64, 8> shape(~u64(0));
  shape.trained = true;  // the standard game's boards
  for (long long i = 0; i < n; ++i)
    out[i] = shape_only ? Evaluator<u64, 8>::shape_evaluate(shape, P[i], O[i], false)
                        : Evaluator<u64, 8>::evaluate(shape, P[i], O[i], false);
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
