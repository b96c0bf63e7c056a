// Building and checking rule sets, start positions and square names.
#pragma once
#include <string>
#include <vector>

#include "polyreversi/types.hpp"

namespace polyreversi {

// "6x6", "8x8", "10x10", "octagon" in any case ("8X8", "Octagon"); throws
// VariantError otherwise.
BoardKind parse_board(const std::string& name);
const char* board_name(BoardKind board);
int board_side(BoardKind board);

// Grid squares that are not octagon cut-outs (RULES.md §1).
u128 board_squares(BoardKind board);

// Corners in handicap order: top-left, bottom-right, top-right, bottom-left (RULES.md §3).
std::vector<int> handicap_corners(int n);

// Squares that may be blocked (RULES.md §4): on the board, outside the central
// 4x4 region, not one of the first `handicap` handicap corners. Ascending.
// Throws VariantError for a handicap outside 0..4.
std::vector<int> eligible_blocked(BoardKind board, long long handicap);

// Validates a combination (RULES.md §8) and returns the rule set; throws
// VariantError naming the option and its allowed values. The numbers are
// 64-bit so that a caller's out-of-range value is named as given.
Rules make_rules(BoardKind board, long long players, bool anti, bool free_opening, long long handicap,
                 long long handicap_color, const std::vector<long long>& blocked);

// The start position of RULES.md §3.
Position start_position(const Rules& rules);

// Checks a custom position (cells on playable squares only, no overlap,
// to_move in range); throws PositionError.
void check_position(const Rules& rules, const Position& pos);

// A custom position from n*n cell codes (types.hpp; -1 and -2 only on this
// variant's blocked squares and cut-outs). `to_move` is a colour number
// 1..players and `ply` 0..kMaxStartPly, checked here in those terms; CheckedGame
// checks the rest when it is made from it. Throws PositionError naming the
// first bad value (a code with its square).
Position position_from_codes(const Rules& rules, const long long* codes, long long to_move, long long ply);
// Why a cell code (as text, so that any integer can be named) may not stand on `square`.
std::string bad_cell_code_message(const Rules& rules, const std::string& code, int square);

// Bit i set when colour i shares the winning disk count (the fewest with
// Anti-Reversi), RULES.md §7. `scores` has rules.players entries.
unsigned winner_mask(const Rules& rules, const int* scores);

// A caller's text as a message shows it: in quotes, control characters (C0 and C1)
// and bytes that are not UTF-8 as \xNN, the line and paragraph separators as \u2028
// and \u2029 (a NUL would cut the printed message short, an escape sequence would
// drive the terminal, a line break would split it, and Python cannot decode a message
// that is not UTF-8), and past kQuotedChars characters (limits.hpp) cut, with its
// length in characters (a byte that is not UTF-8 counts as one).
std::string quoted(const std::string& text);

// Square names: column letter a.., row number 1.. from the top ("a1" = 0).
std::string square_name(int n, int square);
// Parses "f5", "J10" (any case) or "pass"; checks the square is on the grid
// (not whether it is playable). Throws SquareError, whose hint offers 'pass' only
// where a pass is wanted (with_pass): a blocked square, say, is never one.
int parse_square(int n, const std::string& text, bool with_pass = true);
// The name of a move: a square name or "pass".
std::string move_name(const Rules& rules, int move);
// The side of a grid (6, 8, 10), or SquareError "no board has side n".
void check_side(int n);
// Why a square index is not a move of an n x n grid: "square 99 is off the
// 8x8 grid; squares are 0..63, pass is 64". `square` is the index as text, so
// numbers too big for an int are named as given.
std::string off_grid_message(int n, const std::string& square);
// The name of move index 0..n*n on a checked grid side; SquareError otherwise.
std::string checked_move_name(int n, long long move);

}  // namespace polyreversi
