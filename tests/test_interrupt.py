"""Ctrl-C stops long C++ work, and NumPy integers work as moves."""
from __future__ import annotations

import sys

import numpy as np
import pytest

import polyreversi as pr
from conftest import assert_ctrl_c_stops


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize("call", ['pr.perft("10x10", 16)', 'pr.play_games("10x10", 10**8, threads=2)'])
def test_keyboard_interrupt_stops_long_native_work(call):
    assert_ctrl_c_stops(call)


def test_numpy_integers_are_moves():
    s = pr.Variant().start()
    moves = np.array(s.legal_moves())
    s.play(moves[0])
    assert s.moves() == [19] and s.is_legal(np.int32(18)) and s.flips(np.uint8(18)) == [27]
    assert s.child(np.int16(18)).moves() == [19, 18]
    with pytest.raises(TypeError):
        s.play(np.float64(18.0))
    with pytest.raises(pr.InvalidSquareError):
        s.play(np.int64(2**40))


@pytest.mark.parametrize("make", [
    lambda c: c.Batch.__new__(c.Batch).masks,
    lambda c: c.Rules.__new__(c.Rules).n,
    lambda c: c.State(c.Rules.__new__(c.Rules), None),
    lambda c: c.perft(c.Rules.__new__(c.Rules), 1),
])
def test_uninitialised_native_objects_raise_type_error(make):
    from polyreversi import _core

    with pytest.raises(TypeError):
        make(_core)
