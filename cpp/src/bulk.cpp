// Bulk play over threads, and batches.
#include "polyreversi/bulk.hpp"

#include <algorithm>
#include <exception>
#include <string>
#include <system_error>
#include <thread>

#include "polyreversi/game.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {

int resolve_threads(int threads) {
  if (threads > 0) return threads;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw ? static_cast<int>(hw) : 1;
}

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

void play_many(const Rules& rules, const Position& start, int policy, u64 seed, u64 games, int threads,
               const PlayoutResults& out, const int* cancel) {
  const KernelTable& k = kernels();
  const int players = rules.players;
  parallel_ranges(games, resolve_threads(threads), [&](u64 begin, u64 end) {
    PlayoutResults part = out;
    part.scores += begin * players;
    part.winners += begin * players;
    part.plies += begin;
    if (part.moves) part.moves += begin * out.max_plies;
    k.play_games(rules, start, policy, seed, begin, end - begin, part, cancel);
  });
}

Batch::Batch(std::shared_ptr<const Rules> rules, int size) : rules_(std::move(rules)), start_(start_position(*rules_)) {
  if (size < 1) throw Error("batch size must be at least 1, got " + std::to_string(size));
  const int nn = rules_->squares();
  positions_.assign(size, start_);
  legal_.assign(size, 0);
  turns_.assign(size, 0);
  masks_.assign(static_cast<std::size_t>(size) * (nn + 1), 0);
  done_.assign(size, 0);
  boards_.assign(static_cast<std::size_t>(size) * nn, 0);
  to_move_.assign(size, 0);
  scores_.assign(static_cast<std::size_t>(size) * rules_->players, 0);
  data_ = BatchData{size,          positions_.data(), legal_.data(),  turns_.data(),  boards_.data(),
                    masks_.data(), done_.data(),      scores_.data(), to_move_.data()};
  kernels().batch_refresh(*rules_, data_, 0, size);
}

void Batch::step(const std::int32_t* moves, int threads) {
  const KernelTable& k = kernels();
  const int bad = k.batch_check(*rules_, data_, moves);
  if (bad >= 0) {
    const std::string where = "batch game " + std::to_string(bad) + ": ";
    if (done_[bad])
      throw IllegalMoveError(where + "the game is over; give -1 for it (or reset it), got " +
                             std::to_string(moves[bad]));
    const Game g(rules_, positions_[bad]);
    if (moves[bad] < 0 || moves[bad] > rules_->pass_move())
      throw IllegalMoveError(where + "move " + std::to_string(moves[bad]) + " is off the board (0.." +
                             std::to_string(rules_->pass_move()) + ")");
    throw IllegalMoveError(where + g.describe_illegal(moves[bad]));
  }
  parallel_ranges(static_cast<u64>(data_.size), resolve_threads(threads), [&](u64 begin, u64 end) {
    k.batch_apply(*rules_, data_, moves, static_cast<int>(begin), static_cast<int>(end));
  });
  ++steps_;
}

void Batch::reset(const std::uint8_t* which) {
  for (int i = 0; i < data_.size; ++i) {
    if (which ? which[i] != 0 : done_[i] != 0) {
      positions_[i] = start_;
      kernels().batch_refresh(*rules_, data_, i, i + 1);
    }
  }
}

void Batch::choose(int policy, u64 seed, std::int32_t* out) {
  kernels().batch_choose(*rules_, data_, policy, seed, steps_, out);
}

}  // namespace polyreversi
