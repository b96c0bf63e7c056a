"""Strength against NTest: a match through polyreversi's referee (polyreversi.match),
NTest over NBoard against a polyreversi seat, both colours of every opening of the
built-in balanced 8x8 set, one thread each.

    POLYREVERSI_NTEST=/work/engines/ntest/ntest.sh python benchmarks/strength.py --games 20 --depth 4
    python benchmarks/strength.py --engine "nboard:/path/to/edax -n 1" --seat search:6 --depth 6

Prints W/D/L of polyreversi's seat, its Elo difference over the engine with the
95 % interval, the forfeits (there should be none) and the wall time; the games
go to --out (JSON Lines, resumable). NTest's own depth is the NBoard
``set depth`` of --depth; with NTest's parameters.txt ``s`` search type this is a
fixed-depth midgame search (its endgame solve starts earlier than ours).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import polyreversi as pr
from polyreversi.match import MatchConfig, TimeControl, builtin_openings, run


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default=None, help="the opponent as a seat spec (default: nboard:$POLYREVERSI_NTEST)")
    ap.add_argument("--seat", default=None, help="polyreversi's seat (default: search:DEPTH)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--time", type=float, default=None, help="seconds per move instead of a depth")
    ap.add_argument("--concurrency", "-j", type=int, default=1)
    ap.add_argument("--out", default=None, help="JSON Lines file of the games (resumes when it exists)")
    args = ap.parse_args(argv)
    engine = args.engine
    if engine is None:
        ntest = os.environ.get("POLYREVERSI_NTEST")
        if not ntest:
            print("set POLYREVERSI_NTEST to a command that runs NTest (see docs/engines.md), or give --engine",
                  file=sys.stderr)
            return 2
        engine = f"nboard:{ntest}"
    seat = args.seat or f"search:{args.depth}"
    control = TimeControl(depth=None if args.time else args.depth, time=args.time)
    config = MatchConfig(builtin_openings(pr.Variant()), [seat, engine], control)
    start = time.monotonic()
    result = run(config, args.games, out=args.out, concurrency=args.concurrency,
                 on_game=lambda tally, done: print(f"{done:4d} {tally.line()}", file=sys.stderr))
    tally = result.tally
    print(f"{seat} vs {engine}, {args.games} games, "
          f"{'%g s/move' % args.time if args.time else 'depth %d' % args.depth}: "
          f"+{tally.wins} ={tally.draws} -{tally.losses}, Elo {tally.elo()}, "
          f"forfeits {len(tally.forfeits)}, {time.monotonic() - start:.1f} s")
    for f in tally.forfeits:
        print(f"  forfeit: {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
