"""The clock that the searches' time budgets count (polyreversi/budget.hpp): the wall clock by
default, the searching thread's CPU clock for matches on a shared machine
(benchmarks/multi_match.py --clock cpu). Nothing here times anything: the searches must stop and
answer under either clock, and a playout budget must not depend on it."""
from __future__ import annotations

from typing import Iterator

import pytest

import polyreversi as pr
from polyreversi import _core


@pytest.fixture
def cpu_clock() -> Iterator[None]:
    previous = _core._set_budget_clock("cpu")
    try:
        yield
    finally:
        _core._set_budget_clock(previous)


def _midgame(variant: str) -> pr.State:
    state = pr.Variant.parse(variant).start()
    for _ in range(6):
        state.play(state.legal_moves()[0])
    return state


def test_the_wall_clock_is_the_default_and_the_setter_returns_the_previous_clock() -> None:
    assert _core._set_budget_clock("wall") == "wall"
    try:
        assert _core._set_budget_clock("cpu") == "wall"
        assert _core._set_budget_clock("cpu") == "cpu"
    finally:
        assert _core._set_budget_clock("wall") == "cpu"


def test_an_unknown_clock_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="clock: expected 'wall' or 'cpu', got 'thread'"):
        _core._set_budget_clock("thread")
    with pytest.raises(ValueError, match=r"got 'cpu\\x00'"):  # a NUL shown escaped, not cut off
        _core._set_budget_clock("cpu\0")
    with pytest.raises(TypeError, match="a str\\), got a bytes"):  # bytes are not a name
        _core._set_budget_clock(b"cpu")
    with pytest.raises(ValueError, match=r"got 'ééé.*\.\.\.' \(100 characters\)"):  # cut between characters
        _core._set_budget_clock("é" * 100)
    with pytest.raises(ValueError, match="got a str that is not UTF-8"):  # a lone surrogate
        _core._set_budget_clock("cpu\ud800")
    assert _core._set_budget_clock("wall") == "wall"  # unchanged by the refusals


@pytest.mark.usefixtures("cpu_clock")
@pytest.mark.parametrize("threads", [1, 2])
def test_mcts_stops_on_the_cpu_clock(threads: int) -> None:
    state = _midgame("8x8/3p")
    r = pr.mcts(state, time=0.01, threads=threads, seed=1)
    assert r.move in state.legal_moves() and r.playouts >= 1


@pytest.mark.usefixtures("cpu_clock")
def test_multi_mcts_and_multi_search_stop_on_the_cpu_clock() -> None:
    state = _midgame("8x8/4p")
    r = pr.multi_mcts(state, time=0.01, seed=1)
    assert r.move in state.legal_moves() and r.playouts >= 1
    s = pr.multi_search(state, pr.Limit(time=0.01))
    assert s.move in state.legal_moves()


def test_a_playout_budget_does_not_depend_on_the_clock() -> None:
    state = _midgame("8x8/3p")
    wall = pr.multi_mcts(state, playouts=500, seed=3)
    previous = _core._set_budget_clock("cpu")
    try:
        cpu = pr.multi_mcts(state, playouts=500, seed=3)
    finally:
        _core._set_budget_clock(previous)
    assert (cpu.move, cpu.visits, cpu.values, cpu.playouts) == (wall.move, wall.visits, wall.values, wall.playouts)


@pytest.mark.usefixtures("cpu_clock")
@pytest.mark.parametrize("threads", [1, 2])
def test_the_two_player_search_and_solve_stop_on_the_cpu_clock(threads: int) -> None:
    # One thread counts its own CPU time (budget.hpp); two keep the wall clock.
    state = _midgame("8x8")
    r = pr.search(state, time=0.01, threads=threads)
    assert r.move in state.legal_moves() and r.depth >= 1 and not r.exact
    s = pr.solve(state, time=0.01, threads=threads)  # 54 empties: not in 10 ms
    assert not s.complete and s.nodes > 0
    player = pr.SearchPlayer(threads=threads)
    for _ in range(4):  # a living player's moves, their plans on the same clock
        move = player.play(state, pr.Limit(time=0.005)).move
        assert move in state.legal_moves()
        state.play(move)


def test_a_depth_limited_search_does_not_depend_on_the_clock() -> None:
    state = _midgame("8x8")
    wall = pr.search(state, depth=6)
    previous = _core._set_budget_clock("cpu")
    try:
        cpu = pr.search(state, depth=6)
    finally:
        _core._set_budget_clock(previous)
    assert (cpu.move, cpu.score, cpu.pv, cpu.nodes) == (wall.move, wall.score, wall.pv, wall.nodes)
