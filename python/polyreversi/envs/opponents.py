"""Opponents of the single-agent environments: built-in players by name, or any player.

A name is ``"random"``, ``"greedy"`` or, where this build has them, ``"search"`` /
``"search:DEPTH"`` (:class:`polyreversi.SearchPlayer`) and ``"mcts"`` /
``"mcts:PLAYOUTS"`` (:class:`polyreversi.MCTSPlayer`), with the options of the
command line's seat specs where :func:`polyreversi.players.player_from_spec` exists. Anything else must be a
player: a function ``state -> move`` or an object with ``choose(state)``
(see :mod:`polyreversi.players`).
"""
from __future__ import annotations

from typing import Callable, Optional

import polyreversi
import polyreversi.players
from polyreversi.players import GreedyPlayer, RandomPlayer, as_callable

#: Names that map to a built-in policy the Batch plays in C++ (the vector environment).
NATIVE = ("random", "greedy")

_CLASSES = {"random": RandomPlayer, "greedy": GreedyPlayer}
_OPTIONAL = {"search": "SearchPlayer", "mcts": "MCTSPlayer"}


def opponent_names() -> list:
    """The opponent names this build offers."""
    return list(_CLASSES) + [n for n, cls in _OPTIONAL.items() if hasattr(polyreversi, cls)]


def make_opponent(spec, seed: Optional[int]) -> Callable:
    """A move-choosing function from a name (seeded with ``seed``) or a player.

    Raises:
        ValueError: an unknown name, or a bad ``:N`` argument (the message lists the names).
        TypeError: neither a name nor a player.
    """
    if not isinstance(spec, str):
        return as_callable(spec)
    name, _, arg = spec.strip().lower().partition(":")
    if name == "human":
        raise ValueError("opponent: 'human' would wait for typed moves inside step(); give a computer player")
    from_spec = getattr(polyreversi.players, "player_from_spec", None)
    if from_spec is not None and name in ("search", "mcts"):  # the seat specs of the command line
        return as_callable(from_spec(spec.strip().lower(), seed))
    if name in _CLASSES and not arg:
        return as_callable(_CLASSES[name](seed=seed))
    if name in _OPTIONAL and hasattr(polyreversi, _OPTIONAL[name]):
        cls = getattr(polyreversi, _OPTIONAL[name])
        if not arg:
            return as_callable(cls())
        if not arg.isdigit():
            raise ValueError(f"opponent: {spec!r}: expected {name}:N with a whole number N")
        return as_callable(cls(int(arg)))
    raise ValueError(f"opponent: unknown opponent {spec!r}; known: {', '.join(opponent_names())}, "
                     "or a player (a function state -> move, or an object with choose(state))")


__all__ = ["NATIVE", "make_opponent", "opponent_names"]
