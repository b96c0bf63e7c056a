// The bulk kernels of one instruction set (POLYREVERSI_ARCH names it; this
// file is compiled once per set, see CMakeLists.txt). Raw arrays only: no
// standard-library templates, which the two copies could otherwise share.
#include <cstring>

#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/kernel/perft.hpp"
#include "polyreversi/kernel/playout.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/rules.hpp"

#define POLYREVERSI_STR2(x) #x
#define POLYREVERSI_STR(x) POLYREVERSI_STR2(x)

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

template <class W, int N>
inline void refresh_game(const Rules& rules, const Table<W>& t, const BatchData& d, int i, bool whole_board) {
  using E = Engine<W, N>;
  constexpr int kSquares = N * N;
  const Board<W> b = E::load(d.positions[i]);
  Turn turn;
  const W m = E::legal(t, b, turn);
  d.legal[i] = m;
  d.turns[i] = static_cast<std::uint8_t>(turn);
  d.done[i] = turn == Turn::kOver;
  d.to_move[i] = static_cast<std::int8_t>(b.to_move + 1);
  std::uint8_t* row = d.masks + static_cast<long>(i) * (kSquares + 1);
  std::memset(row, 0, kSquares + 1);
  for (W x = m; x; x &= x - 1) row[lowest_bit(x)] = 1;
  if (turn == Turn::kPass) row[kSquares] = 1;
  write_scores<W>(rules, b, d.scores + static_cast<long>(i) * rules.players, nullptr);
  if (whole_board) {
    std::int8_t* cells = d.boards + static_cast<long>(i) * kSquares;
    for (int sq = 0; sq < kSquares; ++sq) {
      const W bit = one_bit<W>(sq);
      std::int8_t c = kCellEmpty;
      for (int p = 0; p < rules.players; ++p)
        if (b.disks[p] & bit) c = static_cast<std::int8_t>(p + 1);
      if (b.neutral & bit) c = kCellNeutral;
      else if (static_cast<W>(rules.blocked) & bit) c = kCellBlocked;
      else if (static_cast<W>(rules.cut_out) & bit) c = kCellCutOut;
      cells[sq] = c;
    }
  }
}

void batch_refresh(const Rules& rules, const BatchData& d, int begin, int end) {
  with_geometry(rules.board, [&](auto g) {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    const Table<W> t = Engine<W, N>::table(rules);
    for (int i = begin; i < end; ++i) refresh_game<W, N>(rules, t, d, i, true);
  });
}

int batch_check(const Rules& rules, const BatchData& d, const std::int32_t* moves) {
  const int pass = rules.pass_move();
  for (int i = 0; i < d.size; ++i) {
    const int m = moves[i];
    if (d.done[i]) {
      if (m != -1) return i;
      continue;
    }
    if (m == pass) {
      if (d.turns[i] != static_cast<std::uint8_t>(Turn::kPass)) return i;
    } else if (m < 0 || m >= pass || !((d.legal[i] >> m) & 1)) {
      return i;
    }
  }
  return -1;
}

void batch_apply(const Rules& rules, const BatchData& d, const std::int32_t* moves, int begin, int end) {
  with_geometry(rules.board, [&](auto g) {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    using E = Engine<W, N>;
    const Table<W> t = E::table(rules);
    for (int i = begin; i < end; ++i) {
      if (d.done[i]) continue;
      Board<W> b = E::load(d.positions[i]);
      const int m = moves[i];
      if (m == N * N) {
        E::pass(b);
      } else {
        const Turn turn = static_cast<Turn>(d.turns[i]);
        const W changed = E::move_flips(b, turn, m) | one_bit<W>(m);
        const std::int8_t code = static_cast<std::int8_t>(b.to_move + 1);
        E::play(t, b, turn, m);
        std::int8_t* cells = d.boards + static_cast<long>(i) * N * N;
        for (W x = changed; x; x &= x - 1) cells[lowest_bit(x)] = code;
      }
      d.positions[i] = E::store(b);
      refresh_game<W, N>(rules, t, d, i, false);
    }
  });
}

void batch_choose(const Rules& rules, const BatchData& d, int policy, u64 seed, u64 step, std::int32_t* out) {
  with_geometry(rules.board, [&](auto g) {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    using PO = Playout<W, N>;
    policy = policy_for(rules.anti, policy);  // greedy for the objective
    for (int i = 0; i < d.size; ++i) {
      const Turn turn = static_cast<Turn>(d.turns[i]);
      if (d.done[i]) {
        out[i] = -1;
      } else if (turn == Turn::kPass) {
        out[i] = N * N;
      } else {
        SplitMix64 rng = game_stream(seed ^ (step * 0x9E3779B97F4A7C15ULL), static_cast<u64>(i));
        const Board<W> b = PO::E::load(d.positions[i]);
        out[i] = PO::choose(b, turn, static_cast<W>(d.legal[i]), policy, rng);
      }
    }
  });
}

}  // namespace

extern const KernelTable kernel_table = {POLYREVERSI_STR(POLYREVERSI_ARCH), &perft, &legal, &flips, &play, &play_games, &batch_refresh,
                                         &batch_check, &batch_apply, &batch_choose};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
