// polyreversi-perft: leaves of the game tree of a variant, timed.
//   polyreversi-perft [depth=9] [board=8x8] [players=2] [repeats=1] [kernels=auto]
// Prints one JSON line per depth.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "polyreversi/kernel_api.hpp"
#include "polyreversi/rules.hpp"

using namespace polyreversi;

int main(int argc, char** argv) {
  try {
    const int depth = argc > 1 ? std::atoi(argv[1]) : 9;
    const std::string board = argc > 2 ? argv[2] : "8x8";
    const int players = argc > 3 ? std::atoi(argv[3]) : 2;
    const int repeats = argc > 4 ? std::atoi(argv[4]) : 1;
    const KernelTable& k = argc > 5 ? kernels_named(argv[5]) : kernels();
    if (depth < 0 || depth > 30 || repeats < 1) {
      std::fprintf(stderr, "usage: polyreversi-perft [depth 0..30] [board] [players] [repeats>=1] [kernels]\n");
      return 2;
    }
    const Rules rules = make_rules(parse_board(board), players, false, false, 0, 0, {});
    const Position start = start_position(rules);
    double best = 1e300;
    u64 leaves = 0;
    for (int i = 0; i < repeats; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      leaves = k.perft(rules, start, depth);
      const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (dt < best) best = dt;
    }
    std::printf("{\"board\": \"%s\", \"players\": %d, \"depth\": %d, \"leaves\": %llu, \"seconds\": %.4f, "
                "\"leaves_per_s\": %.0f, \"kernels\": \"%s\"}\n",
                board.c_str(), players, depth, static_cast<unsigned long long>(leaves), best,
                best > 0 ? leaves / best : 0.0, k.name);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "polyreversi-perft: %s\n", e.what());
    return 2;
  }
}
