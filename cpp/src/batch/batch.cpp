// Batch: the arrays of B games, checks before any game changes, and the
// split of each call over threads (batch/pool.hpp).
#include "polyreversi/batch/batch.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <mutex>
#include <thread>

#include "polyreversi/batch/pool.hpp"
#include "polyreversi/bulk.hpp"
#include "polyreversi/checked_game.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {

const BatchKernelTable& batch_kernels() { return *kernel_set().batch; }

Batch::Busy::Busy(const Batch& b) : flag_(b.busy_) {
  if (flag_.exchange(true, std::memory_order_acquire))
    throw ConcurrentUseError("this Batch (" + std::to_string(b.size()) + " games, " + board_name(b.rules().board) +
                             ", " + std::to_string(b.rules().players) +
                             " players) is busy in another thread; a Batch takes one call at a time "
                             "(give each thread its own Batch)");
}

Batch::Batch(std::shared_ptr<const Rules> rules, int size) : rules_(std::move(rules)) {
  if (size < 1) throw ArgumentError("size: a batch holds at least 1 game, got " + std::to_string(size));
  const Rules& r = *rules_;
  const std::size_t B = static_cast<std::size_t>(size), nn = r.squares(), P = r.players;
  const int max_plies = history_plies(r.squares());
  const double per_game = 4.0 * sizeof(Position) + 3 * sizeof(u128) + 2.0 * nn + 4.0 * max_plies + 18.0 * P + 32;
  const double memory = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE));
  if (memory > 0 && per_game * B > memory / 2)
    throw ArgumentError("size: a batch of " + std::to_string(size) + " games needs " +
                        std::to_string(static_cast<long long>(per_game * B / 1e6)) +
                        " MB, more than half of this "
                        "machine's " +
                        std::to_string(static_cast<long long>(memory / 1e6)) + " MB; use fewer games");
  eligible_ = eligible_blocked(r.board, r.handicap);
  const Position start = start_position(r);
  positions_.assign(B, start);
  starts_.assign(B, start);
  legal_.assign(B, 0);
  blocked_.assign(B, r.blocked);
  playable_.assign(B, r.playable);
  turns_.assign(B, 0);
  masks_.assign(B * (nn + 1), 0);
  done_.assign(B, 0);
  winners_.assign(B * P, 0);
  custom_.assign(B, 0);
  reset_mask_.assign(B, 0);
  final_winners_.assign(B * P, 0);
  boards_.assign(B * nn, 0);
  to_move_.assign(B, 0);
  scores_.assign(B * P, 0);
  history_len_.assign(B, 0);
  final_history_len_.assign(B, 0);
  final_scores_.assign(B * P, 0);
  rewards_.assign(B * P, 0);
  final_rewards_.assign(B * P, 0);
  history_.assign(B * max_plies, 0);
  final_history_.assign(B * max_plies, 0);
  episodes_.assign(B, 0);
  finals_.assign(B, FinalGame{start, start, r.blocked, false});

  BatchData& d = data_;
  d.size = size;
  d.positions = positions_.data();
  d.legal = legal_.data();
  d.turns = turns_.data();
  d.boards = boards_.data();
  d.masks = masks_.data();
  d.done = done_.data();
  d.scores = scores_.data();
  d.to_move = to_move_.data();
  d.winners = winners_.data();
  d.rewards = rewards_.data();
  d.rules = rules_.get();
  d.blocked = blocked_.data();
  d.playable = playable_.data();
  d.starts = starts_.data();
  d.custom = custom_.data();
  d.episodes = episodes_.data();
  d.squares = board_squares(r.board);
  d.eligible = eligible_.data();
  d.eligible_count = static_cast<int>(eligible_.size());
  d.history = history_.data();
  d.history_len = history_len_.data();
  d.max_plies = max_plies;
  d.reset_mask = reset_mask_.data();
  d.finals = finals_.data();
  d.final_history = final_history_.data();
  d.final_history_len = final_history_len_.data();
  d.final_scores = final_scores_.data();
  d.final_winners = final_winners_.data();
  d.final_rewards = final_rewards_.data();
  batch_kernels().refresh(d, 0, size);
}

u128 random_blocked(BoardKind board, long long handicap, long long count, u64 seed, u64 index, u64 episode) {
  const int n = checked_random_blocked(count, "count");
  const std::vector<int> eligible = eligible_blocked(board, handicap);
  return batch_kernels().random_blocked(eligible.data(), static_cast<int>(eligible.size()), n, seed, index, episode);
}

int Batch::threads_for(int threads, int min_games) const {
  threads = resolve_threads(threads, "Batch");
  return std::max(1, std::min(threads, data_.size / min_games));
}

// True when every move of games [begin, end) is one step() accepts: one
// branch-free pass (a move is legal exactly when its byte of the game's mask row
// is set; the row is all 0 once the game is over).
namespace {
bool moves_ok(const BatchData& d, const std::int32_t* moves, const std::uint8_t* which, int pass, Autoreset mode,
              int begin, int end) {
  const long columns = pass + 1;
  const std::uint8_t* masks = d.masks + begin * columns;
  const bool any_when_done = mode != Autoreset::kOff;
  unsigned bad = 0;
  for (int i = begin; i < end; ++i, masks += columns) {
    const int m = moves[i];
    const bool on_board = static_cast<unsigned>(m) <= static_cast<unsigned>(pass);
    const bool legal = on_board && masks[on_board ? m : 0];
    const bool wrong = d.done[i] ? !(any_when_done || m == -1) : !legal;
    bad |= which ? (wrong && which[i]) : wrong;
  }
  return bad == 0;
}

// Steps the games of [begin, end) that `which` selects, one run of selected games
// per kernel call; the others keep their position and get reset_mask 0.
void step_selected(const BatchKernelTable& k, const BatchData& d, const std::int32_t* moves, const std::uint8_t* which,
                   Autoreset mode, int begin, int end) {
  if (!which) return k.step(d, moves, mode, begin, end);
  for (int i = begin; i < end;) {
    if (!which[i]) {
      d.reset_mask[i++] = 0;
      continue;
    }
    int j = i;
    while (j < end && which[j]) ++j;
    k.step(d, moves, mode, i, j);
    i = j;
  }
}
}  // namespace

// The check runs in the same split as the step, each thread over the games it
// then steps: a check of all 4096 games on the calling thread took 7.5 us when
// its own core had stepped them but 13-14 us when another core had stepped half
// (median; their mask lines were in that core's cache). Nothing is played unless
// every move passed: the first phase ends in every thread before the second starts.
void Batch::step(const std::int32_t* moves, Autoreset mode, int threads, const std::uint8_t* which) {
  const int code = static_cast<int>(mode);  // the enum holds any int: it comes from outside
  if (code < 0 || code > 2)
    throw ArgumentError("autoreset: 0 (off), 1 (next step) or 2 (same step), got " + std::to_string(code));
  const int pass = rules_->pass_move();
  const BatchKernelTable& k = batch_kernels();
  std::atomic<bool> bad{false};
  const Range check = [&](int begin, int end) {
    if (!moves_ok(data_, moves, which, pass, mode, begin, end)) bad.store(true, std::memory_order_relaxed);
  };
  const Range play = [&](int begin, int end) {
    if (!bad.load(std::memory_order_relaxed)) step_selected(k, data_, moves, which, mode, begin, end);
  };
  parallel_for(data_.size, threads_for(threads), check, &play);
  if (!bad.load(std::memory_order_relaxed)) {
    ++steps_;
    return;
  }
  for (int i = 0; i < data_.size; ++i) {  // find the bad one
    if (which && !which[i]) continue;
    const int m = moves[i];
    if (done_[i]) {
      if (mode != Autoreset::kOff || m == -1) continue;
      throw IllegalMoveError("batch game " + std::to_string(i) +
                             ": the game is over; give -1 for it (or reset it, or step with autoreset), got " +
                             std::to_string(m));
    }
    const bool ok =
        m == pass ? turns_[i] == static_cast<std::uint8_t>(Turn::kPass) : m >= 0 && m < pass && ((legal_[i] >> m) & 1);
    if (ok) continue;
    const std::string where = "batch game " + std::to_string(i) + ": ";
    if (m < 0 || m > pass)  // the grid's own words (squares.cpp), and what -1 is for
      throw IllegalMoveError(where + off_grid_message(rules_->n, std::to_string(m)) +
                             (m == -1 ? "; -1 (no move) is only for a game that is over" : ""));
    Rules game_rules = *rules_;
    game_rules.blocked = blocked_[i];
    game_rules.playable = playable_[i];
    const CheckedGame g(std::make_shared<const Rules>(game_rules), positions_[i]);
    throw IllegalMoveError(where + g.describe_illegal(m));
  }
  step_selected(k, data_, moves, which, mode, 0,
                data_.size);  // not reached: the two checks agree (as before the split, play then)
  ++steps_;
}

void Batch::reset(const std::uint8_t* which, const u64* seed, bool random_blocked, int blocked_count,
                  const StartSpec* starts, int start_stride, bool standard_start) {
  const Rules& r = *rules_;
  checked_random_blocked(blocked_count, "blocked_count");
  if (starts) {  // check every start before changing any game
    for (int i = 0; i < data_.size; ++i) {
      if (which && !which[i]) continue;
      const StartSpec& s = starts[start_stride * i];
      Rules game_rules = r;
      game_rules.blocked = s.blocked;
      game_rules.playable = board_squares(r.board) & ~s.blocked;
      check_position(game_rules, s.position);
      if (start_stride == 0) break;
    }
  }
  if (seed) {
    data_.seed = *seed;
    steps_ = 0;
    std::fill(episodes_.begin(), episodes_.end(), 0);
  }
  data_.random_blocked = random_blocked;
  data_.blocked_count = blocked_count;
  const Position standard = start_position(r);
  const BatchKernelTable& k = batch_kernels();
  for (int i = 0; i < data_.size; ++i) {
    if (which && !which[i]) continue;
    if (starts) {
      const StartSpec& s = starts[start_stride * i];
      starts_[i] = s.position;
      blocked_[i] = s.blocked;
      playable_[i] = data_.squares & ~s.blocked;
      custom_[i] = 1;
    } else if (standard_start || !custom_[i]) {
      starts_[i] = standard;
      blocked_[i] = r.blocked;  // random_blocked: restart() draws new ones
      playable_[i] = r.playable;
      custom_[i] = 0;
    }
    reset_mask_[i] = 0;
    k.restart(data_, i);
  }
}

void Batch::choose(int policy, u64 seed, std::int32_t* out, int threads) {
  checked_single_policy(policy);
  const BatchKernelTable& k = batch_kernels();
  const u64 step = steps_;
  parallel_for(data_.size, threads_for(threads, kMinGamesChoose),
               [&](int begin, int end) { k.choose(data_, policy, seed, step, out, begin, end); });
}

void check_perspective(long long perspective, int players, bool to_move_allowed, int game) {
  if (perspective >= (to_move_allowed ? -1 : 0) && perspective < players) return;
  throw ArgumentError("perspective: " + (game >= 0 ? "game " + std::to_string(game) + ": " : std::string()) +
                      (to_move_allowed ? "-1 (the player to move) or " : "") + "a colour index 0 to " +
                      std::to_string(players - 1) + ", got " + std::to_string(perspective));
}

void check_temperature(double temperature) {
  if (temperature >= 0 && temperature <= std::numeric_limits<float>::max()) return;  // false for NaN
  char given[32];
  const auto end = std::to_chars(given, given + sizeof given, temperature).ptr;  // shortest: -1, 0.1, inf, nan
  throw ArgumentError("temperature: must be finite and 0 or more, got " + std::string(given, end) +
                      (std::isfinite(temperature) && temperature > 0 ? " (inf as float32)" : ""));
}

void observe_state(const CheckedGame& g, int perspective, void* out, bool f32) {
  const Rules& r = g.rules();
  check_perspective(perspective, r.players, true);
  Position pos = g.position();
  u128 legal = g.legal_squares(), blocked = r.blocked, playable = r.playable;
  std::uint8_t done = g.is_over();
  BatchData d;
  d.size = 1;
  d.rules = &r;
  d.positions = &pos;
  d.legal = &legal;
  d.done = &done;
  d.blocked = &blocked;
  d.playable = &playable;
  d.squares = board_squares(r.board);
  ObserveSpec spec;
  spec.out = out;
  spec.f32 = f32;
  spec.perspective = perspective;
  batch_kernels().observe(d, spec, 0, 1);
}

void Batch::observe(ObserveSpec spec, int threads) const {
  const int players = rules_->players;
  if (spec.perspectives) {
    for (int i = 0; i < data_.size; ++i) check_perspective(spec.perspectives[i], players, false, i);
  } else {
    check_perspective(spec.perspective, players, true);
  }
  const BatchKernelTable& k = batch_kernels();
  parallel_for(data_.size, threads_for(threads, spec.f32 ? kMinGamesObserveF32 : kMinGamesObserve),
               [&](int begin, int end) { k.observe(data_, spec, begin, end); });
}

void Batch::sample(SampleSpec spec, int threads) {
  check_temperature(spec.temperature);
  const BatchKernelTable& k = batch_kernels();
  spec.step = steps_;
  SampleError first;
  std::mutex first_lock;  // taken only when a range meets a bad entry
  parallel_for(data_.size, threads_for(threads), [&](int begin, int end) {
    SampleError e;
    if (k.sample(data_, spec, begin, end, &e)) return;
    std::lock_guard<std::mutex> lock(first_lock);
    if (first.game < 0 || e.game < first.game) first = e;
  });
  if (first.game >= 0) {
    const SampleError& e = first;
    if (e.column < 0)
      throw ArgumentError("probs: game " + std::to_string(e.game) +
                          ": every entry is 0 (a row of probabilities needs a positive weight somewhere)");
    const std::string column =
        e.column == rules_->pass_move() ? "the pass column" : "column " + std::to_string(e.column);
    throw ArgumentError(
        std::string(spec.logits ? "logits" : "probs") + ": game " + std::to_string(e.game) + ", " + column + ": " +
        std::to_string(e.value) +
        (spec.logits ? " (logits must not be NaN or +inf)" : " (probabilities must be finite and not negative)"));
  }
}

std::vector<int> Batch::history(int i) const {
  const std::int16_t* h = history_.data() + static_cast<long>(i) * data_.max_plies;
  return std::vector<int>(h, h + history_len_[i]);
}

std::vector<int> Batch::final_history(int i) const {
  const std::int16_t* h = final_history_.data() + static_cast<long>(i) * data_.max_plies;
  return std::vector<int>(h, h + final_history_len_[i]);
}

}  // namespace polyreversi
