// The transposition table of search and solve: the whole position is the key
// (no false hits), two slots per bucket (the first kept for the deeper entry,
// the second always replaced), fail-soft lower/upper bounds. One table per
// thread, so no entry is ever read half-written.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "polyreversi/kernel/bits.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

template <class W>
struct TTEntry {
  W P, O;
  std::int16_t lower, upper;
  std::uint8_t move, depth;
  std::uint16_t stamp;  // entries of an older stamp count as empty
};

template <class W>
class TransTable {
 public:
  TransTable() = default;
  TransTable(const TransTable&) = delete;
  TransTable& operator=(const TransTable&) = delete;
  ~TransTable() { std::free(slots_); }

  // Sizes the table to at most `bytes` (at least 2 buckets) and empties it.
  void resize(std::size_t bytes) {
    std::size_t n = 4;
    while (n * 2 * sizeof(TTEntry<W>) <= bytes) n *= 2;
    std::free(slots_);
    // calloc: large tables come as zero pages the system maps on first touch.
    slots_ = static_cast<TTEntry<W>*>(std::calloc(n, sizeof(TTEntry<W>)));
    if (!slots_) throw std::bad_alloc();
    mask_ = n - 2;
    stamp_ = 1;
  }
  // Forgets every entry (cheaply: a new stamp).
  void clear() {
    if (++stamp_ == 0) {
      std::memset(static_cast<void*>(slots_), 0, (mask_ + 2) * sizeof(TTEntry<W>));
      stamp_ = 1;
    }
  }

  const TTEntry<W>* find(W P, W O) const {
    const TTEntry<W>* b = bucket(P, O);
    for (int i = 0; i < 2; ++i)
      if (b[i].stamp == stamp_ && b[i].P == P && b[i].O == O) return b + i;
    return nullptr;
  }

  void store(W P, W O, int depth, int lower, int upper, int move) {
    TTEntry<W>* b = bucket(P, O);
    for (int i = 0; i < 2; ++i) {
      TTEntry<W>& e = b[i];
      if (e.stamp == stamp_ && e.P == P && e.O == O) {
        if (e.depth == depth) {  // same position, same depth: keep the tighter bounds
          if (lower > e.lower) e.lower = static_cast<std::int16_t>(lower);
          if (upper < e.upper) e.upper = static_cast<std::int16_t>(upper);
        } else if (depth > e.depth) {
          e.lower = static_cast<std::int16_t>(lower);
          e.upper = static_cast<std::int16_t>(upper);
          e.depth = static_cast<std::uint8_t>(depth);
        } else {
          return;  // keep the deeper result
        }
        e.move = static_cast<std::uint8_t>(move);
        return;
      }
    }
    TTEntry<W>* e = b;
    if (b[0].stamp != stamp_ || depth >= b[0].depth) {
      if (b[0].stamp == stamp_) b[1] = b[0];
    } else {
      e = b + 1;
    }
    *e = TTEntry<W>{P, O, static_cast<std::int16_t>(lower), static_cast<std::int16_t>(upper),
                    static_cast<std::uint8_t>(move), static_cast<std::uint8_t>(depth), stamp_};
  }

 private:
  static inline u64 fold(u64 x) { return x; }
  static inline u64 fold(u128 x) { return static_cast<u64>(x) ^ (static_cast<u64>(x >> 64) * 0xC2B2AE3D27D4EB4FULL); }
  TTEntry<W>* bucket(W P, W O) const {
    const u64 h = (fold(P) ^ (fold(O) * 0x9E3779B97F4A7C15ULL)) * 0xD6E8FEB86659FD93ULL;
    return slots_ + ((h >> 20) & mask_);
  }

  TTEntry<W>* slots_ = nullptr;
  std::size_t mask_ = 0;
  std::uint16_t stamp_ = 1;
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
