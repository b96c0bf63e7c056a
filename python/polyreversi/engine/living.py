"""The one adapter between the protocols (engine server, match referee) and the
search player: ``play(state, limit)``, ``analyse(state, limit, multipv)``,
``new_game()``, with the clock spent over the game.

When ``polyreversi.SearchPlayer`` has the living player's ``play``/``analyse``
(a hash table kept between moves, its own clock policy), they are used as they
are; otherwise this module drives :func:`polyreversi.search` and
:func:`polyreversi.solve` itself. Switching is this module alone.
"""
from __future__ import annotations

from typing import List, Optional

from polyreversi.engine.games import empties
from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.limit import Limit
from polyreversi.search import DEFAULT_DEPTH, SearchPlayer, search, solve
from polyreversi.state import State

#: Share of the clock one move may take at most (the rest is kept for later moves).
MAX_CLOCK_SHARE = 0.25
#: Empty squares at or below which ``analyse`` gives every move its exact score.
EXACT_EMPTIES = 14


def move_seconds(state: State, limit: Limit) -> Optional[float]:
    """Seconds to spend on this move under ``limit``: its ``time``, or a share of its
    ``clock``: the clock over the mover's moves still to play (``moves_to_go`` when
    given, else half the empty squares), plus most of the increment, never more than
    :data:`MAX_CLOCK_SHARE` of the clock. None when neither is given."""
    budget = limit.time
    if limit.clock is not None:
        moves = limit.moves_to_go or max(1, (empties(state) + 1) // 2)
        share = limit.clock / moves + 0.8 * (limit.increment or 0.0)
        share = max(0.001, min(share, limit.clock * MAX_CLOCK_SHARE + 0.8 * (limit.increment or 0.0)))
        budget = share if budget is None else min(budget, share)
    return budget


class LivingPlayer:
    """A search player for a whole game (see the module's notes).

    Args:
        player: a ``polyreversi.SearchPlayer`` (default: a new one); its depth and
            time are the defaults of a limit that gives neither.
    """

    def __init__(self, player: Optional[SearchPlayer] = None) -> None:
        self.player = player if player is not None else SearchPlayer()
        self.native = callable(getattr(self.player, "play", None)) and callable(getattr(self.player, "analyse", None))

    def _limits(self, state: State, limit: Limit) -> dict:
        depth = limit.depth
        seconds = move_seconds(state, limit)
        if depth is None and seconds is None and limit.nodes is None:
            depth = getattr(self.player, "depth", None)
            seconds = getattr(self.player, "time", None)
            if depth is None and seconds is None:
                depth = DEFAULT_DEPTH
        return {"depth": depth, "time": seconds, "nodes": limit.nodes,
                "threads": getattr(self.player, "threads", 1)}

    def play(self, state: State, limit: Optional[Limit] = None) -> PlayResult:
        """The player's move for ``state`` (not changed) under ``limit``.

        Raises:
            ValueError: the game is over. VariantError: not a two-player game.
        """
        limit = limit or Limit()
        if self.native:
            r = self.player.play(state, limit)
            return PlayResult(move=r.move, score=r.score, seconds=r.seconds)
        if state.is_over():
            raise ValueError("the game is over; there is no move to choose")
        r = search(state, **self._limits(state, limit))
        return PlayResult(move=r.move, score=r.score, seconds=r.seconds)

    def analyse(self, state: State, limit: Optional[Limit] = None, multipv: int = 1) -> List[MoveInfo]:
        """The best ``multipv`` moves of ``state`` with their scores, best first: exact
        (the solver's) with at most :data:`EXACT_EMPTIES` empty squares, otherwise each
        move searched one ply shallower than the limit's depth.

        Raises:
            ValueError: the game is over. VariantError: not a two-player game.
        """
        limit = limit or Limit()
        if self.native:
            return [MoveInfo(i.move, i.score, i.depth, list(i.pv), i.exact)
                    for i in self.player.analyse(state, limit, multipv=multipv)]
        if state.is_over():
            raise ValueError("the game is over; there is no move to analyse")
        moves = state.legal_moves()
        if empties(state) <= EXACT_EMPTIES:
            scores = solve(state, moves=True).scores
            infos = [MoveInfo(m, float(scores[m]), empties(state), [m], exact=True) for m in moves]
        else:
            opts = self._limits(state, limit)
            if opts["time"] is not None:
                opts["time"] = opts["time"] / len(moves)
            if opts["depth"] is not None:
                opts["depth"] = max(1, opts["depth"] - 1)
            infos = []
            for m in moves:
                child = state.child(m)
                if child.is_over():
                    mine = child.scores()[int(state.to_move) - 1] - child.scores()[2 - int(state.to_move)]
                    mine = -mine if state.variant.anti else mine
                    infos.append(MoveInfo(m, float(mine), 0, [m], exact=True))
                    continue
                r = search(child, **opts)
                sign = 1 if child.to_move == state.to_move else -1
                infos.append(MoveInfo(m, sign * r.score, r.depth + 1, [m] + list(r.pv), exact=r.exact))
        infos.sort(key=lambda i: -i.score)
        return infos[:multipv]

    def start(self, state: State, limit: Optional[Limit] = None):
        """A search of ``state`` in the background that can be stopped: the living
        player's handle (``stop()``, ``done()``, ``result()``), or None when the player
        cannot search in the background (then :meth:`play` is the way)."""
        if self.native and callable(getattr(self.player, "start", None)):
            return self.player.start(state, limit or Limit())
        return None

    def new_game(self) -> None:
        """Forgets the last game (the living player's hash table)."""
        if callable(getattr(self.player, "new_game", None)):
            self.player.new_game()
