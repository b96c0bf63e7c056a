"""A Gymnasium vector environment over one :class:`polyreversi.Batch`.

>>> from polyreversi.envs.vector import ReversiVectorEnv
>>> envs = ReversiVectorEnv(num_envs=4, variant="8x8", opponent="random")
>>> obs, info = envs.reset(seed=0)
>>> obs.shape, info["action_mask"].shape
((4, 6, 8, 8), (4, 65))

B games of one variant are stepped together in C++. Two modes:

- ``opponent=None``, **self-play**: every step plays one ply in every game, for
  whoever is to move; observations are from the point of view of the player to
  move, ``info["to_move"]`` says who that is. ``reward[i]`` is the reward of the
  player who made the step's move (``info["mover"]``). On the step that ends a
  game with next-step autoreset, the observation, the reward and
  ``info["to_move"]`` are all those of that player (nobody is to move), so
  ``info["rewards"][i, info["to_move"][i] - 1] == reward[i]``.
- ``opponent="random"``, ``"greedy"``, ``"search:D"`` (two players) or ``"mcts:N"``
  (played in C++ by the Batch over the games, :meth:`polyreversi.Batch.choose`) or any
  player (a function ``state -> move`` or an object with ``choose(state)``, or a name
  with options such as ``"search:time=0.1"``, called per game in Python): the agent plays ``seat`` in every game; a step plays the
  agent's move and then the opponents' until the agent is to move again.

Autoreset (``autoreset_mode``, also ``metadata["autoreset_mode"]``):

- ``"next-step"`` (Gymnasium's default): the step that ends a game returns its
  final observation with ``terminated`` True; the next step ignores that game's
  action and returns the first observation of a new game (reward 0).
- ``"same-step"`` (what SB3 and CleanRL loops expect): the step that ends a game
  returns ``terminated`` True, the game's reward, and already the first
  observation of the next game; the final observation is
  ``info["final_obs"]`` (uint8 (B, C, N, N), rows where ``info["_final_obs"]``
  is True; the view of the player ``reward`` belongs to).

Rewards (``reward=``): ``"win"``, the Batch reward rule (+1 / -1 / 0 for two
players, :attr:`polyreversi.Batch.rewards`), or ``"disks"``, the disk difference
(:func:`polyreversi.envs.observation.disk_rewards`: own disks minus the mean of
the others', over the variant's playable squares, the same count for every game
when ``blocked=random`` draws holes). Both only when a game ends;
``info["rewards"]`` (float32 (B, P), colour order) holds every player's, zeros
for games that did not end. Games are never truncated.

Arrays: observations uint8 (B, C, N, N) (C = P + 4, see
:func:`polyreversi.envs.observation.observe`), rewards float32 (B,),
terminations/truncations bool (B,), ``info["action_mask"]`` int8 0/1 (B, N*N+1)
(:data:`polyreversi.envs.observation.MASK_DTYPE`; zeros for a game that is over),
``info["to_move"]`` and ``info["mover"]`` int8 (B,) Color values (``mover`` 0 where
no move was played: the restart of next-step autoreset);
each step returns new arrays (``copy=False`` reuses one observation buffer).
Illegal actions raise :class:`polyreversi.IllegalMoveError` naming the game,
its move and its legal moves; nothing is played then.
:meth:`ReversiVectorEnv.sample_actions` draws legal actions in C++ (uniform, or from
a policy's probabilities or logits).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt
try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
except ImportError as error:
    from polyreversi.envs import missing_extra

    raise missing_extra(error, "envs") from None

from polyreversi import _validate
from polyreversi._core import Color
from polyreversi.batch import Batch
from polyreversi.bulk import MAX_BATCH
from polyreversi.envs import render as _render
from polyreversi.envs.observation import MASK_DTYPE, disk_rewards, observe_batch, plane_count, seat_color
from polyreversi.envs.opponents import Opponents, make_opponent, native_policy, opponent_specs
from polyreversi.envs.spec import EnvSpec
from polyreversi.players import Move
from polyreversi.state import State
from polyreversi.variant import Variant, checked_seed
from polyreversi._validate import shown


#: The ``autoreset_mode`` values and Gymnasium's names for them.
AUTORESET_MODES = {"next-step": AutoresetMode.NEXT_STEP, "same-step": AutoresetMode.SAME_STEP}
#: The ``reward`` rules.
REWARDS = ("win", "disks")


class ReversiVectorEnv(VectorEnv):
    """B games in one Batch, for self-play or against opponents.

    Args:
        num_envs: B, the number of games (1 .. :data:`polyreversi.bulk.MAX_BATCH`).
        variant: variant text or a Variant; ``blocked=random`` (or ``blocked=randomK``) draws
            new blocked squares for every game each time it starts.
        opponent: None for self-play; for every other seat a name (``"random"``, ``"greedy"``,
            ``"search:4"``, ``"mcts:200"``) or a player, or a list or tuple of
            them, one per other seat in turn order after ``seat`` (as the Gymnasium env,
            :func:`polyreversi.envs.opponents.opponent_specs`). One built-in name for every
            seat (``random``, ``greedy``, ``search:D``, ``mcts:N``) is played in C++ by the
            Batch; anything else in Python.
        seat: the agent's colour against opponents (``"black"``, ``"white"``, ``"red"``,
            ``"green"`` among the variant's players, or a Color); checked with self-play too.
        threads: threads of each Batch call (0 = every core; results do not depend on it).
        copy: return new observation arrays at each step (False: one buffer, overwritten).
        render_mode: None, ``"ansi"`` or ``"rgb_array"``: :meth:`render` shows game 0.
        autoreset_mode: ``"next-step"`` or ``"same-step"`` (see the module text).
        reward: ``"win"`` or ``"disks"`` (see the module text).

    Raises:
        VariantError: bad variant text. ValueError: a bad count,
        seat (a colour not in the game, even with ``opponent=None``), opponent name,
        number of opponents, autoreset mode or reward. TypeError: an opponent that is
        not a player.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": ["ansi", "rgb_array"]}

    def __init__(self, num_envs: int = 16, variant: Union[str, Variant] = "8x8", opponent: Optional[Opponents] = None,
                 seat: str = "black", threads: int = 0, copy: bool = True,
                 render_mode: Optional[str] = None, autoreset_mode: str = "next-step",
                 reward: str = "win") -> None:
        spec = EnvSpec.parse(variant)
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode: {shown(render_mode)} is not offered; allowed: None, 'ansi', 'rgb_array'")
        mode = autoreset_mode.value if isinstance(autoreset_mode, AutoresetMode) else autoreset_mode
        mode = {"NextStep": "next-step", "SameStep": "same-step"}.get(mode, mode)
        if mode not in AUTORESET_MODES:
            raise ValueError(f"autoreset_mode: {shown(autoreset_mode)}; allowed: {', '.join(AUTORESET_MODES)}")
        if reward not in REWARDS:
            raise ValueError(f"reward: {shown(reward)}; allowed: {', '.join(REWARDS)}")
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": AUTORESET_MODES[mode]}
        self.reward_rule = reward
        self.variant = spec.variant
        self.num_envs = _validate.whole(num_envs, "num_envs", 1, MAX_BATCH)
        n, players = self.variant.n, self.variant.players
        self.players = players
        self._playable = len(self.variant.squares)
        self._blocked = None if spec.random_blocked is None else "random"
        self._blocked_count = spec.random_blocked or None
        self.batch = Batch(self.variant, self.num_envs, threads=threads)
        self.threads = threads
        self.copy = bool(copy)
        self.render_mode = render_mode
        seat_colour = seat_color(seat, players)  # checked whatever the opponent
        self.seat = None if opponent is None else seat_colour
        self._opponent_specs = [] if opponent is None else opponent_specs(opponent, players - 1, self.variant)
        self._native = native_policy(self._opponent_specs, players)
        self._opponents: Dict[Color, Callable[[State], Move]] = {}
        if opponent is not None and self._native is None:
            self._make_opponents(0)
        self._observation_shape = (plane_count(players), n, n)
        self.single_observation_space = spaces.Box(0, 1, self._observation_shape, np.uint8)
        self.single_action_space = spaces.Discrete(n * n + 1)
        self.observation_space = spaces.Box(0, 1, (self.num_envs, plane_count(players), n, n), np.uint8)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, n * n + 1))
        self._buffer: Optional[np.ndarray] = None
        self._pending = np.zeros(self.num_envs, dtype=bool)
        self._started = False

    # -- the Gymnasium API -------------------------------------------------------
    def reset(self, *, seed: Union[int, Sequence[int], None] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Restarts every game (see the module text).

        Args:
            seed: None (go on from the last seed), an int in ``0 .. 2**64 - 1``, or a list
                of ``num_envs`` of them (Gymnasium's one seed per environment): the batch is
                seeded from the whole list (the same list, the same games; game i is not
                the game ``seed[i]`` alone would give).

        Raises:
            TypeError: a seed (or an item of the list) that is not an int.
            ValueError: a seed out of range, a list of another length than ``num_envs``.
        """
        super().reset(seed=_batch_seed(seed, self.num_envs))
        if self._opponent_specs and self._native is None:
            self._make_opponents(int(self.np_random.integers(2**63)))
        self.batch.reset("all", seed=int(self.np_random.integers(2**63)), blocked=self._blocked,
                         blocked_count=self._blocked_count)
        self._pending[:] = False
        if self.seat is not None:
            self._opponents_move("off")
        self._started = True
        return self._observation(), self._info(None, None, np.zeros(self.num_envs, np.int8))

    def step(self, actions: npt.ArrayLike) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """One step in every game (see the module text).

        Args:
            actions: integer array-like (B,): a move per game (N*N = forced pass); ignored
                for the games that ended at the previous step (next-step autoreset).

        Raises:
            IllegalMoveError: an illegal move (names the game); nothing is played.
            ValueError / TypeError: wrong shape or not integers.
            RuntimeError: step() before reset(), or after close().
        """
        if self.closed:
            raise RuntimeError("step() after close(): the environment is closed; make a new one")
        if not self._started:
            raise RuntimeError("step() before reset(); call reset() first")
        moves = _moves(actions, self.num_envs)
        batch = self.batch
        mover = batch.to_move.copy()
        restarting = self._pending  # next-step: the games that ended at the last step
        mover[restarting] = 0
        same = self.autoreset_mode == "same-step"
        if self.seat is None:
            batch.step(moves, autoreset=self.autoreset_mode)
            ended = batch.reset_mask.copy() if same else batch.done.copy()
        else:
            # The agent's move in the live games, then the opponents' plies in every game
            # where one is to move (the restarted ones included) until the agent is.
            mode = "same-step" if same else "off"
            batch.step(moves, autoreset=mode, which=~restarting)
            ended = batch.reset_mask.copy() if same else np.zeros(self.num_envs, bool)
            if restarting.any():
                batch.reset(restarting)
            ended |= self._opponents_move(mode)
            if not same:
                ended = batch.done.copy()
        everyone = self._rewards(ended, final=same)
        if self.seat is None:
            reward = everyone[np.arange(self.num_envs), np.maximum(mover, 1).astype(np.intp) - 1]
            reward[mover == 0] = 0.0
        else:
            reward = everyone[:, int(self.seat) - 1].copy()
        self._pending = np.zeros(self.num_envs, bool) if same else ended
        truncated = np.zeros(self.num_envs, dtype=bool)
        if same:
            view = None
        else:
            # On the step that ends a game nobody is to move: the observation, the reward and
            # info["to_move"] are all the view of the player who made the last move.
            view = np.where(ended, mover, self.batch.to_move) if self.seat is None else None
        info = self._info(everyone, view, mover)
        if same:  # the ended games' last positions, from the view of the player the reward is for
            if ended.any():
                perspective = int(self.seat) if self.seat is not None else np.where(ended, mover, 1)
                info["final_obs"] = batch.observe(perspective=perspective, final=True)
            else:  # no game ended: nothing to observe (rows are read only where _final_obs is True)
                info["final_obs"] = np.zeros((self.num_envs, *self._observation_shape), np.uint8)
            info["_final_obs"] = ended
        return self._observation(view), reward, ended, truncated, info

    def sample_actions(self, probs: Optional[npt.ArrayLike] = None, *, logits: Optional[npt.ArrayLike] = None,
                       temperature: float = 1.0) -> np.ndarray:
        """int32 (B,): a legal action per game drawn in C++ (-1 for finished games, which
        :meth:`step` ignores): uniform without arguments, else from ``probs`` or ``logits``
        (float32 (B, N*N+1); illegal actions are masked out), see :meth:`polyreversi.Batch.sample`.
        Seeded by :meth:`reset`."""
        if probs is not None and logits is not None:
            raise ValueError("sample_actions: give probs or logits, not both")
        if logits is not None:
            return self.batch.sample_logits(logits, temperature)
        if probs is not None:
            return self.batch.sample(probs)
        return self.batch.choose("random")

    def action_masks(self) -> np.ndarray:
        """int8 0/1 (B, N*N+1): the legal actions of every game now (rows of games over, or
        waiting for their next-step restart, are 0); a new array."""
        mask: np.ndarray = self.batch.masks.view(MASK_DTYPE).copy()
        mask[self.batch.done] = 0
        return mask

    def render(self) -> Union[str, np.ndarray, None]:  # type: ignore[override]  # game 0, not a tuple of pictures
        """Game 0 as text (``"ansi"``) or a picture (``"rgb_array"``); None without a render mode."""
        if self.render_mode is None:
            return None
        return _render.render(self.batch.state(0), self.render_mode)

    def close_extras(self, **kwargs: Any) -> None:
        pass

    # -- helpers -----------------------------------------------------------------
    def _seat(self) -> Color:
        """The agent's seat: set whenever there are opponents."""
        if self.seat is None:
            raise RuntimeError("no agent seat: the environment was made without opponents")
        return self.seat

    def _make_opponents(self, seed: int) -> None:
        """One move-choosing function per other seat; named ones seeded from ``seed``.
        A player object given is kept as it is (one for every seat it plays)."""
        players, seat = self.players, int(self._seat())
        others = [Color((seat + k - 1) % players + 1) for k in range(1, players)]
        self._opponents = {c: make_opponent(s, seed + k) for k, (c, s) in enumerate(zip(others, self._opponent_specs))}

    def _opponents_move(self, mode: str) -> np.ndarray:
        """The opponents' plies, each one Batch step over the games where an opponent is to
        move, until the agent is to move (or the game is over) in every game. Returns bool
        (B,): the games restarted on the way (``mode="same-step"``)."""
        batch, seat = self.batch, int(self._seat())
        restarted = np.zeros(self.num_envs, bool)
        while True:
            which = ~batch.done & (batch.to_move != seat)
            if not which.any():
                return restarted
            if self._native is not None:
                moves = batch.choose(self._native, which=which)
            else:
                moves = np.full(self.num_envs, -1, dtype=np.int32)
                for i in np.flatnonzero(which):
                    state = batch.state(int(i))
                    moves[i] = state.variant.square(self._opponents[state.to_move](state))
            batch.step(moves, autoreset=mode, which=which)
            if mode == "same-step":
                restarted |= batch.reset_mask

    def _rewards(self, ended: np.ndarray, final: bool) -> np.ndarray:
        """float32 (B, P): every player's reward of the games that ``ended`` (zeros elsewhere)
        by the reward rule; ``final``: of the games an autoreset restarted."""
        if self.reward_rule == "disks":
            scores = self.batch.final_scores if final else self.batch.scores
            everyone = disk_rewards(scores, self._playable, self.variant.anti)
        else:
            everyone = (self.batch.final_rewards if final else self.batch.rewards).copy()
        everyone[~ended] = 0.0
        return everyone

    def _observation(self, perspective: Optional[npt.ArrayLike] = None) -> np.ndarray:
        if self.seat is not None:
            perspective = int(self.seat)
        if self.copy:
            return observe_batch(self.batch, perspective)
        if self._buffer is None:
            self._buffer = observe_batch(self.batch, perspective)
            return self._buffer
        return observe_batch(self.batch, perspective, out=self._buffer)

    def _info(self, everyone: Optional[np.ndarray], view: Optional[np.ndarray], mover: np.ndarray) -> Dict[str, Any]:
        ones = np.ones(self.num_envs, dtype=bool)
        to_move = self.batch.to_move.copy() if view is None else view.astype(np.int8)
        info = {"action_mask": self.action_masks(), "_action_mask": ones, "to_move": to_move, "_to_move": ones,
                "mover": mover.astype(np.int8), "_mover": ones}
        if everyone is not None:
            info["rewards"], info["_rewards"] = everyone, ones
        return info


def _moves(actions: npt.ArrayLike, size: int) -> np.ndarray:
    array = np.asarray(actions)
    if array.shape != (size,):
        raise ValueError(f"actions: expected shape ({size},), got {array.shape}")
    if array.dtype.kind not in "iu":
        raise TypeError(f"actions: expected integers, got dtype {array.dtype}")
    if array.size and (array.min() < -(2**31) or array.max() >= 2**31):
        raise ValueError("actions: values outside int32")
    return array.astype(np.int32)



def _batch_seed(seed: Any, num_envs: int) -> Optional[int]:
    """The one seed of the batch for ``reset(seed=...)``: an int as it is, a list of
    ``num_envs`` ints drawn together into one (numpy's SeedSequence), each checked as
    a seed is (:func:`polyreversi.variant.checked_seed`: the package's check; gymnasium's
    own took 2**64, not 10**5000)."""
    if isinstance(seed, (list, tuple)):
        if len(seed) != num_envs:
            raise ValueError(f"seed: expected an int or a list of num_envs={num_envs} seeds, got a list of {len(seed)}")
        seeds: List[int] = []
        for i, item in enumerate(seed):
            try:
                value = checked_seed(item, optional=False)
            except (TypeError, ValueError) as e:
                raise type(e)(f"seed[{i}]{str(e)[len('seed'):]}") from None
            assert value is not None, "a seed that is not optional"
            seeds.append(value)
        return int(np.random.SeedSequence(seeds).generate_state(1, np.uint64)[0])
    return checked_seed(seed)


__all__ = ["ReversiVectorEnv", "AUTORESET_MODES", "REWARDS"]
