// polyreversi-pgo-train: the training run of the profile-guided build
// (CMakeLists.txt, POLYREVERSI_PGO). Built with the instrumented search
// kernels; what it runs is what the compiler then optimises for: exact
// solves of five positions of 20-24 empties (lines 7, 14, 17, 18, 19 of
// ../shared/data/ffo/fforum-20-39.obf: none of the FFO #40-#59 benchmark)
// depth-10 midgame searches of twelve 8x8 positions of 26-46 empties (WTHOR
// games of scripts/midgame_positions.py's fit set, none of the benchmark's)
// and short searches on every board.
// Its results are not checked here (tests/test_search.py does that).
#include <cstdio>
#include <string>

#include "polyreversi/rules.hpp"
#include "polyreversi/search/search.hpp"

using namespace polyreversi;

namespace {

// 64 cells a1..h8 (X Black, O White, - empty) and the colour to move.
const char* const kPositions[] = {
    "-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X",
    "-XXXXXXX--XOOO----OXOOXX-OOXXOXX-OOOOOXX-X-XOOXX---O-X-X--OOOO-- X",
    "---X-O----XXXO-XXXXXXXXXXOOXXOOXXOXOOOXXXXOOOO-XX--OOOO--------- O",
    "--OOOO--O-OOOO--OXXXOOO-OXXOXO--OOXXOXX-OOXXXX--O-XXX-----XX-O-- X",
    "--OOOO----OOOO---XOXXOOXOOXOOOOX-OOOOOXXXOOXXXXX--X-X----------- X",
};

// Midgame positions, as above.
const char* const kMidgame[] = {
    "----------XO---XOOOOOOOXX-OOXOXX-XXXXXOX---XXOXX--XXXO-----OOOO- X",
    "--OOOO----OOOO----OOXOOO--XXXOOO--XXXOO---XXXOO---XXX------X---- X",
    "-----O----OXO-----OOXO--OOOOXO--XOOXXO---XXXXO--O-XXX------X---- X",
    "-------------------OX------OOXXX-OOOOXXX--OXXXOX--OXXX----OO---- X",
    "------------------XXX-----OOXXX---OOXXX---OXOX----OOX-----OX---- X",
    "-----------------XOOOO----OXXXO---OXXX-O--OOX------------------- X",
    "--O--------O-----OOOOOO-XXXXXOX-XXOXOXX-XXOOXXXXX-OXXO----OO-X-- X",
    "--O-----X-OOO----XOOOX--OOOXOXXX-OXXOO--XXXOO---X-OO-----OOO---- X",
    "----------O-XO---XXXXXOO-XXXOXOOX-XXXOOO--OXXXO------X---------- X",
    "-----------X------XX-OO---XXOOO---XXOO---OOOOO----OXOO---OO-X--- X",
    "-------------X--X--OOXO--XOOOOOO-OOOOX-X--XXX------------------- X",
    "--O-X------OX------XOX---OOOXO----OXXO------XO------------------ X",
};

// Through the core's own reader of cell codes (rules.hpp).
Position from_text(const Rules& rules, const std::string& text) {
  long long codes[64];
  for (int i = 0; i < 64; ++i) codes[i] = text[i] == 'X' ? 1 : text[i] == 'O' ? 2 : kCellEmpty;
  return position_from_codes(rules, codes, text[65] == 'X' ? 1 : 2, 0);
}

}  // namespace

int main() {
  const Rules rules = make_rules(BoardKind::Board8x8, 2, false, false, 0, 0, {});
  long long nodes = 0;
  for (const char* text : kPositions) {
    SolveOptions o;
    o.wof = true;
    nodes += solve(rules, from_text(rules, text), o, nullptr).nodes;
  }
  for (const char* text : kMidgame) {
    SearchLimits l;
    l.depth = 10;
    nodes += search(rules, from_text(rules, text), l, nullptr).nodes;
  }
  for (const char* board : {"6x6", "8x8", "10x10", "octagon"}) {
    const Rules r = make_rules(parse_board(board), 2, false, false, 0, 0, {});
    SearchLimits l;
    l.nodes = 300000;
    nodes += search(r, start_position(r), l, nullptr).nodes;
  }
  std::printf("polyreversi-pgo-train: %lld nodes\n", nodes);
  return 0;
}
