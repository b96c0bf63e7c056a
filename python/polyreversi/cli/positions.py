"""One position of a record, as ``show`` and ``replay --ply`` print it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import click
from rich.console import Console

from polyreversi._core import Color
from polyreversi.errors import QUOTED_NAME_CHARS, shortened
from polyreversi.state import State
from polyreversi.vocabulary import color_name

from polyreversi.cli.console import board_for
from polyreversi.cli.lines import status_line

if TYPE_CHECKING:  # types only: records and replays load when a record is shown
    from polyreversi.record import Record
    from polyreversi.replay import Replay, ReplayError

class Position:
    """A record's state at one ply (:func:`position_at`): ``state``, ``ply`` (its
    ``state.ply``), ``plies`` (the last ply that can be shown), ``illegal`` (the
    ReplayError of a record that stops being legal, else None) and ``replay``."""

    def __init__(self, record: Record, state: State, ply: int, plies: int, illegal: Optional[ReplayError],
                 replay: Optional[Replay]) -> None:
        self.record, self.state, self.ply, self.plies, self.illegal, self.replay = (
            record, state, ply, plies, illegal, replay)


def position_at(record: Record, ply: Optional[int], game: int = 1) -> Position:
    """The position of ``record`` at ``ply``, the position's own ply as the engine counts
    it (0 at the standard start; a custom start keeps its record's ply, as the status
    line and analyse say); negative: from the end; None: the end. A record with an
    illegal move is shown up to the ply before it.

    Raises:
        click.BadParameter: a ply outside the record (a usage error, exit 2, as a
            ``--game`` past the file's games; the message gives the range).
    """
    from polyreversi.replay import Replay, ReplayError

    illegal: Optional[ReplayError] = None
    replay: Optional[Replay] = None
    try:
        replay = Replay(record)
        states = len(replay)
        first = replay[0].ply
    except ReplayError as e:
        if e.state is None:  # Replay always gives the state before the bad move
            raise
        illegal, states = e, len(e.state.moves()) + 1  # the states before the bad move
        first = e.state.initial().ply
    last = first + states - 1
    at = last if ply is None else ply + last + 1 if ply < 0 else ply
    if not first <= at <= last:
        note = f" (the move at ply {illegal.ply} is illegal)" if illegal is not None else ""
        raise click.BadParameter(f"{ply} (game {game} has plies {first} to {last}, "
                                 f"or -1 to -{states} from the end){note}", param_hint="--ply")
    k = at - first  # moves played from the record's start
    if replay is not None:
        state = replay[k]
    else:
        assert illegal is not None and illegal.state is not None  # the replay failed
        state = illegal.state.copy()
        for _ in range(states - 1 - k):
            state.undo()
    return Position(record, state, at, last, illegal, replay)


def print_position(console: Console, source: str, game: int, position: Position, *, hints: bool = False) -> None:
    """Prints a position of a record: the file, the game, its players and event, the
    ply and the last move; the board; the status line; the illegal move, if any."""
    record, state = position.record, position.state
    event = record.meta.get("event")
    event = shortened(str(event), QUOTED_NAME_CHARS) if event else None  # as title() cuts the names
    last = ""
    moves = state.moves()
    if moves:  # played since the record's start
        what = "passed" if moves[-1] == state.PASS else f"played {state.variant.square_name(moves[-1])}"
        last = f": {color_name(_mover(state))} {what}"
    console.print(f"{source}: {record.variant} game {game} ({record.title()}{', ' + event if event else ''}), "
                  f"ply {position.ply} of {position.plies}{last}")
    console.print(board_for(console, state, hints=hints))
    console.print(status_line(state))
    if position.illegal is not None:
        console.print(f"illegal: {position.illegal}")


def _mover(state: State) -> Color:
    """The colour that played the last move of ``state``."""
    before = state.copy()
    before.undo()
    return before.to_move
