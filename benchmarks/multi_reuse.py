"""What the informed MCTS keeps between its moves (``reuse=on``) and what its tree
options cost in playouts, by stage of the game (benchmarks/multi_players.md).

``--measure survival``: games of one ``imcts`` seat that keeps its tree (``reuse=True``)
against copies of ``MCTSPlayer``, the seat rotated from game to game, every seat at
``--time`` a move on the searching thread's CPU clock; for each of the candidate's
searches the visits of the root's moves taken over from its search before (the kept
tree) against the playouts the search made itself. ``--measure playouts``: the positions
of random games, each searched once with the defaults and once with the options of
``--set`` (``best_reply=on`` when none is given) at ``--time``; playouts a move of each.

    nice -n 10 python benchmarks/multi_reuse.py --variant 8x8/4p --games 24
    nice -n 10 python benchmarks/multi_reuse.py --measure playouts --variant 8x8/4p --games 6
    nice -n 10 python benchmarks/multi_reuse.py --measure playouts --variant 8x8/4p --games 6 --set mast=0.5
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any, Callable, Dict, List, Tuple

import polyreversi as pr
from polyreversi import _core
from polyreversi.multi_mcts import InformedMCTSPlayer, multi_mcts
from polyreversi.players import MCTSPlayer, play_game

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from multi_match import parse_options  # noqa: E402

BAND = 10  # plies per row of the tables


def survival(variant: pr.Variant, games: int, seconds: float, rng: random.Random) -> Dict[int, List[Tuple[int, int]]]:
    """(kept visits, playouts) of every search of the candidate, by band of plies."""
    rows: Dict[int, List[Tuple[int, int]]] = {}
    for game in range(games):
        candidate = InformedMCTSPlayer(time=seconds, seed=rng.randrange(2**64), reuse=True)
        seats = [MCTSPlayer(time=seconds, seed=rng.randrange(2**64)) for _ in range(variant.players)]
        seats[game % variant.players] = candidate
        search = candidate.play

        def play(state, limit=None, search=search, candidate=candidate):
            result = search(state, limit)
            rows.setdefault(state.ply // BAND, []).append((candidate.tree.kept, result.playouts))
            return result

        candidate.play = play  # type: ignore[method-assign]
        play_game(variant.start(), seats)
    return rows


def playouts(variant: pr.Variant, games: int, seconds: float, rng: random.Random,
             options: Dict[str, Any]) -> Dict[int, List[Tuple[int, int]]]:
    """(playouts with the defaults, with ``options``) at each position with a choice, by band."""
    rows: Dict[int, List[Tuple[int, int]]] = {}
    for game in range(games):
        state = variant.start()
        while not state.is_over():
            if len(state.legal_moves()) > 1:
                plain = multi_mcts(state, time=seconds, seed=game)
                other = multi_mcts(state, time=seconds, seed=game, **options)
                rows.setdefault(state.ply // BAND, []).append((plain.playouts, other.playouts))
            state.play(rng.choice(state.legal_moves()))
    return rows


def table(columns: List[str], rows: Dict[int, List[Tuple[int, int]]],
          cells: Callable[[List[Tuple[int, int]]], List[str]]) -> None:
    """A Markdown table: one row per band of plies, its count, then ``cells`` of its pairs."""
    print("| plies | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for band, r in sorted(rows.items()):
        print(f"| {band * BAND}-{band * BAND + BAND - 1} | {len(r)} | " + " | ".join(cells(r)) + " |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--measure", default="survival", choices=("survival", "playouts"))
    ap.add_argument("--variant", default="8x8/4p")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--time", type=float, default=0.01, help="seconds of CPU a move for every search")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="--measure playouts: an option of the search compared with the defaults (repeatable; "
                         "default best_reply=on)")
    args = ap.parse_args(argv)
    _core._set_budget_clock("cpu")
    variant = pr.Variant.parse(args.variant)
    rng = random.Random(args.seed)
    load = os.getloadavg()[0]
    if args.measure == "survival":
        def survived(r: List[Tuple[int, int]]) -> List[str]:
            kept, made = sum(k for k, _ in r), sum(p for _, p in r)
            return [str(sum(k > 0 for k, _ in r)), f"{kept / len(r):,.0f}", f"{made / len(r):,.0f}",
                    f"{kept / made:.3f}"]

        table(["searches", "found in the kept tree", "kept visits", "playouts", "kept / playouts"],
              survival(variant, args.games, args.time, rng), survived)
    else:
        def compared(r: List[Tuple[int, int]]) -> List[str]:
            plain, other = sum(a for a, _ in r), sum(b for _, b in r)
            return [f"{plain / len(r):,.0f}", f"{other / len(r):,.0f}", f"{other / plain:.2f}"]

        settings = args.set or ["best_reply=on"]
        table(["positions", "defaults", " ".join(settings), "ratio"],
              playouts(variant, args.games, args.time, rng, parse_options(settings)), compared)
    print(f"({args.variant}, {args.games} games, {args.time} s of CPU a search, seed {args.seed}; "
          f"load {load:.1f} -> {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
