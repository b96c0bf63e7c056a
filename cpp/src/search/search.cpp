// search() and solve(): checks, then the kernels this CPU runs best (kernel_set()).
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
  kernel_set().search->search(rules, pos, l, cancel, out);
  return out;
}

SolveOutcome solve(const Rules& rules, const Position& pos, const SolveOptions& options, const int* cancel) {
  check_two_players(rules, "solve");
  SolveOptions o = options;
  o.threads = resolve_threads(o.threads, "solve");
  o.tt_mb = std::clamp(o.tt_mb, kMinTableMiB, kMaxTableMiB);
  SolveOutcome out;
  kernel_set().search->solve(rules, pos, o, cancel, out);
  return out;
}

int evaluate(const Rules& rules, const Position& pos, bool anti, bool shape_only) {
  check_two_players(rules, "evaluate");
  return kernel_set().evaluate_position(rules, pos, anti, shape_only);
}

void evaluate_8x8(const u64* P, const u64* O, int* out, long long n, bool shape_only) {
  kernel_set().evaluate_boards(P, O, out, n, shape_only);
}

}  // namespace polyreversi
