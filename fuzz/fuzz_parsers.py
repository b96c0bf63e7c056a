"""Coverage-guided fuzzing of every parser with atheris (libFuzzer for Python).

Each input is one byte that picks the parser, then the data: JSON records, JSON
Lines, GGF, transcripts (text and files), WTHOR files, names files and single
records, variant strings, square names. Text parsers get the bytes decoded as
UTF-8 with ``surrogateescape``, so invalid bytes arrive as lone surrogates.

A parser may return a result or raise its documented exception (docs/errors.md);
anything else, and any result that does not survive a write and a read back, is
a finding: atheris stops and writes the input to ``crash-<sha1>``.

    pip install atheris                      # binary wheels for CPython 3.9-3.13 on Linux x86-64
    python fuzz/fuzz_parsers.py -atheris_runs=100000          # a fixed number of inputs
    mkdir -p fuzz/corpus/parsers && python fuzz/fuzz_parsers.py -max_total_time=300 fuzz/corpus/parsers fuzz/seeds/parsers
    python fuzz/fuzz_parsers.py crash-1234abcd                # replay one input

The first folder (fuzz/corpus/parsers, git-ignored) is where libFuzzer keeps its
interesting inputs (give it first; the seed folder after it is only read). Coverage is that of the Python code (the
polyreversi modules are instrumented on import); the C++ core runs uninstrumented
here, and under ASan/UBSan in scripts/sanitize.sh.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import atheris

import polyreversi as pr
from polyreversi import formats
from polyreversi.errors import InvalidSquareError, RecordError, VariantError
from polyreversi.formats import ggf, json_record, transcript, wthor
from polyreversi.replay import Replay

# instrument_imports() does not see modules an editable install loads through its
# own finder, so the package's functions are instrumented once they are loaded.
from _instrument import instrument_package

instrument_package()

TARGETS = ["json", "jsonl", "ggf", "transcript", "transcript-file", "wthor", "wthor-record", "wthor-names",
           "variant", "square", "json-unvalidated"]
SIZES = {0: 6, 1: 8, 2: 10}
_FOLDER = tempfile.mkdtemp(prefix="polyreversi-fuzz-")


def _file(name: str, data: bytes) -> Path:
    path = Path(_FOLDER) / name
    path.write_bytes(data)
    return path


def _round_trip_json(record) -> None:
    try:
        text = json_record.dumps(record)
    except RecordError:
        return
    again = json_record.loads(text)
    assert again.variant == record.variant and again.moves == Replay(record).moves, "JSON round trip changed the game"


def _replays(records) -> None:
    for record in records:
        try:
            Replay(record).check()
        except RecordError:
            continue
        _round_trip_json(record)


def _read_file(path: Path, data: bytes, fmt: str, **options) -> None:
    try:
        entries = list(formats.iter_games(path, fmt, **options))
    except RecordError:
        entries = []
    for entry in entries:
        assert (entry.record is None) != (entry.error is None)
        if entry.error is not None:
            assert isinstance(entry.error, RecordError), type(entry.error)
    _replays([e.record for e in entries if e.record is not None])
    assert path.read_bytes() == data, "reading changed the file"


def test_one_input(data: bytes) -> None:
    if not data:
        return
    target = TARGETS[data[0] % len(TARGETS)]
    body = data[1:]
    text = body.decode("utf-8", errors="surrogateescape")
    try:
        if target == "json":
            _round_trip_json(json_record.loads(text))
        elif target == "json-unvalidated":
            _replays([json_record.loads(text, validate=False)])
        elif target == "jsonl":
            _read_file(_file("in.jsonl", body), body, "jsonl")
        elif target == "ggf":
            records = ggf.loads(text)
            _replays(records)
            for record in records:
                try:
                    moves = Replay(record).moves
                    out = ggf.dumps(record)
                except RecordError:
                    continue
                assert Replay(ggf.parse_game(out)).moves == moves, "GGF round trip changed the game"
        elif target == "transcript":
            variant = ["8x8", "6x6", "10x10/anti", "8x8/free", "octagon"][body[:1][0] % 5 if body else 0]
            record = transcript.parse(text[1:], variant)
            try:
                moves = Replay(record).moves
            except RecordError:
                return
            assert Replay(transcript.parse(transcript.dumps(record), variant)).moves == moves
        elif target == "transcript-file":
            _read_file(_file("in.txt", body), body, "transcript")
        elif target == "wthor":
            _read_file(_file("in.wtb", body), body, "wthor")
        elif target == "wthor-record":
            try:
                wthor.read_header(body)
            except RecordError:
                pass
            game = wthor.decode_game(body[:68])
            assert all(0 <= m < 64 for m in game.moves)
        elif target == "wthor-names":
            names = _file("names.JOU", body)
            try:
                wthor.read_players(names)
            except RecordError:
                pass
            assert names.read_bytes() == body
        elif target == "variant":
            v = pr.Variant.parse(text)
            assert pr.Variant.parse(str(v)) == v
            v.start().legal_moves()
        elif target == "square":
            n = SIZES[body[0] % 3] if body else 8
            v = pr.Variant(f"{n}x{n}")
            index = v.square(text[1:])
            assert v.square(v.square_name(index)) == index
    except (RecordError, VariantError, InvalidSquareError):
        pass


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
