// The solver's last plies (endgame.hpp calls them): one empty square, two,
// three, four, and 5 .. Endgame::kShallow-1 without a move list or hash
// table. Same squares tried in the same order, same values as the plain code
// (four() tries the stability cut-off before a pass, shallow() after), so the
// node counts hardly change; what is saved is work per node, as in Edax's
// endgame.c:
// - the last square on a board with no holes (6x6, 8x8): the flips are
//   counted from the mover's disks alone, without making the flip mask
//   (with one empty square every other square holds a disk, so the
//   opponent's disks are the complement): the four lines through the square
//   are extracted (pext, or multiplications on 8x8 without BMI2) and looked
//   up in a table of flip counts, 4 lookups instead of a 39-operation flip;
// - a square is only tried when an opponent disk touches it (a neighbour
//   mask per square, Edax's NEIGHBOUR): no flip is computed for the others.
// Other boards (10x10, octagon, blocked squares) keep the flip-mask path.
#pragma once
#include <utility>

#include "polyreversi/search/endgame.hpp"

#define POLYREVERSI_LEAF_INLINE inline __attribute__((always_inline))

namespace polyreversi {
namespace POLYREVERSI_ARCH {

namespace last_flip {

// kCounts.n[i][line]: disks flipped by a move on square i of a line of at
// most 8 squares whose bit k is set where P has a disk and clear where O
// has one (bit i is ignored). Squares past the end of a shorter line read
// as O and never close a run, so one table serves every line length.
struct Counts { unsigned char n[8][256]; };
constexpr Counts counts() {
  Counts t{};
  for (int i = 0; i < 8; ++i)
    for (int line = 0; line < 256; ++line) {
      int total = 0;
      for (int d = -1; d <= 1; d += 2) {
        int run = 0, k = i + d;
        while (k >= 0 && k < 8 && !(line >> k & 1)) ++run, k += d;
        if (k >= 0 && k < 8) total += run;  // closed by a P disk
      }
      t.n[i][line] = static_cast<unsigned char>(total);
    }
  return t;
}
inline constexpr Counts kCounts = counts();

// The four lines through each square of an N x N grid (N <= 8): row,
// column, diagonal, anti-diagonal, as bit masks, and the square's rank in
// each (its count of lower bits of the mask: the bit pext gives it).
template <int N>
struct Lines {
  u64 mask[N * N][4];
  unsigned char index[N * N][4];
};
template <int N>
constexpr Lines<N> lines() {
  Lines<N> t{};
  const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
  for (int sq = 0; sq < N * N; ++sq)
    for (int k = 0; k < 4; ++k) {
      u64 m = 0;
      for (int sign = -1; sign <= 1; sign += 2)
        for (int r = sq / N, c = sq % N; r >= 0 && r < N && c >= 0 && c < N; r += sign * dr[k], c += sign * dc[k])
          m |= u64(1) << (r * N + c);
      t.mask[sq][k] = m;
      int below = 0;
      for (int b = 0; b < sq; ++b) below += int(m >> b & 1);
      t.index[sq][k] = static_cast<unsigned char>(below);
    }
  return t;
}
template <int N>
inline constexpr Lines<N> kLines = lines<N>();

#if defined(__BMI2__)
constexpr bool kAnyGrid = true;  // pext extracts any line
#else
constexpr bool kAnyGrid = false;  // the multiplications below are 8x8's
#endif

// Disks P flips by playing `sq` when every other square of the full N x N
// grid holds a disk (so O is every square but P's and sq).
template <int N>
POLYREVERSI_LEAF_INLINE int count(u64 P, int sq) {
  const unsigned char (*n)[256] = kCounts.n;
#if defined(__BMI2__)
  const u64* m = kLines<N>.mask[sq];
  const unsigned char* i = kLines<N>.index[sq];
  return n[i[0]][_pext_u64(P, m[0])] + n[i[1]][_pext_u64(P, m[1])] + n[i[2]][_pext_u64(P, m[2])] +
         n[i[3]][_pext_u64(P, m[3])];
#else
  static_assert(N == 8, "without BMI2 only 8x8 lines are extracted");
  // Row: a shift. Column: its bits gathered into the top byte by one
  // multiplication (bit r = row r; no two partial products meet below it).
  // Diagonals: masked, then summed into the top byte by column (bit c).
  const int r = sq >> 3, c = sq & 7;
  const u64* m = kLines<8>.mask[sq];
  const u64 row = (P >> (8 * r)) & 0xFF;
  const u64 col = (((P >> c) & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56;
  const u64 d1 = ((P & m[2]) * 0x0101010101010101ULL) >> 56;
  const u64 d2 = ((P & m[3]) * 0x0101010101010101ULL) >> 56;
  return n[c][row] + n[r][col] + n[c][d1] + n[c][d2];
#endif
}

}  // namespace last_flip

// Squares touching each square of the grid (sides and corners): the core's
// dilation (Geometry::dilate, the adjacency of RULES.md §6), as a table.
template <class W, int N>
struct Neighbours {
  W of[N * N];
};
template <class W, int N>
constexpr Neighbours<W, N> neighbours() {
  Neighbours<W, N> t{};
  for (int sq = 0; sq < N * N; ++sq) t.of[sq] = Geometry<W, N>::dilate(W(1) << sq);
  return t;
}

template <class W, int N>
struct LastSquares {
  using E = Engine<W, N>;
  using G = Geometry<W, N>;
  using EG = Endgame<W, N>;
  using Ctx = Context<W, N>;

  static constexpr Neighbours<W, N> kNeighbours = neighbours<W, N>();
  // The flip counts apply: a 64-bit grid of at most 8 x 8 (and 8x8 itself
  // without BMI2), checked against the board's mask at run time.
  static constexpr bool kCounted = sizeof(W) == 8 && N <= 8 && (last_flip::kAnyGrid || N == 8);

  static POLYREVERSI_LEAF_INLINE bool full_grid(const Ctx& c) { return c.shape->playable == G::kGrid; }

  // One empty square `sq` left: who can play it decides the count.
  static POLYREVERSI_LEAF_INLINE int last(Ctx& c, W P, W O, W sq) {
    ++c.nodes;
    if constexpr (kCounted) {
      if (full_grid(c)) {
        const int s = lowest_bit(sq);
        int p = popcount(P), o = c.shape->squares - 1 - p;
        int k = last_flip::count<N>(static_cast<u64>(P), s);
        if (k) {
          p += k + 1;
          o -= k;
        } else if ((k = last_flip::count<N>(static_cast<u64>(O), s))) {
          o += k + 1;
          p -= k;
        }
        return EG::result(c, p, o);
      }
    }
    int p = popcount(P), o = popcount(O);
    const int s = lowest_bit(sq);
    W f = (kNeighbours.of[s] & O) ? E::flips_at(P, O, s) : W(0);
    if (f) {
      const int k = popcount(f);
      p += k + 1;
      o -= k;
    } else if ((kNeighbours.of[s] & P) && (f = E::flips_at(O, P, s))) {
      const int k = popcount(f);
      o += k + 1;
      p -= k;
    }
    return EG::result(c, p, o);
  }

  // Two empty squares: both tried in turn (the lower first), no list.
  static int two(Ctx& c, W P, W O, int alpha, int beta, bool passed, W empty) {
    ++c.nodes;
    const W a = empty & (~empty + 1), b = empty ^ a;
    const int sa = lowest_bit(a), sb = lowest_bit(b);
    int best = -kDiskInfinity;
    bool moved = false;
    W f;
    if ((kNeighbours.of[sa] & O) && (f = E::flips_at(P, O, sa))) {
      moved = true;
      best = -last(c, O ^ f, P | f | a, b);
      if (best >= beta) return best;
    }
    if ((kNeighbours.of[sb] & O) && (f = E::flips_at(P, O, sb))) {
      moved = true;
      const int v = -last(c, O ^ f, P | f | b, a);
      if (v > best) best = v;
    }
    if (moved) return best;
    if (passed) return EG::final_score(c, P, O);
    return -two(c, O, P, -beta, -alpha, true, empty);
  }

  // Three or four (K) empty squares: shallow()'s order (odd quadrants
  // first, then by class, Shape::order_class, then by index) from a key per
  // square sorted by a network, and each square tried only when an
  // opponent disk touches it, without the move generation (Edax's
  // search_solve_3 and _4). Four empties try shallow()'s stability cut-off
  // first (shallow() after a pass). Four this way rather than by shallow():
  // FFO #45-#52 3 % less CPU (paired runs); at 5 empties the move
  // generation is the cheaper (+0.8 %).
  template <int K>
  static int few(Ctx& c, W P, W O, int alpha, int beta, bool passed, W empty) {
    static_assert(K == 3 || K == 4, "two() and shallow() take the other counts");
    if (c.poll()) return 0;
    if (K >= EG::kStabilityMin && alpha >= 2 * K - 2) {  // shallow()'s threshold
      const int bound = EG::stability_bound(c, P, O, beta);
      if (bound <= alpha) return bound;
      if (bound < beta) beta = bound;
    }
    const Shape<W, N>& sh = *c.shape;
    const W odd = sh.odd_quadrants(empty);
    int key[K];
    W rest = empty;
    for (int i = 0; i < K; ++i, rest &= rest - 1) {
      const int s = lowest_bit(rest);
      key[i] = ((((one_bit<W>(s) & odd) ? 0 : 4) + sh.order_class[s]) << 8) | s;
    }
    const auto order = [&](int i, int j) {
      if (key[i] > key[j]) std::swap(key[i], key[j]);
    };
    if constexpr (K == 3) {
      order(0, 1), order(1, 2), order(0, 1);
    } else {
      order(0, 1), order(2, 3), order(0, 2), order(1, 3), order(1, 2);
    }
    int best = -kDiskInfinity;
    bool moved = false;
    for (int i = 0; i < K; ++i) {
      const int s = key[i] & 0xFF;
      if (!(kNeighbours.of[s] & O)) continue;
      const W f = E::flips_at(P, O, s);
      if (!f) continue;
      moved = true;
      const W sq = one_bit<W>(s);
      int v;
      if constexpr (K == 3) v = -two(c, O ^ f, P | f | sq, -beta, -alpha, false, empty ^ sq);
      else v = -few<K - 1>(c, O ^ f, P | f | sq, -beta, -alpha, false, empty ^ sq);
      if (v > best) {
        best = v;
        if (v > alpha) {
          if (v >= beta) return v;
          alpha = v;
        }
      }
    }
    if (moved) return best;
    if (passed) return EG::final_score(c, P, O);
    return -few<K>(c, O, P, -beta, -alpha, true, empty);
  }
  static int three(Ctx& c, W P, W O, int alpha, int beta, bool passed, W empty) {
    return few<3>(c, P, O, alpha, beta, passed, empty);
  }
  static int four(Ctx& c, W P, W O, int alpha, int beta, bool passed, W empty) {
    return few<4>(c, P, O, alpha, beta, passed, empty);
  }

  // 5 .. kShallow-1 empties: squares by region parity (odd quadrants first),
  // then by class (corners, inner, edges, C/X), each class by square index.
  // The legal squares come from one move generation (44 operations on 8x8,
  // no branch) rather than a neighbour test and a flip per empty square:
  // fewer mispredicted branches, and no flip computed for nothing.
  static int shallow(Ctx& c, W P, W O, int alpha, int beta, bool passed, int empties) {
    if (c.poll()) return 0;
    const Shape<W, N>& sh = *c.shape;
    const W empty = sh.playable & ~(P | O);
    const W legal = E::flipping_moves(P, O, empty);
    if (!legal) {
      if (passed) return EG::final_score(c, P, O);
      return -shallow(c, O, P, -beta, -alpha, true, empties);
    }
    // The stability cut-off of deep(), here only from Edax's alpha threshold
    // (2 * empties - 2 disks: NWS_STABILITY_THRESHOLD), so that the stable
    // set is rarely computed in vain at these many cheap nodes.
    if (empties >= EG::kStabilityMin && alpha >= 2 * empties - 2) {
      const int bound = EG::stability_bound(c, P, O, beta);
      if (bound <= alpha) return bound;
      if (bound < beta) beta = bound;
    }
    const W odd = sh.odd_quadrants(empty);
    int best = -kDiskInfinity;
    for (int g = 0; g < 2; ++g) {
      const W group = legal & (g ? ~odd : odd);
      for (int k = 0; k < 4; ++k) {
        for (W cand = group & sh.order_classes[k]; cand; cand &= cand - 1) {
          const int s = lowest_bit(cand);
          const W f = E::flips_at(P, O, s);
          const W sq = one_bit<W>(s);
          const W nP = O ^ f, nO = P | f | sq;
          const int v = empties == 5 ? -four(c, nP, nO, -beta, -alpha, false, empty ^ sq)
                                     : -shallow(c, nP, nO, -beta, -alpha, false, empties - 1);
          if (v > best) {
            best = v;
            if (v > alpha) {
              if (v >= beta) return v;
              alpha = v;
            }
          }
        }
      }
    }
    return best;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
