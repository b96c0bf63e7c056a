"""WTHOR, the game database format of the Fédération Française d'Othello.

Layout (all integers little-endian; ffothello.org, "La base WTHOR"):

- a 16-byte header: creation century, year, month, day (1 byte each); the number
  of games N1 (u32, offset 4); the number of names N2 (u16, offset 8, used by the
  ``.JOU`` / ``.TRN`` files); the year of the games (u16, offset 10); the board size
  (offset 12: 0 or 8 for 8x8); the game type (13); the depth of the theoretical
  score (14); one reserved byte;
- ``.wtb`` game databases: N1 records of 68 bytes: tournament, Black player and
  White player indexes (u16 each); the real score (Black's disks at the end, the
  empty squares of a finished game going to the winner, split on a draw); the
  theoretical score; 60 move bytes ``10*row + column`` (1-based, 11..88), 0 after
  the last move. Passes are not stored: records read here have
  ``implicit_passes`` and a replay inserts them;
- ``WTHOR.JOU``: N2 player names of 20 bytes; ``WTHOR.TRN``: N2 tournament names of
  26 bytes (NUL-padded, Latin-1).

A game whose moves stop before the end of the game is a game that stopped early
(its replay reports it unfinished), not an error. The real score becomes the
record's ``result.margin`` (``2*score - 64``); the theoretical score and the
indexes go to ``meta``. The header's year of the games is every record's ``date``
(``"2003"``); a year of 0 reads as no date (``None``), without a warning: no
federation database has it, and 0 is what the writer gives a file of games
without a date (a record dated year 0 is warned about when written). Writing (:func:`encode`) is
:mod:`polyreversi.formats.wthor_writer`.
"""
from __future__ import annotations

import os
import struct
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence

from polyreversi.errors import RecordError, RecordWarning
from polyreversi import formats
from polyreversi.formats import PathLike
from polyreversi.formats.base import Capabilities, GameEntry
from polyreversi.formats.wthor_layout import GAME_SIZE, HEADER_SIZE, MOVES, PLAYER_SIZE, TOURNAMENT_SIZE
from polyreversi.formats.wthor_writer import encode as _encode
from polyreversi.record import Record, Result
from polyreversi.variant import Variant


_VARIANT = Variant("8x8")


@dataclass(frozen=True)
class Header:
    """The 16-byte header of a WTHOR file."""

    created: Optional[str]  # ISO date the file was made, None when the bytes are not a date
    games: int  # N1
    names: int  # N2
    year: int  # the year of the games
    board_size: int  # 0 or 8: 8x8
    game_type: int
    depth: int  # empties at which the theoretical score was computed


@dataclass(frozen=True)
class RawGame:
    """One 68-byte game record, decoded but not yet replayed."""

    tournament: int
    black: int
    white: int
    score: int  # Black's disks, empties to the winner
    theoretical: int
    moves: List[int]  # square indices row * 8 + col, passes not included


def read_header(data: bytes, source: str = "WTHOR file") -> Header:
    """Decodes the 16-byte header; ``source`` names the file in messages
    (:func:`polyreversi.formats.source_name`).

    Raises:
        RecordError: fewer than 16 bytes (naming the file).
    """
    if len(data) < HEADER_SIZE:
        raise RecordError(f"{source}: truncated: {len(data)} bytes, shorter than the {HEADER_SIZE}-byte WTHOR header")
    century, year, month, day, games, names, games_year, size, game_type, depth, _ = struct.unpack_from(
        "<BBBBIHHBBBB", data
    )
    created = None
    if 1 <= month <= 12 and 1 <= day <= 31:
        created = f"{century * 100 + year:04d}-{month:02d}-{day:02d}"
    return Header(created, games, names, games_year, size, game_type, depth)


def decode_game(raw: bytes) -> RawGame:
    """Decodes one 68-byte game record.

    Raises:
        RecordError: a move byte that is not a square (11..88 with row and column 1..8),
            a move after the 0 that ends the game, a real or theoretical score above 64.
            The message names the move (counted from 1) and the byte.
    """
    if len(raw) != GAME_SIZE:
        raise RecordError(f"a game record has {GAME_SIZE} bytes, not {len(raw)}")
    tournament, black, white, score, theoretical = struct.unpack_from("<HHHBB", raw)
    if score > 64:
        raise RecordError(f"real score {score} is more than the 64 squares of the board")
    if theoretical > 64:
        raise RecordError(f"theoretical score {theoretical} is more than the 64 squares of the board")
    codes = raw[8:]
    moves: List[int] = []
    for i, b in enumerate(codes):
        if b == 0:
            for j in range(i + 1, MOVES):
                if codes[j] != 0:
                    raise RecordError(
                        f"move {i + 1} is byte 0 (the end of the game) but move {j + 1} is byte {codes[j]}"
                    )
            break
        row, col = divmod(b, 10)
        if not (1 <= row <= 8 and 1 <= col <= 8):
            raise RecordError(
                f"move {i + 1} is byte {b}, which is not a square (10*row + column, rows and columns 1..8)"
            )
        moves.append((row - 1) * 8 + (col - 1))
    return RawGame(tournament, black, white, score, theoretical, moves)


def read_names(path: PathLike, size: int) -> List[str]:
    """The names of a ``.JOU`` (``size`` 20) or ``.TRN`` (``size`` 26) file, by index.

    Raises:
        RecordError: a missing file, a file whose size does not match its header.
    """
    data = formats.read_bytes(path)
    source = formats.source_name(path)
    header = read_header(data, source)
    count = header.names or header.games
    expected = HEADER_SIZE + size * count
    if len(data) != expected:
        raise RecordError(
            f"{source}: {len(data)} bytes, but a name file with {count} names (header) has "
            f"{HEADER_SIZE} + {size} x {count} = {expected} bytes"
        )
    names: List[str] = []
    for k in range(count):
        raw = data[HEADER_SIZE + k * size : HEADER_SIZE + (k + 1) * size]
        names.append(raw.split(b"\0", 1)[0].decode("latin-1").strip())
    return names


def read_players(path: PathLike) -> List[str]:
    """Player names of a ``WTHOR.JOU`` file (see :func:`read_names`)."""
    return read_names(path, PLAYER_SIZE)


def read_tournaments(path: PathLike) -> List[str]:
    """Tournament names of a ``WTHOR.TRN`` file (see :func:`read_names`)."""
    return read_names(path, TOURNAMENT_SIZE)


def find_beside(path: PathLike, name: str) -> Optional[Path]:
    """The file called ``name`` (any letter case) in ``path``'s folder, or None."""
    folder = Path(path).resolve().parent
    exact = folder / name
    if exact.is_file():
        return exact
    for candidate in folder.iterdir():
        if candidate.name.lower() == name.lower() and candidate.is_file():
            return candidate
    return None


CAPABILITIES = Capabilities(
    "WTHOR, the Fédération Française d'Othello's database: 8x8 tournament games",
    players=(2,),
    boards=("8x8",),
    features=frozenset(),
    fields=frozenset({"players", "result", "date", "meta"}),
    read_options=("players_file", "tournaments_file"),
    binary=True,
    companions=(".JOU", ".TRN"),
    note="standard 8x8 games; names through the .JOU and .TRN files; passes not stored; the end "
         "of a resigned game, a komi and meta other than WTHOR's own fields are lost",
)


def decode(data: bytes, source: str, path: Optional[PathLike] = None, *, players_file: Optional[PathLike] = None,
           tournaments_file: Optional[PathLike] = None) -> Iterator[GameEntry]:
    """The games of a ``.wtb`` file's bytes, one entry each (names as :func:`entries`;
    without ``path``, standard input, no name file is looked for beside it).

    Raises:
        RecordError: as :func:`entries`.
    """
    header = read_header(data, source)
    expected = HEADER_SIZE + GAME_SIZE * header.games
    if len(data) != expected:
        why = "truncated" if len(data) < expected else "too long"
        records, rest = divmod(len(data) - HEADER_SIZE, GAME_SIZE)
        shape = f"{records} records of {GAME_SIZE} bytes and {rest} bytes more" if rest else f"{records} records"
        raise RecordError(
            f"{why}: {len(data)} bytes ({shape}), but the header announces {header.games} game{'' if header.games == 1 else 's'}: "
            f"{HEADER_SIZE} + {GAME_SIZE} x {header.games} = {expected} bytes"
        )
    if header.board_size not in (0, 8):
        raise RecordError(f"board size byte {header.board_size}: only 8x8 WTHOR databases are read")
    if players_file is None and path is not None:
        players_file = name_file_beside(path, ".JOU")
    if tournaments_file is None and path is not None:
        tournaments_file = name_file_beside(path, ".TRN")
    players = read_players(players_file) if players_file is not None else None
    tournaments = read_tournaments(tournaments_file) if tournaments_file is not None else None
    _warn_unnamed(source, data, header.games, players, tournaments, players_file, tournaments_file)
    # meta["source"] holds the file's own name (source is its name in messages, cut when long)
    name = Path(os.fspath(path)).name if path is not None else source
    return _entries(name, data, header, players, tournaments, players_file, tournaments_file)


def name_file_beside(path: PathLike, extension: str) -> Optional[Path]:
    """The name file of a database: ``<stem>.JOU`` / ``<stem>.TRN`` beside it (as this
    module writes them), else ``WTHOR.JOU`` / ``WTHOR.TRN`` (the federation's), any
    letter case; None when there is neither."""
    return find_beside(path, Path(path).stem + extension) or find_beside(path, "WTHOR" + extension)


def _warn_unnamed(source: str, data: bytes, games: int, players: Optional[List[str]], tournaments: Optional[List[str]],
                  players_file: Optional[PathLike], tournaments_file: Optional[PathLike]) -> None:
    """One RecordWarning when name files are missing, or when some games' indexes are
    beyond them (an older WTHOR.JOU beside a newer database): those games are read
    without that name."""
    missing = [f"{what} (no {file} given or beside it)" for what, names, file in
               (("players", players, "WTHOR.JOU"), ("tournaments", tournaments, "WTHOR.TRN")) if names is None]
    if missing:
        warnings.warn(f"{source}: {' and '.join(missing)} are unnamed; their indexes are in meta",
                      RecordWarning, stacklevel=4)
    beyond: List[str] = []
    for what, names, file, offsets in (("player", players, players_file, (2, 4)),
                                       ("tournament", tournaments, tournaments_file, (0,))):
        if names is None or file is None:  # a list of names comes from its file
            continue
        bad = sorted({index for k in range(games) for offset in offsets
                      for index in struct.unpack_from("<H", data, HEADER_SIZE + k * GAME_SIZE + offset)
                      if index >= len(names)})
        if bad:
            shown = ", ".join(map(str, bad[:5])) + (", ..." if len(bad) > 5 else "")
            beyond.append(f"{what} indexes {shown} are beyond the {len(names)} names of {Path(file).name}")
    if beyond:
        warnings.warn(f"{source}: {'; '.join(beyond)}: those games are read without that name",
                      RecordWarning, stacklevel=4)


def encode(records: Sequence[Record]) -> Dict[Optional[str], bytes]:
    """The ``.wtb`` bytes of standard 8x8 games and their name files ``.JOU`` / ``.TRN``
    (written beside it, named after it): see :mod:`polyreversi.formats.wthor_writer`.

    Raises:
        RecordError: a game WTHOR cannot hold (naming the game and why).
    """
    return _encode(records)


def entries(path: PathLike, *, players_file: Optional[PathLike] = None,
            tournaments_file: Optional[PathLike] = None) -> Iterator[GameEntry]:
    """The games of a ``.wtb`` file, one entry each.

    Names come from ``players_file`` / ``tournaments_file``, by default ``WTHOR.JOU``
    / ``WTHOR.TRN`` beside the file when they exist (otherwise the players are
    unknown and only their indexes are kept in ``meta``).

    Raises:
        RecordError: a missing or truncated file, a size that is not the header's
            game count times 68 bytes plus 16, a board size other than 8x8, a bad name
            file. A bad game (move byte, a player index missing from the name file) is
            returned in its entry, naming the file and the game (numbered from 1).
    """
    return formats.iter_games(path, "wthor", players_file=players_file, tournaments_file=tournaments_file)


def _entries(name: str, data: bytes, header: Header, players: Optional[List[str]], tournaments: Optional[List[str]],
             players_file: Optional[PathLike], tournaments_file: Optional[PathLike]) -> Iterator[GameEntry]:
    for k in range(header.games):
        number = k + 1
        raw = data[HEADER_SIZE + k * GAME_SIZE : HEADER_SIZE + (k + 1) * GAME_SIZE]
        try:
            game = decode_game(raw)
            black, white = _name(players, game.black), _name(players, game.white)
            event = _name(tournaments, game.tournament)
        except RecordError as e:
            yield GameEntry(number, None, RecordError(f"game {number}: {e}"))
            continue
        meta: Dict[str, Any] = {}
        if event is not None:
            meta["event"] = event
        meta.update(
            {
                "tournament_index": game.tournament,
                "player_indexes": [game.black, game.white],
                "theoretical_score": game.theoretical,
                "theoretical_depth": header.depth,
                "source": f"{name} game {number}",
            }
        )
        record = Record(
            variant=_VARIANT,
            moves=tuple(game.moves),
            players=(black, white),
            result=Result(end=None, margin=2 * game.score - 64),
            date=str(header.year) if header.year else None,
            meta=meta,
            implicit_passes=True,
        )
        yield GameEntry(number, record, None)


def read(path: PathLike, *, players_file: Optional[PathLike] = None,
         tournaments_file: Optional[PathLike] = None) -> List[Record]:
    """Every game of a ``.wtb`` file (see :func:`entries`).

    Raises:
        RecordError: a bad file, or the first bad game (naming the file and the game).
    """
    return formats.read(path, "wthor", players_file=players_file, tournaments_file=tournaments_file)


def write(path: PathLike, records: Iterable[Record]) -> None:
    """Writes a ``.wtb`` file (:func:`polyreversi.formats.write`); whether WTHOR is
    written is its :data:`CAPABILITIES`.

    Raises:
        RecordError: while WTHOR is read-only, always.
    """
    formats.write(path, records, "wthor")


def _name(names: Optional[List[str]], index: int) -> Optional[str]:
    """The name at ``index``; None without a name file, for an empty name, or for an
    index beyond the file (warned about once per file by :func:`decode`)."""
    if names is None or index >= len(names):
        return None
    return names[index] or None


__all__ = [
    "Header",
    "RawGame",
    "read_header",
    "decode_game",
    "read_names",
    "read_players",
    "read_tournaments",
    "find_beside",
    "name_file_beside",
    "encode",
    "write",
    "entries",
    "read",
    "HEADER_SIZE",
    "GAME_SIZE",
]
