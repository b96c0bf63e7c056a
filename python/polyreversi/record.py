"""Game records: the variant, the players, the moves, the result (docs/records.md).

A :class:`Record` is plain data: everything needed to replay a game and to say
how it ended, and nothing that depends on a random generator (the blocked
squares actually used are part of the variant, RULES.md §4). Records are built
from played states (:meth:`Record.from_state`, :func:`record_of`), by the
:class:`Game` convenience, or by the readers in :mod:`polyreversi.formats`;
:class:`polyreversi.replay.Replay` replays and checks them.

>>> import polyreversi as pr
>>> state = pr.Variant("8x8").start()
>>> for move in ("f5", "d6", "c3"):
...     state.play(move)
>>> rec = Record.from_state(state, players=("Alice", "Bob"), event="club night")
>>> [rec.variant.square_name(m) for m in rec.moves], rec.players, rec.result.end
(['f5', 'd6', 'c3'], ('Alice', 'Bob'), 'unfinished')
>>> rec.meta["event"]
'club night'
"""
from __future__ import annotations

import collections.abc
import functools
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from polyreversi._core import Color, InvalidSquareError, PositionError, State, VariantError, limits
from polyreversi._validate import finite_float, instance, is_integer, whole
from polyreversi.errors import QUOTED_NAME_CHARS, RecordError, quoted, shortened
from polyreversi.replay import Replay
from polyreversi.variant import Variant, as_variant
from polyreversi.vocabulary import color_name

#: How a game ended. ``finished``: nobody could move (RULES.md §5-§6);
#: ``resigned`` / ``time``: stopped by a resignation or a time loss;
#: ``agreed``: a score agreed by both players (GGF ``:s``);
#: ``unfinished``: stopped early for another reason (or not over yet).
ENDINGS = ("finished", "resigned", "time", "agreed", "unfinished")
#: Endings without a count, where the record says who won (``Result.winner``).
UNCOUNTED = ("resigned", "time")


def _float_field(value: Any, name: str) -> Union[int, float]:
    """``value`` of float field ``name`` as stored: an int as given, any other number a
    float (:func:`polyreversi._validate.finite_float`: a Fraction or Decimal too, as a JSON
    number holds them).

    Raises:
        RecordError: naming the field: not a number, not finite, beyond a float's range.
    """
    try:
        result = finite_float(value, name)
    except (TypeError, ValueError) as e:
        raise RecordError(str(e)) from None
    return int(value) if is_integer(value) else result


def check_end(end: Optional[str]) -> Optional[str]:
    """``end`` when it is one of :data:`ENDINGS` or None.

    Raises:
        RecordError: any other value, naming the allowed ones.
    """
    if end is not None and (not isinstance(end, str) or end not in ENDINGS):
        raise RecordError(f"result.end: unknown ending {quoted(end)}; allowed: {', '.join(ENDINGS)}")
    return end


@dataclass(frozen=True)
class Result:
    """How a game ended and what was recorded about it.

    Attributes:
        end: one of :data:`ENDINGS`, or None when the source does not say (WTHOR);
            a replay then decides between finished and unfinished.
        disks: the disk count of each colour in turn order at the end of the record
            (RULES.md §7), or None when the source does not give them.
        margin: two players only: Black's score minus White's exactly as the source
            recorded it (GGF ``RE``; WTHOR's real score ``s`` as ``2*s - 64``), in the
            World Othello Federation convention that gives the empty squares of a
            finished game to the winner; None when the source gives none.
        winner: for a game that ended without a count (``end`` ``"resigned"`` or
            ``"time"``, :data:`UNCOUNTED`): the Color that won, i.e. the player who did
            not resign or lose on time; None when unknown. With a margin, its sign
            must agree (positive: Black, negative: White).

    Raises:
        RecordError: an unknown ``end``, negative or non-integer disks, a margin that is not
            a finite number or is beyond a float's range (as the komi of :class:`Record`), a winner that is not a colour, a winner for another ending, a winner the
            margin contradicts.
    """

    end: Optional[str] = None
    disks: Optional[Tuple[int, ...]] = None
    margin: Optional[float] = None
    winner: Optional[Color] = None

    def __post_init__(self) -> None:
        check_end(self.end)
        if self.disks is not None:
            try:
                disks = tuple(_count(d) for d in self.disks)
            except (TypeError, ValueError):
                raise RecordError(f"result.disks: expected disk counts (whole numbers >= 0), got {quoted(self.disks)}") from None
            object.__setattr__(self, "disks", disks)
        if self.margin is not None:
            object.__setattr__(self, "margin", _float_field(self.margin, "result.margin"))
        if self.winner is not None:
            self._check_winner()

    def _check_winner(self) -> None:
        winner: Any = self.winner  # as given: checked here
        if not isinstance(winner, Color) and (
            not is_integer(winner) or not 1 <= int(winner) <= 4
        ):
            raise RecordError(f"result.winner: expected a colour (Color.BLACK ... Color.GREEN), got {quoted(winner)}")
        winner = Color(int(winner))
        object.__setattr__(self, "winner", winner)
        if self.end not in UNCOUNTED:
            raise RecordError(
                f"result.winner: only a game that ended by resignation or on time names its winner (end "
                f"{' or '.join(map(repr, UNCOUNTED))}), not end={quoted(self.end)}; a counted game's winner follows from its disks"
            )
        if self.margin is not None:
            says = Color.BLACK if self.margin > 0 else Color.WHITE if self.margin < 0 else None
            if says != winner:
                raise RecordError(
                    f"result.winner: {winner.name.title()} won, but the margin {self.margin:+g} says "
                    f"{says.name.title() + ' won' if says else 'it was a draw'}"
                )


@dataclass(frozen=True)
class StartPosition:
    """A custom start position (a random start, a handicap written as a board, a study).

    Attributes:
        board: the N*N cell codes row by row, as ``State.board()`` gives them
            (0 empty, 1-4 colours, 5 neutral, -1 blocked, -2 octagon cut-out).
        to_move: the Color to move first.
        ply: the ply number of the position (0 for a start).
    """

    board: Tuple[int, ...]
    to_move: Color = Color.BLACK
    ply: int = 0

    def __post_init__(self) -> None:
        try:
            import numpy as np  # a custom start only: a record from the standard start needs no array

            cells = np.asarray(self.board).ravel()
        except (TypeError, ValueError):  # ragged rows and the like
            raise RecordError(f"start.board: expected cell codes, got {quoted(self.board)}") from None
        if not all(is_integer(c) for c in cells.tolist()):
            raise RecordError(f"start.board: expected whole-number cell codes, got {quoted(self.board)}")
        board = tuple(int(c) for c in cells.tolist())
        object.__setattr__(self, "board", board)
        try:
            object.__setattr__(self, "to_move", Color(int(self.to_move)))
        except (TypeError, ValueError):
            raise RecordError(f"start.to_move: expected a colour 1-{limits.MAX_PLAYERS}, got {quoted(self.to_move)}") from None
        if not is_integer(self.ply) or self.ply < 0:
            raise RecordError(f"start.ply: expected a whole number >= 0, got {quoted(self.ply)}")
        object.__setattr__(self, "ply", int(self.ply))

    @classmethod
    def of(cls, state: State) -> "StartPosition":
        """The position of a State (its board, player to move and ply).

        Raises:
            TypeError: ``state`` is not a State.
        """
        instance(state, State, "state")
        return cls(tuple(int(c) for c in state.board().ravel()), state.to_move, state.ply)

    def state(self, variant: Variant) -> State:
        """A new State of ``variant`` at this position.

        Raises:
            RecordError: the board does not fit the variant (size, a disk on a blocked
                square or cut-out, a colour the variant does not have, a blocked square or
                cut-out marked where the variant has none).
            TypeError: ``variant`` is not a Variant.
        """
        n = instance(variant, Variant, "variant").n
        if len(self.board) != n * n:
            raise RecordError(
                f"start.board: {len(self.board)} cells, the {variant.board} board has {n * n} ({n}x{n})"
            )
        blocked, cut = set(variant.blocked), _cut_outs(variant)
        for square, code in enumerate(self.board):
            if code == -1 and square not in blocked:
                raise RecordError(f"start.board: {variant.square_name(square)} is marked blocked; the variant "
                                  f"blocks {_names(variant, sorted(blocked)) or 'no square'}")
            if code == -2 and square not in cut:
                raise RecordError(f"start.board: {variant.square_name(square)} is marked as a cut-out; it is a square "
                                  f"of the {variant.board} board")
        if int(self.to_move) > variant.players:
            raise RecordError(f"start.to_move: {color_name(self.to_move)} is not a player of a "
                              f"{variant.players}-player game")
        try:
            import numpy as np

            return variant.position(np.array(self.board, dtype=np.int64).reshape(n, n), self.to_move, self.ply)
        except (PositionError, ValueError) as e:
            raise RecordError(f"start: {e}") from None


@dataclass(frozen=True)
class Record:
    """One game: everything needed to replay it and to say how it ended.

    Attributes:
        variant: the rules, including the blocked squares actually used and the
            handicap (a :class:`Variant` or its text form, e.g. ``"octagon/4p/blocked=b7"``).
        moves: square indices (``row * N + col``; ``N*N`` is a pass) or names (``"f5"``,
            ``"pass"``), converted to indices.
        players: one name per colour in turn order (Black, White, Red, Green); None
            where unknown; padded with None to the variant's player count.
        result: a :class:`Result`, or None when nothing is known about the end.
        date: the date as the source gave it (ISO 8601 ``YYYY-MM-DD`` when we write it).
        start: a :class:`StartPosition` for custom or random starts; None for the
            variant's own start (RULES.md §3).
        komi: GGF komi games only: the komi, subtracted from Black's margin (GGF ``KM``);
            any finite number a float holds (an int is kept, a Fraction or Decimal becomes
            a float).
        meta: anything else (event, round, seed, source, ratings, ...); JSON-friendly values.
        implicit_passes: True when forced passes may be missing from ``moves`` (2-player
            transcripts and WTHOR, which do not store passes): a replay inserts a pass
            where the player to move has to pass and the record does not say so.

    Raises:
        RecordError: a field of the wrong type, a komi that is not a finite number or is
            beyond a float's range, a move (name or index) off the grid,
            more names than players, more disks in ``result`` than the board has squares,
            text that is not Unicode (a lone surrogate) in a name, the date or ``meta``;
            ``variant`` text that does not parse (the message names the field, e.g. ``moves[12]``). Whether the moves are legal is checked
            by :class:`polyreversi.replay.Replay` (so that a file's illegal game can
            still be read and reported).
    """

    variant: Variant
    moves: Tuple[int, ...] = ()
    players: Tuple[Optional[str], ...] = ()
    result: Optional[Result] = None
    date: Optional[str] = None
    start: Optional[StartPosition] = None
    komi: Optional[float] = None
    meta: Dict[str, Any] = field(default_factory=dict)
    implicit_passes: bool = False

    def __post_init__(self) -> None:
        try:
            variant = as_variant(self.variant)
        except (VariantError, TypeError) as e:  # named once: as_variant's refusal of a wrong type names it already
            message = str(e)
            raise RecordError(message if message.startswith("variant: ") else f"variant: {message}") from None
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "moves", _moves(variant, self.moves))
        object.__setattr__(self, "players", checked_players(self.players, variant))
        if self.result is not None and not isinstance(self.result, Result):
            raise RecordError(f"result: expected a Result, got {type(self.result).__name__}")
        if self.result is not None and self.result.disks is not None:
            disks = self.result.disks
            if len(disks) != variant.players:
                raise RecordError(f"result.disks: {len(disks)} counts for a {variant.players}-player game")
            if sum(disks) > len(variant.squares):  # more disks than the board has squares
                raise RecordError(f"result.disks: {sum(disks):,} disks in all; the {variant} board has "
                                  f"{len(variant.squares)} squares")
        if self.result is not None and self.result.margin is not None and variant.players != 2:
            raise RecordError("result.margin: a margin is for 2-player games only")
        if self.result is not None and self.result.winner is not None and int(self.result.winner) > variant.players:
            raise RecordError(f"result.winner: {self.result.winner.name.title()} is not a player of a "
                              f"{variant.players}-player game")
        if self.date is not None and not isinstance(self.date, str):
            raise RecordError(f"date: expected text, got {quoted(self.date)}")
        _check_text(self.date, "date")
        if self.start is not None and not isinstance(self.start, StartPosition):
            raise RecordError(f"start: expected a StartPosition, got {type(self.start).__name__}")
        if self.komi is not None:
            object.__setattr__(self, "komi", _float_field(self.komi, "komi"))
            if variant.players != 2:
                raise RecordError("komi: komi is for 2-player games only")
        if not isinstance(self.meta, Mapping):
            raise RecordError(f"meta: expected a mapping, got {type(self.meta).__name__}")
        object.__setattr__(self, "meta", dict(self.meta))
        _check_text(self.meta, "meta")
        if self.implicit_passes and variant.players != 2:
            raise RecordError("implicit_passes: only 2-player games have passes")
        object.__setattr__(self, "implicit_passes", bool(self.implicit_passes))

    __hash__ = None  # type: ignore[assignment]  # unhashable (meta is a dict); mypy types __hash__ as a method

    # -- building --------------------------------------------------------
    @classmethod
    def from_state(
        cls,
        state: State,
        /,
        *,
        players: Iterable[Optional[str]] = (),
        date: Optional[str] = None,
        end: Optional[str] = None,
        winner: Optional[Color] = None,
        komi: Optional[float] = None,
        **meta: Any,
    ) -> "Record":
        """The record of the moves played on ``state`` since its initial position.

        The result holds the disks of ``state`` (RULES.md §7), ``end`` (default:
        ``"finished"`` when the game is over, else ``"unfinished"``; pass ``"resigned"``
        or ``"time"`` for a game stopped that way) and, for those, the ``winner``
        (a Color). A state made with ``Variant.position`` records that position as
        its ``start``. Other keywords go to ``meta`` (event, round, seed, ...).

        Raises:
            RecordError: ``end`` is not one of :data:`ENDINGS`, or ``"finished"`` for a
                game that is not over; a ``winner`` :class:`Result` refuses.
            TypeError: ``state`` is not a State.
        """
        instance(state, State, "state")
        check_end(end)
        if end is None:
            end = "finished" if state.is_over() else "unfinished"
        elif end == "finished" and not state.is_over():
            raise RecordError(f"end: the game is not over at ply {state.ply}; it cannot be recorded as finished")
        return cls(
            variant=state.variant,
            moves=tuple(state.moves()),
            players=checked_players(players, state.variant),
            result=Result(end=end, disks=tuple(state.scores()), winner=winner),
            date=date,
            start=_start_of(state),
            komi=komi,
            meta=meta,
        )

    # -- using -----------------------------------------------------------
    @property
    def plies(self) -> int:
        """Moves in the record, passes included (forced passes a replay inserts excluded)."""
        return len(self.moves)

    def initial_state(self) -> State:
        """A new State at the record's start (the variant's start, or ``start``).

        Raises:
            RecordError: the start position does not fit the variant.
        """
        if self.start is None:
            return self.variant.start()
        return self.start.state(self.variant)

    def replay(self) -> Replay:
        """A :class:`polyreversi.replay.Replay` of this record (validates every move).

        Raises:
            ReplayError: an illegal move; the message names the ply, the move and the legal moves.
        """
        return Replay(self)

    def replace(self, **changes: Any) -> "Record":
        """A copy with some fields changed (same names as the attributes)."""
        return dataclasses.replace(self, **changes)

    def move_names(self) -> List[str]:
        """The moves as names (``"f5"``, ``"pass"``)."""
        return [self.variant.square_name(m) for m in self.moves]

    def player_name(self, color: Union[Color, int]) -> str:
        """The name of a colour's player, or the colour's name when unknown.

        ``color``: a :class:`Color` or its number, 1 to the game's player count. Raises TypeError
        for another type, ValueError for a colour the game does not have."""
        name = self.players[whole(color, "color", 1, self.variant.players) - 1]
        return name if name else color_name(color)

    def title(self) -> str:
        """``"Alice vs Bob"`` (``" vs "`` between every player): the line that shows a
        game's players; a name longer than :data:`polyreversi.errors.QUOTED_NAME_CHARS`
        is cut there, with its length (a file's name fields may hold megabytes)."""
        return " vs ".join(shortened(self.player_name(c), QUOTED_NAME_CHARS)
                           for c in range(1, self.variant.players + 1))


def record_of(state: State, **meta: Any) -> Record:
    """The record of a played state: ``state.record(...)``; see :meth:`Record.from_state`.

    Raises:
        RecordError, TypeError: as :meth:`Record.from_state`.
    """
    return Record.from_state(state, **meta)


class Game:
    """A state with its players' names and metadata, building a record as moves are played.

    >>> game = Game("8x8", players=("Alice", "Bob"), event="club night")
    >>> game.play("f5"); game.play("d6")
    >>> game.record.move_names(), game.record.players
    (['f5', 'd6'], ('Alice', 'Bob'))

    When a game stops without a count, say so with :meth:`resign` or
    :meth:`lose_on_time` (or set ``game.end`` and ``game.winner``; an unknown
    ending is refused when it is set):

    >>> game.resign()                 # Black, to move, resigns
    >>> game.record.result.end, game.record.result.winner.name
    ('resigned', 'WHITE')

    Raises:
        VariantError: a bad variant (TypeError: not a Variant or text); RecordError:
            ``players`` not a sequence of at most one name (text) or None per colour
            (:func:`checked_players`); IllegalMoveError / InvalidSquareError from :meth:`play`.
    """

    def __init__(
        self,
        variant: Union[Variant, str] = "8x8",
        players: Sequence[Optional[str]] = (),
        *,
        date: Optional[str] = None,
        state: Optional[State] = None,
        **meta: Any,
    ) -> None:
        self.variant = as_variant(variant)
        self.state = instance(state, State, "state").copy() if state is not None else self.variant.start()
        if self.state.variant != self.variant:
            raise VariantError(f"state: its variant {self.state.variant} is not the game's {self.variant}")
        self.players = checked_players(players, self.variant)
        self.date = date
        self.meta = dict(meta)
        self._end: Optional[str] = None
        self._winner: Optional[Color] = None

    @property
    def end(self) -> Optional[str]:
        """How the game ended when not by a count (:data:`ENDINGS`), or None: the
        record then says finished or unfinished from the position. Setting an
        unknown value raises RecordError."""
        return self._end

    @end.setter
    def end(self, value: Optional[str]) -> None:
        self._end = check_end(value)

    @property
    def winner(self) -> Optional[Color]:
        """The Color that won a game ended by resignation or on time, or None."""
        return self._winner

    @winner.setter
    def winner(self, value: Union[Color, int, None]) -> None:
        if value is None:
            self._winner = None
            return
        try:
            color = Color(int(value)) if not isinstance(value, (bool, str)) else None
        except (TypeError, ValueError):
            color = None
        if color is None or int(color) > self.variant.players:
            raise RecordError(f"result.winner: expected the colour of a player of this {self.variant.players}-player "
                              f"game, got {quoted(value)}")
        self._winner = color

    def resign(self, color: Union[Color, int, None] = None) -> None:
        """``color`` (default: the player to move) resigns a 2-player game: the
        other player wins.

        Raises:
            RecordError: a game of 3-4 players (set ``end`` and ``winner`` instead).
        """
        self._stop("resigned", color)

    def lose_on_time(self, color: Union[Color, int, None] = None) -> None:
        """``color`` (default: the player to move) loses a 2-player game on time."""
        self._stop("time", color)

    def _stop(self, end: str, color: Union[Color, int, None]) -> None:
        if self.variant.players != 2:
            raise RecordError(f"{end}: in a {self.variant.players}-player game, set game.end and game.winner")
        loser = Color(int(color)) if color is not None else self.state.to_move
        self.end = end
        self.winner = Color.WHITE if loser == Color.BLACK else Color.BLACK

    def play(self, move: Union[int, str]) -> None:
        """Plays a legal move (index or name) in place; raises IllegalMoveError otherwise."""
        self.state.play(move)

    def undo(self) -> int:
        """Takes back the last move and returns it; raises HistoryError when there is none."""
        return self.state.undo()

    def is_over(self) -> bool:
        """True when nobody can move."""
        return self.state.is_over()

    @property
    def record(self) -> Record:
        """The record of the game so far."""
        return Record.from_state(
            self.state, players=self.players, date=self.date, end=self.end, winner=self.winner, **self.meta
        )


# -- helpers ---------------------------------------------------------------
def checked_players(players: Optional[Iterable[Optional[str]]], variant: Variant) -> Tuple[Optional[str], ...]:
    """``players`` as a record holds them: one name (text) or None per colour of
    ``variant`` in turn order, None for each colour past the names given (None: no names).
    The one check of a record's and a :class:`Game`'s names.

    Raises:
        RecordError: not a sequence of names (a number, a dict, text: ``'ab'`` is not two names),
            an item that is not text or None (``players[K]``), more names than players,
            a name that is not Unicode text.
    """
    if players is None:
        return (None,) * variant.players
    if isinstance(players, (str, bytes, collections.abc.Mapping)) or not isinstance(players, collections.abc.Iterable):
        raise RecordError(f"players: expected a sequence of names (text) or None, got {type(players).__name__}")
    names = tuple(players)
    if len(names) > variant.players:
        raise RecordError(f"players: {len(names)} names for a {variant.players}-player game")
    for i, name in enumerate(names):
        if name is not None and not isinstance(name, str):
            raise RecordError(f"players[{i}]: expected a name (text) or None, got {quoted(name)}")
        _check_text(name, f"players[{i}]")
    return names + (None,) * (variant.players - len(names))


def _check_text(value: object, where: str) -> None:
    """Refuses text that is not Unicode (a lone surrogate such as ``"\\ud800"``, which
    JSON's escapes can spell): no format can write it as UTF-8, so a record holding it
    could be read but never written. ``value`` may be text, None, or the JSON-like
    values of ``meta`` (keys and values, at any depth).

    Raises:
        RecordError: naming the field (``players[0]``, ``meta.event``) and the character.
    """
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as e:
                raise RecordError(f"{where}: {quoted(value[e.start:e.end])} (character {e.start + 1}) is a lone "
                                  "surrogate, not Unicode text; no file can hold it") from None
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _check_text(key, where)
            _check_text(item, f"{where}.{key}" if isinstance(key, str) and key.isascii() else where)
    elif isinstance(value, (list, tuple)):
        for k, item in enumerate(value):
            _check_text(item, f"{where}[{k}]")


def _count(value: Any) -> int:
    if not is_integer(value) or value < 0:
        raise ValueError(value)
    return int(value)


_INT_ONLY = frozenset({int})


@functools.lru_cache(maxsize=None)
def _moves_of_grid(n: int) -> FrozenSet[int]:
    return frozenset(range(n * n + 1))


def _moves(variant: Variant, moves: Any) -> Tuple[int, ...]:
    """Moves as indices, each a square of the grid or the pass (N*N), checked here;
    whether they are legal is the replay's question."""
    # The common case (formats build records from tuples of ints), in two set
    # operations: no dearer than the old type check alone.
    if type(moves) is tuple and _INT_ONLY.issuperset(map(type, moves)) and _moves_of_grid(variant.n).issuperset(moves):
        return moves
    if isinstance(moves, (str, bytes)):
        raise RecordError("moves: expected a sequence of moves, not one string (see polyreversi.formats.transcript)")
    out = []
    try:
        items = list(moves)
    except TypeError:
        raise RecordError(f"moves: expected a sequence of moves, got {quoted(moves)}") from None
    for i, m in enumerate(items):
        if isinstance(m, str):
            try:
                out.append(variant.square(m))
            except InvalidSquareError as e:
                raise RecordError(f"moves[{i}]: {e}") from None
        elif is_integer(m):
            try:
                out.append(variant.square(int(m)))
            except InvalidSquareError as e:
                raise RecordError(f"moves[{i}]: {e}") from None
        else:
            raise RecordError(f"moves[{i}]: expected a square index or name, got {quoted(m)}")
    return tuple(out)


def _start_of(state: State) -> Optional[StartPosition]:
    import numpy as np  # a played state's boards are arrays: NumPy is loaded already

    initial = state.initial()
    standard = initial.variant.start()
    if (
        initial.ply == standard.ply
        and initial.to_move == standard.to_move
        and np.array_equal(initial.board(), standard.board())
    ):
        return None
    return StartPosition.of(initial)


def _cut_outs(variant: Variant) -> Set[int]:
    playable = set(variant.squares) | set(variant.blocked)
    return {sq for sq in range(variant.n * variant.n) if sq not in playable}


def _names(variant: Variant, squares: Iterable[int]) -> str:
    return ", ".join(variant.square_name(s) for s in squares)


__all__ = ["Record", "Result", "StartPosition", "Game", "record_of", "ENDINGS", "UNCOUNTED", "check_end"]
