"""PUCT trees kept between moves and several leaves per tree (virtual loss): the defaults
give today's search exactly (tests/data/puct_visits_v2.npz, recorded with the portable Dirichlet draws of mcts/dirichlet.hpp: every build, GCC or zig, libstdc++ or libc++, gives these visits)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import polyreversi as pr
from polyreversi.envs.puct import PuctTrees, puct

FIXTURE = Path(__file__).parent / "data" / "puct_visits_v2.npz"
OPTIONS = dict(simulations=60, c_puct=1.3, dirichlet_fraction=0.25, dirichlet_alpha=0.4, seed=11)


def fixed_evaluator(leaves):
    """A deterministic stand-in for a network (the one the fixture was recorded with)."""
    obs = leaves.observations.astype(np.float64)
    k = len(obs)
    n2 = obs.shape[2] * obs.shape[3]
    flat = obs.reshape(k, obs.shape[1], n2)
    weights = np.arange(n2 + 1) % 5 + 1.0
    score = flat[:, 0].sum(1) - flat[:, 1].sum(1)
    priors = np.tile(weights, (k, 1)) + (score[:, None] % 3)
    return priors.astype(np.float32), np.tanh(score / 8.0).astype(np.float32)


def _batch(variant: str, seed: int) -> pr.Batch:
    batch = pr.Batch(variant, 6, seed=seed)
    for _ in range(6):
        batch.step(batch.choose("random"))
    return batch


CASES = [("6x6", 3), ("8x8", 4), ("8x8/3p", 5)]


@pytest.mark.parametrize("variant, seed", CASES)
def test_defaults_and_fresh_trees_give_the_recorded_visits(variant, seed):
    ref = np.load(FIXTURE)
    batch = _batch(variant, seed)
    plain = puct(batch, fixed_evaluator, **OPTIONS)
    np.testing.assert_array_equal(plain.visits, ref[variant])
    np.testing.assert_array_equal(plain.values, ref[variant + ":values"])
    kept = puct(batch, fixed_evaluator, trees=PuctTrees(batch.size), **OPTIONS)  # nothing to keep yet
    np.testing.assert_array_equal(kept.visits, ref[variant])
    assert kept.kept == 0


@pytest.mark.parametrize("variant, seed", CASES)
def test_the_played_moves_subtree_is_kept(variant, seed):
    batch = _batch(variant, seed)
    trees = PuctTrees(batch.size)
    first = puct(batch, fixed_evaluator, trees=trees, **OPTIONS)
    moves = first.visits.argmax(axis=1).astype(np.int32)
    expected = int(first.visits.max(axis=1).sum())  # each played child's visits
    batch.step(moves)
    live = ~batch.done
    second = puct(batch, fixed_evaluator, trees=trees, **OPTIONS)
    assert second.kept == int(first.visits.max(axis=1)[live].sum()) > 0
    assert expected >= second.kept
    # kept visits plus this search's simulations, all on legal moves
    assert second.visits.sum() == second.kept - live.sum() + 60 * live.sum()
    masks = batch.masks[live].astype(bool)
    assert not (second.visits[~masks] > 0).any()
    again = PuctTrees(batch.size)  # the same two searches again: the same numbers
    batch2 = _batch(variant, seed)
    puct(batch2, fixed_evaluator, trees=again, **OPTIONS)
    batch2.step(moves)
    np.testing.assert_array_equal(puct(batch2, fixed_evaluator, trees=again, **OPTIONS).visits, second.visits)


def test_a_tree_is_found_two_plies_down_and_a_new_game_starts_afresh():
    state = pr.Variant.parse("6x6").start()
    trees = PuctTrees(1)
    first = puct(state, fixed_evaluator, trees=trees, simulations=200)
    for _ in range(2):  # our move and the reply: the grandchild is in the tree
        result = puct(state, fixed_evaluator, simulations=2)
        state.play(int(first.visits[0].argmax()) if state.ply == 0 else int(result.visits[0].argmax()))
    second = puct(state, fixed_evaluator, trees=trees, simulations=50)
    assert second.kept > 0
    fresh = puct(pr.Variant.parse("6x6").start(), fixed_evaluator, trees=trees, simulations=50)
    assert fresh.kept == 0  # the start is not below the kept root
    assert fresh.visits.sum() == 49


@pytest.mark.parametrize("leaves", [2, 8])
def test_several_leaves_per_tree(leaves):
    batch = _batch("8x8", 4)
    calls = []

    def counting(leaves_):
        calls.append(len(leaves_.masks))
        return fixed_evaluator(leaves_)

    result = puct(batch, counting, leaves_per_game=leaves, **OPTIONS)
    assert result.visits.sum(axis=1).tolist() == [59] * batch.size
    assert result.simulations == 60 * batch.size
    assert not (result.visits[~batch.masks.astype(bool)] > 0).any()
    assert max(calls) <= leaves * batch.size
    plain_calls = 60  # one leaf per tree per round: a call per simulation
    assert len(calls) < plain_calls
    again = puct(batch, fixed_evaluator, leaves_per_game=leaves, **OPTIONS)
    np.testing.assert_array_equal(again.visits, result.visits)  # deterministic
    spread = puct(batch, fixed_evaluator, leaves_per_game=leaves, threads=2, **OPTIONS)
    np.testing.assert_array_equal(spread.visits, result.visits)


def test_virtual_loss_and_reuse_together_play_whole_games():
    batch = pr.Batch("6x6", 4, seed=9)
    trees = PuctTrees(batch.size)
    rng = np.random.default_rng(0)
    while not batch.done.all():
        result = puct(batch, fixed_evaluator, simulations=24, leaves_per_game=4, trees=trees,
                      dirichlet_fraction=0.25, seed=int(rng.integers(2**32)))
        moves = np.full(batch.size, -1, np.int32)
        moves[~batch.done] = result.sample(0.0)
        batch.step(moves)  # raises on an illegal move
    assert batch.done.all()


def test_a_callback_error_leaves_trees_usable():
    batch = _batch("6x6", 3)
    trees = PuctTrees(batch.size)
    rounds = []

    def failing(leaves):
        rounds.append(1)
        if len(rounds) == 5:
            raise RuntimeError("network down")
        return fixed_evaluator(leaves)

    with pytest.raises(RuntimeError, match="network down"):
        puct(batch, failing, trees=trees, leaves_per_game=4, **OPTIONS)
    after = puct(batch, fixed_evaluator, trees=trees, leaves_per_game=4, **OPTIONS)
    fresh = puct(batch, fixed_evaluator, leaves_per_game=4, **OPTIONS)
    assert after.kept == 0  # the interrupted trees hold virtual losses: not kept
    np.testing.assert_array_equal(after.visits, fresh.visits)


def test_bad_input():
    batch = _batch("6x6", 3)
    with pytest.raises(ValueError, match="leaves_per_game"):
        puct(batch, fixed_evaluator, leaves_per_game=0)
    with pytest.raises(ValueError, match="virtual_loss"):
        puct(batch, fixed_evaluator, virtual_loss=-1)
    with pytest.raises(ValueError, match="virtual_loss"):
        puct(batch, fixed_evaluator, virtual_loss=float("nan"))
    with pytest.raises(TypeError, match="trees"):
        puct(batch, fixed_evaluator, trees="yes")
    with pytest.raises(ValueError, match="made for 2 games"):
        puct(batch, fixed_evaluator, trees=PuctTrees(2))
    with pytest.raises(ValueError, match="games"):
        PuctTrees(0)
    trees = PuctTrees(6)
    puct(batch, fixed_evaluator, trees=trees, simulations=4)
    with pytest.raises(ValueError, match="not of 8x8"):
        puct(pr.Variant.parse("8x8").start(), fixed_evaluator, trees=trees)
    trees.clear()
    assert puct(pr.Variant.parse("8x8").start(), fixed_evaluator, trees=trees, simulations=4).kept == 0


def test_trees_take_one_search_at_a_time():
    """A search or clear() on trees a search is using (here from inside its own evaluate
    callback, which runs while the search holds them) is refused by name: ConcurrentUseError,
    as a MultiMCTSTree or a Batch, not a ValueError; the search itself goes on."""
    batch = _batch("6x6", 3)
    trees = PuctTrees(batch.size)
    others = [pr.Variant.parse("6x6").start() for _ in range(batch.size)]
    refused = []

    other_variant = [pr.Variant.parse("8x8").start() for _ in range(batch.size)]

    def reentrant(leaves):
        if not refused:
            for call in (lambda: puct(others, fixed_evaluator, trees=trees, simulations=4),
                         lambda: puct(other_variant, fixed_evaluator, trees=trees, simulations=4),  # not "clear() them"
                         trees.clear):
                with pytest.raises(pr.ConcurrentUseError, match="PuctTrees") as e:
                    call()
                refused.append(str(e.value))
        return fixed_evaluator(leaves)

    result = puct(batch, reentrant, trees=trees, simulations=8)
    assert len(refused) == 3 and "clear" in refused[2] and "clear" not in refused[1], refused
    assert result.visits.sum() > 0
    assert puct(batch, fixed_evaluator, trees=trees, simulations=8).kept > 0  # the trees were kept, still usable


@pytest.mark.parametrize("answer", [None, 3, (1, 2, 3), "ab"])
def test_an_evaluate_that_returns_no_pair_is_named(answer):
    with pytest.raises(TypeError, match=r"evaluate: expected \(priors, values\), got"):
        puct(pr.Variant.parse("6x6").start(), lambda leaves: answer, simulations=4)
