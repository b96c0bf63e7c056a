"""Playouts a second of the informed MCTS, two builds side by side (benchmarks/multi_players.md).

The positions of ``--games`` random games (seeded; every position with more than one
legal move, by band of ``BAND`` plies) are searched with a fixed number of playouts
and seed by each build in turn, in child processes that alternate ``--rounds`` times,
on the searching thread's CPU clock. A search without a time limit depends only on
its position and options, so both builds must make the same moves with the same
visits where the search is unchanged: the script says whether they did.

    nice -n 10 python benchmarks/multi_speed.py --old build/base --variant 8x8/4p

``--old`` and ``--new`` are directories holding a built ``polyreversi`` package (the
package directory and its compiled ``_core``); ``--new`` defaults to the editable
install. ``--set NAME=VALUE`` passes search options to both builds; ``--statistic median``
reports the median round instead of the fastest.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
from typing import Any, Dict, List, Optional

BAND = 20  # plies per row of the table


def child(args: argparse.Namespace) -> None:
    """Searches every position once; prints one JSON line: CPU seconds and playouts by band, a digest."""
    if args.package:
        sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
        sys.path.insert(0, os.path.abspath(args.package))
    import random
    import time

    import polyreversi as pr
    from polyreversi.multi_mcts import multi_mcts

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from multi_match import parse_options

    options = parse_options(args.set)
    variant = pr.Variant.parse(args.variant)
    rng = random.Random(args.seed)
    seconds: Dict[int, float] = {}
    playouts: Dict[int, int] = {}
    digest = hashlib.sha256()
    for game in range(args.games):
        state = variant.start()
        while not state.is_over():
            if len(state.legal_moves()) > 1:
                started = time.process_time()
                r = multi_mcts(state, playouts=args.playouts, seed=game, **options)
                band = state.ply // BAND
                seconds[band] = seconds.get(band, 0.0) + time.process_time() - started
                playouts[band] = playouts.get(band, 0) + r.playouts
                digest.update(repr((r.move, sorted(r.visits.items()))).encode())
            state.play(rng.choice(state.legal_moves()))
    print(json.dumps({"seconds": seconds, "playouts": playouts, "digest": digest.hexdigest()[:16]}))


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", required=False, help="directory of the old build's package")
    ap.add_argument("--new", default="", help="directory of the new build's package (default: the installed one)")
    ap.add_argument("--variant", default="8x8/4p")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=2000, help="playouts a search")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each build, alternating")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--statistic", choices=("best", "median"), default="best",
                    help="of each build's rounds: the fastest, or the median (steadier on a busy machine)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--package", help=argparse.SUPPRESS)  # the child: the build to run
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args)
        return 0
    if not args.old:
        ap.error("--old is required")
    common = [sys.executable, os.path.abspath(__file__), "--child", "--variant", args.variant,
              "--games", str(args.games), "--playouts", str(args.playouts), "--seed", str(args.seed)]
    for item in args.set:
        common += ["--set", item]
    load = os.getloadavg()[0]
    runs: Dict[str, List[Dict[str, Any]]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for side, package in (("old", args.old), ("new", args.new)):
            out = subprocess.run(common + (["--package", package] if package else []),
                                 check=True, capture_output=True, text=True).stdout
            runs[side].append(json.loads(out.strip().splitlines()[-1]))
    # The fastest round of each build per band (the one least disturbed by the machine's other
    # work), or the median round, which one lucky or unlucky round does not move.
    pick = max if args.statistic == "best" else statistics.median
    bands = sorted({int(b) for b in runs["old"][0]["seconds"]})
    print("| plies | old playouts/s | new playouts/s | new / old |")
    print("|---|---|---|---|")
    rate = {}
    for side in ("old", "new"):
        rate[side] = {b: pick(r["playouts"][str(b)] / r["seconds"][str(b)] for r in runs[side]) for b in bands}
    for b in bands:
        print(f"| {b * BAND}-{b * BAND + BAND - 1} | {rate['old'][b]:,.0f} | {rate['new'][b]:,.0f} | "
              f"{rate['new'][b] / rate['old'][b]:.3f} |")
    total = {side: pick(sum(r["playouts"].values()) / sum(r["seconds"].values()) for r in runs[side])
             for side in ("old", "new")}
    print(f"| all | {total['old']:,.0f} | {total['new']:,.0f} | {total['new'] / total['old']:.3f} |")
    if args.statistic == "median":  # the fastest rounds too: what the machine's other work left alone
        best = {side: max(sum(r["playouts"].values()) / sum(r["seconds"].values()) for r in runs[side])
                for side in ("old", "new")}
        print(f"| all, fastest round | {best['old']:,.0f} | {best['new']:,.0f} | {best['new'] / best['old']:.3f} |")
    same = {r["digest"] for r in runs["old"] + runs["new"]}
    print(f"({args.variant}, {args.games} games, {args.playouts} playouts a search, {'best' if args.statistic == 'best' else 'median'} of {args.rounds} rounds; "
          f"the same moves and visits in both builds: {'yes' if len(same) == 1 else 'no'}; "
          f"load {load:.1f} -> {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
