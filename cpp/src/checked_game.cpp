// CheckedGame: checked moves, undo and queries, on the kernels this CPU runs best.
#include "polyreversi/checked_game.hpp"

#include <algorithm>

#include "polyreversi/board_word.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {

CheckedGame::CheckedGame(std::shared_ptr<const Rules> rules)
    : rules_(std::move(rules)), pos_(start_position(*rules_)) {}

CheckedGame::CheckedGame(std::shared_ptr<const Rules> rules, const Position& pos)
    : rules_(std::move(rules)), pos_(pos) {
  check_position(*rules_, pos_);
}

void CheckedGame::refresh() const {
  if (cached_) return;
  legal_ = kernels().legal(*rules_, pos_, &turn_);
  cached_ = true;
}

void CheckedGame::legal_moves(std::vector<int>& out) const {
  out.clear();
  refresh();
  if (turn_ == Turn::kPass) {
    out.push_back(rules_->pass_move());
    return;
  }
  for (u128 m = legal_; m; m &= m - 1) out.push_back(lowest_bit(m));
}

bool CheckedGame::is_legal(int move) const {
  refresh();
  if (move == rules_->pass_move()) return turn_ == Turn::kPass;
  return move >= 0 && move < rules_->pass_move() && (legal_ & bit128(move));
}

void CheckedGame::check_square(int move) const {
  if (move < 0 || move > rules_->pass_move()) throw SquareError(off_grid_message(rules_->n, std::to_string(move)));
}

std::string CheckedGame::describe_illegal(int move) const {
  const Rules& r = *rules_;
  std::string s = "illegal move " + move_name(r, move) + " at ply " + std::to_string(pos_.ply);
  if (is_over()) return s + ": the game is over";
  s += std::string(" (") + kColorNames[pos_.to_move] + " to move): ";
  if (move == r.pass_move()) {
    s += r.players == 2 ? "a player with a legal move may not pass" : "nobody passes in a game of 3 or 4 players";
  } else if (r.cut_out & bit128(move)) {
    s += "not a square of the octagon";
  } else if (r.blocked & bit128(move)) {
    s += "the square is blocked";
  } else if (cell(move) != kCellEmpty) {
    s += "the square is taken";
  } else if (turn_ == Turn::kPass) {
    s += "no move flips a disk, so the player must pass";
  } else if (turn_ == Turn::kPlace && r.players > 2) {
    s += "no flipping move exists, so the disk must touch a disk";
  } else if (turn_ == Turn::kPlace) {
    s += "the first four disks go on the centre";
  } else {
    s += "it flips nothing";
  }
  std::vector<int> legal;
  legal_moves(legal);
  s += "; legal moves:";
  for (int m : legal) s += " " + move_name(r, m);
  return s;
}

u128 CheckedGame::flips(int move) const {
  check_square(move);
  if (!is_legal(move)) throw IllegalMoveError(describe_illegal(move));
  if (move == rules_->pass_move()) return 0;
  return kernels().flips(*rules_, pos_, turn_, move);
}

void CheckedGame::play(int move) {
  check_square(move);
  if (!is_legal(move)) throw IllegalMoveError(describe_illegal(move));
  history_.push_back(pos_);
  moves_.push_back(move);
  kernels().play(*rules_, pos_, turn_, move);
  invalidate();
}

int CheckedGame::undo() {
  if (history_.empty()) throw HistoryError("undo: no move to take back");
  const int move = moves_.back();
  pos_ = history_.back();
  history_.pop_back();
  moves_.pop_back();
  invalidate();
  return move;
}

void CheckedGame::scores(int* out) const {
  for (int i = 0; i < rules_->players; ++i) out[i] = count_bits(pos_.disks[i]);
}

int CheckedGame::empties() const {
  u128 taken = pos_.neutral;
  for (int i = 0; i < rules_->players; ++i) taken |= pos_.disks[i];
  return count_bits(rules_->playable & ~taken);
}

std::vector<int> CheckedGame::winners() const {
  int s[kMaxPlayers];
  scores(s);
  const unsigned mask = winner_mask(*rules_, s);
  std::vector<int> w;
  for (int i = 0; i < rules_->players; ++i)
    if (mask >> i & 1) w.push_back(i);
  return w;
}

std::int8_t CheckedGame::cell(int sq) const {
  const u128 b = bit128(sq);
  for (int i = 0; i < rules_->players; ++i)
    if (pos_.disks[i] & b) return static_cast<std::int8_t>(i + 1);
  if (pos_.neutral & b) return kCellNeutral;
  if (rules_->blocked & b) return kCellBlocked;
  if (rules_->cut_out & b) return kCellCutOut;
  return kCellEmpty;
}

std::int8_t CheckedGame::checked_cell(int sq) const {
  check_square(sq);
  if (sq == rules_->pass_move()) throw SquareError("cell: 'pass' is a move, not a square");
  return cell(sq);
}

void CheckedGame::board(std::int8_t* out) const {
  for (int sq = 0; sq < rules_->squares(); ++sq) out[sq] = cell(sq);
}

}  // namespace polyreversi
