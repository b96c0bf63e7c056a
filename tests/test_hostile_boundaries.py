"""Every public entry point refuses bad input before the engine sees it, with the
exception docs/errors.md lists and a message naming the problem.

One row per case: the call, the exception, a fragment the message must contain.
"""
from __future__ import annotations

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import svg
from polyreversi.errors import (
    HistoryError,
    IllegalMoveError,
    InvalidSquareError,
    PositionError,
    RecordError,
    VariantError,
)
from polyreversi.players import GreedyPlayer, MCTSPlayer, RandomPlayer, make_player, play_game
from polyreversi.record import Record, Result, StartPosition
from polyreversi.replay import Replay

V = pr.Variant()
S = V.start()
CELLS = S.board()


class IntSub(int):
    pass


CASES = [
    # variants
    ("board", lambda: pr.Variant("9x9"), VariantError, "board: unknown board '9x9'"),
    ("players big", lambda: pr.Variant("8x8", 2**40), VariantError, "players: 1099511627776 is not allowed"),
    ("players type", lambda: pr.Variant("8x8", "2"), VariantError, "players: expected a whole number"),
    ("handicap big", lambda: pr.Variant("8x8", handicap=2**70), VariantError, "handicap: 1180591620717411303424"),
    ("blocked big", lambda: pr.Variant("8x8", blocked=[2**40]), VariantError, "blocked: square 1099511627776 is off"),
    ("blocked name", lambda: pr.Variant("8x8", blocked=["\ud800"]), VariantError, "is not a square name"),
    ("parse digits", lambda: pr.Variant.parse("8x8/handicap=²"), VariantError, "handicap: expected a count"),
    ("parse long", lambda: pr.Variant.parse("8x8/handicap=" + "9" * 5000), VariantError, "handicap: expected"),
    ("parse type", lambda: pr.Variant.parse(b"8x8"), VariantError, "expected text"),
    ("random count", lambda: V.with_random_blocked(seed=1, count=7), VariantError, "count: must be 1 to 4, got 7"),
    ("random seed", lambda: V.with_random_blocked(seed="x"), TypeError, "seed: expected an int"),
    ("random seed range", lambda: V.with_random_blocked(seed=-1), ValueError, "seed: must be in 0 .. 2**64 - 1"),
    # squares
    ("square big", lambda: V.square(2**40), InvalidSquareError, "square 1099511627776 is off the 8x8 grid"),
    ("square name", lambda: V.square("i9"), InvalidSquareError, "'i9' is off the 8x8 grid"),
    ("square surrogate", lambda: V.square("\ud800"), InvalidSquareError, "is not a square name"),
    ("square_name", lambda: V.square_name(-(2**63)), InvalidSquareError, "is off the 8x8 grid"),
    ("square type", lambda: V.square(None), InvalidSquareError, "square: expected a whole number"),
    # custom positions
    ("position shape", lambda: V.position(np.zeros((7, 7), int)), PositionError, "expected shape (8, 8) or (64,)"),
    ("position dtype", lambda: V.position(CELLS.astype(float)), PositionError, "integer array"),
    ("position ragged", lambda: V.position([[0] * 8, [0]]), PositionError, "integer array"),
    ("position code", lambda: V.position(np.full(64, 9)), PositionError, "code 9 on a1"),
    ("position uint64", lambda: V.position(np.full(64, 2**64 - 1, np.uint64)), PositionError, "18446744073709551615"),
    ("position to_move", lambda: V.position(CELLS, 3), PositionError, "to_move: 3 is not a player"),
    ("position to_move big", lambda: V.position(CELLS, 2**70), PositionError, "to_move: 1180591620717411303424"),
    ("position to_move type", lambda: V.position(CELLS, "black"), TypeError, "to_move: expected"),
    ("position ply", lambda: V.position(CELLS, ply=-1), PositionError, "ply: -1 is out of range"),
    ("position ply big", lambda: V.position(CELLS, ply=2**31), PositionError, "ply: 2147483648 is out of range"),
    ("position ply type", lambda: V.position(CELLS, ply=1.0), TypeError, "ply: expected a whole number"),
    # states
    ("play illegal", lambda: S.copy().play("a1"), IllegalMoveError, "illegal move a1 at ply 0"),
    ("play off board", lambda: S.copy().play(64 + 1), InvalidSquareError, "square 65 is off"),
    ("play type", lambda: S.copy().play(1.5), TypeError, "move: expected a square index"),
    ("play bool", lambda: S.copy().play(True), TypeError, "move: expected a square index"),
    ("play numpy bool", lambda: S.copy().play(np.True_), TypeError, "move: expected a square index"),
    ("undo", lambda: S.copy().undo(), HistoryError, "no move to take back"),
    ("flips", lambda: S.flips("pass"), IllegalMoveError, "may not pass"),
    ("cell pass", lambda: S.cell("pass"), InvalidSquareError, "'pass' is a move"),
    # bulk
    ("perft depth", lambda: pr.perft(V, -1), ValueError, "depth: must be 0 to 120, got -1 (no game is longer"),
    ("perft depth big", lambda: pr.perft(V, 2**31), ValueError, "depth: must be 0 to 120, got 2147483648"),
    ("perft depth type", lambda: pr.perft(V, 2.0), TypeError, "depth: expected an int, got 2.0"),
    ("perft start", lambda: pr.perft(42, 1), TypeError, "expected a State, a Variant or variant text"),
    ("games negative", lambda: pr.play_games(V, -1), ValueError, "games: must be 0 to 4294967296, got -1"),
    ("games big", lambda: pr.play_games(V, 2**62), ValueError, "games: must be 0 to 4294967296, got 4611686018427387904"),
    ("games threads", lambda: pr.play_games(V, 1, threads=10**6), ValueError, "threads: must be 0 to 256, got 1000000"),
    ("games threads type", lambda: pr.play_games(V, 1, threads=None), TypeError, "threads: expected an int"),
    ("games policy", lambda: pr.play_games(V, 1, policy="best"), ValueError, "policy: unknown policy 'best'; allowed: 'random', 'greedy'"),
    ("games policy type", lambda: pr.play_games(V, 1, policy=None), TypeError, "policy: expected a name"),
    ("games seed", lambda: pr.play_games(V, 1, seed=1.5), TypeError, "seed: expected an int"),
    ("games variant", lambda: pr.play_games("8x8/5p", 1), VariantError, "unknown option '5p'"),
    ("batch size", lambda: pr.Batch(V, 0), ValueError, "size: must be 1 to 2147483647, got 0"),
    ("batch size big", lambda: pr.Batch(V, 2**40), ValueError, "size: must be 1 to 2147483647, got 1099511627776"),
    ("batch step shape", lambda: pr.Batch(V, 2).step([19]), ValueError, "moves: expected shape (2,)"),
    ("batch step dtype", lambda: pr.Batch(V, 2).step([19.0, 19.0]), TypeError, "moves: expected integers"),
    ("batch step int32", lambda: pr.Batch(V, 2).step([2**40, 19]), ValueError, "outside int32"),
    ("batch step illegal", lambda: pr.Batch(V, 2).step([19, 0]), IllegalMoveError, "batch game 1"),
    ("batch step threads", lambda: pr.Batch(V, 2).step([19, 19], threads=-1), ValueError, "threads: must be 0"),
    ("batch reset", lambda: pr.Batch(V, 2).reset([1, 0]), ValueError, "which: expected a bool array of shape (2,)"),
    ("batch state", lambda: pr.Batch(V, 2).state(2), IndexError, "game 2 is not in this batch of 2"),
    ("batch state type", lambda: pr.Batch(V, 2).state("0"), TypeError, "index: expected an int"),
    ("batch choose", lambda: pr.Batch(V, 2).choose("best"), ValueError, "policy: unknown policy"),
    # records
    ("record variant", lambda: Record("8x8/7p"), RecordError, "variant:"),
    ("record moves", lambda: Record("8x8", moves="f5d6"), RecordError, "moves: expected a sequence"),
    ("record move name", lambda: Record("8x8", moves=["z9"]), RecordError, "moves[0]"),
    ("record players", lambda: Record("8x8", players=["a", "b", "c"]), RecordError, "players: 3 names"),
    ("record komi", lambda: Record("8x8", komi=float("nan")), RecordError, "komi: expected a finite number"),
    ("result end", lambda: Result(end="won"), RecordError, "result.end: unknown ending 'won'"),
    ("result disks", lambda: Result(disks=[-1, 3]), RecordError, "result.disks"),
    ("start board", lambda: StartPosition([0.5] * 64), RecordError, "start.board: expected whole-number"),
    ("start ply", lambda: StartPosition([0] * 64, ply=-1), RecordError, "start.ply"),
    ("replay", lambda: Replay(Record("8x8", moves=["f5", "f5"])), RecordError, "illegal move f5 at ply 1"),
    ("replay type", lambda: Replay("f5"), TypeError, "expected a Record"),
    # players
    ("player count", lambda: play_game(V, [RandomPlayer()]), ValueError, "has 2 players"),
    ("player type", lambda: play_game(V, [1, 2]), TypeError, "a player is a function"),
    ("player move", lambda: play_game(V, [lambda s: "a1", RandomPlayer()]), IllegalMoveError, "Black's player returned"),
    ("player name", lambda: make_player("deep"), ValueError, "unknown player 'deep'"),
    ("book variant", lambda: pr.SearchPlayer(depth=2).book_for(S), TypeError, "variant: expected a Variant, got State"),
    ("random choose", lambda: RandomPlayer().choose(V), TypeError, "state: expected a State, got Variant"),
    ("greedy choose", lambda: GreedyPlayer().choose(None), TypeError, "state: expected a State, got NoneType"),
    ("mcts choose", lambda: MCTSPlayer(playouts=10).choose("8x8"), TypeError, "state: expected a State, got str"),
    ("imcts choose", lambda: pr.InformedMCTSPlayer(playouts=10).choose(1), TypeError, "state: expected a State, got int"),
    # pictures
    ("svg state", lambda: svg.svg("8x8"), TypeError, "expected a State"),
    ("svg size", lambda: svg.svg(S, size=0), ValueError, "size: expected a whole number"),
    ("png size", lambda: svg.png(S, size=10**6), ValueError, "size: at most 4096"),
    ("svg flips", lambda: svg.svg(S, flips=["pass"]), ValueError, "'pass' is not a square"),
    ("svg colors", lambda: svg.svg(S, colors={"sky": "#fff"}), KeyError, "colors: unknown part 'sky'"),
    ("gif delay", lambda: svg.gif(S, delay=0), ValueError, "delay: expected seconds above 0"),
    ("animate suffix", lambda: svg.animate(S, "game.mp4"), ValueError, "unknown picture type '.mp4'"),
]


@pytest.mark.parametrize("name, call, error, fragment", CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_the_documented_exception(name, call, error, fragment):
    with pytest.raises(error) as info:
        call()
    assert fragment in str(info.value)
    if error not in (TypeError, ValueError, IndexError, KeyError):
        assert isinstance(info.value, pr.PolyreversiError)


def test_a_rejected_call_leaves_the_state_unchanged():
    state = pr.Variant("octagon", 3, blocked=["b7"]).start()
    state.play(state.legal_moves()[0])
    before = (state.board().tobytes(), state.moves(), state.ply, int(state.to_move))
    for bad in ("a1", 10**30, -1, 1.5, None, "pass", "zz", b"d3", [1]):
        with pytest.raises((IllegalMoveError, InvalidSquareError, TypeError)):
            state.play(bad)
    assert (state.board().tobytes(), state.moves(), state.ply, int(state.to_move)) == before


def test_batch_threads_zero_means_every_core():
    """Batch.step(threads=0) is documented as every core; the engine alone would use one thread."""
    batch = pr.Batch("8x8", 8)
    batch.step(batch.choose(seed=1), threads=0)
    assert (batch.plies() == 1).all()


def test_limits_are_exported():
    from polyreversi.limit import MAX_DEPTH
    from polyreversi.mcts import MAX_THREADS
    from polyreversi._core import limits  # the core's, read by every module

    assert pr.bulk.MAX_THREADS == MAX_THREADS == limits.MAX_THREADS == 256
    assert MAX_DEPTH == limits.MAX_DEPTH == 250 and limits.MAX_DEPTH >= limits.LONGEST_GAME
    assert pr.state.MAX_DEPTH == limits.LONGEST_GAME and pr.variant.MAX_PLY == limits.MAX_START_PLY == 2**30
    assert svg.MAX_RASTER_SIZE == 4096
