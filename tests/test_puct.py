"""Batched PUCT (cpp/src/mcts/puct.cpp, polyreversi.envs.puct): with a uniform prior and
exact values it finds forced wins (checked by the solver, or by the rules for 3-4 players);
the callback's batches, shapes and dtypes; noise, temperature and the faults."""
from __future__ import annotations

import numpy as np
import pytest

import polyreversi as pr
from polyreversi.envs.observation import rewards
from polyreversi.envs.puct import Leaves, puct


def _endgames(variant: str, empties: int, count: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    found = []
    while len(found) < count:
        s = pr.Variant.parse(variant).start()
        while not s.is_over() and int((s.board() == 0).sum()) > empties:
            s.play(int(rng.choice(s.legal_moves())))
        if not s.is_over():
            found.append(s)
    return found


def _exact(leaves: Leaves, variant) -> tuple:
    """Uniform priors, and each leaf's exact result for the player to move (the solver's sign)."""
    values = np.array([np.sign(pr.solve(s, tt_mb=1).score) for s in leaves.states(variant)], np.float32)
    return np.ones(leaves.masks.shape, np.float32), values


def _child_scores(state) -> dict:
    """The exact disk difference for the mover after each legal move."""
    out = {}
    for m in state.legal_moves():
        child = state.copy()
        child.play(m)
        if child.is_over():
            s = child.scores()
            me = int(state.to_move) - 1
            out[m] = s[me] - s[1 - me]
        else:
            score = pr.solve(child, tt_mb=1).score
            out[m] = score if child.to_move == state.to_move else -score
    return out


@pytest.mark.parametrize("variant, empties", [("6x6", 9), ("8x8", 8), ("6x6/anti", 8)])
def test_finds_the_forced_wins_with_exact_values(variant, empties):
    roots = _endgames(variant, empties, 12, seed=5)
    v = roots[0].variant
    calls = []

    def evaluate(leaves):
        calls.append(len(leaves.masks))
        return _exact(leaves, v)

    result = puct(roots, evaluate, simulations=120)
    assert max(calls) <= len(roots)  # one leaf per game per call
    chosen = result.policy(0).argmax(axis=1)
    wins = 0
    for state, move, visits in zip(roots, chosen, result.visits):
        scores = _child_scores(state)
        assert set(np.flatnonzero(visits)) <= set(scores)  # only legal moves visited
        best = max(np.sign(x) for x in scores.values())
        assert np.sign(scores[int(move)]) == best  # a winning move whenever one exists
        wins += best > 0
        assert visits.sum() == 119  # the root's evaluation is the first simulation
    assert wins >= 3


class _Tie(Exception):
    pass


def _max_n(state) -> np.ndarray:
    """Every colour's exact value (the Batch reward rule at the end), each player to move
    taking the move best for itself; raises _Tie when a player has two best moves that
    differ for the others (max^n is then ambiguous)."""
    if state.is_over():
        return rewards(state)
    me = int(state.to_move) - 1
    found = []
    for m in state.legal_moves():
        child = state.copy()
        child.play(m)
        found.append(_max_n(child))
    top = max(v[me] for v in found)
    best = [v for v in found if v[me] >= top - 1e-6]
    if any(not np.allclose(v, best[0]) for v in best):
        raise _Tie
    return best[0]


@pytest.mark.parametrize("variant", ["8x8/3p", "octagon/4p", "10x10/4p/anti"])
def test_max_n_with_exact_values_for_three_and_four_players(variant):
    """With exact per-colour values (brute-force max^n), PUCT picks the move the mover's
    max^n value says, on positions 4 empty squares from the end where max^n is unambiguous
    and the moves' values differ."""
    rng = np.random.default_rng(1)
    roots, best_moves = [], []
    while len(roots) < 6:
        s = pr.Variant.parse(variant).start()
        while not s.is_over() and int((s.board() == 0).sum()) > 4:
            s.play(int(rng.choice(s.legal_moves())))
        if s.is_over() or len(s.legal_moves()) < 2:
            continue
        me = int(s.to_move) - 1
        try:
            values = {}
            for m in s.legal_moves():
                c = s.copy()
                c.play(m)
                values[m] = _max_n(c)[me]
        except _Tie:
            continue
        top = max(values.values())
        if list(values.values()).count(top) > 1 or min(values.values()) == top:
            continue
        roots.append(s)
        best_moves.append(max(values, key=values.get))
    v = roots[0].variant

    def exact(leaves):
        return np.ones(leaves.masks.shape, np.float32), np.stack([_max_n(s) for s in leaves.states(v)])

    result = puct(roots, exact, simulations=150)
    assert result.visits.argmax(axis=1).tolist() == best_moves
    for state, values in zip(roots, result.values):
        assert values.sum() == pytest.approx(0, abs=1e-4)  # per-colour values stay zero-sum


def test_the_callback_batches_shapes_and_dtypes():
    batch = pr.Batch("8x8", 6, seed=3)
    batch.step(batch.choose())
    seen = []

    def evaluate(leaves):
        seen.append(leaves)
        k = len(leaves.games)
        assert leaves.observations.shape == (k, 6, 8, 8) and leaves.observations.dtype == np.uint8
        assert leaves.masks.shape == (k, 65) and leaves.masks.dtype == np.int8
        assert leaves.boards.shape == (k, 8, 8) and leaves.boards.dtype == np.int8
        assert leaves.to_move.dtype == np.int8 and leaves.games.dtype == np.int32
        for i, s in enumerate(leaves.states(batch.variant)):
            assert np.array_equal(leaves.observations[i], pr.observe(s))
            assert np.flatnonzero(leaves.masks[i]).tolist() == s.legal_moves()
        return np.ones((k, 65)), np.zeros((k, 2))  # float64 and per-colour values are taken
    result = puct(batch, evaluate, simulations=10)
    assert len(seen) == 10 and [len(x.games) for x in seen] == [6] * 10
    assert seen[0].games.tolist() == list(range(6))
    assert np.array_equal(seen[0].observations, batch.observe())  # the first leaves are the roots
    assert result.visits.shape == (6, 65) and result.visits.dtype == np.float32
    assert result.values.shape == (6, 2) and result.simulations == 60
    assert (result.visits.sum(axis=1) == 9).all()
    assert ((result.visits > 0) <= batch.masks).all()  # legal moves only


def test_noise_temperature_and_seed():
    roots = [pr.Variant("8x8").start()] * 4

    def uniform(leaves):
        return np.ones(leaves.masks.shape, np.float32), np.zeros(len(leaves.masks), np.float32)

    plain = puct(roots, uniform, simulations=41)
    assert (plain.visits.sum(axis=1) == 40).all() and (plain.visits[:, [19, 26, 37, 44]] == 10).all()
    noisy = puct(roots, uniform, simulations=41, dirichlet_fraction=0.5, seed=7)
    again = puct(roots, uniform, simulations=41, dirichlet_fraction=0.5, seed=7)
    assert np.array_equal(noisy.visits, again.visits) and not np.array_equal(noisy.visits, plain.visits)
    policy = noisy.policy(1.0)
    assert np.allclose(policy.sum(axis=1), 1) and np.allclose(policy, noisy.visits / 40)
    greedy = noisy.policy(0)
    assert (greedy.max(axis=1) == 1).all()
    assert np.array_equal(noisy.sample(0), greedy.argmax(axis=1))
    sharp = noisy.policy(0.25)
    assert (sharp.max(axis=1) >= policy.max(axis=1)).all()
    moves = noisy.sample(1.0, np.random.default_rng(0))
    assert all(noisy.visits[i, m] > 0 for i, m in enumerate(moves))


def test_faults():
    start = pr.Variant("6x6").start()

    def uniform(leaves):
        return np.ones(leaves.masks.shape, np.float32), np.zeros(len(leaves.masks), np.float32)

    with pytest.raises(ValueError, match="simulations"):
        puct(start, uniform, simulations=0)
    with pytest.raises(ValueError, match="dirichlet_fraction"):
        puct(start, uniform, dirichlet_fraction=1.5)
    with pytest.raises(ValueError, match=r"priors must have shape \(1, 37\)"):
        puct(start, lambda leaves: (np.ones((1, 36)), np.zeros(1)))
    with pytest.raises(ValueError, match=r"values must have shape \(1,\) or \(1, 2\)"):
        puct(start, lambda leaves: (np.ones((1, 37)), np.zeros(3)))
    with pytest.raises(ValueError, match="values: row 0, colour 0: nan"):
        puct(start, lambda leaves: (np.ones((1, 37)), np.full(1, np.nan)))
    with pytest.raises(ValueError, match="priors: row 0, column 3: -1"):
        puct(start, lambda leaves: (np.where(np.arange(37) == 3, -1.0, 1.0)[None], np.zeros(1)))
    with pytest.raises(ZeroDivisionError):  # the callback's own error comes through
        puct(start, lambda leaves: 1 / 0)
    over = pr.Variant("6x6").start()
    rng = np.random.default_rng(0)
    while not over.is_over():
        over.play(int(rng.choice(over.legal_moves())))
    with pytest.raises(pr.IllegalMoveError, match="state 1 is over"):
        puct([start, over], uniform)
    with pytest.raises(ValueError, match="only blocked squares may differ"):
        puct([start, pr.Variant("8x8").start()], uniform)
    with pytest.raises(TypeError, match="source"):
        puct("6x6", uniform)


def test_results_do_not_depend_on_threads():
    batch = pr.Batch("8x8", 64, seed=4)
    batch.step(batch.choose())

    def some_net(leaves):  # priors and values that depend on the position, deterministic
        x = leaves.observations.reshape(len(leaves.games), -1).astype(np.float32)
        priors = 1.0 + (x[:, :65] if x.shape[1] >= 65 else np.ones((len(x), 65)))
        return priors.astype(np.float32), np.tanh(x[:, :64].sum(axis=1) / 10 - 1).astype(np.float32)

    one = puct(batch, some_net, simulations=50, dirichlet_fraction=0.25, seed=3, threads=1)
    two = puct(batch, some_net, simulations=50, dirichlet_fraction=0.25, seed=3, threads=2)
    assert np.array_equal(one.visits, two.visits) and np.array_equal(one.values, two.values)
    assert one.simulations == two.simulations == 64 * 50
