"""Gymnasium environment: one agent against built-in or given opponents.

>>> import gymnasium, polyreversi.envs
>>> env = gymnasium.make("polyreversi/Reversi-v0", variant="6x6", opponent="greedy")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, obs.dtype, info["action_mask"].shape
((6, 6, 6), dtype('uint8'), (37,))

- observation: uint8 (C, N, N) planes from the agent's point of view
  (:func:`polyreversi.envs.observation.observe`, C = P + 4);
- action: ``Discrete(N*N+1)``, a square ``row * N + col`` or ``N*N`` for a forced
  pass; the legal ones are :meth:`ReversiEnv.action_masks` and ``info["action_mask"]``
  (int8 0/1 (N*N+1,), :data:`polyreversi.envs.observation.MASK_DTYPE`); sb3-contrib's
  MaskablePPO finds ``action_masks()`` by name, so ``MaskablePPO("MlpPolicy", env)``
  needs no wrapper;
- reward: 0 until the game ends, then the agent's reward by the Batch reward rule
  (:func:`polyreversi.envs.observation.rewards`); never truncated;
- the opponents move inside :meth:`ReversiEnv.step` (and :meth:`ReversiEnv.reset`
  when the agent does not move first) until the agent is to move or the game is over.

An illegal action ends the episode with reward -1 and ``info["illegal_action"]``
True (``illegal="lose"``, the default, as PettingZoo's classic games do) or raises
:class:`polyreversi.IllegalMoveError` (``illegal="raise"``).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple, Union

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:
    from polyreversi.envs import missing_extra

    raise missing_extra(error, "envs") from None

from polyreversi._core import Color
from polyreversi.envs import render as _render
from polyreversi.envs.actions import action_in_space, checked_action
from polyreversi.envs.observation import AGENT_NAMES, MASK_DTYPE, action_mask, observe, plane_count, rewards, seat_color
from polyreversi.envs.opponents import Opponents, make_opponent, opponent_specs
from polyreversi.envs.spec import EnvSpec
from polyreversi.errors import IllegalMoveError, quoted
from polyreversi.players import Move
from polyreversi.state import State
from polyreversi.variant import Variant, checked_seed

#: What an illegal action does (the ``illegal`` argument): ``"lose"`` ends the episode, ``"raise"`` raises.
ILLEGAL = ("lose", "raise")


class ReversiEnv(gymnasium.Env):
    """One agent's games against opponents.

    Args:
        variant: variant text (``"8x8"``, ``"octagon/4p/blocked=random"``) or a Variant.
        opponent: for every other seat: a name (``"random"``, ``"greedy"``, ``"search:4"``,
            ``"mcts:200"``, see :mod:`polyreversi.envs.opponents`) or a player;
            or a sequence of those, one per other seat in turn order.
        seat: the agent's colour: ``"black"``, ``"white"``, ``"red"``, ``"green"`` (or a
            Color), or ``"random"`` for a new seat drawn at each reset.
        illegal: ``"lose"`` or ``"raise"`` (see the module text).
        render_mode: None, ``"human"``, ``"ansi"``, ``"rgb_array"``.
        render_size: pixels of the ``rgb_array`` picture.

    Raises:
        VariantError: bad variant text. ValueError: an unknown opponent, seat, illegal
        policy or render mode; the wrong number of opponents. TypeError: an opponent that
        is not a player.
    """

    metadata = {"render_modes": list(_render.RENDER_MODES), "render_fps": 2}

    def __init__(self, variant: Union[str, Variant] = "8x8", opponent: Opponents = "random",
                 seat: Union[str, Color] = "black",
                 illegal: str = "lose", render_mode: Optional[str] = None,
                 render_size: int = _render.DEFAULT_SIZE) -> None:
        _render.check_mode(render_mode)
        render_size = _render.check_size(render_size)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal: {quoted(illegal)}; allowed: {', '.join(ILLEGAL)}")
        self.spec_ = EnvSpec.parse(variant)
        base = self.spec_.variant
        n, players = base.n, base.players
        self._seat_spec = seat_color(seat, players, random_allowed=True)
        self._opponent_specs = opponent_specs(opponent, players - 1, base)
        self.illegal = illegal
        self.render_mode = render_mode
        self.render_size = int(render_size)
        self.observation_space = spaces.Box(0, 1, (plane_count(players), n, n), np.uint8)
        self._actions = n * n + 1
        self.action_space = spaces.Discrete(self._actions)
        self.state: Optional[State] = None
        self.seat: Optional[Color] = None
        self._opponents: Dict[Color, Callable[[State], Move]] = {}
        self._over = True

    # -- the Gymnasium API -------------------------------------------------------
    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=checked_seed(seed))  # the package's seed check: gymnasium's own took 2**64, not 10**5000
        rng = self.np_random
        players = self.spec_.variant.players
        self.state = self.spec_.draw(rng).start()
        seat = self._seat_spec if self._seat_spec is not None else Color(int(rng.integers(players)) + 1)
        self.seat = seat
        others = [Color((int(seat) + k - 1) % players + 1) for k in range(1, players)]
        self._opponents = {c: make_opponent(s, int(rng.integers(2**63))) for c, s in zip(others, self._opponent_specs)}
        self._over = False
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: object) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        """Plays the agent's ``action``, then the opponents' moves.

        Raises:
            IllegalMoveError: the episode is over (call reset()), or an illegal action with
                ``illegal="raise"``.
            TypeError: an action that is not an integer.
            ValueError: an action outside the action space (``illegal`` aside).
        """
        if self.state is None or self._over:
            raise IllegalMoveError("the episode is over (or was never started); call reset()")
        state, seat = self._started()
        action = action_in_space(action, state)  # refused, not an illegal move that loses
        try:
            move = checked_action(action, state)
        except IllegalMoveError:
            if self.illegal == "raise":
                raise
            self._over = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal_action": True}
        state.play(move)
        self._play_opponents()
        terminated = state.is_over()
        self._over = terminated
        reward = float(rewards(state)[int(seat) - 1]) if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def action_masks(self) -> np.ndarray:
        """int8 (N*N+1,): 1 on the agent's legal actions now (column N*N a forced pass); all
        0 when the episode is over or was never started. The method name is the one
        sb3-contrib's MaskablePPO looks for."""
        if self.state is None or self._over or self.state.to_move != self.seat:
            return np.zeros(self._actions, MASK_DTYPE)
        return action_mask(self.state)

    def render(self) -> Union[str, np.ndarray, None]:
        if self.render_mode is None:
            gymnasium.logger.warn("render(): no render_mode was given to the environment")
            return None
        if self.state is None:
            raise RuntimeError("the environment has not been reset; call reset() first")
        return _render.render(self.state, self.render_mode, self.render_size)

    # -- helpers -----------------------------------------------------------------
    def _started(self) -> Tuple[State, Color]:
        """The episode's state and the agent's seat (set together by reset())."""
        if self.state is None or self.seat is None:
            raise RuntimeError("the environment has not been reset; call reset() first")
        return self.state, self.seat

    def _play_opponents(self) -> None:
        state, seat = self._started()
        while not state.is_over() and state.to_move != seat:
            color = state.to_move
            move = self._opponents[color](state)
            try:
                state.play(move)
            except (IllegalMoveError, TypeError, ValueError) as e:
                raise IllegalMoveError(f"the opponent playing {color.name.title()} returned {quoted(move)}: {e}") from None

    def _observation(self) -> np.ndarray:
        state, seat = self._started()
        return observe(state, seat)

    def _info(self) -> Dict[str, Any]:
        state, seat = self._started()
        return {"action_mask": self.action_masks(), "seat": AGENT_NAMES[int(seat) - 1], "ply": state.ply}


__all__ = ["ReversiEnv", "ILLEGAL"]
