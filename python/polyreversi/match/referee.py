"""One refereed game: every move checked, clocks kept, forfeits recorded.

A seat is any player: a built-in one, an :class:`~polyreversi.engine.EngineSeat`,
or a search player (driven through :class:`~polyreversi.engine.living.LivingPlayer`
so that it gets the clock; the MCTS players and :class:`polyreversi.MultiPlayer` get it
too, :class:`TimeControl`). The referee asks the seat to move on a copy of the
position, checks the move, charges the wall-clock time to the mover's clock, and
ends the game as lost by the seat that plays an illegal move, fails (an engine
that dies, hangs or answers nonsense; a built-in player that raises), or runs out
of time.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from polyreversi import _validate
from polyreversi._core import Color, IllegalMoveError, InvalidSquareError
from polyreversi.engine.living import LivingPlayer
from polyreversi.engine.seat import EngineSeat
from polyreversi.errors import EngineError, EngineIllegalMoveError, EngineTerminatedError, EngineTimeoutError
from polyreversi.limit import Limit
from polyreversi.multi import MultiPlayer
from polyreversi.multi_mcts import InformedMCTSPlayer
from polyreversi.players import MCTSPlayer, Player, as_callable
from polyreversi.record import Record, checked_players
from polyreversi.search_player import SearchPlayer
from polyreversi.state import State
from polyreversi.time_control import MOVE_STOP_FACTOR
from polyreversi.vocabulary import color_name

#: Seconds a move may exceed its most under a per-move time (MOVE_STOP_FACTOR times it)
#: before it is a loss on time (a search ends the iteration under way, an engine pays
#: for the pipe).
DEFAULT_MARGIN = 1.0


@dataclass(frozen=True)
class TimeControl:
    """How long seats may think.

    Attributes:
        depth, nodes: passed to every seat that takes a limit (an engine, a
            :class:`polyreversi.SearchPlayer`, :class:`polyreversi.LivingPlayer` or
            :class:`polyreversi.MultiPlayer`).
        time: seconds per move, a player's mean over its moves
            (:class:`polyreversi.Limit`); a move longer than
            :data:`polyreversi.time_control.MOVE_STOP_FACTOR` times it plus ``margin``
            loses on time.
        clock: seconds per player for the game (a player whose clock runs out loses,
            unless ``overtime`` follows it).
        increment: seconds added to the mover's clock after each move.
        margin: see ``time``.
        overtime: with ``clock``, byo-yomi: once the clock has run out each move may
            take this many seconds (a move's part past the clock too); a longer one
            loses on time. The seats get it as ``Limit(clock=..., overtime=...)``.

    ``time``, ``clock``, ``increment`` and ``overtime`` reach the seats that take a depth
    and the MCTS seats, :class:`polyreversi.MCTSPlayer` and
    :class:`polyreversi.InformedMCTSPlayer` (which take no depth or nodes; with neither a
    time nor a clock they play at their own limits). The 3-4 player seats (MultiPlayer
    and the MCTS seats) spend the clock as anytime searches: each move takes its share
    of the mover's clock (:func:`polyreversi.time_control.anytime_seconds`), the smaller
    with a ``time``. A seat of another kind (random, greedy, baseline, a function) plays
    at its own limits. The referee holds every seat to ``time`` and ``clock``: a move
    over them loses on time.

    Raises:
        TypeError, ValueError: a field as :class:`polyreversi.Limit` refuses it (``increment``
        or ``overtime`` without ``clock`` too), or a margin that is not seconds >= 0.
    """

    depth: Optional[int] = None
    nodes: Optional[int] = None
    time: Optional[float] = None
    clock: Optional[float] = None
    increment: Optional[float] = None
    margin: float = DEFAULT_MARGIN
    overtime: Optional[float] = None

    def __post_init__(self) -> None:
        # The fields are a Limit's (checked by it, with its messages), and the margin.
        try:
            Limit(depth=self.depth, nodes=self.nodes, time=self.time, clock=self.clock, increment=self.increment,
                  overtime=self.overtime)
        except (TypeError, ValueError) as e:
            raise type(e)(f"TimeControl: {e}".replace("Limit(clock=SECONDS, ...)", "a clock")) from None
        _validate.optional_seconds(self.margin, "margin", zero=True)

    def text(self) -> str:
        """The control as recorded with a match's games and compared on a resume:
        ``depth=8 time=0.1 margin=1.0``, the fields given in this order (the margin
        with a time or clock only, where it counts); ``none`` when nothing is given."""
        fields = [(name, getattr(self, name)) for name in ("depth", "nodes", "time", "clock", "increment")]
        if self.time is not None or self.clock is not None:
            fields.append(("margin", self.margin))
        fields.append(("overtime", self.overtime))
        return " ".join(f"{name}={value!r}" for name, value in fields if value is not None) or "none"

    def limit(self, clock_left: Optional[float]) -> Limit:
        return Limit(depth=self.depth, nodes=self.nodes, time=self.time,
                     clock=None if clock_left is None else max(0.0, clock_left),
                     increment=self.increment if clock_left is not None else None,
                     overtime=self.overtime if clock_left is not None else None)


#: Why a seat forfeited: "reason", "detail", "color" (its name) and "ply".
Forfeit = Dict[str, Union[str, int]]
#: How the referee asks a seat: ``f(state, limit) -> (move, score or None)``.
Mover = Callable[[State, Limit], Tuple[Union[int, str], Optional[float]]]
#: A seat: an engine, a search player, or any player.
Seat = Union[EngineSeat, LivingPlayer, SearchPlayer, Player]


@dataclass
class GameOutcome:
    """A refereed game: its record and each seat's points (1 a win, a share of 1 for a
    tie among the winners, 0 a loss), in colour order."""

    record: Record
    points: List[float]
    forfeit: Optional[Forfeit] = None
    #: The forfeit is an engine's that never answered in this game: it did not start, or
    #: ended or timed out before its first move (a match stops on such a seat, as it
    #: would forfeit every game the same way; not part of the record).
    unanswered: bool = False


def forfeit_points(players: int, loser: int) -> List[float]:
    """Each colour's points (colour order) in a game that colour ``loser`` (1 .. ``players``)
    forfeited: 0 for it, and the win shared by the others (with two players the other one
    wins; with three or four no other colour is put ahead of the rest by the forfeit)."""
    return [0.0 if c == loser else 1.0 / (players - 1) for c in range(1, players + 1)]


#: The MCTS seats: anytime searches that stop when told and spend a time or a game clock
#: (:func:`polyreversi.time_control.anytime_seconds`), but no depth or nodes.
MCTS_PLAYERS = (MCTSPlayer, InformedMCTSPlayer)


def _mover(seat: Seat) -> Mover:
    """How the referee asks a seat: ``f(state, limit) -> (move, score)``."""
    if isinstance(seat, SearchPlayer):
        seat = LivingPlayer(seat)
    if isinstance(seat, (EngineSeat, LivingPlayer)):
        living = seat

        def ask(state: State, limit: Limit) -> Tuple[Union[int, str], Optional[float]]:
            r = living.play(state, None if limit.is_empty() else limit)  # no limit given: the seat's own
            if r.move is None:
                raise EngineError(f"{getattr(living, 'name', 'the engine')} resigned")
            return r.move, r.score
        return ask
    if isinstance(seat, MultiPlayer):  # every field of a limit: its clock becomes the move's time
        multi = seat
        return lambda state, limit: (multi.choose(state, None if limit.is_empty() else limit), None)
    if isinstance(seat, MCTS_PLAYERS):
        mcts = seat

        def ask_mcts(state: State, limit: Limit) -> Tuple[Union[int, str], Optional[float]]:
            if limit.time is None and limit.clock is None:  # the seat's own limits (it takes no depth or nodes)
                return mcts.choose(state), None
            return mcts.choose(state, Limit(time=limit.time, clock=limit.clock, increment=limit.increment,
                                            overtime=limit.overtime)), None
        return ask_mcts
    choose = as_callable(seat)
    return lambda state, limit: (choose(state), None)


def play(start: State, seats: Sequence[Seat], names: Sequence[str],
         control: Union[TimeControl, Sequence[TimeControl]] = TimeControl(), **meta: Any) -> GameOutcome:
    """Plays a game from ``start`` (not changed) between ``seats`` (one per colour).

    Args:
        start: the opening position (its moves since the variant's start are the opening).
        seats: players in colour order.
        names: the seats' names for the record.
        control: the limits and clocks, one for every seat or one per seat in colour order.
        meta: extra fields of the record's ``meta``.

    Returns:
        A :class:`GameOutcome`; a forfeit is recorded as ``end="resigned"`` (illegal move,
        failure) or ``"time"``, with the winner in a two-player game (none with three or
        four: the others share the win, :func:`forfeit_points`), and ``meta["forfeit"]`` =
        colour, reason, detail.

    Raises:
        KeyboardInterrupt, and errors of the referee itself; never a seat's failure.
        TypeError: ``start`` is not a State, ``seats`` or ``names`` not a list (or tuple),
            ``control`` not a TimeControl or a list of them.
        ValueError: not one seat and one name per colour, or a list of controls not one per seat.
        RecordError: a name the game's record refuses (:func:`polyreversi.record.checked_players`).
    """
    state = _validate.instance(start, State, "start").copy()
    n = state.variant.players
    for what, given in (("seats", seats), ("names", names)):
        if not isinstance(given, (list, tuple)):
            raise TypeError(f"{what}: expected a list of one per colour, got {_validate.shown(given)}")
    if len(seats) != n:
        raise ValueError(f"seats: this {n}-player game needs {n} seats, one per colour, got {len(seats)}")
    if len(names) != n:  # checked before the game, not by its record after it
        raise ValueError(f"names: this {n}-player game needs {n} names, one per seat, got {len(names)}")
    checked_players(names, state.variant)  # each name as the record will take it
    if isinstance(control, TimeControl):
        controls = [control] * n
    elif isinstance(control, (list, tuple)) and all(isinstance(c, TimeControl) for c in control):
        controls = list(control)
        if len(controls) != n:
            raise ValueError(f"control: one TimeControl for every seat or one per seat ({n}), got {len(controls)}")
    else:
        raise TypeError(f"control: expected a TimeControl or a list of one per seat, got {_validate.shown(control)}")
    movers = [_mover(s) for s in seats]
    for s, c in zip(seats, controls):
        new_game = getattr(s, "new_game", None)  # a player that keeps something between games
        if callable(new_game):
            new_game()
        if isinstance(s, (SearchPlayer, LivingPlayer)) and (c.time is not None or c.clock is not None):
            try:  # its table mapped before its clock runs (SearchPlayer.prepare)
                s.prepare(state.variant)
            except Exception:  # its first move meets the same failure and forfeits the game
                pass
    clocks: List[Optional[float]] = [c.clock for c in controls]
    opening = len(state.moves())
    evals: List[Optional[str]] = [None] * opening
    times: List[Optional[str]] = [None] * opening
    forfeit: Optional[Dict[str, Any]] = None
    unanswered = False
    moved = [False] * n  # each colour has made a move of its own in this game
    while not state.is_over():
        color = int(state.to_move)
        control = controls[color - 1]
        limit = control.limit(clocks[color - 1])
        t0 = time.monotonic()
        try:
            move, score = movers[color - 1](state.copy(), limit)
            spent = time.monotonic() - t0
            if not state.is_legal(move):
                raise IllegalMoveError(state.why_illegal(move) or f"{_validate.shown(move)} is not legal")
        except EngineTimeoutError as e:
            forfeit = {"reason": "time", "detail": str(e)}
            unanswered = not moved[color - 1]
        except (EngineIllegalMoveError, IllegalMoveError, InvalidSquareError, TypeError) as e:
            forfeit = {"reason": "illegal move", "detail": str(e)}
        except Exception as e:  # any other error of the seat's (not Ctrl-C: not an Exception)
            forfeit = {"reason": "failure", "detail": f"{type(e).__name__}: {e}"}
            unanswered = isinstance(e, EngineTerminatedError) and not moved[color - 1]
        if forfeit is None:
            left = clocks[color - 1]
            if left is not None:
                left -= spent
                if left < 0 and control.overtime and -left <= control.overtime:
                    left = 0.0  # in its overtime: each move may take that much
                if left < 0 and control.overtime:
                    forfeit = {"reason": "time", "detail": f"overtime ran out ({-left:.3f} s past the clock, "
                                                           f"{control.overtime:g} s a move)"}
                elif left < 0:
                    forfeit = {"reason": "time", "detail": f"clock ran out ({spent:.3f} s on the move)"}
                else:
                    left += control.increment or 0.0
                clocks[color - 1] = left
            most = MOVE_STOP_FACTOR * control.time + control.margin if control.time is not None else None
            if most is not None and spent > most:
                forfeit = {"reason": "time", "detail": f"{spent:.4f} s on a move of {control.time:g} s: over its "
                                                       f"most, {most:.4f} s ({MOVE_STOP_FACTOR:g} times it and "
                                                       f"the {control.margin:g} s margin)"}
        if forfeit is not None:
            forfeit.update(color=color_name(Color(color)), ply=state.ply)
            break
        state.play(move)
        moved[color - 1] = True
        evals.append(None if score is None else f"{score:.2f}")
        times.append(f"{spent:.2f}")
    meta = dict(meta, move_evals=evals, move_times=times, opening_plies=opening)
    if forfeit is None:
        winners = [int(c) for c in state.winners()]
        points = [1.0 / len(winners) if c in winners else 0.0 for c in range(1, n + 1)]
        record = Record.from_state(state, players=names, **meta)
        return GameOutcome(record, points)
    loser = int(state.to_move)
    points = forfeit_points(n, loser)
    winner = Color(3 - loser) if n == 2 else None  # three or four: no single winner
    end = "time" if forfeit["reason"] == "time" else "resigned"
    record = Record.from_state(state, players=names, end=end, winner=winner, forfeit=forfeit, **meta)
    return GameOutcome(record, points, forfeit, unanswered)
