"""The native record format: versioned JSON, lossless for every variant (docs/records.md).

One game per ``.json`` file (:func:`read` / :func:`write`), or one game per line
in JSON Lines (``.jsonl``: :func:`read_lines` / :func:`write_lines`). Version 1
looks like this (:data:`SCHEMA` is the JSON Schema every file is checked
against on read, before the semantic checks and the replay)::

    {
      "format": "polyreversi-record",
      "version": 1,
      "variant": {"board": "8x8", "players": 2, "anti": false, "free_opening": false,
                  "handicap": 0, "handicap_color": "black", "blocked": ["b7"]},
      "players": ["Alice", "Bob"],
      "moves": ["f5", "d6", "c3", "pass", ...],
      "result": {"end": "finished", "disks": [40, 23], "margin": null},
      "date": "2024-05-01",
      "start": null,
      "komi": null,
      "meta": {"event": "club night"}
    }

Passes are always explicit (``"pass"``): a record with implicit passes is
replayed and written with them filled in.

>>> from polyreversi.record import Record
>>> text = dumps(Record("8x8/blocked=b7", moves=["f5", "d6"], players=("Alice", "Bob")))
>>> loads(text).move_names()
['f5', 'd6']
>>> loads(text.replace('"d6"', '"i9"'))
Traceback (most recent call last):
...
polyreversi.errors.RecordError: moves[1]: i9 is not a square of the 8x8 board
"""
from __future__ import annotations

import functools
import json
import re
from typing import Any, Dict, Iterable, Iterator, List, Tuple

import jsonschema

from polyreversi import _core
from polyreversi._core import Color, InvalidSquareError
from polyreversi.errors import RecordError
from polyreversi.formats import GameEntry, atomic_write, in_context, read_text
from polyreversi.record import ENDINGS, Record, Result, StartPosition
from polyreversi.replay import Replay
from polyreversi.variant import BOARDS, Variant, VariantError
from polyreversi.vocabulary import CELL_CHARS, CELL_CODES as _CELL_CODES, COLOR_NAMES

FORMAT = "polyreversi-record"
VERSION = 1

_COLORS = tuple(name.lower() for name in COLOR_NAMES)

SQUARE_PATTERN = "^[a-j](10|[1-9])$"

#: JSON Schema (draft 2020-12) of version 1.
SCHEMA: Dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "polyreversi game record, version 1",
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "version", "variant", "players", "moves", "result", "date", "start", "komi", "meta"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "variant": {
            "type": "object",
            "additionalProperties": False,
            "required": ["board", "players", "anti", "free_opening", "handicap", "handicap_color", "blocked"],
            "properties": {
                "board": {"enum": list(BOARDS)},
                "players": {"enum": [2, 3, 4]},
                "anti": {"type": "boolean"},
                "free_opening": {"type": "boolean"},
                "handicap": {"type": "integer", "minimum": 0, "maximum": 4},
                "handicap_color": {"enum": ["black", "white"]},
                "blocked": {
                    "type": "array",
                    "maxItems": 4,
                    "uniqueItems": True,
                    "items": {"type": "string", "pattern": SQUARE_PATTERN},
                },
            },
        },
        "players": {"type": "array", "minItems": 2, "maxItems": 4, "items": {"type": ["string", "null"]}},
        "moves": {"type": "array", "items": {"type": "string", "pattern": "^([a-j](10|[1-9])|pass)$"}},
        "result": {
            "type": ["object", "null"],
            "additionalProperties": False,
            "required": ["end", "disks", "margin"],
            "properties": {
                "end": {"enum": list(ENDINGS) + [None]},
                "disks": {
                    "type": ["array", "null"],
                    "minItems": 2,
                    "maxItems": 4,
                    "items": {"type": "integer", "minimum": 0},
                },
                "margin": {"type": ["number", "null"]},
            },
        },
        "date": {"type": ["string", "null"]},
        "start": {
            "type": ["object", "null"],
            "additionalProperties": False,
            "required": ["board", "to_move", "ply"],
            "properties": {
                "board": {"type": "array", "items": {"type": "string", "pattern": "^[.XORGN#-]+$"}},
                "to_move": {"enum": list(_COLORS)},
                "ply": {"type": "integer", "minimum": 0},
            },
        },
        "komi": {"type": ["number", "null"]},
        "meta": {"type": "object"},
    },
}

_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


# -- records <-> JSON objects -------------------------------------------------
def to_dict(record: Record) -> Dict[str, Any]:
    """The JSON object of a record (version 1), passes made explicit.

    Raises:
        ReplayError: the record does not replay (nothing illegal is ever written).
        RecordError: ``meta`` holds something JSON cannot represent.
    """
    moves = Replay(record).moves
    v = record.variant
    names = _square_names(v.n)
    result = record.result
    start = record.start
    obj = {
        "format": FORMAT,
        "version": VERSION,
        "variant": {
            "board": v.board,
            "players": v.players,
            "anti": v.anti,
            "free_opening": v.free_opening,
            "handicap": v.handicap,
            "handicap_color": _COLORS[int(v.handicap_color) - 1],
            "blocked": [v.square_name(b) for b in v.blocked],
        },
        "players": list(record.players),
        "moves": [names[m] for m in moves],
        "result": None
        if result is None
        else {
            "end": result.end,
            "disks": list(result.disks) if result.disks is not None else None,
            "margin": result.margin,
        },
        "date": record.date,
        "start": None
        if start is None
        else {
            "board": [
                "".join(CELL_CHARS[c] for c in start.board[r * v.n : (r + 1) * v.n]) for r in range(v.n)
            ],
            "to_move": _COLORS[int(start.to_move) - 1],
            "ply": start.ply,
        },
        "komi": record.komi,
        "meta": record.meta,
    }
    try:
        json.dumps(record.meta, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as e:
        raise RecordError(f"meta: cannot be written as JSON: {e}") from None
    return obj


def from_dict(obj: Any, *, validate: bool = True) -> Record:
    """The record of a JSON object (version 1).

    Checks, in order: the version; the JSON Schema (:data:`SCHEMA`); the variant
    (RULES.md §8); player and disk counts; move and blocked square names against
    the board; the start board; then, with ``validate``, replays every move.

    Raises:
        RecordError: naming the field (``moves[12]``, ``variant.blocked[0]``,
            ``result.disks``, ...) for a missing, unknown or wrong field or an unknown
            version.
        ReplayError: (a RecordError) an illegal move; the message names the ply.
    """
    if not isinstance(obj, dict):
        raise RecordError(f"record: expected a JSON object, got {_json_type(obj)}")
    if "version" not in obj:
        raise RecordError("version: missing field (this polyreversi reads version 1)")
    version = obj["version"]
    if version != VERSION or isinstance(version, bool):
        raise RecordError(f"version: unknown version {version!r}; this polyreversi reads version {VERSION}")
    try:
        error = jsonschema.exceptions.best_match(_VALIDATOR.iter_errors(_without_good_moves(obj)))
    except RecursionError:
        raise RecordError("record: arrays or objects nested too deeply") from None
    if error is not None:
        raise RecordError(_schema_message(error))
    fields = obj["variant"]
    try:
        variant = Variant(
            fields["board"],
            fields["players"],
            anti=fields["anti"],
            free_opening=fields["free_opening"],
            handicap=fields["handicap"],
            handicap_color=fields["handicap_color"],
            blocked=[_square(fields["board"], name, f"variant.blocked[{i}]") for i, name in enumerate(fields["blocked"])],
        )
    except VariantError as e:
        raise RecordError(f"variant: {e}") from None
    players = obj["players"]
    if len(players) != variant.players:
        raise RecordError(f"players: {len(players)} entries for a {variant.players}-player game (one per colour)")
    moves = [_square(variant.board, name, f"moves[{i}]") for i, name in enumerate(obj["moves"])]
    result = None
    if obj["result"] is not None:
        r = obj["result"]
        if r["disks"] is not None and len(r["disks"]) != variant.players:
            raise RecordError(f"result.disks: {len(r['disks'])} counts for a {variant.players}-player game")
        if r["margin"] is not None and variant.players != 2:
            raise RecordError("result.margin: a margin is for 2-player games only")
        result = Result(end=r["end"], disks=tuple(r["disks"]) if r["disks"] is not None else None, margin=r["margin"])
    if obj["komi"] is not None and variant.players != 2:
        raise RecordError("komi: komi is for 2-player games only")
    start = _start(variant, obj["start"]) if obj["start"] is not None else None
    record = Record(
        variant=variant,
        moves=tuple(moves),
        players=tuple(players),
        result=result,
        date=obj["date"],
        start=start,
        komi=obj["komi"],
        meta=obj["meta"],
    )
    if validate:
        Replay(record)
    return record


_MOVE_NAME = re.compile("^([a-j](10|[1-9])|pass)$")


def _without_good_moves(obj: Dict[str, Any]) -> Dict[str, Any]:
    """``obj`` with ``moves`` emptied when every move already matches the schema's move
    pattern: the same verdict as validating them one by one, four times faster on
    typical games (jsonschema spends most of its time on the move list)."""
    moves = obj.get("moves")
    if isinstance(moves, list) and all(isinstance(m, str) and _MOVE_NAME.match(m) for m in moves):
        return {**obj, "moves": []}
    return obj


# -- text ------------------------------------------------------------------------
def dumps(record: Record) -> str:
    """One record as a JSON document (one line per field, ends with a newline).

    Raises:
        ReplayError / RecordError: as :func:`to_dict`.
    """
    obj = to_dict(record)
    lines = [f"  {json.dumps(key)}: {_compact(value, ', ', ': ')}" for key, value in obj.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def loads(text: str, *, validate: bool = True) -> Record:
    """The record of a JSON document (see :func:`from_dict`).

    Raises:
        RecordError: text that is not JSON (with line and column), or as :func:`from_dict`.
    """
    return from_dict(_parse(text), validate=validate)


def dumps_line(record: Record) -> str:
    """One record as one compact JSON line (no newline)."""
    return _compact(to_dict(record), ",", ":")


# -- files -------------------------------------------------------------------------
def read(path, *, validate: bool = True) -> Record:
    """The record in a ``.json`` file.

    Raises:
        RecordError: a missing or unreadable file, or as :func:`loads`; the message names the file.
    """
    try:
        return loads(read_text(path), validate=validate)
    except RecordError as e:
        raise in_context(e, str(path)) from None


def write(path, record: Record) -> None:
    """Writes one record to a ``.json`` file, atomically.

    Raises:
        RecordError / ReplayError: as :func:`to_dict`; the file is then left as it was.
    """
    atomic_write(path, dumps(record))


def read_lines(path, *, validate: bool = True) -> List[Record]:
    """Every record of a JSON Lines file (blank lines are skipped).

    Raises:
        RecordError: the first bad line; the message names the file and the line.
    """
    records = []
    for entry in LINES.entries(path, validate=validate):
        if entry.error is not None:
            raise entry.error
        records.append(entry.record)
    return records


def write_lines(path, records: Iterable[Record]) -> None:
    """Writes records to a JSON Lines file, one per line, atomically.

    Raises:
        RecordError / ReplayError: as :func:`to_dict`, naming the game; nothing is written.
    """
    lines = []
    for number, record in enumerate(records, 1):
        try:
            lines.append(dumps_line(record) + "\n")
        except RecordError as e:
            raise in_context(e, f"{path}: game {number}") from None
    atomic_write(path, "".join(lines))


class _Single:
    """The ``json`` entry of :mod:`polyreversi.formats`: one game per file."""

    @staticmethod
    def entries(path, *, validate: bool = True) -> Iterator[GameEntry]:
        text = read_text(path)  # a missing file raises here, not on iteration
        try:
            entry = GameEntry(1, loads(text, validate=validate), None)
        except RecordError as e:
            entry = GameEntry(1, None, in_context(e, f"{path}"))
        return iter([entry])

    @staticmethod
    def write(path, records: List[Record]) -> None:
        if len(records) != 1:
            raise RecordError(f"{path}: a .json file holds one game, not {len(records)}; use JSON Lines (.jsonl)")
        try:
            write(path, records[0])
        except RecordError as e:
            raise in_context(e, f"{path}") from None


class _Lines:
    """The ``jsonl`` entry of :mod:`polyreversi.formats`: one game per line."""

    @staticmethod
    def entries(path, *, validate: bool = True) -> Iterator[GameEntry]:
        text = read_text(path)  # a missing file raises here, not on iteration
        return _Lines._entries(path, text, validate)

    @staticmethod
    def _entries(path, text: str, validate: bool) -> Iterator[GameEntry]:
        number = 0
        for line_no, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            number += 1
            try:
                yield GameEntry(number, loads(line, validate=validate), None)
            except RecordError as e:
                yield GameEntry(number, None, in_context(e, f"{path}: line {line_no} (game {number})"))

    @staticmethod
    def write(path, records: List[Record]) -> None:
        write_lines(path, records)


SINGLE = _Single()
LINES = _Lines()


# -- helpers -----------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _square_names(n: int) -> Tuple[str, ...]:
    """Names of squares 0 .. N*N (the last is ``pass``) of an N x N grid."""
    return tuple(_core.square_name(n, i) for i in range(n * n + 1))


def _compact(value: Any, item_sep: str, key_sep: str) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(item_sep, key_sep), allow_nan=False)


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"line {e.lineno} column {e.colno}: not valid JSON: {e.msg}") from None
    except (TypeError, ValueError) as e:
        raise RecordError(f"not valid JSON: {e}") from None
    except RecursionError:
        raise RecordError("not valid JSON here: arrays or objects nested too deeply") from None


def _square(board: str, name: str, where: str) -> int:
    try:
        return _core.parse_square(_core.board_side(board), name)
    except InvalidSquareError:
        raise RecordError(f"{where}: {name} is not a square of the {board} board") from None


def _start(variant: Variant, fields: Dict[str, Any]) -> StartPosition:
    n = variant.n
    rows = fields["board"]
    if len(rows) != n:
        raise RecordError(f"start.board: {len(rows)} rows; the {variant.board} board has {n}")
    cells = []
    for r, row in enumerate(rows):
        if len(row) != n:
            raise RecordError(f"start.board[{r}]: {len(row)} cells; the {variant.board} board has {n} per row")
        cells.extend(_CELL_CODES[c] for c in row)
    try:
        to_move = Color[fields["to_move"].upper()]
    except KeyError:  # pragma: no cover - the schema allows only colour names
        raise RecordError(f"start.to_move: unknown colour {fields['to_move']!r}") from None
    position = StartPosition(tuple(cells), to_move, fields["ply"])
    position.state(variant)  # raises RecordError naming what does not fit
    return position


def _schema_message(error: "jsonschema.ValidationError") -> str:
    where = _path(error.absolute_path)
    if error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        field = ".".join(p for p in (where, missing[0] if missing else "") if p)
        return f"{field}: missing field"
    if error.validator == "additionalProperties":
        extra = sorted(k for k in error.instance if k not in error.schema.get("properties", {}))
        field = ".".join(p for p in (where, extra[0] if extra else "") if p)
        return f"{field}: unknown field"
    if error.validator == "pattern" and where.startswith(("moves", "variant.blocked")):
        return f"{where}: {error.instance!r} is not a square name (a1 ... j10{', or pass' if where.startswith('moves') else ''})"
    if error.validator == "const" and where == "format":
        return f"format: expected {FORMAT!r}, got {error.instance!r}"
    return f"{where or 'record'}: {error.message}"


def _path(parts) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _json_type(obj: Any) -> str:
    return {list: "an array", str: "a string", type(None): "null", bool: "a boolean"}.get(
        type(obj), "a number" if isinstance(obj, (int, float)) else type(obj).__name__
    )


__all__ = [
    "SCHEMA",
    "VERSION",
    "FORMAT",
    "to_dict",
    "from_dict",
    "dumps",
    "loads",
    "dumps_line",
    "read",
    "write",
    "read_lines",
    "write_lines",
]
