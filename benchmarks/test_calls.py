"""Per-call costs on the same midgame position (MID20): legal moves, play,
undo, copy, from Python. The rate is calls per second."""
from __future__ import annotations

import numpy as np
import pytest

import polyreversi as pr
from conftest import MID20, measure, peer

CALLS = 200_000


def mid20():
    s = pr.Variant().start()
    for m in MID20:
        s.play(m)
    return s


def calls(fn):
    def run():
        for _ in range(CALLS):
            fn()
        return CALLS

    return run


@pytest.mark.benchmark(group="per-call")
@pytest.mark.parametrize("call", ["legal_moves", "legal_mask", "copy", "play+undo", "child", "to_move"])
def test_polyreversi_calls(benchmark, call):
    s = mid20()
    m = s.legal_moves()[0]
    fn = {
        "legal_moves": s.legal_moves,
        "legal_mask": s.legal_mask,
        "copy": s.copy,
        "play+undo": lambda: (s.play(m), s.undo()),
        "child": lambda: s.child(m),
        "to_move": lambda: s.to_move,
    }[call]
    measure(benchmark, calls(fn), unit="calls", engine="polyreversi", call=call)


@pytest.mark.benchmark(group="per-call")
@pytest.mark.parametrize("call", ["legal_moves", "legal_mask", "copy", "copy+play"])
def test_rust_reversi_calls(benchmark, call):
    rr = peer("rust_reversi")
    b = rr.Board()
    for m in MID20:
        b.do_move(m)
    m = b.get_legal_moves_vec()[0]

    def copy_play():
        c = b.clone()
        c.do_move(m)

    fn = {"legal_moves": b.get_legal_moves_vec, "legal_mask": b.get_legal_moves, "copy": b.clone,
          "copy+play": copy_play}[call]
    measure(benchmark, calls(fn), unit="calls", engine="rust-reversi", call=call)


@pytest.mark.benchmark(group="per-call")
@pytest.mark.parametrize("call", ["legal_moves", "copy", "copy+play"])
def test_openspiel_calls(benchmark, call):
    pyspiel = peer("pyspiel")
    s = pyspiel.load_game("othello").new_initial_state()
    for m in MID20:
        s.apply_action(m)
    m = s.legal_actions()[0]

    def copy_play():
        c = s.clone()
        c.apply_action(m)

    fn = {"legal_moves": s.legal_actions, "copy": s.clone, "copy+play": copy_play}[call]
    measure(benchmark, calls(fn), unit="calls", engine="open_spiel", call=call)


@pytest.mark.benchmark(group="per-call")
@pytest.mark.parametrize("call", ["size", "plies", "step", "choose+step"])
def test_batch_calls(benchmark, call):
    """Per-call cost of a one-game Batch. `size` reads a property without the
    busy guard; `plies`, `step` and `choose` enter it (one atomic exchange and
    one store around the call), so the gap to `size` bounds the guard's cost."""
    b = pr.Batch("8x8", 1, threads=1)
    moves = np.full(1, -1, np.int32)

    def choose_step():
        b.step(b.choose(), autoreset=True)

    fn = {"size": lambda: b.size, "plies": b.plies, "step": lambda: b.step(moves, autoreset=True),
          "choose+step": choose_step}[call]
    if call == "step":  # a finished game: every step restarts it, and -1 is always a valid move
        b.reset("all", start=pr.Variant().position(np.ones((8, 8), np.int8)))
    measure(benchmark, calls(fn), unit="calls", engine="polyreversi", call=f"Batch.{call}")
