"""The exact max^n solve of the 3-4 player MCTS's last empty squares (``multi_mcts(solve=)``),
against a brute-force max^n over :class:`polyreversi.State` written here."""
import random
from typing import List, Optional, Tuple

import pytest

import polyreversi as pr
from polyreversi.multi_mcts import DEFAULT_SOLVE, SOLVE_NODES, InformedMCTSPlayer, multi_mcts


def rewards(scores: List[int], anti: bool) -> Tuple[float, ...]:
    """Each colour's reward at the final disks ``scores``: 1/k for a k-way shared first place
    (the most disks; the fewest with Anti-Reversi), else 0."""
    top = min(scores) if anti else max(scores)
    return tuple(1.0 / scores.count(top) if s == top else 0.0 for s in scores)


def maxn(state: pr.State) -> Tuple[List[int], Optional[int]]:
    """The final disks of the max^n line (the mover maximises its reward, then its disks,
    the fewest with Anti-Reversi; equal moves: the lowest square; a mover that can win alone
    plays the first such move) and its first move."""
    if state.is_over():
        return list(state.scores()), None
    mover = int(state.to_move) - 1
    anti = state.variant.anti
    best: Optional[Tuple[float, int]] = None
    line: List[int] = []
    first = None
    for move in sorted(state.legal_moves()):
        scores, _ = maxn(state.child(move))
        key = (rewards(scores, anti)[mover], -scores[mover] if anti else scores[mover])
        if best is None or key > best:
            best, line, first = key, scores, move
        if key[0] == 1:
            break
    return line, first


def endgame(text: str, empties: int, seed: int) -> pr.State:
    """A random game of ``text`` played down to ``empties`` empty squares (and not over)."""
    rng = random.Random(seed)
    while True:
        state = pr.Variant.parse(text).start()
        while not state.is_over() and state.empties() > empties:
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over():
            return state


@pytest.mark.parametrize("text", ["8x8/3p", "8x8/4p", "octagon/3p/anti", "10x10/4p"])
def test_a_solved_move_is_the_brute_force_maxn_move(text):
    solved = 0
    for seed in range(12):
        state = endgame(text, 6, seed)
        scores, move = maxn(state)
        expected = rewards(scores, state.variant.anti)
        r = multi_mcts(state, playouts=50, seed=seed, solve=6)
        if expected[int(state.to_move) - 1] > 0:  # a solved (shared) win: its move, no playouts
            solved += 1
            assert (r.move, r.playouts, r.visits, r.values) == (move, 0, {}, expected)
            assert 0 < r.nodes <= SOLVE_NODES
        else:  # a solved loss is left to the playouts
            assert r.playouts == 50 and sum(r.visits.values()) == 50
    assert solved > 0


def test_off_and_too_few_empties_change_nothing():
    state = endgame("8x8/3p", 8, 3)
    a = multi_mcts(state, playouts=200, seed=4, solve=0)
    b = multi_mcts(state, playouts=200, seed=4, solve=7)
    assert (a.move, a.visits, a.values, a.nodes) == (b.move, b.visits, b.values, b.nodes)
    assert a.playouts == 200


def test_a_solve_past_its_node_limit_leaves_the_move_to_the_playouts():
    state = endgame("10x10/4p", 40, 1)
    r = multi_mcts(state, playouts=100, seed=1, solve=40)
    assert r.playouts == 100 and sum(r.visits.values()) == 100


def test_the_player_takes_the_option():
    state = endgame("8x8/4p", 5, 7)
    player = InformedMCTSPlayer(playouts=30, seed=1, solve=5)
    assert player.choose(state) in state.legal_moves()
    assert InformedMCTSPlayer().solve == DEFAULT_SOLVE


@pytest.mark.parametrize("bad", [-1, 1000, 2.5, True, "4"])
def test_bad_solve_is_refused_by_name(bad):
    state = pr.Variant.parse("8x8/3p").start()
    with pytest.raises((TypeError, ValueError), match="solve"):
        multi_mcts(state, playouts=10, solve=bad)
    with pytest.raises((TypeError, ValueError), match="solve"):
        InformedMCTSPlayer(playouts=10, solve=bad)
