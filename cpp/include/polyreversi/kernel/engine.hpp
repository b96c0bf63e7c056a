// The rules on bitboards (RULES.md §3-§7): move generation, flips, the
// adjacency fallback, passes, game end and scores, for one board geometry.
#pragma once
#include "polyreversi/kernel/geometry.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

// What the rules need at move time, in the board's own word.
template <class W>
struct Table {
  W playable;  // squares a disk may ever stand on (cut-outs and blocked squares excluded)
  W centre;    // 2x2 centre, filled first in a free opening
  int players;
  bool free_opening;
};

template <class W>
struct Board {
  W disks[kMaxPlayers];
  W neutral;
  int to_move;
  int ply;
};

template <class W, int N>
struct Engine {
  using G = Geometry<W, N>;

  static Table<W> table(const Rules& r) {
    return Table<W>{static_cast<W>(r.playable), static_cast<W>(r.centre), r.players, r.free_opening};
  }
  static Board<W> load(const Position& p) {
    Board<W> b;
    for (int i = 0; i < kMaxPlayers; ++i) b.disks[i] = static_cast<W>(p.disks[i]);
    b.neutral = static_cast<W>(p.neutral);
    b.to_move = p.to_move;
    b.ply = p.ply;
    return b;
  }
  static Position store(const Board<W>& b) {
    Position p;
    for (int i = 0; i < kMaxPlayers; ++i) p.disks[i] = b.disks[i];
    p.neutral = b.neutral;
    p.to_move = b.to_move;
    p.ply = b.ply;
    return p;
  }

  static inline W occupied(const Board<W>& b) { return b.disks[0] | b.disks[1] | b.disks[2] | b.disks[3] | b.neutral; }

  // One direction of move generation: runs of O disks started next to P
  // are extended (a run is at most N-2 long), then must end on an empty square.
  template <int D>
  static inline W moves_dir(W P, W O, W empty) {
    W x = G::template shift<D>(P) & O;
    for (int i = 0; i < N - 3; ++i) x |= G::template shift<D>(x) & O;
    return G::template shift<D>(x) & empty;
  }

  // Squares where P encloses at least one run of O disks. O is every disk
  // that is not P's: opponents and the neutral disk alike (RULES.md §6).
  static inline W flipping_moves(W P, W O, W empty) {
#if defined(__AVX2__)
    if constexpr (sizeof(W) == 8) return flipping_moves_avx2(P, O, empty);
    else return flipping_moves_avx2_128(P, O, empty);
#endif
    return moves_dir<kEast>(P, O, empty) | moves_dir<kWest>(P, O, empty) | moves_dir<kSouth>(P, O, empty) |
           moves_dir<kNorth>(P, O, empty) | moves_dir<kSouthEast>(P, O, empty) | moves_dir<kSouthWest>(P, O, empty) |
           moves_dir<kNorthEast>(P, O, empty) | moves_dir<kNorthWest>(P, O, empty);
  }

#if defined(__AVX2__)
  // The same with AVX2. On 64-bit boards a register holds four directions:
  // lanes shift left by 1, N, N+1, N-1 (east, south, south-east, south-west)
  // or right by the same (west, north, north-west, north-east), so two
  // chains of N-2 steps do the work of eight.
  struct Lanes64 { __m256i shifts, left_mask, right_mask; };
  static inline __m256i splat(u64 x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
  static inline __m256i quad(u64 a, u64 b, u64 c, u64 d) {
    return _mm256_set_epi64x(static_cast<long long>(d), static_cast<long long>(c), static_cast<long long>(b),
                             static_cast<long long>(a));
  }
  static inline Lanes64 lanes64() {
    return Lanes64{_mm256_set_epi64x(N - 1, N + 1, N, 1),
                   quad(G::kNotFirstColumn, G::kGrid, G::kNotFirstColumn, G::kNotLastColumn),
                   quad(G::kNotLastColumn, G::kGrid, G::kNotLastColumn, G::kNotFirstColumn)};
  }
  static inline u64 fold64(__m256i v) {
    const __m128i h = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return static_cast<u64>(_mm_cvtsi128_si64(h) | _mm_extract_epi64(h, 1));
  }
  // Runs of O disks that start next to `from`, in the eight directions.
  static inline void runs64(const Lanes64& c, u64 from, u64 O, __m256i& l, __m256i& r) {
    const __m256i f = splat(from), o = splat(O);
    const __m256i ol = _mm256_and_si256(o, c.left_mask), orr = _mm256_and_si256(o, c.right_mask);
    l = _mm256_and_si256(_mm256_sllv_epi64(f, c.shifts), ol);
    r = _mm256_and_si256(_mm256_srlv_epi64(f, c.shifts), orr);
    for (int i = 0; i < N - 3; ++i) {
      l = _mm256_or_si256(l, _mm256_and_si256(_mm256_sllv_epi64(l, c.shifts), ol));
      r = _mm256_or_si256(r, _mm256_and_si256(_mm256_srlv_epi64(r, c.shifts), orr));
    }
  }
  // The square past each run, masked by `at` (one step further on).
  static inline __m256i past_left(const Lanes64& c, __m256i l, u64 at) {
    return _mm256_and_si256(_mm256_sllv_epi64(l, c.shifts), _mm256_and_si256(splat(at), c.left_mask));
  }
  static inline __m256i past_right(const Lanes64& c, __m256i r, u64 at) {
    return _mm256_and_si256(_mm256_srlv_epi64(r, c.shifts), _mm256_and_si256(splat(at), c.right_mask));
  }

  static inline u64 flipping_moves_avx2(u64 P, u64 O, u64 empty) {
    const Lanes64 c = lanes64();
    __m256i l, r;
    runs64(c, P, O, l, r);
    return fold64(_mm256_or_si256(past_left(c, l, empty), past_right(c, r, empty)));
  }

  // Flips: the runs from the square, kept in the lanes where a P disk closes them.
  static inline u64 flips_avx2(u64 P, u64 O, u64 square) {
    const Lanes64 c = lanes64();
    __m256i l, r;
    runs64(c, square, O, l, r);
    const __m256i zero = _mm256_setzero_si256();
    l = _mm256_andnot_si256(_mm256_cmpeq_epi64(past_left(c, l, P), zero), l);
    r = _mm256_andnot_si256(_mm256_cmpeq_epi64(past_right(c, r, P), zero), r);
    return fold64(_mm256_or_si256(l, r));
  }

  // 128-bit boards: a register holds two directions as (low, high) 64-bit
  // halves; a shift carries the bits that cross the halves with a byte shift
  // inside each 128-bit lane. Four registers cover the eight directions:
  // (east, south) and (south-east, south-west) shift left, (west, north) and
  // (north-west, north-east) shift right.
  struct Lanes128 {
    __m256i k, kc, mask;  // shift, 64 - shift, wrap mask, per lane
    bool left;
  };
  static inline __m256i pair(u128 a, u128 b) {
    return quad(static_cast<u64>(a), static_cast<u64>(a >> 64), static_cast<u64>(b), static_cast<u64>(b >> 64));
  }
  static inline Lanes128 lanes128(bool left, int k1, W m1, int k2, W m2) {
    return Lanes128{_mm256_set_epi64x(k2, k2, k1, k1), _mm256_set_epi64x(64 - k2, 64 - k2, 64 - k1, 64 - k1),
                    pair(static_cast<u128>(m1), static_cast<u128>(m2)), left};
  }
  static inline __m256i shift128(__m256i v, const Lanes128& l) {
    if (l.left) return _mm256_or_si256(_mm256_sllv_epi64(v, l.k), _mm256_bslli_epi128(_mm256_srlv_epi64(v, l.kc), 8));
    return _mm256_or_si256(_mm256_srlv_epi64(v, l.k), _mm256_bsrli_epi128(_mm256_sllv_epi64(v, l.kc), 8));
  }
  static inline u128 fold128(__m256i v) {
    const __m128i h = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (static_cast<u128>(static_cast<u64>(_mm_extract_epi64(h, 1))) << 64) |
           static_cast<u64>(_mm_cvtsi128_si64(h));
  }
  struct Groups128 { Lanes128 g[4]; };
  static inline Groups128 groups128() {
    return Groups128{{lanes128(true, 1, G::kNotFirstColumn, N, G::kGrid),
                      lanes128(true, N + 1, G::kNotFirstColumn, N - 1, G::kNotLastColumn),
                      lanes128(false, 1, G::kNotLastColumn, N, G::kGrid),
                      lanes128(false, N + 1, G::kNotLastColumn, N - 1, G::kNotFirstColumn)}};
  }
  // Runs of O disks that start next to `from`, two directions per register.
  static inline void runs128(const Groups128& c, u128 from, u128 O, __m256i x[4]) {
    const __m256i f = pair(from, from), o = pair(O, O);
    __m256i om[4];
    for (int k = 0; k < 4; ++k) {
      om[k] = _mm256_and_si256(o, c.g[k].mask);
      x[k] = _mm256_and_si256(shift128(f, c.g[k]), om[k]);
    }
    for (int i = 0; i < N - 3; ++i)
      for (int k = 0; k < 4; ++k) x[k] = _mm256_or_si256(x[k], _mm256_and_si256(shift128(x[k], c.g[k]), om[k]));
  }
  static inline __m256i past128(const Lanes128& l, __m256i run, __m256i at) {
    return _mm256_and_si256(_mm256_and_si256(shift128(run, l), l.mask), at);
  }

  static inline u128 flipping_moves_avx2_128(u128 P, u128 O, u128 empty) {
    const Groups128 c = groups128();
    __m256i x[4];
    runs128(c, P, O, x);
    const __m256i e = pair(empty, empty);
    __m256i m = _mm256_setzero_si256();
    for (int k = 0; k < 4; ++k) m = _mm256_or_si256(m, past128(c.g[k], x[k], e));
    return fold128(m);
  }

  static inline u128 flips_avx2_128(u128 P, u128 O, u128 square) {
    const Groups128 c = groups128();
    __m256i x[4];
    runs128(c, square, O, x);
    const __m256i p = pair(P, P), zero = _mm256_setzero_si256();
    __m256i f = zero;
    for (int k = 0; k < 4; ++k) {
      // A direction is one 128-bit lane: test its two 64-bit halves together.
      const __m256i half_zero = _mm256_cmpeq_epi64(past128(c.g[k], x[k], p), zero);
      const __m256i lane_zero = _mm256_and_si256(half_zero, _mm256_shuffle_epi32(half_zero, 0x4E));
      f = _mm256_or_si256(f, _mm256_andnot_si256(lane_zero, x[k]));
    }
    return fold128(f);
  }
#endif

  // The run of O disks from the square, kept if a P disk closes it. No
  // data-dependent loop: unpredictable branches cost more than the shifts.
  template <int D>
  static inline W flips_dir(W P, W O, W square) {
    W run = G::template shift<D>(square) & O;
    for (int i = 0; i < N - 3; ++i) run |= G::template shift<D>(run) & O;
    return (G::template shift<D>(run) & P) ? run : W(0);
  }

  // Disks flipped when P plays on `square` (a one-bit word).
  static inline W flips(W P, W O, W square) {
#if defined(__AVX2__)
    if constexpr (sizeof(W) == 8) return flips_avx2(P, O, square);
    else return flips_avx2_128(P, O, square);
#endif
    return flips_dir<kEast>(P, O, square) | flips_dir<kWest>(P, O, square) | flips_dir<kSouth>(P, O, square) |
           flips_dir<kNorth>(P, O, square) | flips_dir<kSouthEast>(P, O, square) | flips_dir<kSouthWest>(P, O, square) |
           flips_dir<kNorthEast>(P, O, square) | flips_dir<kNorthWest>(P, O, square);
  }

  // The legal squares of the player to move and the kind of turn.
  // kPass and kOver come with no squares.
  static inline W legal(const Table<W>& t, const Board<W>& b, Turn& turn) {
    const W occ = occupied(b);
    const W empty = t.playable & ~occ;
    if (t.free_opening && (t.centre & empty)) {  // RULES.md §3: placements on the centre first
      turn = Turn::kPlace;
      return t.centre & empty;
    }
    const W own = b.disks[b.to_move];
    const W m = flipping_moves(own, occ & ~own, empty);
    if (m) {
      turn = Turn::kFlip;
      return m;
    }
    if (t.players == 2) {  // RULES.md §5: pass if the opponent can move
      const W other = b.disks[b.to_move ^ 1];
      turn = flipping_moves(other, occ & ~other, empty) ? Turn::kPass : Turn::kOver;
      return 0;
    }
    const W fallback = G::dilate(occ) & empty;  // RULES.md §6: adjacency fallback
    turn = fallback ? Turn::kPlace : Turn::kOver;
    return fallback;
  }

  // Disks the move on `square` flips; `turn` as returned by legal().
  static inline W move_flips(const Board<W>& b, Turn turn, int square) {
    if (turn != Turn::kFlip) return 0;
    const W own = b.disks[b.to_move];
    return flips(own, occupied(b) & ~own, one_bit<W>(square));
  }

  static inline int next_player(const Table<W>& t, int c) { return c + 1 == t.players ? 0 : c + 1; }

  // Plays a legal square (no check here: callers check against legal()).
  static inline void play(const Table<W>& t, Board<W>& b, Turn turn, int square) {
    const W sq = one_bit<W>(square);
    const W f = move_flips(b, turn, square);
    for (int i = 0; i < kMaxPlayers; ++i) b.disks[i] &= ~f;
    b.neutral &= ~f;
    b.disks[b.to_move] |= f | sq;
    b.to_move = next_player(t, b.to_move);
    ++b.ply;
  }

  static inline void pass(Board<W>& b) {
    b.to_move ^= 1;
    ++b.ply;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
