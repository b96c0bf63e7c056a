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

  static inline W occupied(const Board<W>& b) {
    return b.disks[0] | b.disks[1] | b.disks[2] | b.disks[3] | b.neutral;
  }

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
    return moves_dir<kEast>(P, O, empty) | moves_dir<kWest>(P, O, empty) |
           moves_dir<kSouth>(P, O, empty) | moves_dir<kNorth>(P, O, empty) |
           moves_dir<kSouthEast>(P, O, empty) | moves_dir<kSouthWest>(P, O, empty) |
           moves_dir<kNorthEast>(P, O, empty) | moves_dir<kNorthWest>(P, O, empty);
  }

#if defined(__AVX2__)
  // The same on 64-bit boards, four directions per AVX2 register: lanes
  // shift left by 1, N, N+1, N-1 (east, south, south-east, south-west) and
  // right by the same (west, north, north-west, north-east). Two chains of
  // N-2 steps instead of eight.
  static inline u64 flipping_moves_avx2(u64 P, u64 O, u64 empty) {
    const __m256i shifts = _mm256_set_epi64x(N - 1, N + 1, N, 1);
    const __m256i left_mask = _mm256_set_epi64x(static_cast<long long>(G::kNotLastColumn), static_cast<long long>(G::kNotFirstColumn),
                                                static_cast<long long>(G::kGrid), static_cast<long long>(G::kNotFirstColumn));
    const __m256i right_mask = _mm256_set_epi64x(static_cast<long long>(G::kNotFirstColumn), static_cast<long long>(G::kNotLastColumn),
                                                 static_cast<long long>(G::kGrid), static_cast<long long>(G::kNotLastColumn));
    const __m256i p = _mm256_set1_epi64x(static_cast<long long>(P));
    const __m256i o = _mm256_set1_epi64x(static_cast<long long>(O));
    const __m256i e = _mm256_set1_epi64x(static_cast<long long>(empty));
    const __m256i ol = _mm256_and_si256(o, left_mask), orr = _mm256_and_si256(o, right_mask);
    __m256i l = _mm256_and_si256(_mm256_sllv_epi64(p, shifts), ol);
    __m256i r = _mm256_and_si256(_mm256_srlv_epi64(p, shifts), orr);
    for (int i = 0; i < N - 3; ++i) {
      l = _mm256_or_si256(l, _mm256_and_si256(_mm256_sllv_epi64(l, shifts), ol));
      r = _mm256_or_si256(r, _mm256_and_si256(_mm256_srlv_epi64(r, shifts), orr));
    }
    const __m256i m = _mm256_or_si256(_mm256_and_si256(_mm256_sllv_epi64(l, shifts), _mm256_and_si256(e, left_mask)),
                                      _mm256_and_si256(_mm256_srlv_epi64(r, shifts), _mm256_and_si256(e, right_mask)));
    const __m128i h = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    return static_cast<u64>(_mm_cvtsi128_si64(h) | _mm_extract_epi64(h, 1));
  }

  // Flips the same way: the run of O disks from the square in each of the
  // eight directions, kept where a P disk closes it.
  static inline u64 flips_avx2(u64 P, u64 O, u64 square) {
    const __m256i shifts = _mm256_set_epi64x(N - 1, N + 1, N, 1);
    const __m256i left_mask = _mm256_set_epi64x(static_cast<long long>(G::kNotLastColumn), static_cast<long long>(G::kNotFirstColumn),
                                                static_cast<long long>(G::kGrid), static_cast<long long>(G::kNotFirstColumn));
    const __m256i right_mask = _mm256_set_epi64x(static_cast<long long>(G::kNotFirstColumn), static_cast<long long>(G::kNotLastColumn),
                                                 static_cast<long long>(G::kGrid), static_cast<long long>(G::kNotLastColumn));
    const __m256i sq = _mm256_set1_epi64x(static_cast<long long>(square));
    const __m256i p = _mm256_set1_epi64x(static_cast<long long>(P));
    const __m256i o = _mm256_set1_epi64x(static_cast<long long>(O));
    const __m256i ol = _mm256_and_si256(o, left_mask), orr = _mm256_and_si256(o, right_mask);
    __m256i l = _mm256_and_si256(_mm256_sllv_epi64(sq, shifts), ol);
    __m256i r = _mm256_and_si256(_mm256_srlv_epi64(sq, shifts), orr);
    for (int i = 0; i < N - 3; ++i) {
      l = _mm256_or_si256(l, _mm256_and_si256(_mm256_sllv_epi64(l, shifts), ol));
      r = _mm256_or_si256(r, _mm256_and_si256(_mm256_srlv_epi64(r, shifts), orr));
    }
    const __m256i zero = _mm256_setzero_si256();
    const __m256i lb = _mm256_and_si256(_mm256_sllv_epi64(l, shifts), _mm256_and_si256(p, left_mask));
    const __m256i rb = _mm256_and_si256(_mm256_srlv_epi64(r, shifts), _mm256_and_si256(p, right_mask));
    l = _mm256_andnot_si256(_mm256_cmpeq_epi64(lb, zero), l);
    r = _mm256_andnot_si256(_mm256_cmpeq_epi64(rb, zero), r);
    const __m256i f = _mm256_or_si256(l, r);
    const __m128i h = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
    return static_cast<u64>(_mm_cvtsi128_si64(h) | _mm_extract_epi64(h, 1));
  }

  // 128-bit boards: each AVX2 register holds two directions as (low, high)
  // 64-bit halves; a shift moves the bits that cross the halves with a
  // byte shift inside each 128-bit lane. Four registers cover the eight
  // directions: (east, south) and (south-east, south-west) shift left,
  // (west, north) and (north-west, north-east) shift right.
  struct Lanes128 {
    __m256i k, kc, mask;  // shift, 64 - shift, wrap mask per lane
  };
  static inline __m256i pair(u128 a, u128 b) {
    return _mm256_set_epi64x(static_cast<long long>(static_cast<u64>(b >> 64)), static_cast<long long>(static_cast<u64>(b)),
                             static_cast<long long>(static_cast<u64>(a >> 64)), static_cast<long long>(static_cast<u64>(a)));
  }
  static inline Lanes128 lanes(int k1, W m1, int k2, W m2) {
    return Lanes128{_mm256_set_epi64x(k2, k2, k1, k1), _mm256_set_epi64x(64 - k2, 64 - k2, 64 - k1, 64 - k1),
                    pair(static_cast<u128>(m1), static_cast<u128>(m2))};
  }
  static inline __m256i shl(__m256i v, const Lanes128& l) {
    return _mm256_or_si256(_mm256_sllv_epi64(v, l.k), _mm256_bslli_epi128(_mm256_srlv_epi64(v, l.kc), 8));
  }
  static inline __m256i shr(__m256i v, const Lanes128& l) {
    return _mm256_or_si256(_mm256_srlv_epi64(v, l.k), _mm256_bsrli_epi128(_mm256_sllv_epi64(v, l.kc), 8));
  }
  static inline u128 fold(__m256i v) {
    const __m128i h = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (static_cast<u128>(static_cast<u64>(_mm_extract_epi64(h, 1))) << 64) | static_cast<u64>(_mm_cvtsi128_si64(h));
  }
  struct Groups128 {
    Lanes128 l1, l2, r1, r2;
  };
  static inline Groups128 groups128() {
    return Groups128{lanes(1, G::kNotFirstColumn, N, G::kGrid), lanes(N + 1, G::kNotFirstColumn, N - 1, G::kNotLastColumn),
                     lanes(1, G::kNotLastColumn, N, G::kGrid), lanes(N + 1, G::kNotLastColumn, N - 1, G::kNotFirstColumn)};
  }

  static inline u128 flipping_moves_avx2_128(u128 P, u128 O, u128 empty) {
    const Groups128 g = groups128();
    const __m256i p = pair(P, P), o = pair(O, O), e = pair(empty, empty);
    const __m256i o1 = _mm256_and_si256(o, g.l1.mask), o2 = _mm256_and_si256(o, g.l2.mask);
    const __m256i o3 = _mm256_and_si256(o, g.r1.mask), o4 = _mm256_and_si256(o, g.r2.mask);
    __m256i x1 = _mm256_and_si256(shl(p, g.l1), o1), x2 = _mm256_and_si256(shl(p, g.l2), o2);
    __m256i x3 = _mm256_and_si256(shr(p, g.r1), o3), x4 = _mm256_and_si256(shr(p, g.r2), o4);
    for (int i = 0; i < N - 3; ++i) {
      x1 = _mm256_or_si256(x1, _mm256_and_si256(shl(x1, g.l1), o1));
      x2 = _mm256_or_si256(x2, _mm256_and_si256(shl(x2, g.l2), o2));
      x3 = _mm256_or_si256(x3, _mm256_and_si256(shr(x3, g.r1), o3));
      x4 = _mm256_or_si256(x4, _mm256_and_si256(shr(x4, g.r2), o4));
    }
    const __m256i m = _mm256_or_si256(
        _mm256_or_si256(_mm256_and_si256(shl(x1, g.l1), g.l1.mask), _mm256_and_si256(shl(x2, g.l2), g.l2.mask)),
        _mm256_or_si256(_mm256_and_si256(shr(x3, g.r1), g.r1.mask), _mm256_and_si256(shr(x4, g.r2), g.r2.mask)));
    return fold(_mm256_and_si256(m, e));
  }

  static inline u128 flips_avx2_128(u128 P, u128 O, u128 square) {
    const Groups128 g = groups128();
    const __m256i sq = pair(square, square), p = pair(P, P), o = pair(O, O);
    const __m256i o1 = _mm256_and_si256(o, g.l1.mask), o2 = _mm256_and_si256(o, g.l2.mask);
    const __m256i o3 = _mm256_and_si256(o, g.r1.mask), o4 = _mm256_and_si256(o, g.r2.mask);
    __m256i x1 = _mm256_and_si256(shl(sq, g.l1), o1), x2 = _mm256_and_si256(shl(sq, g.l2), o2);
    __m256i x3 = _mm256_and_si256(shr(sq, g.r1), o3), x4 = _mm256_and_si256(shr(sq, g.r2), o4);
    for (int i = 0; i < N - 3; ++i) {
      x1 = _mm256_or_si256(x1, _mm256_and_si256(shl(x1, g.l1), o1));
      x2 = _mm256_or_si256(x2, _mm256_and_si256(shl(x2, g.l2), o2));
      x3 = _mm256_or_si256(x3, _mm256_and_si256(shr(x3, g.r1), o3));
      x4 = _mm256_or_si256(x4, _mm256_and_si256(shr(x4, g.r2), o4));
    }
    // Keep a direction's run where a P disk closes it; a direction is one
    // 128-bit lane, so its two 64-bit halves are tested together.
    const __m256i zero = _mm256_setzero_si256();
    auto keep = [&](__m256i run, __m256i close) {
      const __m256i half_zero = _mm256_cmpeq_epi64(close, zero);
      const __m256i lane_zero = _mm256_and_si256(half_zero, _mm256_shuffle_epi32(half_zero, 0x4E));
      return _mm256_andnot_si256(lane_zero, run);
    };
    x1 = keep(x1, _mm256_and_si256(_mm256_and_si256(shl(x1, g.l1), g.l1.mask), p));
    x2 = keep(x2, _mm256_and_si256(_mm256_and_si256(shl(x2, g.l2), g.l2.mask), p));
    x3 = keep(x3, _mm256_and_si256(_mm256_and_si256(shr(x3, g.r1), g.r1.mask), p));
    x4 = keep(x4, _mm256_and_si256(_mm256_and_si256(shr(x4, g.r2), g.r2.mask), p));
    return fold(_mm256_or_si256(_mm256_or_si256(x1, x2), _mm256_or_si256(x3, x4)));
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
    return flips_dir<kEast>(P, O, square) | flips_dir<kWest>(P, O, square) |
           flips_dir<kSouth>(P, O, square) | flips_dir<kNorth>(P, O, square) |
           flips_dir<kSouthEast>(P, O, square) | flips_dir<kSouthWest>(P, O, square) |
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
