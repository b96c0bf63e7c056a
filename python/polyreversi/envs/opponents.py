"""Opponents of the single-agent environments: built-in players by name, or any player.

A name is ``"random"``, ``"greedy"``, ``"search"`` / ``"search:DEPTH"``
(:class:`polyreversi.SearchPlayer`) or ``"mcts"`` / ``"mcts:PLAYOUTS"``
(:class:`polyreversi.MCTSPlayer`) or ``"baseline"`` / ``"baseline:SIMULATIONS"``
(:class:`polyreversi.baseline.BaselinePlayer`, the shipped network), with the options of the command line's seat specs
(:func:`polyreversi.players.player_from_spec`). Anything else must be a player: a
function ``state -> move`` or an object with ``choose(state)`` (see
:mod:`polyreversi.players`).
"""
from __future__ import annotations

import re
from typing import Callable, List, Optional, Sequence, Union

from polyreversi.players import GreedyPlayer, Move, Player, RandomPlayer, as_callable, player_from_spec
from polyreversi.state import State
from polyreversi.variant import Variant
from polyreversi._validate import shown

#: Names that map to a built-in policy the Batch plays in C++ (the vector environment);
#: ``search:D`` (two players) and ``mcts:N`` with no other option are played there too
#: (:meth:`polyreversi.Batch.choose`).
NATIVE = ("random", "greedy")
_NATIVE_SEARCH = re.compile(r"(search|mcts):[1-9][0-9]*")

#: One opponent: a name (``"greedy"``, ``"search:2"``...) or a player.
Opponent = Union[str, Player]
#: The ``opponent`` argument of the environments: one opponent for every other seat, or one per seat.
Opponents = Union[Opponent, Sequence[Opponent]]

_CLASSES = {"random": RandomPlayer, "greedy": GreedyPlayer}
_SEARCHES = ("search", "mcts", "baseline")  # the seat specs of the command line, options and all


def opponent_names() -> List[str]:
    """The opponent names: ``random``, ``greedy``, ``search``, ``mcts``, ``baseline``."""
    return list(_CLASSES) + list(_SEARCHES)


def make_opponent(spec: Opponent, seed: Optional[int]) -> Callable[[State], Move]:
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
    if name in _SEARCHES:
        return as_callable(player_from_spec(spec.strip().lower(), seed))
    if name in _CLASSES and not arg:
        return as_callable(_CLASSES[name](seed=seed))
    raise ValueError(f"opponent: unknown opponent {shown(spec)}; known: {', '.join(opponent_names())}, "
                     "or a player (a function state -> move, or an object with choose(state))")


def opponent_specs(opponent: Opponents, others: int, variant: Variant) -> List[Opponent]:
    """The opponent of each other seat, in turn order after the agent's, from the
    ``opponent`` argument of the environments: one name or player for every other
    seat, or a list or tuple of them, one per other seat. Each is checked now (built
    once with seed 0), not at the first reset.

    Args:
        opponent: a name, a player, or a sequence of ``others`` of them.
        others: the number of other seats (players - 1).
        variant: the rules, named in messages.

    Raises:
        ValueError: the wrong number of opponents, an unknown name. TypeError: an
            opponent that is neither a name nor a player.
    """
    if isinstance(opponent, (list, tuple)):
        if len(opponent) != others:
            raise ValueError(f"opponent: {variant} has {others} other seat(s); got {len(opponent)} opponents")
        specs = list(opponent)
    else:
        specs = [opponent] * others
    for spec in specs:  # fail now, not at the first reset
        make_opponent(spec, 0)
    return specs


def native_policy(specs: Sequence[Opponent], players: int = 2) -> Optional[str]:
    """The Batch policy (:meth:`polyreversi.Batch.choose`) playing every seat of ``specs``,
    if they all name the same one: ``random``, ``greedy``, ``mcts:N``, or ``search:D`` when
    the game has two ``players``."""
    first = specs[0].strip().lower() if specs and isinstance(specs[0], str) else None
    if first is None or not all(isinstance(s, str) and s.strip().lower() == first for s in specs):
        return None
    if first in NATIVE or (_NATIVE_SEARCH.fullmatch(first) and (players == 2 or first.startswith("mcts"))):
        return first
    return None


__all__ = ["NATIVE", "make_opponent", "native_policy", "opponent_names", "opponent_specs"]
