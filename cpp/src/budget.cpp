// The budget clock (budget.hpp).
#include "polyreversi/budget.hpp"

#include <time.h>

#include <atomic>

namespace polyreversi {
namespace {

std::atomic<int> g_clock{static_cast<int>(BudgetClock::kWall)};

TimeBudget::Clock::duration to_duration(double seconds) {
  return std::chrono::duration_cast<TimeBudget::Clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace

double thread_cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

BudgetClock set_budget_clock(BudgetClock clock) {
  return static_cast<BudgetClock>(g_clock.exchange(static_cast<int>(clock)));
}

BudgetClock budget_clock() { return static_cast<BudgetClock>(g_clock.load(std::memory_order_relaxed)); }

TimeBudget::TimeBudget(double seconds, Clock::time_point started)
    : seconds_(seconds), cpu_(budget_clock() == BudgetClock::kThreadCpu) {
  if (seconds_ <= 0) return;
  if (cpu_) cpu_started_ = thread_cpu_seconds();
  next_check_ = started + to_duration(seconds_);
}

TimeBudget::TimeBudget(double seconds) : TimeBudget(seconds, Clock::now()) {}

bool TimeBudget::spent() {
  if (seconds_ <= 0) return false;
  const auto now = Clock::now();
  if (now < next_check_) return false;
  if (!cpu_) return true;
  const double left = seconds_ - (thread_cpu_seconds() - cpu_started_);
  if (left <= 0) return true;
  next_check_ = now + to_duration(left);
  return false;
}

}  // namespace polyreversi
