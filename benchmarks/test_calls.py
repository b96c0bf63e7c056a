"""Per-call costs on the same midgame position (MID20): legal moves, play,
undo, copy, from Python. The rate is calls per second."""
from __future__ import annotations

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
