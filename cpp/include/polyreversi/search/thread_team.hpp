// Kept helper threads for the search's root split (cpp/src/search/root.cpp):
// started once, then woken for each split, so an iteration of a short search
// does not pay a thread start (on a busy machine, a scheduler wait) per split.
// Compiled once, not per instruction set.
#pragma once
#include <functional>
#include <mutex>

namespace polyreversi {

// Workers parked on a condition variable between jobs (an idle team takes no
// CPU). A Searcher owns one; search() and solve() borrow the process's
// (SharedTeam). A child made by fork() has none of the parent's workers: a team
// copied into it starts its own at its first job (the old ones are forgotten).
class ThreadTeam {
 public:
  ThreadTeam() = default;
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  // Runs job(0) on the calling thread and job(1) .. job(threads - 1) on the
  // workers (started when first needed), and returns once every part that
  // started has returned. The parts share one piece of work that job(0) can
  // finish alone: a worker that has not taken its part by the time job(0)
  // returns never runs it, and a worker the machine cannot start is done
  // without. The first exception a part throws is rethrown once all have
  // returned. One job at a time (the owner's: a Searcher is used by one search
  // at a time).
  void run(int threads, const std::function<void(int)>& job);

 private:
  struct Crew;
  Crew* crew_ = nullptr;
};

// The process's team, lent to one search() or solve() at a time: get() is null
// when another thread holds it (that call then starts a team of its own) or
// when not wanted (a one-thread call leaves it to the others).
class SharedTeam {
 public:
  explicit SharedTeam(bool wanted);
  ThreadTeam* get() const { return team_; }

 private:
  std::unique_lock<std::mutex> lease_;
  ThreadTeam* team_ = nullptr;
};

}  // namespace polyreversi
