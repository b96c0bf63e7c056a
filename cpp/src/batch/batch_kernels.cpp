// The per-game kernels of a Batch for one instruction set (POLYREVERSI_ARCH
// names it; compiled once per set like cpp/src/rules_kernels.cpp). They call the
// engine's move generation and flips (kernel/engine.hpp): no rule is written here.
#include <cmath>
#include <cstring>

#include "polyreversi/batch/kernels.hpp"
#include "polyreversi/kernel/boards.hpp"
#include "polyreversi/kernel/playout.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

namespace {

constexpr u64 kEpisodeMix = 0xA24BAED4963EE407ULL;
constexpr u64 kStepMix = 0x9E3779B97F4A7C15ULL;
constexpr u64 kSampleMix = 0x5A3D1E7C0FFEE123ULL;

template <class W>
inline Table<W> game_table(const BatchData& d, int i) {
  return Table<W>{static_cast<W>(d.playable[i]), static_cast<W>(d.rules->centre), d.rules->players,
                  d.rules->free_opening};
}

// Scores always; winners and rewards once the game is over (zero before).
// Reward rule (docs/observations.md): r_i = (P * w_i / k - 1) / (P - 1) for k
// winners: +1 / -1 / 0 with two players, zero-sum for every player count.
template <class W>
inline void write_results(const BatchData& d, const Board<W>& b, bool over, int i) {
  const Rules& r = *d.rules;
  const int P = r.players;
  int s[kMaxPlayers];
  for (int p = 0; p < P; ++p) s[p] = popcount(b.disks[p]);
  std::int32_t* scores = d.scores + static_cast<long>(i) * P;
  std::uint8_t* winners = d.winners + static_cast<long>(i) * P;
  float* rewards = d.rewards + static_cast<long>(i) * P;
  const unsigned w = over ? winner_mask(r, s) : 0;
  const int k = __builtin_popcount(w);
  for (int p = 0; p < P; ++p) {
    scores[p] = s[p];
    const bool won = (w >> p) & 1;
    winners[p] = won;
    rewards[p] = over ? (won ? static_cast<float>(P) / k - 1.0f : -1.0f) / static_cast<float>(P - 1) : 0.0f;
  }
}

// Bytes 0/1 of the 8 bits of a byte, for filling uint8 planes a row at a time.
struct ByteSpread {
  u64 v[256];
  constexpr ByteSpread() : v() {
    for (int b = 0; b < 256; ++b) {
      u64 x = 0;
      for (int j = 0; j < 8; ++j)
        if (b >> j & 1) x |= u64(1) << (8 * j);
      v[b] = x;
    }
  }
};
constexpr ByteSpread kSpread{};

// The legal-move flags of a mask row, 8 squares per table lookup and store:
// ceil(N*N/8) loads and stores instead of a 65-byte memset, then a store per
// legal move in a loop whose exit branch mispredicts.
template <class W, int N>
inline void fill_mask_row(W m, std::uint8_t* row) {
  constexpr int kSquares = N * N;
  for (int j = 0; j < kSquares; j += 8) {
    const u64 v = kSpread.v[static_cast<unsigned>(m >> j) & 0xFF];
    std::memcpy(row + j, &v, kSquares - j < 8 ? kSquares - j : 8);
  }
}

// `b` is game i's position, d.positions[i] (the caller has it loaded already).
template <class W, int N>
inline void refresh_game(const BatchData& d, const Table<W>& t, int i, bool whole_board, const Board<W>& b) {
  using E = Engine<W, N>;
  constexpr int kSquares = N * N;
  const Rules& r = *d.rules;
  Turn turn;
  const W m = E::legal(t, b, turn);
  d.legal[i] = m;
  d.turns[i] = static_cast<std::uint8_t>(turn);
  d.done[i] = turn == Turn::kOver;
  d.to_move[i] = static_cast<std::int8_t>(b.to_move + 1);
  std::uint8_t* row = d.masks + static_cast<long>(i) * (kSquares + 1);
  fill_mask_row<W, N>(m, row);
  row[kSquares] = turn == Turn::kPass;
  if (whole_board || turn == Turn::kOver) {
    write_results<W>(d, b, turn == Turn::kOver, i);
  } else {  // a move in a live game: winners and rewards stay 0, only the scores change
    std::int32_t* scores = d.scores + static_cast<long>(i) * r.players;
    for (int p = 0; p < r.players; ++p) scores[p] = popcount(b.disks[p]);
  }
  if (whole_board) {
    const W blocked = static_cast<W>(d.blocked[i]), cut = static_cast<W>(r.cut_out);
    std::int8_t* cells = d.boards + static_cast<long>(i) * kSquares;
    for (int sq = 0; sq < kSquares; ++sq) {
      const W bit = one_bit<W>(sq);
      std::int8_t c = kCellEmpty;
      for (int p = 0; p < r.players; ++p)
        if (b.disks[p] & bit) c = static_cast<std::int8_t>(p + 1);
      if (b.neutral & bit) c = kCellNeutral;
      else if (blocked & bit) c = kCellBlocked;
      else if (cut & bit) c = kCellCutOut;
      cells[sq] = c;
    }
  }
}

template <class W, int N>
inline void refresh_game(const BatchData& d, const Table<W>& t, int i, bool whole_board) {
  refresh_game<W, N>(d, t, i, whole_board, Engine<W, N>::load(d.positions[i]));
}

u128 random_blocked(const int* eligible, int eligible_count, int count, u64 seed, u64 index, u64 episode) {
  SplitMix64 rng = game_stream(seed ^ (episode * kEpisodeMix), index);
  if (count <= 0) count = 1 + rng.below(4);
  if (count > eligible_count) count = eligible_count;
  int pool[kMaxSquares];
  for (int k = 0; k < eligible_count; ++k) pool[k] = eligible[k];
  u128 chosen = 0;
  for (int k = 0; k < count; ++k) {  // partial Fisher-Yates: `count` distinct squares
    const int j = k + rng.below(eligible_count - k);
    const int tmp = pool[k];
    pool[k] = pool[j];
    pool[j] = tmp;
    chosen |= bit128(pool[k]);
  }
  return chosen;
}

template <class W, int N>
void restart_game(const BatchData& d, int i) {
  const u64 episode = d.episodes[i]++;
  if (d.random_blocked && !d.custom[i]) {
    d.blocked[i] = random_blocked(d.eligible, d.eligible_count, d.blocked_count, d.seed, static_cast<u64>(i), episode);
    d.playable[i] = d.squares & ~d.blocked[i];
  }
  d.positions[i] = d.starts[i];
  d.history_len[i] = 0;
  refresh_game<W, N>(d, game_table<W>(d, i), i, true);
}

void save_final(const BatchData& d, int i) {
  const int P = d.rules->players;
  d.finals[i] = FinalGame{d.starts[i], d.positions[i], d.blocked[i], d.custom[i] != 0};
  const long h = static_cast<long>(i) * d.max_plies;
  std::memcpy(d.final_history + h, d.history + h, sizeof(std::int16_t) * d.history_len[i]);
  d.final_history_len[i] = d.history_len[i];
  std::memcpy(d.final_scores + static_cast<long>(i) * P, d.scores + static_cast<long>(i) * P, sizeof(std::int32_t) * P);
  std::memcpy(d.final_winners + static_cast<long>(i) * P, d.winners + static_cast<long>(i) * P, P);
  std::memcpy(d.final_rewards + static_cast<long>(i) * P, d.rewards + static_cast<long>(i) * P, sizeof(float) * P);
}

void refresh(const BatchData& d, int begin, int end) {
  with_geometry(d.rules->board, [&](auto g) {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    for (int i = begin; i < end; ++i) refresh_game<W, N>(d, game_table<W>(d, i), i, true);
  });
}

void restart(const BatchData& d, int i) {
  with_geometry(d.rules->board, [&](auto g) { restart_game<typename decltype(g)::W, decltype(g)::N>(d, i); });
}

void step(const BatchData& d, const std::int32_t* moves, Autoreset mode, int begin, int end) {
  with_geometry(d.rules->board, [&](auto g) {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    using E = Engine<W, N>;
    for (int i = begin; i < end; ++i) {
      std::uint8_t reset = 0;
      if (d.done[i]) {
        if (mode != Autoreset::kOff) {
          save_final(d, i);
          restart_game<W, N>(d, i);
          reset = 1;
        }
      } else {
        const Table<W> t = game_table<W>(d, i);
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
        if (d.history_len[i] < d.max_plies)
          d.history[static_cast<long>(i) * d.max_plies + d.history_len[i]++] = static_cast<std::int16_t>(m);
        refresh_game<W, N>(d, t, i, false, b);
        if (mode == Autoreset::kSameStep && d.done[i]) {
          save_final(d, i);
          restart_game<W, N>(d, i);
          reset = 1;
        }
      }
      d.reset_mask[i] = reset;
    }
  });
}

void choose(const BatchData& d, int policy, u64 seed, u64 step, std::int32_t* out, int begin, int end) {
  with_geometry(d.rules->board, [&](auto g) {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    using PO = Playout<W, N>;
    policy = policy_for(d.rules->anti, policy);  // greedy for the objective (fewest flips under Anti-Reversi)
    for (int i = begin; i < end; ++i) {
      const Turn turn = static_cast<Turn>(d.turns[i]);
      if (d.done[i]) {
        out[i] = -1;
      } else if (turn == Turn::kPass) {
        out[i] = N * N;
      } else {
        SplitMix64 rng = game_stream(seed ^ (step * kStepMix), static_cast<u64>(i));
        const Board<W> b = PO::E::load(d.positions[i]);
        out[i] = PO::choose(b, turn, static_cast<W>(d.legal[i]), policy, rng);
      }
    }
  });
}

template <class W, int N>
inline void fill_plane_u8(W mask, std::uint8_t* out) {
  for (int r = 0; r < N; ++r, out += N) {
    const unsigned row = static_cast<unsigned>(mask >> (r * N)) & ((1u << N) - 1);
    const u64 lo = kSpread.v[row & 0xFF];
    if constexpr (N <= 8) {
      std::memcpy(out, &lo, N);
    } else {
      std::memcpy(out, &lo, 8);
      const u64 hi = kSpread.v[row >> 8];
      std::memcpy(out + 8, &hi, N - 8);
    }
  }
}

// Through bytes, so the conversion to floats is one vectorised loop.
template <class W, int N>
inline void fill_plane_f32(W mask, float* out) {
  alignas(16) std::uint8_t bytes[N * N + 8];
  fill_plane_u8<W, N>(mask, bytes);
  for (int sq = 0; sq < N * N; ++sq) out[sq] = static_cast<float>(bytes[sq]);
}

void observe(const BatchData& d, const ObserveSpec& spec, int begin, int end) {
  with_geometry(d.rules->board, [&](auto g) {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    constexpr int kSquares = N * N;
    using E = Engine<W, N>;
    const Rules& r = *d.rules;
    const int P = r.players, C = P + 4;
    const W cut = static_cast<W>(r.cut_out), squares = static_cast<W>(d.squares);
    for (int i = begin; i < end; ++i) {
      const Position& pos = spec.finals ? d.finals[i].end : d.positions[i];
      const W blocked = static_cast<W>(spec.finals ? d.finals[i].blocked : d.blocked[i]);
      const Board<W> b = E::load(pos);
      const int q = spec.perspectives ? spec.perspectives[i] : spec.perspective >= 0 ? spec.perspective : b.to_move;
      W planes[kMaxPlayers + 4];
      for (int k = 0; k < P; ++k) planes[k] = b.disks[(q + k) % P];
      planes[P] = b.neutral;
      planes[P + 1] = squares & ~blocked & ~E::occupied(b);
      planes[P + 2] = blocked | cut;
      planes[P + 3] = (!spec.finals && !d.done[i] && q == b.to_move) ? static_cast<W>(d.legal[i]) : W(0);
      const long base = static_cast<long>(i) * C * kSquares;
      if (spec.f32) {
        float* out = static_cast<float*>(spec.out) + base;
        for (int k = 0; k < C; ++k) fill_plane_f32<W, N>(planes[k], out + k * kSquares);
      } else {
        std::uint8_t* out = static_cast<std::uint8_t*>(spec.out) + base;
        for (int k = 0; k < C; ++k) fill_plane_u8<W, N>(planes[k], out + k * kSquares);
      }
    }
  });
}

inline double unit_double(SplitMix64& rng) { return static_cast<double>(rng.next() >> 11) * 0x1p-53; }

// True when a row holds a value the spec refuses; one branch-free pass, so it vectorises.
inline bool row_is_bad(const float* row, int columns, bool logits) {
  int bad = 0;
  if (logits) {
    for (int c = 0; c < columns; ++c) bad |= (row[c] != row[c]) | (row[c] > 3.4028235e38f);  // NaN or +inf
  } else {
    for (int c = 0; c < columns; ++c) bad |= !(row[c] >= 0.0f) | (row[c] > 3.4028235e38f);  // NaN, < 0 or +inf
  }
  return bad != 0;
}

// The first j with target < prefix[j], prefix nondecreasing: the draw from the
// weights whose running sums are prefix[0..k). Counting is branch-free (the
// data-dependent exit of a scan mispredicts about once per game); a j found
// this way has prefix[j] > prefix[j - 1], a positive weight. A target rounded
// up to the total takes the first j reaching the total (also a positive weight).
// prefix must have room for 8 floats after prefix[k - 1]: the AVX2 count pads them with +inf
// (never <= a target, never < the total), so its trip count is ceil(k / 8), no scalar tail.
inline int pick_from_prefix(float* prefix, int k, float target) {
  int below = 0, short_of_total = 0;
  const float total = prefix[k - 1];
#if defined(__AVX2__)
  _mm256_storeu_ps(prefix + k, _mm256_set1_ps(INFINITY));
  const __m256 t = _mm256_set1_ps(target), all = _mm256_set1_ps(total);
  for (int j = 0; j < k; j += 8) {
    const __m256 p = _mm256_loadu_ps(prefix + j);
    below += __builtin_popcount(_mm256_movemask_ps(_mm256_cmp_ps(p, t, _CMP_LE_OQ)));
    short_of_total += __builtin_popcount(_mm256_movemask_ps(_mm256_cmp_ps(p, all, _CMP_LT_OQ)));
  }
#else
  for (int j = 0; j < k; ++j) {
    below += prefix[j] <= target;
    short_of_total += prefix[j] < total;
  }
#endif
  return below < k ? below : short_of_total;
}

bool sample(const BatchData& d, const SampleSpec& spec, int begin, int end, SampleError* error) {
  return with_geometry(d.rules->board, [&](auto g) -> bool {
    using W = typename decltype(g)::W;
    constexpr int N = decltype(g)::N;
    constexpr int kColumns = N * N + 1;
    float prefix[kColumns + 8];
    int square[kColumns];
    const float inv_t = spec.temperature > 0 ? 1.0f / spec.temperature : 0.0f;
    const u64 stream = spec.seed ^ (spec.step * kStepMix) ^ kSampleMix;
    for (int i = begin; i < end; ++i) {
      const float* row = spec.values + static_cast<long>(i) * kColumns;
      if (row_is_bad(row, kColumns, spec.logits)) {  // every column is checked, legal or not
        int c = 0;
        while (!row_is_bad(row + c, 1, spec.logits)) ++c;
        *error = SampleError{i, c, row[c]};
        return false;
      }
      if (d.done[i]) {
        spec.out[i] = -1;
        continue;
      }
      if (static_cast<Turn>(d.turns[i]) == Turn::kPass) {
        spec.out[i] = N * N;
        continue;
      }
      // Only the legal moves' entries are read from here on: one pass over the
      // mask bits gathers them and their running sums.
      int k = 0;
      float total = 0;
      if (spec.logits) {
        float top = -INFINITY;
        int best = 0;
        for (W x = static_cast<W>(d.legal[i]); x; x &= x - 1) {
          const int sq = lowest_bit(x);
          if (row[sq] > top) top = row[sq], best = k;  // ties to the lowest square
          square[k++] = sq;
        }
        if (spec.temperature == 0.0f && top != -INFINITY) {
          spec.out[i] = square[best];
          continue;
        }
        if (top != -INFINITY)  // else every legal logit is -inf: uniform below
          for (int j = 0; j < k; ++j) prefix[j] = total += std::exp((row[square[j]] - top) * inv_t);
      } else {  // one loop, no square list: the pick's index is mapped back by nth_bit
        const W legal = static_cast<W>(d.legal[i]);
        for (W x = legal; x; x &= x - 1) prefix[k++] = total += row[lowest_bit(x)];
        SplitMix64 rng = game_stream(stream, static_cast<u64>(i));
        if (!(total > 0)) {  // every legal move has weight 0: uniform over the legal moves
          float any = 0;     // ... unless the whole row is 0: not a distribution (an unfilled buffer)
          for (int c = 0; c < kColumns; ++c) any += row[c];
          if (!(any > 0)) {
            *error = SampleError{i, -1, 0.0f};
            return false;
          }
          spec.out[i] = nth_bit(legal, static_cast<int>(rng.below(k)));
          continue;
        }
        if (!(total <= 3.4028235e38f)) {  // probabilities overflowing a float sum: rescale
          total = 0;
          k = 0;
          for (W x = legal; x; x &= x - 1) prefix[k++] = total += row[lowest_bit(x)] * 0x1p-64f;
        }
        const float target = static_cast<float>(unit_double(rng)) * total;
        spec.out[i] = nth_bit(legal, pick_from_prefix(prefix, k, target));
        continue;
      }
      SplitMix64 rng = game_stream(stream, static_cast<u64>(i));
      if (!(total > 0)) {  // every legal logit is -inf: uniform over the legal moves
        spec.out[i] = square[rng.below(k)];
        continue;
      }
      const float target = static_cast<float>(unit_double(rng)) * total;
      spec.out[i] = square[pick_from_prefix(prefix, k, target)];
    }
    return true;
  });
}

}  // namespace

extern const BatchKernelTable batch_kernel_table = {&refresh, &restart, &step,          &choose,
                                                    &observe, &sample,  &random_blocked};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
