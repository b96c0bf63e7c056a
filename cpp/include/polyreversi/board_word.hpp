// Bit tricks on a board word (u128) for the core and the bindings, one helper
// each. The kernels keep their own copies in kernel/bits.hpp on purpose: those
// are compiled once per instruction set in their own namespace, and an inline
// function shared by both copies would break the one-definition rule.
#pragma once
#include "polyreversi/types.hpp"

namespace polyreversi {

// Number of set bits (disks, squares) of a board word.
inline int count_bits(u128 x) {
  return __builtin_popcountll(static_cast<u64>(x)) + __builtin_popcountll(static_cast<u64>(x >> 64));
}

// Index of the lowest set bit; x must not be zero.
inline int lowest_bit(u128 x) {
  const u64 lo = static_cast<u64>(x);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<u64>(x >> 64));
}

// The low and high 64-bit halves of a board word.
inline u64 low_word(u128 x) { return static_cast<u64>(x); }
inline u64 high_word(u128 x) { return static_cast<u64>(x >> 64); }

}  // namespace polyreversi
