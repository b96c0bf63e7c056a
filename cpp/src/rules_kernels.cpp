// The rules kernels of one instruction set: perft, moves, flips and whole games (POLYREVERSI_ARCH names it; this
// file is compiled once per set, see CMakeLists.txt). Raw arrays only: no
// standard-library templates, which the two copies could otherwise share.
#include <cstring>

#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/kernel/perft.hpp"
#include "polyreversi/kernel/playout.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

namespace {

u64 perft(const Rules& rules, const Position& pos, int depth, const int* cancel) {
  return with_geometry(rules.board, [&](auto g) {
    using P = Perft<typename decltype(g)::W, decltype(g)::N>;
    using E = typename P::E;
    return P::any(E::table(rules), E::load(pos), depth, cancel);
  });
}

u128 legal(const Rules& rules, const Position& pos, Turn* turn) {
  return with_geometry(rules.board, [&](auto g) -> u128 {
    using E = Engine<typename decltype(g)::W, decltype(g)::N>;
    return E::legal(E::table(rules), E::load(pos), *turn);
  });
}

u128 flips(const Rules& rules, const Position& pos, Turn turn, int square) {
  return with_geometry(rules.board, [&](auto g) -> u128 {
    using E = Engine<typename decltype(g)::W, decltype(g)::N>;
    return E::move_flips(E::load(pos), turn, square);
  });
}

void play(const Rules& rules, Position& pos, Turn turn, int square) {
  with_geometry(rules.board, [&](auto g) {
    using E = Engine<typename decltype(g)::W, decltype(g)::N>;
    auto b = E::load(pos);
    if (square == rules.pass_move()) E::pass(b);
    else E::play(E::table(rules), b, turn, square);
    pos = E::store(b);
  });
}

template <class W>
void write_scores(const Rules& rules, const Board<W>& b, std::int32_t* scores, std::uint8_t* winners) {
  int s[kMaxPlayers];
  for (int p = 0; p < rules.players; ++p) s[p] = popcount(b.disks[p]);
  const unsigned w = winners ? winner_mask(rules, s) : 0;
  for (int p = 0; p < rules.players; ++p) {
    scores[p] = s[p];
    if (winners) winners[p] = (w >> p) & 1;
  }
}

void play_games(const Rules& rules, const Position& start, int policy, u64 seed, u64 first, u64 count,
                const PlayoutResults& out, const int* cancel) {
  with_geometry(rules.board, [&](auto g) {
    using W = typename decltype(g)::W;
    using PO = Playout<W, decltype(g)::N>;
    using E = typename PO::E;
    const Table<W> t = E::table(rules);
    const Board<W> b0 = E::load(start);
    const int players = rules.players;
    policy = seat_codes_for(rules.anti, policy);  // greedy for the objective, per seat
    for (u64 i = 0; i < count && !cancelled(cancel); ++i) {
      Board<W> b = b0;
      SplitMix64 rng = game_stream(seed, first + i);
      std::int16_t* moves = out.moves ? out.moves + i * out.max_plies : nullptr;
      const int plies = PO::play_game(t, b, policy, rng, out.max_plies, moves);
      if (moves)
        for (int k = plies; k < out.max_plies; ++k) moves[k] = -1;
      out.plies[i] = plies;
      write_scores(rules, b, out.scores + i * players, out.winners + i * players);
    }
  });
}

}  // namespace

extern const KernelTable kernel_table = {&perft, &legal, &flips, &play, &play_games};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
