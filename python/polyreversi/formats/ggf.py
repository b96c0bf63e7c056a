"""GGF, the Generic Game Format of the Generic Game Server (GGS), for Othello.

A game is ``(;`` properties ``;)``; a property is a name and a value in brackets
(skatgame.net/mburo/ggsa/ggf)::

    (;GM[Othello]PC[GGS/os]DT[2003.12.15_12:33:18.MST]PB[Saio1200]PW[Saio3000]
      RB[2196.37]RW[2200.35]TI[05:00//02:00]TY[8]RE[+0.000]
      BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
      B[d3//0.01]W[c5//0.01]...;)

What is read (docs/records.md):

- one or many games per file, each optionally preceded by a counter (``1 (;...;)``,
  as server logs write them); whitespace between games;
- ``TY``: ``[s]<size>`` followed by any of ``k`` (komi), ``r<n>`` (random start with
  n disks), ``a`` (anti), ``b``/``w`` (colour preference); sizes 6, 8 and 10 are
  played (other sizes raise UnsupportedGameError, a RecordError);
- ``BO``: the size, the cells (``-`` empty, ``*`` Black, ``O`` White) and the side to
  move (``*`` or ``O``); a board other than the variant's start becomes the record's
  start position;
- ``B[f5/eval/time]`` and ``W[...]``; a pass is ``PA`` (``pass`` is read too); when the
  same colour moves twice in a row the other player's pass is inserted; where that
  pass was not forced, the second move is named as played out of turn (ReplayError);
- ``RE[+12.000]``: Black's margin (empties to the winner), minus the komi ``KM`` in
  komi games; ``:r`` resigned, ``:t`` time (the sign says who won), ``:s`` agreed
  score; ``RE[?]`` (result unknown, as GGS and NBoard write it for a game not
  over) is an unfinished game, and is written for one;
- ``PB``, ``PW``, ``DT``; ``EV`` as ``meta["event"]``; everything else is kept in
  ``meta["ggf"]``, and the moves' evaluations and times in ``meta["move_evals"]`` /
  ``meta["move_times"]``.

Writing refuses, with a RecordError, what GGF cannot express: the octagon, blocked
squares, 3-4 players, the free opening, ``[`` or ``]`` in a value (GGF has no
escape). A handicap is written as its start board (``BO``), and the record read
back has that board as a custom start. Fields GGF has no place for are named in
one :class:`~polyreversi.errors.RecordWarning` (:func:`lost_fields`).

>>> rec = parse_game("1 (;GM[Othello]PB[Ann]PW[Ben]TY[8]RE[+64.00:r]B[F5//1.20]W[d6];)")
>>> rec.players, rec.move_names(), rec.result
(('Ann', 'Ben'), ['f5', 'd6'], Result(end='resigned', disks=None, margin=64.0, winner=<Color.BLACK: 1>))
>>> dumps(rec)
'(;GM[Othello]PB[Ann]PW[Ben]TY[8]RE[+64:r]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5//1.20]W[D6];)'
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from polyreversi import _core, _validate
from polyreversi._core import Color
from polyreversi.errors import IllegalMoveError, RecordError, quoted, shortened
from polyreversi import formats
from polyreversi.formats._lost import LostFields, encode_all, meta_lost
from polyreversi.formats.base import Capabilities, GameEntry, UnsupportedGameError, in_context, records_of
from polyreversi.record import UNCOUNTED, Record, Result, StartPosition
from polyreversi.replay import Replay, ReplayError, final_margin
from polyreversi.state import State
from polyreversi.variant import Variant, parse_square

#: The board sizes of GGF games that polyreversi plays (``BO[8 ...]``); others raise UnsupportedGameError.
SIZES = (6, 8, 10)

_RE = re.compile(r"^\s*(?P<margin>[+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*(?::\s*(?P<flag>[a-z]))?\s*$", re.IGNORECASE | re.ASCII)
# A komi (KM): a plain decimal number, ASCII digits only.
_KM = re.compile(r"\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*", re.IGNORECASE | re.ASCII)
# Longest number read from TY and BO (sizes, random-start counts); longer ones are refused.
_MAX_DIGITS = 9
# A move's evaluation (a number) and time (as GGS writes times: [[HH:]MM:]SS, with a fraction).
_EVAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)", re.ASCII)
# After a colon, minutes and seconds are below 60 (a clock's fields); SS alone may be any number.
_TIME = re.compile(r"(?:\d+:[0-5]?\d:[0-5]?\d|\d+:[0-5]?\d|\d+)(?:\.\d*)?", re.ASCII)
_TIME_FORM = "[[HH:]MM:]SS, seconds with an optional fraction, MM and SS below 60 after a colon"
# An evaluation is written out in decimals: 1e4 and 1e400 (which would be infinite) are not
# evaluations, and "not a number" left a reader wondering why 1e400 is not one.
_EVAL_FORM = "a decimal number such as 12, -3.5 or +0.25, with no exponent"
_ENDS = {None: "finished", "r": "resigned", "t": "time", "s": "agreed"}
_FLAGS = {"resigned": ":r", "time": ":t", "agreed": ":s"}
# Properties the reader turns into record fields (the rest go to meta["ggf"]).
_FIELDS = {"GM", "TY", "BO", "B", "W", "RE", "PB", "PW", "DT", "KM", "EV"}


@dataclass
class _Property:
    name: str
    value: str
    pos: int


@dataclass
class _RawGame:
    number: int
    pos: int
    props: List[_Property]


@dataclass(frozen=True)
class GameType:
    """A parsed ``TY`` value."""

    size: int
    synchro: bool = False
    komi: bool = False
    random: Optional[int] = None  # disks of a random start; 0 when TY says r without a count
    anti: bool = False
    color: Optional[str] = None  # "b" / "w": the asking player's colour preference


# -- reading ---------------------------------------------------------------------
def parse_type(text: str) -> GameType:
    """Parses a ``TY`` value such as ``8``, ``s8r20``, ``8kr20``, ``10a``.

    Raises:
        RecordError: naming the TY value and the modifier it does not know.
    """
    m = re.fullmatch(r"\s*(?P<s>s?)(?P<size>\d+)(?P<mods>[a-z0-9]*)\s*", text, re.IGNORECASE | re.ASCII)
    if m is None:
        raise RecordError(f"TY[{text}]: unknown game type; expected [s]<size> then any of k, r<n>, a, b, w (e.g. 8, s8r20)")
    synchro = bool(m.group("s"))
    komi = anti = False
    random: Optional[int] = None
    color = None
    mods = m.group("mods").lower()
    i = 0
    while i < len(mods):
        c = mods[i]
        i += 1
        if c == "k" and not komi:
            komi = True
        elif c == "a" and not anti:
            anti = True
        elif c == "s" and not synchro:
            synchro = True
        elif c in "bw" and color is None:
            color = c
        elif c == "r" and random is None:
            digits = mods[i:][: len(mods) - i - len(mods[i:].lstrip(_DIGITS))]
            if len(digits) > _MAX_DIGITS:
                raise RecordError(f"TY[{text}]: random-start disk count {digits[:12]}... is too long")
            random = int(digits) if digits else 0
            i += len(digits)
        else:
            raise RecordError(
                f"TY[{text}]: unknown or repeated game type modifier {quoted(c)}; known: s (synchro), k (komi), "
                "r<n> (random start), a (anti), b/w (colour preference)"
            )
    if len(m.group("size")) > _MAX_DIGITS:
        raise RecordError(f"TY[{text[:30]}]: board size {m.group('size')[:12]}... is too long")
    return GameType(int(m.group("size")), synchro, komi, random, anti, color)


def parse_game(text: str) -> Record:
    """The record of a text holding exactly one GGF game.

    Raises:
        RecordError: as :func:`loads`, or a text with no game or more than one.
    """
    records = loads(text)
    if len(records) != 1:
        raise RecordError(f"expected one GGF game, found {len(records)}")
    return records[0]


def loads(text: str) -> List[Record]:
    """Every game of a GGF text.

    Raises:
        RecordError: unbalanced brackets or parentheses, text outside games, an unknown
            ``TY``, a board size the engine does not play, a bad ``BO``, ``RE`` or move; the
            message names the game (numbered from 1), the property and the line.
    """
    return records_of(_entries_of_text(text, ""))


CAPABILITIES = Capabilities(
    "GGF, the Generic Game Server's format: many 2-player games per file",
    players=(2,),
    boards=("6x6", "8x8", "10x10"),
    features=frozenset({"anti", "handicap", "custom_start"}),
    fallback_encoding="latin-1",
    appendable=True,
    note="a handicap is written as its start board; no octagon, blocked squares or free opening",
)


def decode(text: str, source: str, path: Optional[formats.PathLike] = None) -> Iterator[GameEntry]:
    """The games of a GGF file's text, one entry each.

    Raises:
        RecordError: brackets that do not balance (no game can then be trusted);
            errors inside one game are in its entry.
    """
    return _parse_all(text, _scan(text), "")


def encode(records: Iterable[Record]) -> str:
    """Games as GGF text, one per line; one RecordWarning names what GGF could not hold.

    Raises:
        RecordError / ReplayError: as :func:`dumps`, naming the game.
    """
    return "".join(line + "\n" for line in encode_all(records, _dump, "GGF"))


def entries(path: formats.PathLike) -> Iterator[GameEntry]:
    """The games of a GGF file, one entry each (:func:`polyreversi.formats.iter_games`).

    Raises:
        RecordError: a file that cannot be read or whose brackets do not balance (no
            game can then be trusted); errors inside one game are in its entry.
    """
    return formats.iter_games(path, "ggf")


def read(path: formats.PathLike) -> List[Record]:
    """Every game of a GGF file.

    Raises:
        RecordError: the first bad game or a malformed file, naming the file.
    """
    return formats.read(path, "ggf")


def _entries_of_text(text: str, prefix: str) -> Iterator[GameEntry]:
    try:
        games = _scan(text)
    except RecordError as e:
        raise in_context(e, prefix.rstrip(": ") or "GGF") from None
    return _parse_all(text, games, prefix)


def _parse_all(text: str, games: List[_RawGame], prefix: str) -> Iterator[GameEntry]:
    for game in games:
        try:
            yield GameEntry(game.number, _record(text, game), None)
        except RecordError as e:
            yield GameEntry(game.number, None, in_context(e, f"{prefix}game {game.number} ({_where(text, game.pos)})"))


def _scan(text: str) -> List[_RawGame]:
    """Splits a GGF text into games and properties; checks every bracket."""
    games: List[_RawGame] = []
    pos, n = 0, len(text)
    while True:
        pos = _skip_space(text, pos)
        if pos >= n:
            return games
        counter = re.compile(r"[0-9]+(?=\s*\()").match(text, pos)
        if counter:
            pos = _skip_space(text, counter.end())
        if not text.startswith("(;", pos):
            snippet = text[pos : pos + 20].split("\n")[0]
            raise RecordError(f"{_where(text, pos)}: unexpected {quoted(snippet)} outside a game (expected '(;')")
        start = pos
        pos += 2
        props: List[_Property] = []
        while True:
            pos = _skip_space(text, pos)
            if pos >= n:
                raise RecordError(f"{_where(text, start)}: game {len(games) + 1} is not closed with ';)'")
            if text.startswith(";)", pos):
                pos += 2
                break
            name_match = re.compile(r"[A-Za-z]+").match(text, pos)
            if name_match is None:
                raise RecordError(
                    f"{_where(text, pos)}: unexpected {quoted(text[pos])} in game {len(games) + 1} "
                    "(expected a property such as B[f5] or the end ';)')"
                )
            name = name_match.group(0).upper()
            shown = shortened(name)  # as messages show it: a property name is a few letters, junk may be huge
            pos = _skip_space(text, name_match.end())
            if not text.startswith("[", pos):
                raise RecordError(f"{_where(text, pos)}: property {shown} has no '[' value")
            close = text.find("]", pos + 1)
            if close < 0:
                raise RecordError(f"{_where(text, pos)}: unbalanced brackets: '[' of {shown} is never closed")
            value = text[pos + 1 : close]
            inner = value.find("[")
            if inner >= 0:
                raise RecordError(
                    f"{_where(text, pos + 1 + inner)}: unbalanced brackets: '[' inside the value of {shown} "
                    f"opened at {_where(text, pos)}"
                )
            props.append(_Property(name, value, name_match.start()))
            pos = close + 1
        games.append(_RawGame(len(games) + 1, start, props))


def _record(text: str, game: _RawGame) -> Record:
    first: Dict[str, _Property] = {}
    for p in game.props:
        seen = first.setdefault(p.name, p)
        # One value per game for everything but the moves: which of TY[8]TY[10] would be meant?
        if seen is not p and p.name in _FIELDS and p.name not in ("B", "W") and seen.value.strip() != p.value.strip():
            raise RecordError(f"{p.name}[{p.value}]: {p.name} given twice ({p.name}[{seen.value}] first); "
                              "a game has one")
    gm = first.get("GM")
    if gm is not None and gm.value.strip().lower() != "othello":
        raise RecordError(f"GM[{gm.value}]: not an Othello game")
    gtype = parse_type(first["TY"].value) if "TY" in first else None
    variant, start = _variant_and_start(first, gtype)
    moves, evals, times, implied = _moves(text, game.props, variant,
                                          start.to_move if start is not None else Color.BLACK)
    record = Record(
        variant=variant,
        moves=tuple(moves),
        players=(_text(first, "PB"), _text(first, "PW")),
        result=_result(first["RE"].value) if "RE" in first else None,
        date=_text(first, "DT"),
        start=start,
        komi=_komi(first["KM"].value) if "KM" in first else None,
        meta=_meta(game.props, gtype, evals, times),
    )
    if implied:
        _check_implied_passes(record, implied)
    return record


def _variant_and_start(first: Dict[str, _Property], gtype: Optional[GameType]) -> Tuple[Variant, Optional[StartPosition]]:
    """The variant (from TY, or BO's size, or 8x8) and a start other than the variant's (from BO)."""
    board = _board(first["BO"].value) if "BO" in first else None
    size = gtype.size if gtype is not None else (board[0] if board is not None else 8)
    if board is not None and board[0] != size:
        raise RecordError(f"BO: a {board[0]}x{board[0]} board in a game of type TY[{first['TY'].value}]")
    if size not in SIZES:
        where = f"TY[{first['TY'].value}]" if "TY" in first else f"BO[{size} ...]"  # without TY, size is BO's
        raise UnsupportedGameError(f"{where}: a {size}x{size} board; the engine plays sides 6, 8 and 10 only")
    variant = Variant(f"{size}x{size}", 2, anti=bool(gtype and gtype.anti))
    if gtype is not None and gtype.random is not None and board is None:
        raise RecordError(f"TY[{first['TY'].value}]: a random-start game needs its start board BO")
    if board is None:
        return variant, None
    _, cells, first_color = board
    if first_color == Color.BLACK and np.array_equal(np.array(cells).reshape(size, size), variant.start().board()):
        return variant, None
    start = StartPosition(tuple(cells), first_color, 0)
    start.state(variant)  # raises RecordError naming what does not fit
    return variant, start


def _moves(text: str, props: List[_Property], variant: Variant,
           first_color: Color) -> Tuple[List[int], List[str], List[str], Dict[int, str]]:
    """The moves of B[...] / W[...] (passes inserted where one colour moves twice), with
    each move's evaluation and time text ("" where none), and for each inserted pass
    (its index in the moves) the move after it, located, for :func:`_check_implied_passes`."""
    moves: List[int] = []
    evals: List[str] = []
    times: List[str] = []
    implied: Dict[int, str] = {}
    expected = first_color
    for k, p in enumerate(x for x in props if x.name in ("B", "W")):
        color = Color.BLACK if p.name == "B" else Color.WHITE
        if color != expected:  # the other player's pass is not written: insert it
            implied[len(moves)] = _move_where(text, p, k)
            moves.append(variant.PASS)
            evals.append("")
            times.append("")
        try:
            given, ev, tm = move_fields(p.value)
        except RecordError as e:
            raise RecordError(f"{_move_where(text, p, k)}: {e}") from None
        name = given.lower()
        if name in ("pa", "pass"):
            moves.append(variant.PASS)
        else:
            try:
                moves.append(parse_square(variant.n, name))
            except _core.InvalidSquareError:
                raise RecordError(
                    f"{_move_where(text, p, k)}: {quoted(given)} is not a square of the {variant.board} board nor a pass (PA)"
                ) from None
        evals.append(ev)
        times.append(tm)
        expected = Color.WHITE if color == Color.BLACK else Color.BLACK
    return moves, evals, times, implied


def time_seconds(text: str) -> float:
    """Seconds of a time as GGS writes it (``[[HH:]MM:]SS`` with an optional fraction:
    ``1.02``, ``01:30``, ``1:00:00``), the form of a GGF move's time and of a ``TI``
    clock's first part (the GGF specification, skatgame.net/mburo/ggsa/ggf).

    Raises:
        RecordError: ``text`` is not such a time, or its digits or its seconds are past
            a float's range (float() reads 400 digits as infinity).
    """
    text = text.strip()
    if not _TIME.fullmatch(text):
        raise RecordError(f"time {quoted(text)} is not a time ({_TIME_FORM})")
    seconds = 0.0
    for part in text.split(":"):
        value = float(part)
        if math.isinf(value):  # digits past a float's range (the form has no infinity)
            raise RecordError(f"time {quoted(text)}: {_validate.beyond_float(part)}")
        seconds = seconds * 60 + value
    if not math.isfinite(seconds):
        raise RecordError(f"time {quoted(text)} is more seconds than a float holds")
    return seconds


def move_fields(value: str) -> Tuple[str, str, str]:
    """The move, evaluation and time of a GGF move ``move[/[eval][/time]]`` (the value
    of ``B[...]``/``W[...]``; NBoard's ``move`` command sends the same): "" for a field
    not given, spaces around each dropped. The GGF specification (Generic Game Server,
    skatgame.net/mburo/ggsa/ggf) makes the evaluation and the time optional; the
    evaluation is a number, the time is written as GGS writes times (``[[HH:]MM:]SS``,
    with an optional fraction: ``1.02``, ``01:30``).

    Raises:
        RecordError: naming the field: an evaluation that is not a decimal number, a time that
            is not a time, or more than the three fields.
    """
    parts = [part.strip() for part in value.split("/")]
    if len(parts) > 3:
        raise RecordError(f"{len(parts)} fields; a move is MOVE[/EVAL[/TIME]]")
    move, ev, tm = (parts + ["", ""])[:3]
    if ev and not _EVAL.fullmatch(ev):
        raise RecordError(f"evaluation {quoted(ev)} is not {_EVAL_FORM} (MOVE/EVAL/TIME)")
    if tm and not _TIME.fullmatch(tm):
        raise RecordError(f"time {quoted(tm)} is not a time ({_TIME_FORM}; MOVE/EVAL/TIME)")
    return move, ev, tm


def _check_implied_passes(record: Record, implied: Dict[int, str]) -> None:
    """GGF leaves out only a forced pass: where one colour moves twice in a row and the
    other had a legal move, the second move was played out of turn, and is named so
    (rather than as an illegal pass nobody wrote). The moves before it that do not
    replay are left to :class:`~polyreversi.replay.Replay` to name.

    Raises:
        ReplayError: the first move out of turn (``index`` and ``move`` are the inserted
            pass's, where the moves go wrong).
    """
    state = record.initial_state()
    last = max(implied)
    for index, move in enumerate(record.moves[: last + 1]):
        if index in implied and not state.is_over() and not state.must_pass():
            mover, other = ("White", "Black") if state.to_move == Color.WHITE else ("Black", "White")
            legal = " ".join(state.variant.square_name(m) for m in state.legal_moves())
            raise ReplayError(f"{implied[index]}: {other} moves twice in a row, but {mover} is to move at ply "
                              f"{state.ply} and has legal moves ({legal}); GGF leaves out only a forced pass",
                              ply=state.ply, index=index, move=move, legal=list(state.legal_moves()),
                              state=state.copy())
        try:
            state.play(move)
        except (IllegalMoveError, _core.InvalidSquareError):
            return


def _result(value: str) -> Result:
    """An RE value: ``?`` (result unknown: the game is unfinished), or Black's margin
    with an optional flag; the sign of a resignation or time loss says who won."""
    if value.strip() == "?":
        return Result(end="unfinished")
    m = _RE.match(value)
    flag = m.group("flag").lower() if m and m.group("flag") else None
    if m is None or flag not in _ENDS:
        raise RecordError(
            f"RE[{value}]: expected Black's margin such as +12.000, optionally followed by "
            ":r (resigned), :t (time) or :s (agreed score), or ? (result unknown)"
        )
    try:
        margin = _validate.finite_float(float(m.group("margin")), "RE (Black's margin)", given=m.group("margin"))
    except ValueError as e:
        raise RecordError(str(e)) from None
    end = _ENDS[flag]
    winner = None
    if end in UNCOUNTED and margin != 0:
        winner = Color.BLACK if margin > 0 else Color.WHITE
    return Result(end=end, margin=margin, winner=winner)


def _komi(value: str) -> float:
    if not _KM.fullmatch(value):
        raise RecordError(f"KM[{value}]: expected a number (the komi)")
    try:
        return _validate.finite_float(float(value), "KM (the komi)", given=value.strip())
    except ValueError as e:  # 400 digits, 1e400: float() reads them as infinity
        raise RecordError(str(e)) from None


def _meta(props: List[_Property], gtype: Optional[GameType], evals: List[str], times: List[str]) -> Dict[str, Any]:
    """``meta`` of a game: EV as ``event``, the other properties in ``ggf``, TY's
    modifiers, the moves' evaluations and times."""
    meta: Dict[str, Any] = {}
    extra: Dict[str, Any] = {}
    for p in props:
        if p.name == "EV":
            meta.setdefault("event", p.value)
        if p.name in _FIELDS:
            continue
        if p.name in extra:
            previous = extra[p.name]
            extra[p.name] = (previous if isinstance(previous, list) else [previous]) + [p.value]
        else:
            extra[p.name] = p.value
    if extra:
        meta["ggf"] = extra
    if gtype is not None:
        if gtype.synchro:
            meta["synchro"] = True
        if gtype.random is not None:
            meta["random_start"] = gtype.random
        if gtype.color is not None:
            meta["color_preference"] = "black" if gtype.color == "b" else "white"
    if any(evals):
        meta["move_evals"] = evals
    if any(times):
        meta["move_times"] = times
    return meta


def _board(value: str) -> Tuple[int, List[int], Color]:
    """Parses a BO value: size, N*N cell codes, the colour to move."""
    tokens = value.split()
    if not tokens or not re.fullmatch(f"[0-9]{{1,{_MAX_DIGITS}}}", tokens[0]):
        raise RecordError(f"BO[{value[:30]}]: expected the board size first, e.g. BO[8 ---...--- *]")
    size = int(tokens[0])
    body = "".join(tokens[1:])
    if not body:
        raise RecordError(f"BO[{value[:30]}]: no cells after the size")
    cells_text, mover = body[:-1], body[-1]
    if len(cells_text) != size * size:
        raise RecordError(
            f"BO: {len(cells_text)} cells for a {size}x{size} board ({size * size} expected, then * or O to move)"
        )
    codes = {"-": 0, "*": 1, "O": 2, "o": 2}
    cells = []
    for i, c in enumerate(cells_text):
        if c not in codes:
            raise RecordError(f"BO: cell {i + 1} is {quoted(c)}; cells are - (empty), * (Black) and O (White)")
        cells.append(codes[c])
    if mover not in ("*", "O", "o"):
        raise RecordError(f"BO: the side to move is {quoted(mover)}; expected * (Black) or O (White)")
    return size, cells, Color.BLACK if mover == "*" else Color.WHITE


def _text(props: Dict[str, _Property], name: str) -> Optional[str]:
    p = props.get(name)
    return p.value if p is not None else None


# -- writing ---------------------------------------------------------------------
def dumps(record: Record) -> str:
    """One game as GGF text on one line: ``(;GM[Othello]...;)``.

    What GGF cannot hold (see :func:`lost_fields`) is left out with one
    :class:`~polyreversi.errors.RecordWarning`.

    Raises:
        RecordError: a variant GGF cannot express (octagon, blocked squares, 3-4 players,
            free opening), text containing ``[`` or ``]`` (GGF values have no escape),
            a ``meta`` value of the wrong shape; nothing wrong is ever written.
        ReplayError: the record does not replay.
        TypeError: ``record`` is not a :class:`polyreversi.Record`.
    """
    text, lost = _dump(_validate.instance(record, Record, "record"))
    lost_list = LostFields("GGF")
    lost_list.add(lost)
    lost_list.warn()
    return text


def write(path: formats.PathLike, records: Iterable[Record]) -> None:
    """Writes games to a GGF file, one per line (:func:`polyreversi.formats.write`);
    one RecordWarning names what GGF could not hold.

    Raises:
        RecordError / ReplayError: as :func:`dumps`, naming the game; nothing is written.
    """
    formats.write(path, records, "ggf")


def lost_fields(record: Record) -> List[str]:
    """The fields of ``record`` that GGF cannot hold (``meta.theoretical_score``,
    ``result.disks`` when they differ from the moves' end, ...); [] when none.

    Raises:
        RecordError / ReplayError: as :func:`dumps`.
    """
    return _dump(record)[1]


def _dump(record: Record) -> Tuple[str, List[str]]:
    """The GGF text of a record and the fields it could not carry."""
    v = record.variant
    _check_expressible(v)
    replay = Replay(record)
    out = _Properties()
    _write_header(out, record)
    re_value, lost = _result_value(record, replay)
    out.add("TY", _type_value(record))
    if record.komi is not None:
        out.add("KM", _number(record.komi, sign=False))
    if re_value is not None:
        out.add("RE", re_value)
    out.add("BO", _board_value(replay.initial))
    lost += _write_moves(out, record, replay.moves, replay.initial.to_move)
    return "(;GM[Othello]" + "".join(out.parts) + ";)", lost + _lost_elsewhere(record, replay)


class _Properties:
    """GGF properties being written; refuses what a GGF value cannot hold."""

    def __init__(self) -> None:
        self.parts: List[str] = []

    def add(self, name: str, value: Any) -> None:
        for item in value if isinstance(value, list) else [value]:
            item = str(item)
            bad = next((c for c in "[]" if c in item), None)
            if bad is not None:
                raise RecordError(f"{name}: {quoted(item)} contains {quoted(bad)}, which a GGF value cannot hold (GGF has no escape)")
            self.parts.append(f"{name}[{item}]")


def _check_expressible(v: Variant) -> None:
    if v.players != 2:
        raise RecordError(f"GGF cannot express a {v.players}-player game")
    if v.board == "octagon":
        raise RecordError("GGF cannot express the octagon board")
    if v.blocked:
        raise RecordError("GGF cannot express blocked squares")
    if v.free_opening:
        raise RecordError("GGF cannot express the free opening (its first four plies flip nothing)")


def _write_header(out: _Properties, record: Record) -> None:
    """PC, DT, PB, PW, EV and the other properties kept in ``meta["ggf"]``."""
    extra = record.meta.get("ggf") or {}
    if not isinstance(extra, dict):
        raise RecordError(f"meta['ggf']: expected a mapping of GGF properties, got {type(extra).__name__}")
    if "PC" in extra:
        out.add("PC", extra["PC"])
    if record.date is not None:
        out.add("DT", record.date)
    if record.players[0] is not None:
        out.add("PB", record.players[0])
    if record.players[1] is not None:
        out.add("PW", record.players[1])
    event = record.meta.get("event")
    if event is not None:
        out.add("EV", event)
    for name, value in extra.items():
        if name == "PC":
            continue
        if not re.fullmatch(r"[A-Za-z]+", str(name)) or name.upper() in _FIELDS:
            raise RecordError(f"meta['ggf']: {quoted(name)} cannot be written as a GGF property")
        out.add(name.upper(), value)


def _type_value(record: Record) -> str:
    meta = record.meta
    ty = ("s" if meta.get("synchro") else "") + str(record.variant.n) + ("k" if record.komi is not None else "")
    random_start = meta.get("random_start")
    if random_start is not None:
        if isinstance(random_start, bool) or not isinstance(random_start, int) or random_start < 0:
            raise RecordError(f"meta['random_start']: expected a disk count (a whole number >= 0), got {quoted(random_start)}")
        ty += f"r{random_start or ''}"
    ty += "a" if record.variant.anti else ""
    return ty + {"black": "b", "white": "w"}.get(str(meta.get("color_preference")), "")


def _board_value(initial: State) -> str:
    n = initial.variant.n
    cells = initial.board().ravel()
    if any(int(c) not in (0, 1, 2) for c in cells):
        raise RecordError("start.board: GGF boards hold only empty squares, Black and White disks")
    rows = ["".join("-*O"[int(c)] for c in cells[r * n : (r + 1) * n]) for r in range(n)]
    return f"{n} {' '.join(rows)} {'*' if initial.to_move == Color.BLACK else 'O'}"


def _write_moves(out: _Properties, record: Record, moves: Sequence[int], color: Color) -> List[str]:
    """B[...] / W[...] for every move (passes as PA) with its evaluation and time;
    returns the lost fields (evaluations or times that do not fit the moves)."""
    v = record.variant
    annotations, lost = [], []
    for key in ("move_evals", "move_times"):
        value = record.meta.get(key)
        if value is not None and not (isinstance(value, list) and len(value) == len(moves)):
            lost.append(f"meta.{key}")  # not one per move: cannot be placed
            value = None
        annotations.append(value)
    evals, times = annotations
    for i, move in enumerate(moves):
        name = "PA" if move == v.PASS else v.square_name(move).upper()
        ev = _annotation(evals[i], "move_evals", i, _EVAL, _EVAL_FORM) if evals else ""
        tm = _annotation(times[i], "move_times", i, _TIME, f"a time, {_TIME_FORM}") if times else ""
        if tm:
            name += f"/{ev}/{tm}"
        elif ev:
            name += f"/{ev}"
        out.add("B" if color == Color.BLACK else "W", name)
        color = Color.WHITE if color == Color.BLACK else Color.BLACK
    return lost


def _annotation(value: Any, key: str, i: int, form: "re.Pattern[str]", what: str) -> str:
    """An evaluation or time as a GGF move holds it (what :func:`move_fields` reads back)."""
    text = "" if value is None else str(value)
    if text and not form.fullmatch(text):
        raise RecordError(f"meta['{key}'][{i}]: {quoted(text)} cannot be written in a GGF move (not {what})")
    return text


# meta keys a GGF game holds (everything else is named in the warning)
_HELD_META = ("ggf", "event", "synchro", "random_start", "color_preference", "move_evals", "move_times")


def _lost_elsewhere(record: Record, replay: Replay) -> List[str]:
    lost = meta_lost(record.meta, _HELD_META)
    if record.meta.get("color_preference") not in (None, "black", "white"):
        lost.append("meta.color_preference")
    if record.variant.handicap:
        lost.append("variant.handicap (written as its start board)")
    if record.start is not None and record.start.ply != 0:
        lost.append("start.ply")
    result = record.result
    if result is not None and result.disks is not None and tuple(result.disks) != tuple(replay.final.scores()):
        lost.append("result.disks")
    return lost


def _result_value(record: Record, replay: Replay) -> Tuple[Optional[str], List[str]]:
    """RE's value (None: no RE) and the result fields it cannot carry."""
    result = record.result
    if result is None:
        return None, []
    end = result.end
    if end is None:  # the source did not say (WTHOR): the replay decides
        end = "finished" if replay.final.is_over() else "unfinished"
    margin = result.margin
    if end == "unfinished":
        return "?", ["result.margin (of an unfinished game)"] if margin is not None else []
    if end in UNCOUNTED:
        if margin is None and result.winner is None:
            return "?", [f"result.end ({end}, winner unknown)"]
        if margin is None:  # the winner takes all, as in the GGF specification's RE[+64.00:r]
            margin = 64 if result.winner == Color.BLACK else -64
    elif margin is None:
        margin = final_margin(replay.final) - (record.komi or 0)
    return _number(margin) + _FLAGS.get(end, ""), []


def _number(x: float, sign: bool = True) -> str:
    """Exact decimal text of a number (no exponent: GGF readers expect digits)."""
    if float(x).is_integer():
        text = str(int(x))
    else:
        text = format(Decimal(repr(float(x))), "f")
    return ("+" + text) if sign and not text.startswith("-") else text


_DIGITS = "0123456789"
_SPACE = re.compile(r"\s*")


def _skip_space(text: str, pos: int) -> int:
    """The first position at or after ``pos`` that is not white space."""
    m = _SPACE.match(text, pos)
    return m.end() if m else pos


def _move_where(text: str, p: _Property, k: int) -> str:
    """Move ``k`` (from 0) as written, located: for messages only (:func:`_where`
    counts the lines before it)."""
    return f"{p.name}[{p.value}] (move {k + 1}, {_where(text, p.pos)})"


def _where(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"line {line} column {column}"


__all__ = ["GameType", "parse_type", "parse_game", "loads", "entries", "read", "dumps", "write", "lost_fields", "SIZES"]
