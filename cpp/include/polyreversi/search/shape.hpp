// What search needs to know about a board, derived from its playable mask
// alone (never from 8x8 constants), so it holds on every board, the octagon
// and boards with blocked squares:
//   corners: playable squares with at most 3 playable neighbours (8x8 corners,
//            the octagon's cut corners, a square boxed in by holes);
//   danger:  the non-corner squares next to a corner (C- and X-squares);
//   edges:   other squares with at most 5 playable neighbours (the rim, and
//            squares next to holes);
//   quadrants: the four quarters of the grid, for parity ordering;
//   walls[d]: squares whose neighbour in direction d is not playable.
#pragma once
#include "polyreversi/kernel/engine.hpp"
#include "polyreversi/search/board_patterns.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

template <class W, int N>
struct Shape {
  using G = Geometry<W, N>;
  W playable = 0, corners = 0, danger = 0, edges = 0, inner = 0;
  W quadrants[4] = {0, 0, 0, 0};
  W walls[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int squares = 0;  // playable squares: the largest possible |score|
  // The classes in the order the last plies try them (last_squares.hpp):
  // corners, inner, edges, danger; and each square's rank in that list.
  W order_classes[4] = {0, 0, 0, 0};
  unsigned char order_class[N * N] = {};
  // The trained 8x8 patterns (patterns.hpp) apply to the normal evaluation:
  // the 8x8 board, two players (Anti-Reversi rules too, where a search or
  // pr.evaluate asks for the normal evaluation), any start and blocked squares (a handicap or free
  // opening game is after a few plies an ordinary 8x8 position; the patterns
  // read a blocked square as an empty one): they beat the shape terms there
  // too (benchmarks/board_eval.md).
  bool trained = false;
  // The trained weights of the other boards (board_patterns.hpp) for the
  // normal [0] and the Anti-Reversi [1] evaluation; nullptr: the shape terms
  // (and the one neither the rules nor the evaluation asked for: each set is
  // built on its first use).
  const BoardPatterns* board_weights[2] = {nullptr, nullptr};

  static W neighbours_of(W x) { return G::dilate(x); }

  // The quadrants holding an odd number of the squares in `empty` (parity ordering).
  W odd_quadrants(W empty) const {
    W odd = 0;
    for (int q = 0; q < 4; ++q)
      if (popcount(empty & quadrants[q]) & 1) odd |= quadrants[q];
    return odd;
  }

  static bool trained_for(const Rules& r) { return N == 8 && r.board == BoardKind::Board8x8 && r.players == 2; }
  // `anti_eval`: the evaluation asked for (the rules' own is set up too: the
  // exact solver's move ordering evaluates with the rules).
  Shape(const Rules& r, bool anti_eval) : Shape(static_cast<W>(r.playable)) {
    trained = trained_for(r) && board_patterns_enabled();
    if (board_patterns_apply(r) && board_patterns_enabled()) {
      for (const bool anti : {r.anti, anti_eval}) board_weights[anti ? 1 : 0] = board_patterns(r.board, anti);
    }
  }

  explicit Shape(W play) : playable(play) {
    squares = popcount(play);
    for (int sq = 0; sq < N * N; ++sq) {
      const W b = one_bit<W>(sq);
      if (!(play & b)) continue;
      const int k = popcount(G::dilate(b) & play);
      if (k <= 3) corners |= b;
      else if (k <= 5) edges |= b;
      const int r = sq / N, c = sq % N;
      quadrants[(r >= N / 2 ? 2 : 0) + (c >= N / 2 ? 1 : 0)] |= b;
    }
    danger = G::dilate(corners) & play & ~corners;
    edges &= ~danger;
    inner = play & ~(corners | danger | edges);
    const W in_order[4] = {corners, inner, edges, danger};
    for (int k = 0; k < 4; ++k) {
      order_classes[k] = in_order[k];
      for (W x = in_order[k]; x; x &= x - 1) order_class[lowest_bit(x)] = static_cast<unsigned char>(k);
    }
    walls[kEast] = play & ~G::template shift<kWest>(play);
    walls[kWest] = play & ~G::template shift<kEast>(play);
    walls[kSouth] = play & ~G::template shift<kNorth>(play);
    walls[kNorth] = play & ~G::template shift<kSouth>(play);
    walls[kSouthEast] = play & ~G::template shift<kNorthWest>(play);
    walls[kNorthWest] = play & ~G::template shift<kSouthEast>(play);
    walls[kSouthWest] = play & ~G::template shift<kNorthEast>(play);
    walls[kNorthEast] = play & ~G::template shift<kSouthWest>(play);
  }

  // Occupied squares whose whole line in direction D (up to a wall) is occupied.
  template <int D, int Back>
  W full_towards(W occ) const {
    W f = occ & walls[D];
    for (int i = 0; i < N - 1; ++i) f |= occ & G::template shift<Back>(f);
    return f;
  }

  // Disks of P that no sequence of moves can flip: in each of the four line
  // directions, the line is full, or a wall or a stable disk of P lies next
  // to the disk on one side (the classic full-line-and-neighbour argument).
  W stable(W P, W O) const {
    const W occ = P | O;
    const W h = full_towards<kEast, kWest>(occ) & full_towards<kWest, kEast>(occ);
    const W v = full_towards<kSouth, kNorth>(occ) & full_towards<kNorth, kSouth>(occ);
    const W d1 = full_towards<kSouthEast, kNorthWest>(occ) & full_towards<kNorthWest, kSouthEast>(occ);
    const W d2 = full_towards<kSouthWest, kNorthEast>(occ) & full_towards<kNorthEast, kSouthWest>(occ);
    W s = 0;
    for (;;) {
      const W sh = h | walls[kEast] | walls[kWest] | G::template shift<kEast>(s) | G::template shift<kWest>(s);
      const W sv = v | walls[kSouth] | walls[kNorth] | G::template shift<kSouth>(s) | G::template shift<kNorth>(s);
      const W s1 = d1 | walls[kSouthEast] | walls[kNorthWest] | G::template shift<kSouthEast>(s) |
                   G::template shift<kNorthWest>(s);
      const W s2 = d2 | walls[kSouthWest] | walls[kNorthEast] | G::template shift<kSouthWest>(s) |
                   G::template shift<kNorthEast>(s);
      const W next = P & sh & sv & s1 & s2;
      if (next == s) return s;
      s = next;
    }
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
