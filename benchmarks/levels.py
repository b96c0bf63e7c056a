"""The playing levels' steps: each level against the one below, in self-play.

Each pair plays the built-in balanced 8x8 openings (polyreversi/match/data,
from WTHOR tournament games), every opening twice with the colours swapped,
one thread each; the result is W/D/L of the higher level, its Elo difference
and 95 % interval (polyreversi.match.elo). The levels with a margin draw their
random choices from fixed seeds, so a run is reproducible.

    nice -n 10 python benchmarks/levels.py --openings 20

Results: benchmarks/levels.md, docs/player.md "Levels".
"""
from __future__ import annotations

import argparse
import time

import polyreversi as pr
from polyreversi.levels import LEVELS
from polyreversi.match import elo as elo_mod
from polyreversi.match import openings as openings_mod


def game(start, black, white) -> float:
    """Points of Black (1, 0.5, 0) from ``start``."""
    state = start
    players = {1: black, 2: white}
    while not state.is_over():
        state = state.child(players[int(state.to_move)].choose(state))
    b, w = state.scores()[0], state.scores()[1]
    return 1.0 if b > w else 0.5 if b == w else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--openings", type=int, default=20, help="openings per pair (two games each)")
    ap.add_argument("--levels", default=f"2-{len(LEVELS)}", help="the higher levels of the pairs, e.g. 2-7")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.levels.split("-"))
    starts = openings_mod.builtin(pr.Variant())[: args.openings]
    print(f"{len(starts)} openings x 2 colours per pair\n")
    print("| level | depth | margin | vs level | W/D/L | score | Elo vs level below (95 %) | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for n in range(lo, hi + 1):
        t0 = time.perf_counter()
        w = d = l = 0
        for k, start in enumerate(starts):
            for high_is_black in (True, False):
                high = pr.SearchPlayer(level=n, seed=2 * k + high_is_black)
                low = pr.SearchPlayer(level=n - 1, seed=1000 + 2 * k + high_is_black)
                points = game(start, high, low) if high_is_black else 1.0 - game(start, low, high)
                w, d, l = w + (points == 1.0), d + (points == 0.5), l + (points == 0.0)
        e = elo_mod.elo(w, d, l)
        lev = LEVELS[n - 1]
        print(f"| {n} | {lev.depth} | {lev.margin:g} | {n - 1} | {w}/{d}/{l} | "
              f"{(w + d / 2) / (w + d + l):.0%} | {e} | {time.perf_counter() - t0:.0f} |", flush=True)


if __name__ == "__main__":
    main()
