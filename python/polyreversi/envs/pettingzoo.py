"""PettingZoo AEC environment: Reversi for 2, 3 or 4 players on every variant.

>>> from polyreversi.envs.pettingzoo import env
>>> e = env(variant="octagon/4p/blocked=random")
>>> e.reset(seed=7)
>>> e.agents
['player_0', 'player_1', 'player_2', 'player_3']

Conventions are those of PettingZoo's classic board games (``connect_four_v3``,
``chess_v6``, ``go_v5``):

- one agent per colour in turn order, named ``"player_0"`` (Black), ``"player_1"``
  (White), ``"player_2"`` (Red), ``"player_3"`` (Green); ``agent_name_mapping`` maps a
  name to its colour index 0..P-1 and :meth:`raw_env.color` to its Color;
  :attr:`raw_env.agent_selection` is the player to move;
- ``observe(agent)`` is a dict: ``"observation"``, uint8 (N, N, C) planes from
  ``agent``'s point of view, channels last as the classic games have them (the planes
  of :func:`polyreversi.envs.observation.observe`, C = P + 4, moved to the last axis)
  and ``"action_mask"``, int8 0/1 (N*N+1,) (:data:`polyreversi.envs.observation.MASK_DTYPE`):
  the legal moves when ``agent`` is to move, all 0 otherwise;
- ``observation="planes"`` gives the (N, N, C) array alone (a ``Box``, which
  SuperSuit's observation wrappers and PettingZoo's checker take without the
  dict); the mask is then ``infos[agent]["action_mask"]`` and :meth:`raw_env.action_mask`.
  PettingZoo's ``api_test`` warns about a dict observation unless the environment's
  name is on its own list of classic games, so only the ``"planes"`` form runs it
  without a warning;
- actions are ``Discrete(N*N+1)``: square ``row * N + col``, and ``N*N`` for a
  (forced) pass. In two-player games a player without a move must play the pass;
  three- and four-player games have no pass (RULES.md §5-§6);
- rewards only at the end (:func:`polyreversi.envs.observation.rewards`), every
  agent terminated together; never truncated (a game has at most 2*N*N+2 plies);
- an illegal action: :func:`env` (wrapped like the classic games) ends the game
  with reward -1 for the player who made it and 0 for the others, and warns;
  :class:`raw_env` raises :class:`polyreversi.IllegalMoveError`;
- stepping a finished game: once every agent has stepped out (``env.agents`` is
  empty), :func:`env` warns and does nothing (PettingZoo's order wrapper) and
  :class:`raw_env` raises :class:`polyreversi.IllegalMoveError`; ``reset()`` starts a
  new game.
- ``blocked=random`` (or ``blocked=randomK``) in the variant draws new blocked
  squares at every reset, from the reset's seed.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Union

import numpy as np
try:
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:
    from polyreversi.envs import missing_extra

    raise missing_extra(error, "envs") from None

from polyreversi._core import Color
from polyreversi.envs import render as _render
from polyreversi.envs.actions import checked_action
from polyreversi.envs.observation import MASK_DTYPE, PLAYER_NAMES, action_mask, mask_space, observe, plane_count, rewards
from polyreversi.envs.spec import EnvSpec
from polyreversi.errors import IllegalMoveError, quoted
from polyreversi.variant import Variant, checked_seed
from polyreversi.state import State


def env(variant: Union[str, Variant] = "8x8", render_mode: Optional[str] = None, **options: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: an illegal move ends the
    game (reward -1 to its player), actions outside the space are refused, calls out of
    order (``step`` before ``reset``) raise. Arguments as :class:`raw_env`."""
    e = raw_env(variant=variant, render_mode=render_mode, **options)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc, unused-ignore]  # noqa: N801 (PettingZoo's name; it has no types)
    """The unwrapped AEC environment.

    Args:
        variant: variant text (``"8x8"``, ``"10x10/3p/anti"``, ``"octagon/4p/blocked=random"``)
            or a :class:`polyreversi.Variant`.
        render_mode: None, ``"ansi"`` (the board as text), ``"human"`` (that text printed
            to standard output) or ``"rgb_array"`` (uint8 (H, W, 3) from :mod:`polyreversi.svg`).
        render_size: width and height of the ``rgb_array`` picture in pixels.
        observation: ``"dict"`` (the planes and the mask, as the classic games) or
            ``"planes"`` (the planes alone; the mask in ``infos``), see the module text.

    Raises:
        VariantError: bad variant text. ValueError: an unknown render mode, size or
        observation form.
    """

    metadata = {"render_modes": list(_render.RENDER_MODES), "name": "polyreversi_v0",
                "is_parallelizable": False, "render_fps": 2}

    def __init__(self, variant: Union[str, Variant] = "8x8", render_mode: Optional[str] = None,
                 render_size: int = _render.DEFAULT_SIZE, observation: str = "dict") -> None:
        EzPickle.__init__(self, variant, render_mode, render_size, observation)
        super().__init__()
        _render.check_mode(render_mode)
        if observation not in OBSERVATION_FORMS:
            raise ValueError(f"observation: {quoted(observation)}; allowed: {', '.join(OBSERVATION_FORMS)}")
        self.observation_form = observation
        self.spec_ = EnvSpec.parse(variant)
        self.render_mode = render_mode
        self.render_size = _render.check_size(render_size)
        base = self.spec_.variant
        n, players = base.n, base.players
        self.possible_agents = list(PLAYER_NAMES[:players])
        self.agent_name_mapping = {name: i for i, name in enumerate(self.possible_agents)}
        self._colors = {name: Color(i + 1) for i, name in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(n * n + 1) for a in self.possible_agents}
        planes = spaces.Box(0, 1, (n, n, plane_count(players)), np.uint8)
        self.observation_spaces = {
            a: planes if observation == "planes" else spaces.Dict({"observation": planes, "action_mask": mask_space(n)})
            for a in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self.state: Optional[State] = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def variant(self) -> Variant:
        """The rules of the current game (with its drawn blocked squares)."""
        return self.state.variant if self.state is not None else self.spec_.variant

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game. ``seed`` (an int in ``0 .. 2**64 - 1``, or None) seeds the draw of
        random blocked squares (if any) for this and the following resets.

        Raises:
            TypeError: a seed that is not an int or None. ValueError: one out of range
                (:func:`polyreversi.variant.checked_seed`, the package's one seed check).
        """
        seed = checked_seed(seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.spec_.draw(self._rng).start()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.agent_selection = self._agent_to_move()
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._update_infos()

    def color(self, agent: str) -> Color:
        """The Color an agent plays (``player_0`` is Black). Raises KeyError for another name."""
        if agent not in self._colors:
            raise KeyError(f"agent: {quoted(agent)} is not an agent of this {len(self.possible_agents)}-player game; "
                           f"agents: {', '.join(self.possible_agents)}")
        return self._colors[agent]

    def action_mask(self, agent: str) -> np.ndarray:
        """int8 (N*N+1,): 1 on ``agent``'s legal actions; all 0 unless it is to move.
        Raises KeyError for an unknown agent, RuntimeError before reset()."""
        color = self.color(agent)
        state = self._live_state()
        if color != state.to_move:
            return np.zeros(self.variant.n ** 2 + 1, MASK_DTYPE)
        return action_mask(state)

    def observe(self, agent: str) -> Union[np.ndarray, Dict[str, np.ndarray]]:
        """``agent``'s view: a dict (``"observation"`` uint8 (N, N, C), ``"action_mask"``
        int8 (N*N+1,)), or the planes alone with ``observation="planes"``.
        Raises KeyError for an unknown agent, RuntimeError before reset()."""
        color = self.color(agent)
        planes = np.ascontiguousarray(np.moveaxis(observe(self._live_state(), color), 0, -1))
        if self.observation_form == "planes":
            return planes
        return {"observation": planes, "action_mask": self.action_mask(agent)}

    def step(self, action: object) -> None:
        """Plays ``action`` for :attr:`agent_selection`.

        Raises:
            IllegalMoveError: a move the rules forbid here (names it and the legal moves).
            TypeError: an action that is not an integer (bools and floats are refused).
            IllegalMoveError: the game is over and every agent has stepped out (call reset()).
            RuntimeError: before reset().
        """
        self._live_state()  # before reset: no agent_selection yet
        if self.state is not None and not self.agents:
            raise IllegalMoveError(f"the game is over (ply {self.state.ply}) and every agent is done; call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        move = checked_action(action, state)
        state.play(move)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over():
            self.rewards = dict(zip(self.agents, rewards(state).tolist()))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = self._agent_to_move()
        self._update_infos()
        self._accumulate_rewards()

    def render(self) -> Union[str, np.ndarray, None]:
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render(): no render_mode was given to the environment")
            return None
        state = self._live_state()
        return _render.render(state, self.render_mode, self.render_size)

    def close(self) -> None:
        pass

    def _update_infos(self) -> None:
        if self.observation_form == "planes":  # the mask goes where the observation cannot hold it
            for a in self.agents:
                self.infos[a] = {"action_mask": self.action_mask(a)}

    def _agent_to_move(self) -> str:
        return self.possible_agents[int(self._live_state().to_move) - 1]

    def _live_state(self) -> State:
        if self.state is None:
            raise RuntimeError("the environment has not been reset; call reset() first")
        return self.state


#: The ``observation`` forms of :class:`raw_env`.
OBSERVATION_FORMS = ("dict", "planes")

__all__ = ["env", "raw_env", "OBSERVATION_FORMS"]
