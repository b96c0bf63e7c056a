"""No half-written files: every writer writes a temporary file beside the target and
renames it into place, so an interrupted write leaves the old file as it was and no
temporary file behind; reading (even a bad file) never changes it.

Interruptions are simulated by replacing the one function that writes the bytes
(:func:`polyreversi._files._write_all`) with one that writes half of them and then
raises, as a Ctrl-C or a full disk would in the middle of a write.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi import _files, formats, svg
from polyreversi.cli import main
from polyreversi.errors import RecordError
from polyreversi.formats import ggf, json_record, transcript
from polyreversi.players import RandomPlayer, play_game

OLD = b"the old file, which must survive\n"
# The transcripts written here drop the players' names, with a RecordWarning that
# tests/test_cli.py checks; these tests check the writing only.
pytestmark = pytest.mark.filterwarnings("ignore:.*a transcript cannot hold players:polyreversi.errors.RecordWarning")


def _game(text="8x8", seed=1):
    v = pr.Variant.parse(text)
    return play_game(v, [RandomPlayer(seed=seed + i) for i in range(v.players)])


RECORDS = [_game().record(players=["Ann", "Bob"]), _game(seed=2).record()]


def half_then(error):
    """A stand-in for _files._write_all: writes half the bytes, then raises ``error``."""

    def write(fd, payload):
        try:
            os.write(fd, payload[: len(payload) // 2])
        finally:
            os.close(fd)
        raise error

    return write


# Every writer, as (name, file name, call writing to a path).
WRITERS = [
    ("formats.write json", "game.json", lambda p: formats.write(p, RECORDS[:1])),
    ("formats.write jsonl", "games.jsonl", lambda p: formats.write(p, RECORDS)),
    ("formats.write ggf", "games.ggf", lambda p: formats.write(p, RECORDS)),
    ("formats.write transcript", "games.txt", lambda p: formats.write(p, RECORDS)),
    ("json_record.write", "one.json", lambda p: json_record.write(p, RECORDS[0])),
    ("json_record.write_lines", "many.jsonl", lambda p: json_record.write_lines(p, RECORDS)),
    ("ggf.write", "many.ggf", lambda p: ggf.write(p, RECORDS)),
    ("transcript.write", "many.txt", lambda p: transcript.write(p, RECORDS)),
    ("svg.png", "board.png", lambda p: svg.png(RECORDS[0].replay().final, p, size=64)),
    ("svg.gif", "game.gif", lambda p: svg.gif(pr.Variant("6x6").start(), p, size=32)),
    ("svg.animate svg", "game.svg", lambda p: svg.animate(RECORDS[0], p)),
    ("svg.animate gif", "anim.gif", lambda p: svg.animate(pr.Variant("6x6").start(), p, size=32)),
]


def _cli(args, folder):
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    finally:
        os.chdir(cwd)


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "source.jsonl"
    formats.write(path, RECORDS)
    return path


# The command line's writers: (name, file name, arguments; {out} is the target, which
# exists: --force replaces it, test_cli_files.py checks the refusal without it).
CLI_WRITERS = [
    ("play --out", "played.json", ["play", "8x8", "--quiet", "--seed", "3", "--out", "{out}", "--force"]),
    ("selfplay --out", "self.jsonl", ["selfplay", "6x6", "-n", "3", "--seed", "3", "--no-progress", "--out", "{out}",
                                      "--force"]),
    ("convert", "converted.ggf", ["convert", "{source}", "{out}", "--force"]),
    ("show --svg", "shown.svg", ["show", "{source}", "--svg", "{out}", "--force"]),
    ("show --png", "shown.png", ["show", "{source}", "--png", "{out}", "--size", "32", "--force"]),
    ("show --animate", "shown.gif", ["show", "{source}", "--animate", "{out}", "--size", "32", "--force"]),
]


def _leftovers(folder: Path, *keep: Path) -> list:
    return sorted(p.name for p in folder.iterdir() if p not in keep)


@pytest.mark.parametrize("name, filename, write", WRITERS, ids=[w[0] for w in WRITERS])
@pytest.mark.parametrize("interruption", ["KeyboardInterrupt", "disk full"])
def test_an_interrupted_write_keeps_the_old_file(tmp_path, monkeypatch, name, filename, write, interruption):
    target = tmp_path / filename
    target.write_bytes(OLD)
    error = KeyboardInterrupt() if interruption == "KeyboardInterrupt" else OSError(errno.ENOSPC, "No space left")
    monkeypatch.setattr(_files, "_write_all", half_then(error))
    # Ctrl-C goes through as it is; a full disk is an OSError or a RecordError naming the file
    with pytest.raises(KeyboardInterrupt if interruption == "KeyboardInterrupt" else (OSError, RecordError)) as info:
        write(target)
    if isinstance(info.value, RecordError):
        assert "No space left" in str(info.value) and filename in str(info.value)
    elif isinstance(info.value, OSError):
        assert info.value.errno == errno.ENOSPC
    assert target.read_bytes() == OLD
    assert _leftovers(tmp_path, target) == [], "a temporary file was left behind"


@pytest.mark.parametrize("name, filename, write", WRITERS, ids=[w[0] for w in WRITERS])
def test_a_write_replaces_the_file_whole_and_keeps_its_permissions(tmp_path, name, filename, write):
    target = tmp_path / filename
    target.write_bytes(OLD)
    target.chmod(0o640)
    write(target)
    data = target.read_bytes()
    assert data != OLD and len(data) > 20
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _leftovers(tmp_path, target) == []
    if filename.endswith((".json", ".jsonl", ".ggf", ".txt")):
        assert formats.read(target)  # what was written reads back


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    target = tmp_path / "new.json"
    formats.write(target, RECORDS[:1])
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


def test_a_failure_at_the_rename_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "games.jsonl"
    target.write_bytes(OLD)

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(_files.os, "replace", refuse)
    with pytest.raises(RecordError, match="Permission denied"):
        formats.write(target, RECORDS)
    assert target.read_bytes() == OLD and _leftovers(tmp_path, target) == []


def test_an_error_while_serialising_writes_nothing(tmp_path, monkeypatch):
    target = tmp_path / "games.jsonl"
    target.write_bytes(OLD)
    calls = []

    def dump_then_fail(record):
        calls.append(record)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return "{}"

    monkeypatch.setattr(json_record, "dumps_line", dump_then_fail)
    with pytest.raises(KeyboardInterrupt):
        formats.write(target, RECORDS)
    assert target.read_bytes() == OLD and _leftovers(tmp_path, target) == []


def test_a_record_that_cannot_be_written_leaves_the_file(tmp_path):
    four = _game("octagon/4p").record()
    not_json = RECORDS[0].replace(meta={"score": float("nan")})  # JSON has no NaN (RFC 8259 section 6)
    cases = [("games.ggf", [RECORDS[0], four], "game 2"), ("games.txt", [RECORDS[0], four], "game 2"),
             ("games.jsonl", [RECORDS[0], not_json], "game 2: meta: cannot be written as JSON")]
    for filename, records, message in cases:
        target = tmp_path / filename
        target.write_bytes(OLD)
        with pytest.raises(RecordError, match=message):
            formats.write(target, records)
        assert target.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(c[0] for c in cases)


def test_writing_into_a_missing_folder_is_a_clean_error(tmp_path):
    with pytest.raises(RecordError, match="cannot write"):
        formats.write(tmp_path / "no" / "such" / "games.jsonl", RECORDS)
    with pytest.raises(OSError):
        svg.png(pr.Variant().start(), tmp_path / "no" / "board.png", size=16)
    assert list(tmp_path.iterdir()) == []


# selfplay writes each game as it ends and keeps the finished ones when stopped (a full
# disk, Ctrl-C): test_cli_files.py checks that what it keeps is a valid file.
@pytest.mark.parametrize("name, filename, args", [w for w in CLI_WRITERS if w[0] != "selfplay --out"],
                         ids=[w[0] for w in CLI_WRITERS if w[0] != "selfplay --out"])
def test_an_interrupted_command_keeps_the_old_file(tmp_path, monkeypatch, game_file, name, filename, args):
    target = tmp_path / filename
    target.write_bytes(OLD)
    monkeypatch.setattr(_files, "_write_all", half_then(OSError(errno.ENOSPC, "No space left on device")))
    result = _cli([a.format(out=target.name, source=game_file.name) for a in args], tmp_path)
    assert result.exit_code != 0
    assert "No space left" in result.output
    assert target.read_bytes() == OLD
    assert _leftovers(tmp_path, target, game_file) == []


@pytest.mark.parametrize("name, filename, args", CLI_WRITERS, ids=[w[0] for w in CLI_WRITERS])
def test_a_command_replaces_its_output_whole(tmp_path, game_file, name, filename, args):
    target = tmp_path / filename
    target.write_bytes(OLD)
    result = _cli([a.format(out=target.name, source=game_file.name) for a in args], tmp_path)
    assert result.exit_code == 0, result.output
    assert target.read_bytes() != OLD
    assert _leftovers(tmp_path, target, game_file) == []


# -- reading never changes the input -----------------------------------------------------

BAD_FILES = {
    "bad.json": b'{"format": "polyreversi-record", "version": 1, "moves": ["z9"]}',
    "bad.jsonl": b'{"format": "polyreversi-record"}\n[1, 2\n',
    "bad.ggf": b"(;GM[Othello]TY[8]B[z9];)\n(;GM[Othello",
    "bad.txt": b"f5 d6 zz\n# variant: hex\n",
    "bad.wtb": b"\x14\x18\x05\x01" + b"\x02\x00\x00\x00" + bytes(8) + bytes(68),
}


@pytest.mark.parametrize("filename", sorted(BAD_FILES))
def test_reading_a_bad_file_does_not_change_it(tmp_path, filename):
    path = tmp_path / filename
    path.write_bytes(BAD_FILES[filename])
    os.utime(path, (1_000_000_000, 1_000_000_000))
    before = path.stat()
    with pytest.raises(RecordError):
        formats.read(path)
    try:  # a file-level error raises here; errors of single games come in the entries
        entries = list(formats.iter_games(path))
    except RecordError:
        entries = None
    if entries is not None:  # read() refused the file, so some game of it has its error
        assert all(e.error is None or isinstance(e.error, RecordError) for e in entries)
        assert any(e.error is not None for e in entries)
    result = _cli(["replay", filename], tmp_path)
    assert result.exit_code != 0
    after = path.stat()
    assert path.read_bytes() == BAD_FILES[filename]
    assert (after.st_mtime_ns, after.st_size, after.st_mode) == (before.st_mtime_ns, before.st_size, before.st_mode)
    assert _leftovers(tmp_path, path) == []


def test_converting_a_bad_file_onto_itself_leaves_it(tmp_path):
    path = tmp_path / "games.jsonl"
    formats.write(path, RECORDS)
    good = path.read_bytes()
    bad = good + b'{"format": "polyreversi-record", "version": 1}\n'
    path.write_bytes(bad)
    result = _cli(["convert", "games.jsonl", "games.jsonl", "--force"], tmp_path)
    assert result.exit_code != 0 and "game 3" in result.output
    assert path.read_bytes() == bad and _leftovers(tmp_path, path) == []


def test_a_symlink_is_written_through_and_a_device_is_written_to(tmp_path):
    import os

    from polyreversi._files import replace_file

    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    replace_file(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    if os.path.exists("/dev/full"):
        with pytest.raises(OSError):
            replace_file("/dev/full", "x")  # written to, so the full device says no
        assert not os.path.isfile("/dev/full")
