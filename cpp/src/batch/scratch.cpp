// Batch::load: a game put at any position, for observing positions that are not
// the batch's own games (the leaves of a PUCT search, mcts/puct.cpp).
#include "polyreversi/batch/batch.hpp"

namespace polyreversi {

void Batch::load(int i, const Position& pos, u128 blocked) {
  positions_[i] = pos;
  starts_[i] = pos;
  blocked_[i] = blocked;
  playable_[i] = data_.squares & ~blocked;
  custom_[i] = 1;
  history_len_[i] = 0;
  reset_mask_[i] = 0;
  batch_kernels().refresh(data_, i, i + 1);
}

}  // namespace polyreversi
