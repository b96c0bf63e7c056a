"""The symmetries of a variant (envs/symmetry.py) against the rules: property-tested with
hypothesis on random positions of every board, player count and hole pattern."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import polyreversi as pr
from polyreversi.envs.observation import action_mask, observe
from polyreversi.envs.symmetry import NAMES, all_symmetries, symmetries

VARIANTS = ["6x6", "8x8", "10x10", "octagon", "8x8/3p", "octagon/4p", "10x10/anti", "8x8/free",
            "8x8/handicap=2", "6x6/blocked=a1", "8x8/blocked=a1,h8", "octagon/3p/blocked=c3,h8"]


@st.composite
def positions(draw):
    """A position reached by random legal moves (some variants with random blocked squares)."""
    text = draw(st.sampled_from(VARIANTS + ["8x8/blocked=random", "octagon/4p/blocked=random"]))
    seed = draw(st.integers(0, 2**32 - 1))
    if text.endswith("blocked=random"):
        variant = pr.Variant.parse(text.rsplit("/", 1)[0]).with_random_blocked(seed=seed)
    else:
        variant = pr.Variant.parse(text)
    state = variant.start()
    rng = np.random.default_rng(seed)
    for _ in range(draw(st.integers(0, 40))):
        if state.is_over():
            break
        state.play(int(rng.choice(state.legal_moves())))
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_symmetries_commute_with_the_rules(state):
    """For each symmetry g of the game: legal moves map to legal moves, g(play(m)) is
    play(g(m)) on g(state), observations and masks map, and perft is invariant."""
    n = state.variant.n
    for g in symmetries(state):
        image = g.state(state)
        assert image.variant == state.variant
        assert image.to_move == state.to_move and image.is_over() == state.is_over()
        assert sorted(g.moves(np.array(state.legal_moves(), np.int64)).tolist()) == sorted(image.legal_moves())
        assert np.array_equal(observe(image), g.planes(observe(state)))
        assert np.array_equal(np.moveaxis(observe(image), 0, -1),
                              g.planes(np.moveaxis(observe(state), 0, -1), channels_last=True))
        assert np.array_equal(action_mask(image), g.policy(action_mask(state)))
        assert pr.perft(image, 2) == pr.perft(state, 2)
        assert sorted(image.scores()) == sorted(state.scores()) and image.scores() == state.scores()
        for m in state.legal_moves()[:3]:
            after = state.copy()
            after.play(m)
            mapped = image.copy()
            mapped.play(g.move(m))
            assert np.array_equal(mapped.board(), g.state(after).board())
        assert g.move(n * n) == n * n


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([6, 8, 10]), st.data())
def test_group_laws(n, data):
    group = all_symmetries(n)
    a, b = data.draw(st.sampled_from(group)), data.draw(st.sampled_from(group))
    policy = data.draw(st.lists(st.floats(0, 1), min_size=n * n + 1, max_size=n * n + 1))
    p = np.array(policy, np.float32)
    assert np.array_equal(a.invert().policy(a.policy(p)), p)
    assert np.array_equal(b.policy(a.policy(p)), a.then(b).policy(p))
    assert a.policy(p).sum() == pytest.approx(p.sum())
    assert a.policy(p)[-1] == p[-1]  # the pass column stays


def test_which_symmetries_a_variant_has():
    names = lambda text: [g.name for g in symmetries(pr.Variant.parse(text))]  # noqa: E731
    assert names("8x8") == list(NAMES) and names("octagon/4p") == list(NAMES)
    assert names("8x8/blocked=a1") == ["identity", "diagonal"]
    assert names("8x8/blocked=a1,h8") == ["identity", "rotate180", "diagonal", "antidiagonal"]
    assert names("10x10/blocked=a1,j1,a10,j10") == list(NAMES)
    assert names("6x6/blocked=b1") == ["identity"]


def test_a_symmetry_that_is_not_the_variants_is_refused():
    state = pr.Variant.parse("8x8/blocked=a1").start()
    rotate = all_symmetries(8)[1]
    with pytest.raises(pr.PositionError, match="rotate90 is not one of 8x8/blocked=a1"):
        rotate.state(state)
    with pytest.raises(ValueError, match="expected an 8x8 grid"):
        rotate.planes(np.zeros((6, 6, 6)))
    with pytest.raises(ValueError, match="last axis of N\\*N\\+1 = 65"):
        rotate.policy(np.zeros(64))
    with pytest.raises(ValueError, match="the pass 64"):
        rotate.move(65)
    with pytest.raises(ValueError, match="6, 8 and 10"):
        all_symmetries(7)
