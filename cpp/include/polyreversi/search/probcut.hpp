// ProbCut, in two searches. The selective passes of a solve (Edax's
// iterative selectivity, root.cpp solve_impl): at a node with many
// empties a shallow search predicts the exact value; the node is cut when
// that value, widened by t * sigma, falls outside the window. Each pass runs
// at a larger t; only its moves carry over to the next (tt.hpp: bounds only
// from entries at least as sure), and the last pass is exact.
// Multi-ProbCut of the midgame search (midgame.hpp, MidgameCut below): the
// same test at every null-window node of D >= MidgameCut::kMinDepth plies,
// a search of D' plies predicting the D-ply value, with a regression and a
// sigma fitted per board, depth and phase (probcut_fits.hpp).
#pragma once
#include "polyreversi/search/probcut_fits.hpp"

namespace polyreversi {
namespace POLYREVERSI_ARCH {

struct ProbCut {
  // Confidence t of each selective pass (sel = 0, 1: Edax's 73 % and 95 %
  // of a normal error). Tuned by node counts on FFO #40-#47
  // (benchmarks/HISTORY.md): {1.1, 2.0} beat {2.6, 3.3}, {1.1}, {1.1, 1.5,
  // 2.0} and {1.1, 2.0, 3.3}.
  static constexpr int kLevels = 2;
  static constexpr double kT[kLevels] = {1.1, 2.0};
  static constexpr int kMinEmpties = 10;  // no cut below this many empties (14: 36 % more nodes)

  // Plies of the predicting search at a node with `empties`: 1 up to 18,
  // one more every 3, at most 6 (deeper cost as many nodes as they saved).
  static inline int depth(int empties) {
    const int d = (empties - 13) / 3;
    return d < 1 ? 1 : d > 6 ? 6 : d;
  }

  // Root-mean-square error, in disks, of a depth-d search value against the
  // exact score at `empties` (trained 8x8 evaluation): the least-squares
  // plane of scripts/fit_probcut.py over 12-22 empties, depths 1-8.
  static inline double sigma(int empties, int d) { return kA + kB * empties + kC * d; }
  static constexpr double kA = 9.32, kB = -0.019, kC = -0.452;
};

struct MidgameCut {
  // Context::mid_sel of a selective search (one level; its confidence t is
  // the board's, ProbCutFit::t).
  static constexpr int kLevel = 0;
  // Plies left from which a node may be cut (the prediction is then 1 ply):
  // from 4, 8x8 depth 10 took 16 % more nodes and 25 % more time.
  static constexpr int kMinDepth = 3;

  // Plies of the predicting search for a D-ply node (Edax's and Egaroucid's
  // choice): about D / 2, of D's parity (the evaluation swings between the
  // two sides' moves), so 3 -> 1, 4 -> 2, 5 -> 3, 6 -> 2, 8 -> 4, 10 -> 4, 12 -> 6.
  static inline int shallow_depth(int depth) { return ((depth / 2) & ~1) + (depth & 1); }

  // The fit of a board: the one of `kind` (probcut_fits.hpp), or null when
  // none was fitted (the search then stays full width).
  static const ProbCutFit* fit(FitBoard kind) {
    for (const ProbCutFit& f : kProbCutFits)
      if (f.board == kind) return &f;
    return nullptr;
  }
};

}  // namespace POLYREVERSI_ARCH
}  // namespace polyreversi
