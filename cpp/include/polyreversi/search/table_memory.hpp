// Memory for the hash tables (tt.hpp). On Linux a block of 4 MiB or more is
// mapped on its own, zero pages the system maps on first touch, so a search
// pays only for the pages it touches (a growing table: tt.hpp); a smaller
// block comes from the heap, not zeroed (zeroed() says which). With
// huge = true (4 MiB or more) the block is aligned to 2 MiB and asked for
// 2 MiB pages (madvise; the system's transparent huge pages are "madvise"
// here): a solve probes random buckets, and with 4 KiB pages nearly every
// probe also missed the TLB, and the first touch of each 4 KiB page cost a
// fault. The price is zeroing whole 2 MiB pages: a solve that touches few
// buckets (under about 13 empties on a 64 MiB table) is faster without
// (benchmarks/HISTORY.md).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace polyreversi {

class TableMemory {
 public:
  TableMemory() = default;
  TableMemory(const TableMemory&) = delete;
  TableMemory& operator=(const TableMemory&) = delete;
  ~TableMemory() { release(); }

  // `bytes` aligned to a cache line (throws std::bad_alloc), zeros when
  // zeroed() says so; frees the former block.
  // Defined once in cpp/src/search/table_memory.cpp (generic code): inline
  // here, the AVX2 copy from an x86v3 translation unit could be the one the
  // linker keeps for every caller (SIGILL on CPUs without AVX2).
  void* allocate(std::size_t bytes, bool huge);

  // Writes a zero into every 4 KiB page of the `bytes` at `p` (zeros already):
  // the system maps each page (or 2 MiB page) on first touch, and a fresh
  // SearchPlayer's first timed moves paid that (and the kernel's compaction for
  // huge pages) inside their budgets. Here it is paid when the table is made.
  static void fault_in(void* p, std::size_t bytes);

  // Whether the block allocate() gave is zeros already (fresh pages).
  bool zeroed() const { return zeroed_; }

  // Whether the system has `bytes` more to give now (Linux: MemAvailable of
  // /proc/meminfo, about 20 us to read; elsewhere always true). A growing
  // table asks before a large doubling: its pages are mapped as touched, so
  // the system would not refuse them, it would swap or kill a process.
  static bool available(std::size_t bytes);

 private:
  static constexpr std::size_t kHuge = std::size_t(2) << 20;
  static constexpr std::size_t kLine = 64;                      // every block starts on a cache line
  static constexpr std::size_t kMapMin = std::size_t(4) << 20;  // Linux: mmap from 4 MiB
  void release();
  void* map_ = nullptr;  // an mmap'ed block (huge pages asked for)
  std::size_t map_len_ = 0;
  void* heap_ = nullptr;  // else a malloc'ed one
  bool zeroed_ = false;
};

}  // namespace polyreversi
