// Bit helpers for 64- and 128-bit boards. Everything under kernel/ lives in
// the namespace POLYREVERSI_ARCH, because it is compiled once per instruction
// set (see CMakeLists.txt); the copies must never be mixed by the linker.
#pragma once
#include "polyreversi/stop.hpp"
#include "polyreversi/types.hpp"

#ifndef POLYREVERSI_ARCH
#error "define POLYREVERSI_ARCH (the instruction-set namespace) before including kernel headers"
#endif

#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace polyreversi {
namespace POLYREVERSI_ARCH {

inline int popcount(u64 x) { return __builtin_popcountll(x); }
inline int popcount(u128 x) {
  return __builtin_popcountll(static_cast<u64>(x)) + __builtin_popcountll(static_cast<u64>(x >> 64));
}

// Index of the lowest set bit; x must not be zero.
inline int lowest_bit(u64 x) { return __builtin_ctzll(x); }
inline int lowest_bit(u128 x) {
  const u64 lo = static_cast<u64>(x);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<u64>(x >> 64));
}

// Index of the k-th set bit (k counted from 0, k < popcount(x)).
inline int nth_bit(u64 x, int k) {
#if defined(__BMI2__)
  return __builtin_ctzll(_pdep_u64(u64(1) << k, x));
#else
  for (; k > 0; --k) x &= x - 1;
  return __builtin_ctzll(x);
#endif
}
inline int nth_bit(u128 x, int k) {
  const u64 lo = static_cast<u64>(x);
  const int c = __builtin_popcountll(lo);
  return k < c ? nth_bit(lo, k) : 64 + nth_bit(static_cast<u64>(x >> 64), k - c);
}

// The bits of x under mask, packed to the low end in ascending order (BMI2's PEXT).
inline u64 extract_bits(u64 x, u64 mask) {
#if defined(__BMI2__)
  return _pext_u64(x, mask);
#else
  u64 out = 0;
  for (u64 bit = 1; mask; mask &= mask - 1, bit <<= 1)
    if (x & mask & (0 - mask)) out |= bit;
  return out;
#endif
}

template <class W>
inline W one_bit(int i) {
  return W(1) << i;
}

// True once long work should stop: the caller asked (cancel may be null) or the process is exiting.
inline bool cancelled(const int* cancel) { return stop_requested(cancel); }

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
