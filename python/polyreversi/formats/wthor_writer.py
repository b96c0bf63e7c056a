"""Writing WTHOR: a ``.wtb`` database and its name files (docs/records.md).

The layout is the one :mod:`polyreversi.formats.wthor` reads (ffothello.org, "La
base WTHOR"): a 16-byte header (creation date, N1 games, year of the games, board
size 8, game type 0, depth of the theoretical score), then 68 bytes a game; the
``.JOU`` / ``.TRN`` name files have the same header with N2 names, then 20 / 26
bytes a name (Latin-1, NUL-padded, at most 19 / 25 bytes).

WTHOR holds standard 8x8 games of two players from the standard start; any other
game is refused (RecordError). Per game it holds the moves (passes are not stored,
a reader inserts the forced ones), the two players, the tournament (``meta["event"]``),
the real score (Black's disks, empties to the winner: ``(margin + 64) / 2``) and the
theoretical score; per file one year and one depth. Indexes kept in ``meta``
(``player_indexes``, ``tournament_index``) are reused, so a database read and written
back has the same bytes in every game record. What WTHOR cannot hold (a resignation
and its winner, a komi, other ``meta``, a date beyond its year or of year 0) is named in one
:class:`~polyreversi.errors.RecordWarning`.
"""
from __future__ import annotations

import datetime
import re
import struct
from collections import Counter
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from polyreversi.errors import RecordError, quoted
from polyreversi.formats._lost import encode_each_lost, meta_lost, warn_lost
from polyreversi.formats.wthor_layout import GAME_SIZE, HEADER_SIZE, MOVES, PLAYER_SIZE, TOURNAMENT_SIZE
from polyreversi.record import Record
from polyreversi.replay import Replay, final_margin
from polyreversi.state import State
from polyreversi.variant import Variant

_VARIANT = Variant("8x8")
_MAX_INDEX = 0xFFFF
# meta keys WTHOR holds; "source" is where a game was read from, made anew on reading
_HELD_META = ("event", "tournament_index", "player_indexes", "theoretical_score", "theoretical_depth", "source")
_YEAR = re.compile(r"([0-9]{4})")


@dataclass
class _Game:
    """One game, ready for its 68 bytes but for the name indexes."""

    black: Optional[str]
    white: Optional[str]
    event: Optional[str]
    hints: Tuple[Optional[int], Optional[int], Optional[int]]  # black, white, tournament indexes from meta
    score: int
    theoretical: Optional[int]
    depth: Optional[int]
    year: Optional[int]
    codes: bytes  # the move bytes, 10*row + column


def encode(records: Sequence[Record], today: Optional[datetime.date] = None) -> Dict[Optional[str], bytes]:
    """The files of a WTHOR database holding ``records``: ``None`` the ``.wtb`` bytes,
    ``".JOU"`` / ``".TRN"`` its name files (written beside it with its name).

    Raises:
        RecordError: a game WTHOR cannot hold (the message names the game and why), a
            name longer than its field or not Latin-1, more than 65,535 names.
    """
    records = list(records)
    games, lost = encode_each_lost(records, _game)
    today = today or datetime.datetime.now(datetime.timezone.utc).date()
    players = _Names(PLAYER_SIZE, "player")
    tournaments = _Names(TOURNAMENT_SIZE, "tournament")
    blacks = players.assign([(g.hints[0], g.black) for g in games] + [(g.hints[1], g.white) for g in games])
    events = tournaments.assign([(g.hints[2], g.event) for g in games])
    n = len(games)
    year = _most_common([g.year for g in games if g.year is not None]) or 0
    depth = _most_common([g.depth for g in games if g.depth is not None]) or 0
    for k, g in enumerate(games):  # what the file-wide choices changed
        if (blacks[k], blacks[n + k]) != g.hints[:2] and g.hints[:2] != (None, None):
            lost[k].append("meta.player_indexes (given new indexes)")
        if g.hints[2] is not None and events[k] != g.hints[2]:
            lost[k].append("meta.tournament_index (given a new index)")
        if g.year is not None and g.year != year:
            lost[k].append(f"date (a WTHOR file holds one year: {year})")
        elif records[k].date is None and year:  # read back with the file's year, a date it never had
            lost[k].append(f"date (none given; a WTHOR file gives every game its year: {year})")
        if g.depth is not None and g.depth != depth:
            lost[k].append(f"meta.theoretical_depth (a WTHOR file holds one depth: {depth})")
    warn_lost(lost, "WTHOR")
    body = b"".join(
        struct.pack("<HHHBB", events[k], blacks[k], blacks[n + k], g.score,
                    g.theoretical if g.theoretical is not None else g.score) + g.codes
        for k, g in enumerate(games)
    )
    wtb = _header(today, games=n, names=0, year=year, board_size=8, depth=depth) + body
    return {None: wtb, ".JOU": players.file(today), ".TRN": tournaments.file(today)}


def _game(record: Record) -> Tuple[_Game, List[str]]:
    """A record as a WTHOR game, and the fields WTHOR cannot hold."""
    _check_expressible(record)
    replay = Replay(record)
    moves = replay.moves
    if moves and moves[-1] == _VARIANT.PASS:
        raise RecordError("WTHOR cannot hold a game that ends with a pass (passes are not stored)")
    codes = bytes(10 * (m // 8 + 1) + (m % 8 + 1) for m in moves if m != _VARIANT.PASS)
    meta = record.meta
    score, lost = _score(record, replay)
    year, date_lost = _year(record.date)
    game = _Game(
        black=_checked_name(record.players[0], PLAYER_SIZE, "players[0]"),
        white=_checked_name(record.players[1], PLAYER_SIZE, "players[1]"),
        event=_checked_name(meta.get("event"), TOURNAMENT_SIZE, "meta['event']"),
        hints=_hints(meta),
        score=score,
        theoretical=_small(meta.get("theoretical_score"), 64),
        depth=_small(meta.get("theoretical_depth"), 255),
        year=year,
        codes=codes + bytes(MOVES - len(codes)),
    )
    lost += date_lost + meta_lost(meta, _HELD_META)
    for key, limit in (("theoretical_score", 64), ("theoretical_depth", 255), ("tournament_index", _MAX_INDEX)):
        if meta.get(key) is not None and _small(meta[key], limit) is None:
            lost.append(f"meta.{key} (not a whole number 0-{limit})")
    if meta.get("player_indexes") is not None and None in _hints(meta)[:2]:
        lost.append("meta.player_indexes (not two indexes)")
    if record.komi is not None:
        lost.append("komi")
    return game, lost


def _check_expressible(record: Record) -> None:
    v = record.variant
    lacks = [what for what, present in (
        (f"the {v.board} board", v.board != "8x8"), (f"{v.players} players", v.players != 2),
        ("Anti-Reversi", v.anti), ("the free opening", v.free_opening), ("a handicap", v.handicap),
        ("blocked squares", v.blocked)) if present]
    if lacks:
        raise RecordError(f"WTHOR cannot hold {' or '.join(lacks)} ({v}): it holds standard 8x8 games of 2 players")
    if record.start is not None:
        raise RecordError("WTHOR cannot hold a game with a custom start position (it holds standard starts only)")


def _score(record: Record, replay: Replay) -> Tuple[int, List[str]]:
    """The real score (Black's disks, empties to the winner) and the result fields lost."""
    result = record.result
    final = replay.final
    lost = []
    margin = result.margin if result is not None else None
    if record.komi is not None and margin is not None:
        margin = None  # a komi margin is not a disk count: count the disks
        lost.append("result.margin (after the komi)")
    if margin is None:  # no recorded score: the disks, empties to the leader (the winner once over)
        margin = final_margin(final) if final.is_over() else _leader_margin(final)
    elif not (float(margin).is_integer() and -64 <= margin <= 64 and int(margin) % 2 == 0):
        raise RecordError(f"result.margin: {margin:+g} cannot be a WTHOR score (an even number of disks "
                          "from -64 to +64: Black's disks, empties to the winner)")
    if result is not None:
        if result.end in ("resigned", "time", "agreed"):
            lost.append(f"result.end ({result.end})")
        if result.winner is not None:
            lost.append("result.winner")
        if result.disks is not None and tuple(result.disks) != tuple(final.scores()):
            lost.append("result.disks")
    return (int(margin) + 64) // 2, lost


def _leader_margin(state: State) -> int:
    black, white = state.scores()[:2]
    empties = 64 - black - white
    return black - white + (empties if black > white else -empties if white > black else 0)


def _year(date: Optional[str]) -> Tuple[Optional[int], List[str]]:
    if date is None:
        return None, []
    found = _YEAR.match(date.strip())
    if found is None:
        return None, ["date"]
    if int(found.group(1)) == 0:  # a year 0 is written for games without a date, and read back as none
        return None, ["date (year 0 means none in WTHOR)"]
    return int(found.group(1)), [] if date == found.group(1) else ["date (WTHOR holds its year)"]


def _checked_name(name: Optional[str], size: int, where: str) -> Optional[str]:
    if name is None:
        return None
    try:
        raw = name.encode("latin-1")
    except UnicodeEncodeError as e:
        raise RecordError(f"{where}: {quoted(name)}: {quoted(name[e.start])} is not a Latin-1 character, "
                          "which WTHOR name files hold") from None
    problem = None
    if not name:
        problem = "an empty name (use None for an unknown name)"
    elif len(raw) > size - 1:
        problem = f"{len(raw)} bytes; a WTHOR name holds at most {size - 1}"
    elif "\0" in name or name != name.strip():
        problem = "a NUL or leading or trailing spaces, which WTHOR name files do not keep"
    if problem:
        raise RecordError(f"{where}: {quoted(name)} has {problem}")
    return name


def _hints(meta: Mapping[str, Any]) -> Tuple[Optional[int], Optional[int], Optional[int]]:
    """The player and tournament indexes a record read from WTHOR keeps in ``meta``."""
    pair = meta.get("player_indexes")
    black = white = None
    if isinstance(pair, (list, tuple)) and len(pair) == 2:
        black, white = (_small(i, _MAX_INDEX) for i in pair)
    return black, white, _small(meta.get("tournament_index"), _MAX_INDEX)


def _small(value: object, limit: int) -> Optional[int]:
    """``value`` when it is a whole number 0..limit, else None."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        return None
    return value


def _most_common(values: List[int]) -> Optional[int]:
    return Counter(values).most_common(1)[0][0] if values else None


class _Names:
    """A name file being made: index -> name, reusing the indexes records carry."""

    def __init__(self, size: int, what: str) -> None:
        self.size = size
        self.what = what
        self.table: Dict[int, Optional[str]] = {}

    def assign(self, wanted: List[Tuple[Optional[int], Optional[str]]]) -> List[int]:
        """The index of each ``(hint, name)``: the hint when it is free or holds that
        name, else the index the name already has, else a new one."""
        out: List[Optional[int]] = []
        for hint, name in wanted:
            if hint is not None and self.table.setdefault(hint, name) == name:
                out.append(hint)
            else:
                out.append(None)
        by_name: Dict[Optional[str], int] = {}
        for index, name in sorted(self.table.items()):
            by_name.setdefault(name, index)
        for k, (hint, name) in enumerate(wanted):
            if out[k] is None:
                if name not in by_name:
                    index = max(self.table, default=-1) + 1
                    if index > _MAX_INDEX:
                        raise RecordError(f"more than {_MAX_INDEX + 1} {self.what} names: a WTHOR name file holds no more")
                    self.table[index] = name
                    by_name[name] = index
                out[k] = by_name[name]
        return out  # type: ignore[return-value]

    def file(self, today: datetime.date) -> bytes:
        count = max(self.table, default=-1) + 1
        body = b"".join((self.table.get(k) or "").encode("latin-1").ljust(self.size, b"\0") for k in range(count))
        return _header(today, games=0, names=count, year=0, board_size=0, depth=0) + body


def _header(today: datetime.date, *, games: int, names: int, year: int, board_size: int, depth: int) -> bytes:
    header = struct.pack("<BBBBIHHBBBB", today.year // 100, today.year % 100, today.month, today.day,
                         games, names, year, board_size, 0, depth, 0)
    assert len(header) == HEADER_SIZE and GAME_SIZE == 8 + MOVES
    return header


__all__ = ["encode"]
