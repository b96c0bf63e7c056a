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
import itertools
import json
import math
import re
import sys
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

import orjson as _orjson  # a dependency: the fast path of reading

from polyreversi import _core, _validate
from polyreversi._core import Color, InvalidSquareError
from polyreversi.errors import RecordError, quoted, shortened
from polyreversi import formats
from polyreversi.formats.base import Capabilities, GameEntry, decode_lines, encode_each
from polyreversi.record import ENDINGS, Record, Result, StartPosition
from polyreversi.replay import Replay
from polyreversi.errors import VariantError
from polyreversi.variant import BOARDS, Variant
from polyreversi.vocabulary import CELL_CHARS, CELL_CODES as _CELL_CODES, COLOR_NAMES

if TYPE_CHECKING:
    import jsonschema

FORMAT = "polyreversi-record"  #: the ``format`` field of every JSON record
VERSION = 1  #: the ``version`` field this module writes

_COLORS = tuple(name.lower() for name in COLOR_NAMES)

#: Square names in any letter case, as everywhere (docs/errors.md).
SQUARE_PATTERN = "^[a-jA-J](10|[1-9])$"

#: The ``variant`` field as an object: the form the writers write (its text, as
#: :meth:`polyreversi.Variant.parse` reads it, is the other form a reader accepts).
VARIANT_OBJECT: Dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["board", "players", "anti", "free_opening", "handicap", "handicap_color", "blocked"],
    "properties": {
        "board": {"enum": list(BOARDS)},
        "players": {"type": "integer", "enum": [2, 3, 4]},
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
}

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
        "variant": {"anyOf": [{"type": "string"}, VARIANT_OBJECT]},
        "players": {"type": "array", "minItems": 2, "maxItems": 4, "items": {"type": ["string", "null"]}},
        "moves": {"type": "array", "maxItems": _core.limits.LONGEST_GAME,
                  "items": {"type": "string", "pattern": "^([a-jA-J](10|[1-9])|[pP][aA][sS][sS])$"}},
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
                "winner": {"enum": list(_COLORS) + [None]},
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
_LONG_NUMBER = re.compile(r"[0-9]{19}")
#: The schema errors of a record read before the one reported is chosen.
SCHEMA_ERRORS_KEPT = 100


@functools.lru_cache(maxsize=None)
def _validator() -> "jsonschema.Draft202012Validator":
    """The JSON Schema validator, made when a record first misses the fast path (below):
    importing jsonschema costs more than a command's whole start-up otherwise."""
    import jsonschema

    # A variant text is made its object before the schema runs (_variant_fields), so the
    # messages are the object's ("variant.board: ..."), not the two forms' "anyOf".
    # JSON Schema counts 2.0 an integer; a record's counts are written as JSON integers
    # (2), and a reader that took 2.0 would give a Record with a float where an int is.
    base = jsonschema.Draft202012Validator
    exact = base.TYPE_CHECKER.redefine("integer", lambda checker, value: type(value) is int)
    validator = jsonschema.validators.extend(base, type_checker=exact)
    return validator(dict(SCHEMA, properties=dict(SCHEMA["properties"], variant=VARIANT_OBJECT)))


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
        else _result_dict(result),
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


def _result_dict(result: Result) -> Dict[str, Any]:
    obj = {"end": result.end, "disks": list(result.disks) if result.disks is not None else None, "margin": result.margin}
    if result.winner is not None:  # optional: records without it stay as they were written
        obj["winner"] = _COLORS[int(result.winner) - 1]
    return obj


def from_dict(obj: Any, *, validate: bool = True) -> Record:
    """The record of a JSON object (version 1).

    Checks, in order: the version; the JSON Schema (:data:`SCHEMA`; ``variant`` is
    its object or its text, as :meth:`polyreversi.Variant.parse` reads it); the variant
    (RULES.md §8); player and disk counts; move and blocked square names against
    the board; the start board; then, with ``validate``, replays every move.
    A record of the usual shape is checked by a fast path with the same verdict;
    the full JSON Schema validator runs only to explain a record that fails it.

    Raises:
        RecordError: naming the field (``moves[12]``, ``variant.blocked[0]``,
            ``result.disks``, ...) for a missing, unknown or wrong field or an unknown
            version; a NaN or infinite number in ``komi``, ``result.margin`` or
            ``meta`` (``meta.score``, ``meta.list[2]``): JSON (RFC 8259 §6) has no such
            numbers, so :func:`to_dict` could not write them back; a number no float
            holds there (``1e400``, 400 digits and a fraction, a komi of 400 digits:
            :func:`polyreversi._validate.beyond_float`).
        ReplayError: (a RecordError) an illegal move; the message names the ply.
        TypeError: ``validate`` is not True or False.
    """
    _validate.flag(validate, "validate")
    _check_version(obj)
    if "variant" in obj:
        obj = {**obj, "variant": _variant_fields(obj["variant"])}
    moves = _fast_moves(obj)  # None: not the usual shape, or a move to explain
    if moves is None:
        _check_schema(obj)
    _check_finite(obj)
    variant = _variant(obj["variant"])
    players = obj["players"]
    if len(players) != variant.players:
        raise RecordError(f"players: {len(players)} entries for a {variant.players}-player game (one per colour)")
    if moves is None:
        moves = tuple(_square(variant.board, name, f"moves[{i}]") for i, name in enumerate(obj["moves"]))
    result = _result(obj["result"], variant) if obj["result"] is not None else None
    if obj["komi"] is not None and variant.players != 2:
        raise RecordError("komi: komi is for 2-player games only")
    record = Record(
        variant=variant,
        moves=moves,
        players=tuple(players),
        result=result,
        date=obj["date"],
        start=_start(variant, obj["start"]) if obj["start"] is not None else None,
        komi=obj["komi"],
        meta=obj["meta"],
    )
    if validate:
        Replay(record)
    return record


def _check_finite(obj: Dict[str, Any]) -> None:
    """Refuses what Python's json reads beyond RFC 8259 (NaN, Infinity, -Infinity,
    and numbers such as 1e999 that overflow to infinity) where the schema allows any
    number, so that what is read can be written (``allow_nan=False``)."""
    result = obj["result"]
    places = [("komi", obj["komi"]), ("meta", obj["meta"])]
    if result is not None:
        places.insert(1, ("result.margin", result["margin"]))
    stack = places[::-1]
    while stack:  # iterative: meta may nest deeply
        where, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            spelled = "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
            raise RecordError(f"{where}: {spelled} is not a JSON number (RFC 8259 has no NaN or Infinity); "
                              "a record cannot hold it")
        if isinstance(value, dict):
            stack.extend((f"{where}.{shortened(key)}", item) for key, item in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", item) for i, item in reversed(list(enumerate(value))))


def _check_version(obj: Any) -> None:
    if not isinstance(obj, dict):
        raise RecordError(f"record: expected a JSON object, got {_json_type(obj)}")
    if "version" not in obj:
        raise RecordError("version: missing field (this polyreversi reads version 1)")
    version = obj["version"]
    if type(version) is not int:  # 1.0 and true are no version number (JSON Schema's const takes 1.0)
        raise RecordError(f"version: expected a whole number (this polyreversi reads version {VERSION}), "
                          f"got {_json_type(version)} ({quoted(version)})")
    if version != VERSION:
        raise RecordError(f"version: unknown version {quoted(version)}; this polyreversi reads version {VERSION}")


def _variant_fields(given: Any) -> Any:
    """The ``variant`` field as its object: a variant's text is read by
    :meth:`polyreversi.Variant.parse` (the one reader of it) and made its fields; an
    object is returned as given (the schema checks it).

    Raises:
        RecordError: a text that does not parse, or neither a text nor an object.
    """
    if isinstance(given, str):
        try:
            return to_dict(Record(Variant.parse(given)))["variant"]
        except VariantError as e:
            raise RecordError(str(e) if str(e).startswith("variant") else f"variant: {e}") from None
    if not isinstance(given, dict):
        raise RecordError(f"variant: expected the variant's text (such as '8x8' or 'octagon/4p/blocked=b7') "
                          f"or an object of its fields (board, players, anti, ...), got {_json_type(given)}")
    return given


def _check_schema(obj: Dict[str, Any]) -> None:
    """Raises RecordError with the message of the JSON Schema's best-matching error;
    when that error is in an array, the first element of the array that is wrong is
    named (jsonschema's choice among equal errors is not the first)."""
    try:
        import jsonschema.exceptions

        # The first errors only: a record with a long list of bad moves has as many errors
        # (a 9 MB file took 10 GB to hold them all); the first wrong element is among them.
        errors = list(itertools.islice(_validator().iter_errors(obj), SCHEMA_ERRORS_KEPT))
        error = jsonschema.exceptions.best_match(errors)
        if error is not None and error.absolute_path and isinstance(error.absolute_path[-1], int):
            parent = list(error.absolute_path)[:-1]
            depth = len(parent)
            first = min(e.absolute_path[depth] for e in errors if len(e.absolute_path) > depth
                        and list(e.absolute_path)[:depth] == parent and isinstance(e.absolute_path[depth], int))
            error = jsonschema.exceptions.best_match(
                e for e in errors if list(e.absolute_path)[:depth + 1] == parent + [first])
    except RecursionError:
        raise RecordError("record: arrays or objects nested too deeply") from None
    if error is not None:
        raise RecordError(_schema_message(error))


@functools.lru_cache(maxsize=512)
def _variant_of(board: str, players: int, anti: bool, free_opening: bool, handicap: int, handicap_color: Union[int, str],
                blocked: Tuple[str, ...]) -> Variant:
    try:
        return Variant(board, players, anti=anti, free_opening=free_opening, handicap=handicap,
                       handicap_color=handicap_color,
                       blocked=[_square(board, name, f"variant.blocked[{i}]") for i, name in enumerate(blocked)])
    except VariantError as e:
        raise RecordError(f"variant: {e}") from None


def _variant(fields: Dict[str, Any]) -> Variant:
    """The variant of a schema-valid ``variant`` object (cached: files repeat it)."""
    return _variant_of(fields["board"], fields["players"], fields["anti"], fields["free_opening"],
                       fields["handicap"], fields["handicap_color"], tuple(fields["blocked"]))


def _result(r: Dict[str, Any], variant: Variant) -> Result:
    if r["disks"] is not None and len(r["disks"]) != variant.players:
        raise RecordError(f"result.disks: {len(r['disks'])} counts for a {variant.players}-player game")
    if r["margin"] is not None and variant.players != 2:
        raise RecordError("result.margin: a margin is for 2-player games only")
    winner = r.get("winner")
    return Result(
        end=r["end"],
        disks=tuple(r["disks"]) if r["disks"] is not None else None,
        margin=r["margin"],
        winner=Color[winner.upper()] if winner is not None else None,
    )


# -- the fast path: the schema's verdict on the usual shape, without jsonschema ------------
_KEYS = frozenset(SCHEMA["required"])
_VARIANT_KEYS = frozenset(VARIANT_OBJECT["required"])
_RESULT_KEYS = frozenset(SCHEMA["properties"]["result"]["required"])
_START_KEYS = frozenset(SCHEMA["properties"]["start"]["required"])
_BLOCKED = re.compile(SQUARE_PATTERN)
_START_ROW = re.compile(SCHEMA["properties"]["start"]["properties"]["board"]["items"]["pattern"])
_ENDS = frozenset(ENDINGS) | {None}
_WINNERS = frozenset(_COLORS) | {None}


def _fast_moves(obj: Dict[str, Any]) -> Any:
    """The move indices when ``obj`` certainly passes the JSON Schema and every move is
    a square (or pass) of its board; None otherwise (then the full checks run and
    explain). Only ever says yes to what the schema accepts: exact types, no extras."""
    if obj.keys() != _KEYS or obj["format"] != FORMAT or type(obj["version"]) is not int:
        return None
    variant = obj["variant"]
    if not (type(variant) is dict and variant.keys() == _VARIANT_KEYS and _fast_variant(variant)):
        return None
    players = obj["players"]
    if not (type(players) is list and 2 <= len(players) <= 4 and all(p is None or type(p) is str for p in players)):
        return None
    if not (_fast_result(obj["result"]) and _fast_start(obj["start"]) and _is_number_or_none(obj["komi"])):
        return None
    if not ((obj["date"] is None or type(obj["date"]) is str) and type(obj["meta"]) is dict):
        return None
    moves = obj["moves"]
    if type(moves) is not list:
        return None
    index = _square_indexes(variant["board"])
    try:
        return tuple([index[m] for m in moves])
    except (KeyError, TypeError):  # not a square of this board (or not a name): explain
        return None


def _fast_variant(v: Dict[str, Any]) -> bool:
    blocked = v["blocked"]
    return (
        type(v["board"]) is str and v["board"] in BOARDS
        and type(v["players"]) is int and 2 <= v["players"] <= 4
        and type(v["anti"]) is bool and type(v["free_opening"]) is bool
        and type(v["handicap"]) is int and 0 <= v["handicap"] <= 4
        and v["handicap_color"] in ("black", "white") and type(v["handicap_color"]) is str
        and type(blocked) is list and len(blocked) <= 4
        and all(type(b) is str and _BLOCKED.search(b) for b in blocked)
        and len(set(blocked)) == len(blocked)
    )


def _fast_result(r: Any) -> bool:
    if r is None:
        return True
    if type(r) is not dict or not (r.keys() == _RESULT_KEYS or r.keys() == _RESULT_KEYS | {"winner"}):
        return False
    disks = r["disks"]
    if disks is not None and not (
        type(disks) is list and 2 <= len(disks) <= 4 and all(type(d) is int and d >= 0 for d in disks)
    ):
        return False
    end, winner = r["end"], r.get("winner")
    return (
        (end is None or type(end) is str) and end in _ENDS
        and (winner is None or type(winner) is str) and winner in _WINNERS
        and _is_number_or_none(r["margin"])
    )


def _fast_start(start: Any) -> bool:
    if start is None:
        return True
    if type(start) is not dict or start.keys() != _START_KEYS:
        return False
    board = start["board"]
    return (
        type(board) is list and all(type(row) is str and _START_ROW.search(row) for row in board)
        and type(start["to_move"]) is str and start["to_move"] in _COLORS
        and type(start["ply"]) is int and start["ply"] >= 0
    )


def _is_number_or_none(x: Any) -> bool:
    return x is None or type(x) is int or type(x) is float


@functools.lru_cache(maxsize=None)
def _square_indexes(board: str) -> Dict[str, int]:
    """Name -> index of every square of a board's grid (what :func:`_square` accepts), and ``pass``."""
    return {name: i for i, name in enumerate(_square_names(_core.board_side(board)))}


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


def loads_game(text: str) -> Record:
    """A game as an engine is given it (the NBoard and GTP ``polyreversi-game``
    extensions): a record of this format in which only ``variant`` and ``moves`` are
    needed. A field left out takes the value of a record with nothing recorded (no
    players' names, no result: an unfinished game, the variant's start, ...), and so
    does a ``variant`` field left out (``{"board": "octagon"}``); ``variant`` may also
    be the variant's text (``"octagon/blocked=b7"``, as :meth:`polyreversi.Variant.parse`
    reads it). What is given is checked as :func:`from_dict` checks it.

    Raises:
        RecordError: not a JSON object, no ``variant``, a variant text that does not
            parse, or as :func:`loads` (ReplayError for moves that do not replay).
    """
    obj = _parse(text)
    if not isinstance(obj, dict):
        raise RecordError(f"expected a JSON object (a game record), got {_json_type(obj)}")
    if "variant" not in obj:
        raise RecordError("variant: missing field (a game needs its variant and moves)")
    given = obj["variant"]
    if isinstance(given, dict):
        given = {**to_dict(Record(Variant()))["variant"], **given}
    given = _variant_fields(given)  # an object from here on
    players = given.get("players")
    empty = to_dict(Record(Variant(players=players if players in (2, 3, 4) else 2)))
    return from_dict({**empty, **obj, "variant": given})


def dumps_line(record: Record) -> str:
    """One record as one compact JSON line (no newline)."""
    return _compact(to_dict(record), ",", ":")


# -- files -------------------------------------------------------------------------
def read(path: formats.PathLike, *, validate: bool = True) -> Record:
    """The record in a ``.json`` file.

    Raises:
        RecordError: a missing or unreadable file, an empty one (``no games in FILE``), or as
            :func:`loads`; the message names the file.
    """
    records = formats.read(path, "json", validate=validate)
    if not records:
        raise formats.no_games(path)
    return records[0]


def write(path: formats.PathLike, record: Record) -> None:
    """Writes one record to a ``.json`` file, atomically.

    Raises:
        RecordError / ReplayError: as :func:`to_dict`; the file is then left as it was.
    """
    formats.write(path, [record], "json")


def read_lines(path: formats.PathLike, *, validate: bool = True) -> List[Record]:
    """Every record of a JSON Lines file (blank lines are skipped).

    Raises:
        RecordError: the first bad line; the message names the file and the line.
    """
    return formats.read(path, "jsonl", validate=validate)


def write_lines(path: formats.PathLike, records: Iterable[Record]) -> None:
    """Writes records to a JSON Lines file, one per line, atomically.

    Raises:
        RecordError / ReplayError: as :func:`to_dict`, naming the game; nothing is written.
    """
    formats.write(path, records, "jsonl")


class _Single:
    """The ``json`` format of :mod:`polyreversi.formats`: one game per file."""

    CAPABILITIES = Capabilities("the native JSON record: one game, every variant, every field",
                                many_games=False, read_options=("validate",))

    @staticmethod
    def decode(text: str, source: str, path: Optional[formats.PathLike] = None, *,
               validate: bool = True) -> Iterator[GameEntry]:
        _validate.flag(validate, "validate")  # at once, not at the first game
        if not text.strip():  # an empty file holds no game, as an empty .jsonl, .ggf or .obf does
            return iter([])
        try:
            entry = GameEntry(1, loads(text, validate=validate), None)
        except RecordError as e:
            entry = GameEntry(1, None, e)
        return iter([entry])

    @staticmethod
    def encode(records: List[Record]) -> str:
        return dumps(records[0])


class _Lines:
    """The ``jsonl`` format of :mod:`polyreversi.formats`: one game per line."""

    CAPABILITIES = Capabilities("JSON Lines: one native JSON record per line, every variant, every field",
                                read_options=("validate",), appendable=True)

    @staticmethod
    def decode(text: str, source: str, path: Optional[formats.PathLike] = None, *,
               validate: bool = True) -> Iterator[GameEntry]:
        _validate.flag(validate, "validate")  # at once, not at the first game
        return decode_lines(text, lambda line: loads(line, validate=validate))

    @staticmethod
    def encode(records: List[Record]) -> str:
        return "".join(line + "\n" for _, line in encode_each(records, lambda r: dumps_line(r)))


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
    """The JSON value of ``text``, as :func:`json.loads` gives it (and with its error
    messages). orjson parses about twice as fast; it is used where it gives the same
    value: it refuses what json accepts beyond RFC 8259 (NaN, lone surrogates), and
    integers of 19 digits or more (which orjson may turn into floats) go to json."""
    if not _LONG_NUMBER.search(text):
        try:
            return _orjson.loads(text)
        except _orjson.JSONDecodeError:
            pass  # json says why, or accepts what orjson does not
    try:
        return json.loads(text, parse_float=_finite_float)
    except json.JSONDecodeError as e:
        raise RecordError(f"line {e.lineno} column {e.colno}: not valid JSON: {e.msg}") from None
    except (TypeError, ValueError) as e:
        _refuse_long_number(text)
        raise RecordError(f"not valid JSON: {e}") from None
    except RecursionError:
        raise RecordError("not valid JSON here: arrays or objects nested too deeply") from None


class _LongInteger(str):
    """A JSON integer of more digits than Python converts (``sys.get_int_max_str_digits``)."""


class _LongFloat(str):
    """A JSON number with a fraction or exponent beyond a float's range (json reads it as
    infinity: ``1e400``, 400 digits and ``.5``)."""


def _finite_float(text: str) -> float:
    """``float(text)`` of a JSON number; ValueError for one beyond a float's range (json
    would read it as infinity, as it reads ``Infinity``): :func:`_refuse_long_number` names it."""
    value = float(text)
    if math.isinf(value):
        raise ValueError("a number beyond a float's range")
    return value


def _refuse_long_number(text: str, root: str = "record") -> None:
    """Raises the error naming the field of the first number of ``text`` that no record
    holds: an integer of more digits than Python converts (json.loads refused it with
    Python's advice on raising the limit, without saying where it is), a number with a
    fraction or an exponent beyond a float's range (:func:`polyreversi._validate.beyond_float`);
    returns when there is none. ``root``: the field ``text`` is (``meta`` for a JSON
    column of a table: ``meta.a[1]``); a whole record's fields are named bare."""
    limit: int = getattr(sys, "get_int_max_str_digits", lambda: 0)()  # 0: no limit (or a Python before it)

    def integer(digits: str) -> Any:
        return _LongInteger(digits) if limit and len(digits.lstrip("-")) > limit else int(digits)

    def number(spelled: str) -> Any:
        return _LongFloat(spelled) if math.isinf(float(spelled)) else float(spelled)

    try:
        value = json.loads(text, parse_int=integer, parse_float=number)
    except (ValueError, RecursionError):
        return
    stack: List[Tuple[str, Any]] = [(root, value)]
    while stack:  # iterative, in document order: meta may nest deeply
        where, item = stack.pop()
        if isinstance(item, _LongInteger):
            raise RecordError(f"{where}: {quoted(str(item))} has more than {limit} digits; a record cannot hold it")
        if isinstance(item, _LongFloat):
            raise RecordError(f"{where}: {_validate.beyond_float(str(item))}; a record cannot hold it")
        if isinstance(item, dict):
            stack.extend((f"{where}.{shortened(key)}" if where != "record" else shortened(key), v)
                         for key, v in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((f"{where}[{i}]", v) for i, v in reversed(list(enumerate(item))))


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
    cells: List[int] = []
    for r, row in enumerate(rows):
        if len(row) != n:
            raise RecordError(f"start.board[{r}]: {len(row)} cells; the {variant.board} board has {n} per row")
        cells.extend(_CELL_CODES[c] for c in row)
    try:
        to_move = Color[fields["to_move"].upper()]
    except KeyError:  # pragma: no cover - the schema allows only colour names
        raise RecordError(f"start.to_move: unknown colour {quoted(fields['to_move'])}") from None
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
        field = ".".join(p for p in (where, shortened(extra[0]) if extra else "") if p)
        return f"{field}: unknown field"
    if (error.validator in ("pattern", "type") and where.startswith(("moves[", "variant.blocked["))
            and error.absolute_path and isinstance(error.absolute_path[-1], int)):
        return f"{where}: {quoted(error.instance)} is not a square name (a1 ... j10{', or pass' if where.startswith('moves') else ''})"
    if error.validator == "const" and where == "format":
        return f"format: expected {FORMAT!r}, got {quoted(error.instance)}"
    message = error.message
    try:
        given = repr(error.instance)
    except Exception:  # a value whose repr fails is quoted as such
        given = ""
    if given and message.startswith(given):  # jsonschema's "VALUE is not ...": the value cut (quoted)
        message = quoted(error.instance) + message[len(given):]
    return f"{where or 'record'}: {message}"


def _path(parts: Iterable[Union[str, int]]) -> str:
    """``meta.key[2]``: a field's place, a record's own keys (a meta key, an unknown
    field) cut as :func:`polyreversi.errors.shortened` cuts a name."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{shortened(p)}" if out else shortened(str(p)))
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
