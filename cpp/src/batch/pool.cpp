// The worker pool behind parallel_for (batch/pool.hpp). Workers sleep on a
// condition variable between jobs; a job hands out its parts through an
// atomic counter, so the games themselves are never locked.
#include "polyreversi/batch/pool.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace polyreversi {

namespace {

class Pool {
 public:
  // Grows to `workers` threads if it can; returns how many it has.
  int reserve(int workers) {
    while (static_cast<int>(threads_.size()) < workers) {
      try {
        threads_.emplace_back([this] { work(); });
      } catch (const std::system_error&) {
        break;  // the machine gives no more threads: run with those started
      }
    }
    return static_cast<int>(threads_.size());
  }

  // Runs parts [0, parts) of f over [0, n); the caller takes parts too. The
  // job lives on this stack frame, so run() returns only once no worker holds it.
  void run(int n, int parts, const std::function<void(int, int)>& f) {
    Job job{&f, n, parts};
    {
      std::lock_guard<std::mutex> lock(mutex_);
      current_ = &job;
      ++generation_;
    }
    wake_.notify_all();
    take_parts(job);
    std::unique_lock<std::mutex> lock(mutex_);
    finished_.wait(lock, [&] { return job.done == parts && job.holders == 0; });
    current_ = nullptr;
  }

  std::mutex submit;  // one job at a time

 private:
  struct Job {
    const std::function<void(int, int)>* f;
    int n, parts;
    std::atomic<int> next{0};
    int done = 0, holders = 0;  // guarded by mutex_
  };

  void take_parts(Job& job) {
    for (;;) {
      const int k = job.next.fetch_add(1, std::memory_order_relaxed);
      if (k >= job.parts) return;
      (*job.f)(static_cast<int>(static_cast<long long>(job.n) * k / job.parts),
               static_cast<int>(static_cast<long long>(job.n) * (k + 1) / job.parts));
      std::lock_guard<std::mutex> lock(mutex_);
      if (++job.done == job.parts) finished_.notify_all();
    }
  }

  void work() {
    unsigned long long seen = 0;
    for (;;) {
      Job* job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        job = current_;
        if (!job) continue;
        ++job->holders;
      }
      take_parts(*job);
      std::lock_guard<std::mutex> lock(mutex_);
      --job->holders;
      finished_.notify_all();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  Job* current_ = nullptr;
  unsigned long long generation_ = 0;
};

// The process's pool. Never destroyed (workers sleep until exit); a child
// made by fork() has no workers, so it builds a pool of its own.
Pool* pool_for_this_process() {
  static std::mutex guard;
  static Pool* pool = nullptr;
  static pid_t owner = 0;
  std::lock_guard<std::mutex> lock(guard);
  if (!pool || owner != getpid()) {
    pool = new Pool();  // a forked child's copy of the old one is left alone
    owner = getpid();
  }
  return pool;
}

}  // namespace

void parallel_for(int n, int threads, const std::function<void(int, int)>& f) {
  if (threads > n) threads = n;
  if (threads <= 1) {
    if (n > 0) f(0, n);
    return;
  }
  Pool* pool = pool_for_this_process();
  std::unique_lock<std::mutex> busy(pool->submit, std::try_to_lock);
  if (!busy.owns_lock()) {
    f(0, n);
    return;
  }
  const int workers = std::min(threads - 1, pool->reserve(threads - 1));
  if (workers < 1) {
    f(0, n);
    return;
  }
  // Eight parts per thread, taken in turn from a counter: a worker that wakes
  // late (a busy machine) leaves its parts to the threads already running,
  // so a split call is never much slower than one thread.
  pool->run(n, std::min(n, (workers + 1) * 8), f);
}

}  // namespace polyreversi
