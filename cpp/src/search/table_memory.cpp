// TableMemory's out-of-line members (search/table_memory.hpp), compiled once
// for any x86-64 CPU.
#include "polyreversi/search/table_memory.hpp"

#include <cstdio>

namespace polyreversi {

void* TableMemory::allocate(std::size_t bytes, bool huge) {
  release();
#if defined(__linux__)
  if (bytes >= kMapMin) {
    // A block of its own, zero pages mapped on first touch. calloc would take
    // a block under glibc's mmap threshold (which rises to 32 MiB as blocks are
    // freed) from its heap and zero it whole: 1 ms for a 16 MiB table whose
    // search touches a few pages.
    zeroed_ = true;
#if defined(MADV_HUGEPAGE)
    const bool big_pages = huge && bytes >= 2 * kHuge;
#else
    const bool big_pages = false;
#endif
    const std::size_t len = big_pages ? (bytes + kHuge - 1) / kHuge * kHuge + kHuge : bytes;
    void* m = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) throw std::bad_alloc();
    map_ = m;
    map_len_ = len;
    if (!big_pages) return m;  // page-aligned
#if defined(MADV_HUGEPAGE)
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(m);
    const std::uintptr_t a = (start + kHuge - 1) & ~std::uintptr_t(kHuge - 1);
    madvise(reinterpret_cast<void*>(a), len - (a - start), MADV_HUGEPAGE);  // a hint: failure is harmless
    return reinterpret_cast<void*>(a);
#endif
  }
#endif
  (void)huge;
  // Smaller blocks come from the heap, not zeroed: the table zeroes the
  // buckets it uses (a call's own 1 MiB table, mmap'ed and unmapped at each
  // call, made the batch's 2-thread depth-5 searches 3 times as slow).
  heap_ = std::malloc(bytes + kLine);
  if (!heap_) throw std::bad_alloc();
  zeroed_ = false;
  const std::uintptr_t p = reinterpret_cast<std::uintptr_t>(heap_);
  return reinterpret_cast<void*>((p + kLine - 1) & ~std::uintptr_t(kLine - 1));
}

void TableMemory::fault_in(void* p, std::size_t bytes) {
  constexpr std::size_t kPage = 4096;
  volatile unsigned char* b = static_cast<volatile unsigned char*>(p);
  for (std::size_t i = 0; i < bytes; i += kPage) b[i] = 0;
}

bool TableMemory::available(std::size_t bytes) {
#if defined(__linux__)
  std::FILE* f = std::fopen("/proc/meminfo", "r");
  if (!f) return true;
  char line[256];
  unsigned long long kib = 0;
  bool found = false;
  while (!found && std::fgets(line, sizeof line, f)) found = std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1;
  std::fclose(f);
  return !found || bytes / 1024 <= kib;
#else
  (void)bytes;
  return true;
#endif
}

void TableMemory::release() {
#if defined(__linux__)
  if (map_) munmap(map_, map_len_);
#endif
  map_ = nullptr;
  std::free(heap_);
  heap_ = nullptr;
}

}  // namespace polyreversi
