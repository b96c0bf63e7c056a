"""The one adapter between the protocols (engine server, match referee) and the
search player: ``play(state, limit)``, ``analyse(state, limit, multipv)``,
``start``, ``new_game()``, answering in the engine client's result types
(:mod:`polyreversi.engine.results`). The clock policy is the player's
(:mod:`polyreversi.time_control`).
"""
from __future__ import annotations

from typing import List, Optional

from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.limit import Limit
from polyreversi.search_player import SearchHandle, SearchPlayer
from polyreversi.state import State


class LivingPlayer:
    """A search player for a whole game: one :class:`~polyreversi.SearchPlayer`
    (its hash table kept between moves), its results in the engine client's shape.

    Args:
        player: a ``polyreversi.SearchPlayer`` (default: a new one); its depth and
            time are the defaults of a limit that gives neither.
    """

    def __init__(self, player: Optional[SearchPlayer] = None) -> None:
        self.player = player if player is not None else SearchPlayer()

    def play(self, state: State, limit: Optional[Limit] = None) -> PlayResult:
        """The player's move for ``state`` (not changed) under ``limit``.

        Raises:
            ValueError: the game is over. VariantError: not a two-player game.
        """
        r = self.player.play(state, limit or Limit())
        return PlayResult(move=r.move, score=r.score, seconds=r.seconds)

    def analyse(self, state: State, limit: Optional[Limit] = None, multipv: int = 1) -> List[MoveInfo]:
        """The best ``multipv`` moves of ``state`` with their scores, best first.

        Raises:
            ValueError: the game is over. VariantError: not a two-player game.
        """
        return [MoveInfo(i.move, i.score, i.depth, list(i.pv), i.exact)
                for i in self.player.analyse(state, limit or Limit(), multipv=multipv)]

    def start(self, state: State, limit: Optional[Limit] = None) -> SearchHandle:
        """A search of ``state`` in the background that can be stopped (``stop()``,
        ``done()``, ``result()``)."""
        return self.player.start(state, limit or Limit())

    def new_game(self) -> None:
        """Forgets the last game (the player's hash table)."""
        self.player.new_game()
