"""Move loss of the midgame search at 17-20 empties against node limits,
selective (Multi-ProbCut) and full width (issue 33; benchmarks/HISTORY.md,
"the midgame ProbCut at 17-20 empties").

    python benchmarks/probcut_low_empties.py --games 60 --cache build/probcut_low_empties.json

Positions: the WTHOR 2015 openings of selective_match.py (10 plies) played on
by pr.search(nodes=7000) (NTest's 2 ms or so) for both sides; every position
with 17-20 empties and more than one move, labelled by the exact score of
every move (pr.solve(moves=True)). --cache keeps the labelled positions (the
solves are the slow part). Each position is then searched with a fresh
16 MiB table, `pr.search(s, nodes=N, selective=...)`; printed: the mean
disks the chosen move loses against the best, the moves losing any, and
the seconds of all searches.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any, Dict, List

import polyreversi as pr
from polyreversi.position_text import position_from_text, position_to_text

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selective_match import wthor_openings  # noqa: E402


def positions(games: int) -> List[Dict[str, Any]]:
    """Labelled positions: (text, {move: exact score}, best score)."""
    out = []
    for opening in wthor_openings(10, games):
        s = opening.copy()
        while not s.is_over() and s.empties() >= 17:
            if s.must_pass():
                s.play(s.PASS)
                continue
            if s.empties() <= 20 and len(s.legal_moves()) > 1:
                r = pr.solve(s, moves=True, tt_mb=64)
                out.append({"pos": position_to_text(s), "scores": {str(m): v for m, v in r.scores.items()},
                            "best": r.score})
            s.play(pr.search(s, nodes=7000, tt_mb=16).move)
    return out


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60, help="openings played on (positions: about 4 a game)")
    ap.add_argument("--nodes", default="5000,15000,40000", help="node limits, comma-separated")
    ap.add_argument("--cache", help="JSON file of the labelled positions (made when missing)")
    ap.add_argument("--full-width", action="store_true", help="also the full-width search")
    args = ap.parse_args(argv)
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as f:
            data = json.load(f)
    else:
        data = positions(args.games)
        if args.cache:
            with open(args.cache, "w", encoding="utf-8") as f:
                json.dump(data, f)
    states = [(position_from_text(d["pos"], pr.Variant(), pr.Variant), d) for d in data]
    print(f"{len(states)} positions with 17-20 empties")
    kinds = [True, False] if args.full_width else [True]
    print("| node limit | search | loss a move | moves losing any | seconds (all) |\n|---|---|---|---|---|")
    for n in (int(x) for x in args.nodes.split(",")):
        for sel in kinds:
            loss, t0 = [], time.perf_counter()
            for s, d in states:
                m = pr.search(s, nodes=n, tt_mb=16, selective=sel).move
                loss.append(d["best"] - d["scores"][str(m)])
            secs = time.perf_counter() - t0
            print(f"| {n:,} | {'selective' if sel else 'full width'} | {statistics.mean(loss):.2f} | "
                  f"{sum(x > 0 for x in loss)} | {secs:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
