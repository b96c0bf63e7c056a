"""The exact solve of the 3-4 player MCTS's last empty squares (``multi_mcts(solve=)``): a win
the colour to move can force alone, against a brute-force search over :class:`polyreversi.State`
written here."""
from typing import Optional, Tuple

import pytest

import polyreversi as pr
from conftest import assert_refused_by_the_search_and_the_player, random_endgame
from polyreversi.multi_mcts import DEFAULT_SOLVE, SOLVE_NODES, InformedMCTSPlayer, multi_mcts


def forced_win(state: pr.State, root: int) -> Tuple[bool, Optional[int]]:
    """Whether colour ``root`` (0-based) wins alone whatever the other colours play, and the
    lowest square that forces it when ``root`` is to move."""
    if state.is_over():
        return [int(c) - 1 for c in state.winners()] == [root], None
    own = int(state.to_move) - 1 == root
    for move in sorted(state.legal_moves()):
        wins, _ = forced_win(state.child(move), root)
        if own and wins:
            return True, move
        if not own and not wins:
            return False, None
    return not own, None


def endgame(text: str, empties: int, seed: int) -> pr.State:
    """A random game of ``text`` down to ``empties`` empty squares, not over."""
    return random_endgame(text, empties, seed)


@pytest.mark.parametrize("text", ["8x8/3p", "8x8/4p", "octagon/3p/anti", "10x10/4p"])
def test_a_forced_win_is_the_brute_force_one(text):
    forced = 0
    for seed in range(30):
        state = endgame(text, 7, seed)
        mover = int(state.to_move) - 1
        wins, move = forced_win(state, mover)
        r = multi_mcts(state, playouts=50, seed=seed, solve=7)
        if wins:  # played at once, without playouts
            forced += 1
            assert (r.move, r.playouts, r.visits) == (move, 0, {})
            assert r.values == tuple(1.0 if c == mover else 0.0 for c in range(state.variant.players))
            assert 0 < r.nodes <= SOLVE_NODES
        else:  # left to the playouts
            assert r.playouts == 50 and sum(r.visits.values()) == 50
    assert forced > 0


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
    assert_refused_by_the_search_and_the_player("solve", bad)
