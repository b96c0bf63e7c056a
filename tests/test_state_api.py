"""The State and Variant interface: copies, pickling, errors, numpy boards."""
from __future__ import annotations

import copy
import pickle
import re

import numpy as np
import pytest

import polyreversi as pr
from conftest import random_position
from polyreversi import Color, HistoryError, IllegalMoveError, InvalidSquareError, Variant


def played(variant: Variant, moves: int):
    return random_position(variant, moves, seed=1)


def snapshot(s):
    return (s.board().tobytes(), s.ply, int(s.to_move), s.moves(), s.scores())


@pytest.mark.parametrize("text", ["8x8", "6x6/anti", "10x10/3p/blocked=a1,j10", "octagon/4p/anti/blocked=b7,i3"])
def test_copy_child_and_pickle_are_independent(text):
    s = played(Variant.parse(text), 10)
    before = snapshot(s)
    c = s.copy()
    k = s.child(s.legal_moves()[0])
    p = pickle.loads(pickle.dumps(s))
    d = copy.deepcopy(s)
    assert c == s and p == s and d == s and k != s
    assert p.moves() == s.moves() and p.ply == s.ply and p.variant == s.variant
    s.play(s.legal_moves()[-1])
    assert snapshot(c) == before and snapshot(p) == before and snapshot(d) == before
    assert k.ply == before[1] + 1
    s.undo()
    assert snapshot(s) == before
    p.play(p.legal_moves()[0])
    assert snapshot(s) == before
    assert p.undo() in range(p.PASS + 1)
    assert p == s


def test_pickle_keeps_history_and_custom_start():
    v = Variant("8x8")
    cells = v.start().board()
    cells[0, 0] = 1
    s = v.position(cells, Color.WHITE, ply=7)
    s.play(s.legal_moves()[0])
    p = pickle.loads(pickle.dumps(s, protocol=pickle.HIGHEST_PROTOCOL))
    assert p == s and p.ply == 8 and p.moves() == s.moves()
    assert p.initial() == s.initial() and p.initial().board()[0, 0] == 1
    p.undo()
    assert p.to_move == Color.WHITE and p.ply == 7


def test_undo_and_history():
    s = Variant().start()
    with pytest.raises(HistoryError):
        s.undo()
    with pytest.raises(IndexError):  # HistoryError is an IndexError
        s.undo()
    s.play("f5")
    s.play("d6")
    assert s.moves() == [37, 43]
    assert s.undo() == 43 and s.undo() == 37 and s == Variant().start()


@pytest.mark.parametrize(
    "board,bad",
    [
        ("8x8", -1),
        ("8x8", 65),
        ("8x8", 2**40),
        ("8x8", -(2**70)),
        ("8x8", "k1"),
        ("8x8", "a9"),
        ("8x8", "a0"),
        ("8x8", ""),
        ("8x8", "f"),
        ("8x8", "55"),
        ("10x10", "a11"),
        ("10x10", "k1"),
        ("10x10", 101),
        ("6x6", "g1"),
        ("octagon", "a01"),
    ],
)
def test_out_of_range_squares_raise_and_leave_the_state_unchanged(board, bad):
    s = played(Variant(board), 3)
    before = snapshot(s)
    with pytest.raises(InvalidSquareError):
        s.play(bad)
    with pytest.raises(InvalidSquareError):
        s.flips(bad)
    with pytest.raises(InvalidSquareError):
        s.child(bad)
    if isinstance(bad, str):  # a name is read as play() reads it
        with pytest.raises(InvalidSquareError, match=f"^{re.escape(repr(bad))} is "):
            s.is_legal(bad)
    else:  # an index off the grid is not a legal move
        assert s.is_legal(bad) is False
    assert snapshot(s) == before


@pytest.mark.parametrize("bad", ["8x8", "zz", "f55", "pass me", "k1"])
def test_is_legal_play_flips_and_why_illegal_refuse_the_same_text(bad):
    s = Variant().start()
    messages = set()
    for method in (s.is_legal, s.play, s.flips, s.child, s.why_illegal):
        with pytest.raises(InvalidSquareError) as info:
            method(bad)
        messages.add(str(info.value))
    assert len(messages) == 1 and repr(bad) in messages.pop()


@pytest.mark.parametrize("bad", [None, 3.0, True, [19], b"f5"])
def test_moves_of_the_wrong_type_raise_type_error(bad):
    s = Variant().start()
    with pytest.raises(TypeError):
        s.play(bad)
    assert s.ply == 0


def test_illegal_move_error_names_move_ply_and_legal_moves():
    s = Variant().start()
    with pytest.raises(IllegalMoveError) as info:
        s.play("a1")
    msg = str(info.value)
    assert "a1" in msg and "ply 0" in msg and "d3 c4 f5 e6" in msg and "Black" in msg
    assert isinstance(info.value, ValueError) and isinstance(info.value, pr.PolyreversiError)
    assert s.ply == 0


def test_moves_by_name_and_index_agree():
    a, b = Variant("10x10").start(), Variant("10x10").start()
    line = ["e4", "f4", "g5", "h6", "g6", "g7"]  # a legal line on 10x10 (e5 f5 e6 f6 start)
    for name in line:
        assert a.is_legal(name), name
        a.play(name)
        b.play(a.variant.square(name))
    assert a == b and a.key() == b.key() and b.moves() == [a.variant.square(n) for n in line]
    assert b.moves() == [34, 35, 46, 57, 56, 66]  # (row - 1) * 10 + column, counted by hand


def test_board_array_and_codes():
    v = Variant("octagon", 3, blocked=["a3"])
    b = v.start().board()
    assert b.dtype == np.int8 and b.shape == (10, 10)
    assert b[0, 0] == pr.CUT_OUT and b[2, 0] == pr.BLOCKED
    assert b[4, 4] == Color.BLACK and b[4, 5] == Color.WHITE and b[5, 5] == Color.RED and b[5, 4] == pr.NEUTRAL
    assert (b == pr.CUT_OUT).sum() == 12 and (b >= 0).sum() == 87


def test_key_is_hashable_and_ignores_history():
    lines_by_key: dict[bytes, list] = {}

    def walk(state, line):
        if len(line) == 4:
            lines_by_key.setdefault(state.key(), []).append(line)
            return
        for m in state.legal_moves():
            walk(state.child(m), line + [m])

    walk(Variant().start(), [])
    assert sum(len(v) for v in lines_by_key.values()) == 244  # perft(4)
    line_a, line_b = next(v for v in lines_by_key.values() if len(v) > 1)[:2]
    a, b = Variant().start(), Variant().start()
    for m in line_a:
        a.play(m)
    for m in line_b:
        b.play(m)
    assert line_a != line_b and a.key() == b.key() and hash(a.key()) == hash(b.key()) and a == b
    with pytest.raises(TypeError):
        hash(a)  # states are mutable


def test_legal_mask_matches_legal_moves():
    s = played(Variant("10x10", 4), 30)
    mask = s.legal_mask()
    assert [i for i in range(s.PASS + 1) if mask >> i & 1] == s.legal_moves()


def test_states_of_different_variants_differ():
    assert Variant("8x8").start() != Variant("8x8", anti=True).start()
    assert Variant("8x8").start() != "not a state"


@pytest.mark.parametrize("text", ["6x6", "8x8/handicap=2", "8x8/free", "10x10/anti", "octagon/blocked=b7",
                                  "8x8/3p", "octagon/3p", "10x10/4p/blocked=b9"])
def test_empties_counts_the_boards_empty_cells(text):
    import random

    from polyreversi.state import EMPTY

    state, rng = pr.Variant.parse(text).start(), random.Random(3)
    while True:
        assert state.empties() == int((state.board() == EMPTY).sum()), (text, state.ply)
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
