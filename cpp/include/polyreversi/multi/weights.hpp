// The fitted weights of the 3-4 player evaluation (cpp/src/multi/weights.cpp,
// written by scripts/train_multi_eval.py): per objective (0 most disks win,
// 1 Anti-Reversi), board (0 8x8, 1 10x10, 2 octagon), player count (0 three,
// 1 four) and phase, one weight per feature of multi.hpp and then the
// intercept, in 1/kMultiScale of the playable squares per unit of feature.
#pragma once
#include "polyreversi/multi/multi.hpp"

namespace polyreversi {

extern const int kMultiWeights[2][3][2][kMultiPhases][kMultiFeatures + 1];

}  // namespace polyreversi
