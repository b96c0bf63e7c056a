"""Rotated-seat matches at 3- and 4-player tables: one candidate seat against
copies of today's ``MCTSPlayer`` (UCT, random playouts), equal time per move,
one thread each. ``--clock cpu`` (the default) counts the time per move on the
searching thread's CPU clock, so every seat gets the same computation whatever
the machine's load; ``--clock wall`` counts wall-clock time as a user waits it
(the core owns the clock: ``_core._set_budget_clock``). The candidate is ``imcts`` (:mod:`polyreversi.multi_mcts`),
``brs`` or ``paranoid`` (:mod:`polyreversi.multi`), on the trained pattern
evaluation where one ships (``--linear``: the linear features alone).

Every opening (``--opening-plies`` random plies from the start, and with
``--blocked`` 1-4 random blocked squares) is played once with the candidate
in each seat, so each seat and each opening weigh the same. A game is a win
for the candidate when it alone has the most disks (the fewest with
Anti-Reversi), a draw when it shares the first place, a loss otherwise
(RULES.md §7). Parity is 1/players wins.

    nice -n 10 python benchmarks/multi_match.py --variant 8x8/4p --games 80 --time 0.01

``--package DIR`` plays with the build whose package directory is under ``DIR`` (a
copy set aside, so that rebuilding the worktree never touches a running match).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

if __name__ == "__main__" and "--package" in sys.argv:  # another build, before polyreversi is imported
    _dir = os.path.abspath(sys.argv[sys.argv.index("--package") + 1])
    sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
    sys.path.insert(0, _dir)

import polyreversi as pr  # noqa: E402
from polyreversi import _core  # noqa: E402
from polyreversi.multi import MultiPlayer  # noqa: E402
from polyreversi.multi_mcts import InformedMCTSPlayer  # noqa: E402
from polyreversi.players import MCTSPlayer, play_game  # noqa: E402


def wilson(wins: int, games: int, z: float = 1.96):
    """The 95 % Wilson interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def opening(variant: pr.Variant, plies: int, rng: random.Random, blocked: bool) -> pr.State:
    v = variant.with_random_blocked(seed=rng.randrange(2**32)) if blocked else variant
    state = v.start()
    for _ in range(plies):
        state.play(rng.choice(state.legal_moves()))
    return state


def candidate(kind: str, seconds: float, seed: int, options: dict):
    """The candidate seat at ``seconds`` per move: ``imcts`` (MCTS with informed
    playouts; ``options`` are its keyword arguments), ``brs`` (Best-Reply
    Search) or ``paranoid``."""
    if kind == "imcts":
        return InformedMCTSPlayer(time=seconds, seed=seed, **options)
    return MultiPlayer(time=seconds, algorithm=kind)


def parse_options(items: list) -> dict:
    """``NAME=VALUE`` texts as keyword arguments of the informed MCTS: ``on``/``off``
    as flags, a value with a point as a float, else an int (checked by the search)."""
    options = {}
    for item in items:
        name, _, value = item.partition("=")
        switch = {"on": True, "off": False}.get(value)
        options[name] = switch if switch is not None else float(value) if "." in value else int(value)
    return options


def seconds_arg(text: str) -> float:
    """A time per move: finite seconds above 0 (the searches' own bound, polyreversi.limit.MAX_TIME)."""
    from polyreversi.limit import MAX_TIME

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 < value <= MAX_TIME:  # NaN fails too
        raise argparse.ArgumentTypeError(f"expected seconds above 0 and at most {MAX_TIME:g}, got {text!r}")
    return value


def games_arg(text: str) -> int:
    """A count of games: an int of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of games, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1 game, got {text!r}")
    return value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="8x8/4p")
    ap.add_argument("--games", type=games_arg, default=40, help="games (rounded up to a multiple of the players)")
    ap.add_argument("--time", type=seconds_arg, default=0.05, help="seconds per move for every seat")
    ap.add_argument("--candidate-time", type=seconds_arg, default=None,
                    help="seconds per move for the candidate seat alone (default: --time): time odds, to see "
                         "how much a faster search would gain")
    ap.add_argument("--clock", default="cpu", choices=("cpu", "wall"),
                    help="what --time counts: the searching thread's CPU time (default) or the wall clock")
    ap.add_argument("--candidate", default="imcts", choices=("imcts", "brs", "paranoid"))
    ap.add_argument("--opening-plies", type=int, default=None, help="random plies (default: one per player)")
    ap.add_argument("--blocked", action="store_true", help="1-4 random blocked squares per opening")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="an option of the imcts candidate (repeatable), e.g. cutoff=10 or reuse=on")
    ap.add_argument("--linear", action="store_true",
                    help="the candidate's evaluation without the trained patterns (the linear features alone)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="append the result as one JSON line to this file")
    ap.add_argument("--package", help="a directory holding another build's polyreversi package (its package "
                                      "directory and compiled _core), run instead of the installed one")
    args = ap.parse_args(argv)

    if args.linear:
        _core._set_multi_patterns(False)
    _core._set_budget_clock(args.clock)
    load_start = os.getloadavg()[0]
    options = parse_options(args.set)
    candidate_time = args.time if args.candidate_time is None else args.candidate_time
    variant = pr.Variant.parse(args.variant)
    players = variant.players
    plies = players if args.opening_plies is None else args.opening_plies
    rng = random.Random(args.seed)
    wins = draws = losses = 0
    per_seat = [[0, 0, 0] for _ in range(players)]  # W/D/L of the candidate in each seat
    games = 0
    started = time.time()
    openings = -(-args.games // players)
    for o in range(openings):
        start = opening(variant, plies, rng, args.blocked)
        for seat in range(players):
            seats = [MCTSPlayer(time=args.time, seed=rng.randrange(2**64)) for _ in range(players)]
            seats[seat] = candidate(args.candidate, candidate_time, rng.randrange(2**64), options)
            final = play_game(start, seats)
            winners = [int(c) - 1 for c in final.winners()]
            if seat in winners and len(winners) == 1:
                wins += 1
                per_seat[seat][0] += 1
            elif seat in winners:
                draws += 1
                per_seat[seat][1] += 1
            else:
                losses += 1
                per_seat[seat][2] += 1
            games += 1
        low, high = wilson(wins, games)
        # per seat too, so that a match stopped early still has its W/D/L by seat
        seats_text = ", ".join("/".join(map(str, seat)) for seat in per_seat)
        print(f"{games:4d} games  W/D/L {wins}/{draws}/{losses}  wins {wins / games:.1%} "
              f"[{low:.1%}, {high:.1%}]  by seat {seats_text}  {time.time() - started:.0f} s",
              file=sys.stderr, flush=True)
    low, high = wilson(wins, games)
    result = {
        "variant": str(variant), "blocked": args.blocked, "candidate": args.candidate, "options": options, "opponent": "mcts",
        "time": args.time, "candidate_time": candidate_time, "clock": args.clock, "games": games, "wins": wins, "draws": draws, "losses": losses, "per_seat": per_seat,
        "win_share": round(wins / games, 4), "ci95": [round(low, 4), round(high, 4)], "parity": round(1 / players, 4),
        "seconds": round(time.time() - started, 1), "evaluation": "linear" if args.linear else "patterns",
        "load": [round(load_start, 1), round(os.getloadavg()[0], 1)], "package": pr.__file__,
    }
    print(json.dumps(result))
    if args.json:
        with open(args.json, "a") as f:
            f.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
