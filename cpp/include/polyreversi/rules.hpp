// Building and checking rule sets, start positions and square names.
#pragma once
#include <string>
#include <vector>

#include "polyreversi/types.hpp"

namespace polyreversi {

// "6x6", "8x8", "10x10", "octagon"; throws VariantError otherwise.
BoardKind parse_board(const std::string& name);
const char* board_name(BoardKind board);
int board_side(BoardKind board);

// Grid squares that are not octagon cut-outs (RULES.md §1).
u128 board_squares(BoardKind board);

// Corners in handicap order: top-left, bottom-right, top-right, bottom-left (RULES.md §3).
std::vector<int> handicap_corners(int n);

// Squares that may be blocked (RULES.md §4): on the board, outside the central
// 4x4 region, not one of the first `handicap` handicap corners. Ascending.
std::vector<int> eligible_blocked(BoardKind board, int handicap);

// Validates a combination (RULES.md §8) and returns the rule set; throws
// VariantError naming the option and its allowed values.
Rules make_rules(BoardKind board, int players, bool anti, bool free_opening, int handicap,
                 int handicap_color, const std::vector<int>& blocked);

// The start position of RULES.md §3.
Position start_position(const Rules& rules);

// Checks a custom position (cells on playable squares only, no overlap,
// to_move in range); throws PositionError.
void check_position(const Rules& rules, const Position& pos);

// Bit i set when colour i shares the winning disk count (the fewest with
// Anti-Reversi), RULES.md §7. `scores` has rules.players entries.
unsigned winner_mask(const Rules& rules, const int* scores);

// Square names: column letter a.., row number 1.. from the top ("a1" = 0).
std::string square_name(int n, int square);
// Parses "f5", "J10" (any case) or "pass"; checks the square is on the grid
// (not whether it is playable). Throws SquareError.
int parse_square(int n, const std::string& text);
// The name of a move: a square name or "pass".
std::string move_name(const Rules& rules, int move);

}  // namespace polyreversi
