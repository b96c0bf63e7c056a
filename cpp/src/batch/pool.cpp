// The worker pool behind parallel_for (batch/pool.hpp).
//
// A step of 4096 8x8 games is ~0.4 ms on one thread, so the hand-off must cost
// microseconds, not the 20-50 us a condition-variable wake takes on a VM. So:
// - no lock on the hot path: a job is published by one atomic store, parts are
//   taken by CAS on per-thread counters, completion is one atomic counter;
// - workers spin briefly (kSpinMicros) after a job, then park on a futex: a
//   learning loop calls again within that window and the wake costs nothing,
//   while an idle or busy machine gets its core back at once;
// - thread t owns a contiguous region of the games and takes its parts from the
//   front; a thread done early steals from the back of another region, so the
//   same games stay on the same core from call to call (their cache lines stay
//   in its L2) and a worker that wakes late costs little.
// A fallback to one thread after a long wait (a preempted worker) was tried and
// dropped: on a quiet machine it cut B=4096 from 1.54-1.73x to 1.27-1.46x
// (its first trigger, thread start-up, serialised the next calls), and under
// load it did not help (benchmarks/HISTORY.md).
#include "polyreversi/batch/pool.hpp"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#else
#include <condition_variable>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace polyreversi {

namespace {

// How long a worker (or the caller waiting for one) spins before parking.
// Between two steps a learning loop spends ~20-60 us in Python (choose, sample).
constexpr auto kSpinMicros = std::chrono::microseconds(60);
// Polls with a pause first (~30 ns each on x86): about 5 us.
constexpr int kPauseSpins = 160;
constexpr int kMaxThreads = 64;
constexpr int kPartsPerThread = 8;

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

// Sleeps while `word` holds `expected` (spurious wake-ups allowed); wakes all sleepers.
#if defined(__linux__)
void park(std::atomic<int>& word, int expected) {
  syscall(SYS_futex, reinterpret_cast<int*>(&word), FUTEX_WAIT_PRIVATE, expected, nullptr, nullptr, 0);
}
void wake_all(std::atomic<int>& word) {
  syscall(SYS_futex, reinterpret_cast<int*>(&word), FUTEX_WAKE_PRIVATE, INT_MAX, nullptr, nullptr, 0);
}
#else
std::mutex park_mutex;
std::condition_variable park_cv;
void park(std::atomic<int>& word, int expected) {
  std::unique_lock<std::mutex> lock(park_mutex);
  park_cv.wait_for(lock, std::chrono::milliseconds(1), [&] { return word.load() != expected; });
}
void wake_all(std::atomic<int>&) {
  { std::lock_guard<std::mutex> lock(park_mutex); }
  park_cv.notify_all();
}
#endif

// Waits up to kSpinMicros while pred() is false; returns pred(). The first
// microseconds spin on the core; after that each poll yields, so a thread of
// ours that the scheduler put on this core (the caller, or a worker woken by
// it) runs instead of waiting behind the spin.
template <class Pred>
bool spin_until(Pred pred) {
  const auto start = std::chrono::steady_clock::now();
  for (int k = 1;; ++k) {
    if (pred()) return true;
    if (k < kPauseSpins) {
      cpu_relax();
      continue;
    }
    if (std::chrono::steady_clock::now() - start > kSpinMicros) return pred();
    std::this_thread::yield();
  }
}

// A thread's region of parts [front, back) of the current job, tagged with the
// job's number so that a worker still looking at an old job can never take a part.
struct alignas(64) Region {
  std::atomic<std::uint64_t> word{0};  // job << 32 | front << 16 | back
};

inline std::uint64_t pack(std::uint32_t job, int front, int back) {
  return std::uint64_t(job) << 32 | std::uint64_t(front) << 16 | std::uint64_t(back);
}

class Pool {
 public:
  // Grows to `workers` threads if it can; returns how many it has.
  int reserve(int workers) {
    workers = std::min(workers, kMaxThreads - 1);
    while (static_cast<int>(threads_.size()) < workers) {
      try {
        const int id = static_cast<int>(threads_.size()) + 1;
        threads_.emplace_back([this, id] { work(id); });
      } catch (const std::system_error&) {
        break;  // the machine gives no more threads: run with those started
      }
    }
    return static_cast<int>(threads_.size());
  }

  // Runs first, then then (if not null), over [0, n) in `threads` regions of
  // kPartsPerThread parts each (the caller is thread 0): every part of `first`
  // ends before any part of `then` starts. Returns once every part is done:
  // the functions' frames outlive every use of them.
  void run(int n, int threads, const Range& first, const Range* then) {
    const int parts = std::min(n, threads * kPartsPerThread), phases = then ? 2 : 1;
    const std::uint32_t job = ++job_;  // under `submit`
    f_[0].store(&first, std::memory_order_relaxed);
    f_[1].store(then, std::memory_order_relaxed);
    n_.store(n, std::memory_order_relaxed);
    parts_.store(parts, std::memory_order_relaxed);
    phases_.store(phases, std::memory_order_relaxed);
    threads_in_job_.store(threads, std::memory_order_relaxed);
    for (int p = 0; p < phases; ++p) {
      done_[p].store(0, std::memory_order_relaxed);
      for (int t = 0; t < threads; ++t)
        regions_[p][t].word.store(pack(tag(job, p), parts * t / threads, parts * (t + 1) / threads),
                                  std::memory_order_relaxed);
    }
    const auto t0 = std::chrono::steady_clock::now();
    publish_ns_.store(t0.time_since_epoch().count(), std::memory_order_relaxed);
    published_.store(static_cast<int>(job), std::memory_order_seq_cst);
    const bool woke = sleepers_.load(std::memory_order_seq_cst) > 0;
    if (woke) wake_all(published_);
    int mine = 0;
    bool parked = false;
    auto t1 = t0;
    for (int p = 0; p < phases; ++p) {
      mine += take_parts(job, p, 0);
      if (p == phases - 1) t1 = std::chrono::steady_clock::now();
      parked |= wait_for_phase(p, parts);
    }
    const auto t2 = std::chrono::steady_clock::now();
    stats_.jobs += 1;
    stats_.parts += parts * phases;
    stats_.caller_parts += mine;
    stats_.jobs_caller_all += mine == parts * phases;
    stats_.wakes += woke;
    stats_.caller_parks += parked;
    stats_.caller_work_ns += std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
    stats_.caller_wait_ns += std::chrono::duration_cast<std::chrono::nanoseconds>(t2 - t1).count();
  }

  PoolStats stats() const {
    PoolStats s = stats_;
    s.worker_parks = worker_parks_.load(std::memory_order_relaxed);
    s.worker_jobs_with_parts = worker_jobs_with_parts_.load(std::memory_order_relaxed);
    for (int p = 0; p < 2; ++p)
      for (int b = 0; b < kLateBuckets; ++b) s.late[p][b] = late_[p][b].load(std::memory_order_relaxed);
    s.threads = static_cast<int>(threads_.size());
    return s;
  }
  void reset_stats() {
    stats_ = PoolStats{};
    worker_parks_.store(0, std::memory_order_relaxed);
    worker_jobs_with_parts_.store(0, std::memory_order_relaxed);
    for (auto& row : late_)
      for (auto& c : row) c.store(0, std::memory_order_relaxed);
  }

  std::mutex submit;  // one job at a time

 private:
  // A region word's tag: the job's number and the phase (a worker still
  // looking at an old job or phase never takes a part of it).
  static std::uint32_t tag(std::uint32_t job, int phase) { return job << 1 | static_cast<std::uint32_t>(phase); }

  // The caller's wait for the other threads' parts of a phase: spins, then parks.
  // Returns true if it parked.
  bool wait_for_phase(int p, int parts) {
    std::atomic<int>& done = done_[p];
    if (spin_until([&] { return done.load(std::memory_order_acquire) == parts; })) return false;
    caller_parked_.store(1, std::memory_order_seq_cst);
    for (int d; (d = done.load(std::memory_order_seq_cst)) != parts;) park(done, d);
    caller_parked_.store(0, std::memory_order_relaxed);
    return true;
  }

  // Takes parts of phase p of `job`: thread `self`'s own region from the front,
  // then the others' from the back, until none is left. Returns how many it ran.
  int take_parts(std::uint32_t job, int p, int self) {
    const int threads = threads_in_job_.load(std::memory_order_relaxed);
    const Range* f = f_[p].load(std::memory_order_relaxed);
    const long long n = n_.load(std::memory_order_relaxed), parts = parts_.load(std::memory_order_relaxed);
    const std::uint32_t want = tag(job, p);
    int ran = 0;
    if (self >= threads) return ran;
    for (int k = 0; k < threads; ++k) {
      Region& r = regions_[p][(self + k) % threads];
      const bool own = k == 0;
      std::uint64_t w = r.word.load(std::memory_order_acquire);
      for (;;) {
        if (static_cast<std::uint32_t>(w >> 32) != want) return ran;  // a later job: this one is over
        const int front = static_cast<int>(w >> 16 & 0xFFFF), back = static_cast<int>(w & 0xFFFF);
        if (front >= back) break;
        const std::uint64_t next = own ? pack(want, front + 1, back) : pack(want, front, back - 1);
        if (!r.word.compare_exchange_weak(w, next, std::memory_order_acq_rel, std::memory_order_acquire)) continue;
        const long long part = own ? front : back - 1;
        (*f)(static_cast<int>(n * part / parts), static_cast<int>(n * (part + 1) / parts));
        ++ran;
        if (done_[p].fetch_add(1, std::memory_order_seq_cst) + 1 == parts &&
            caller_parked_.load(std::memory_order_seq_cst))
          wake_all(done_[p]);
        w = r.word.load(std::memory_order_acquire);
      }
    }
    return ran;
  }

  // A worker's share of a job: the first phase, then (once every part of it is
  // done, unless a later job was published meanwhile) the second.
  int take_job(std::uint32_t job, int self) {
    int ran = take_parts(job, 0, self);
    if (phases_.load(std::memory_order_relaxed) < 2) return ran;
    const int parts = parts_.load(std::memory_order_relaxed);
    const auto ready = [&] {
      return done_[0].load(std::memory_order_acquire) == parts ||
             published_.load(std::memory_order_acquire) != static_cast<int>(job);
    };
    while (!spin_until(ready)) {}
    return ran + take_parts(job, 1, self);
  }

  void work(int id) {
    int seen = 0;
    for (;;) {
      bool parked = false;
      if (!spin_until([&] { return published_.load(std::memory_order_acquire) != seen; })) {
        parked = true;
        sleepers_.fetch_add(1, std::memory_order_seq_cst);
        worker_parks_.fetch_add(1, std::memory_order_relaxed);
        while (published_.load(std::memory_order_seq_cst) == seen) park(published_, seen);
        sleepers_.fetch_sub(1, std::memory_order_relaxed);
      }
      seen = published_.load(std::memory_order_acquire);
      const long long late =
          std::chrono::steady_clock::now().time_since_epoch().count() - publish_ns_.load(std::memory_order_relaxed);
      int bucket = 0;
      while (bucket < kLateBuckets - 1 && late >= kLateEdgesNs[bucket]) ++bucket;
      late_[parked][bucket].fetch_add(1, std::memory_order_relaxed);
      const int ran = take_job(static_cast<std::uint32_t>(seen), id);
      worker_jobs_with_parts_.fetch_add(ran > 0, std::memory_order_relaxed);
    }
  }

  // The job's fields are atomics: a worker may read them while the next job
  // writes them, and then finds the job number changed before taking a part.
  std::atomic<const Range*> f_[2] = {};
  std::atomic<int> n_{0}, parts_{0}, phases_{1}, threads_in_job_{0};
  alignas(64) std::atomic<int> published_{0};  // the job number workers wait on (futex word)
  std::atomic<long long> publish_ns_{0};       // when (steady clock), for PoolStats::late
  std::atomic<int> sleepers_{0};
  alignas(64) std::atomic<int> done_[2] = {};  // parts finished per phase (futex words of a parked caller)
  std::atomic<int> caller_parked_{0};
  Region regions_[2][kMaxThreads];
  std::uint32_t job_ = 0;
  std::vector<std::thread> threads_;
  PoolStats stats_;  // the caller's counters, under `submit`
  alignas(64) std::atomic<long long> worker_parks_{0}, worker_jobs_with_parts_{0};  // the workers'
  std::atomic<long long> late_[2][kLateBuckets] = {};
};

// The process's pool. Never destroyed (workers park until exit); a child made
// by fork() has no workers, so the atfork handler makes it build its own (the
// child's copy of the old one is left alone).
std::atomic<Pool*> the_pool{nullptr};
std::mutex the_pool_guard;

Pool* pool_for_this_process() {
  Pool* pool = the_pool.load(std::memory_order_acquire);
  if (pool) return pool;
  std::lock_guard<std::mutex> lock(the_pool_guard);
  static const bool registered = pthread_atfork(nullptr, nullptr, [] {
                                   the_pool.store(nullptr);
                                   new (&the_pool_guard) std::mutex();  // it may have been held at fork
                                 }) == 0;
  (void)registered;
  pool = the_pool.load(std::memory_order_relaxed);
  if (!pool) {
    pool = new Pool();
    the_pool.store(pool, std::memory_order_release);
  }
  return pool;
}

}  // namespace

PoolStats pool_stats(bool reset) {
  Pool* pool = pool_for_this_process();
  std::lock_guard<std::mutex> busy(pool->submit);
  PoolStats s = pool->stats();
  if (reset) pool->reset_stats();
  return s;
}

void parallel_for(int n, int threads, const Range& first, const Range* then) {
  if (threads > n) threads = n;
  const auto alone = [&] {
    if (n <= 0) return;
    first(0, n);
    if (then) (*then)(0, n);
  };
  if (threads <= 1) return alone();
  Pool* pool = pool_for_this_process();
  std::unique_lock<std::mutex> busy(pool->submit, std::try_to_lock);
  if (!busy.owns_lock()) return alone();  // another Batch in another thread holds the pool
  const int workers = std::min(threads - 1, pool->reserve(threads - 1));
  if (workers < 1) return alone();
  pool->run(n, workers + 1, first, then);
}

void parallel_for(int n, int threads, const Range& f) { parallel_for(n, threads, f, nullptr); }

}  // namespace polyreversi
