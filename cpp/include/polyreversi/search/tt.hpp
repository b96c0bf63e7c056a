// The transposition table of search and solve, shared by every thread of
// one call: the whole position is the key (no false hits), two slots per
// bucket (the first kept for the deeper entry, the second always replaced),
// fail-soft lower/upper bounds. Lock-free: each key word is stored XORed
// with the entry's data word (Hyatt and Mann's scheme), so an entry torn by
// two threads writing at once fails the key check and reads as absent; every
// field is read and written as one relaxed atomic word. Each entry carries
// the selectivity of the search that made it (kExactSel: none); a probe
// may take bounds only from an entry at least as sure as its own search
// (endgame.hpp), so the selective passes of a solve leave moves, never
// bounds, to the exact pass.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "polyreversi/kernel/bits.hpp"
#include "polyreversi/search/table_memory.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// What a probe returns.
struct TTHit { int lower, upper, move, depth, sel; };

constexpr int kExactSel = 15;  // the selectivity of an exact (or heuristic, unselective) search
// An entry's fields (Slot::data): depths below kTableDepths (8 bits) and
// bounds within -kTableNoBound .. kTableNoBound (16 bits, signed), the end
// values standing for no bound; a result outside them is not stored.
constexpr int kTableDepths = 256;
constexpr int kTableNoBound = 32000;
static_assert(kTableNoBound < (1 << 15), "a bound is packed in 16 signed bits");

template <class W>
class TransTable {
  static constexpr int kKeyWords = 2 * int(sizeof(W) / 8);  // P then O, 64 bits at a time
  struct Slot {
    u64 key[kKeyWords];  // key words XOR data
    u64 data;            // lower:16 upper:16 move:8 depth:8 sel:4 stamp:12
  };
  // Two slots; on 8x8 padded to one cache line (48 -> 64 bytes), so a probe
  // loads one line and a prefetch asks for one (half of the 48-byte buckets
  // straddled two). FFO time the same within the noise (benchmarks/HISTORY.md):
  // the probes wait on the memory's latency, not on lines.
  struct alignas(sizeof(W) == 8 ? 64 : 16) Bucket { Slot slot[2]; };
  static_assert(sizeof(W) != 8 || sizeof(Bucket) == 64, "an 8x8 bucket is one cache line");

 public:
  TransTable() = default;
  TransTable(const TransTable&) = delete;
  TransTable& operator=(const TransTable&) = delete;

  // Sizes the table to at most `bytes` (at least 2 buckets) and empties it;
  // huge_pages: see table_memory.hpp. Any number of buckets, not only a
  // power of two (which left up to half of the bytes unused).
  // start_bytes > 0: the table starts with that many bytes in use (at least
  // 2 buckets) and doubles as it fills (grow), so that a short call touches
  // few pages: the first touch of each 4 KiB page costs the system a fault and
  // 4 KiB of zeros, and a depth-10 search of a fresh 64 MiB table spent 60 % of
  // its time on them (benchmarks/HISTORY.md). grow() moves entries under the
  // searcher's feet, so a table shared by threads (shared) does not grow as
  // it fills but only between the parts of a call, when no thread searches
  // (grow_between), or is whole from the start (start_bytes 0) or made whole
  // first (make_whole).
  void resize(std::size_t bytes, bool huge_pages = false, std::size_t start_bytes = 0, bool shared = false) {
    capacity_ = bytes / sizeof(Bucket);
    if (capacity_ < 2) capacity_ = 2;
    buckets_table_ = static_cast<Bucket*>(memory_.allocate(capacity_ * sizeof(Bucket), huge_pages));
    stamp_ = 1;
    used_ = 0;
    shared_ = shared;
    buckets_ =
        start_bytes > 0 ? std::min(capacity_, std::max<std::size_t>(2, start_bytes / sizeof(Bucket))) : capacity_;
    zero(0, buckets_);
    set_growth();
  }

  // Maps every page of the table now (see TableMemory::fault_in), so that no
  // timed search pays for it.
  void fault_in() { TableMemory::fault_in(buckets_table_, capacity_ * sizeof(Bucket)); }

  // A growing table: every bucket in use now (its entries move to their
  // buckets of the whole count, in one pass), the pages not in use yet mapped
  // first (those in use hold entries: fault_in writes zeros). From here on the
  // table may be shared by threads and no search pays for growing it.
  void make_whole() {
    if (buckets_ == capacity_) return;
    TableMemory::fault_in(buckets_table_ + buckets_, (capacity_ - buckets_) * sizeof(Bucket));
    grow(capacity_);
  }

  // A growing table grows to at most `bytes` in use in the calls from here on
  // (kNoLimit: to its whole size); one that has them already stays.
  void limit_growth(std::size_t bytes) {
    limit_ = bytes == kNoLimit ? kWhole : std::max<std::size_t>(2, bytes / sizeof(Bucket));
    set_growth();
  }

  // A shared table between two parts of a call, no thread searching: puts
  // buckets in use (doubling) until `factor` times its entries (estimated from
  // the first kSampleBuckets) would fill at most half of them: the next
  // iteration of a search stores several times the entries of all before it.
  void grow_between(double factor) {
    if (buckets_ == capacity_) return;
    const std::size_t n = std::min(kSampleBuckets, buckets_);
    std::size_t used = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (int k = 0; k < 2; ++k) used += stamp_of(buckets_table_[i].slot[k].data) == stamp_;
    const double entries = static_cast<double>(used) * static_cast<double>(buckets_) / static_cast<double>(n);
    std::size_t count = buckets_;
    while (count < capacity_ && entries * factor >= static_cast<double>(count) / 2) count *= 2;
    if (count > buckets_) grow_if_available(count);
  }

  // Forgets every entry: a new stamp, so the old entries read as absent and
  // are replaced first; the memory is zeroed only when the 12-bit stamp wraps.
  // Not while a search uses the table.
  void clear() {
    used_ = 0;
    if (++stamp_ < 4096) return;
    // The buckets not in use yet were never written (zeroed as they come into use).
    std::memset(static_cast<void*>(buckets_table_), 0, buckets_ * sizeof(Bucket));
    stamp_ = 1;
  }

  // Entries of the current stamp per thousand slots of the whole table,
  // from the first `sample` buckets in use (UCI's hashfull; the hash spreads
  // entries evenly over the buckets in use, and those not in use are empty).
  int usage_permille(std::size_t sample = 1000) const {
    const std::size_t n = std::min(sample, buckets_);
    std::size_t used = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (int k = 0; k < 2; ++k) used += stamp_of(load(buckets_table_[i].slot[k].data)) == stamp_;
    return n ? static_cast<int>(static_cast<double>(used) * 1000 * buckets_ / (2.0 * n * capacity_)) : 0;
  }

  // The entry of (P, O), or false.
  bool find(W P, W O, TTHit& hit) const {
    u64 k[kKeyWords];
    key_words(P, O, k);
    const Slot* b = bucket(k)->slot;
    for (int i = 0; i < 2; ++i) {
      u64 data;
      if (read(b[i], k, data)) {
        hit = unpack(data);
        return true;
      }
    }
    return false;
  }

  // Starts loading the bucket of (P, O) into the cache (no effect on results).
  void prefetch(W P, W O) const {
    u64 k[kKeyWords];
    key_words(P, O, k);
    const char* b = reinterpret_cast<const char*>(bucket(k));
#if defined(__x86_64__)
    asm volatile("prefetcht0 %0" : : "m"(*b));  // GCC 12 -O3 drops __builtin_prefetch here
    if (sizeof(Bucket) > 64) asm volatile("prefetcht0 %0" : : "m"(b[sizeof(Bucket) - 1]));  // 10x10: may straddle two
#else
    __builtin_prefetch(b);
    if (sizeof(Bucket) > 64) __builtin_prefetch(b + sizeof(Bucket) - 1);
#endif
  }

  // `best`, found with the window (alpha, beta), as the bound it is: an upper
  // bound at or below alpha, a lower bound at or above beta, exact between;
  // `inf` stands for no bound.
  void store_result(W P, W O, int depth, int best, int alpha, int beta, int inf, int move, int sel = kExactSel) {
    if (best <= alpha) store(P, O, depth, -inf, best, move, sel);
    else if (best >= beta) store(P, O, depth, best, inf, move, sel);
    else store(P, O, depth, best, best, move, sel);
  }

  void store(W P, W O, int depth, int lower, int upper, int move, int sel = kExactSel) {
    u64 k[kKeyWords];
    key_words(P, O, k);
    Slot* b = bucket(k)->slot;
    for (int i = 0; i < 2; ++i) {
      u64 data;
      if (read(b[i], k, data)) {
        const TTHit e = unpack(data);
        if (e.depth == depth && e.sel == sel) {  // same position, depth and selectivity: the tighter bounds
          if (e.lower > lower) lower = e.lower;
          if (e.upper < upper) upper = e.upper;
        } else if (depth < e.depth || (depth == e.depth && sel < e.sel)) {
          return;  // keep the deeper, then the surer result
        }
        write(b[i], k, pack(lower, upper, move, depth, sel));
        return;
      }
    }
    const u64 d0 = load(b[0].data);
    const bool first_taken = stamp_of(d0) == stamp_ && unpack(d0).depth > depth;
    // A growing table counts its entries: one more unless both slots held one.
    const bool adds = grow_at_ != kWhole && (stamp_of(d0) != stamp_ || stamp_of(load(b[1].data)) != stamp_);
    if (!first_taken && stamp_of(d0) == stamp_) {  // move the old first entry to the second slot
      for (int w = 0; w < kKeyWords; ++w) put(b[1].key[w], load(b[0].key[w]));
      put(b[1].data, d0);
    }
    write(first_taken ? b[1] : b[0], k, pack(lower, upper, move, depth, sel));
    if (adds && ++used_ >= grow_at_) grow_if_available(2 * buckets_);
  }

 private:
  static inline u64 load(const u64& x) { return __atomic_load_n(&x, __ATOMIC_RELAXED); }
  static inline void put(u64& x, u64 v) { __atomic_store_n(&x, v, __ATOMIC_RELAXED); }
  static inline void key_words(u64 P, u64 O, u64* k) {
    k[0] = P;
    k[1] = O;
  }
  static inline void key_words(u128 P, u128 O, u64* k) {
    k[0] = static_cast<u64>(P);
    k[1] = static_cast<u64>(P >> 64);
    k[2] = static_cast<u64>(O);
    k[3] = static_cast<u64>(O >> 64);
  }
  static inline u64 stamp_of(u64 data) { return data >> 52; }
  u64 pack(int lower, int upper, int move, int depth, int sel) const {
    return static_cast<u64>(static_cast<std::uint16_t>(lower)) |
           static_cast<u64>(static_cast<std::uint16_t>(upper)) << 16 | static_cast<u64>(move & 0xFF) << 32 |
           static_cast<u64>(depth & 0xFF) << 40 | static_cast<u64>(sel & 0xF) << 48 | static_cast<u64>(stamp_) << 52;
  }
  static TTHit unpack(u64 d) {
    return TTHit{static_cast<std::int16_t>(d & 0xFFFF), static_cast<std::int16_t>((d >> 16) & 0xFFFF),
                 static_cast<int>((d >> 32) & 0xFF), static_cast<int>((d >> 40) & 0xFF),
                 static_cast<int>((d >> 48) & 0xF)};
  }
  bool read(const Slot& s, const u64* k, u64& data) const {
    data = load(s.data);
    if (stamp_of(data) != stamp_) return false;
    for (int w = 0; w < kKeyWords; ++w)
      if ((load(s.key[w]) ^ data) != k[w]) return false;
    return true;
  }
  static void write(Slot& s, const u64* k, u64 data) {
    for (int w = 0; w < kKeyWords; ++w) put(s.key[w], k[w] ^ data);
    put(s.data, data);
  }
  Bucket* bucket(const u64* k) const {
    u64 h = 0;
    for (int w = 0; w < kKeyWords; ++w) h = (h ^ k[w]) * 0x9E3779B97F4A7C15ULL;
    h = (h ^ (h >> 29)) * 0xD6E8FEB86659FD93ULL;
    // Lemire's multiply-shift: the high word of h * buckets_ is below buckets_.
    return buckets_table_ + static_cast<std::size_t>((static_cast<u128>(h) * buckets_) >> 64);
  }

 public:
  // A short call's table's first bytes in use: 64 KiB, 16 pages. 8x8, 60
  // random positions, depth 6 / 10 a call: 0.51 / 3.33 ms from 64 KiB, 0.69 /
  // 3.66 from 256 KiB, 0.73 / 4.02 from 1 MiB (the dev build; about 1 % more
  // nodes than a whole table).
  static constexpr std::size_t kStartBytes = std::size_t(64) << 10;
  static constexpr std::size_t kNoLimit = ~std::size_t(0);  // limit_growth: to the whole size

 private:
  // It doubles when its entries reach half its buckets (a quarter of the
  // slots): then about 1 bucket in 11 holds two (Poisson, 0.5 a bucket).
  static constexpr std::size_t kWhole = ~std::size_t(0);  // grow_at_ of a table in use whole
  void set_growth() { grow_at_ = buckets_ < std::min(capacity_, limit_) && !shared_ ? buckets_ / 2 : kWhole; }
  static constexpr std::size_t kSampleBuckets = 1024;  // grow_between's sample: 64 KiB read on 8x8

  // grow(count), unless it adds kCheckedGrowthBytes or more that the system
  // has not to give: the table then stays as it is (no growth as it fills).
  __attribute__((noinline, cold)) void grow_if_available(std::size_t count) {
    count = std::min(count, limit_);
    if (count <= buckets_) {
      grow_at_ = kWhole;
      return;
    }
    const std::size_t added = (std::min(capacity_, count) - buckets_) * sizeof(Bucket);
    if (added >= kCheckedGrowthBytes && !TableMemory::available(added)) {
      grow_at_ = kWhole;
      return;
    }
    grow(count);
  }
  static constexpr std::size_t kCheckedGrowthBytes = std::size_t(32) << 20;  // a short call never asks

  // Puts `count` buckets in use (at most capacity_; a doubling as the table
  // fills) and moves every entry to its bucket of the new count: from the
  // last bucket down, as a bucket's entries only move up (Lemire's index grows
  // with the count), into buckets already emptied or never used. An entry
  // meeting two in its new bucket (not at an exact doubling) keeps the deeper
  // two. The current stamp's entries only; O(buckets) once per doubling.
  __attribute__((noinline, cold)) void grow(std::size_t count) {
    const std::size_t old = buckets_;
    buckets_ = std::min(capacity_, count);
    zero(old, buckets_);
    used_ = 0;
    for (std::size_t i = old; i-- > 0;) {
      const Bucket from = copy(buckets_table_[i]);
      std::memset(static_cast<void*>(&buckets_table_[i]), 0, sizeof(Bucket));
      for (const Slot& s : from.slot) {
        if (stamp_of(s.data) != stamp_) continue;
        u64 k[kKeyWords];
        for (int w = 0; w < kKeyWords; ++w) k[w] = s.key[w] ^ s.data;
        Slot* b = bucket(k)->slot;
        if (stamp_of(b[0].data) != stamp_) {
          b[0] = s;
          ++used_;
        } else if (stamp_of(b[1].data) != stamp_) {
          b[1] = s;
          ++used_;
        } else if (unpack(s.data).depth > unpack(b[1].data).depth) {
          if (unpack(s.data).depth > unpack(b[0].data).depth) {
            b[1] = b[0];
            b[0] = s;
          } else {
            b[1] = s;
          }
        }
      }
    }
    set_growth();
  }
  // Zeroes buckets [from, to) unless the memory is fresh zero pages.
  void zero(std::size_t from, std::size_t to) {
    if (!memory_.zeroed()) std::memset(static_cast<void*>(buckets_table_ + from), 0, (to - from) * sizeof(Bucket));
  }
  static Bucket copy(const Bucket& b) {
    Bucket c;
    std::memcpy(static_cast<void*>(&c), &b, sizeof(Bucket));
    return c;
  }

  TableMemory memory_;
  Bucket* buckets_table_ = nullptr;
  std::size_t capacity_ = 0;  // buckets allocated
  std::size_t buckets_ = 0;   // buckets in use (the index's range)
  std::size_t used_ = 0;      // a growing table's entries
  std::size_t grow_at_ = kWhole;
  std::size_t limit_ = kWhole;  // buckets it may grow to in the call under way (limit_growth)
  bool shared_ = false;         // grows only by grow_between
  std::uint16_t stamp_ = 1;     // 12 bits
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
