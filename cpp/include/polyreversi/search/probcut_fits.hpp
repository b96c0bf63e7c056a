// The fits of the midgame Multi-ProbCut (probcut.hpp, MidgameCut), one per
// board and evaluation: data measured by scripts/fit_probcut.py --midgame on
// real positions and written to probcut_fits.inc, which this header reads.
// A board with no fit keeps the full-width search.
#pragma once
#include <array>

namespace polyreversi {

// The boards fitted, each with the evaluation search uses on it: standard
// 8x8 its trained patterns, the others their shape terms (normal or
// Anti-Reversi signs). k8x8Shape: 8x8 on the shape terms (the trained
// evaluations switched off: set_board_patterns_enabled); none is fitted.
enum class FitBoard : int { k8x8 = 0, k8x8Shape, k8x8Anti, k6x6, k6x6Anti, k10x10, k10x10Anti, kOctagon, kOctagonAnti };

// One cell: over positions with these empties, the D-ply full-width value is
// about a * (D'-ply value) + b disks (D' = MidgameCut::shallow_depth(D)),
// with a root-mean-square error of sigma disks; sigma0 is the error of the
// static evaluation against the D-ply value.
struct ProbCutCell { float a, b, sigma, sigma0; };

struct ProbCutFit {
  FitBoard board;
  // The confidence of the cuts on this board: a node is cut when the
  // prediction lies t * sigma outside the window. Self-play at 50 ms a move
  // against full width (benchmarks/midgame_depth.md): 8x8 t = 1.0 68 %
  // (1.5 60 %, 0.7 55 %); the shape-evaluation boards 42-53 % at t = 1.0
  // and 2.0 alike (30 games each, no clear gain): 2.0, the surer cuts.
  float t;
  int min_depth, max_depth;  // D fitted; deeper searches use max_depth's cells
  int phase_width, phases;   // a phase: phase_width empties (the last phase takes all above)
  const ProbCutCell* cells;  // [(D - min_depth) * phases + phase]

  const ProbCutCell& at(int depth, int empties) const {
    const int d = depth < min_depth ? min_depth : depth > max_depth ? max_depth : depth;
    const int p = empties / phase_width;
    return cells[(d - min_depth) * phases + (p < phases ? p : phases - 1)];
  }
};

#include "polyreversi/search/probcut_fits.inc"

}  // namespace polyreversi
