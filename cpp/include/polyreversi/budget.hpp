// The clock that a search's time budget counts, and the budget itself.
//
// The process-wide setting here is the one owner of the choice. The default
// is the monotonic wall clock: what a user waits for. The calling thread's
// CPU clock is for matches on a shared machine: each seat then gets the same
// computation per move, however much of a core the load leaves it (with the
// wall clock a slower player's share of the work depends on that load).
// The MCTS searches (two-player and max^n, every thread its own CPU time), the
// 3-4 player alpha-beta and the two-player search and solve on one thread
// follow it (on several threads those keep the wall clock: their helpers'
// CPU time is not the caller's).
#pragma once

#include <chrono>

namespace polyreversi {

enum class BudgetClock { kWall = 0, kThreadCpu = 1 };

// Sets the clock of the budgets made after the call; returns the previous one.
BudgetClock set_budget_clock(BudgetClock clock);
BudgetClock budget_clock();

// The calling thread's CPU time in seconds (a system call: about 0.1-0.3 us).
double thread_cpu_seconds();

// A time budget, started at construction on the thread that will poll it.
// Not inline: the kernels compiled for several instruction sets share it.
class TimeBudget {
 public:
  using Clock = std::chrono::steady_clock;
  // seconds <= 0: no budget (never spent). `started`: the wall-clock start
  // (threads of one search share it); the CPU clock starts at construction.
  TimeBudget(double seconds, Clock::time_point started);
  explicit TimeBudget(double seconds);
  // True once the budget is spent. Polled by the constructing thread only.
  // With the CPU clock the (slower) CPU clock is read only when the wall
  // clock says the rest of the budget could have been spent: a thread never
  // gets more CPU time than wall time.
  bool spent();

 private:
  double seconds_;
  bool cpu_;
  double cpu_started_ = 0;
  Clock::time_point next_check_;
};

}  // namespace polyreversi
