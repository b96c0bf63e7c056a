// Plain data shared by every part of the core: word types, cell codes,
// a validated rule set and a position. No Python, no instruction-set flags.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace polyreversi {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

enum class BoardKind : std::uint8_t { Board6x6 = 0, Board8x8 = 1, Board10x10 = 2, Octagon = 3 };

constexpr int kMaxPlayers = 4;
constexpr int kMaxSide = 10;
constexpr int kMaxSquares = kMaxSide * kMaxSide;
// The largest ply a custom position may start from: far below the 32-bit
// ply counter, whatever is played from there.
constexpr int kMaxStartPly = 1 << 30;

// Codes of board() arrays (documented in the Python package).
constexpr std::int8_t kCellEmpty = 0;  // colours are 1..4 (Black, White, Red, Green)
constexpr std::int8_t kCellNeutral = 5;
constexpr std::int8_t kCellBlocked = -1;
constexpr std::int8_t kCellCutOut = -2;

// A validated variant (RULES.md §1-§4, §8). Built only by make_rules().
struct Rules {
  BoardKind board = BoardKind::Board8x8;
  int n = 8;  // grid side
  int players = 2;
  bool anti = false;
  bool free_opening = false;
  int handicap = 0;        // extra corner disks, 0..4
  int handicap_color = 0;  // colour index receiving them (0 Black, 1 White)
  u128 cut_out = 0;        // octagon cut-outs
  u128 blocked = 0;        // blocked squares
  u128 playable = 0;       // grid minus cut-outs minus blocked
  u128 centre = 0;         // the 2x2 centre block
  int pass_move() const { return n * n; }
  int squares() const { return n * n; }
};

// One position. Colour i (0 Black, 1 White, 2 Red, 3 Green) owns disks[i];
// bit i of a word is square i = row * n + col.
struct Position {
  u128 disks[kMaxPlayers] = {0, 0, 0, 0};
  u128 neutral = 0;
  int to_move = 0;  // colour index
  int ply = 0;
  bool operator==(const Position& o) const {
    for (int i = 0; i < kMaxPlayers; ++i)
      if (disks[i] != o.disks[i]) return false;
    return neutral == o.neutral && to_move == o.to_move;
  }
};

// Errors of the core; the bindings map each to its own Python exception.
struct Error : std::runtime_error { using std::runtime_error::runtime_error; };
struct VariantError : Error { using Error::Error; };      // impossible rule combination
struct SquareError : Error { using Error::Error; };       // bad square index or name
struct IllegalMoveError : Error { using Error::Error; };  // a move the rules forbid here
struct PositionError : Error { using Error::Error; };     // malformed custom position
struct HistoryError : Error { using Error::Error; };      // undo with nothing to undo
struct ArgumentError : Error { using Error::Error; };     // a number or array out of its range

inline u128 bit128(int i) { return u128(1) << i; }

// The kind of turn the player to move has: flipping moves, placements that
// flip nothing (free opening, adjacency fallback), a forced pass, or none
// because the game is over.
enum class Turn { kFlip, kPlace, kPass, kOver };

constexpr const char* kColorNames[kMaxPlayers] = {"Black", "White", "Red", "Green"};
// Board names in BoardKind order.
constexpr const char* kBoardNames[4] = {"6x6", "8x8", "10x10", "octagon"};

}  // namespace polyreversi
