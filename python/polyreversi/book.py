"""Perfect-play opening books: the exact values of the positions near a game's
start, with a move that keeps each value, as the solver proved them.

A book is made by ``scripts/make_book.py`` (the command, its time and how far it
reaches are in benchmarks/book.md) and ships as ``polyreversi/data/book-<board>.npz``.
:class:`polyreversi.SearchPlayer` plays from it where the position is in it (whatever
its limit; the player owns that rule, docs/player.md), so on 6x6 its first moves keep
the game-theoretic value (White wins 20-16 with best play).

Format (version 1), a NumPy ``.npz`` archive (written by ``numpy.savez_compressed``,
read back without NumPy, so that playing from a book imports nothing more):

- ``keys``: uint64 (n,), strictly increasing: each position seen from the player to
  move, in base 3 (0 empty, 1 the mover's disk, 2 the opponent's; square ``i`` of the
  row-major board, ``a1`` = 0, weighs ``3**i``), the least over the 8 symmetries of the
  square board;
- ``values``: int8 (n,): the exact disk difference (RULES.md section 7: the mover's
  disks minus the opponent's at the end, empties not counted) with best play by both;
- ``moves``: uint8 (n,): a move reaching that value, as a square of the least
  symmetric image (``N * N`` for a forced pass);
- ``meta``: a 0-d unicode array, JSON: ``format`` ("polyreversi-book"), ``version``,
  ``board``, ``entries``, ``plies`` (every position up to this many plies from
  ``root``, a transcript, "" for the start, is in the book), ``strategy`` (to this
  ply, every position where the side to move has played the book's moves since the
  root, the opponent anything: each side's strategy), optionally ``partial``
  (``{"ply", "solved", "of"}``: that many of the positions of a deeper ply are in it
  too, a run stopped part way), ``sha256`` (of ``keys``, ``values``, ``moves`` bytes
  in that order) and ``command`` (how it was made).

>>> import polyreversi as pr
>>> from polyreversi.book import shipped_book
>>> book = shipped_book(pr.Variant.parse("6x6"))
>>> start = pr.Variant.parse("6x6").start()
>>> entry = book.lookup(start)
>>> entry.value, entry.move in start.legal_moves()          # Black loses 16-20
(-4, True)
"""
from __future__ import annotations

import ast
import bisect
import functools
import hashlib
import json
import os
import sys
import zipfile
import zlib
from array import array
from dataclasses import dataclass
from importlib import resources
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from polyreversi import _validate
from polyreversi.errors import BookError, quoted
from polyreversi.formats import source_name
from polyreversi.state import EMPTY, State
from polyreversi.variant import Variant

__all__ = ["Book", "BookEntry", "load_book", "shipped_book", "canonical", "FORMAT", "VERSION"]

#: The ``format`` field of a book's metadata.
FORMAT = "polyreversi-book"
#: The format version this module reads and writes.
VERSION = 1
#: Boards a book may be made for: square boards whose base-3 key fits 64 bits (3**40 < 2**64).
BOARDS = ("6x6",)
_PREFIX = "book-"


@dataclass(frozen=True)
class BookEntry:
    """A position of the book.

    Attributes:
        value: exact disk difference for the player to move, with best play by both.
        move: a square index of the position as given (``state.PASS`` for a forced pass)
            whose move keeps ``value``.
    """

    value: int
    move: int


@functools.lru_cache(maxsize=None)
def _symmetries(n: int) -> Tuple[Tuple[int, ...], ...]:
    """Eight rows: row ``k`` maps each square of the k-th image to the square of the
    board it comes from (the 4 rotations by 90 degrees, each with its transpose)."""
    out = []
    grid = [[r * n + c for c in range(n)] for r in range(n)]
    for _ in range(4):
        out.append(tuple(sq for row in grid for sq in row))
        out.append(tuple(grid[r][c] for c in range(n) for r in range(n)))  # the transpose
        grid = [list(row) for row in zip(*grid)][::-1]  # rotated 90 degrees
    return tuple(out)


def _side(n_squares: int) -> int:
    n = int(round(n_squares ** 0.5))
    if n * n != n_squares:
        raise BookError(f"a book needs a square board, got {n_squares} squares")
    return n


def canonical(state: State) -> Tuple[int, int]:
    """The book key of ``state`` (see the module's format) and the index of the
    symmetry (0 .. 7, a row of the symmetry table) that gives it. Pure Python: a
    player's move imports nothing for it.

    Raises:
        BookError: the board is not one a book can be made for.
        TypeError: ``state`` is not a State.
    """
    squares = len(_validate.instance(state, State, "state").variant.squares)
    mover = int(state.to_move)
    rel = [0 if c == EMPTY else 1 if c == mover else 2 for c in (int(state.cell(i)) for i in range(squares))]
    keys = []
    for perm in _symmetries(_side(squares)):
        key = 0
        for sq in reversed(perm):  # square i of the image weighs 3**i
            key = key * 3 + rel[sq]
        keys.append(key)
    k = min(range(8), key=keys.__getitem__)
    return keys[k], k


def to_canonical(move: int, symmetry: int, squares: int) -> int:
    """The square of the symmetric image ``symmetry`` where ``move`` of the board lands
    (a pass, ``squares``, stays a pass)."""
    if move == squares:
        return move
    return _symmetries(_side(squares))[symmetry].index(move)


def from_canonical(move: int, symmetry: int, squares: int) -> int:
    """The board's square of square ``move`` of the symmetric image ``symmetry``."""
    if move == squares:
        return move
    return _symmetries(_side(squares))[symmetry][move]


# The arrays of a book: name -> (the .npy dtype, array typecode, the dtype's name in messages).
_ARRAYS = {"keys": ("<u8", "Q", "uint64"), "values": ("|i1", "b", "int8"), "moves": ("|u1", "B", "uint8")}


def _as_array(name: str, items: Iterable[int], where: str) -> "array[int]":
    typecode = _ARRAYS[name][1]
    try:
        return array(typecode, items)
    except (OverflowError, TypeError) as e:
        raise BookError(f"{where}: array {name!r} does not fit {_ARRAYS[name][2]} ({e})") from None


def _le_bytes(a: "array[int]") -> bytes:
    if sys.byteorder == "little" or a.itemsize == 1:
        return a.tobytes()
    b = array(a.typecode, a)
    b.byteswap()
    return b.tobytes()


def _digest(keys: "array[int]", values: "array[int]", moves: "array[int]") -> str:
    h = hashlib.sha256()
    for a in (keys, values, moves):
        h.update(_le_bytes(a))
    return h.hexdigest()


class Book:
    """An opening book of one board: exact values and value-keeping moves.

    Args:
        keys, values, moves: the entries (integer sequences, as in the module's format).
        meta: the metadata (dict). path: the file they were read from, for messages.

    Raises:
        BookError: a board no book is made for, arrays of different lengths or out of
            their range, keys out of order, a checksum that does not match.

    Attributes:
        variant: the :class:`polyreversi.Variant` (standard rules and start) it holds.
        plies: every position up to this many plies from the start is in it.
        strategy: to this ply, every position where the side to move has played the
            book's moves since the start (the opponent anything) is in it.
        meta: the metadata (dict, as in the module's format).
        path: the file it was read from (None if built in memory).
    """

    def __init__(self, keys: Iterable[int], values: Iterable[int], moves: Iterable[int], meta: Dict[str, Any],
                 path: Optional[str] = None) -> None:
        where = path or "book"
        board = meta.get("board")
        if board not in BOARDS:
            raise BookError(f"{where}: board {quoted(board)} is not one a book is made for ({', '.join(BOARDS)})")
        self.variant = Variant.parse(board)
        self.squares = len(self.variant.squares)
        self.keys = _as_array("keys", keys, where)
        self.values = _as_array("values", values, where)
        self.moves = _as_array("moves", moves, where)
        if not len(self.keys) == len(self.values) == len(self.moves) == meta.get("entries"):
            raise BookError(f"{where}: {len(self.keys)} keys, {len(self.values)} values, {len(self.moves)} moves, "
                            f"metadata says {quoted(meta.get('entries'))} entries")
        if any(a >= b for a, b in zip(self.keys, self.keys[1:])):
            raise BookError(f"{where}: keys are not strictly increasing")
        if any(abs(v) > self.squares for v in self.values):
            raise BookError(f"{where}: a value beyond +-{self.squares} disks")
        if any(m > self.squares for m in self.moves):
            raise BookError(f"{where}: a move beyond square {self.squares - 1} (or {self.squares}, a pass)")
        if meta.get("sha256") != _digest(self.keys, self.values, self.moves):
            raise BookError(f"{where}: the arrays do not match the checksum in its metadata (a damaged file)")
        self.plies = int(meta.get("plies", 0))
        self.strategy = int(meta.get("strategy", self.plies))
        self.meta = dict(meta)
        self.path = path

    def __len__(self) -> int:
        return len(self.keys)

    def __repr__(self) -> str:
        return (f"<Book {self.variant}: {len(self)} positions, every one to ply {self.plies}, "
                f"each side's book lines to ply {self.strategy}>")

    def covers(self, state: State) -> bool:
        """True if ``state`` is of the book's game (same board, rules and start)."""
        return isinstance(state, State) and state.variant == self.variant

    def lookup(self, state: State) -> Optional[BookEntry]:
        """The book's entry of ``state`` (the move as a square of ``state``), or None when
        the position is not in the book or is of another game.

        Raises:
            TypeError: not a State.
        """
        _validate.instance(state, State, "state")
        if not self.covers(state) or state.is_over():
            return None
        key, sym = canonical(state)
        i = bisect.bisect_left(self.keys, key)
        if i == len(self.keys) or self.keys[i] != key:
            return None
        return BookEntry(self.values[i], from_canonical(self.moves[i], sym, self.squares))

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the book (a temporary file renamed over ``path``: never half written).
        Needs NumPy (its ``.npz`` writer)."""
        import numpy as np

        path = os.fspath(path)
        tmp = f"{path}.tmp-{os.getpid()}"
        try:
            arrays: Dict[str, Any] = {name: np.array(getattr(self, name), dtype=_ARRAYS[name][0]) for name in _ARRAYS}
            arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
            with open(tmp, "wb") as f:
                np.savez_compressed(f, **arrays)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)

    @classmethod
    def from_entries(cls, board: str, entries: Dict[int, Tuple[int, int]], plies: int, command: str,
                     root: str = "", strategy: Optional[int] = None,
                     partial: Optional[Dict[str, int]] = None) -> "Book":
        """A book from ``{key: (value, canonical move)}`` (as :func:`canonical` keys them),
        holding every position up to ``plies`` from ``root`` (a transcript; "" the start)
        and, to ply ``strategy``, those where a side has played the book's moves since
        the root; ``partial`` (``{"ply", "solved", "of"}``) says that some positions of
        a deeper ply are in it too.

        Raises:
            BookError: a bad board or entry.
        """
        keys = _as_array("keys", sorted(entries), "book")
        values = _as_array("values", (entries[k][0] for k in keys), "book")
        moves = _as_array("moves", (entries[k][1] for k in keys), "book")
        meta = {"format": FORMAT, "version": VERSION, "board": board, "entries": len(keys), "plies": int(plies),
                "root": root, "strategy": int(plies if strategy is None else strategy),
                "sha256": _digest(keys, values, moves), "command": command}
        if partial:
            meta["partial"] = dict(partial)
        return cls(keys, values, moves, meta)


def _npy(raw: bytes, name: str, where: str) -> Tuple[str, Tuple[int, ...], bytes]:
    """(dtype text, shape, data bytes) of a ``.npy`` file (NumPy's format 1.0-3.0)."""
    if raw[:6] != b"\x93NUMPY" or len(raw) < 10:
        raise BookError(f"{where}: not a readable book file ({name}.npy is not a NumPy array)")
    size = 2 if raw[6] == 1 else 4
    length = int.from_bytes(raw[8:8 + size], "little")
    try:
        header = ast.literal_eval(raw[8 + size:8 + size + length].decode("latin-1"))
        descr, shape = header["descr"], tuple(header["shape"])
        if header.get("fortran_order") or not isinstance(descr, str):
            raise ValueError("a Fortran-ordered or structured array")
    except (ValueError, SyntaxError, KeyError, TypeError) as e:
        raise BookError(f"{where}: not a readable book file ({name}.npy header: {e})") from None
    return descr, shape, raw[8 + size + length:]


def load_book(path: Union[str, "os.PathLike[str]"]) -> Book:
    """Reads and checks a book file (pure Python: the ``.npz`` archive is read with
    :mod:`zipfile`, its arrays by NumPy's ``.npy`` layout, so playing from a book
    imports no NumPy).

    Raises:
        BookError: the file is missing, not a book, of another format version, damaged
            (checksum), or its arrays are malformed; the message names the file and the problem.
    """
    path = os.fspath(path)
    try:
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
            missing = [name for name in ("keys", "values", "moves", "meta") if f"{name}.npy" not in names]
            if missing:
                raise BookError(f"{source_name(path)}: not a polyreversi book (no array {', '.join(map(repr, missing))})")
            raw = {name: z.read(f"{name}.npy") for name in ("keys", "values", "moves", "meta")}
    except FileNotFoundError:
        raise BookError(f"{source_name(path)}: no such book file") from None
    except (OSError, EOFError, zipfile.BadZipFile, zlib.error) as e:
        # an OSError's text repeats the path whole: its strerror only
        raise BookError(f"{source_name(path)}: not a readable book file "
                        f"({getattr(e, 'strerror', None) or e})") from None
    descr, shape, data = _npy(raw["meta"], "meta", path)
    if not descr.startswith(("<U", "|U")) or shape != ():
        raise BookError(f"{source_name(path)}: its metadata is not JSON (a {descr} array of shape {shape})")
    try:
        meta = json.loads(data.decode("utf-32-le").rstrip("\0"))
    except (ValueError, UnicodeDecodeError) as e:
        raise BookError(f"{source_name(path)}: its metadata is not JSON ({e})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise BookError(f"{source_name(path)}: not a polyreversi book (format {quoted(meta.get('format') if isinstance(meta, dict) else meta)})")
    if meta.get("version") != VERSION:
        raise BookError(f"{source_name(path)}: book format version {quoted(meta.get('version'))}; this polyreversi reads version {VERSION}")
    arrays = {}
    for name, (want, typecode, label) in _ARRAYS.items():
        descr, shape, data = _npy(raw[name], name, path)
        if descr != want or len(shape) != 1:
            raise BookError(f"{source_name(path)}: array {name!r} must be 1-d {label}, got {len(shape)}-d {descr}")
        a = array(typecode)
        if len(data) != shape[0] * a.itemsize:
            raise BookError(f"{source_name(path)}: array {name!r} holds {len(data)} bytes, not {shape[0]} {label}")
        a.frombytes(data)
        if sys.byteorder != "little" and a.itemsize > 1:
            a.byteswap()
        arrays[name] = a
    return Book(arrays["keys"], arrays["values"], arrays["moves"], meta, path)


@functools.lru_cache(maxsize=None)
def _shipped(board: str) -> Optional[Book]:
    ref = resources.files("polyreversi") / "data" / f"{_PREFIX}{board}.npz"
    if not ref.is_file():
        return None
    with resources.as_file(ref) as p:
        return load_book(p)


def shipped_book(variant: Variant) -> Optional[Book]:
    """The book shipped for ``variant`` (read once), or None: only the standard game of
    a board with a ``data/book-<board>.npz`` has one (no Anti-Reversi, blocked squares,
    handicap or free opening).

    Raises:
        BookError: the shipped file is damaged. TypeError: not a Variant.
    """
    _validate.instance(variant, Variant, "variant")
    if variant.players != 2 or variant.anti or variant.blocked or variant.handicap or variant.free_opening:
        return None
    book = _shipped(variant.board)
    return book if book is not None and book.variant == variant else None


def shipped_boards() -> List[str]:
    """The boards with a book in the package."""
    folder = resources.files("polyreversi") / "data"
    names: Iterable[str] = (f.name for f in folder.iterdir()) if folder.is_dir() else ()
    return sorted(n[len(_PREFIX):-len(".npz")] for n in names if n.startswith(_PREFIX) and n.endswith(".npz"))
