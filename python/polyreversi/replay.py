"""Replays: the sequence of states of a record, every move checked (docs/records.md).

>>> import polyreversi as pr
>>> from polyreversi.record import Record
>>> rec = Record("8x8", moves=["f5", "d6", "c3"])
>>> replay = Replay(rec)
>>> len(replay), replay[1].ply, replay[-1].scores()
(4, 1, (5, 2))
>>> Replay(Record("8x8", moves=["f5", "f5"]))
Traceback (most recent call last):
...
polyreversi.replay.ReplayError: illegal move f5 at ply 1 (White to move): the square is taken; legal moves: f4 d6 f6

A replay never draws anything at random: the blocked squares are the record's
(RULES.md §4).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, List, Optional, Tuple

from polyreversi._core import IllegalMoveError, InvalidSquareError, State
from polyreversi._validate import instance
from polyreversi.errors import RecordError
from polyreversi.vocabulary import color_name

if TYPE_CHECKING:  # records use replays (Record.replay): no import of record.py here, so no cycle
    from polyreversi.record import Record

# What a Replay reads of a record (polyreversi.record.Record has them all).
_RECORD_FIELDS = ("variant", "moves", "implicit_passes", "initial_state", "replace")

# Margins may be recorded rounded to hundredths (GGF RE with a komi).
_MARGIN_TOLERANCE = 0.01


class ReplayError(RecordError):
    """A record whose moves do not replay: an illegal move, or a move after the game ended.

    The message is the engine's own explanation (the text of the IllegalMoveError
    that ``State.play`` raises), so it numbers plies as ``State.ply`` does.

    Attributes:
        ply: the ply of the position where the bad move was tried, ``state.ply``
            (0 before the first move of a game from the standard start).
        index: the bad move's index in ``record.moves``.
        move: the bad move (an index).
        legal: the legal moves at that point (indices; ``[]`` once the game is over).
        state: the State before the bad move.
    """

    def __init__(
        self,
        message: str,
        *,
        ply: Optional[int] = None,
        index: Optional[int] = None,
        move: Optional[int] = None,
        legal: Optional[List[int]] = None,
        state: Optional[State] = None,
    ) -> None:
        super().__init__(message)
        self.ply = ply
        self.index = index
        self.move = move
        self.legal = legal
        self.state = state


@dataclass(frozen=True)
class ResultCheck:
    """How a replay's final position compares with the record's result.

    ``status`` is one of:

    - ``"match"``: the recorded disks and/or margin equal the replay's;
    - ``"mismatch"``: they differ, or the record says finished and the game is not
      over (or the reverse); ``message`` says how;
    - ``"unfinished"``: the game stops before its end and the record does not say
      why (or says unfinished);
    - ``"resigned"``, ``"time"``, ``"agreed"``: stopped that way; nothing to compare;
    - ``"unchecked"``: a finished game with no recorded disks or margin.
    """

    status: str
    message: str

    @property
    def ok(self) -> bool:
        """False only for a mismatch."""
        return self.status != "mismatch"


class Replay:
    """The states of a record from its start (ply 0) to its last move.

    ``replay[k]`` is a new State after ``k`` plies (negative ``k`` counts from the
    end); ``len(replay)`` is the number of plies plus one; iterating gives every
    state in order; :attr:`final` is the last one. Forced passes missing from a
    record with ``implicit_passes`` (transcripts, WTHOR) are inserted: a pass is
    added exactly where the player to move has no legal move and the next recorded
    move is not a pass, so in :attr:`moves` passes are always explicit.

    Raises:
        RecordError: the record's start position does not fit its variant.
        ReplayError: a move that is not legal (the engine's message names the move,
            the ply, the player, the reason and the legal moves), including a pass
            where the player has a legal move (RULES.md §5) and any move after the
            game is over.
    """

    def __init__(self, record: "Record") -> None:
        if not all(hasattr(record, name) for name in _RECORD_FIELDS) or isinstance(record, type):
            raise TypeError(f"record: expected a Record, got {type(record).__name__}")
        self.record = record
        self._initial = record.initial_state()
        state = self._initial.copy()
        pass_move = state.PASS
        implicit = record.implicit_passes
        moves: List[int] = []
        for index, move in enumerate(record.moves):
            if implicit and move != pass_move and state.must_pass():
                state.play(pass_move)
                moves.append(pass_move)
            try:
                state.play(move)
            except (IllegalMoveError, InvalidSquareError) as e:
                raise ReplayError(str(e), ply=state.ply, index=index, move=move, legal=list(state.legal_moves()),
                                  state=state.copy()) from None
            moves.append(move)
        self._final = state
        self.moves: Tuple[int, ...] = tuple(moves)

    # -- sequence --------------------------------------------------------
    def __len__(self) -> int:
        return len(self.moves) + 1

    def __getitem__(self, k: int) -> State:
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"Replay indices are plies (int), not {type(k).__name__}")
        n = len(self)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"ply {k} is outside this replay (plies 0..{n - 1})")
        if k == n - 1:
            return self._final.copy()
        state = self._initial.copy()
        for move in self.moves[:k]:
            state.play(move)
        return state

    def __iter__(self) -> Iterator[State]:
        state = self._initial.copy()
        yield state.copy()
        for move in self.moves:
            state.play(move)
            yield state.copy()

    @property
    def final(self) -> State:
        """A new State at the end of the record."""
        return self._final.copy()

    @property
    def initial(self) -> State:
        """A new State at the record's start."""
        return self._initial.copy()

    def explicit_record(self) -> "Record":
        """The record with every pass written out (``implicit_passes`` False)."""
        return self.record.replace(moves=self.moves, implicit_passes=False)

    # -- results ---------------------------------------------------------
    def check(self) -> ResultCheck:
        """Compares the final position with the record's result (see :class:`ResultCheck`).

        Recorded disks must equal the final disk counts (RULES.md §7). A recorded
        2-player margin is compared with Black's disks minus White's where a finished
        game's empty squares go to the winner (the World Othello Federation
        convention of WTHOR and GGF; split on a draw; not in Anti-Reversi), minus the
        komi if any, to within 0.01.
        """
        record, final = self.record, self._final
        result = record.result
        over = final.is_over()
        end = result.end if result is not None else None
        scores = tuple(final.scores())
        if result is not None and result.disks is not None and tuple(result.disks) != scores:
            return ResultCheck(
                "mismatch", f"recorded disks {list(result.disks)}, the moves end with {list(scores)}"
            )
        if end in ("resigned", "time", "agreed"):
            return ResultCheck(end, f"{_ENDED[end]} at ply {final.ply}")
        if not over:
            if end == "finished":
                return ResultCheck(
                    "mismatch", f"recorded as finished, but the game is not over after ply {final.ply} "
                    f"({color_name(final.to_move)} to move)"
                )
            return ResultCheck("unfinished", f"stops at ply {final.ply} before the end of the game")
        if end == "unfinished":
            return ResultCheck("mismatch", f"recorded as unfinished, but the game is over after ply {final.ply}")
        if result is None or (result.disks is None and result.margin is None):
            return ResultCheck("unchecked", "finished; no result recorded")
        if result.margin is not None:
            expected = final_margin(final) - (record.komi or 0)
            if abs(result.margin - expected) > _MARGIN_TOLERANCE:
                komi = f" minus komi {record.komi:g}" if record.komi else ""
                return ResultCheck(
                    "mismatch",
                    f"recorded margin {result.margin:+g}, the moves give {_disks_text(final)} = {expected:+g}"
                    f" (empties to the winner{komi})",
                )
        return ResultCheck("match", f"finished {_disks_text(final)}")


_ENDED = {"resigned": "resigned", "time": "lost on time", "agreed": "score agreed"}


def final_margin(state: State) -> int:
    """Black's disks minus White's for a 2-player state; when the game is over the
    empty squares go to the winner (split on a draw), as WTHOR and GGF record it,
    except in Anti-Reversi, where the disks are compared as they are.

    Raises:
        TypeError: ``state`` is not a State.
    """
    black, white = instance(state, State, "state").scores()[:2]
    if not state.is_over() or state.variant.anti:
        return black - white
    empties = len(state.variant.squares) - black - white
    if black > white:
        return black + empties - white
    if white > black:
        return black - white - empties
    return 0


def _disks_text(state: State) -> str:
    return "-".join(str(s) for s in state.scores())


__all__ = ["Replay", "ReplayError", "ResultCheck", "final_margin"]
