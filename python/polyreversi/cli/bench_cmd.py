"""``polyreversi bench``: quick speed figures for this machine."""
from __future__ import annotations

import platform
import random
import time
from typing import Tuple

import click

from polyreversi import _core
from polyreversi.players import GreedyPlayer, play_game
from polyreversi.limit import MAX_DEPTH, MAX_TIME
from polyreversi.state import perft
from polyreversi.variant import Variant

from polyreversi.cli.arguments import VARIANT, FiniteFloatRange
from polyreversi.cli.console import make_console
from polyreversi.cli.numbers import WholeRange


#: The shortest time of one figure: a few timer ticks and a few games, so that the
#: rate it prints is a rate (a limit's maximum, MAX_TIME, bounds it above).
MIN_SECONDS = 0.01


def timed_perft(variant: Variant, depth: int, min_seconds: float = 0.2) -> Tuple[int, float]:
    """Perft of the start of ``variant``, repeated until ``min_seconds`` have passed so a
    short count still gives a steady rate. Returns ``(leaves, seconds per count)``."""
    start = variant.start()
    runs = 0
    began = time.perf_counter()
    while True:
        leaves = perft(start, depth)
        runs += 1
        elapsed = time.perf_counter() - began
        if elapsed >= min_seconds:
            return leaves, elapsed / runs


def random_playouts(variant: Variant, seconds: float, seed: int = 0) -> Tuple[int, int, float]:
    """Random games played from a plain Python loop for about ``seconds``.

    Returns ``(games, moves, elapsed seconds)``.
    """
    rng = random.Random(seed)
    start = variant.start()
    games = moves = 0
    began = time.perf_counter()
    while True:
        state = start.copy()
        legal = state.legal_moves()
        while legal:
            state.play(legal[0] if len(legal) == 1 else rng.choice(legal))
            moves += 1
            legal = state.legal_moves()
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return games, moves, elapsed


def greedy_playouts(variant: Variant, seconds: float, seed: int = 0) -> Tuple[int, int, float]:
    """Greedy-against-greedy games with :func:`polyreversi.players.play_game` for about
    ``seconds``. Returns ``(games, moves, elapsed seconds)``."""
    players = [GreedyPlayer(seed + i) for i in range(variant.players)]
    games = moves = 0
    began = time.perf_counter()
    while True:
        moves += play_game(variant, players).ply
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return games, moves, elapsed


@click.command("bench")
@click.argument("variant", type=VARIANT, default="8x8", required=False)
@click.option("--depth", type=WholeRange(min=1, max=MAX_DEPTH), default=8, show_default=True, help="Perft depth.")
@click.option("--seconds", type=FiniteFloatRange(min=MIN_SECONDS, max=MAX_TIME), default=1.0, show_default=True,
              help="Time spent on each playout figure.")
def command(variant: Variant, depth: int, seconds: float) -> None:
    """Quick speed figures for VARIANT (default 8x8): perft, random playouts from a
    Python loop, greedy games through the player interface.

    \b
    Examples:
      polyreversi bench
      polyreversi bench octagon/4p --depth 6 --seconds 0.5
    """
    console = make_console()
    console.print(f"polyreversi bench on {platform.machine()}, Python {platform.python_version()}, "
                  f"kernels {_core.kernels()}, variant {variant}")
    leaves, spent = timed_perft(variant, depth, min(seconds, 1.0))
    console.print(f"perft({depth}): {leaves:,} leaves in {spent:.3f} s = {leaves / max(spent, 1e-9) / 1e6:,.1f} M leaves/s")
    games, moves, spent = random_playouts(variant, seconds)
    console.print(f"random playouts, Python loop: {games / spent:,.0f} games/s, {moves / spent:,.0f} moves/s")
    games, moves, spent = greedy_playouts(variant, seconds)
    console.print(f"greedy games, play_game: {games / spent:,.0f} games/s, {moves / spent:,.0f} moves/s")
