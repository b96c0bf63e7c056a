"""Midgame positions for the ProbCut fit (scripts/fit_probcut.py) and the
speed-to-depth benchmark (benchmarks/midgame_depth.py).

Standard 8x8: positions of real games (WTHOR databases in ../shared/data),
one a game, the empties cycling over a list. Other boards have no game
database: games of a shallow search (depth 2) after a few random plies,
seeded, stopped at the wanted number of empties. Either way the player to
move has a legal move (no forced pass at the root).
"""
from __future__ import annotations

import os
import random
from typing import Iterator, List, Sequence

import polyreversi as pr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: ../shared/data beside the project root, or where POLYREVERSI_SHARED_DATA says.
SHARED = os.environ.get("POLYREVERSI_SHARED_DATA", os.path.join(ROOT, "..", "shared", "data"))
#: Games for fitting (scripts/fit_probcut.py) and held-out games for the benchmark.
FIT_WTHOR = os.path.join(SHARED, "wthor", "WTH_2010.wtb")
BENCH_WTHOR = os.path.join(SHARED, "wthor", "WTH_2015.wtb")

#: The boards fitted and measured besides standard 8x8 (Variant texts).
OTHER_BOARDS = ("6x6", "10x10", "octagon", "8x8/anti")


def empties_of(state) -> int:
    return len(state.variant.squares) - sum(state.scores())


def midgame_range(variant) -> range:
    """The empties called midgame on `variant`'s board: 20-50 of 8x8's 60, scaled."""
    squares = len(variant.squares)
    return range(max(6, round(squares * 20 / 64)), round(squares * 50 / 64) + 1)


def replayed_games(path: str) -> Iterator[List["pr.State"]]:
    """The positions of each game of the file `path` (ply 0 first), in file order;
    a record that does not replay is left out."""
    from polyreversi import formats
    from polyreversi.replay import Replay

    for rec in formats.read(path):
        try:
            states = list(Replay(rec))
        except Exception:  # a record that does not replay: skip it
            continue
        yield states


def wthor_positions(path: str, empties: Sequence[int], count: int, skip: int = 0) -> List["pr.State"]:
    """`count` positions of the games of the WTHOR file `path` (file order, the
    first `skip` games that replay left out): game i gives its position at
    empties[i % len(empties)] when its mover has a move there.

    Raises FileNotFoundError when the file is absent."""
    if not os.path.exists(path):
        raise FileNotFoundError(path)
    out: List[pr.State] = []
    used = 0
    for states in replayed_games(path):
        if len(out) >= count:
            break
        used += 1
        if used <= skip:
            continue
        want = empties[(used - skip - 1) % len(empties)]
        for s in states:
            if empties_of(s) == want and not s.is_over() and s.legal_moves():
                out.append(s)
                break
    return out


def selfplay_positions(variant, empties: Sequence[int], count: int, seed: int = 0,
                       random_plies: int = 6) -> List["pr.State"]:
    """`count` positions of `variant` (a Variant or its text): game i plays
    `random_plies` random moves (random.Random(seed + i)), then depth-2
    searches, and gives its position at empties[i % len(empties)] (games
    that end before are skipped)."""
    variant = pr.Variant.parse(variant) if isinstance(variant, str) else variant
    out: List[pr.State] = []
    i = 0
    while len(out) < count:
        rng = random.Random(seed + i)
        want = empties[i % len(empties)]
        i += 1
        if i > 20 * count + 100:
            break
        s = variant.start()
        ply = 0
        while not s.is_over() and empties_of(s) > want:
            moves = s.legal_moves()
            if not moves:
                s.play(s.PASS)
                continue
            if ply < random_plies:
                s.play(rng.choice(sorted(moves)))
            else:
                s.play(pr.search(s, depth=2, tt_mb=1).move)
            ply += 1
        if not s.is_over() and empties_of(s) == want and s.legal_moves():
            out.append(s)
    return out


def positions(board: str, empties: Sequence[int], count: int, held_out: bool) -> List["pr.State"]:
    """The positions of `board` ("8x8" or one of OTHER_BOARDS): held_out picks
    the benchmark's set, otherwise the fit's (disjoint games)."""
    if board == "8x8":
        return wthor_positions(BENCH_WTHOR if held_out else FIT_WTHOR, empties, count)
    return selfplay_positions(board, empties, count, seed=1_000_000 if held_out else 0)
