// The trained pattern evaluation of the standard 8x8 board (normal rules),
// Logistello/Edax style: 54 pattern instances (edges with X-squares,
// corner 3x3 and 2x5 blocks, rows/columns 2-4, diagonals 4-8, and
// Egaroucid's edge with c2/f2 and the edge's centre block) whose
// ternary index (0 empty, 1 mover, 2 opponent) selects a weight of the
// position's phase (empties / 5), plus a constant term by parity and, per
// phase, a table for each mobility term (Logistello's and NTest's features):
// the mover's and the opponent's legal-move counts and potential mobility
// (empty squares next to a disk of the other side), each count clamped to its
// table's last entry; and tables of the legal moves along the edges and the
// second rows (Egaroucid's legal-move patterns: which of a line's squares
// each side could play).
// Weights: cpp/src/search/pattern_weights.inc, made by
// scripts/train_patterns.py from the WTHOR games; the Python reference is
// tests/reference/patterns.py (same patterns, same integer sums).
//
// Index of an instance: pext of its squares out of P and of O (bits in square
// order), then a per-instance table maps those bits to the powers of 3 of the
// squares' places in the pattern. 54 x (2 pext + 3 loads) per call, no
// branches. The generic kernels, without pext, add per-square vectors of
// powers of 3 over the disks instead (the same integers: every kernel set
// gives the same evaluation). The children of one position are evaluated
// from its indices and each child's flips (pattern_child_indices): FFO #56
// 7-10 % less CPU (benchmarks/HISTORY.md).
#pragma once
#include <cstdint>

#include "polyreversi/types.hpp"

namespace polyreversi {
namespace patterns {

constexpr int kInstances = 54;
constexpr int kPhases = 12;
constexpr int kPhaseWidth = 5;  // phase = min(empties / 5, 11)
constexpr int kBitsSize = 1 << 10;
constexpr int kLanes = (kInstances + 15) / 16 * 16;  // whole 256-bit vectors of uint16
// The mobility tables of a phase, in reference patterns.MOBILITY_TERMS order:
// moves, opponent's moves, potential, opponent's potential.
constexpr int kMoveSlots = 32;
constexpr int kPotentialSlots = 48;
constexpr int kMobilitySize = 2 * kMoveSlots + 2 * kPotentialSlots;
// The legal-move patterns (reference patterns.MOVE_TYPES): type k is the
// lines kMoveRows[k] rows from an edge (0: the edges, 1: the second rows),
// rows and columns; a table of a phase is indexed by the mover's 8 move bits
// of a line and the opponent's 8 above them.
constexpr int kMoveRows[] = {0, 1};
constexpr int kMoveTypes = sizeof(kMoveRows) / sizeof(kMoveRows[0]);
constexpr int kLineMovesSize = 1 << 16;

struct Tables {
  u64 mask[kInstances];                                 // squares of each instance
  const std::uint16_t* bits[kInstances];                // pext bits -> index (powers of 3 by place)
  int offset[kInstances];                               // the instance's table in a phase's weights
  const std::int16_t* weights[kPhases];                 // full tables of every pattern type, per phase
  int parity[kPhases][2];                               // constant term: even, odd empties
  int mobility[kPhases][kMobilitySize];                 // the mobility tables (kMoveSlots ...)
  const std::int16_t* line_moves[kMoveTypes][kPhases];  // kLineMovesSize entries each
  // Per square, its power of 3 in each instance through it (0 in the
  // others): what a disk of P (twice that: of O) adds to the indices.
  alignas(32) std::uint16_t delta[64][kLanes];
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
#include "polyreversi/kernel/engine.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// The ternary index of every instance (digit 1: a disk of P, 2: of O);
// lanes past kInstances are 0.
struct PatternIndices { alignas(32) std::uint16_t at[patterns::kLanes]; };

inline int pattern_phase(int empties) {
  return empties / patterns::kPhaseWidth < patterns::kPhases ? empties / patterns::kPhaseWidth : patterns::kPhases - 1;
}
inline int pattern_clamp(int v) {
  constexpr int kLimit = 64 * 100 - 1;
  return v > kLimit ? kLimit : v < -kLimit ? -kLimit : v;
}

inline void pattern_indices(u64 P, u64 O, PatternIndices& x) {
  const patterns::Tables& t = patterns::tables;
#if defined(__BMI2__)
  for (int i = patterns::kInstances; i < patterns::kLanes; ++i) x.at[i] = 0;
  for (int i = 0; i < patterns::kInstances; ++i) {
    const std::uint16_t* b = t.bits[i];
    x.at[i] = static_cast<std::uint16_t>(b[_pext_u64(P, t.mask[i])] + 2 * b[_pext_u64(O, t.mask[i])]);
  }
#else
  // Without pext: each disk adds its power of 3 (twice that for O) to the
  // index of every instance through its square (about 3.6 per square).
  for (int j = 0; j < patterns::kLanes; ++j) x.at[j] = 0;
  for (u64 y = P; y; y &= y - 1)
    for (int j = 0; j < patterns::kLanes; ++j) x.at[j] += t.delta[lowest_bit(y)][j];
  for (u64 y = O; y; y &= y - 1)
    for (int j = 0; j < patterns::kLanes; ++j) x.at[j] += 2 * t.delta[lowest_bit(y)][j];
#endif
}

// The indices after P plays `square` flipping `flips`, for the new mover
// (O), from `swapped`: this position's indices with the colours exchanged
// (pattern_indices(O, P)). A flipped disk goes from digit 1 to 2, the
// square from 0 to 2 (Edax's incremental update).
inline void pattern_child_indices(const PatternIndices& swapped, u64 flips, int square, PatternIndices& child) {
  const patterns::Tables& t = patterns::tables;
  for (int j = 0; j < patterns::kLanes; ++j) child.at[j] = swapped.at[j] + 2 * t.delta[square][j];
  for (; flips; flips &= flips - 1)
    for (int j = 0; j < patterns::kLanes; ++j) child.at[j] += t.delta[lowest_bit(flips)][j];
}

// Both colourings of a position's indices: `mover` as pattern_indices(P, O),
// `other` as pattern_indices(O, P) (what ChildEvaluator starts from).
struct PatternPair { PatternIndices mover, other; };

inline void pattern_pair(u64 P, u64 O, PatternPair& x) {
  pattern_indices(P, O, x.mover);
  pattern_indices(O, P, x.other);
}

// The pair after the mover plays `square` flipping `flips`, for the new mover:
// its `mover` is pattern_child_indices(x.other, ...); its `other` has the
// square go from 0 to 1 and the flipped disks from 2 to 1 (2 x (1 + flips)
// additions of 3 vectors, where pattern_pair costs 184 pext).
inline void pattern_pair_child(const PatternPair& x, u64 flips, int square, PatternPair& child) {
  const patterns::Tables& t = patterns::tables;
  for (int j = 0; j < patterns::kLanes; ++j) {
    child.mover.at[j] = x.other.at[j] + 2 * t.delta[square][j];
    child.other.at[j] = x.mover.at[j] + t.delta[square][j];
  }
  for (; flips; flips &= flips - 1) {
    const std::uint16_t* d = t.delta[lowest_bit(flips)];
    for (int j = 0; j < patterns::kLanes; ++j) {
      child.mover.at[j] += d[j];
      child.other.at[j] -= d[j];
    }
  }
}

// The legal-move patterns in phase `ph` of the mover's moves `mine` and the
// opponent's `theirs`: per line (kMoveRows[k] rows from an edge, 4 a type)
// its 8 bits of each (a column gathered into a byte by one multiply: the 8
// products land on distinct bits, the top square's on the lowest of the top
// byte) and one table load.
inline int pattern_line_moves(u64 mine, u64 theirs, int ph) {
  constexpr u64 kColumn = 0x0101010101010101ULL, kGather = 0x0102040810204080ULL;
  const auto column = [](u64 x) { return ((x & kColumn) * kGather) >> 56; };
  int v = 0;
  for (int k = 0; k < patterns::kMoveTypes; ++k) {
    const int r = patterns::kMoveRows[k];
    const std::int16_t* e = patterns::tables.line_moves[k][ph];
    const auto entry = [e](u64 m, u64 t) { return e[static_cast<unsigned>((m & 0xFF) | (t & 0xFF) << 8)]; };
    v += entry(mine >> 8 * r, theirs >> 8 * r) + entry(mine >> (56 - 8 * r), theirs >> (56 - 8 * r)) +
         entry(column(mine >> r), column(theirs >> r)) + entry(column(mine >> (7 - r)), column(theirs >> (7 - r)));
  }
  return v;
}

// The mobility terms of P to move in phase `ph`, given P's legal moves
// `moves` and the empty playable squares `empty` (a blocked square is no
// move and no potential mobility), and the legal-move patterns: one move
// generation (kernel/engine.hpp; with AVX2 about 20 vector operations), two
// dilations (8 shifts and masks each), 4 popcounts, 4 + 4 x kMoveTypes table
// loads.
inline int pattern_mobility(u64 P, u64 O, u64 empty, int ph, u64 moves_of_p) {
  using E = Engine<u64, 8>;
  using G = Geometry<u64, 8>;
  const int* m = patterns::tables.mobility[ph];
  const u64 moves_of_o = E::flipping_moves(O, P, empty);
  const int moves = popcount(moves_of_p);
  const int replies = popcount(moves_of_o);
  const int potential = popcount(G::dilate(O) & empty);
  const int opponent_potential = popcount(G::dilate(P) & empty);
  constexpr int kM = patterns::kMoveSlots, kPot = patterns::kPotentialSlots;
  return m[moves < kM ? moves : kM - 1] + m[kM + (replies < kM ? replies : kM - 1)] +
         m[2 * kM + (potential < kPot ? potential : kPot - 1)] +
         m[2 * kM + kPot + (opponent_potential < kPot ? opponent_potential : kPot - 1)] +
         pattern_line_moves(moves_of_p, moves_of_o, ph);
}

// The evaluation from indices, of the position P to move against O, whose
// legal moves are `moves_of_p` (the caller's search has them already), on
// the squares `playable` (all 64 but the blocked ones). A blocked square
// reads as an empty one in the indices (better than leaving out the
// instances through it: benchmarks/board_eval.md) and counts in no empties,
// parity or mobility term.
inline int pattern_value(const PatternIndices& x, u64 P, u64 O, u64 moves_of_p, u64 playable = ~u64(0)) {
  const patterns::Tables& t = patterns::tables;
  const u64 empty = playable & ~(P | O);
  const int empties = popcount(empty);
  const int ph = pattern_phase(empties);
  const std::int16_t* w = t.weights[ph];
  int v = t.parity[ph][empties & 1] + pattern_mobility(P, O, empty, ph, moves_of_p);
  for (int i = 0; i < patterns::kInstances; ++i) v += w[t.offset[i] + x.at[i]];
  return pattern_clamp(v);
}

// Units of 1/100 disk (kScale), for P to move; |value| < 64 disks.
inline int pattern_evaluate(u64 P, u64 O, u64 playable = ~u64(0)) {
  PatternIndices x;
  pattern_indices(P, O, x);
  return pattern_value(x, P, O, Engine<u64, 8>::flipping_moves(P, O, playable & ~(P | O)), playable);
}

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
#endif
