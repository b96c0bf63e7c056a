// The process-wide stop of long work. The bindings' exit hook sets it when the
// interpreter exits, after the threads that exit waits for have ended: what still
// runs then is in daemon threads, whose results nobody reads. It is never set
// otherwise and never cleared, so no live caller sees work it cut short.
#pragma once

namespace polyreversi {

// 0 until request_process_stop(); read and written with __atomic builtins.
extern int process_stop_flag;

inline void request_process_stop() { __atomic_store_n(&process_stop_flag, 1, __ATOMIC_SEQ_CST); }
inline bool process_stopping() { return __atomic_load_n(&process_stop_flag, __ATOMIC_RELAXED) != 0; }

// True once long work given `cancel` (the caller's flag: Ctrl-C, a Searcher's
// stop(); may be null) should stop: that flag or the process's is set. Every
// loop of long work polls this, and only this.
inline bool stop_requested(const int* cancel) {
  return (cancel && __atomic_load_n(cancel, __ATOMIC_RELAXED)) || process_stopping();
}

}  // namespace polyreversi
