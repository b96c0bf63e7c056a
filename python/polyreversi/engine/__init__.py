"""Talk to Othello engines over the NBoard, GTP and UCI protocols, blocking or with asyncio
(the shape of python-chess's ``chess.engine``), and make them seats of games.

>>> from polyreversi.engine import SimpleEngine, Limit   # doctest: +SKIP
>>> with SimpleEngine.popen_nboard("/path/to/ntest") as engine:   # doctest: +SKIP
...     engine.play(state, Limit(depth=8)).move
>>> with SimpleEngine.popen_uci("fairy-stockfish", options={"VariantPath": "variants.ini"}) as fs:   # doctest: +SKIP
...     fs.play(state, Limit(time=0.1)).move

Errors: :class:`~polyreversi.errors.EngineError` and its subclasses
(``EngineTerminatedError``, ``EngineProtocolError``, ``EngineTimeoutError``,
``EngineIllegalMoveError``). docs/engines.md has the details and examples.
"""
from __future__ import annotations

from polyreversi.engine.aio import AsyncEngine, popen, popen_gtp, popen_nboard, popen_uci
from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.engine.seat import EngineSeat
from polyreversi.engine import simple as _simple
from polyreversi.engine.simple import SimpleEngine
from polyreversi.errors import (EngineError, EngineIllegalMoveError, EngineProtocolError, EngineTerminatedError,
                                EngineTimeoutError)
from polyreversi.limit import Limit

#: The protocols a client speaks, by name (``"nboard"``, ``"gtp"``, ``"uci"``), and their classes.
PROTOCOLS = _simple.PROTOCOLS

__all__ = [
    "SimpleEngine",
    "AsyncEngine",
    "popen",
    "popen_nboard",
    "popen_gtp",
    "popen_uci",
    "PlayResult",
    "MoveInfo",
    "Limit",
    "EngineSeat",
    "PROTOCOLS",
    "EngineError",
    "EngineTerminatedError",
    "EngineProtocolError",
    "EngineTimeoutError",
    "EngineIllegalMoveError",
]
