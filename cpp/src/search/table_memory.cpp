// TableMemory's out-of-line members (search/table_memory.hpp), compiled once
// for any x86-64 CPU.
#include "polyreversi/search/table_memory.hpp"

namespace polyreversi {

void* TableMemory::allocate(std::size_t bytes, bool huge) {
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

void TableMemory::fault_in(void* p, std::size_t bytes) {
  constexpr std::size_t kPage = 4096;
  volatile unsigned char* b = static_cast<volatile unsigned char*>(p);
  for (std::size_t i = 0; i < bytes; i += kPage) b[i] = 0;
}

void TableMemory::release() {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (map_) munmap(map_, map_len_);
#endif
  map_ = nullptr;
  std::free(heap_);
  heap_ = nullptr;
}

}  // namespace polyreversi
