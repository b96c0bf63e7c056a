// The pseudo-random generator of bulk play: SplitMix64 (Steele, Lea and
// Flood 2014), one stream per game, so a game depends only on (seed, index),
// never on the thread that plays it. Nothing in Python copies it: the
// GreedyPlayer breaks its ties through the core (_core.choose_move).
#pragma once
#include "polyreversi/kernel/bits.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

struct SplitMix64 {
  u64 state;
  inline u64 next() {
    u64 z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) by Lemire's multiply-shift (n <= 2^32; bias < 2^-32 here).
  inline int below(int n) { return static_cast<int>((static_cast<unsigned __int128>(next() >> 32) * n) >> 32); }
};

// The stream of game `index` of a run seeded with `seed`.
inline SplitMix64 game_stream(u64 seed, u64 index) {
  SplitMix64 s{seed ^ (index * 0xD1B54A32D192ED03ULL)};
  s.next();
  return s;
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
