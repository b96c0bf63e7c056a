"""The selective passes of a solve (iterative selectivity, ProbCut:
cpp/include/polyreversi/search/probcut.hpp) run on the standard 8x8 game
from 20 empties when one best move is asked (moves=False); the result must
stay exact: the same score as the unselective solve of every move
(moves=True), and a move with that score."""
from __future__ import annotations

import subprocess
import sys

import pytest

import polyreversi as pr
from conftest import random_position, shared_data
from polyreversi.formats import obf


def ffo(name):
    return obf.read(shared_data("ffo", name))


# FFO #26-#34 have 20 empties: selective passes, then the exact one.
@pytest.mark.parametrize("number", range(26, 35))
def test_ffo_20_empties_one_move(number):
    entry = ffo("fforum-20-39.obf")[number - 20]
    assert 64 - sum(entry.state.scores()) == 20
    result = pr.solve(entry.state, convention="wof")
    best = max(entry.scores.values())
    assert result.score == best, (number, result)
    assert entry.scores.get(result.move) == best, (number, entry.state.variant.square_name(result.move))


@pytest.mark.parametrize("seed", range(4))
def test_selective_solve_equals_every_move_solve(seed):
    state = random_position("8x8", 40, seed)  # 20 empties (fewer after passes: skipped)
    if state.is_over() or 64 - sum(state.scores()) != 20:
        pytest.skip("not 20 empties")
    one = pr.solve(state, tt_mb=16)
    every = pr.solve(state, moves=True, tt_mb=16)
    assert one.score == every.score == max(every.scores.values())
    assert every.scores[one.move] == one.score
    s = state.copy()
    for m in one.pv:
        s.play(m)
    assert s.is_over()


# A WTHOR position (24 empties) whose first selective pass failed high, then
# low, around 47-48 with an evaluation fitted in session 7: the window swung
# between the two for ever (the solve never returned). After such a turn the
# root takes the whole window. Run in a child process so that a regression
# fails instead of hanging the suite.
SWINGING = "--OOOO----OXOO--OOOXXOXXOOOXXXO-OOOOOOOOOO-OOOXXO---O----------- X"


def test_solve_returns_when_a_selective_pass_swings():
    code = (
        "import polyreversi as pr\n"
        f"s = pr.Variant('8x8').position_from_text({SWINGING!r})\n"
        "print(pr.solve(s, convention='wof').score)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == 52  # as the session-6 solver (no swing with its evaluation)
