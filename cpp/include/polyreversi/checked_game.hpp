// A game in progress: the position, the moves played and undo. This is the
// object behind the Python State; it checks every move it is given.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "polyreversi/types.hpp"

namespace polyreversi {

class CheckedGame {
 public:
  // The start position of the rules (RULES.md §3).
  explicit CheckedGame(std::shared_ptr<const Rules> rules);
  // A custom position; throws PositionError if it breaks the rules' board.
  CheckedGame(std::shared_ptr<const Rules> rules, const Position& pos);

  const Rules& rules() const { return *rules_; }
  const std::shared_ptr<const Rules>& rules_ptr() const { return rules_; }
  const Position& position() const { return pos_; }
  const Position& initial_position() const { return history_.empty() ? pos_ : history_.front(); }
  int to_move() const { return pos_.to_move; }
  int ply() const { return pos_.ply; }

  // Legal squares of the player to move (none for a pass or a finished game).
  u128 legal_squares() const {
    refresh();
    return legal_;
  }
  Turn turn() const {
    refresh();
    return turn_;
  }
  bool is_over() const { return turn() == Turn::kOver; }
  // Ascending squares; {pass} for a forced pass; {} once the game is over.
  void legal_moves(std::vector<int>& out) const;
  bool is_legal(int move) const;

  // Disks the legal `move` flips; throws SquareError / IllegalMoveError.
  u128 flips(int move) const;
  // Plays a legal move; throws SquareError / IllegalMoveError and leaves the game unchanged.
  void play(int move);
  // Takes back the last move and returns it; throws HistoryError if there is none.
  int undo();
  // Moves played since the initial position.
  const std::vector<int>& moves() const { return moves_; }

  // Disks of each colour, in turn order (players entries).
  void scores(int* out) const;
  // Empty playable squares (blocked squares and cut-outs are not squares to fill).
  int empties() const;
  // Colour indexes sharing the winning count (the fewest disks with Anti-Reversi).
  std::vector<int> winners() const;
  // n*n cell codes (types.hpp).
  void board(std::int8_t* out) const;
  // Cell code of one square 0..n*n-1 (unchecked).
  std::int8_t cell(int square) const;
  // Cell code of one square; SquareError off the grid or for the pass move.
  std::int8_t checked_cell(int square) const;

  // Throws SquareError unless `move` is a square of the grid or the pass, N*N.
  void check_square(int move) const;
  // The one explanation of why a move (checked by check_square) is illegal
  // here, e.g. "illegal move a1 at ply 0 (Black to move): the first four disks
  // go on the centre; legal moves: d4 e4 d5 e5". The ply is this position's
  // ply() and the reason follows RULES.md §3-§6. IllegalMoveError carries it;
  // every caller (State.play, Replay, HumanPlayer) shows this text.
  std::string describe_illegal(int move) const;

 private:
  void refresh() const;
  void invalidate() { cached_ = false; }

  std::shared_ptr<const Rules> rules_;
  Position pos_;
  std::vector<Position> history_;
  std::vector<int> moves_;
  mutable bool cached_ = false;
  mutable u128 legal_ = 0;
  mutable Turn turn_ = Turn::kOver;
};

}  // namespace polyreversi
