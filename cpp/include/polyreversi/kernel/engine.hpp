// The rules on bitboards (RULES.md §3-§7): move generation, flips, the
// adjacency fallback, passes, game end and scores, for one board geometry.
#pragma once
#include "polyreversi/kernel/geometry.hpp"
#if defined(__AVX2__)
#include "polyreversi/kernel/engine_avx2.hpp"
// The wrappers below are always inlined in the AVX2 build: GCC otherwise
// kept them as calls once their AVX2 bodies were inlined into them (the
// solver's leaves called them through the PLT).
#define POLYREVERSI_ENGINE_INLINE POLYREVERSI_AVX2_INLINE
#else
#define POLYREVERSI_ENGINE_INLINE inline
#endif

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

  // The portable kernel (kernel/engine_avx2.hpp replaces flipping_moves and
  // flips_at in the AVX2 build). As in Edax, the wrap at the side edges is
  // handled once per call by dropping O disks on the side columns for the
  // directions that move sideways (such a disk is never inside a run in
  // those directions), so each step is a bare shift, an and and an or:
  // 3 operations instead of 4 with a mask at every shift.
  static inline W sideways(W O) { return O & G::kNotFirstColumn & G::kNotLastColumn; }

  // One direction of move generation: runs of O disks started next to P
  // are extended (a run is at most N-2 long), then must end on an empty square.
  template <int D>
  static inline W moves_dir(W P, W O, W empty) {
    W x = G::template step<D>(P) & O;
    for (int i = 0; i < N - 3; ++i) x |= G::template step<D>(x) & O;
    return G::template step<D>(x) & empty;
  }

  // Squares where P encloses at least one run of O disks. O is every disk
  // that is not P's: opponents and the neutral disk alike (RULES.md §6).
  static POLYREVERSI_ENGINE_INLINE W flipping_moves(W P, W O, W empty) {
#if defined(__AVX2__)
    return Avx2<W, N>::moves(P, O, empty);
#else
    const W os = sideways(O);
    return moves_dir<kEast>(P, os, empty) | moves_dir<kWest>(P, os, empty) | moves_dir<kSouth>(P, O, empty) |
           moves_dir<kNorth>(P, O, empty) | moves_dir<kSouthEast>(P, os, empty) | moves_dir<kSouthWest>(P, os, empty) |
           moves_dir<kNorthEast>(P, os, empty) | moves_dir<kNorthWest>(P, os, empty);
#endif
  }

  // The run of O disks from the square, kept if a P disk closes it. No
  // data-dependent loop: unpredictable branches cost more than the shifts.
  template <int D>
  static inline W flips_dir(W P, W O, W square) {
    W run = G::template step<D>(square) & O;
    for (int i = 0; i < N - 3; ++i) run |= G::template step<D>(run) & O;
    return (G::template step<D>(run) & P) ? run : W(0);
  }

  // Disks flipped when P plays on square `sq`.
  static POLYREVERSI_ENGINE_INLINE W flips_at(W P, W O, int sq) {
#if defined(__AVX2__)
    return Avx2<W, N>::flips(P, O, sq);
#else
    const W square = one_bit<W>(sq), os = sideways(O);
    return flips_dir<kEast>(P, os, square) | flips_dir<kWest>(P, os, square) | flips_dir<kSouth>(P, O, square) |
           flips_dir<kNorth>(P, O, square) | flips_dir<kSouthEast>(P, os, square) |
           flips_dir<kSouthWest>(P, os, square) | flips_dir<kNorthEast>(P, os, square) |
           flips_dir<kNorthWest>(P, os, square);
#endif
  }
  // The same for a one-bit word `square`.
  static POLYREVERSI_ENGINE_INLINE W flips(W P, W O, W square) { return flips_at(P, O, lowest_bit(square)); }

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
    return flips_at(own, occupied(b) & ~own, square);
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
