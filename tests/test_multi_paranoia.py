"""The paranoid selection of the 3-4 player MCTS (``multi_mcts(paranoia=)``): with paranoia 1
the search converges on a move of the best paranoid value (the colour to move at the root
maximises its reward, every other colour minimises it), checked against a brute-force search
over :class:`polyreversi.State` written here."""
from typing import Dict

import pytest

import polyreversi as pr
from conftest import assert_refused_by_the_search_and_the_player, random_endgame
from polyreversi.multi_mcts import DEFAULT_PARANOIA, InformedMCTSPlayer, multi_mcts
from polyreversi.players import player_from_spec


def reward(state: pr.State, colour: int) -> float:
    """The MCTS reward of ``colour`` (0-based) in a finished game: 1/k for one of k sharing
    the first place, else 0."""
    winners = [int(c) - 1 for c in state.winners()]
    return 1.0 / len(winners) if colour in winners else 0.0


def paranoid_values(state: pr.State) -> Dict[int, float]:
    """The paranoid value of each legal move for the colour to move: its reward when it
    maximises it and the other colours together minimise it."""
    root = int(state.to_move) - 1
    seen: Dict[bytes, float] = {}

    def value(s: pr.State) -> float:
        key = s.key()
        if key not in seen:
            if s.is_over():
                seen[key] = reward(s, root)
            else:
                children = [value(s.child(move)) for move in s.legal_moves()]
                seen[key] = max(children) if int(s.to_move) - 1 == root else min(children)
        return seen[key]

    return {move: value(state.child(move)) for move in state.legal_moves()}


def endgame(text: str, empties: int, seed: int) -> pr.State:
    """A random game of ``text`` down to ``empties`` empty squares, not over and with a choice of moves."""
    return random_endgame(text, empties, seed, min_moves=2)


@pytest.mark.parametrize("text", ["8x8/3p", "8x8/4p", "octagon/3p/anti"])
def test_paranoid_search_converges_on_the_paranoid_value(text):
    apart = 0
    for seed in range(12):
        state = endgame(text, 6, seed)
        root = int(state.to_move) - 1
        values = paranoid_values(state)
        best = max(values.values())
        r = multi_mcts(state, playouts=6000, seed=seed, cutoff=0, paranoia=1.0)
        assert values[r.move] == best, (seed, values, r.visits)
        # the root colour's mean reward tends to the paranoid value (the exploration's
        # early visits to worse moves stay in the mean)
        assert r.values[root] == pytest.approx(best, abs=0.03), (seed, values, r.values)
        max_n = multi_mcts(state, playouts=6000, seed=seed, cutoff=0, paranoia=0.0)
        apart += abs(max_n.values[root] - best) > 0.2
    assert apart > 0  # max^n expects more of the others somewhere: the option changes the search


def test_off_is_max_n():
    state = endgame("8x8/4p", 20, 3)
    a = multi_mcts(state, playouts=500, seed=4)
    b = multi_mcts(state, playouts=500, seed=4, paranoia=0.0)
    assert (a.move, a.visits, a.values, a.nodes) == (b.move, b.visits, b.values, b.nodes)
    assert DEFAULT_PARANOIA == 0.0


def test_the_player_and_its_spec_take_the_option():
    state = endgame("8x8/3p", 30, 5)
    player = InformedMCTSPlayer(playouts=200, seed=1, paranoia=0.5)
    assert player.paranoia == 0.5 and player.choose(state) in state.legal_moves()
    spec = player_from_spec("imcts:200:paranoia=0.25")
    assert isinstance(spec, InformedMCTSPlayer) and spec.paranoia == 0.25


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), "1", True])
def test_bad_paranoia_is_refused_by_name(bad):
    assert_refused_by_the_search_and_the_player("paranoia", bad)
