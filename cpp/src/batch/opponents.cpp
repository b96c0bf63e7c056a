// Opponents inside a Batch: a move per game by the core's search or MCTS, run over
// the games in C++ (batch/pool.hpp) instead of one Python call per game.
#include <exception>
#include <mutex>
#include <string>

#include "polyreversi/batch/batch.hpp"
#include "polyreversi/batch/pool.hpp"
#include "polyreversi/limits.hpp"
#include "polyreversi/mcts/mcts.hpp"
#include "polyreversi/rules.hpp"
#include "polyreversi/search/search.hpp"
#include "polyreversi/stop.hpp"

namespace polyreversi {

namespace {
// The per-game seed stream of choose_mcts (SplitMix64's increment; as kernels' game streams).
inline u64 game_seed(u64 seed, u64 step, int i) {
  u64 z = seed ^ (step * 0xD1B54A32D192ED03ULL) ^ (static_cast<u64>(i) * 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Runs `move(i, rules_of_game_i)` for the selected games in parallel, one game per
// task at least, until `cancel` stops them; the first exception of any thread is
// rethrown here.
template <class F>
void each_selected(const Batch& b, const std::uint8_t* which, std::int32_t* out, int threads, const int* cancel,
                   F move) {
  const BatchData& d = b.data();
  std::exception_ptr error;
  std::mutex error_lock;
  parallel_for(d.size, b.threads_for(threads, 1), [&](int begin, int end) {
    try {
      for (int i = begin; i < end; ++i) {
        if (stop_requested(cancel)) return;
        if ((which && !which[i]) || d.done[i]) {
          out[i] = -1;
          continue;
        }
        if (static_cast<Turn>(d.turns[i]) == Turn::kPass) {
          out[i] = b.rules().pass_move();
          continue;
        }
        Rules r = b.rules();
        r.blocked = d.blocked[i];
        r.playable = d.playable[i];
        out[i] = move(i, r, d.positions[i]);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_lock);
      if (!error) error = std::current_exception();
    }
  });
  if (error) std::rethrow_exception(error);
}
}  // namespace

void Batch::choose_search(int depth, const std::uint8_t* which, std::int32_t* out, int threads, const int* cancel) {
  if (rules_->players != 2) throw VariantError("search opponents play two-player games only");
  if (depth < 1 || depth > kMaxDepth)
    throw ArgumentError("search opponent: depth must be 1 to " + std::to_string(kMaxDepth) + ", got " +
                        std::to_string(depth));
  SearchLimits limits;
  limits.depth = depth;
  limits.threads = 1;
  limits.tt_mb = 1;
  each_selected(*this, which, out, threads, cancel,
                [&](int, const Rules& r, const Position& pos) { return search(r, pos, limits, cancel).move; });
}

void Batch::choose_mcts(u64 playouts, u64 seed, const std::uint8_t* which, std::int32_t* out, int threads,
                        const int* cancel) {
  if (playouts < 1 || playouts > static_cast<u64>(kMaxTreePlayouts))
    throw ArgumentError("mcts opponent: playouts must be 1 to " + std::to_string(kMaxTreePlayouts) + ", got " +
                        std::to_string(playouts));
  const u64 step = steps_;
  each_selected(*this, which, out, threads, cancel, [&](int i, const Rules& r, const Position& pos) {
    MctsOptions o;
    o.playouts = playouts;
    o.seed = game_seed(seed, step, i);
    o.max_nodes = playouts + 2 * kMaxSquares;
    return mcts_search(r, pos, o, cancel).move;
  });
}

}  // namespace polyreversi
