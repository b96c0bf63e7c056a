// AVX2 move generation and flips: the x86-64-v3 drop-in replacements of
// Engine::flipping_moves and Engine::flips_at (kernel/engine.hpp), included only
// by the build compiled with -mavx2. Same inputs, same outputs, bit for bit:
// tests/test_kernels.py compares the two builds (perft and recorded games).
//
// A register holds four 64-bit lanes, one direction each. "Left" lanes shift
// towards higher bits (east 1, south N, south-east N+1, south-west N-1),
// "right" lanes by the same amounts towards lower bits (west, north,
// north-west, north-east). Wrap-around at the side edges is removed once per
// call by masking O (as Edax does with O & 0x7E7E...), not at every shift.
#pragma once
#include "polyreversi/kernel/geometry.hpp"

#if !defined(__AVX2__)
#error "engine_avx2.hpp is for the AVX2 build only"
#endif

#define POLYREVERSI_AVX2_INLINE inline __attribute__((always_inline))

namespace polyreversi {
namespace POLYREVERSI_ARCH {

template <class W, int N>
struct Avx2;

namespace avx2 {

inline __m256i splat(u64 x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
inline __m256i lanes(u64 a, u64 b, u64 c, u64 d) {  // a in lane 0
  return _mm256_set_epi64x(static_cast<long long>(d), static_cast<long long>(c), static_cast<long long>(b),
                           static_cast<long long>(a));
}
inline u64 fold(__m256i v) {  // OR of the four lanes
  const __m128i h = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return static_cast<u64>(_mm_cvtsi128_si64(_mm_or_si128(h, _mm_unpackhi_epi64(h, h))));
}
// OR of the four lanes, in every lane: two lane swaps, no trip through a
// general register.
inline __m256i spread(__m256i v) {
  v = _mm256_or_si256(v, _mm256_permute4x64_epi64(v, 0x4E));
  return _mm256_or_si256(v, _mm256_shuffle_epi32(v, 0x4E));
}
template <bool Left>
inline __m256i shift(__m256i x, __m256i k) {
  return Left ? _mm256_sllv_epi64(x, k) : _mm256_srlv_epi64(x, k);
}
// A grid of `rows` rows of `side` squares, and one of its columns, as 64-bit masks.
constexpr u64 grid_mask(int rows, int side) { return rows * side == 64 ? ~u64(0) : (u64(1) << (rows * side)) - 1; }
constexpr u64 column_mask(int rows, int side, int c) {
  u64 m = 0;
  for (int r = 0; r < rows; ++r) m |= u64(1) << (r * side + c);
  return m;
}

// The shift amounts 1, N, N+1, N-1 and their doubles and quadruples, and
// the wrap mask of O, for a grid of `Rows` rows of N squares. The mask
// drops both side columns from the lanes that move sideways (Edax's
// 0x7E7E...): an O disk there is never inside a run in those directions, so
// neither the steps nor the final step past a run can wrap to the other side.
template <int N, int Rows>
struct Lanes {
  static constexpr u64 kGrid = grid_mask(Rows, N);
  static constexpr u64 kInner = kGrid & ~column_mask(Rows, N, 0) & ~column_mask(Rows, N, N - 1);
  __m256i k1 = lanes(1, N, N + 1, N - 1);
  __m256i k2 = lanes(2, 2 * N, 2 * (N + 1), 2 * (N - 1));
  __m256i k4 = lanes(4, 4 * N, 4 * (N + 1), 4 * (N - 1));
  __m256i mask = lanes(kInner, kGrid, kInner, kInner);
};

// O disks in runs of two and four along each lane, for the doubling steps.
template <bool Left>
struct Pairs {
  __m256i o, o2, o4;
};
template <bool Left>
inline Pairs<Left> pairs(__m256i o, __m256i k1, __m256i k2, bool quads) {
  const __m256i o2 = _mm256_and_si256(o, shift<Left>(o, k1));
  return Pairs<Left>{o, o2, quads ? _mm256_and_si256(o2, shift<Left>(o2, k2)) : o2};
}

// Extends runs `f` (already one disk long where they exist) through O:
// one plain step makes runs of 2, then doubling (Kogge-Stone, as Edax's
// get_moves) makes 4 with the pairs, and 8 with the quadruples if `max` > 4.
// For `max` = 6 (8x8) a second step with the pairs is as cheap as the
// quadruples and does not need them.
template <bool Left, int Max>
inline __m256i extend(__m256i f, const Pairs<Left>& p, __m256i k1, __m256i k2, __m256i k4) {
  f = _mm256_or_si256(f, _mm256_and_si256(p.o, shift<Left>(f, k1)));
  if constexpr (Max > 2) f = _mm256_or_si256(f, _mm256_and_si256(p.o2, shift<Left>(f, k2)));
  if constexpr (Max > 4 && Max <= 6) f = _mm256_or_si256(f, _mm256_and_si256(p.o2, shift<Left>(f, k2)));
  if constexpr (Max > 6) f = _mm256_or_si256(f, _mm256_and_si256(p.o4, shift<Left>(f, k4)));
  return f;
}

// Towards lower bits, the first square of `ray` that is not O is its
// highest set bit: P disks are moved one step nearer the square and erased
// wherever a non-O square of the ray lies at or above them (the non-O
// squares smeared 0..7 steps down). What is left is the last O disk before
// a closing P disk (or the square itself when P is adjacent), or nothing.
template <class Lanes>
inline __m256i lower_outflank(__m256i p, __m256i o, __m256i ray, const Lanes& c) {
  __m256i erase = _mm256_andnot_si256(o, ray);
  erase = _mm256_or_si256(erase, _mm256_srlv_epi64(erase, c.k1));
  erase = _mm256_or_si256(erase, _mm256_srlv_epi64(erase, c.k2));
  const __m256i outflank = _mm256_andnot_si256(erase, _mm256_sllv_epi64(_mm256_and_si256(p, ray), c.k1));
  return _mm256_andnot_si256(_mm256_srlv_epi64(erase, c.k4), outflank);
}

// The rays from each square of an N x N grid, lane by lane as in Lanes
// (on-board squares only), towards lower and higher bits, each split at
// bit `Half` into a low and a high word (Half >= N*N: one word). 8x8: 4 KB,
// 10x10: 12.8 KB, within the L1 cache.
template <int N, int Half>
struct RayTable {
  static constexpr int kWords = Half < N * N ? 2 : 1;
  alignas(32) u64 below[kWords][N * N][4];
  alignas(32) u64 above[kWords][N * N][4];
};
template <int N, int Half>
constexpr RayTable<N, Half> ray_table() {
  RayTable<N, Half> t{};
  const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
  for (int sq = 0; sq < N * N; ++sq)
    for (int k = 0; k < 4; ++k)
      for (int sign = -1; sign <= 1; sign += 2)
        for (int r = sq / N + sign * dr[k], c = sq % N + sign * dc[k]; r >= 0 && r < N && c >= 0 && c < N;
             r += sign * dr[k], c += sign * dc[k]) {
          const int i = r * N + c;
          (sign < 0 ? t.below : t.above)[i >= Half][sq][k] |= u64(1) << (i >= Half ? i - Half : i);
        }
  return t;
}
inline __m256i load(const u64* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }

}  // namespace avx2

// 64-bit boards (6x6, 8x8): the four lanes of a register are the four line
// directions, and one left and one right register cover all eight.
//
// Moves, per register: O masked (1), pairs (2), first step (2), plain step
// (3), two doubling steps (6), the square past the run (1): 15 operations,
// 5 of them on the dependency chain; the former N-3 plain steps cost 19
// with 7 on the chain. With broadcasts, the fold and the empty mask: 44
// instructions for the eight directions.
//
// Flips, per register: the rays of the square come from a table (two
// 32-byte loads), so no run is filled at all (as Edax's flip_avx_ppfill):
// towards higher bits the first square that is not O is the lowest set bit
// of ~O & ray (x & -x); towards lower bits the non-O squares are smeared
// down to erase every P disk past the first of them. 39 instructions,
// against about 50 to fill the runs from the square and test the squares
// past them. 8x8 perft(11): 332 M leaves per CPU second before, 553 M with
// these flips and plain steps, 618 M with the doubling steps as well.
template <int N>
struct Avx2<u64, N> {
  static_assert(N <= 8, "64-bit boards are at most 8x8");
  using L = avx2::Lanes<N, N>;
  static constexpr int kMaxRun = N - 2;

  static POLYREVERSI_AVX2_INLINE u64 moves(u64 P, u64 O, u64 empty) {
    const L c;
    const __m256i p = avx2::splat(P), o = avx2::splat(O);
    const __m256i om = _mm256_and_si256(o, c.mask);
    const avx2::Pairs<true> ol = avx2::pairs<true>(om, c.k1, c.k2, kMaxRun > 6);
    const avx2::Pairs<false> orr = avx2::pairs<false>(om, c.k1, c.k2, kMaxRun > 6);
    __m256i l = _mm256_and_si256(ol.o, _mm256_sllv_epi64(p, c.k1));
    __m256i r = _mm256_and_si256(orr.o, _mm256_srlv_epi64(p, c.k1));
    l = avx2::extend<true, kMaxRun>(l, ol, c.k1, c.k2, c.k4);
    r = avx2::extend<false, kMaxRun>(r, orr, c.k1, c.k2, c.k4);
    return avx2::fold(_mm256_or_si256(_mm256_sllv_epi64(l, c.k1), _mm256_srlv_epi64(r, c.k1))) & empty;
  }

  static constexpr avx2::RayTable<N, 64> kRays = avx2::ray_table<N, 64>();

  static POLYREVERSI_AVX2_INLINE u64 flips(u64 P, u64 O, int sq) {
    const L c;
    const __m256i p = avx2::splat(P), o = avx2::splat(O), zero = _mm256_setzero_si256();
    // Higher bits: the first square that is not O must be P.
    __m256i ray = avx2::load(kRays.above[0][sq]);
    __m256i outflank = _mm256_andnot_si256(o, ray);
    outflank = _mm256_and_si256(_mm256_and_si256(outflank, _mm256_sub_epi64(zero, outflank)), p);
    // All ones if no outflank, else ~(outflank - 1): the ray below it is kept.
    const __m256i eraser = _mm256_sub_epi64(_mm256_cmpeq_epi64(outflank, zero), outflank);
    __m256i f = _mm256_andnot_si256(eraser, ray);
    // Lower bits: P disks one step nearer the square, erased wherever a
    // non-O square lies between them and the square.
    ray = avx2::load(kRays.below[0][sq]);
    outflank = avx2::lower_outflank(p, o, ray, c);
    // The ray above the outflank (nothing if there is none).
    f = _mm256_or_si256(f, _mm256_and_si256(ray, _mm256_sub_epi64(zero, outflank)));
    return avx2::fold(f);
  }
};

// 128-bit boards (10x10, the octagon): two halves of N/2 rows, each a 64-bit
// board (rows 0..N/2-1 in one word, the others in the second): a line crosses
// from one half to the other at most once, so the carry between them is paid
// once per direction, not at every step, and east and west carry nothing.
// Within a half: Kogge-Stone doubling (runs of up to 8 disks in 4 dependent
// steps), east by addition (O + the first step carries through the whole run;
// west has no such carry and keeps its steps), flips from ray tables by the
// half of the square (one of the two ray groups stays in one word), and the
// last three plies of perft fused in registers (last_three_plies). The 8
// directions of the 2 halves are 16 lanes: 4 ymm registers of four 64-bit
// lanes, the fewest without AVX-512. The layouts and steps measured against
// these, and the rates: docs/tuning.md, "128-bit board kernels".
template <int N>
struct Avx2<u128, N> {
  static_assert(N % 2 == 0 && (N / 2) * N <= 64, "each half of the board must fit 64 bits");
  using L = avx2::Lanes<N, N / 2>;
  static constexpr int kHalf = (N / 2) * N;  // bits per half
  static constexpr u64 kHalfMask = avx2::grid_mask(N / 2, N);
  static constexpr int kMaxRun = N - 2;

  struct X {  // a board as its two halves
    u64 lo, hi;
  };
  static inline X halves(u128 x) { return X{static_cast<u64>(x) & kHalfMask, static_cast<u64>(x >> kHalf)}; }
  static inline u128 word(X x) { return static_cast<u128>(x.lo) | (static_cast<u128>(x.hi) << kHalf); }

  struct Split { __m256i lo, hi; };
  static inline Split split(X x) { return Split{avx2::splat(x.lo), avx2::splat(x.hi)}; }
  static inline X join(__m256i lo, __m256i hi) { return X{avx2::fold(lo), avx2::fold(hi)}; }

  // One group of four directions (Left: towards higher bits, from the low
  // half to the high half; right: the other way). Index 1 is the half a
  // line meets first, 2 the other. runs() returns in n1/n2 the square past
  // each run of O from the seeds (the only square of it that is not O).
  template <bool Left>
  struct Group {
    avx2::Pairs<Left> o1, o2;
  };
  template <bool Left>
  static inline __m256i cross(__m256i x, __m256i shifted, __m256i k1) {
    // The bits of x that a shift moves into the other half, placed there.
    if constexpr (Left) return _mm256_srli_epi64(shifted, kHalf);
    else return _mm256_srlv_epi64(_mm256_slli_epi64(x, kHalf), k1);
  }
  // East by addition (lane 0 of the Left group): the carry of O + first
  // runs through a whole run of O in a row and stops on the square past it,
  // whatever its length (2 operations, as the carry-propagation fills of
  // chess bitboards). No such carry goes west, towards lower bits.
  static inline __m256i east(__m256i o, __m256i first) { return _mm256_andnot_si256(o, _mm256_add_epi64(o, first)); }
  template <bool Left>
  static inline void runs(const L& c, const Group<Left>& g, __m256i seed1, __m256i seed2, __m256i& n1, __m256i& n2) {
    // With east by addition, the other Left lanes (south, south-east,
    // south-west) only run within a half: N/2 - 1 disks, one doubling step
    // and no quadruples. The Right group keeps west: runs of N - 2.
    constexpr int kRun = Left ? N / 2 - 1 : kMaxRun;
    const __m256i s1 = avx2::shift<Left>(seed1, c.k1);
    const __m256i first1 = _mm256_and_si256(g.o1.o, s1);
    const __m256i f1 = avx2::extend<Left, kRun>(first1, g.o1, c.k1, c.k2, c.k4);
    n1 = avx2::shift<Left>(f1, c.k1);
    if constexpr (Left) n1 = _mm256_blend_epi32(n1, east(g.o1.o, first1), 0x03);
    const __m256i carried_seed = cross<Left>(_mm256_or_si256(seed1, f1), _mm256_or_si256(s1, n1), c.k1);
    const __m256i carried_run = cross<Left>(f1, n1, c.k1);
    const __m256i first2 = _mm256_and_si256(g.o2.o, _mm256_or_si256(avx2::shift<Left>(seed2, c.k1), carried_seed));
    const __m256i f2 = avx2::extend<Left, kRun>(first2, g.o2, c.k1, c.k2, c.k4);
    n2 = avx2::shift<Left>(f2, c.k1);
    if constexpr (Left) n2 = _mm256_blend_epi32(n2, east(g.o2.o, first2), 0x03);
    n2 = _mm256_or_si256(n2, carried_run);
  }
  template <bool Left>
  static inline Group<Left> group(const L& c, const Split& o) {
    const __m256i lo = _mm256_and_si256(o.lo, c.mask), hi = _mm256_and_si256(o.hi, c.mask);
    const avx2::Pairs<Left> plo = avx2::pairs<Left>(lo, c.k1, c.k2, !Left);
    const avx2::Pairs<Left> phi = avx2::pairs<Left>(hi, c.k1, c.k2, !Left);
    return Left ? Group<Left>{plo, phi} : Group<Left>{phi, plo};
  }

  static inline u128 moves(u128 P, u128 O, u128 empty) { return word(moves(halves(P), halves(O), halves(empty))); }
  static inline u128 flips(u128 P, u128 O, int sq) { return word(flips(halves(P), halves(O), sq)); }

  static inline X moves(X P, X O, X empty) {
    const Split m = moves_v(L(), split(P), split(O), split(empty));
    return join(m.lo, m.hi);
  }
  // The moves lane by lane (each lane one group of directions), from
  // broadcast halves.
  static POLYREVERSI_AVX2_INLINE Split moves_v(const L& c, const Split& p, const Split& o, const Split& e) {
    __m256i lo, hi, rlo, rhi;
    runs<true>(c, group<true>(c, o), p.lo, p.hi, lo, hi);
    runs<false>(c, group<false>(c, o), p.hi, p.lo, rhi, rlo);
    return Split{_mm256_and_si256(_mm256_or_si256(lo, rlo), e.lo), _mm256_and_si256(_mm256_or_si256(hi, rhi), e.hi)};
  }

  static constexpr avx2::RayTable<N, kHalf> kRays = avx2::ray_table<N, kHalf>();

  // Flips from the ray tables, as on 64-bit boards, with each ray in two
  // words: a ray meets the half of its square first, then the other one.
  static inline X flips(X P, X O, int sq) {
    const Split f = flips_v(L(), split(P), split(O), sq);
    return join(f.lo, f.hi);
  }
  static POLYREVERSI_AVX2_INLINE Split flips_v(const L& c, const Split& p, const Split& o, int sq) {
    const __m256i zero = _mm256_setzero_si256();
    // Higher bits, low half first: the first non-O square is the lowest set
    // bit of the low word, or of the high word if the low word has none.
    __m256i ray_lo = avx2::load(kRays.above[0][sq]), ray_hi = avx2::load(kRays.above[1][sq]);
    const __m256i e_lo = _mm256_andnot_si256(o.lo, ray_lo), e_hi = _mm256_andnot_si256(o.hi, ray_hi);
    const __m256i out_lo = _mm256_and_si256(_mm256_and_si256(e_lo, _mm256_sub_epi64(zero, e_lo)), p.lo);
    const __m256i out_hi = _mm256_and_si256(_mm256_and_si256(e_hi, _mm256_sub_epi64(zero, e_hi)),
                                            _mm256_and_si256(_mm256_cmpeq_epi64(e_lo, zero), p.hi));
    __m256i f_lo = _mm256_andnot_si256(_mm256_sub_epi64(_mm256_cmpeq_epi64(out_lo, zero), out_lo), ray_lo);
    __m256i f_hi = _mm256_andnot_si256(_mm256_sub_epi64(_mm256_cmpeq_epi64(out_hi, zero), out_hi), ray_hi);
    f_lo = _mm256_or_si256(f_lo, _mm256_andnot_si256(_mm256_cmpeq_epi64(out_hi, zero), ray_lo));
    // Lower bits, high half first; the low half counts only where the high
    // part of the ray is all O.
    ray_lo = avx2::load(kRays.below[0][sq]);
    ray_hi = avx2::load(kRays.below[1][sq]);
    const __m256i hi_all_o = _mm256_cmpeq_epi64(_mm256_andnot_si256(o.hi, ray_hi), zero);
    const __m256i down_hi = avx2::lower_outflank(p.hi, o.hi, ray_hi, c);
    const __m256i down_lo = _mm256_and_si256(avx2::lower_outflank(p.lo, o.lo, ray_lo, c), hi_all_o);
    f_hi = _mm256_or_si256(f_hi, _mm256_and_si256(ray_hi, _mm256_sub_epi64(zero, down_hi)));
    f_hi = _mm256_or_si256(f_hi, _mm256_andnot_si256(_mm256_cmpeq_epi64(down_lo, zero), ray_hi));
    f_lo = _mm256_or_si256(f_lo, _mm256_and_si256(ray_lo, _mm256_sub_epi64(zero, down_lo)));
    return Split{f_lo, f_hi};
  }

  // The same for a square in half H (H = 0: sq < kHalf): the rays
  // towards lower bits then lie in the low word only, and those towards
  // higher bits in the high word only if H = 1, so one of the two ray
  // groups is a one-word ray as on 64-bit boards: 32 or 38 operations and
  // 3 loads instead of 50 and 4.
  template <int H>
  static POLYREVERSI_AVX2_INLINE Split flips_v(const L& c, const Split& p, const Split& o, int sq) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i f_lo, f_hi;
    if constexpr (H == 0) {  // higher bits: both words, as in flips_v
      const __m256i ray_lo = avx2::load(kRays.above[0][sq]), ray_hi = avx2::load(kRays.above[1][sq]);
      const __m256i e_lo = _mm256_andnot_si256(o.lo, ray_lo), e_hi = _mm256_andnot_si256(o.hi, ray_hi);
      const __m256i out_lo = _mm256_and_si256(_mm256_and_si256(e_lo, _mm256_sub_epi64(zero, e_lo)), p.lo);
      const __m256i out_hi = _mm256_and_si256(_mm256_and_si256(e_hi, _mm256_sub_epi64(zero, e_hi)),
                                              _mm256_and_si256(_mm256_cmpeq_epi64(e_lo, zero), p.hi));
      f_lo = _mm256_andnot_si256(_mm256_sub_epi64(_mm256_cmpeq_epi64(out_lo, zero), out_lo), ray_lo);
      f_hi = _mm256_andnot_si256(_mm256_sub_epi64(_mm256_cmpeq_epi64(out_hi, zero), out_hi), ray_hi);
      f_lo = _mm256_or_si256(f_lo, _mm256_andnot_si256(_mm256_cmpeq_epi64(out_hi, zero), ray_lo));
      // Lower bits: the low word only.
      const __m256i ray = avx2::load(kRays.below[0][sq]);
      const __m256i down = avx2::lower_outflank(p.lo, o.lo, ray, c);
      f_lo = _mm256_or_si256(f_lo, _mm256_and_si256(ray, _mm256_sub_epi64(zero, down)));
    } else {  // higher bits: the high word only
      const __m256i ray = avx2::load(kRays.above[1][sq]);
      __m256i out = _mm256_andnot_si256(o.hi, ray);
      out = _mm256_and_si256(_mm256_and_si256(out, _mm256_sub_epi64(zero, out)), p.hi);
      f_hi = _mm256_andnot_si256(_mm256_sub_epi64(_mm256_cmpeq_epi64(out, zero), out), ray);
      // Lower bits: both words, as in flips_v.
      const __m256i ray_lo = avx2::load(kRays.below[0][sq]), ray_hi = avx2::load(kRays.below[1][sq]);
      const __m256i hi_all_o = _mm256_cmpeq_epi64(_mm256_andnot_si256(o.hi, ray_hi), zero);
      const __m256i down_hi = avx2::lower_outflank(p.hi, o.hi, ray_hi, c);
      const __m256i down_lo = _mm256_and_si256(avx2::lower_outflank(p.lo, o.lo, ray_lo, c), hi_all_o);
      f_hi = _mm256_or_si256(f_hi, _mm256_and_si256(ray_hi, _mm256_sub_epi64(zero, down_hi)));
      f_hi = _mm256_or_si256(f_hi, _mm256_andnot_si256(_mm256_cmpeq_epi64(down_lo, zero), ray_hi));
      f_lo = _mm256_and_si256(ray_lo, _mm256_sub_epi64(zero, down_lo));
    }
    return Split{f_lo, f_hi};
  }

  // Perft's last three plies: each move's child keeps its board in
  // registers, and its replies are counted as in last_two_plies.
  static inline u64 last_three_plies(u128 P, u128 O, u128 empty, u128 m) {
    return by_halves<grandchildren<0>, grandchildren<1>>(P, O, empty, m);
  }
  // The entry of the fused last plies: the boards split once, then Low over the
  // moves of m in the low half and High over those in the high half.
  template <auto Low, auto High>
  static POLYREVERSI_AVX2_INLINE u64 by_halves(u128 P, u128 O, u128 empty, u128 m) {
    const L c;
    const X mx = halves(m);
    const Split p = split(halves(P)), o = split(halves(O)), e = split(halves(empty));
    return Low(c, p, o, e, mx.lo) + High(c, p, o, e, mx.hi);
  }
  template <int H>
  static POLYREVERSI_AVX2_INLINE u64 grandchildren(const L& c, const Split& p, const Split& o, const Split& e,
                                                   u64 bits) {
    return each_child<H>(
        c, p, o, e, bits, [&](const Split& np, const Split& no, const Split& ne) __attribute__((always_inline)) -> u64 {
          const Split r = moves_v(c, no, np, ne);
          const u64 lo = avx2::fold(r.lo), hi = avx2::fold(r.hi);
          if (lo | hi) return replies<0>(c, no, np, ne, lo) + replies<1>(c, no, np, ne, hi);
          // a pass: the last ply is the other side's moves (1 if none: the end)
          const Split q = moves_v(c, np, no, ne);
          const u64 n = __builtin_popcountll(avx2::fold(q.lo)) + __builtin_popcountll(avx2::fold(q.hi));
          return n + (n == 0);
        });
  }
  // The sum of leaf(np, no, ne) over the children of the moves in `bits`
  // (half H): np the player who moved, no the one to move, ne the empty squares.
  template <int H, class Leaf>
  static POLYREVERSI_AVX2_INLINE u64 each_child(const L& c, const Split& p, const Split& o, const Split& e, u64 bits,
                                                Leaf leaf) {
    u64 leaves = 0;
    while (bits) {
      const int sq = __builtin_ctzll(bits) + H * kHalf;
      const __m256i b = avx2::splat(bits & (0 - bits));
      bits &= bits - 1;
      Split np, no, ne;
      play<H>(c, p, o, e, sq, b, np, no, ne);
      leaves += leaf(np, no, ne);
    }
    return leaves;
  }
  // The child of the move on `sq` (bit `b` in half H): np the player who
  // moved, no the one to move, ne the empty squares.
  template <int H>
  static POLYREVERSI_AVX2_INLINE void play(const L& c, const Split& p, const Split& o, const Split& e, int sq,
                                           __m256i b, Split& np, Split& no, Split& ne) {
    const Split f = flips_v<H>(c, p, o, sq);
    const __m256i flo = avx2::spread(f.lo), fhi = avx2::spread(f.hi);
    no = Split{_mm256_xor_si256(o.lo, flo), _mm256_xor_si256(o.hi, fhi)};
    np = Split{_mm256_or_si256(p.lo, flo), _mm256_or_si256(p.hi, fhi)};
    ne = e;
    if constexpr (H == 0) {
      np.lo = _mm256_or_si256(np.lo, b);
      ne.lo = _mm256_andnot_si256(b, e.lo);
    } else {
      np.hi = _mm256_or_si256(np.hi, b);
      ne.hi = _mm256_andnot_si256(b, e.hi);
    }
  }

  // Perft's last two plies, fused: the replies to each move in m (1 where
  // there is none: a pass or the end), with the child boards built in
  // registers from the flips (OR of the lanes spread to all four) instead
  // of folded to words and broadcast again.
  static inline u64 last_two_plies(u128 P, u128 O, u128 empty, u128 m) {
    return by_halves<replies<0>, replies<1>>(P, O, empty, m);
  }
  template <int H>
  static POLYREVERSI_AVX2_INLINE u64 replies(const L& c, const Split& p, const Split& o, const Split& e, u64 bits) {
    return each_child<H>(
        c, p, o, e, bits, [&](const Split& np, const Split& no, const Split& ne) __attribute__((always_inline)) -> u64 {
          const Split r = moves_v(c, no, np, ne);
          const u64 n = __builtin_popcountll(avx2::fold(r.lo)) + __builtin_popcountll(avx2::fold(r.hi));
          return n ? n : 1;
        });
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
