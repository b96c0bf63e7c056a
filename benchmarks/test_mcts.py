"""MCTS: playouts per second of a search per board and player
count, on one and all threads; bare native playouts of 3-4 players on 10x10
and the octagon beside 2-player 8x8; MCTSPlayer's win rates
against greedy players, recorded (not asserted: tests/test_mcts.py does that)."""
from __future__ import annotations

import os

import pytest

import polyreversi as pr
from conftest import SEED, measure
from polyreversi.players import GreedyPlayer, MCTSPlayer, RandomPlayer, play_game

VARIANTS = ["8x8", "8x8/3p", "8x8/4p", "10x10", "10x10/3p", "10x10/4p", "octagon", "octagon/3p", "octagon/4p"]


@pytest.mark.benchmark(group="mcts-playouts")
@pytest.mark.parametrize("threads", [1, 0], ids=["1-thread", "all-threads"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_mcts_playouts(benchmark, variant, threads):
    """Playouts per second of one search from the start position (tree, playouts, backups)."""
    state = pr.Variant.parse(variant).start()
    threads = threads or os.cpu_count() or 1

    def run():
        return pr.mcts(state, playouts=20000, seed=SEED, threads=threads).playouts

    measure(benchmark, run, unit="playouts", rounds=3, variant=variant, threads=threads)


@pytest.mark.benchmark(group="native-games")
@pytest.mark.parametrize("variant", ["8x8", "10x10/3p", "10x10/4p", "octagon/3p", "octagon/4p"])
def test_native_games(benchmark, variant):
    """Whole random games per second on one thread (play_games), the playouts MCTS runs."""

    def run():
        return len(pr.play_games(variant, 20000, seed=SEED, threads=1).plies)

    measure(benchmark, run, unit="games", rounds=3, variant=variant)


def match(variant: str, games: int, playouts: int, opponent) -> tuple:
    """(MCTS outright wins, games) with MCTSPlayer's seat rotated through every colour."""
    v = pr.Variant.parse(variant)
    wins = 0
    for g in range(games):
        seat = g % v.players
        players = [opponent(SEED + 10 * g + i) for i in range(v.players)]
        players[seat] = MCTSPlayer(playouts=playouts, seed=SEED + g)
        w = play_game(v, players).winners()
        wins += len(w) == 1 and int(w[0]) - 1 == seat
    return wins, games


@pytest.mark.benchmark(group="mcts-strength")
@pytest.mark.parametrize("playouts", [300, 1000])
@pytest.mark.parametrize("variant", ["8x8/3p", "8x8/4p", "10x10/3p", "10x10/4p", "octagon/3p", "octagon/4p"])
def test_mcts_vs_greedy(benchmark, variant, playouts):
    """MCTSPlayer against greedy players; the win rate is in extra_info (fair share: 1/players)."""
    result = {}

    def run():
        result["wins"], games = match(variant, 60, playouts, lambda s: GreedyPlayer(seed=s))
        return games

    measure(benchmark, run, unit="games", rounds=1, variant=variant, playouts=playouts)
    benchmark.extra_info.update(win_rate=result["wins"] / 60, fair_share=1 / pr.Variant.parse(variant).players)


@pytest.mark.benchmark(group="mcts-strength")
@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize("variant", ["8x8", "8x8/anti", "10x10", "octagon"])
def test_mcts_two_players(benchmark, variant, opponent):
    """MCTSPlayer (1000 playouts) against random or greedy, colours alternated."""
    make = (lambda s: RandomPlayer(seed=s)) if opponent == "random" else (lambda s: GreedyPlayer(seed=s))
    result = {}

    def run():
        result["wins"], games = match(variant, 40, 1000, make)
        return games

    measure(benchmark, run, unit="games", rounds=1, variant=variant, opponent=opponent)
    benchmark.extra_info.update(win_rate=result["wins"] / 40, fair_share=0.5)
