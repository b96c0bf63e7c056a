// Square names: column letters a.. from the left, row numbers 1.. from the top.
#include <algorithm>
#include <cctype>
#include <cstdio>

#include "polyreversi/limits.hpp"
#include "polyreversi/rules.hpp"

namespace polyreversi {

std::string square_name(int n, int square) {
  if (square < 0 || square >= n * n) return "?" + std::to_string(square);
  return std::string(1, static_cast<char>('a' + square % n)) + std::to_string(square / n + 1);
}

namespace {

// Bytes of the well-formed UTF-8 character starting at text[i] (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF), or 0 when none does.
std::size_t utf8_length(const std::string& text, std::size_t i) {
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned lead = at(i);
  if (lead < 0x80) return 1;
  std::size_t n = 0;
  if (lead >= 0xC2 && lead <= 0xDF) n = 2;
  if (lead >= 0xE0 && lead <= 0xEF) n = 3;
  if (lead >= 0xF0 && lead <= 0xF4) n = 4;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((at(i + k) & 0xC0) != 0x80) return 0;
  const unsigned second = at(i + 1);
  if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90) ||
      (lead == 0xF4 && second > 0x8F))
    return 0;
  return n;
}

}  // namespace

std::string quoted(const std::string& text) {
  std::string out = "'";
  std::size_t i = 0, characters = 0;
  bool cut = false;
  while (i < text.size()) {
    const std::size_t n = utf8_length(text, i);
    if (characters >= static_cast<std::size_t>(kQuotedChars)) cut = true;
    const auto byte = static_cast<unsigned char>(text[i]);
    const auto next = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const bool escaped = n == 0 || byte < 0x20 || byte == 0x7f;  // not UTF-8, or a control character
    // U+0080-U+009F (C1 controls, NEL a line break) and U+2028/U+2029 (line and paragraph
    // separators), as Python's repr shows them: a message stays one line.
    const bool c1 = n == 2 && byte == 0xC2 && next(1) <= 0x9F;
    const bool separator = n == 3 && byte == 0xE2 && next(1) == 0x80 && (next(2) == 0xA8 || next(2) == 0xA9);
    if (!cut) {
      char escape[7];
      if (escaped || c1) {
        std::snprintf(escape, sizeof escape, "\\x%02x", c1 ? next(1) : byte);
        out += escape;
      } else if (separator) {
        std::snprintf(escape, sizeof escape, "\\u%04x", next(2) == 0xA8 ? 0x2028 : 0x2029);
        out += escape;
      } else {
        out.append(text, i, n);
      }
    }
    i += escaped ? 1 : n;
    ++characters;
  }
  if (!cut) return out + "'";
  return out + "...' (" + std::to_string(characters) + " characters)";
}

int parse_square(int n, const std::string& text, bool with_pass) {
  std::string s;
  for (char ch : text) s += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (s == "pass" || s == "pa") return n * n;
  const std::string last_col(1, static_cast<char>('a' + n - 1));
  const std::string hint = "; squares are a1.." + last_col + std::to_string(n) + (with_pass ? " or 'pass'" : "");
  if (s.size() < 2 || s.size() > 3 || s[0] < 'a' || s[0] > 'z')
    throw SquareError(quoted(text) + " is not a square name" + hint);
  const int col = s[0] - 'a';
  int row = 0;
  for (std::size_t i = 1; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i])))
      throw SquareError(quoted(text) + " is not a square name" + hint);
    row = row * 10 + (s[i] - '0');
  }
  if (s[1] == '0' || col >= n || row < 1 || row > n)
    throw SquareError(quoted(text) + " is off the " + std::to_string(n) + "x" + std::to_string(n) + " grid" + hint);
  return (row - 1) * n + col;
}

std::string move_name(const Rules& rules, int move) {
  return move == rules.pass_move() ? "pass" : square_name(rules.n, move);
}

void check_side(int n) {
  if (n != 6 && n != 8 && n != 10) throw SquareError("no board has side " + std::to_string(n));
}

std::string off_grid_message(int n, const std::string& square) {
  return "square " + square + " is off the " + std::to_string(n) + "x" + std::to_string(n) + " grid; squares are 0.." +
         std::to_string(n * n - 1) + ", pass is " + std::to_string(n * n);
}

std::string checked_move_name(int n, long long move) {
  check_side(n);
  if (move < 0 || move > n * n) throw SquareError(off_grid_message(n, std::to_string(move)));
  return move == n * n ? std::string("pass") : square_name(n, static_cast<int>(move));
}

}  // namespace polyreversi
