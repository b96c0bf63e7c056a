// A persistent pool of worker threads for splitting a Batch call over its
// games. One job runs at a time; a call that finds the pool busy (another
// Batch in another thread) does its work on its own thread instead, which
// gives the same results, since every per-game kernel is independent of the split.
#pragma once
#include <functional>

namespace polyreversi {

// Runs f(begin, end) over [0, n) in `threads` contiguous parts (the calling
// thread does one of them) and returns when every part is done. f must not throw.
void parallel_for(int n, int threads, const std::function<void(int, int)>& f);

}  // namespace polyreversi
