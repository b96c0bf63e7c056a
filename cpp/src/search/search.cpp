// search() and solve(): checks, then the kernels this CPU runs best.
#include "polyreversi/search/search.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "polyreversi/kernel_api.hpp"
#include "polyreversi/limits.hpp"

namespace polyreversi {

double monotonic_seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

namespace {

const SearchKernels& search_kernels_here() {
  // The same instruction set as the rules kernels picked for this CPU.
  const std::string name = kernels().name;
#if defined(POLYREVERSI_HAVE_X86V3)
  if (name == "x86v3") return x86v3::search_kernels;
#endif
  return generic::search_kernels;
}

void check_two_players(const Rules& rules, const char* what) {
  if (rules.players != 2)
    throw VariantError(std::string(what) + ": two-player games only (got a " + std::to_string(rules.players) +
                       "-player game); for 3 or 4 players use MCTS");
}

}  // namespace

SearchOutcome search(const Rules& rules, const Position& pos, const SearchLimits& limits, const int* cancel) {
  check_two_players(rules, "search");
  SearchLimits l = limits;
  l.threads = resolve_threads(l.threads, "search");
  l.tt_mb = std::clamp(l.tt_mb, kMinTableMiB, kMaxTableMiB);
  l.depth = std::min(l.depth, kMaxDepth);
  SearchOutcome out;
  search_kernels_here().search(rules, pos, l, cancel, out);
  return out;
}

SolveOutcome solve(const Rules& rules, const Position& pos, const SolveOptions& options, const int* cancel) {
  check_two_players(rules, "solve");
  SolveOptions o = options;
  o.threads = resolve_threads(o.threads, "solve");
  o.tt_mb = std::clamp(o.tt_mb, kMinTableMiB, kMaxTableMiB);
  SolveOutcome out;
  search_kernels_here().solve(rules, pos, o, cancel, out);
  return out;
}

int evaluate(const Rules& rules, const Position& pos, bool anti, bool shape_only) {
  check_two_players(rules, "evaluate");
#if defined(POLYREVERSI_HAVE_X86V3)
  if (std::string(kernels().name) == "x86v3") return x86v3::evaluate_position(rules, pos, anti, shape_only);
#endif
  return generic::evaluate_position(rules, pos, anti, shape_only);
}

void evaluate_8x8(const u64* P, const u64* O, int* out, long long n, bool shape_only) {
#if defined(POLYREVERSI_HAVE_X86V3)
  if (std::string(kernels().name) == "x86v3") return x86v3::evaluate_boards(P, O, out, n, shape_only);
#endif
  generic::evaluate_boards(P, O, out, n, shape_only);
}

}  // namespace polyreversi
