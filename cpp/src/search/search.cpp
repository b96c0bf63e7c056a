// search() and solve(): checks, then the kernels this CPU runs best (kernel_set()).
#include "polyreversi/search/search.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "polyreversi/batch/batch.hpp"
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

// The evaluation code's one check (the enum holds any int: it comes from outside).
void check_evaluation(Evaluation evaluation, const char* what) {
  const int code = static_cast<int>(evaluation);
  if (code < 0 || code > 2)
    throw ArgumentError(std::string(what) + ": evaluation must be 0 (auto), 1 (normal) or 2 (anti), got " +
                        std::to_string(code));
}

SearchLimits checked_limits(const Rules& rules, const SearchLimits& limits) {
  check_two_players(rules, "search");
  SearchLimits l = limits;
  l.threads = resolve_threads(l.threads, "search");
  l.tt_mb = std::clamp(l.tt_mb, kMinTableMiB, kMaxTableMiB);
  if (l.depth != -1 && (l.depth < 1 || l.depth > kMaxDepth))
    throw ArgumentError("search: depth must be 1 to " + std::to_string(kMaxDepth) + " (-1: none), got " +
                        std::to_string(l.depth));
  if (l.nodes != -1 && (l.nodes < 1 || l.nodes > kMaxSearchNodes))
    throw ArgumentError("search: nodes must be 1 to " + std::to_string(kMaxSearchNodes) + " (-1: none), got " +
                        std::to_string(l.nodes));
  check_seconds(l.seconds, "search: time");
  check_seconds(l.start_seconds, "search: start_seconds");
  check_evaluation(l.evaluation, "search");
  if (l.multipv < 1 || l.multipv > kMaxMultiPv)
    throw ArgumentError("search: multipv must be 1 to " + std::to_string(kMaxMultiPv) + ", got " +
                        std::to_string(l.multipv));
  return l;
}

SolveOptions checked_options(const Rules& rules, const SolveOptions& options) {
  check_two_players(rules, "solve");
  SolveOptions o = options;
  o.threads = resolve_threads(o.threads, "solve");
  o.tt_mb = std::clamp(o.tt_mb, kMinTableMiB, kMaxTableMiB);
  check_seconds(o.seconds, "solve: time");
  if (o.nodes != -1 && (o.nodes < 1 || o.nodes > kMaxSearchNodes))
    throw ArgumentError("solve: nodes must be 1 to " + std::to_string(kMaxSearchNodes) + " (-1: none), got " +
                        std::to_string(o.nodes));
  return o;
}

}  // namespace

SearchOutcome search(const Rules& rules, const Position& pos, const SearchLimits& limits, const int* cancel) {
  const SearchLimits l = checked_limits(rules, limits);
  SearchOutcome out;
  kernel_set().search->search(rules, pos, l, cancel, out, nullptr, SharedTeam(l.threads > 1).get());
  return out;
}

SolveOutcome solve(const Rules& rules, const Position& pos, const SolveOptions& options, const int* cancel) {
  const SolveOptions o = checked_options(rules, options);
  SolveOutcome out;
  kernel_set().search->solve(rules, pos, o, cancel, out, nullptr, SharedTeam(o.threads > 1).get());
  return out;
}

Searcher::Searcher(int tt_mb, bool growing) : kernels_(*kernel_set().search), tt_mb_(tt_mb) {
  if (tt_mb < kMinTableMiB || tt_mb > kMaxTableMiB)
    throw Error("tt_mb: must be " + std::to_string(kMinTableMiB) + " to " + std::to_string(kMaxTableMiB) +
                " MiB, got " + std::to_string(tt_mb));
  tables_ = kernels_.make_tables(static_cast<std::size_t>(tt_mb) << 20, growing);
}

template <class F>
void Searcher::exclusive(const char* what, F work) {
  if (busy_.exchange(true, std::memory_order_acquire))
    throw ConcurrentUseError(std::string("Searcher.") + what +
                             ": this searcher is already searching (one search at a time: wait for its result or "
                             "stop it first)");
  struct Release {
    std::atomic<bool>& busy;
    ~Release() { busy.store(false, std::memory_order_release); }
  } release{busy_};
  work();
}

SearchOutcome Searcher::search(const Rules& rules, const Position& pos, const SearchLimits& limits) {
  const SearchLimits l = checked_limits(rules, limits);
  SearchOutcome out;
  exclusive("search", [&] { kernels_.search(rules, pos, l, &stop_, out, tables_.get(), &team_); });
  return out;
}

SolveOutcome Searcher::solve(const Rules& rules, const Position& pos, const SolveOptions& options) {
  const SolveOptions o = checked_options(rules, options);
  SolveOutcome out;
  exclusive("solve", [&] { kernels_.solve(rules, pos, o, &stop_, out, tables_.get(), &team_); });
  return out;
}

void Searcher::new_game() {
  exclusive("new_game", [&] { tables_->clear(); });
}

void Searcher::prepare(const Rules& rules, Evaluation evaluation) {
  check_two_players(rules, "prepare");
  check_evaluation(evaluation, "prepare");
  const bool anti_eval = evaluation == Evaluation::kAuto ? rules.anti : evaluation == Evaluation::kAnti;
  exclusive("prepare", [&] { tables_->make_ready(rules, anti_eval); });
}

int Searcher::usage_permille() const { return tables_->usage_permille(); }

int evaluate(const Rules& rules, const Position& pos, Evaluation evaluation, bool shape_only) {
  check_two_players(rules, "evaluate");
  check_evaluation(evaluation, "evaluate");
  const bool anti = evaluation == Evaluation::kAuto ? rules.anti : evaluation == Evaluation::kAnti;
  return kernel_set().evaluate_position(rules, pos, anti, shape_only);
}

void evaluate_8x8(const u64* P, const u64* O, int* out, long long n, bool shape_only) {
  for (long long i = 0; i < n; ++i)
    if (P[i] & O[i]) throw ArgumentError("P and O share a square at position " + std::to_string(i));
  kernel_set().evaluate_boards(P, O, out, n, shape_only);
}

}  // namespace polyreversi
