"""Stable-Baselines3 on the C++ batch: a ``VecEnv`` over :class:`polyreversi.envs.vector.ReversiVectorEnv`.

>>> from sb3_contrib import MaskablePPO                        # doctest: +SKIP
>>> from polyreversi.envs.sb3 import ReversiVecEnv
>>> env = ReversiVecEnv(num_envs=64, variant="6x6", opponent="greedy", seed=0)
>>> model = MaskablePPO("MlpPolicy", env, n_steps=64)           # doctest: +SKIP
>>> model.learn(100_000)                                        # doctest: +SKIP

B games in one :class:`polyreversi.Batch`, stepped in C++ with same-step autoreset
(what SB3's ``VecEnv`` contract is): ``step_wait()`` returns the observations of the
games going on (a game that ended has already restarted), rewards, dones, and per game
an info dict; a game that ended has ``info["terminal_observation"]`` (its final
observation, uint8 (C, N, N)), ``info["TimeLimit.truncated"]`` False (games are never
cut short) and ``info["episode"]`` (``{"r": return, "l": agent steps, "t": seconds}``,
what SB3's logger reads, so no ``VecMonitor`` is needed).

``action_masks()`` gives int8 0/1 (B, N*N+1) (:data:`polyreversi.envs.observation.MASK_DTYPE`)
and ``env_method("action_masks")`` one row per game, which is how sb3-contrib's
MaskablePPO asks for them: ``MaskablePPO("MlpPolicy", ReversiVecEnv(...))`` needs no
wrapper. Against opponents (the default ``"random"``; ``"greedy"``, ``"search:2"``,
``"mcts:50"`` or players, :mod:`polyreversi.envs.opponents`) the agent plays ``seat``;
``opponent=None`` is self-play, where each step's reward is the mover's, which a
single-agent algorithm credits to one shared policy.

Needs ``stable-baselines3`` (``pip install 'polyreversi[rl]'``).
"""
from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Tuple, Type, Union

import numpy as np
try:
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices
except ImportError as error:
    from polyreversi.envs import missing_extra

    raise missing_extra(error, "rl") from None

from polyreversi.envs.opponents import Opponents
from polyreversi.envs.vector import ReversiVectorEnv
from polyreversi.variant import Variant


class ReversiVecEnv(VecEnv):  # type: ignore[misc, unused-ignore]  # stable-baselines3 has no types here
    """SB3's ``VecEnv`` over B games of one Batch (see the module text).

    Args:
        num_envs: B games.
        variant, opponent, seat, threads, reward: as :class:`polyreversi.envs.vector.ReversiVectorEnv`
            (here ``opponent`` defaults to ``"random"``).
        seed: the seed of the first :meth:`reset` (``seed()`` sets another for the next one).

    Raises:
        as :class:`polyreversi.envs.vector.ReversiVectorEnv`.
    """

    def __init__(self, num_envs: int = 64, variant: Union[str, Variant] = "8x8", opponent: Optional[Opponents] = "random",
                 seat: str = "black", threads: int = 0, reward: str = "win", seed: Optional[int] = None) -> None:
        self.venv = ReversiVectorEnv(num_envs=num_envs, variant=variant, opponent=opponent, seat=seat,
                                     threads=threads, reward=reward, autoreset_mode="same-step")
        self.render_mode = None  # SB3 reads it; a batch has no single picture to show
        super().__init__(self.venv.num_envs, self.venv.single_observation_space, self.venv.single_action_space)
        self._seed = seed
        self._actions: Optional[np.ndarray] = None
        self._masks = np.zeros((self.num_envs, self.action_space.n), np.int8)
        self._returns = np.zeros(self.num_envs, np.float64)
        self._lengths = np.zeros(self.num_envs, np.int64)
        self._started = time.monotonic()

    # -- the VecEnv API --------------------------------------------------------------
    def reset(self) -> np.ndarray:
        """uint8 (B, C, N, N): the first observations of B new games."""
        seed = self._seeds[0] if self._seeds[0] is not None else self._seed
        self._seed = None
        obs, info = self.venv.reset(seed=seed)
        self._reset_seeds()
        self._reset_options()
        self._masks = info["action_mask"]
        self._returns[:] = 0
        self._lengths[:] = 0
        self.reset_infos: List[Dict[str, Any]] = [{} for _ in range(self.num_envs)]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray, List[Dict[str, Any]]]:
        """(obs uint8 (B, C, N, N), rewards float32 (B,), dones bool (B,), infos: B dicts).

        Raises:
            IllegalMoveError: an action the rules forbid (names the game); nothing is played.
        """
        actions = np.asarray(self._actions).reshape(self.num_envs)
        obs, reward, terminated, truncated, info = self.venv.step(actions.astype(np.int64, copy=False))
        self._masks = info["action_mask"]
        done = terminated | truncated
        self._returns += reward
        self._lengths += 1
        infos: List[Dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if done.any():
            final = info["final_obs"]
            now = round(time.monotonic() - self._started, 6)
            for i in np.flatnonzero(done):
                infos[i] = {"terminal_observation": final[i], "TimeLimit.truncated": bool(truncated[i]),
                            "episode": {"r": float(self._returns[i]), "l": int(self._lengths[i]), "t": now}}
            self._returns[done] = 0
            self._lengths[done] = 0
        return obs, reward, done, infos

    def action_masks(self) -> np.ndarray:
        """int8 0/1 (B, N*N+1): each game's legal actions now (column N*N a forced pass)."""
        return self._masks

    def close(self) -> None:
        self.venv.close()

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> List[Any]:
        """The attribute of this object (the games share one), once per index.
        Raises AttributeError when there is none."""
        value = getattr(self, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> List[Any]:
        """Per game: ``action_masks`` gives each game's row; another method of this object
        is called once and its result repeated per index."""
        rows = list(self._get_indices(indices))
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: Type[Any], indices: VecEnvIndices = None) -> List[bool]:
        return [False for _ in self._get_indices(indices)]


__all__ = ["ReversiVecEnv"]
