"""The one protocol of game-file formats: every format is found through
the registry by name and extension, has the same small surface, and its
capabilities say what its writer really accepts."""
from __future__ import annotations

import contextlib
import warnings

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import formats
from polyreversi.errors import RecordError, RecordWarning
from polyreversi.formats import base, registry
from polyreversi.record import Record, record_of

VARIANTS = {  # variant text -> (board, players, feature or None)
    "6x6": ("6x6", 2, None),
    "8x8": ("8x8", 2, None),
    "10x10": ("10x10", 2, None),
    "octagon": ("octagon", 2, None),
    "8x8/3p": ("8x8", 3, None),
    "8x8/4p": ("8x8", 4, None),
    "8x8/anti": ("8x8", 2, "anti"),
    "8x8/free": ("8x8", 2, "free_opening"),
    "8x8/handicap=1": ("8x8", 2, "handicap"),
    "8x8/blocked=a1": ("8x8", 2, "blocked"),
}


def losing_the_players(name: str):
    """pytest.warns for the one RecordWarning of a format that cannot hold the
    players' names of the records written here; no check for one that can."""
    if "players" in formats.capabilities(name).fields:
        return contextlib.nullcontext()
    return pytest.warns(RecordWarning, match="cannot hold .*players")


def encodes(records, name: str) -> bool:
    """True when the writer of ``name`` takes ``records`` (warnings about what it
    leaves out are allowed, and only those), False when it refuses them."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            formats.encode(records, name)
        except RecordError:
            return False
    assert all(w.category is RecordWarning and "cannot hold" in str(w.message) for w in caught), caught
    return True


def _custom_start_record() -> Record:
    board = pr.Variant("8x8").start().board().copy()
    board[0, 0] = 1  # a Black disk in the corner: not the standard start
    return record_of(pr.Variant("8x8").position(board.ravel(), pr.Color.BLACK))


def test_every_format_is_found_by_name_and_by_each_extension():
    for name in registry.names():
        fmt = registry.by_name(name.upper())
        assert fmt.name == name
        for ext in fmt.extensions:
            assert registry.by_extension(f"some/games{ext.upper()}") is fmt
            assert formats.EXTENSIONS[ext] == name


@pytest.mark.parametrize("name", registry.names())
def test_every_format_has_the_same_surface(name):
    codec = registry.by_name(name).codec
    assert isinstance(codec.CAPABILITIES, base.Capabilities)
    assert callable(codec.decode) and callable(codec.encode)
    assert codec.CAPABILITIES.description


def test_readable_writable_and_the_option_table_come_from_the_capabilities():
    # the seven formats of docs/records.md, all read and written; that these lists follow the
    # capabilities (and are not a constant) is test_a_read_only_format_is_refused_by_one_message's
    assert formats.READABLE == formats.WRITABLE == ("json", "jsonl", "transcript", "ggf", "wthor", "parquet", "obf")
    table = registry.options()
    assert table["variant"] == ("transcript",) and table["players_file"] == ("wthor",)
    assert set(table["validate"]) == {"json", "jsonl", "parquet"}
    with pytest.raises(RecordError, match="variant applies to transcript files, not ggf"):
        formats.check_options("ggf", {"variant": "8x8"})
    with pytest.raises(TypeError, match="unknown reader option 'colour'"):
        formats.check_options("ggf", {"colour": 1})
    assert formats.capabilities("json").lossless and not formats.capabilities("ggf").lossless


@pytest.mark.parametrize("name", [n for n in registry.names() if formats.capabilities(n).write])
def test_the_capabilities_say_what_the_writer_accepts(name):
    caps = formats.capabilities(name)
    for text, (board, players, feature) in VARIANTS.items():
        expected = board in caps.boards and players in caps.players and (feature is None or feature in caps.features)
        accepted = encodes([Record(pr.Variant.parse(text), ())], name)
        assert accepted == expected, f"{name} and {text}: capabilities say {expected}, the writer {accepted}"
    accepted = encodes([_custom_start_record()], name)
    assert accepted == ("custom_start" in caps.features), f"{name} and a custom start"


class ReadOnlyCodec:
    """A format polyreversi reads but does not write (every built-in format writes now)."""

    CAPABILITIES = base.Capabilities("a test format, read only", write=False)

    @staticmethod
    def decode(data, **options):
        return []

    @staticmethod
    def encode(records):
        raise AssertionError("a read-only format's writer must never be called")


def test_a_read_only_format_is_refused_by_one_message(tmp_path, monkeypatch):
    monkeypatch.setitem(registry._FORMATS, "readonly", registry.FileFormat(
        "readonly", "Read-only test", (".rotest",), "test_formats_protocol", "ReadOnlyCodec"))
    assert "readonly" in formats.READABLE and "readonly" not in formats.WRITABLE
    record = Record(pr.Variant("8x8"), ())
    with pytest.raises(RecordError, match=r"x\.rotest: Read-only test files are read-only here; write json, jsonl"):
        formats.write(tmp_path / "x.rotest", [record])
    with pytest.raises(RecordError, match="read-only"):
        formats.check_expressible(pr.Variant("8x8"), "readonly")
    assert list(tmp_path.iterdir()) == []


def test_a_one_game_format_refuses_many_games(tmp_path):
    record = Record(pr.Variant("8x8"), ())
    with pytest.raises(RecordError, match=r"a \.json file holds one game, not 2; use \.jsonl"):
        formats.write(tmp_path / "two.json", [record, record])


@pytest.mark.parametrize("name", [n for n in registry.names() if formats.capabilities(n).write])
def test_what_each_format_writes_it_reads_back(tmp_path, name):
    games = [pr.players.play_game("8x8", [pr.players.RandomPlayer(seed=s), pr.players.RandomPlayer(seed=s + 9)])
             for s in range(2)]
    records = [record_of(g, players=("Ann", "Ben")) for g in games]
    if not formats.capabilities(name).many_games:
        records = records[:1]
    path = tmp_path / f"games{registry.by_name(name).extensions[0]}"
    if name == "parquet":
        pytest.importorskip("pyarrow", reason="Parquet needs pyarrow")
    with losing_the_players(name):
        formats.write(path, records)
    back = formats.read(path)
    if not formats.capabilities(name).moves:  # a position per game: the one after the last move
        assert [r.replay().final.to_text() for r in back] == [r.replay().final.to_text() for r in records]
        return
    assert [r.replay().moves for r in back] == [r.replay().moves for r in records]
    if "players" in formats.capabilities(name).fields:
        assert all(r.players == ("Ann", "Ben") for r in back)
    assert np.array_equal(back[-1].replay().final.board(), games[len(back) - 1].board())


@pytest.mark.parametrize("name", [n for n in registry.names()
                                  if formats.capabilities(n).write and not formats.capabilities(n).binary])
def test_a_text_file_that_starts_with_a_byte_order_mark_reads_the_same(tmp_path, name):
    # Windows editors save UTF-8 with a BOM; RFC 8259 section 8.1 lets readers ignore it.
    game = pr.players.play_game("8x8", [pr.players.RandomPlayer(seed=4), pr.players.RandomPlayer(seed=5)])
    path = tmp_path / f"game{registry.by_name(name).extensions[0]}"
    with losing_the_players(name):
        formats.write(path, [record_of(game, players=("Ann", "Ben"))])
    plain = formats.read(path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    if formats.capabilities(name).moves:
        assert [list(r.replay().moves) for r in formats.read(path)] == [list(r.replay().moves) for r in plain] == [game.moves()]
    else:
        assert formats.read(path) == plain
    path.write_bytes(b"\xef\xbb\xbf" + b"\xff" + path.read_bytes()[3:])
    latin1 = formats.capabilities(name).fallback_encoding is not None  # GGF: then read as Latin-1
    with pytest.raises(RecordError, match=r"unexpected 'ÿ\(;" if latin1 else r"not UTF-8 text \(byte 3\)"):
        formats.read(path)  # the offset counts the BOM's bytes


@pytest.mark.parametrize("path", [None, 3, ["a.json"]])
def test_a_path_that_is_not_a_file_name_is_a_type_error(path):
    # None got standard input's message ("-: ... has no extension") before.
    with pytest.raises(TypeError, match="path: expected a file name or '-'"):
        formats.read(path)
    with pytest.raises(TypeError, match="path: expected a file name or '-'"):
        formats.write(path, [])
