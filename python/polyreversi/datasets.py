"""Game collections as columnar datasets: Parquet files through pyarrow (``pip install 'polyreversi[parquet]'``).

A **games table** has one row per game; any Parquet reader (pandas, polars,
DuckDB, Spark) reads it without polyreversi:

=============  ====================  =====================================================
column         type                  meaning
=============  ====================  =====================================================
game           int64                 the game's number in the collection (0, 1, ...)
variant        string                the full variant text with the blocked squares actually
                                     used (``"octagon/4p/blocked=i3,b7"``, RULES.md §4)
board          string                ``6x6``, ``8x8``, ``10x10`` or ``octagon``
players        int8                  2, 3 or 4
blocked        list<string>          the blocked squares (``["b7", "i3"]``)
moves          list<int16>           square indices ``row * N + col``; N*N is a pass
transcript     string                the moves as names, space-separated (``"f5 d6 pass"``)
plies          int32                 the number of moves
scores         list<int32>           disks of each colour in turn order (RULES.md §7)
winners        list<string>          the colours sharing the win (``["black"]``; 2+ = a draw)
names          list<string>          the players' names per colour (null where unknown)
end            string                ``finished``, ``resigned``, ``time``, ``agreed``, ``unfinished``
                                     as recorded; where the source does not say (WTHOR), from the
                                     replay: ``finished`` when nobody can move, else ``unfinished``
margin         float64               2 players: Black's margin as the source recorded it (GGF ``RE``,
                                     WTHOR), null where none
komi           float64               GGF komi games: the komi, else null
date           string                as recorded (null where unknown)
start          list<int8>            a custom start position's N*N cell codes (null: the
                                     variant's own start)
start_to_move  int8                  the colour to move at a custom start (null otherwise)
start_ply      int32                 the ply number of a custom start (null otherwise)
meta           string                any other metadata, as a JSON object
=============  ====================  =====================================================

A **positions table** (:func:`positions_table`) has one row per position
before each move: ``game``, ``ply``, ``to_move`` (int8 colour), ``observation``
(list<uint8>, the C*N*N planes of :func:`polyreversi.envs.observation.observe` from the
mover's point of view, row-major; the shape is in the schema metadata
``polyreversi.observation_shape``), ``mask`` (list<bool>, N*N+1), ``move`` (int16),
``result`` (float32: the mover's reward at the end of the game) and ``score`` (int32: the
mover's final disks).

>>> import polyreversi as pr, tempfile, os
>>> games = [pr.players.play_game("6x6", [pr.RandomPlayer(1), pr.RandomPlayer(2)]).record()]
>>> path = os.path.join(tempfile.mkdtemp(), "games.parquet")
>>> write_games(path, games)
>>> [r.moves for r in read_games(path)] == [g.moves for g in games]
True
"""
from __future__ import annotations

import json
import os
from types import ModuleType
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional, Union

import numpy as np

from polyreversi._core import Color
from polyreversi.errors import RecordError, quoted
from polyreversi.formats.base import GameEntry, in_context
from polyreversi.record import Record, Result, StartPosition
from polyreversi.replay import Replay

if TYPE_CHECKING:  # types only: pyarrow (the parquet extra) is imported on first use
    import pyarrow as pa

PathLike = Union[str, "os.PathLike[str]"]

_COLORS = ("black", "white", "red", "green")


def _pyarrow() -> ModuleType:
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise ImportError("Parquet needs pyarrow: pip install 'polyreversi[parquet]'") from None
    module: ModuleType = pyarrow  # untyped to mypy (no stubs): a module all the same
    return module


def games_schema() -> pa.Schema:
    """The pyarrow schema of a games table."""
    pa = _pyarrow()
    return pa.schema([
        ("game", pa.int64()), ("variant", pa.string()), ("board", pa.string()), ("players", pa.int8()),
        ("blocked", pa.list_(pa.string())), ("moves", pa.list_(pa.int16())), ("transcript", pa.string()),
        ("plies", pa.int32()), ("scores", pa.list_(pa.int32())), ("winners", pa.list_(pa.string())),
        ("names", pa.list_(pa.string())), ("end", pa.string()), ("margin", pa.float64()), ("komi", pa.float64()), ("date", pa.string()),
        ("start", pa.list_(pa.int8())), ("start_to_move", pa.int8()), ("start_ply", pa.int32()), ("meta", pa.string()),
    ], metadata={"polyreversi.table": "games", "polyreversi.version": "1"})


def games_table(records: Iterable[Record], first: int = 0) -> pa.Table:
    """A pyarrow Table with one row per record (the columns of the module text).

    Scores and winners come from a replay of each record's moves (RULES.md §7); a
    record whose moves do not replay raises.

    Args:
        records: the games.
        first: the ``game`` number of the first record (for shards of one collection).

    Raises:
        ReplayError: a record whose moves are not legal. ImportError: no pyarrow.
    """
    pa = _pyarrow()
    columns: Dict[str, List[Any]] = {name: [] for name in games_schema().names}
    for k, record in enumerate(records):
        if not isinstance(record, Record):
            raise RecordError(f"records[{k}]: expected a Record, got {type(record).__name__}")
        variant = record.variant
        replay = Replay(record)
        final = replay.final
        over = final.is_over()
        columns["game"].append(first + k)
        columns["variant"].append(str(variant))
        columns["board"].append(variant.board)
        columns["players"].append(variant.players)
        columns["blocked"].append([variant.square_name(s) for s in variant.blocked])
        columns["moves"].append(list(replay.moves))
        columns["transcript"].append(" ".join(variant.square_name(m) for m in columns["moves"][-1]))
        columns["plies"].append(len(columns["moves"][-1]))
        columns["scores"].append(list(final.scores()))
        columns["winners"].append([_COLORS[int(c) - 1] for c in final.winners()] if over else [])
        columns["names"].append(list(record.players))
        end = record.result.end if record.result is not None and record.result.end else None
        columns["end"].append(end or ("finished" if over else "unfinished"))
        columns["margin"].append(None if record.result is None or record.result.margin is None
                                 else float(record.result.margin))
        columns["komi"].append(record.komi)
        columns["date"].append(record.date)
        columns["start"].append(list(record.start.board) if record.start is not None else None)
        columns["start_to_move"].append(int(record.start.to_move) if record.start is not None else None)
        columns["start_ply"].append(record.start.ply if record.start is not None else None)
        columns["meta"].append(json.dumps(record.meta, sort_keys=True, default=str))
    return pa.Table.from_pydict(columns, schema=games_schema())


def write_games(path: PathLike, records: Iterable[Record], *, first: int = 0) -> None:
    """Writes records as a Parquet games table, atomically (a temporary file renamed into
    place); ``first`` is the ``game`` number of the first record (a shard of a collection).

    Raises:
        RecordError: naming the file: a record that does not replay (ReplayError), text
            that is not Unicode, a file that cannot be written. ImportError: no pyarrow.
    """
    from polyreversi import formats

    target = formats.source_name(path, writing=True)
    try:
        table = games_table(records, first=first)
    except RecordError as e:
        raise formats.in_context(e, target) from None
    formats.atomic_write(path, table_bytes(table))


def read_games(path: PathLike, *, validate: bool = True) -> List[Record]:
    """The records of a Parquet games table (a file, or a folder of shards in ``game``
    order; ``-`` is standard input), each checked as :func:`polyreversi.formats.read`
    checks a game: its moves replay legally (unless ``validate`` is False) and the
    ``transcript`` and ``plies`` columns agree with ``moves``.

    Raises:
        RecordError: naming the file: missing, not a Parquet file, not a games table
            (the missing column), or the first row that is not a valid game (``game N``,
            from 1 in ``game`` order; ReplayError for an illegal move), or no pyarrow (the
            message says how to install it).
    """
    from polyreversi import formats

    return formats.read(path, "parquet", validate=validate)


def pyarrow_parquet() -> ModuleType:
    """The ``pyarrow.parquet`` module. Raises ImportError naming the extra to install."""
    _pyarrow()
    import pyarrow.parquet as pq

    module: ModuleType = pq  # untyped to mypy (no stubs): a module all the same
    return module


def load_table(content: Union[bytes, str]) -> pa.Table:
    """The pyarrow Table of a Parquet file's bytes, or of a folder of shards (its path).

    Raises:
        RecordError: not a Parquet file; a folder without shards. ImportError: no pyarrow.
    """
    pa = _pyarrow()
    pq = pyarrow_parquet()
    if isinstance(content, str):
        if not any(name.endswith(".parquet") and not name.startswith((".", "_")) for name in os.listdir(content)):
            raise RecordError("a folder without Parquet shards (part-*.parquet)")
        source = content
    else:
        # Arrow's own copy of the bytes, not a view of the Python object: the dataset
        # scanner's threads may release their reference after the interpreter has begun
        # to exit, and releasing a Python buffer then needs the GIL, which aborts the
        # process ("terminate called without an active exception", apache/arrow#34314;
        # about 1 run in 5 here when another module was imported after the read).
        copy = pa.BufferOutputStream()
        copy.write(content)
        source = pa.BufferReader(copy.getvalue())
    try:
        return pq.read_table(source)
    except (pa.ArrowException, OSError) as e:
        raise RecordError(f"not a Parquet file: {e}") from None


def table_bytes(table: pa.Table) -> bytes:
    """``table`` as the bytes of a zstd-compressed Parquet file."""
    pa = _pyarrow()
    pq = pyarrow_parquet()
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    data: bytes = sink.getvalue().to_pybytes()
    return data


def entries_of_table(table: pa.Table, *, validate: bool = True) -> Iterator[GameEntry]:
    """One :class:`~polyreversi.formats.GameEntry` per row of a games table, in ``game``
    order, numbered from 1; a row that is not a valid game has its error in its entry.

    Raises:
        RecordError: not a games table (the message names the missing columns).
    """
    missing = [c for c in ("game", "variant", "moves") if c not in table.column_names]
    if missing:
        raise RecordError(f"not a games table; missing column(s) {', '.join(missing)}")
    rows = table.sort_by("game").to_pylist()
    return _entries(rows, validate)


def _entries(rows: List[Dict[str, Any]], validate: bool) -> Iterator[GameEntry]:
    for number, row in enumerate(rows, 1):
        try:
            yield GameEntry(number, record_of_row(row, validate=validate), None)
        except RecordError as e:
            yield GameEntry(number, None, in_context(e, f"game {number}"))


def record_of_row(row: Dict[str, Any], *, validate: bool = True) -> Record:
    """The record of one row of a games table: its moves replayed (``validate``) and the
    ``transcript`` and ``plies`` columns, where present, checked against ``moves``.

    Raises:
        RecordError: a field that is not valid (the message names the column);
            ReplayError: an illegal move.
    """
    try:
        start = None
        if row.get("start") is not None:
            start = StartPosition(tuple(row["start"]), Color(row["start_to_move"] or 1), row.get("start_ply") or 0)
        scores = row.get("scores")
        meta = _meta(row["meta"]) if row.get("meta") else {}
        record = Record(
            variant=row["variant"], moves=tuple(row["moves"] or ()), players=tuple(row.get("names") or ()),
            result=Result(end=row.get("end"), disks=tuple(scores) if scores is not None else None,
                          margin=_margin(row.get("margin"))),
            date=row.get("date"), start=start, komi=row.get("komi"), meta=meta,
        )
    except (ValueError, TypeError) as e:  # json's errors are ValueErrors
        raise RecordError(str(e)) from None
    if validate:
        Replay(record)
    _check_columns(row, record)
    return record


def _meta(text: str) -> Any:
    """The ``meta`` column's JSON object; a number no record holds (an integer of more
    digits than Python converts) refused naming its field (``meta.a[1]``), as the JSON
    Lines reader names it, not with Python's advice on raising its limit.

    Raises:
        ValueError: not JSON (json's message); RecordError: such a number.
    """
    from polyreversi.formats.json_record import _refuse_long_number

    try:
        return json.loads(text)
    except ValueError:
        _refuse_long_number(text, "meta")
        raise


def _check_columns(row: Dict[str, Any], record: Record) -> None:
    """Refuses a ``transcript`` or ``plies`` column that says other moves than ``moves``."""
    variant = record.variant
    if row.get("plies") is not None and row["plies"] != len(record.moves):
        raise RecordError(f"plies: {row['plies']}, but moves holds {len(record.moves)}")
    transcript = row.get("transcript")
    if transcript is None:
        return
    names = transcript.split()
    for ply, (name, move) in enumerate(zip(names, record.moves), 1):
        if name.lower() != variant.square_name(move).lower():
            raise RecordError(f"transcript: ply {ply} is {quoted(name)}, moves says {variant.square_name(move)}")
    if len(names) != len(record.moves):
        raise RecordError(f"transcript: {len(names)} moves, moves holds {len(record.moves)}")


def _margin(value: Optional[float]) -> Union[int, float, None]:
    """A margin read back: whole numbers as int (as the readers give them)."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else float(value)


def positions_table(records: Iterable[Record]) -> pa.Table:
    """A pyarrow Table with one row per position before each move of each game (see the module text).

    Raises:
        ReplayError: a record whose moves are not legal. ImportError: no pyarrow.
    """
    pa = _pyarrow()
    from polyreversi.envs.observation import observe, plane_count, rewards

    cols: Dict[str, List[Any]] = {k: [] for k in ("game", "ply", "to_move", "observation", "mask", "move", "result", "score")}
    shape = None
    for g, record in enumerate(records):
        replay = Replay(record)
        final = replay.final
        reward = rewards(final) if final.is_over() else np.zeros(record.variant.players, np.float32)
        scores = final.scores()
        state = record.initial_state()
        n = record.variant.n
        shape = (plane_count(record.variant.players), n, n) if shape is None else shape
        for move in replay.moves:
            mover = int(state.to_move)
            mask = np.zeros(n * n + 1, dtype=bool)
            mask[state.legal_moves()] = True
            cols["game"].append(g)
            cols["ply"].append(state.ply)
            cols["to_move"].append(mover)
            cols["observation"].append(observe(state).reshape(-1))
            cols["mask"].append(mask)
            cols["move"].append(move)
            cols["result"].append(float(reward[mover - 1]))
            cols["score"].append(scores[mover - 1])
            state.play(move)
    types = {"game": pa.int64(), "ply": pa.int32(), "to_move": pa.int8(), "observation": pa.list_(pa.uint8()),
             "mask": pa.list_(pa.bool_()), "move": pa.int16(), "result": pa.float32(), "score": pa.int32()}
    meta = {"polyreversi.table": "positions",
            "polyreversi.observation_shape": json.dumps(list(shape) if shape else None)}
    arrays = [pa.array(cols[k], type=t) if k not in ("observation", "mask") else
              pa.array([a.tolist() for a in cols[k]], type=t) for k, t in types.items()]
    return pa.Table.from_arrays(arrays, schema=pa.schema(list(types.items()), metadata=meta))


def write_positions(path: PathLike, records: Iterable[Record]) -> None:
    """Writes the positions table of ``records`` as Parquet, atomically.

    Raises:
        ReplayError: a record that does not replay. RecordError: the file cannot be
            written (naming it). ImportError: no pyarrow.
    """
    from polyreversi import formats

    formats.atomic_write(path, table_bytes(positions_table(records)))


__all__ = ["games_schema", "games_table", "write_games", "read_games", "positions_table", "write_positions",
           "load_table", "table_bytes", "entries_of_table", "record_of_row"]
