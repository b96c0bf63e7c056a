"""Hostile input for every parser: documented exceptions only, and no lies.

Every parser is fed generated and mutated input (hypothesis): JSON records and
JSON Lines, GGF text, WTHOR bytes (real headers and games, mutated), transcripts,
square names and variant strings. Each must either return a result or raise the
exception docs/errors.md documents for it (RecordError and its subclasses for
records, VariantError for variant text, InvalidSquareError for square names).
Whatever a parser accepts must also be true: a record read back after writing
has the same moves, a square name names the square it parses to, and reading a
file never changes it.

The default run takes a few seconds per test; ``-m slow`` runs the same
properties with many more examples (tests named ``*_long``).
"""
from __future__ import annotations

import contextlib
import json
import math
import random
import string
import struct
import tempfile
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import polyreversi as pr
from conftest import DATA, play_randomly, random_position
from polyreversi import formats
from polyreversi.errors import InvalidSquareError, RecordError, RecordWarning, VariantError
from polyreversi.formats import ggf, json_record, transcript, wthor
from polyreversi.record import ENDINGS, Record, Result, StartPosition
from polyreversi.replay import Replay

QUICK = 150
LONG = 4000
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def twice(fast: int = QUICK, slow: int = LONG, **strategies):
    """The property as two tests: a quick one for the default run and a long one marked slow."""

    def make(fn):
        quick = settings(max_examples=fast, deadline=None, suppress_health_check=HEALTH)(given(**strategies)(fn))
        long = settings(max_examples=slow, deadline=None, suppress_health_check=HEALTH)(given(**strategies)(fn))
        return quick, pytest.mark.slow(long)

    return make


# -- sample material: games of several variants, real files when present -----

def _played(variant: str, seed: int, plies: int = 200) -> pr.State:
    return random_position(variant, plies, seed)


def _sample_records():
    records = []
    for i, text in enumerate(["8x8", "6x6/anti", "10x10/blocked=a1,j10", "octagon/3p/anti", "8x8/4p",
                              "8x8/free", "8x8/handicap=2w", "octagon/4p/blocked=b7,i3"]):
        state = _played(text, i, plies=[200, 200, 40, 30, 200, 12, 25, 20][i])
        records.append(state.record(players=["Ann", "Bob"][: state.variant.players], date="2024-05-01",
                                    event="club night", round=i))
    # a custom start position
    v = pr.Variant("8x8")
    cells = _played("8x8", 99, plies=20).board()
    records.append(_played_from(v.position(cells, pr.Color.WHITE, ply=20), seed=5, plies=10)
                   .record(players=["X", None]))
    return records


def _played_from(state: pr.State, seed: int, plies: int) -> pr.State:
    return play_randomly(state, plies, random.Random(seed))


SAMPLES = _sample_records()
SAMPLE_DICTS = [json_record.to_dict(r) for r in SAMPLES]
TWO_PLAYER = [r for r in SAMPLES if r.variant.players == 2 and not r.variant.blocked
              and r.variant.board != "octagon" and not r.variant.free_opening]


def _wthor_bytes() -> bytes:
    """A WTHOR file: the first games of a real database when the shared data is there,
    else games played here and encoded by hand (same layout)."""
    real = DATA / "wthor" / "WTH_2015.wtb"
    if real.exists():
        data = real.read_bytes()
        games = 12
        header = bytearray(data[:16])
        struct.pack_into("<I", header, 4, games)
        return bytes(header) + data[16 : 16 + 68 * games]
    header = bytearray(16)
    header[0:4] = bytes([20, 24, 5, 1])
    struct.pack_into("<IHHB", header, 4, 6, 0, 2024, 8)
    body = b""
    for seed in range(6):
        moves = [m for m in _played("8x8", seed).moves() if m != 64]
        codes = bytes(10 * (m // 8 + 1) + m % 8 + 1 for m in moves[:60])
        body += struct.pack("<HHHBB", 0, 1, 2, 33, 33) + codes + bytes(60 - len(codes))
    return bytes(header) + body


WTHOR = _wthor_bytes()


def dumped(dumps, record) -> str:
    """``dumps(record)`` with the RecordWarning about fields the format cannot hold
    silenced: these texts only feed the parsers (what each format leaves out is
    test_round_trip.py's subject)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RecordWarning)
        return dumps(record)


@contextlib.contextmanager
def only_record_warnings():
    """A hostile file may make a reader warn, but only with a RecordWarning (a name
    or field it could not read): no other warning, and none turned into an error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    assert all(issubclass(w.category, RecordWarning) for w in caught), [str(w.message) for w in caught]


def _ggf_texts():
    texts = []
    folder = DATA / "ggf"
    if folder.is_dir():
        for path in sorted(folder.glob("*.ggf")):
            texts.append(path.read_text(encoding="latin-1")[:4000])
    texts += [dumped(ggf.dumps, r) for r in TWO_PLAYER]
    texts.append("1 (;GM[Othello]PC[GGS/os]TY[8kr20]KM[-1.5]RE[+3.000:s]BO[8 -------- --*O---- -O*O*--- "
                 "--**OO-- --O*O*-- --*OO*-- ---*O--- -------- O]W[f2//1.5]B[pass];)")
    return texts


GGF_TEXTS = _ggf_texts()


def _file(data, suffix: str, folder: str) -> Path:
    path = Path(folder) / f"input{suffix}"
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8", errors="surrogatepass")
    else:
        path.write_bytes(data)
    return path


# -- strategies ----------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=20,
)

square_like = st.one_of(
    st.text(max_size=6),
    st.builds(lambda c, r: f"{c}{r}", st.sampled_from(string.ascii_letters + "٨ａK"),
              st.one_of(st.integers(-3, 120).map(str), st.sampled_from(["0", "01", "²", "١", "10\n", " 5"]))),
    st.sampled_from(["pass", "PASS", "pa", "--", "", " ", "a1", "j10", "k1", "a0", "a11", "\ud800", "d3\x00"]),
)

variant_parts = st.sampled_from(["8x8", "6x6", "10x10", "octagon", "8X8", "hex", "2p", "3p", "4p", "5p", "anti",
                                 "free", "free_opening", "handicap=2", "handicap=4w", "handicap=0", "handicap=9",
                                 "handicap=", "handicap=²", "blocked=a1,b2", "blocked=a1", "blocked=", "blocked=pass",
                                 "blocked=d4", "blocked=a1,a1", " anti ", "", "=", "blocked=a1,b2,c1,d1,e1"])
variant_texts = st.one_of(
    st.lists(variant_parts, min_size=1, max_size=6).map("/".join),
    st.text(max_size=30),
    st.lists(st.one_of(variant_parts, st.text(max_size=5)), min_size=1, max_size=4).map("/".join),
)


def _mutate_text(data, text: str) -> str:
    """A few random edits: deletions, insertions of interesting characters, duplicated slices."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 6))):
        kind = data.draw(st.sampled_from(["delete", "insert", "duplicate", "truncate", "replace"]))
        if not chars:
            chars = list(data.draw(st.text(max_size=5)))
            continue
        i = data.draw(st.integers(0, len(chars) - 1))
        if kind == "delete":
            del chars[i : i + data.draw(st.integers(1, 8))]
        elif kind == "insert":
            chars[i:i] = list(data.draw(st.one_of(st.sampled_from(["[", "]", "(;", ";)", "\n", "PA", "B[", "W[",
                                                                     "TY[", "BO[", "9" * 12, "\x00", "\ud800",
                                                                     "٨", "/", "*", "O", "-", "pass", "#"]),
                                                   st.text(max_size=4))))
        elif kind == "duplicate":
            j = data.draw(st.integers(i, min(len(chars), i + 40)))
            chars[i:i] = chars[i:j]
        elif kind == "truncate":
            chars = chars[:i]
        else:
            chars[i] = data.draw(st.characters())
    return "".join(chars)


def _mutate_bytes(data, blob: bytes) -> bytes:
    out = bytearray(blob)
    for _ in range(data.draw(st.integers(1, 8))):
        kind = data.draw(st.sampled_from(["set", "set", "set", "delete", "insert", "truncate", "count"]))
        if not out:
            out += data.draw(st.binary(max_size=20))
            continue
        i = data.draw(st.integers(0, len(out) - 1))
        if kind == "set":
            out[i] = data.draw(st.sampled_from([0, 1, 8, 9, 10, 11, 18, 19, 81, 88, 89, 90, 99, 100, 255,
                                                data.draw(st.integers(0, 255))]))
        elif kind == "delete":
            del out[i : i + data.draw(st.integers(1, 70))]
        elif kind == "insert":
            out[i:i] = data.draw(st.binary(min_size=1, max_size=70))
        elif kind == "truncate":
            del out[i:]
        elif len(out) >= 16:  # the header's game count, name count, board size
            field = data.draw(st.sampled_from([(4, "<I"), (8, "<H"), (12, "<B")]))
            struct.pack_into(field[1], out, field[0], data.draw(st.integers(0, 2 ** (8 * struct.calcsize(field[1])) - 1)))
    return bytes(out)


# -- square names ----------------------------------------------------------------------

def _square_names(text):
    for board in ("6x6", "8x8", "10x10", "octagon"):
        v = pr.Variant(board)
        try:
            index = v.square(text)
        except InvalidSquareError:
            continue
        assert 0 <= index <= v.PASS
        name = v.square_name(index)
        assert v.square(name) == index
        # the parse is the obvious one: the text is the name, in any letter case
        if name == "pass":
            assert text.lower() in ("pass", "pa")
        else:
            assert name == text.lower()


test_square_names, test_square_names_long = twice(text=square_like)(_square_names)


def _square_indices(value):
    v = pr.Variant("8x8")
    try:
        index = v.square(value)
    except InvalidSquareError:
        assert not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 64)
        return
    assert index == value and 0 <= index <= 64


test_square_indices, test_square_indices_long = twice(
    value=st.one_of(st.integers(), st.integers(-2, 70), st.sampled_from([2**31, 2**63, -(2**31) - 1, 2**64 + 19])))(
    _square_indices)


def test_square_of_the_wrong_type_is_a_type_error_or_invalid_square():
    v = pr.Variant()
    for bad in (None, 3.0, [1], b"a1", object()):
        with pytest.raises((TypeError, InvalidSquareError)):
            v.square(bad)


# -- variant strings -------------------------------------------------------------------

def _variant_text(text):
    try:
        v = pr.Variant.parse(text)
    except VariantError:
        return
    assert pr.Variant.parse(str(v)) == v
    assert v.board in pr.BOARDS and v.players in (2, 3, 4) and len(v.blocked) <= 4
    assert v.start().variant == v


test_variant_strings, test_variant_strings_long = twice(text=variant_texts)(_variant_text)


def test_variant_text_of_the_wrong_type_is_a_variant_error():
    for bad in (None, b"8x8", 8, ["8x8"]):
        with pytest.raises(VariantError):
            pr.Variant.parse(bad)


# -- JSON records ----------------------------------------------------------------------

def _check_record_round_trip(record: Record, read: bool = True) -> None:
    """A record the reader accepted (``read``) is written and read back to the same game;
    one built in Python may be refused by the writer (meta that JSON cannot hold)."""
    try:
        text = json_record.dumps(record)
    except RecordError:
        if read:  # what the JSON reader accepted, the JSON writer writes
            raise
        return
    again = json_record.loads(text)
    assert again.variant == record.variant
    assert again.moves == Replay(record).moves
    assert again.players == record.players and again.start == record.start


def _json_text(text):
    try:
        record = json_record.loads(text)
    except RecordError:
        return
    _check_record_round_trip(record)


test_json_text, test_json_text_long = twice(
    text=st.one_of(st.text(max_size=60), json_values.map(json.dumps),
                   st.sampled_from(["[" * 5000, "{" * 3000, '{"a":' * 2000 + "1" + "}" * 2000, "1e999", "NaN",
                                    '"\\ud800"', "9" * 5000]))
)(_json_text)


def _json_value(value):
    try:
        record = json_record.from_dict(value)
    except RecordError:
        return
    _check_record_round_trip(record)


test_json_values, test_json_values_long = twice(value=json_values)(_json_value)


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


def _mutated_record(data, validate):
    obj = json.loads(json.dumps(data.draw(st.sampled_from(SAMPLE_DICTS))))
    for _ in range(data.draw(st.integers(1, 4))):
        paths = [p for p in _paths(obj) if p]
        path = data.draw(st.sampled_from(paths))
        parent = obj
        for key in path[:-1]:
            parent = parent[key]
        kind = data.draw(st.sampled_from(["replace", "replace", "delete", "add", "interesting"]))
        if kind == "replace":
            parent[path[-1]] = data.draw(json_values)
        elif kind == "delete":
            del parent[path[-1]]
        elif kind == "add" and isinstance(parent, dict):
            parent[data.draw(st.text(max_size=6))] = data.draw(json_values)
        elif kind == "add":
            parent.insert(path[-1], data.draw(json_values))
        else:
            parent[path[-1]] = data.draw(st.sampled_from(
                ["pass", "a1", "j10", "k1", "h8", "", None, -1, 0, 2**64, 1e308, True, "black", "red",
                 "........", "XXXXXXXX", "#-------", [], {}, [64, 0], "octagon", 4, 5]))
    text = json.dumps(obj)
    try:
        record = json_record.loads(text, validate=validate)
    except RecordError:
        return
    if validate:
        _check_record_round_trip(record)
    else:
        try:
            Replay(record)
        except RecordError:
            return


def _mutated_json(data):
    _mutated_record(data, validate=True)


def _mutated_json_unvalidated(data):
    _mutated_record(data, validate=False)


test_json_mutated_records, test_json_mutated_records_long = twice(fast=250, data=st.data())(_mutated_json)
test_json_mutated_unvalidated, test_json_mutated_unvalidated_long = twice(data=st.data())(_mutated_json_unvalidated)


def _json_lines_file(data):
    lines = [json_record.dumps_line(data.draw(st.sampled_from(SAMPLES))) for _ in range(data.draw(st.integers(0, 3)))]
    text = _mutate_text(data, "\n".join(lines)) if lines and data.draw(st.booleans()) else "\n".join(lines)
    with tempfile.TemporaryDirectory() as folder:
        path = _file(text, ".jsonl", folder)
        before = path.read_bytes()
        try:
            entries = list(formats.iter_games(path))
        except RecordError:
            entries = []
        for entry in entries:
            assert (entry.record is None) != (entry.error is None)
            assert entry.error is None or isinstance(entry.error, RecordError)
        try:
            formats.read(path)
        except RecordError:
            pass
        assert path.read_bytes() == before, "reading must never change the file"


test_json_lines_files, test_json_lines_files_long = twice(fast=60, slow=1500, data=st.data())(_json_lines_file)


# -- GGF ---------------------------------------------------------------------------------

def _check_ggf_records(records):
    for record in records:
        try:
            moves = Replay(record).moves
        except RecordError:  # an illegal game is read, and refused by its replay
            continue
        text = ggf.dumps(record)  # what the GGF reader accepted and replays, the GGF writer writes
        again = ggf.parse_game(text)
        assert again.variant == record.variant and Replay(again).moves == moves
        assert again.start == record.start


def _ggf_mutated(data):
    text = _mutate_text(data, data.draw(st.sampled_from(GGF_TEXTS)))
    try:
        records = ggf.loads(text)
    except RecordError:
        return
    _check_ggf_records(records)


def _ggf_random(text):
    try:
        records = ggf.loads(text)
    except RecordError:
        return
    _check_ggf_records(records)


test_ggf_mutated, test_ggf_mutated_long = twice(fast=250, data=st.data())(_ggf_mutated)
test_ggf_random, test_ggf_random_long = twice(
    text=st.one_of(st.text(max_size=80),
                   st.lists(st.sampled_from(["(;", ";)", "GM[Othello]", "TY[8]", "TY[10a]", "TY[s8r20]", "TY[٨]",
                                             "TY[" + "9" * 5000 + "]", "BO[8 " + "-" * 64 + " *]", "B[f5]", "W[d6]",
                                             "B[PA]", "W[pass]", "RE[+2.0:r]", "KM[1e999]", "KM[٣]", "PB[a]", "1 ",
                                             "B[\ud800]", "]", "[", "BO[" + "9" * 30 + " -]", "B[c4//0.1/2]"]),
                            max_size=12).map("".join))
)(_ggf_random)


def test_ggf_parse_type_only_raises_record_errors():
    for text in ["", "8", "s8r20", "8kr", "٨", "8rr", "8" * 30, "8r" + "9" * 40, "K8", "8\u212a", "10aw", "x"]:
        try:
            gtype = ggf.parse_type(text)
        except RecordError:
            continue
        assert gtype.size > 0


# -- WTHOR ---------------------------------------------------------------------------------

def _wthor_mutated(data):
    blob = _mutate_bytes(data, WTHOR)
    with tempfile.TemporaryDirectory() as folder:
        path = _file(blob, ".wtb", folder)
        try:
            with only_record_warnings():  # no name files beside it: one warning says so
                entries = list(formats.iter_games(path))
        except RecordError:
            entries = []
        for entry in entries:
            if entry.error is not None:
                assert isinstance(entry.error, RecordError)
                continue
            record = entry.record
            assert all(0 <= m < 64 for m in record.moves)
            try:
                replay = Replay(record)
            except RecordError:
                continue
            assert replay.check().status in ("match", "mismatch", "unfinished", "unchecked")
        assert path.read_bytes() == blob, "reading must never change the file"


test_wthor_mutated, test_wthor_mutated_long = twice(fast=200, data=st.data())(_wthor_mutated)


def _wthor_names(data):
    size = data.draw(st.sampled_from([wthor.PLAYER_SIZE, wthor.TOURNAMENT_SIZE]))
    count = 3
    blob = bytearray(16)
    struct.pack_into("<IH", blob, 4, 0, count)
    for name in (b"Ann", "Zo\xe9".encode("latin-1"), b"B" * size):
        blob += name[:size].ljust(size, b"\0")
    blob = _mutate_bytes(data, bytes(blob))
    with tempfile.TemporaryDirectory() as folder:
        names = _file(blob, ".JOU", folder)
        games = _file(WTHOR, ".wtb", folder)
        try:
            result = wthor.read_names(names, size)
        except RecordError:
            result = None
        if result is not None:
            assert all(isinstance(n, str) for n in result)
        option = "players_file" if size == wthor.PLAYER_SIZE else "tournaments_file"
        try:
            with only_record_warnings():  # the other name file is missing, or names too few
                formats.read(games, **{option: names})
        except RecordError:
            pass
        assert names.read_bytes() == blob


test_wthor_name_files, test_wthor_name_files_long = twice(fast=80, slow=1500, data=st.data())(_wthor_names)


def _wthor_game_bytes(raw):
    try:
        game = wthor.decode_game(raw)
    except RecordError:
        return
    assert len(raw) == wthor.GAME_SIZE and game.score <= 64
    assert all(0 <= m < 64 for m in game.moves) and len(game.moves) <= 60


test_wthor_game_bytes, test_wthor_game_bytes_long = twice(
    raw=st.one_of(st.binary(min_size=68, max_size=68), st.binary(max_size=80),
                  st.lists(st.sampled_from([0, 11, 18, 19, 81, 88, 89, 90, 10]), min_size=60, max_size=60)
                  .map(lambda m: bytes(8) + bytes(m))))(_wthor_game_bytes)


def _wthor_header(raw):
    try:
        header = wthor.read_header(raw)
    except RecordError:
        assert len(raw) < 16
        return
    assert header.games == struct.unpack_from("<I", raw, 4)[0]


test_wthor_header, test_wthor_header_long = twice(raw=st.binary(max_size=20))(_wthor_header)


# -- transcripts ------------------------------------------------------------------------

transcript_texts = st.one_of(
    st.text(max_size=40),
    st.lists(st.one_of(square_like, st.sampled_from(["1.", " ", ",", "--", "-", ";", "pass", "f5", "d6", "c3",
                                                     "f10", "j10"])), max_size=20).map("".join),
)


def _transcript(text, variant):
    try:
        record = transcript.parse(text, variant)
    except RecordError:
        return
    assert record.variant == pr.Variant.parse(variant) and record.implicit_passes
    try:
        moves = Replay(record).moves
    except RecordError:
        return
    again = transcript.parse(transcript.dumps(record), variant)
    assert Replay(again).moves == moves


test_transcripts, test_transcripts_long = twice(
    text=transcript_texts, variant=st.sampled_from(["8x8", "6x6", "10x10/anti", "8x8/free"]))(_transcript)


def _transcript_file(data):
    lines = []
    for _ in range(data.draw(st.integers(0, 5))):
        lines.append(data.draw(st.one_of(transcript_texts, st.sampled_from(
            ["# variant: 10x10", "# variant: hex", "# variant: 8x8/4p", "#", "# comment", "",
             dumped(transcript.dumps, data.draw(st.sampled_from([r for r in TWO_PLAYER if r.start is None])))]))))
    text = "\n".join(lines)
    with tempfile.TemporaryDirectory() as folder:
        path = _file(text, ".txt", folder)
        before = path.read_bytes()
        try:
            for entry in formats.iter_games(path):
                assert entry.error is None or isinstance(entry.error, RecordError)
        except RecordError:
            pass
        assert path.read_bytes() == before


test_transcript_files, test_transcript_files_long = twice(fast=60, slow=1500, data=st.data())(_transcript_file)


# -- any bytes, any format ------------------------------------------------------------

def _any_bytes(blob, fmt):
    with tempfile.TemporaryDirectory() as folder:
        path = _file(blob, ".bin", folder)
        try:
            records = formats.read(path, fmt)
        except RecordError:
            records = []
        for record in records:
            assert isinstance(record, Record)
        assert path.read_bytes() == blob


test_any_bytes_in_any_format, test_any_bytes_in_any_format_long = twice(
    fast=100, slow=2000,
    blob=st.one_of(st.binary(max_size=200), st.text(max_size=100).map(lambda t: t.encode("utf-8", "surrogatepass"))),
    fmt=st.sampled_from(formats.READABLE))(_any_bytes)


def test_reading_a_folder_or_a_missing_file_is_a_record_error(tmp_path):
    for fmt in formats.READABLE:
        with pytest.raises(RecordError):
            formats.read(tmp_path, fmt)
        with pytest.raises(RecordError):
            formats.read(tmp_path / "missing", fmt)


# -- records built in Python ----------------------------------------------------------

record_fields = st.fixed_dictionaries({}, optional={
    "moves": st.one_of(st.lists(st.one_of(st.integers(-2, 101), st.integers(), square_like), max_size=8),
                       st.text(max_size=5), st.none(), st.integers()),
    "players": st.one_of(st.lists(st.one_of(st.none(), st.text(max_size=4), st.integers()), max_size=5), st.none()),
    "result": st.one_of(st.none(), st.integers(), st.builds(Result, end=st.sampled_from([None, "finished", "time"]),
                                                              disks=st.one_of(st.none(), st.lists(st.integers(0, 64),
                                                                                                  max_size=4)))),
    "date": st.one_of(st.none(), st.text(max_size=5), st.integers()),
    "komi": st.one_of(st.none(), st.floats(), st.integers(), st.booleans(), st.text(max_size=2)),
    "meta": st.one_of(st.dictionaries(st.text(max_size=3), json_values, max_size=3), st.integers(), st.none()),
    "implicit_passes": st.booleans(),
})


def _python_record(variant, fields):
    try:
        record = Record(variant, **fields)
    except RecordError:
        return
    assert isinstance(record.moves, tuple) and all(type(m) is int for m in record.moves)
    try:
        Replay(record)
    except RecordError:
        return
    _check_record_round_trip(record, read=False)


test_python_records, test_python_records_long = twice(
    variant=st.one_of(st.sampled_from(["8x8", "octagon/4p", "6x6/anti", "8x8/3p"]), variant_texts, st.integers()),
    fields=record_fields)(_python_record)


def _result_fields(end, disks, margin):
    try:
        result = Result(end=end, disks=disks, margin=margin)
    except RecordError:
        return
    # what was accepted is what Result documents: a known ending, counts, a finite number
    assert result.end is None or result.end in ENDINGS
    assert result.disks is None or all(type(d) is int and d >= 0 for d in result.disks)
    assert result.margin is None or (not isinstance(margin, bool) and math.isfinite(result.margin))


test_results, test_results_long = twice(
    end=st.one_of(st.none(), st.text(max_size=9), st.sampled_from(["finished", "resigned"]), st.integers()),
    disks=st.one_of(st.none(), st.lists(st.one_of(st.integers(), st.floats(), st.text(max_size=2)), max_size=4),
                    st.integers()),
    margin=st.one_of(st.none(), st.floats(), st.sampled_from([math.inf, -math.inf, math.nan, 0.5, -64]), st.integers(),
                     st.text(max_size=3), st.booleans()))(_result_fields)


def _start_positions(board, to_move, ply, variant):
    try:
        start = StartPosition(board, to_move, ply)
        state = start.state(pr.Variant.parse(variant))
    except RecordError:
        return
    assert [int(c) for c in state.board().ravel()] == list(start.board)
    assert int(state.to_move) == int(start.to_move) and state.ply == start.ply


test_start_positions, test_start_positions_long = twice(
    board=st.one_of(
        st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 5, -1, -2, 7]), min_size=64, max_size=64),
        st.lists(st.sampled_from([0, 1, 2]), min_size=100, max_size=100),
        st.lists(st.one_of(st.integers(), st.floats(), st.text(max_size=1)), max_size=70),
        st.integers(),
    ),
    to_move=st.one_of(st.integers(-1, 6), st.integers(), st.text(max_size=2), st.none()),
    ply=st.one_of(st.integers(0, 100), st.integers(), st.floats()),
    variant=st.sampled_from(["8x8", "8x8/3p", "10x10", "octagon", "8x8/blocked=a1"]),
)(_start_positions)


# -- the engine's custom positions ----------------------------------------------------

def _custom_positions(cells, shape, dtype, to_move, ply, variant):
    v = pr.Variant.parse(variant)
    array = np.array(cells[: v.n * v.n] + [0] * max(0, v.n * v.n - len(cells)), dtype=object)
    try:
        array = array.astype(dtype)
    except (OverflowError, ValueError, TypeError):
        return
    if shape == "square":
        array = array.reshape(v.n, v.n)
    elif shape == "wrong":
        array = array[:-1]
    try:
        state = v.position(array, to_move, ply)
    except pr.PositionError:
        return
    except TypeError:
        assert not isinstance(to_move, int) or not isinstance(ply, int)
        return
    flat = np.asarray(array).ravel()
    board = state.board().ravel()
    playable = set(v.squares)
    for sq in range(v.n * v.n):  # the state holds exactly the cells given
        if sq in playable:
            assert int(board[sq]) == int(flat[sq]), sq
        else:  # a hole: given as empty (0) or as its own code
            assert int(flat[sq]) in (0, int(board[sq])) and int(board[sq]) in (pr.BLOCKED, pr.CUT_OUT), sq
    assert int(state.to_move) == int(to_move) and state.ply == ply
    moves = state.legal_moves()
    assert moves == sorted(moves)
    if moves:
        child = state.child(moves[0])
        assert child.ply == ply + 1


test_custom_positions, test_custom_positions_long = twice(
    fast=250,
    cells=st.lists(st.one_of(st.sampled_from([0, 0, 0, 0, 1, 2, 3, 4, 5, -1, -2]), st.integers(-300, 300),
                             st.sampled_from([2**63 - 1, 2**64 - 1, -(2**63)])), max_size=100),
    shape=st.sampled_from(["flat", "square", "wrong"]),
    dtype=st.sampled_from([np.int8, np.int64, np.uint8, np.uint64, np.int16, object, np.float64, bool]),
    to_move=st.one_of(st.integers(-1, 5), st.sampled_from(list(pr.Color)), st.integers(), st.none(), st.text(max_size=1)),
    ply=st.one_of(st.integers(0, 50), st.integers(), st.sampled_from([2**30, 2**31 - 1, 2**31]), st.floats()),
    variant=st.sampled_from(["8x8", "6x6/anti", "8x8/3p", "10x10/4p", "octagon/3p/blocked=b7", "8x8/blocked=a1"]),
)(_custom_positions)


def test_uint64_codes_are_not_read_modulo_2_64():
    v = pr.Variant("8x8", blocked=["b2"])
    cells = v.start().board().astype(np.int64)
    wrapped = cells.astype(np.uint64)  # -1 on b2 becomes 2**64 - 1
    with pytest.raises(pr.PositionError, match="18446744073709551615"):
        v.position(wrapped)


def test_a_position_ply_near_the_limit_still_plays():
    v = pr.Variant()
    state = v.position(v.start().board(), ply=pr.variant.MAX_PLY)
    state.play("d3")
    assert state.ply == pr.variant.MAX_PLY + 1
    with pytest.raises(pr.PositionError, match="ply"):
        v.position(v.start().board(), ply=2**31 - 1)
