// The limits that need the machine or a message (limits.hpp).
#include "polyreversi/limits.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

namespace polyreversi {

int every_core() {
  static const int cores = [] {
    int n = 0;
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);
#endif
    if (n <= 0) n = static_cast<int>(std::thread::hardware_concurrency());
    return std::clamp(n, 1, kMaxThreads);
  }();
  return cores;
}

int resolve_threads(long long threads, const char* what) {
  if (threads < 0 || threads > kMaxThreads)
    throw ArgumentError(std::string(what) + ": threads must be 0 (every core) or 1 to " + std::to_string(kMaxThreads) +
                        ", got " + std::to_string(threads));
  return threads == 0 ? every_core() : static_cast<int>(threads);
}

void check_seconds(double seconds, const char* what) {
  if (seconds <= kMaxSeconds) return;  // false for NaN too
  std::ostringstream got;
  got << seconds;
  throw ArgumentError(std::string(what) + " must be at most " + std::to_string(static_cast<long>(kMaxSeconds)) +
                      " seconds, got " + got.str());
}

int checked_random_blocked(long long count, const char* what) {
  if (count < 0 || count > kMaxBlocked)
    throw VariantError(std::string(what) + ": " + std::to_string(count) +
                       " blocked squares asked for; allowed: " + std::to_string(kMinRandomBlocked) + " to " +
                       std::to_string(kMaxBlocked) + " (0: a count drawn from that range)");
  return static_cast<int>(count);
}

}  // namespace polyreversi
