"""Games and moves as the engine protocols write them (both sides: client and engine).

NBoard sends the whole game as GGF (:mod:`polyreversi.formats.ggf`: ``TY`` gives the
board size 6, 8 or 10 and ``a`` for Anti-Reversi; ``BO`` a custom start such as a
handicap); moves are square names in either case (``F5``, ``f5``, ``J10``) and
``PA`` (or ``pass``) for a pass. What GGF cannot express (the octagon, blocked
squares, the free opening, 3-4 players) travels in polyreversi's own extension:
one JSON Lines record (:mod:`polyreversi.formats.json_record`), see docs/engines.md.
"""
from __future__ import annotations

import re
import warnings
from typing import List, Optional

from polyreversi.errors import EngineProtocolError, RecordError, RecordWarning, quoted, quoted_name
from polyreversi.formats import ggf, json_record
from polyreversi.state import State
from polyreversi.variant import Variant

_MOVE = re.compile(r"(?i)(?:pa(?:ss)?|[a-z](?:10|[1-9]))")


def clock_text(seconds: float) -> str:
    """A GGF ``TI`` clock: ``h:mm:ss``, whole seconds (GGF's and NTest's form has no
    fraction): rounded down, so that an engine is never told more than it has, except
    under a second, sent as 1 (``TI[0]`` would read as no time control)."""
    whole = max(1, int(seconds // 1))
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def empties(state: State) -> int:
    """Empty squares of ``state`` (blocked and cut-out squares excluded)."""
    return state.empties()


def ggf_expressible(state: State) -> bool:
    """True when GGF (and so NBoard and plain GTP) can express ``state``'s game."""
    v = state.variant
    return (v.players == 2 and v.board != "octagon" and not v.blocked and not v.free_opening)


def state_to_ggf(state: State, clock: Optional[float] = None) -> str:
    """The game of ``state`` (its start and every move since) as one GGF line.

    Args:
        clock: seconds on the mover's clock, written as ``TI`` (both clocks, no move
            times, so the engine reads this much left); None: no ``TI``.

    Raises:
        EngineProtocolError: a variant GGF cannot express (see :func:`ggf_expressible`).
    """
    record = state.record()
    if clock is not None:
        record = record.replace(meta={"ggf": {"TI": clock_text(clock)}})
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RecordWarning)  # a handicap is written as its board, as wanted
            return ggf.dumps(record)
    except RecordError as e:
        raise EngineProtocolError(f"the NBoard protocol cannot send this game: {e}") from None


def state_from_ggf(text: str) -> State:
    """The position at the end of a GGF game (NBoard's ``set game``).

    Raises:
        RecordError: a malformed game, or moves that do not replay (the message names them).
    """
    return ggf.parse_game(text).replay().final


def state_to_json(state: State) -> str:
    """The game of ``state`` as one JSON Lines record (the extension for every variant)."""
    return json_record.dumps_line(state.record())


def state_from_json(text: str) -> State:
    """The position at the end of a game given as a JSON record line, of which only
    ``variant`` and ``moves`` are needed (:func:`~polyreversi.formats.json_record.loads_game`).

    Raises:
        RecordError: a malformed record or moves that do not replay.
    """
    return json_record.loads_game(text).replay().final


def move_text(variant: Variant, move: int, upper: bool = True) -> str:
    """A move as the protocols write it: ``F5`` (or ``f5``), ``PA`` for a pass."""
    if move == variant.PASS:
        return "PA" if upper else "pass"
    name = variant.square_name(move)
    return name.upper() if upper else name


def parse_move_text(state: State, text: str, engine: Optional[str]) -> int:
    """The square index of a move an engine wrote for ``state`` (legal or not: the
    caller checks legality, so that the error can say "illegal" rather than "nonsense").
    ``engine``: the engine's name for the message; None for a move a controller sent
    to our own engine (then the message names the move alone).

    Raises:
        EngineProtocolError: text that is not a square of the board or a pass.
    """
    word = text.strip()
    said = quoted(text) if engine is None else f"engine {quoted_name(engine)} answered {quoted(text)}, which"
    if not _MOVE.fullmatch(word):
        raise EngineProtocolError(f"{said} is not a move")
    if word.lower() in ("pa", "pass"):
        return state.PASS
    try:
        return state.variant.square(word.lower())
    except ValueError:
        raise EngineProtocolError(f"{said} is not a square of {state.variant.board}") from None


def first_move_of_pv(pv: str) -> List[str]:
    """The moves of an NBoard PV (``F5d6C3``, ``F5-D6-C3``) as texts."""
    return _MOVE.findall(pv)
