// The trained pattern evaluation of the standard 8x8 board (normal rules),
// Logistello/Edax style: 46 pattern instances (edges with X-squares,
// corner 3x3 and 2x5 blocks, rows/columns 2-4, diagonals 4-8) whose
// ternary index (0 empty, 1 mover, 2 opponent) selects a weight of the
// position's phase (empties / 5), plus a constant term by parity.
// Weights: cpp/src/search/pattern_weights.inc, made by
// scripts/train_patterns.py from the WTHOR games; the Python reference is
// python/polyreversi/_patterns.py (same patterns, same integer sums).
//
// Index of an instance: pext of its squares out of P and of O (bits in square
// order), then a per-instance table maps those bits to the powers of 3 of the
// squares' places in the pattern. 46 x (2 pext + 3 loads) per call, no
// branches. The generic kernels, without pext, sum per-square powers of 3
// over the disks instead (the same integers: every kernel set gives the same
// evaluation).
#pragma once
#include <cstdint>

#include "polyreversi/types.hpp"

namespace polyreversi {
namespace patterns {

constexpr int kInstances = 46;
constexpr int kPhases = 12;
constexpr int kPhaseWidth = 5;  // phase = min(empties / 5, 11)
constexpr int kBitsSize = 1 << 10;
constexpr int kMaxPerSquare = 8;  // instances through one square (at most 7)

struct Tables {
  u64 mask[kInstances];                   // squares of each instance
  const std::uint16_t* bits[kInstances];  // pext bits -> index (powers of 3 by place)
  int offset[kInstances];                 // the instance's table in a phase's weights
  const std::int16_t* weights[kPhases];   // full tables of every pattern type, per phase
  int parity[kPhases][2];                 // constant term: even, odd empties
  // Per square, the instances through it and its power of 3 in each (the
  // portable kernels sum these over the disks instead of extracting bits).
  struct Square {
    int n;
    int instance[kMaxPerSquare];
    int power[kMaxPerSquare];
  } square[64];
};

// Built once, before main (cpp/src/search/patterns.cpp).
extern const Tables tables;

// The full weight tables (phase-major, type offsets as in Tables::offset),
// for the Python reference and the tests.
int type_count();
int type_size(int type);  // 3^squares
const std::int16_t* type_weights(int phase, int type);

}  // namespace patterns
}  // namespace polyreversi

#ifdef POLYREVERSI_ARCH
#include "polyreversi/kernel/bits.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// Units of 1/100 disk (kScale), for P to move; |value| < 64 disks.
inline int pattern_evaluate(u64 P, u64 O) {
  const patterns::Tables& t = patterns::tables;
  const int empties = popcount(~(P | O));
  const int ph =
      empties / patterns::kPhaseWidth < patterns::kPhases ? empties / patterns::kPhaseWidth : patterns::kPhases - 1;
  const std::int16_t* w = t.weights[ph];
  int v = t.parity[ph][empties & 1];
#if defined(__BMI2__)
  for (int i = 0; i < patterns::kInstances; ++i) {
    const std::uint16_t* b = t.bits[i];
    v += w[t.offset[i] + b[_pext_u64(P, t.mask[i])] + 2 * b[_pext_u64(O, t.mask[i])]];
  }
#else
  // Without pext: each disk adds its power of 3 (twice that for O) to the
  // index of every instance through its square (about 3.6 per square).
  int index[patterns::kInstances] = {};
  for (u64 x = P; x; x &= x - 1) {
    const patterns::Tables::Square& q = t.square[lowest_bit(x)];
    for (int k = 0; k < q.n; ++k) index[q.instance[k]] += q.power[k];
  }
  for (u64 x = O; x; x &= x - 1) {
    const patterns::Tables::Square& q = t.square[lowest_bit(x)];
    for (int k = 0; k < q.n; ++k) index[q.instance[k]] += 2 * q.power[k];
  }
  for (int i = 0; i < patterns::kInstances; ++i) v += w[t.offset[i] + index[i]];
#endif
  constexpr int kLimit = 64 * 100 - 1;
  return v > kLimit ? kLimit : v < -kLimit ? -kLimit : v;
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
#endif
