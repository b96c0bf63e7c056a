"""How a player that lives through a game spends its time: the plan of one move
(:class:`MoveTime`: the seconds it aims at, the last moment a search iteration
may start, the moment the search stops) from a per-move budget or from the time
left on the game clock, the increment, the moves to the next time control and
the empty squares left; and whether the exact endgame solve fits.

A player's per-move budget is spent as a mean over the moves: no iteration starts
after :data:`MOVE_START_SHARE` of it, and the iteration under way may run on past it
on the time the player's earlier moves saved (each ended under its budget), to
:data:`MOVE_STOP_FACTOR` times it at most. An iteration costs about three times all
before it, so a move that finishes its last iteration early stops there (and saves
the rest), and one whose last iteration is nearly done finishes it instead of
throwing it away; a move ends by 1.8 times the budget, one that overran (an exact
solve predicted to fit that did not end) is given back by the next moves
(:func:`saved_after`), and the player's moves from its first take their budgets
together (the moments a stop and the call take aside: benchmarks/time_budget.md). A
stopped iteration keeps the best move of the root moves it scored (the core keeps a stopped
iteration's move when the last iteration's best move was scored first).
:func:`polyreversi.search` takes its ``time`` as a hard limit instead, as Edax's
per-move time: no iteration starts after :data:`START_SHARE` of it, and the one
under way stops at it.
Near the end, where the exact solve is not predicted to fit the budget
but may (its predicted time at most :data:`LATE_SOLVE_FACTOR` times it), the
search takes :data:`LATE_SEARCH_SHARE` of the budget and the solve the rest;
the search's move is played if the solve does not end.

A game clock is shared over the mover's moves until the exact solve takes
over (from the empties where the solve is predicted to fit), after a reserve
(so a move's overrun, the process's own overhead and the protocol's round
trip cannot flag the clock) and the solve's own predicted time are set aside;
most of the increment is spent as it comes. A move aims at its share, starts
no iteration after :data:`CLOCK_START_SHARE` of it, and stops at
:data:`CLOCK_STOP_FACTOR` times it, at most a quarter of the usable clock
unless it is the last move before the control. What one move leaves unspent
goes to the moves after it. Where an overtime follows the clock (a byo-yomi or
Canadian period), each move adds :data:`OVERTIME_SHARE` of its overtime to its
share and to that quarter: the clock runs out while moves are left, and those
moves get the overtime (spent evenly, the clock would end with the game and the
overtime never be used).

An anytime search (MCTS, and the 3-4 player alpha-beta of :func:`polyreversi.multi_search`,
which drops the iteration under way) stops when told and has no iteration to finish, so
its move takes just the seconds it is given (:func:`anytime_seconds`): ``limit.time`` as
it is; with a clock, the usable clock (as above: the reserve, and
:data:`MOVE_RESERVE` for each of the mover's moves, or how late the player's moves on
the clock have ended when that is more: :func:`next_overhead`) shared evenly over the mover's
moves still to play (:func:`mover_moves`; ``moves_to_go`` when fewer), plus
:data:`INCREMENT_SHARE` of the increment and :data:`OVERTIME_SHARE` of the overtime, at
most :data:`MAX_SHARE` of the usable clock (all of it for the last move before the
control) plus that part of the overtime; the game's last moves keep that cap, as the
reserve is all that covers a move's cost beyond its search. With three or four players
nobody passes and every ply fills a square, so the mover's moves follow from the empty
squares and the turn order. No time is set aside for an exact solve (the searches
that try one, ``multi_mcts(solve=...)``, do it within the move's time).
"""
from __future__ import annotations

import time as _time
from dataclasses import dataclass
from typing import Optional, Tuple

from polyreversi import _core, _validate
from polyreversi.limit import MAX_TIME, Limit

__all__ = ["RESERVE_SHARE", "RESERVE_MIN", "RESERVE_MAX", "MOVE_RESERVE", "MOVES_RESERVE_SHARE", "MAX_SHARE", "START_SHARE", "MOVE_START_SHARE",
           "MOVE_STOP_FACTOR", "CLOCK_START_SHARE",
           "CLOCK_STOP_FACTOR", "OVERTIME_SHARE", "SOLVE_SECONDS_AT_20", "SOLVE_COST", "SOLVE_SHARE", "WLD_SHARE", "ENDGAME_MOVES",
           "EXACT_EMPTIES", "STANDARD_SOLVE_SHARE", "LATE_SOLVE_FACTOR", "LATE_SEARCH_SHARE", "MoveTime", "move_time", "solve_allowance",
           "late_solve_share", "exact_from", "predicted_solve_seconds", "saved_after", "mover_moves",
           "anytime_seconds", "OVERHEAD_WEIGHT", "next_overhead", "clocked_overhead"]

#: The weight of the newest move in a player's running mean of how late its moves on a clock
#: end after their plan (:func:`next_overhead`).
OVERHEAD_WEIGHT = 0.3
#: Share of the clock kept in reserve, between RESERVE_MIN and RESERVE_MAX seconds.
RESERVE_SHARE = 0.05
#: The smallest reserve in seconds (a move's overrun and a protocol round trip).
RESERVE_MIN = 0.01
#: The largest reserve in seconds.
RESERVE_MAX = 1.0
#: Seconds kept on the clock for each move the mover has still to play (its cost beyond the
#: search: the process, the protocol's round trip, a loaded machine's scheduling)...
MOVE_RESERVE = 0.003
#: ... but at most this share of the clock in all (a clock of about 12 ms a move or less:
#: 0.1 s games on 8x8 over GTP, whose moves cost 0.7-1.5 ms beyond the search).
MOVES_RESERVE_SHARE = 0.5
#: Share of the usable clock one move may take, unless it is the last before the control.
MAX_SHARE = 0.25
#: With :func:`polyreversi.search`'s time limit, no search iteration after the first
#: starts once this share of it has passed (Edax's 0.9); the one under way runs to the
#: limit at most.
START_SHARE = 0.9
#: With a player's per-move budget, no iteration after the first starts once this share
#: of it has passed...
MOVE_START_SHARE = 0.5
#: ... and the one under way stops at the budget plus what the player's earlier moves
#: saved (less what they owe), at this many times it at most (under twice it): a move
#: ends its last iteration early or finishes the next, whose partial result seldom
#: changes the move. 8x8 against NTest at about 2 ms a move: 0.96 of NTest's CPU a game,
#: not 0.91, and depth 10's move more often than depth 8's (docs/tuning.md).
MOVE_STOP_FACTOR = 1.8
#: With a clock, no iteration starts once this share of the move's planned seconds has
#: passed: an iteration takes about 2-3 times the ones before it together, so a move
#: ends between 0.6 and about 1.8 times its share (the mean near 1).
CLOCK_START_SHARE = 0.6
#: With a clock, the iteration under way stops at this many times the move's share.
CLOCK_STOP_FACTOR = 3.0
#: The fewest empty squares the clock's split counts moves down to (the exact solve
#: takes milliseconds below: benchmarks/time_budget.md).
SOLVED_EMPTIES = 12
#: Share of the increment spent on the move it comes with.
INCREMENT_SHARE = 0.8
#: Share of a move's overtime (``Limit.overtime``) it plans on, in the clock as after it: a
#: move that starts with the clock nearly gone ends inside its overtime, with the rest of it
#: for its overrun and the protocol's round trip.
OVERTIME_SHARE = 0.8
#: Seconds of an exact solve at 20 empty squares on 8x8, one thread: the mean CPU
#: time of solves of random-game positions (benchmarks/time_budget.md: 0.51 s at 20,
#: 0.10 s at 18, 0.048 s at 16, 0.010 s at 14); the time grows about tenfold every
#: three empties.
SOLVE_SECONDS_AT_20 = 0.5
#: The exact solve's cost on a board relative to 8x8 at equal empties (boards not
#: listed: 1). 6x6, mean CPU time of solves of random-game positions, 3 a count
#: (benchmarks/board_eval.md): 0.12 s at 20 empties, 0.41 s at 22, 3.3 s at 24,
#: 14.7 s at 26, about 0.3 of the 8x8 model at each.
SOLVE_COST = {"6x6": 0.3}
#: The standard game (8x8, normal rules, nothing blocked, no handicap or free opening)
#: solves the positions of played games in this share of the random-game model: mean
#: CPU time of solves of held-out WTHOR positions, 5.7 ms at 16 empties, 25 ms at 18,
#: 90 ms at 20 (0.18-0.25 of the model; benchmarks/HISTORY.md, 2026-12-06). Its trained
#: evaluation orders the solve, and a played game's positions are calmer.
STANDARD_SOLVE_SHARE = 0.2
#: Empty squares at or below which an analysis (NBoard's hint), and the engines' moves at
#: a fixed depth (``SearchPlayer(exact_empties=...)``), are solved exactly whatever the
#: depth (8x8: milliseconds), as NBoard engines do near the end; a plain ``play`` at a depth
#: plays that depth's move (a level's own exact empties aside).
EXACT_EMPTIES = 14
#: Where the solve is not predicted to fit (:func:`solve_allowance`) but its predicted
#: time is at most this many times the move's budget, the move searches first and then
#: tries the solve with the rest of the budget (:func:`late_solve_share`): the model is
#: the mean of random-game positions, and a game's positions solve in about half of it.
LATE_SOLVE_FACTOR = 2.0
#: The share of the budget the search takes before such a solve.
LATE_SEARCH_SHARE = 0.3
#: A win/loss/draw solve (the exact solver's window (-1, 1)) takes this share of the exact
#: solve's time: mean CPU time of positions of polyreversi-NTest games, 0.32-0.49 of it at 14-19
#: empties, 0.45-0.59 at 20-22 (benchmarks/HISTORY.md, 2026-12-06). Where the exact solve
#: does not fit the move's budget but this does, the player proves a win or a draw first.
WLD_SHARE = 0.5
#: Share of the usable clock the exact solve may take when it is predicted to fit.
SOLVE_SHARE = 1 / 2
#: The clock kept for the exact solve is at most 1 / (1 + m / ENDGAME_MOVES) of the usable
#: clock, m the mover's moves before it: a third with 20 to play, all with none.
ENDGAME_MOVES = 10


@dataclass(frozen=True)
class MoveTime:
    """The time plan of one move, in seconds from its start.

    Attributes:
        target: what the move is planned to take (the budget the exact solve is
            measured against). start: no search iteration after the first starts
            once this much has passed. stop: the search stops (its hard limit).
    """

    target: float
    start: float
    stop: float

    def after(self, spent: float) -> "MoveTime":
        """The plan for what is left once ``spent`` seconds are gone (an exact solve that did
        not finish): each time less ``spent``, at least a tenth of what it was."""
        return MoveTime(*(max(x - spent, x / 10) for x in (self.target, self.start, self.stop)))

    def scaled(self, share: float) -> "MoveTime":
        """The plan with every time multiplied by ``share`` (0 < share <= 1)."""
        return MoveTime(self.target * share, self.start * share, self.stop * share)


def mover_moves(empties: int, players: int) -> int:
    """The moves the player to move has still to play, this one included: at least 1.

    Each move fills one of the ``empties`` empty squares (:meth:`polyreversi.State.empties`:
    blocked and cut-out squares aside) and the turns go round the ``players`` in order,
    the mover's first. With three or four nobody passes, so the game lasts the core's
    longest game from here (``_core.limits.longest_game``: one ply a square) and the mover
    plays every ``players``-th ply of it, ``ceil(empties / players)``; fewer only where
    the last empties are walled off by blocked squares (RULES.md §6). With two the mover
    plays every other empty square, ``ceil(empties / 2)``, the count the clock's plan of a
    two-player game spends over (a pass, seldom, gives it one more).

    Raises:
        TypeError: a count that is not an int. ValueError: ``empties`` below 0, or
            ``players`` not 2 to 4.
    """
    empties = _validate.whole(empties, "empties", 0, _core.limits.LONGEST_GAME)
    players = _validate.whole(players, "players", _core.limits.MIN_PLAYERS, _core.limits.MAX_PLAYERS)
    plies = empties if players == 2 else _core.limits.longest_game(empties, players)
    return max(1, -(-plies // players))


def _usable(limit: Limit, moves: int, overhead: float = 0.0) -> float:
    """The clock less its reserve, seconds, with ``moves`` of the mover's still to play."""
    clock = limit.clock or 0.0
    reserve = min(RESERVE_MAX, max(RESERVE_MIN, RESERVE_SHARE * clock))
    # what each move costs beyond its search (the process, the protocol, the OS), for
    # every move of the mover still to come, the solved ones too
    each = max(MOVE_RESERVE, overhead)
    reserve += min(each * moves, MOVES_RESERVE_SHARE * clock)
    return max(0.0, clock - reserve)


def _out_of_clock(limit: Limit) -> float:
    """A move's seconds once no usable clock is left: a tenth of what remains (at least a
    tenth of a millisecond, so that a search still gets a moment), plus its overtime's share."""
    return max((limit.clock or 0.0) / 10, 1e-4) + OVERTIME_SHARE * (limit.overtime or 0.0)


def predicted_solve_seconds(empties: int, board: str = "8x8") -> float:
    """The seconds an exact solve of a position with ``empties`` empty squares is expected
    to take on one thread (a rough model: tenfold every three empties, scaled by
    :data:`SOLVE_COST` of the board and, for the standard game, by
    :data:`STANDARD_SOLVE_SHARE`). ``board``: the variant's text (``str(variant)``:
    ``"8x8"`` is the standard game, ``"8x8/anti"`` is not) or its board's name."""
    name = board.split("/", 1)[0]
    share = STANDARD_SOLVE_SHARE if board == "8x8" else 1.0
    return share * SOLVE_COST.get(name, 1.0) * SOLVE_SECONDS_AT_20 * 10 ** ((empties - 20) / 3)


def _endgame_clock(empties: int, board: str) -> float:
    # The usable clock at which the solve of `empties` is tried (solve_allowance).
    return 2 * predicted_solve_seconds(empties, board) / SOLVE_SHARE


def exact_from(usable: float, empties: int, board: str = "8x8") -> int:
    """Where the clock plans the exact solve to take over: the most empties (at most
    ``empties``, at least :data:`SOLVED_EMPTIES`) whose solve is tried with the clock kept
    for it, which is at most a share of the ``usable`` seconds that grows from a third,
    with :data:`ENDGAME_MOVES` * 2 of the mover's moves to play before it, to all of it
    when none are left (so the point stays put as the midgame spends its part)."""
    e = SOLVED_EMPTIES
    while e < empties:
        moves = (empties - e) // 2  # the mover's moves before the solve of e + 1
        if _endgame_clock(e + 1, board) > usable / (1 + moves / ENDGAME_MOVES):
            break
        e += 1
    return e


def _clock_share(limit: Limit, empties: int, board: str, overhead: float) -> Tuple[float, float]:
    """(the move's share of the clock, the most one move may take), seconds."""
    usable = _usable(limit, mover_moves(empties, 2), overhead)
    overtime = OVERTIME_SHARE * (limit.overtime or 0.0)  # what a move may take beyond the clock
    if usable <= 0:
        share = _out_of_clock(limit)
        return share, share
    # The moves until the solve takes over, the mover playing every other empty square;
    # the clock the solve will need is set aside first, unless the clock is filled again
    # before.
    solve_at = exact_from(usable, empties, board)
    moves = max(1, (empties - solve_at + 1) // 2)
    endgame = _endgame_clock(solve_at, board)
    if limit.moves_to_go and limit.moves_to_go <= moves:
        moves, endgame = limit.moves_to_go, 0.0
    share = max(usable - endgame, usable / 10) / moves
    share += INCREMENT_SHARE * (limit.increment or 0.0) + overtime
    most = (usable if limit.moves_to_go == 1 else usable * MAX_SHARE) + overtime
    return min(share, most), most


def move_time(limit: Limit, empties: int, board: str = "8x8", overhead: float = 0.0,
              saved: float = 0.0) -> Optional[MoveTime]:
    """The time plan of this move under ``limit``, or None for no time limit.

    ``limit.time`` alone: the budget itself is the target, no iteration starts after
    :data:`MOVE_START_SHARE` of it, and the search stops at the budget plus ``saved``,
    between that share and :data:`MOVE_STOP_FACTOR` times it. With ``limit.clock``
    (seconds left for the mover): the usable clock (the clock less a reserve of 5 %, kept between 0.01 and 1 s, and
    :data:`MOVE_RESERVE` for each of the mover's moves to come, at most half the clock in all),
    less the exact solves' predicted time, over the mover's moves until the solve takes
    over (``moves_to_go`` when fewer), plus 80 % of the increment, at most a quarter of
    the usable clock (all of it for the last move before the control), each plus
    :data:`OVERTIME_SHARE` of ``limit.overtime``; no iteration
    starts after :data:`CLOCK_START_SHARE` of that, and the search stops at
    :data:`CLOCK_STOP_FACTOR` times it (at most that quarter). With no usable clock left,
    a tenth of what remains. With both, each time is the smaller.

    Args:
        limit: a :class:`polyreversi.Limit`. empties: empty squares on the board (int >= 0).
        board: the variant's text, ``str(variant)`` (its solve cost: :func:`predicted_solve_seconds`).
        overhead: seconds the mover's last moves on the clock ended after their plan's
            stop (a loaded machine's); the clock keeps that much, when more than
            :data:`MOVE_RESERVE`, for each of the mover's moves to come.
        saved: seconds the player's earlier moves under a per-move time ended under their
            budgets, net of the time they took past them (:func:`saved_after`; 0 for a
            player's first move): what this move may take past ``limit.time``, or below 0
            what it gives back (its stop at least :data:`MOVE_START_SHARE` of the budget).

    Returns:
        A :class:`MoveTime` (every time > 0, ``start <= stop``), or None when the limit has
        neither time nor clock.
    """
    plan = None
    if limit.clock is not None:
        share, most = _clock_share(limit, empties, board, overhead)
        share = min(share, MAX_TIME)  # a search's time is at most MAX_TIME (a day's clock and overtime)
        plan = MoveTime(share, CLOCK_START_SHARE * share, min(most, CLOCK_STOP_FACTOR * share, MAX_TIME))
    if limit.time is not None:
        t = limit.time
        # at least the last moment an iteration may start; a search's time is at most MAX_TIME
        stop = min(max(t + saved, MOVE_START_SHARE * t), MOVE_STOP_FACTOR * t, MAX_TIME)
        if plan is None:
            plan = MoveTime(t, MOVE_START_SHARE * t, stop)
        else:
            plan = MoveTime(min(plan.target, t), min(plan.start, MOVE_START_SHARE * t), min(plan.stop, stop))
    return plan


def next_overhead(overhead: float, late: float) -> float:
    """A player's running mean of how late its moves on a clock end after their plan (seconds,
    ``overhead`` before this move), after a move that ended ``late`` seconds after it (0 when
    early): the newest move weighs :data:`OVERHEAD_WEIGHT`. On a loaded machine the OS runs
    other processes in the middle of a move; the clock then keeps that much for each move
    to come (``overhead`` of :func:`move_time` and :func:`anytime_seconds`)."""
    return overhead + OVERHEAD_WEIGHT * (max(late, 0.0) - overhead)


def clocked_overhead(overhead: float, limit: Optional[Limit], seconds: Optional[float], started: float) -> float:
    """A player's lateness mean after an anytime move (:func:`next_overhead`): the move began
    at ``started`` (``time.perf_counter()``) and was given ``seconds``; unchanged unless
    ``limit`` has a clock (a per-move time keeps no account)."""
    if limit is None or limit.clock is None or seconds is None:
        return overhead
    return next_overhead(overhead, _time.perf_counter() - started - seconds)


def anytime_seconds(limit: Limit, moves: int, overhead: float = 0.0) -> Optional[float]:
    """The seconds an anytime search may take for this move under ``limit`` (one that
    stops when told and has no iteration to finish: MCTS, :func:`polyreversi.multi_search`),
    or None when the limit has neither time nor clock.

    ``limit.time`` alone: that time. With ``limit.clock`` (seconds left for the mover):
    the usable clock (the clock less a reserve of 5 %, kept between 0.01 and 1 s, and
    :data:`MOVE_RESERVE` for each of the ``moves``, at most half the clock in all) over
    the ``moves`` (``moves_to_go`` when fewer), plus 80 % of the increment, at most a
    quarter of the usable clock (all of it for the last move before the control), each
    plus :data:`OVERTIME_SHARE` of ``limit.overtime``. The game's last moves keep that
    quarter too: the reserve is all that covers what a move costs beyond its search, on a
    loaded machine more than the search's own time. With no usable clock left, a tenth of
    what remains (at least 0.1 ms) plus that share of the overtime. With both a time and a
    clock, the smaller. At most :data:`polyreversi.limit.MAX_TIME`. Depth and nodes are not
    read (the caller refuses them or passes them on).

    Args:
        limit: a :class:`polyreversi.Limit`.
        moves: the mover's moves still to play, this one included (int >= 1;
            :func:`mover_moves`).
        overhead: seconds the mover's last moves on the clock ended after the seconds
            they were given (:func:`next_overhead`); the clock keeps that much, when more
            than :data:`MOVE_RESERVE`, for each of the ``moves``.

    Returns:
        Seconds (float > 0), or None.

    Raises:
        TypeError: ``limit`` not a Limit, ``moves`` not an int. ValueError: ``moves`` below 1.

    >>> round(anytime_seconds(Limit(clock=10.0), 15), 4)  # 10 s less 0.5 s and 15 * 3 ms, over 15 moves
    0.6303
    """
    _validate.instance(limit, Limit, "limit")
    moves = _validate.whole(moves, "moves", 1, _core.limits.LONGEST_GAME)
    seconds = limit.time
    if limit.clock is not None:
        usable = _usable(limit, moves, overhead)
        if usable <= 0:
            share = _out_of_clock(limit)
        else:
            if limit.moves_to_go is not None:
                moves = min(moves, limit.moves_to_go)
            overtime = OVERTIME_SHARE * (limit.overtime or 0.0)
            most = (usable if limit.moves_to_go == 1 else usable * MAX_SHARE) + overtime
            share = min(usable / moves + INCREMENT_SHARE * (limit.increment or 0.0) + overtime, most)
        seconds = share if seconds is None else min(seconds, share)
    return None if seconds is None else min(seconds, MAX_TIME)


def saved_after(saved: float, budget: float, spent: float) -> float:
    """A player's saved time (seconds, ``saved`` before the move) after a move of ``spent``
    seconds under a per-move ``budget``: ``saved + budget - spent``, but no debt beyond
    what one move gives back, ``(1 - MOVE_START_SHARE) * budget`` (a move that overran
    on a loaded machine does not shorten every move after it to their start share)."""
    return max(saved + budget - spent, -(1.0 - MOVE_START_SHARE) * budget)


def solve_allowance(limit: Limit, empties: int, budget: Optional[float], board: str = "8x8",
                    share: float = 1.0) -> Optional[float]:
    """Seconds the exact solve may take for this move, or None when it is not tried.

    It is tried when twice its predicted time fits the move's ``budget`` or, with a
    clock, half the usable clock (at most ``limit.time`` when given too); it may then
    take up to three times the prediction (at least the budget, at most that room). When it does not finish,
    the search gets what is left of the budget (and keeps the solve's table entries).
    ``share``: of the exact solve's predicted time (:data:`WLD_SHARE` for a win/loss/draw
    solve).
    """
    room = budget
    if limit.clock is not None:
        room = max(room or 0.0, _usable(limit, mover_moves(empties, 2)) * SOLVE_SHARE)
        if limit.time is not None:  # with both, the move's own time holds too
            room = min(room, limit.time)
    if room is None or room <= 0:
        return None
    predicted = share * predicted_solve_seconds(empties, board)
    if 2 * predicted > room:
        return None
    return min(room, max(3 * predicted, budget or 0.0))


def late_solve_share(limit: Limit, empties: int, budget: float, board: str = "8x8") -> Optional[float]:
    """The share of the move's ``budget`` (seconds) the search takes before the exact solve
    is tried with the rest of it, or None when no such solve is tried: where
    :func:`solve_allowance` tries none but the predicted solve time is at most
    :data:`LATE_SOLVE_FACTOR` times the budget (the search then takes
    :data:`LATE_SEARCH_SHARE` of it, and its move is played if the solve does not end)."""
    if solve_allowance(limit, empties, budget, board) is not None:
        return None
    if predicted_solve_seconds(empties, board) > LATE_SOLVE_FACTOR * budget:
        return None
    return LATE_SEARCH_SHARE
