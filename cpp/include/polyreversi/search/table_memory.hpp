// Zeroed memory for the hash tables (tt.hpp), as pages the system maps on
// first touch. With huge = true (Linux, 4 MiB or more) the block is mapped
// on its own, aligned to 2 MiB and asked for 2 MiB pages (madvise; the
// system's transparent huge pages are "madvise" here): a solve probes random
// buckets, and with 4 KiB pages nearly every probe also missed the TLB, and
// the first touch of each 4 KiB page cost a fault. The price is zeroing whole
// 2 MiB pages: a solve that touches few buckets (under about 13 empties on a
// 64 MiB table) is faster without (benchmarks/HISTORY.md).
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

  // `bytes` of zeros, aligned to a cache line (throws std::bad_alloc);
  // frees the former block.
  void* allocate(std::size_t bytes, bool huge) {
    release();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (huge && bytes >= 2 * kHuge) {
      const std::size_t len = (bytes + kHuge - 1) / kHuge * kHuge + kHuge;
      void* m = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (m == MAP_FAILED) throw std::bad_alloc();
      const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(m);
      const std::uintptr_t a = (start + kHuge - 1) & ~std::uintptr_t(kHuge - 1);
      madvise(reinterpret_cast<void*>(a), len - (a - start), MADV_HUGEPAGE);  // a hint: failure is harmless
      map_ = m;
      map_len_ = len;
      return reinterpret_cast<void*>(a);
    }
#endif
    (void)huge;
    heap_ = std::calloc(1, bytes + kLine);
    if (!heap_) throw std::bad_alloc();
    const std::uintptr_t p = reinterpret_cast<std::uintptr_t>(heap_);
    return reinterpret_cast<void*>((p + kLine - 1) & ~std::uintptr_t(kLine - 1));
  }

 private:
  static constexpr std::size_t kHuge = std::size_t(2) << 20;
  static constexpr std::size_t kLine = 64;  // every block starts on a cache line
  void release() {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (map_) munmap(map_, map_len_);
#endif
    map_ = nullptr;
    std::free(heap_);
    heap_ = nullptr;
  }
  void* map_ = nullptr;  // an mmap'ed block (huge pages asked for)
  std::size_t map_len_ = 0;
  void* heap_ = nullptr;  // else a calloc'ed one
};

}  // namespace polyreversi
