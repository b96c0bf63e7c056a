// The search's kept helper threads (search/thread_team.hpp).
//
// A job is published under one mutex and the workers woken by a condition
// variable; no spinning: the machine may have one core, which a spinning
// worker would take from the thread doing the work.
#include "polyreversi/search/thread_team.hpp"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <new>
#include <thread>
#include <vector>

namespace polyreversi {

namespace {

// Counts the fork()s that made this process: a team whose workers were started
// under another count belongs to a parent, and its threads do not exist here.
std::atomic<unsigned> forks{0};
std::mutex shared_lease;

unsigned fork_generation() {
  static const bool registered = pthread_atfork(nullptr, nullptr, [] {
                                   forks.fetch_add(1, std::memory_order_relaxed);
                                   new (&shared_lease) std::mutex();  // it may have been held at fork
                                 }) == 0;
  (void)registered;
  return forks.load(std::memory_order_relaxed);
}

// Runs part k of job; returns what it threw, if anything (rethrown by the caller once every part is done).
std::exception_ptr attempt(const std::function<void(int)>& job, int k) {
  try {
    job(k);
  } catch (...) { return std::current_exception(); }
  return nullptr;
}

}  // namespace

struct ThreadTeam::Crew {
  explicit Crew(unsigned generation) : generation(generation) {}

  // Starts workers up to `helpers` if the machine gives them; returns how many there are.
  int grow(int helpers) {
    try {
      threads.reserve(static_cast<std::size_t>(helpers));
      while (static_cast<int>(threads.size()) < helpers) {
        const int id = static_cast<int>(threads.size()) + 1;
        threads.emplace_back([this, id, first = serial] { work(id, first); });
      }
    } catch (...) {
      // fewer threads than asked: the caller and the workers started do the work
    }
    return static_cast<int>(threads.size());
  }

  // Worker `id`'s loop: waits for a job after `seen`, runs its part if the job
  // wants it and the caller has not finished its own part yet.
  void work(int id, unsigned long long seen) {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      wake.wait(lock, [&] { return quit || serial != seen; });
      if (quit) return;
      seen = serial;
      if (!open || id > wanted) continue;
      ++running;
      const std::function<void(int)>* f = job;
      lock.unlock();
      const std::exception_ptr thrown = attempt(*f, id);
      lock.lock();
      if (thrown && !error) error = thrown;
      if (--running == 0 && !open) done.notify_one();
    }
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      quit = true;
    }
    wake.notify_all();
    for (std::thread& t : threads) t.join();
  }

  const unsigned generation;
  std::mutex mutex;
  std::condition_variable wake, done;
  // The job, under `mutex`: workers 1..wanted take part in job number `serial`
  // while it is open (until the caller's part returns); `running` of them are in it.
  const std::function<void(int)>* job = nullptr;
  unsigned long long serial = 0;
  int wanted = 0, running = 0;
  bool open = false, quit = false;
  std::exception_ptr error;
  std::vector<std::thread> threads;
};

ThreadTeam::~ThreadTeam() {
  if (!crew_ || crew_->generation != fork_generation()) return;  // a parent's crew: nothing to join here
  crew_->stop();
  delete crew_;
}

void ThreadTeam::run(int threads, const std::function<void(int)>& job) {
  if (threads <= 1) return job(0);
  const unsigned generation = fork_generation();
  if (crew_ && crew_->generation != generation) crew_ = nullptr;  // a parent's: left as it is (its mutex may be held)
  if (!crew_) crew_ = new Crew(generation);
  Crew& c = *crew_;
  const int helpers = c.grow(threads - 1);
  if (helpers < 1) return job(0);
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    c.job = &job;
    c.wanted = std::min(helpers, threads - 1);
    c.open = true;
    c.error = nullptr;
    ++c.serial;
  }
  c.wake.notify_all();
  std::exception_ptr thrown = attempt(job, 0);
  std::unique_lock<std::mutex> lock(c.mutex);
  c.open = false;
  c.done.wait(lock, [&] { return c.running == 0; });
  c.job = nullptr;
  if (!thrown) thrown = c.error;
  c.error = nullptr;
  lock.unlock();
  if (thrown) std::rethrow_exception(thrown);
}

SharedTeam::SharedTeam(bool wanted) {
  if (!wanted) return;
  fork_generation();  // the fork handler first: it resets the lease
  lease_ = std::unique_lock<std::mutex>(shared_lease, std::try_to_lock);
  static ThreadTeam* const team = new ThreadTeam();  // never destroyed: its workers park until exit
  if (lease_.owns_lock()) team_ = team;
}

}  // namespace polyreversi
