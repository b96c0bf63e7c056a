"""Fit the ProbCut error of the exact solver's selective passes
(cpp/include/polyreversi/search/probcut.hpp): sigma, in disks, of
(depth-d search value - exact value) by empties E and search depth d.

    python scripts/fit_probcut.py [games]       # default 120 games

Data: the standard 8x8 positions of ../shared/data/wthor/WTH_2015.wtb (games
in file order, the first `games` that replay), at E = 12, 14, ..., 22
empties (one position per game and E, the player to move having a move).
For each: the exact score (pr.solve, disk counts) and the values of
pr.search(depth=d) for d = 1 .. 8 (the trained pattern evaluation; a
depth-d search from the node is what the selective pass runs). Prints the
mean and sigma of the error per (E, d), then the least-squares plane
sigma = a + b*E + c*d over the cells, which probcut.hpp uses.
"""
from __future__ import annotations

import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "wthor", "WTH_2015.wtb")
EMPTIES = (12, 14, 16, 18, 20, 22)
DEPTHS = tuple(range(1, 9))


def main(argv: list[str]) -> int:
    import polyreversi as pr
    from polyreversi import formats
    from polyreversi.replay import Replay

    games = int(argv[1]) if len(argv) > 1 else 120
    errors = {(e, d): [] for e in EMPTIES for d in DEPTHS}
    t0 = time.process_time()
    used = 0
    for rec in formats.read(DATA):
        if used >= games:
            break
        try:
            states = list(Replay(rec))
        except Exception:  # a record that does not replay: skip it
            continue
        used += 1
        seen = set()
        for s in states:
            if s.is_over() or not s.legal_moves():
                continue
            e = int((s.board() == 0).sum())
            if e not in EMPTIES or e in seen:
                continue
            seen.add(e)
            exact = pr.solve(s, tt_mb=16).score
            for d in DEPTHS:
                if d >= e:
                    continue
                errors[(e, d)].append(pr.search(s, depth=d, tt_mb=4).score - exact)
    print(f"{used} games, {time.process_time() - t0:.0f} s CPU", flush=True)
    print("E d n mean std sigma")
    rows = []
    for (e, d), v in sorted(errors.items()):
        if len(v) < 10:
            continue
        a = np.array(v)
        sigma = float(np.sqrt(np.mean(a**2)))  # about 0, as ProbCut assumes: rms
        rows.append((e, d, sigma, len(v)))
        print(f"{e} {d} {len(v)} {a.mean():+.2f} {a.std():.2f} {sigma:.2f}")
    X = np.array([[1.0, e, d] for e, d, _, _ in rows])
    y = np.array([s for _, _, s, _ in rows])
    coef, *_ = np.linalg.lstsq(X, y, rcond=None)
    print(f"sigma = {coef[0]:.3f} + {coef[1]:.4f} * E + {coef[2]:.4f} * d")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
