// The per-game kernels of a Batch, compiled once per instruction set like the
// bulk kernels (kernel_api.hpp) and picked with them. Each works on games
// [begin, end) only and touches no other game's data, so the Batch may split
// a call over threads; every random number comes from game i's own SplitMix64
// stream, so results never depend on the split.
#pragma once
#include <cstdint>

#include "polyreversi/batch_data.hpp"
#include "polyreversi/types.hpp"

namespace polyreversi {

// How step() restarts finished games (Gymnasium's vector-env autoreset modes).
enum class Autoreset : int { kOff = 0, kNextStep = 1, kSameStep = 2 };

// What observe() fills: (B, C, N, N) planes, C = players + 4 (docs/observations.md).
struct ObserveSpec {
  void* out = nullptr;  // B * C * N * N of uint8 or float32
  bool f32 = false;
  int perspective = -1;                       // colour index for every game, or -1: the player to move
  const std::int8_t* perspectives = nullptr;  // or a colour index per game (B), when not null
  bool finals = false;                        // the games' final positions (FinalGame::end) instead
};

// A move drawn per game from a row of probabilities or logits.
struct SampleSpec {
  const float* values = nullptr;  // B * (N*N + 1)
  bool logits = false;
  float temperature = 1.0f;  // logits only; 0 = the most likely legal move
  u64 seed = 0, step = 0;
  std::int32_t* out = nullptr;  // B
};

// The first bad entry a sample() range met (game -1 if none).
// A refused row of Batch::sample: `column` and its `value`, or column -1 for a row of
// probabilities that is 0 everywhere (no distribution at all).
struct SampleError {
  int game = -1, column = 0;
  float value = 0;
};

struct BatchKernelTable {
  // Recomputes legal moves, masks, boards, scores and results of games [begin, end).
  void (*refresh)(const BatchData& d, int begin, int end);
  // Puts game i back at its start (new random blocked squares if the batch draws them).
  void (*restart)(const BatchData& d, int i);
  // One step of games [begin, end): the moves were checked (batch.cpp); finished games restart per `mode`.
  void (*step)(const BatchData& d, const std::int32_t* moves, Autoreset mode, int begin, int end);
  // A legal move per unfinished game by a built-in policy (-1 for finished games).
  void (*choose)(const BatchData& d, int policy, u64 seed, u64 step, std::int32_t* out, int begin, int end);
  void (*observe)(const BatchData& d, const ObserveSpec& spec, int begin, int end);
  // Returns false (and fills *error) at a NaN, infinite or negative probability, NaN or +inf logit.
  bool (*sample)(const BatchData& d, const SampleSpec& spec, int begin, int end, SampleError* error);
  // `count` (0: uniform 1..4) blocked squares from `eligible`, by stream (seed, index, episode) (RULES.md §4).
  u128 (*random_blocked)(const int* eligible, int eligible_count, int count, u64 seed, u64 index, u64 episode);
};

namespace generic {
extern const BatchKernelTable batch_kernel_table;
}
namespace x86v3 {
extern const BatchKernelTable batch_kernel_table;
}

// The batch kernels of kernel_set() (kernel_api.hpp).
const BatchKernelTable& batch_kernels();

}  // namespace polyreversi
