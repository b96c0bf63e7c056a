"""Screen pattern types for the 8x8 evaluation before building them: fit one phase with the shipped
types (tests/reference/patterns.py PATTERN_TYPES) and with each candidate added, on the same rows, and
print the held-out error of each fit (the main positions file's held-out games, their game labels; the
solve stage's exact scores when the phase has them). Writes no weights.

    python scripts/train_patterns.py extract && python scripts/train_patterns.py games --jobs 2
    python scripts/screen_pattern_types.py --phases 4,6,8 --max-rows 1000000 \\
        --extra 'build/patterns/games/Logistello*.npz' --extra 'build/patterns/games/WTH_*.npz' \\
        base corner_edges edge_wall triangle corner_edges+edge_wall

A candidate joins the evaluation only through PATTERN_TYPES and the C++ list (patterns.cpp), and only
where matches show it plays better: a lower held-out error is necessary, not enough (docs/tuning.md,
"Four more pattern types").
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_patterns as tp  # noqa: E402  (its import checks that polyreversi is installed)

pt = tp.pt

#: Candidate types, each (row, column) squares of its base at the a1 corner / top edge; their instances
#: are the base's images under the 8 symmetries, as for PATTERN_TYPES. Egaroucid's 10-square features
#: (Nyanyan/Egaroucid src/engine/evaluate_simd.hpp) not already among the shipped types.
CANDIDATE_TYPES = {
    "corner_edges": ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1), (2, 0), (3, 0), (4, 0)),
    "edge_wall": ((0, 0), (0, 2), (0, 3), (0, 4), (0, 5), (0, 7), (1, 2), (1, 3), (1, 4), (1, 5)),
    "triangle": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (3, 0)),
    "kite": ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 1), (3, 3)),
    "diag_8_c": tuple((i, i) for i in range(8)) + ((0, 1), (1, 0)),
}


def parse_set(text: str):
    """'base' -> (); 'a+b' -> ('a', 'b'); ValueError naming an unknown candidate."""
    if text == "base":
        return ()
    names = tuple(text.split("+"))
    unknown = [repr(n) for n in names if n not in CANDIDATE_TYPES]
    if unknown:
        raise ValueError(f"{text}: unknown candidate {', '.join(unknown)} ('base' stands alone; candidates: "
                         f"{', '.join(CANDIDATE_TYPES)})")
    if len(set(names)) < len(names):
        raise ValueError(f"{text}: a candidate twice")
    return names


def screen_one(names, phase, cells, empties, labels, train, args):
    """The fit of `phase` with PATTERN_TYPES plus the candidates `names`: a dict of its held-out errors
    (train_patterns.py's held_sets: the held-out games, the exact sample)."""
    from scipy.sparse.linalg import lsqr

    types = pt.PATTERN_TYPES + tuple((n, CANDIDATE_TYPES[n]) for n in names)
    ranks_offsets, n_cols = tp.layout(types)
    rows = tp.phase_rows(phase, train, empties, args)
    X = tp.design(cells[rows], ranks_offsets, n_cols, empties[rows], types=types)
    t0 = time.process_time()
    w = lsqr(X, labels[rows], damp=args.damp, iter_lim=args.iterations)[0]
    out = {"types": "+".join(names) or "base", "phase": phase, "rows": len(rows),
           "cpu": round(time.process_time() - t0, 1)}
    for name, (Xh, y) in tp.held_sets(args.cache, phase, ranks_offsets, n_cols, types).items():
        err = Xh @ w - y
        out[f"{name} n"] = len(y)
        out[f"{name} mae"] = round(float(np.abs(err).mean()), 3)
        out[f"{name} rms"] = round(float(np.sqrt((err ** 2).mean())), 3)
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="+", metavar="SET",
                    help="'base' (the shipped types) or candidates joined by '+', each fitted beside them")
    ap.add_argument("--cache", default=tp.CACHE, help="the main positions file (train_patterns.py extract)")
    ap.add_argument("--extra", action="append", default=[], metavar="FILE",
                    help="also train on this positions file (a glob); may be repeated")
    ap.add_argument("--phases", default="4", help="phases to fit ('4-11', '4,6,8')")
    ap.add_argument("--max-rows", type=int, default=1_000_000, help="at most this many rows a phase (evenly spaced)")
    ap.add_argument("--overlap", type=int, default=4, help="empties outside a phase that also train it")
    ap.add_argument("--damp", type=float, default=tp.DAMP, help="ridge strength (lsqr damp)")
    ap.add_argument("--iterations", type=int, default=100, help="lsqr iterations")
    a = ap.parse_args(argv)
    try:
        sets = [parse_set(s) for s in a.sets]
        phases = tp.parse_phases(a.phases)
    except ValueError as e:
        ap.error(str(e) if "candidate" in str(e) else f"--phases {a.phases}: phases are 0 to {pt.PHASES - 1}")
    if len(set(a.sets)) < len(a.sets):
        ap.error(f"{' '.join(a.sets)}: a set twice")
    if a.max_rows < 1 or a.iterations < 1 or a.overlap < 0 or a.damp < 0:
        ap.error("--max-rows and --iterations at least 1, --overlap and --damp at least 0")
    extra = [p for pattern in a.extra for p in sorted(glob.glob(pattern)) or [pattern]]
    cells, empties, labels, games, n_main = tp.load(a.cache, extra)
    train = np.ones(len(labels), dtype=bool)
    train[:n_main] = games[:n_main] % tp.HOLDOUT != 0
    for phase in phases:
        for names in sets:
            print(json.dumps(screen_one(names, phase, cells, empties, labels, train, a)), flush=True)


if __name__ == "__main__":
    main()
