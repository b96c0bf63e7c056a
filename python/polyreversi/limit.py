"""How long a search may think: one object for the search, the solver, MCTS,
the players and the engine protocols (the shape of python-chess's
``chess.engine.Limit``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from polyreversi import _core, _validate

__all__ = ["Limit", "MAX_DEPTH", "MAX_MOVES_TO_GO", "MAX_MULTIPV", "MAX_NODES", "MAX_TIME"]

#: The deepest search in plies: longer than any game of any variant (RULES.md: every move
#: fills a square), so a search this deep plays every game to its end (the core's limits).
MAX_DEPTH: int = _core.limits.MAX_DEPTH
#: The most moves an analysis may rank (as many as the largest board has squares:
#: every move of any position).
MAX_MULTIPV: int = _core.limits.MAX_MULTIPV
#: The most positions a search may be given.
MAX_NODES: int = _core.limits.MAX_SEARCH_NODES
#: The most seconds a limit may give (``time``, ``clock``, ``increment``): a day, as an
#: MCTS search's longest time; a longer one is a typo, and a huge one (1e300) would
#: overflow the search's deadline so that it never ends.
MAX_TIME: float = _core.limits.MAX_SECONDS
#: The most moves to go before the clock is next filled: a mover plays fewer moves
#: than the longest game has plies, so a larger count is the same as sudden death.
MAX_MOVES_TO_GO: int = _core.limits.LONGEST_GAME


@dataclass(frozen=True)
class Limit:
    """A search's limits; the first one reached stops it.

    Attributes:
        depth: plies, 1 .. :data:`MAX_DEPTH` (a forced pass is a ply).
        time: seconds for this move (float > 0, at most :data:`MAX_TIME`): a player's
            mean over its moves, each at most :data:`polyreversi.time_control.MOVE_STOP_FACTOR`
            times it on what its moves before saved
            (:attr:`polyreversi.SearchPlayer.saved_time`); :func:`polyreversi.search`'s hard limit.
        nodes: positions visited, 1 .. :data:`MAX_NODES`.
        clock: seconds left on the mover's game clock (float >= 0, at most
            :data:`MAX_TIME`, as ``increment``); a player
            that lives through a game spends it over the moves to come.
        increment: seconds added to the clock after each move (float >= 0).
        moves_to_go: moves to play before the clock is next filled, 1 ..
            :data:`MAX_MOVES_TO_GO`;
            ``None`` for sudden death.
        overtime: seconds each of the mover's moves may take once the clock has run
            out (float >= 0, at most :data:`MAX_TIME`): a byo-yomi period, or a
            Canadian period's time over its moves (GTP's ``time_settings``). A player
            then spends the clock faster, each move its share of the clock plus most of
            the overtime, so that the moves after the clock use the overtime (a move
            never plans past the clock and that share). Not with ``moves_to_go`` (a
            clock filled again has no overtime); the NBoard and UCI clients cannot
            send it (their protocols have none): their engines spend the clock alone.

    Every field is optional; ``Limit()`` means "the caller's default".

    Raises:
        TypeError: a field of the wrong type. ValueError: a field out of range,
        or ``increment``/``moves_to_go`` without ``clock``.

    >>> Limit(depth=8)
    Limit(depth=8)
    >>> Limit(clock=60.0, increment=1.0).clock
    60.0
    """

    depth: Optional[int] = None
    time: Optional[float] = None
    nodes: Optional[int] = None
    clock: Optional[float] = None
    increment: Optional[float] = None
    moves_to_go: Optional[int] = None
    overtime: Optional[float] = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # frozen: the checked values replace the given ones
        set_(self, "depth", _validate.optional_whole(self.depth, "depth", 1, MAX_DEPTH))
        set_(self, "time", _validate.optional_seconds(self.time, "time", high=MAX_TIME))
        set_(self, "nodes", _validate.optional_whole(self.nodes, "nodes", 1, MAX_NODES))
        set_(self, "clock", _validate.optional_seconds(self.clock, "clock", zero=True, high=MAX_TIME))
        set_(self, "increment", _validate.optional_seconds(self.increment, "increment", zero=True, high=MAX_TIME))
        set_(self, "moves_to_go", _validate.optional_whole(self.moves_to_go, "moves_to_go", 1, MAX_MOVES_TO_GO))
        set_(self, "overtime", _validate.optional_seconds(self.overtime, "overtime", zero=True, high=MAX_TIME))
        if self.clock is None and (self.increment is not None or self.moves_to_go is not None
                                   or self.overtime is not None):
            raise ValueError("increment, moves_to_go and overtime need a clock: give Limit(clock=SECONDS, ...)")
        if self.overtime is not None and self.moves_to_go is not None:
            raise ValueError("overtime follows a clock that is not filled again, and moves_to_go says when it "
                             "is: give one of them")

    def is_empty(self) -> bool:
        """True when no field is set."""
        return all(getattr(self, f) is None for f in ("depth", "time", "nodes", "clock"))

    def __repr__(self) -> str:
        fields = ("depth", "time", "nodes", "clock", "increment", "moves_to_go", "overtime")
        given = [f"{f}={getattr(self, f)!r}" for f in fields if getattr(self, f) is not None]
        return f"Limit({', '.join(given)})"
