"""Opponents of the single-agent environments: built-in players by name, or any player.

A name is ``"random"``, ``"greedy"`` or, where this build has them, ``"search"`` /
``"search:DEPTH"`` (:class:`polyreversi.SearchPlayer`) and ``"mcts"`` /
``"mcts:PLAYOUTS"`` (:class:`polyreversi.MCTSPlayer`). Anything else must be a
player (RULES-independent: a function ``state -> move`` or an object with
``choose(state)``, see :mod:`polyreversi.players`).
"""
from __future__ import annotations

from typing import Callable, Optional

import polyreversi
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
