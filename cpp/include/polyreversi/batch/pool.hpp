// A persistent pool of worker threads for splitting a Batch call over its
// games. One job runs at a time; a call that finds the pool busy (another
// Batch in another thread) does its work on its own thread instead, which
// gives the same results, since every per-game kernel is independent of the split.
#pragma once
#include <functional>

namespace polyreversi {

// Runs f(begin, end) over [0, n) in parts, `threads` threads at most (the
// calling thread is one), and returns when every part is done. Thread t starts
// on the t-th contiguous region of [0, n), so from call to call the same games
// tend to stay on the same core. f must not throw.
using Range = std::function<void(int, int)>;
void parallel_for(int n, int threads, const Range& f);
// The same in two phases: every part of `first` ends before any part of `then`
// starts (a barrier inside one hand-off), and each thread's region is the same
// in both, so `then` finds the games `first` read in the same core's cache.
void parallel_for(int n, int threads, const Range& first, const Range* then);

// What the pool did since the last reset (split calls only; benchmarks/HISTORY.md):
// caller_work_ns runs from the job's publication to the caller's last
// part, caller_wait_ns from there to the workers' last part.
constexpr int kLateBuckets = 10;
constexpr long long kLateEdgesNs[kLateBuckets - 1] = {1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000};
struct PoolStats {
  long long jobs = 0, parts = 0, caller_parts = 0, jobs_caller_all = 0, wakes = 0, caller_parks = 0;
  long long caller_work_ns = 0, caller_wait_ns = 0, worker_parks = 0, worker_jobs_with_parts = 0;
  // Workers' start after a job's publication, in buckets of kLateEdgesNs: [spinning][..], [parked][..].
  long long late[2][kLateBuckets] = {};
  int threads = 0;
};
PoolStats pool_stats(bool reset);

}  // namespace polyreversi
