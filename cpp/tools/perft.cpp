// polyreversi-perft: leaves of the game tree of a variant, timed.
//   polyreversi-perft [depth=9] [board=8x8] [players=2] [repeats=1] [kernels=auto] [--divide]
// Prints one JSON line; with --divide, one line per first move before it.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "polyreversi/checked_game.hpp"
#include "polyreversi/kernel_api.hpp"
#include "polyreversi/rules.hpp"

using namespace polyreversi;

int main(int argc, char** argv) {
  try {
    bool divide = false;
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--divide") == 0) divide = true;
      else args.emplace_back(argv[i]);
    }
    const int depth = args.size() > 0 ? std::atoi(args[0].c_str()) : 9;
    const std::string board = args.size() > 1 ? args[1] : "8x8";
    const int players = args.size() > 2 ? std::atoi(args[2].c_str()) : 2;
    const int repeats = args.size() > 3 ? std::atoi(args[3].c_str()) : 1;
    const Kernels& set = args.size() > 4 ? kernels_named(args[4]) : kernel_set();
    const KernelTable& k = *set.rules;
    if (depth < 0 || depth > 30 || repeats < 1 || (divide && depth < 1)) {
      std::fprintf(stderr,
                   "usage: polyreversi-perft [depth 0..30] [board] [players] [repeats>=1] [kernels] [--divide]\n");
      return 2;
    }
    auto rules = std::make_shared<const Rules>(make_rules(parse_board(board), players, false, false, 0, 0, {}));
    const CheckedGame start(rules);
    if (divide) {
      std::vector<int> moves;
      start.legal_moves(moves);
      for (int m : moves) {
        CheckedGame child = start;
        child.play(m);
        std::printf("{\"move\": \"%s\", \"leaves\": %llu}\n", move_name(*rules, m).c_str(),
                    static_cast<unsigned long long>(k.perft(*rules, child.position(), depth - 1, nullptr)));
      }
    }
    double best = 1e300;
    u64 leaves = 0;
    for (int i = 0; i < repeats; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      leaves = k.perft(*rules, start.position(), depth, nullptr);
      const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (dt < best) best = dt;
    }
    std::printf(
        "{\"board\": \"%s\", \"players\": %d, \"depth\": %d, \"leaves\": %llu, \"seconds\": %.4f, "
        "\"leaves_per_s\": %.0f, \"kernels\": \"%s\"}\n",
        board.c_str(), players, depth, static_cast<unsigned long long>(leaves), best, best > 0 ? leaves / best : 0.0,
        set.name);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "polyreversi-perft: %s\n", e.what());
    return 2;
  }
}
