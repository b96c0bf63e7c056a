"""Stable-Baselines3 and sb3-contrib on the environments with no glue: SB3's checker, the
VecEnv adapter's contract against the Batch, and a short MaskablePPO run. Skipped
without the ``rl`` extra (``pip install 'polyreversi[rl]'``)."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install 'polyreversi[envs]')")
pytest.importorskip("torch", reason="torch is not installed (pip install 'polyreversi[rl]')")
pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not installed (pip install 'polyreversi[rl]')")

import polyreversi as pr  # noqa: E402
from polyreversi.envs import AGENT_NAMES  # noqa: E402
from polyreversi.envs.gymnasium import ReversiEnv  # noqa: E402
from polyreversi.envs.observation import observe  # noqa: E402
from polyreversi.envs.sb3 import ReversiVecEnv  # noqa: E402


def test_sb3_env_checker_on_the_gymnasium_env():
    from stable_baselines3.common.env_checker import check_env

    check_env(ReversiEnv(variant="6x6", opponent="greedy"), warn=True)


@pytest.mark.parametrize("variant, opponent, seat", [("6x6", "random", "white"), ("8x8/3p", "greedy", "black"),
                                                     ("6x6", None, "black")])
def test_vec_env_contract(variant, opponent, seat):
    """terminal_observation is the ended game's last position, the masks are each game's
    legal moves, episode returns add up the rewards."""
    env = ReversiVecEnv(num_envs=16, variant=variant, opponent=opponent, seat=seat, seed=3)
    obs = env.reset()
    assert obs.shape == (16,) + env.observation_space.shape and obs.dtype == np.uint8
    rng = np.random.default_rng(0)
    returns = np.zeros(16)
    ended = 0
    for _ in range(100):
        masks = env.action_masks()
        rows = env.env_method("action_masks")
        assert len(rows) == 16 and all(np.array_equal(r, m) for r, m in zip(rows, masks))
        assert env.has_attr("action_masks")
        movers = env.venv.batch.to_move.copy()
        obs, reward, done, infos = env.step((rng.random(masks.shape) * masks).argmax(axis=1))
        returns += reward
        for i in range(16):
            state = env.venv.batch.state(i)
            assert np.flatnonzero(env.action_masks()[i]).tolist() == state.legal_moves()
            if done[i]:
                final = env.venv.batch.state(i, final=True)
                who = pr.Color(movers[i]) if opponent is None else pr.Color(AGENT_NAMES.index(seat) + 1)
                assert np.array_equal(infos[i]["terminal_observation"], observe(final, who))
                assert infos[i]["TimeLimit.truncated"] is False
                assert infos[i]["episode"]["r"] == pytest.approx(returns[i])
                returns[i] = 0
                ended += 1
            else:
                assert infos[i] == {}
    assert ended > 10


def test_maskable_ppo_learns_on_the_batch_without_glue():
    """A few seconds of MaskablePPO on 6x6: it runs on the adapter as it is, every action it
    takes is legal (an illegal one would raise), and its episodes reach SB3's logger."""
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed")
    import torch

    torch.set_num_threads(1)
    env = ReversiVecEnv(num_envs=32, variant="6x6", opponent="random", seed=0, threads=1)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=256, n_epochs=1, seed=0)
    model.learn(32 * 16 * 3)
    assert model.num_timesteps == 32 * 16 * 3
    assert len(model.ep_info_buffer) > 0 and all(abs(e["r"]) <= 1 for e in model.ep_info_buffer)
    obs = env.reset()
    actions, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[np.arange(32), actions].all()


def test_maskable_ppo_on_the_registered_gymnasium_env():
    """What failed before ("Environment does not support action masking"): MaskablePPO on
    gymnasium.make(...) as it is, on SB3's DummyVecEnv."""
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed")
    import gymnasium
    import torch

    import polyreversi.envs  # noqa: F401 (registers the id)

    torch.set_num_threads(1)
    model = sb3_contrib.MaskablePPO("MlpPolicy", gymnasium.make("polyreversi/Reversi-v0", variant="6x6"),
                                    n_steps=32, batch_size=32, n_epochs=1, seed=0)
    model.learn(64)
    assert model.num_timesteps == 64
