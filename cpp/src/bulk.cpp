// perft and bulk play over threads.
#include "polyreversi/bulk.hpp"

#include <algorithm>
#include <exception>
#include <string>
#include <system_error>
#include <thread>

#include "polyreversi/board_word.hpp"
#include "polyreversi/checked_game.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {

namespace {

// Runs f(begin, end) over [0, n) split in `threads` contiguous parts.
template <class F>
void parallel_ranges(u64 n, int threads, F f) {
  threads = static_cast<int>(std::min<u64>(std::max(threads, 1), std::max<u64>(n, 1)));
  if (threads == 1) {
    f(u64(0), n);
    return;
  }
  std::vector<std::thread> pool;
  std::vector<std::exception_ptr> errors(threads);
  try {
    for (int t = 0; t < threads; ++t) {
      const u64 begin = n * t / threads, end = n * (t + 1) / threads;
      pool.emplace_back([&, t, begin, end] {
        try {
          f(begin, end);
        } catch (...) { errors[t] = std::current_exception(); }
      });
    }
  } catch (const std::system_error&) {  // a thread could not start: finish the others, then report
    for (auto& th : pool) th.join();
    throw Error("could not start " + std::to_string(threads) + " threads; ask for fewer");
  }
  for (auto& th : pool) th.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace

namespace {

int empty_squares(const Rules& rules, const Position& pos) {
  u128 taken = pos.neutral;
  for (int c = 0; c < kMaxPlayers; ++c) taken |= pos.disks[c];
  return count_bits(rules.playable & ~taken);
}

}  // namespace

int perft_max_depth(const Rules& rules, const Position& pos) {
  return longest_game(std::max(empty_squares(rules, pos), empty_squares(rules, start_position(rules))), rules.players);
}

const char* perft_call_name(PerftCall call) { return call == PerftCall::kDivide ? "perft_divide" : "perft"; }

namespace {
int least_depth(PerftCall call) { return call == PerftCall::kDivide ? 1 : 0; }
}  // namespace

void check_perft_depth(const Rules& rules, const Position& pos, long long depth, PerftCall call) {
  if (depth < least_depth(call) || depth > perft_max_depth(rules, pos))
    throw ArgumentError(perft_depth_message(rules, pos, std::to_string(depth), call));
}

std::string perft_depth_message(const Rules& rules, const Position& pos, const std::string& depth, PerftCall call) {
  const int most = perft_max_depth(rules, pos);
  const int here = empty_squares(rules, pos), start = empty_squares(rules, start_position(rules));
  const std::string empty =
      std::to_string(std::max(here, start)) +
      (here > start ? " empty squares in this position" : " empty squares at the variant's start");
  const std::string why =
      rules.players == 2 ? empty + ", each move fills one and at most a pass comes before each"
                         : empty + ", each move fills one and " + std::to_string(rules.players) + " players never pass";
  return std::string(perft_call_name(call)) + ": depth must be " + std::to_string(least_depth(call)) + " to " +
         std::to_string(most) + ", got " + depth + " (no game is longer: " + why + ")";
}

u64 perft(const Rules& rules, const Position& pos, long long depth, const int* cancel) {
  check_perft_depth(rules, pos, depth);
  return kernels().perft(rules, pos, static_cast<int>(depth), cancel);
}

int seat_policy_code(const std::vector<int>& policies, int players) {
  if (static_cast<int>(policies.size()) != players)
    throw ArgumentError("policy: this variant has " + std::to_string(players) +
                        " players; give one policy per seat in turn order, got " + std::to_string(policies.size()));
  int code = kPerSeat;
  for (int c = 0; c < players; ++c) {
    if (policies[c] != 0 && policies[c] != 1)
      throw ArgumentError("policy: seat " + std::to_string(c) + " has policy " + std::to_string(policies[c]) +
                          "; 0 (random) or 1 (greedy)");
    code |= policies[c] << (kSeatPolicyBits * c);
  }
  return code;
}

int checked_single_policy(long long code) {
  if (code != 0 && code != 1) throw ArgumentError("policy: 0 (random) or 1 (greedy), got " + std::to_string(code));
  return static_cast<int>(code);
}

u64 checked_game_count(long long games) {
  if (games < 0 || games > kMaxGames)
    throw ArgumentError("games: must be 0 to " + std::to_string(kMaxGames) + ", got " + std::to_string(games));
  return static_cast<u64>(games);
}

int checked_policy_code(long long code, int players) {
  if (!(code & kPerSeat)) return checked_single_policy(code);
  const int seats = (1 << (kSeatPolicyBits * kMaxPlayers)) - 1;
  bool valid = (code & ~(kPerSeat | seats)) == 0;
  for (int c = 0; c < kMaxPlayers; ++c)
    valid = valid && seat_policy(static_cast<int>(code), c) <= (c < players ? 1 : 0);
  if (!valid)
    throw ArgumentError("policy: a per-seat code holds 0 (random) or 1 (greedy) for each player, got " +
                        std::to_string(code));
  return static_cast<int>(code);
}

void play_many(const Rules& rules, const Position& start, int policy, u64 seed, u64 games, int threads,
               const PlayoutResults& out, const int* cancel) {
  checked_policy_code(policy, rules.players);
  const KernelTable& k = kernels();
  const int players = rules.players;
  parallel_ranges(games, resolve_threads(threads, "play_games"), [&](u64 begin, u64 end) {
    PlayoutResults part = out;
    part.scores += begin * players;
    part.winners += begin * players;
    part.plies += begin;
    if (part.moves) part.moves += begin * out.max_plies;
    k.play_games(rules, start, policy, seed, begin, end - begin, part, cancel);
  });
}

int choose_move(const Rules& rules, const Position& pos, int policy, u64 seed, u64 index) {
  checked_single_policy(policy);
  std::int32_t scores[kMaxPlayers], plies = 0;
  std::uint8_t winners[kMaxPlayers];
  std::int16_t move = -1;
  PlayoutResults out;
  out.scores = scores;
  out.winners = winners;
  out.plies = &plies;
  out.moves = &move;
  out.max_plies = 1;
  kernels().play_games(rules, pos, policy, seed, index, 1, out, nullptr);
  if (plies != 1) throw IllegalMoveError("choose: the game is over; there is no move to choose");
  return move;
}

}  // namespace polyreversi
