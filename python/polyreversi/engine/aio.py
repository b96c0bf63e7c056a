"""The asyncio engine client: the coroutines of :class:`~polyreversi.engine.simple.SimpleEngine`.

Each request runs the blocking client in a worker thread (``asyncio.to_thread``),
so the event loop stays free while the engine thinks; python-chess's
``popen_uci`` shape:

>>> import asyncio, sys, polyreversi as pr
>>> from polyreversi import engine
>>> async def main():
...     transport, eng = await engine.popen_nboard([sys.executable, "-m", "polyreversi", "engine"])
...     try:
...         return (await eng.play(pr.Variant().start(), pr.Limit(depth=2))).move
...     finally:
...         await eng.quit()
>>> asyncio.run(main()) in (19, 26, 37, 44)
True
"""
from __future__ import annotations

import asyncio
from typing import Any, List, Optional, Tuple

from polyreversi.engine._process import Command, EngineProcess
from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.engine.simple import SimpleEngine
from polyreversi.limit import Limit
from polyreversi.state import State


class AsyncEngine:
    """An engine for ``await``: :meth:`play`, :meth:`analyse`, :meth:`quit` (see
    :class:`~polyreversi.engine.simple.SimpleEngine` for arguments and errors)."""

    def __init__(self, simple: SimpleEngine) -> None:
        self.simple = simple

    @property
    def name(self) -> str:
        return self.simple.name

    async def play(self, state: State, limit: Optional[Limit] = None) -> PlayResult:
        return await asyncio.to_thread(self.simple.play, state.copy(), limit)

    async def analyse(self, state: State, limit: Optional[Limit] = None, *, multipv: int = 1) -> List[MoveInfo]:
        return await asyncio.to_thread(self.simple.analyse, state.copy(), limit, multipv=multipv)

    async def new_game(self) -> None:
        await asyncio.to_thread(self.simple.new_game)

    async def quit(self) -> None:
        await asyncio.to_thread(self.simple.quit)


async def popen(protocol: str, command: Command, **kwargs: Any) -> Tuple[EngineProcess, AsyncEngine]:
    """Starts an engine: ``(transport, engine)`` as python-chess returns them (the
    transport is the :class:`~polyreversi.engine._process.EngineProcess`)."""
    simple = await asyncio.to_thread(SimpleEngine.popen, protocol, command, **kwargs)
    return simple.protocol.process, AsyncEngine(simple)


async def popen_nboard(command: Command, **kwargs: Any) -> Tuple[EngineProcess, AsyncEngine]:
    """An NBoard engine for asyncio (see :meth:`SimpleEngine.popen`)."""
    return await popen("nboard", command, **kwargs)


async def popen_gtp(command: Command, **kwargs: Any) -> Tuple[EngineProcess, AsyncEngine]:
    """A GTP engine for asyncio (see :meth:`SimpleEngine.popen`)."""
    return await popen("gtp", command, **kwargs)


async def popen_uci(command: Command, **kwargs: Any) -> Tuple[EngineProcess, AsyncEngine]:
    """A UCI engine for asyncio (see :meth:`SimpleEngine.popen`)."""
    return await popen("uci", command, **kwargs)
