"""Best-Reply Search inside the 3-4 player MCTS (``multi_mcts(best_reply=True)``, MCTS-BRS):
with paranoia 1 the search converges on a move of the best BRS value (the colour to move at
the root maximises its reward; after each of its moves one other colour, any of them,
replies to minimise it; then the root colour moves again), checked against a brute-force
search over :class:`polyreversi.State` written here."""
from typing import Dict, Tuple

import pytest

import polyreversi as pr
from conftest import random_endgame
from polyreversi.multi_mcts import DEFAULT_BEST_REPLY, InformedMCTSPlayer, MultiMCTSTree, multi_mcts
from polyreversi.players import player_from_spec


def reward(state: pr.State, colour: int) -> float:
    """The MCTS reward of ``colour`` (0-based) in a finished game: 1/k for one of k sharing
    the first place, else 0."""
    winners = [int(c) - 1 for c in state.winners()]
    return 1.0 / len(winners) if colour in winners else 0.0


def moves_of(state: pr.State, colour: int):
    """The children of ``state``'s disks when ``colour`` (0-based) moves there."""
    s = state.variant.position(state.board(), to_move=colour + 1, ply=state.ply)
    return [s.child(m) for m in s.legal_moves()]


def best_reply_values(state: pr.State) -> Dict[int, float]:
    """The BRS value of each legal move for the colour to move, played to the end."""
    root = int(state.to_move) - 1
    others = [c for c in range(state.variant.players) if c != root]
    seen: Dict[Tuple[bytes, bool], float] = {}

    def value(s: pr.State, own: bool) -> float:
        key = (s.key(), own)
        if key not in seen:
            if s.is_over():
                seen[key] = reward(s, root)
            elif own:
                seen[key] = max(value(c, False) for c in moves_of(s, root))
            else:
                seen[key] = min(value(c, True) for q in others for c in moves_of(s, q))
        return seen[key]

    return {move: value(state.child(move), False) for move in state.legal_moves()}


@pytest.mark.parametrize("text", ["8x8/3p", "8x8/4p", "octagon/3p/anti"])
def test_best_reply_search_converges_on_the_brs_value(text):
    apart = 0
    for seed in range(8):
        state = random_endgame(text, 5, seed, min_moves=2)
        root = int(state.to_move) - 1
        values = best_reply_values(state)
        best = max(values.values())
        r = multi_mcts(state, playouts=12000, seed=seed, cutoff=0, paranoia=1.0, best_reply=True)
        assert values[r.move] == best, (seed, values, r.visits)
        assert r.values[root] == pytest.approx(best, abs=0.04), (seed, values, r.values)
        assert sum(r.visits.values()) == 12000
        # the paranoid tree (every other colour in turn) lands elsewhere on some of them
        paranoid = multi_mcts(state, playouts=12000, seed=seed, cutoff=0, paranoia=1.0)
        apart += abs(paranoid.values[root] - best) > 0.2
    assert apart >= 1


def test_the_layer_holds_every_other_colours_moves():
    """A best-reply tree reaches the root colour's next move after one reply: a
    second search from the position the tree's most visited line reaches after the
    root move and one reply never finds it (the real game has other colours to move
    there), while the plain tree finds the position after every colour's reply."""
    state = pr.Variant.parse("8x8/4p").start()
    plain, brs = MultiMCTSTree(), MultiMCTSTree()
    multi_mcts(state, playouts=3000, seed=1, tree=plain)
    r = multi_mcts(state, playouts=3000, seed=1, tree=brs, best_reply=True)
    child = state.child(r.move)
    multi_mcts(child, playouts=10, seed=2, tree=brs, best_reply=True)
    assert brs.kept == 0  # another colour than the tree's root colour: a fresh tree
    multi_mcts(child, playouts=10, seed=2, tree=plain)
    assert plain.kept > 0


def test_best_reply_is_reproducible_and_differs_from_max_n():
    state = random_endgame("8x8/4p", 12, 3, min_moves=3)
    a = multi_mcts(state, playouts=3000, seed=5, best_reply=True)
    b = multi_mcts(state, playouts=3000, seed=5, best_reply=True)
    plain = multi_mcts(state, playouts=3000, seed=5)
    assert (a.move, a.visits, a.values) == (b.move, b.visits, b.values)
    assert a.visits != plain.visits


def test_a_player_and_a_seat_spec_take_the_option():
    assert DEFAULT_BEST_REPLY is False
    assert InformedMCTSPlayer(playouts=10).best_reply is False
    player = player_from_spec("imcts:200:best_reply=on:paranoia=1", players=3)
    assert player.best_reply is True and player.paranoia == 1.0
    assert player.choose(pr.Variant.parse("8x8/3p").start()) in range(64)


def test_bad_input_is_refused_by_name():
    state = pr.Variant.parse("8x8/3p").start()
    with pytest.raises(TypeError, match="best_reply"):
        multi_mcts(state, playouts=10, best_reply=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="best_reply"):
        InformedMCTSPlayer(playouts=10, best_reply="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="best_reply"):
        player_from_spec("imcts:100:best_reply=maybe", players=3)
