// Variants: validation of combinations (RULES.md §8), eligible blocked
// squares (§4), start positions (§3) and custom-position checks.
#include "polyreversi/rules.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

#include "polyreversi/board_word.hpp"
#include "polyreversi/limits.hpp"

namespace polyreversi {

namespace {

u128 grid_mask(int n) {
  u128 m = 0;
  for (int i = 0; i < n * n; ++i) m |= bit128(i);
  return m;
}

int centre_square(int n, int dr, int dc) { return (n / 2 - 1 + dr) * n + (n / 2 - 1 + dc); }

// RULES.md §1: rows and columns N/2-2 .. N/2+1.
bool in_central_region(int n, int sq) {
  const int r = sq / n, c = sq % n, h = n / 2;
  return r >= h - 2 && r <= h + 1 && c >= h - 2 && c <= h + 1;
}

std::string join_boards() {
  std::string s;
  for (const char* name : kBoardNames) s += (s.empty() ? "" : ", ") + std::string(name);
  return s;
}

// "2, 3, 4": the whole numbers low .. high, as a message lists them.
std::string counting(int low, int high) {
  std::string s;
  for (int i = low; i <= high; ++i) s += (i > low ? ", " : "") + std::to_string(i);
  return s;
}

void check_handicap(long long handicap) {
  if (handicap < 0 || handicap > kMaxHandicap)
    throw VariantError("handicap: " + std::to_string(handicap) +
                       " is not allowed; allowed: " + counting(0, kMaxHandicap));
}

}  // namespace

BoardKind parse_board(const std::string& text) {
  std::string name;
  for (char ch : text) name += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (int k = 0; k < 4; ++k)
    if (name == kBoardNames[k]) return static_cast<BoardKind>(k);
  throw VariantError("board: unknown board " + quoted(text) + "; allowed: " + join_boards());
}

const char* board_name(BoardKind board) { return kBoardNames[static_cast<int>(board)]; }

int board_side(BoardKind board) {
  switch (board) {
    case BoardKind::Board6x6: return 6;
    case BoardKind::Board8x8: return 8;
    default: return 10;
  }
}

u128 board_squares(BoardKind board) {
  const int n = board_side(board);
  u128 m = grid_mask(n);
  if (board == BoardKind::Octagon) {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        if (std::min(r, n - 1 - r) + std::min(c, n - 1 - c) < 2) m &= ~bit128(r * n + c);
  }
  return m;
}

std::vector<int> handicap_corners(int n) { return {0, n * n - 1, n - 1, (n - 1) * n}; }

std::vector<int> eligible_blocked(BoardKind board, long long handicap) {
  check_handicap(handicap);
  const int n = board_side(board);
  const u128 squares = board_squares(board);
  const auto corners = handicap_corners(n);
  std::vector<int> out;
  for (int sq = 0; sq < n * n; ++sq) {
    if (!(squares & bit128(sq))) continue;
    if (in_central_region(n, sq)) continue;
    const auto used = corners.begin() + handicap;
    if (std::find(corners.begin(), used, sq) != used) continue;
    out.push_back(sq);
  }
  return out;
}

Rules make_rules(BoardKind board, long long players, bool anti, bool free_opening, long long handicap,
                 long long handicap_color, const std::vector<long long>& blocked) {
  Rules r;
  r.board = board;
  r.n = board_side(board);
  const std::string bname = board_name(board);
  if (players < kMinPlayers || players > kMaxPlayers)
    throw VariantError("players: " + std::to_string(players) +
                       " is not allowed; allowed: " + counting(kMinPlayers, kMaxPlayers));
  if (players > 2 && board == BoardKind::Board6x6)
    throw VariantError("players: the 6x6 board is for 2 players only; allowed boards for " + std::to_string(players) +
                       " players: 8x8, 10x10, octagon");
  if (free_opening && players > 2)
    throw VariantError("free_opening: only with 2 players (got " + std::to_string(players) + ")");
  check_handicap(handicap);
  if (handicap > 0 && players > 2)
    throw VariantError("handicap: only with 2 players (got " + std::to_string(players) + ")");
  if (handicap > 0 && board == BoardKind::Octagon)
    throw VariantError(
        "handicap: not offered on the octagon, which has no corner squares; allowed boards: 6x6, 8x8, 10x10");
  if (handicap_color != 0 && handicap_color != 1) throw VariantError("handicap_color: allowed: Black, White");
  if (blocked.size() > kMaxBlocked)
    throw VariantError("blocked: " + std::to_string(blocked.size()) + " squares given; allowed: 0 to " +
                       std::to_string(kMaxBlocked));
  r.players = static_cast<int>(players);
  r.anti = anti;
  r.free_opening = free_opening;
  r.handicap = static_cast<int>(handicap);
  r.handicap_color = handicap > 0 ? static_cast<int>(handicap_color) : 0;
  r.cut_out = grid_mask(r.n) & ~board_squares(board);
  const auto eligible = eligible_blocked(board, handicap);
  for (const long long square : blocked) {
    if (square < 0 || square >= r.n * r.n)
      throw VariantError("blocked: square " + std::to_string(square) + " is off the " + bname + " board (squares 0.." +
                         std::to_string(r.n * r.n - 1) + ")");
    const int sq = static_cast<int>(square);
    if (r.blocked & bit128(sq)) throw VariantError("blocked: square " + square_name(r.n, sq) + " is given twice");
    if (!std::binary_search(eligible.begin(), eligible.end(), sq)) {
      const char* why = (r.cut_out & bit128(sq))     ? "an octagon cut-out"
                        : in_central_region(r.n, sq) ? "in the central 4x4 region"
                                                     : "a handicap corner";
      throw VariantError("blocked: square " + square_name(r.n, sq) + " cannot be blocked (" + why +
                         "); blocked squares lie outside the central 4x4 region, off handicap corners and cut-outs");
    }
    r.blocked |= bit128(sq);
  }
  r.playable = board_squares(board) & ~r.blocked;
  for (int dr = 0; dr < 2; ++dr)
    for (int dc = 0; dc < 2; ++dc) r.centre |= bit128(centre_square(r.n, dr, dc));
  return r;
}

Position start_position(const Rules& r) {
  Position p;
  const int n = r.n;
  const int tl = centre_square(n, 0, 0), tr = centre_square(n, 0, 1);
  const int bl = centre_square(n, 1, 0), br = centre_square(n, 1, 1);
  if (r.players == 2) {
    if (!r.free_opening) {
      p.disks[1] = bit128(tl) | bit128(br);  // White
      p.disks[0] = bit128(tr) | bit128(bl);  // Black
    }
    const auto corners = handicap_corners(n);
    for (int i = 0; i < r.handicap; ++i) p.disks[r.handicap_color] |= bit128(corners[i]);
  } else {
    p.disks[0] = bit128(tl);
    p.disks[1] = bit128(tr);
    p.disks[2] = bit128(br);
    if (r.players == 4) p.disks[3] = bit128(bl);
    else p.neutral = bit128(bl);
  }
  return p;
}

unsigned winner_mask(const Rules& r, const int* s) {
  int best = s[0];
  for (int i = 1; i < r.players; ++i) best = r.anti ? std::min(best, s[i]) : std::max(best, s[i]);
  unsigned mask = 0;
  for (int i = 0; i < r.players; ++i)
    if (s[i] == best) mask |= 1u << i;
  return mask;
}

void check_position(const Rules& r, const Position& p) {
  if (p.to_move < 0 || p.to_move >= r.players)
    throw PositionError("to_move: colour index " + std::to_string(p.to_move) + " is not a player of this " +
                        std::to_string(r.players) + "-player game");
  if (p.ply < 0 || p.ply > kMaxStartPly)
    throw PositionError("ply: " + std::to_string(p.ply) + " is out of range; allowed: 0 to " +
                        std::to_string(kMaxStartPly));
  u128 seen = p.neutral;
  for (int i = 0; i < kMaxPlayers; ++i) {
    if (i >= r.players && p.disks[i])
      throw PositionError(std::string(kColorNames[i]) + " disks in a " + std::to_string(r.players) + "-player game");
    if (seen & p.disks[i]) throw PositionError("two disks on one square");
    seen |= p.disks[i];
  }
  if (p.neutral && r.players != 3) throw PositionError("a neutral disk is only part of 3-player games");
  const u128 off = seen & ~r.playable;
  if (off) {
    const int sq = lowest_bit(off);
    throw PositionError("a disk on " + square_name(r.n, sq) + ", which is " +
                        ((r.blocked & bit128(sq))   ? "blocked"
                         : (r.cut_out & bit128(sq)) ? "an octagon cut-out"
                                                    : "off the board"));
  }
}

std::string bad_cell_code_message(const Rules& r, const std::string& code, int square) {
  return "board: code " + code + " on " + square_name(r.n, square) +
         " is not allowed there (0 empty, 1-4 colours, 5 neutral, -1 on blocked squares, -2 on octagon cut-outs)";
}

Position position_from_codes(const Rules& r, const long long* codes, long long to_move, long long ply) {
  if (to_move < 1 || to_move > r.players)
    throw PositionError("to_move: " + std::to_string(to_move) + " is not a player of this " +
                        std::to_string(r.players) + "-player game (1.." + std::to_string(r.players) + ")");
  if (ply < 0 || ply > kMaxStartPly)
    throw PositionError("ply: " + std::to_string(ply) + " is out of range; allowed: 0 to " +
                        std::to_string(kMaxStartPly));
  Position p;
  for (int sq = 0; sq < r.squares(); ++sq) {
    const long long v = codes[sq];
    const u128 b = bit128(sq);
    if (v == kCellEmpty) continue;
    if (v >= 1 && v <= kMaxPlayers) p.disks[v - 1] |= b;
    else if (v == kCellNeutral) p.neutral |= b;
    else if (v == kCellBlocked && (r.blocked & b)) continue;
    else if (v == kCellCutOut && (r.cut_out & b)) continue;
    else throw PositionError(bad_cell_code_message(r, std::to_string(v), sq));
  }
  p.to_move = static_cast<int>(to_move) - 1;
  p.ply = static_cast<int>(ply);
  return p;
}

}  // namespace polyreversi
