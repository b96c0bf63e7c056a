"""polyreversi: a fast, exact engine for Reversi (Othello) and its variants.

>>> import polyreversi as pr
>>> state = pr.Variant("8x8").start()
>>> [state.variant.square_name(m) for m in state.legal_moves()]
['d3', 'c4', 'f5', 'e6']
>>> state.play("f5"); state.scores()
(4, 1)

Boards 6x6, 8x8, 10x10 and octagon; Anti-Reversi, free opening, corner
handicap, 1-4 blocked squares; 2, 3 or 4 players. The rules are RULES.md.
"""
from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # signal's built-in core: typeshed has no stub of it
import atexit
import sys
import time

# What the package imports before the command line's Ctrl-C handling is in place
# (polyreversi.__main__) is kept to modules Python has already loaded or built in
# (atexit and _signal, for the exit hook below: no file is read; _signal is the
# built-in module under signal, which is not loaded at start-up): typing, types
# and importlib (not loaded at start-up, only its frozen core) are for type checkers
# or imported when used.
TYPE_CHECKING = False

__version__ = "0.1.0"

# Each public name and the module that defines it. The package imports none of them
# until a name is first used (PEP 562), so that ``import polyreversi`` (and the command
# line's start) does not load the native core, numpy and every submodule up front: a
# Ctrl-C while a command starts then stops the command, not an import half done.
_LAZY: Dict[str, str] = {
    "Color": "_core",
    "GamesResult": "bulk", "play_games": "bulk",
    "Batch": "batch", "observe": "batch",
    "ConcurrentUseError": "errors", "HistoryError": "errors", "IllegalMoveError": "errors",
    "InvalidSquareError": "errors", "PolyreversiError": "errors", "PositionError": "errors",
    "RecordError": "errors", "RecordWarning": "errors", "VariantError": "errors",
    "BLOCKED": "state", "CUT_OUT": "state", "EMPTY": "state", "NEUTRAL": "state", "State": "state",
    "perft": "state", "perft_divide": "state",
    "BOARDS": "variant", "Variant": "variant",
    "Game": "record", "Record": "record", "Result": "record", "StartPosition": "record", "record_of": "record",
    "Replay": "replay", "ReplayError": "replay",
    "UnsupportedGameError": "formats",
    "GreedyPlayer": "players", "HumanPlayer": "players", "RandomPlayer": "players", "play_game": "players",
    "MCTSPlayer": "players", "player_from_spec": "players",
    "MCTSResult": "mcts", "mcts": "mcts",
    "Limit": "limit",
    "SearchResult": "search", "SolveResult": "search", "evaluate": "search", "search": "search", "solve": "search",
    "MoveInfo": "search_player", "PlayResult": "search_player", "SearchPlayer": "search_player",
    "MultiPlayer": "multi", "MultiSearchResult": "multi", "multi_search": "multi",
    "InformedMCTSPlayer": "multi_mcts", "multi_mcts": "multi_mcts",
}

if TYPE_CHECKING:  # what type checkers and editors see; _LAZY is what runs (tests/test_imports.py checks they agree)
    from typing import Any, Dict, List

    from polyreversi import svg
    from polyreversi._core import Color
    from polyreversi.batch import Batch, observe
    from polyreversi.bulk import GamesResult, play_games
    from polyreversi.errors import (
        ConcurrentUseError,
        HistoryError,
        IllegalMoveError,
        InvalidSquareError,
        PolyreversiError,
        PositionError,
        RecordError,
        RecordWarning,
        VariantError,
    )
    from polyreversi.formats import UnsupportedGameError
    from polyreversi.limit import Limit
    from polyreversi.mcts import MCTSResult, mcts
    from polyreversi.multi import MultiPlayer, MultiSearchResult, multi_search
    from polyreversi.multi_mcts import InformedMCTSPlayer, multi_mcts
    from polyreversi.players import GreedyPlayer, HumanPlayer, MCTSPlayer, RandomPlayer, play_game, player_from_spec
    from polyreversi.record import Game, Record, Result, StartPosition, record_of
    from polyreversi.replay import Replay, ReplayError
    from polyreversi.search import SearchResult, SolveResult, evaluate, search, solve
    from polyreversi.search_player import MoveInfo, PlayResult, SearchPlayer
    from polyreversi.state import BLOCKED, CUT_OUT, EMPTY, NEUTRAL, State, perft, perft_divide
    from polyreversi.variant import BOARDS, Variant


def __getattr__(name: str) -> Any:
    """A public name, imported from its module at first use (then kept as a plain
    attribute); a submodule (``polyreversi.formats``) by its name.

    Raises:
        AttributeError: neither a public name nor a submodule.
    """
    import importlib

    module = _LAZY.get(name)
    if module is not None:
        value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    elif not name.startswith("__") and _is_submodule(name):
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def _is_submodule(name: str) -> bool:
    import importlib.util

    if "." in name:  # hasattr(polyreversi, "a.b"): no attribute (find_spec would import "a")
        return False
    return importlib.util.find_spec(f"{__name__}.{name}") is not None


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(type(sys)):  # type: ignore[misc]  # types.ModuleType, without importing types
    """The package's module type: importing the submodules ``search``, ``mcts`` and
    ``multi_mcts`` would otherwise bind the package's attribute of that name to the
    module (the import system sets it), hiding the function of the same name."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, type(sys)) and _LAZY.get(name) == name:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

#: True once the interpreter runs its exit hooks (the native core reads it when it is
#: loaded that late: it then starts stopped, and its calls raise SystemExit).
_exiting = False
#: Loads of the native core under way (its init counts itself, cpp/bindings/common.hpp
#: CoreLoad): the exit hook waits for them.
_core_loads = 0


def _stop_core_calls_at_exit() -> None:
    """The exit hook, registered at import, before any thread of the user's can load the
    native core (loaded lazily): stops the core's long calls and waits for them
    (``_core._stop_calls_at_exit``); a daemon thread still inside the core when Python
    finalises would abort the process. The core is not loaded here for the purpose."""
    global _exiting
    _exiting = True  # a load of the core that begins from now on starts stopped
    # A load under way ends first: its thread runs Python code inside the core's init,
    # where the finalisation must not end it.
    if _core_loads:
        _wait_for_core_loads()
    stop = getattr(sys.modules.get(f"{__name__}._core"), "_stop_calls_at_exit", None)
    if stop is not None:
        stop()


def _wait_for_core_loads() -> None:
    """Waits while a load of the core is under way, with SIGINT ignored meanwhile (as the
    core's own exit wait ignores it): a KeyboardInterrupt in the wait ended the hook
    before the stop, and the finalisation then ended the loading thread inside the
    core's init (status 134). The handler is set back after the wait. Only the main
    thread can change it; an exit on another thread (an embedding program's) waits with
    Ctrl-C as it is. An init is short and finite; sleeping lets it run."""
    try:
        previous = _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
    except ValueError:  # not the main thread
        previous = None
    try:
        while _core_loads:
            time.sleep(0.001)
    finally:
        if previous is not None:  # None: a handler not set from Python, which Python cannot set back
            _signal.signal(_signal.SIGINT, previous)


atexit.register(_stop_core_calls_at_exit)
__all__ = [
    "Color",
    "Limit",
    "MultiPlayer",
    "MultiSearchResult",
    "multi_search",
    "multi_mcts",
    "InformedMCTSPlayer",
    "State",
    "Variant",
    "BOARDS",
    "perft",
    "perft_divide",
    "play_games",
    "GamesResult",
    "Batch",
    "observe",
    "ConcurrentUseError",
    "EMPTY",
    "NEUTRAL",
    "BLOCKED",
    "CUT_OUT",
    "PolyreversiError",
    "VariantError",
    "InvalidSquareError",
    "IllegalMoveError",
    "PositionError",
    "HistoryError",
    "RecordError",
    "RecordWarning",
    "ReplayError",
    "UnsupportedGameError",
    "Record",
    "Result",
    "StartPosition",
    "Game",
    "record_of",
    "Replay",
    "RandomPlayer",
    "GreedyPlayer",
    "HumanPlayer",
    "play_game",
    "mcts",
    "MCTSResult",
    "MCTSPlayer",
    "player_from_spec",
    "svg",
    "search",
    "solve",
    "evaluate",
    "SearchResult",
    "SolveResult",
    "SearchPlayer",
    "PlayResult",
    "MoveInfo",
]
