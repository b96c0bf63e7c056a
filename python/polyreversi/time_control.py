"""How a player that lives through a game spends its clock: the seconds of one
move from the time left, the increment, the moves to the next time control and
the empty squares left; and whether the exact endgame solve fits.

The rules are simple and safe rather than clever: a reserve is never spent
(so a move's overrun, the process's own overhead and the protocol's round trip
cannot flag the clock), the rest is shared over the mover's moves still to
play, most of the increment is spent as it comes, and one move takes at most
a quarter of what is left unless it is the last before the control.
"""
from __future__ import annotations

from typing import Optional

from polyreversi.limit import Limit

__all__ = ["RESERVE_SHARE", "RESERVE_MIN", "RESERVE_MAX", "MAX_SHARE", "SOLVE_SECONDS_AT_20", "SOLVE_COST",
           "EXACT_EMPTIES",
           "move_seconds", "solve_allowance", "predicted_solve_seconds"]

#: Share of the clock kept in reserve, between RESERVE_MIN and RESERVE_MAX seconds.
RESERVE_SHARE = 0.05
#: The smallest reserve in seconds (a move's overrun and a protocol round trip).
RESERVE_MIN = 0.01
#: The largest reserve in seconds.
RESERVE_MAX = 1.0
#: Share of the usable clock one move may take, unless it is the last before the control.
MAX_SHARE = 0.25
#: The last empty squares, whose moves the clock does not count (the exact solve
#: takes milliseconds there: benchmarks/time_budget.md).
SOLVED_EMPTIES = 12
#: Share of the increment spent on the move it comes with.
INCREMENT_SHARE = 0.8
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
#: Empty squares at or below which a depth-limited move is solved exactly whatever its
#: depth (8x8: milliseconds), as NBoard engines do near the end.
EXACT_EMPTIES = 14
#: Share of the usable clock the exact solve may take when it is predicted to fit.
SOLVE_SHARE = 1 / 3


def _usable(limit: Limit) -> float:
    clock = limit.clock or 0.0
    reserve = min(RESERVE_MAX, max(RESERVE_MIN, RESERVE_SHARE * clock))
    return max(0.0, clock - reserve)


def _moves_left(limit: Limit, empties: int) -> int:
    # The mover plays about every other empty square; the moves of the last
    # SOLVED_EMPTIES are solved exactly in milliseconds and not counted.
    mine = max(2, (max(empties - SOLVED_EMPTIES, 0) + 1) // 2)
    return min(mine, limit.moves_to_go) if limit.moves_to_go else mine


def move_seconds(limit: Limit, empties: int) -> Optional[float]:
    """Seconds to think about this move under ``limit``, or None for no time limit.

    ``limit.time`` alone is the budget itself. With ``limit.clock`` (seconds left
    for the mover), the usable clock (the clock less a reserve of 5 %, kept between
    0.01 and 1 s) over the mover's moves still to play (``moves_to_go`` when given,
    else half the empties above :data:`SOLVED_EMPTIES`, at least 2), plus 80 % of
    the increment, at most a quarter of the usable clock (all of it for the last
    move before the control); with both, the smaller. With no usable clock left, a tenth of
    what remains (the search's first iteration takes microseconds).

    Args:
        limit: a :class:`polyreversi.Limit`. empties: empty squares on the board (int >= 0).

    Returns:
        Seconds (float > 0), or None when the limit has neither time nor clock.
    """
    budget = limit.time
    if limit.clock is not None:
        usable = _usable(limit)
        if usable <= 0:
            share = max(limit.clock / 10, 1e-4)
        else:
            moves = _moves_left(limit, empties)
            share = usable / moves + INCREMENT_SHARE * (limit.increment or 0.0)
            last = limit.moves_to_go == 1
            share = min(share, usable if last else usable * MAX_SHARE)
        budget = share if budget is None else min(budget, share)
    return budget


def predicted_solve_seconds(empties: int, board: str = "8x8") -> float:
    """The seconds an exact solve of a position of ``board`` with ``empties`` empty squares
    is expected to take on one thread (a rough model: tenfold every three empties,
    scaled by :data:`SOLVE_COST`)."""
    return SOLVE_COST.get(board, 1.0) * SOLVE_SECONDS_AT_20 * 10 ** ((empties - 20) / 3)


def solve_allowance(limit: Limit, empties: int, budget: Optional[float], board: str = "8x8") -> Optional[float]:
    """Seconds the exact solve may take for this move, or None when it is not tried.

    It is tried when twice its predicted time fits the move's ``budget`` or, with a
    clock, a third of the usable clock; it may then take up to three times the
    prediction (at least the budget, at most that room). When it does not finish,
    the search gets what is left of the budget (and keeps the solve's table entries).
    """
    room = budget
    if limit.clock is not None:
        room = max(room or 0.0, _usable(limit) * SOLVE_SHARE)
    if room is None or room <= 0:
        return None
    predicted = predicted_solve_seconds(empties, board)
    if 2 * predicted > room:
        return None
    return min(room, max(3 * predicted, budget or 0.0))
