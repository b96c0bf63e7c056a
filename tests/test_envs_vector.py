"""The vector environment's same-step autoreset, every player's reward and the disk-difference
reward, against the games' States replayed from the Batch."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install 'polyreversi[envs]')")

from gymnasium.vector import AutoresetMode  # noqa: E402

import polyreversi as pr  # noqa: E402
from polyreversi.envs import AGENT_NAMES  # noqa: E402
from polyreversi.envs.observation import disk_rewards, observe, rewards  # noqa: E402
from polyreversi.envs.vector import ReversiVectorEnv  # noqa: E402


def _disk_reward(state, color: int, playable: int) -> float:
    """The disk difference over the environment's variant's playable squares (not the
    game's, which differ by its drawn blocked squares)."""
    scores = np.array(state.scores())
    return float(disk_rewards(scores, playable, state.variant.anti)[color - 1])


@pytest.mark.parametrize("variant, opponent, seat, reward", [
    ("6x6", None, "black", "win"), ("6x6", "random", "white", "win"), ("8x8/3p", "greedy", "red", "disks"),
    ("octagon/4p/blocked=random", None, "black", "disks"), ("6x6/anti", "greedy", "black", "disks"),
    ("8x8/3p", ["random", pr.GreedyPlayer(seed=2)], "white", "win"),
])
def test_same_step_autoreset_agrees_with_state(variant, opponent, seat, reward):
    """Every game, every step: the new game's observation and mask, the final observation,
    the reward of the player who ended the game, against the States the Batch replays."""
    B = 24
    envs = ReversiVectorEnv(num_envs=B, variant=variant, opponent=opponent, seat=seat,
                            autoreset_mode="same-step", reward=reward)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    me = AGENT_NAMES.index(seat) + 1
    obs, info = envs.reset(seed=4)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(120):
        movers = envs.batch.to_move.copy()
        obs, r, terminated, truncated, info = envs.step((rng.random(info["action_mask"].shape)
                                                         * info["action_mask"]).argmax(axis=1))
        assert not truncated.any() and r.dtype == np.float32
        assert np.array_equal(info["mover"], movers)
        assert np.array_equal(info["_final_obs"], terminated)
        for i in range(B):
            state = envs.batch.state(i)
            assert not state.is_over()  # same-step: every game is live after a step
            persp = pr.Color(me) if opponent else state.to_move
            assert np.array_equal(obs[i], observe(state, persp))
            assert np.flatnonzero(info["action_mask"][i]).tolist() == state.legal_moves()
            if opponent:
                assert state.to_move == me
            who = me if opponent else int(movers[i])
            if terminated[i]:
                final = envs.batch.state(i, final=True)
                assert final.is_over()
                assert state.ply == (me - 1 if opponent else 0)  # a new game, the opponents before the agent played
                assert np.array_equal(info["final_obs"][i], observe(final, pr.Color(who)))
                expected = rewards(final) if reward == "win" else \
                    np.array([_disk_reward(final, c, len(envs.variant.squares)) for c in range(1, final.variant.players + 1)])
                assert info["rewards"][i] == pytest.approx(expected, abs=1e-6)
                assert r[i] == pytest.approx(expected[who - 1], abs=1e-6)
                assert sum(info["rewards"][i]) == pytest.approx(0, abs=1e-5)
                finished += 1
            else:
                assert r[i] == 0 and not info["rewards"][i].any()
    assert finished > 10


def test_next_step_terminal_step_is_one_players_view():
    """The fault users met: every terminal step of self-play indexes its own reward back."""
    envs = ReversiVectorEnv(num_envs=64, variant="6x6", reward="disks")
    obs, info = envs.reset(seed=0)
    terminal = 0
    for _ in range(80):
        obs, r, terminated, truncated, info = envs.step(envs.sample_actions())
        for i in np.flatnonzero(terminated):
            state = envs.batch.state(int(i))
            who = int(info["to_move"][i])
            assert who == info["mover"][i]
            assert info["rewards"][i, who - 1] == r[i] == pytest.approx(_disk_reward(state, who, 36))
            assert np.array_equal(obs[i], observe(state, pr.Color(who)))
            terminal += 1
    assert terminal > 50


def test_bad_options():
    with pytest.raises(ValueError, match="autoreset_mode: 'now'; allowed: next-step, same-step"):
        ReversiVectorEnv(autoreset_mode="now")
    with pytest.raises(ValueError, match="reward: 'score'; allowed: win, disks"):
        ReversiVectorEnv(reward="score")
    envs = ReversiVectorEnv(num_envs=2, autoreset_mode=AutoresetMode.SAME_STEP)
    assert envs.autoreset_mode == "same-step"


def test_batch_step_which_leaves_the_others():
    b = pr.Batch("8x8", 4, seed=1)
    which = np.array([True, False, True, False])
    b.step(b.choose(), which=which)
    assert b.plies().tolist() == [1, 0, 1, 0]
    b.step(np.full(4, 99, np.int32), which=np.zeros(4, bool))  # nothing checked, nothing played
    assert b.plies().tolist() == [1, 0, 1, 0]
    with pytest.raises(pr.IllegalMoveError, match="batch game 0"):
        b.step(np.zeros(4, np.int32), which=which)
    with pytest.raises(ValueError, match=r"which: expected a bool array of shape \(4,\)"):
        b.step(b.choose(), which=[1, 0, 1, 0])


# -- opponents searched in C++ -----------------------------------------------------

@pytest.mark.parametrize("variant", ["8x8", "6x6/anti", "10x10/blocked=random"])
def test_batch_search_policy_is_the_engines_search(variant):
    text, _, blocked = variant.partition("/blocked=")
    b = pr.Batch(text, 12, seed=2, blocked="random" if blocked else None)
    for _ in range(9):
        b.step(b.choose(), autoreset="next-step")
    which = np.arange(12) % 3 != 0
    moves = b.choose("search:2", which=which)
    for i in range(12):
        state = b.state(i)
        if not which[i] or state.is_over():
            assert moves[i] == -1
        else:
            assert moves[i] == pr.search(state, depth=2, tt_mb=1).move


def test_batch_mcts_policy_is_legal_seeded_and_strong():
    b = pr.Batch("8x8/3p", 16, seed=5)
    b.step(b.choose())
    first = b.choose("mcts:30")
    assert np.array_equal(first, b.choose("mcts:30")) and not np.array_equal(first, b.choose("mcts:30", seed=9))
    assert b.masks[np.arange(16), first].all()
    envs = ReversiVectorEnv(num_envs=32, variant="6x6", opponent="mcts:100", seat="black")
    assert envs._native == "mcts:100"
    obs, info = envs.reset(seed=1)
    done = np.zeros(32, bool)
    wins = 0
    while not done.all():
        obs, r, term, _, info = envs.step(envs.sample_actions())  # a random agent
        wins += int(((r > 0) & term & ~done).sum())
        done |= term
    assert wins <= 6  # MCTS with 100 playouts beats a random mover in most games


def test_vector_env_search_opponent_moves_are_the_engines():
    envs = ReversiVectorEnv(num_envs=8, variant="8x8", opponent="search:3", seat="white")
    assert envs._native == "search:3"
    obs, info = envs.reset(seed=0)
    start = pr.Variant("8x8").start()
    expected = pr.search(start, depth=3, tt_mb=1).move
    assert all(envs.batch.state(i).moves() == [expected] for i in range(8))
    rng = np.random.default_rng(0)
    for _ in range(5):
        before = [envs.batch.state(i) for i in range(8)]
        obs, r, term, _, info = envs.step((rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(1))
        for i in range(8):
            after = envs.batch.state(i)
            if after.is_over() or term[i]:
                continue
            mine = after.moves()[before[i].ply]
            state = before[i].copy()
            state.play(mine)
            assert after.moves()[state.ply] == pr.search(state, depth=3, tt_mb=1).move


def test_searched_policy_faults():
    b = pr.Batch("8x8/3p", 2)
    with pytest.raises(pr.VariantError, match="two-player"):
        b.choose("search:2")
    with pytest.raises(ValueError, match=rf"search:N with N in 1\.\.{pr.limit.MAX_DEPTH}"):
        pr.Batch("8x8", 2).choose("search:0")
    with pytest.raises(ValueError, match="mcts:N"):
        pr.Batch("8x8", 2).choose("mcts:x")
    assert ReversiVectorEnv(num_envs=2, variant="8x8/3p", opponent="search:2")._native is None  # Python's player


def test_reset_takes_a_list_of_seeds_one_per_env():
    """Gymnasium's vector envs take a list of num_envs seeds (it was a TypeError)."""
    env = ReversiVectorEnv(num_envs=3, variant="8x8/blocked=random2")
    first = env.reset(seed=[1, 2, 3])[0]
    assert np.array_equal(env.reset(seed=[1, 2, 3])[0], first)
    assert not np.array_equal(env.reset(seed=[1, 2, 4])[0], first)
    with pytest.raises(ValueError, match=r"list of num_envs=3 seeds, got a list of 2"):
        env.reset(seed=[1, 2])
    with pytest.raises(TypeError, match=r"^seed\[1\]: expected an int"):
        env.reset(seed=[1, "2", 3])
    with pytest.raises(ValueError, match=r"^seed\[2\]: must be in 0 \.\. 2\*\*64 - 1"):
        env.reset(seed=[1, 2, -3])


def test_step_after_close_says_it_is_closed():
    env = ReversiVectorEnv(num_envs=2, variant="8x8")
    env.reset(seed=0)
    env.close()
    with pytest.raises(RuntimeError, match="after close"):
        env.step(np.array([19, 19]))
