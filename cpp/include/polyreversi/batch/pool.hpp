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
void parallel_for(int n, int threads, const std::function<void(int, int)>& f);

}  // namespace polyreversi
