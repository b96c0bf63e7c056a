"""The blocking engine client (python-chess's ``chess.engine.SimpleEngine`` shape).

>>> import sys, polyreversi as pr
>>> from polyreversi.engine import SimpleEngine
>>> with SimpleEngine.popen_nboard([sys.executable, "-m", "polyreversi", "engine"]) as engine:
...     result = engine.play(pr.Variant().start(), pr.Limit(depth=2))
>>> result.move in (19, 26, 37, 44)
True
"""
from __future__ import annotations

import threading
from typing import Any, Callable, List, Mapping, Optional, TypeVar

from polyreversi import _validate
from polyreversi.engine._process import Command, EngineProcess
from polyreversi.engine.gtp import GtpProtocol
from polyreversi.engine.nboard import NBoardProtocol
from polyreversi.engine.protocol import DEFAULT_TIMEOUT, DEPTH_TIMEOUT, STARTUP_TIMEOUT, Protocol
from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.engine.uci import UciProtocol
from polyreversi.errors import EngineError, EngineTerminatedError, quoted, quoted_name
from polyreversi.limit import MAX_MULTIPV, Limit
from polyreversi.state import State

_T = TypeVar("_T")

#: The protocols by name, as ``popen`` and the ``nboard:``/``gtp:``/``uci:`` seat specs spell them.
PROTOCOLS = {"nboard": NBoardProtocol, "gtp": GtpProtocol, "uci": UciProtocol}


class SimpleEngine:
    """An external engine, spoken to over NBoard, GTP or UCI; one request at a time
    (calls from several threads wait for each other).

    Build it with :meth:`popen_nboard`, :meth:`popen_gtp` or :meth:`popen_uci`; use it in a ``with``
    block, or call :meth:`quit`, so that the process ends (it is ended anyway when
    Python exits, Ctrl-C included).

    Attributes:
        name: the engine's name (NBoard ``set myname``, GTP ``name``, UCI ``id name``).
        protocol: the :class:`~polyreversi.engine.protocol.Protocol` object.
    """

    def __init__(self, protocol: Protocol) -> None:
        self.protocol = protocol
        self._lock = threading.Lock()
        self._closed = False

    @classmethod
    def popen(cls, protocol: str, command: Command, *, timeout: float = DEFAULT_TIMEOUT,
              depth_timeout: float = DEPTH_TIMEOUT, startup_timeout: float = STARTUP_TIMEOUT, cwd: Optional[str] = None,
              env: Optional[Mapping[str, str]] = None, **options: Any) -> "SimpleEngine":
        """Starts ``command`` and greets it in ``protocol`` (``"nboard"``, ``"gtp"`` or ``"uci"``).

        Args:
            command: the program and its arguments (a string is split as by a POSIX shell).
            timeout: seconds a reply that needs no thinking may take (> 0).
            startup_timeout: seconds the greeting may take (the engine loading its files).
            depth_timeout: seconds a search limited by depth alone may take (> 0).
            cwd, env: the engine's working directory and environment.
            options: for GTP, ``coordinates="othello"|"go"``; for UCI, ``options={NAME: VALUE}``
                (UCI options set after the greeting, e.g. ``VariantPath``).

        Raises:
            ValueError: an unknown protocol or a bad argument. EngineTerminatedError: the
            program cannot start or ends at once. EngineTimeoutError: no greeting in time.
            EngineProtocolError: the greeting is not the protocol's.
        """
        if protocol not in PROTOCOLS:
            raise ValueError(f"protocol: {quoted(protocol)} is not one of {', '.join(PROTOCOLS)}")
        timeout = _validate.seconds(timeout, "timeout")
        depth_timeout = _validate.seconds(depth_timeout, "depth_timeout")
        startup_timeout = _validate.seconds(startup_timeout, "startup_timeout")
        process = EngineProcess(command, cwd=cwd, env=env)
        try:
            proto = PROTOCOLS[protocol](process, timeout=startup_timeout, depth_timeout=depth_timeout, **options)
            proto.handshake()
            proto.timeout = timeout
        except BaseException:
            process.close()
            raise
        return cls(proto)

    @classmethod
    def popen_nboard(cls, command: Command, **kwargs: Any) -> "SimpleEngine":
        """An NBoard engine (see :meth:`popen`)."""
        return cls.popen("nboard", command, **kwargs)

    @classmethod
    def popen_gtp(cls, command: Command, **kwargs: Any) -> "SimpleEngine":
        """A GTP engine (see :meth:`popen`)."""
        return cls.popen("gtp", command, **kwargs)

    @classmethod
    def popen_uci(cls, command: Command, **kwargs: Any) -> "SimpleEngine":
        """A UCI engine such as Fairy-Stockfish (see :meth:`popen` and
        :mod:`polyreversi.engine.uci`): ``SimpleEngine.popen_uci(path,
        options={"VariantPath": ini})``."""
        return cls.popen("uci", command, **kwargs)

    @property
    def name(self) -> str:
        return self.protocol.name

    def _call(self, what: Callable[..., _T], *args: Any) -> _T:
        with self._lock:
            if self._closed:
                raise EngineTerminatedError(f"engine {quoted_name(self.name)} was closed")
            try:
                return what(*args)
            except EngineError:
                if not self.protocol.process.alive:
                    self._closed = True
                raise
            except KeyboardInterrupt:
                self.close()
                raise

    def play(self, state: State, limit: Optional[Limit] = None) -> PlayResult:
        """The engine's move for ``state`` (which is not changed).

        Args:
            state: a two-player position whose game is not over.
            limit: depth, time, clock (and increment), nodes; see the protocol modules for
                what each protocol can express. None: ``Limit(depth=...)`` is required for
                NBoard and UCI, GTP engines use their own settings.

        Returns:
            A :class:`PlayResult` (``.move`` a legal square index of ``state``).

        Raises:
            EngineIllegalMoveError: an illegal move. EngineProtocolError: a reply that is not
            the protocol's, or a game it cannot express. EngineTimeoutError: no move in
            time (limit plus ``timeout``). EngineTerminatedError: the engine died.
            ValueError: a finished game.
        """
        return self._call(self.protocol.play, state, _limit(limit))

    def analyse(self, state: State, limit: Optional[Limit] = None, *, multipv: int = 1) -> List[MoveInfo]:
        """The engine's values of its best ``multipv`` moves, best first (NBoard ``hint``,
        UCI ``MultiPV``).

        Raises:
            as :meth:`play`; EngineProtocolError when the protocol has no analysis (plain GTP).
        """
        multipv = _validate.whole(multipv, "multipv", 1, MAX_MULTIPV)
        return self._call(self.protocol.analyse, state, _limit(limit), multipv)

    def new_game(self) -> None:
        """Tells the engine that the next position belongs to another game."""
        self._call(self.protocol.new_game)

    def quit(self) -> None:
        """Asks the engine to exit and makes sure it has (idempotent)."""
        self.close()

    def close(self) -> None:
        """As :meth:`quit`."""
        self._closed = True
        self.protocol.close()

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SimpleEngine {type(self.protocol).__name__[:-8]} {quoted_name(self.name)}>"


def _limit(limit: Optional[Limit]) -> Limit:
    if limit is None:
        return Limit()
    if not isinstance(limit, Limit):
        raise TypeError(f"limit: expected a polyreversi.Limit, got {type(limit).__name__}")
    return limit
