"""Random playouts of standard 8x8: from a Python loop (each engine's own
legal-move list and move call, moves picked with random.Random), and each
engine's native fast path. Passes are not counted as moves."""
from __future__ import annotations

import os

import pytest

import polyreversi as pr
from conftest import (SEED, creversi_game, games, measure, openspiel_game, peer, polyreversi_game,
                      reference_game, rust_reversi_game)


@pytest.mark.benchmark(group="python-loop-8x8")
def test_loop_polyreversi(benchmark):
    measure(benchmark, games(polyreversi_game, 300), unit="moves", engine="polyreversi")


@pytest.mark.benchmark(group="python-loop-8x8")
def test_loop_rust_reversi(benchmark):
    peer("rust_reversi")
    measure(benchmark, games(rust_reversi_game, 300), unit="moves", engine="rust-reversi")


@pytest.mark.benchmark(group="python-loop-8x8")
def test_loop_openspiel(benchmark):
    peer("pyspiel")
    measure(benchmark, games(openspiel_game, 50), unit="moves", engine="open_spiel")


@pytest.mark.benchmark(group="python-loop-8x8")
def test_loop_creversi_python(benchmark):
    peer("creversi")
    measure(benchmark, games(creversi_game, 20), unit="moves", engine="creversi-python")


@pytest.mark.benchmark(group="python-loop-8x8")
def test_loop_reference(benchmark):
    measure(benchmark, games(reference_game, 5), unit="moves", rounds=3, engine="pure-Python reference")


@pytest.mark.benchmark(group="python-loop-variants")
@pytest.mark.parametrize("variant", ["8x8", "8x8/3p", "8x8/4p", "10x10", "octagon/4p/blocked=b7,i3"])
def test_loop_polyreversi_variants(benchmark, variant):
    v = pr.Variant.parse(variant)
    measure(benchmark, games(lambda rng: polyreversi_game(rng, v), 100), unit="moves", variant=variant)


# -- native bulk play


def native(variant: str, threads: int, policy: str = "random", count: int = 20000):
    def run():
        result = pr.play_games(variant, count, policy=policy, seed=SEED, threads=threads)
        return int(result.plies.sum())  # plies include passes; they are rare

    return run


@pytest.mark.benchmark(group="native-playouts")
@pytest.mark.parametrize("threads", [1, 0], ids=["1-thread", "all-threads"])
@pytest.mark.parametrize("variant", ["8x8", "8x8/3p", "8x8/4p", "10x10", "10x10/3p", "10x10/4p", "octagon",
                                     "octagon/3p", "octagon/4p"])
def test_native_playouts(benchmark, variant, threads):
    measure(benchmark, native(variant, threads), unit="moves", variant=variant,
            threads=threads or os.cpu_count())


@pytest.mark.benchmark(group="native-playouts")
def test_native_playouts_greedy(benchmark):
    measure(benchmark, native("8x8", 1, "greedy"), unit="moves", variant="8x8", threads=1, policy="greedy")


@pytest.mark.benchmark(group="native-playouts")
def test_native_playouts_rust_reversi(benchmark):
    """rust-reversi has no bulk play; an MCTS search whose tree never grows
    is root + random rollouts in Rust (about 59 moves each)."""
    rr = peer("rust_reversi")
    playouts = 2000
    search = rr.MctsSearch(playouts, 1.0, 10**9)

    def run():
        search.get_move(rr.Board())
        return playouts * 59

    measure(benchmark, run, unit="moves", engine="rust-reversi", note="~59 moves per rollout")
