"""Transcripts: f5d6c3... with any separators, 10x10 squares, implicit and explicit passes."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import polyreversi as pr
from conftest import game_with_pass, random_position
from polyreversi.errors import RecordError
from polyreversi.formats import iter_games, transcript
from polyreversi.record import Record, StartPosition
from polyreversi.replay import Replay, ReplayError

OPENING = ["f5", "d6", "c3", "d3", "c4"]


def random_game(variant, seed):
    return random_position(variant, None, seed)


@pytest.mark.parametrize(
    "text",
    [
        "f5d6c3d3c4",
        "F5D6C3D3C4",
        "f5 d6 c3 d3 c4",
        "f5, d6, c3, d3, c4",
        "f5;d6;c3;d3;c4\n",
        "1. f5 d6 2. c3 d3 3. c4",
        "f5-d6-c3-d3-c4",
        "  F5d6 C3,d3.c4  ",
    ],
)
def test_separators_and_case(text):
    record = transcript.parse(text)
    assert record.move_names() == OPENING
    assert record.implicit_passes and record.variant == pr.Variant("8x8")


def test_ten_by_ten_squares_split_correctly():
    assert transcript.parse("f10j10a1j1a10", "10x10").move_names() == ["f10", "j10", "a1", "j1", "a10"]
    state = random_game("10x10", 3)
    text = transcript.dumps(Record.from_state(state))
    assert "10" in text
    assert Replay(transcript.parse(text, "10x10")).final == state


def test_explicit_pass_spellings():
    for spelling in ("pass", "PASS", "pa", "PA", "--"):
        record = transcript.parse(f"f5 {spelling} d6")
        assert record.moves[1] == 64


def test_implicit_pass_where_the_same_colour_plays_twice():
    state = game_with_pass("6x6")
    text = transcript.dumps(Record.from_state(state))
    assert "pass" not in text and len(text) == 2 * (len(state.moves()) - state.moves().count(state.PASS))
    replay = Replay(transcript.parse(text, "6x6"))
    assert list(replay.moves) == list(state.moves())
    assert replay.final == state
    explicit = transcript.dumps(Record.from_state(state), " ", passes="explicit")
    assert "pass" in explicit.split()
    assert Replay(transcript.parse(explicit, "6x6")).final == state


def test_an_explicit_pass_with_a_legal_move_is_an_error():
    with pytest.raises(ReplayError, match=r"illegal move pass at ply 1 \(White to move\): a player with a legal move may not pass"):
        Replay(transcript.parse("f5 pass d6"))


def test_trailing_pass_is_kept():
    state = game_with_pass("6x6")
    moves = state.moves()
    k = moves.index(state.PASS)
    prefix = Record("6x6", moves=moves[: k + 1])
    text = transcript.dumps(prefix)
    assert text.endswith("pass")
    final = Replay(transcript.parse(text, "6x6")).final
    assert final.ply == k + 1 and not final.must_pass()


@pytest.mark.parametrize(
    "text, message",
    [
        ("f5 d6 i9", "column 7: i9 is not a square of the 8x8 board"),
        ("f5 d6 k3", "column 7: k3 is not a square of the 8x8 board"),
        ("f5 d6 a10", "column 7: a10 is not a square"),
        ("f5 d6 !", "column 7: unexpected '!'"),
        ("f5 z", "column 4: unexpected 'z'"),
        ("f5d60", "column 5: unexpected '0'"),
    ],
)
def test_bad_transcripts_name_the_column(text, message):
    with pytest.raises(RecordError, match=message):
        transcript.parse(text)


def test_transcripts_are_for_two_players():
    with pytest.raises(RecordError, match="transcripts are for 2-player games"):
        transcript.parse("f5", "8x8/3p")
    state = random_game("8x8/4p", 1)
    with pytest.raises(RecordError, match="cannot write a 4-player game"):
        transcript.dumps(Record.from_state(state))


def test_custom_start_cannot_be_written():
    variant = pr.Variant()
    start = StartPosition.of(variant.start()).board
    record = Record(variant, moves=["f5"], start=StartPosition(start, pr.Color.BLACK, 3))
    with pytest.raises(RecordError, match="custom start position"):
        transcript.dumps(record)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcdefghijkpas0123456789 ,;.-!xX\n", max_size=60))
def test_fuzzed_transcripts_never_crash(text):
    try:
        record = transcript.parse(text, "10x10")
    except RecordError:
        return
    try:
        Replay(record)
    except RecordError:
        pass


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["6x6", "8x8", "10x10", "8x8/anti", "6x6/free", "8x8/handicap=2", "10x10/blocked=a1,j10"]),
       st.integers(0, 10**6))
def test_round_trip_random_games(variant, seed):
    state = random_game(variant, seed)
    text = transcript.dumps(Record.from_state(state))
    assert Replay(transcript.parse(text, variant)).final == state


# -- files -----------------------------------------------------------------------------

def test_file_with_variant_lines_and_comments(tmp_path):
    games = [random_game(v, 5) for v in ("8x8", "8x8", "10x10", "6x6/anti")]
    path = tmp_path / "games.txt"
    transcript.write(path, [Record.from_state(s) for s in games])
    text = path.read_text()
    assert text.count("# variant:") == 3 and "# variant: 10x10" in text
    records = transcript.read(path)
    assert [Replay(r).final for r in records] == games
    path.write_text("# a comment\n\nf5 d6 c3\n# variant: 6x6\nc2 b2\n", encoding="utf-8")
    entries = list(iter_games(path))
    assert [e.number for e in entries] == [1, 2]
    assert entries[0].record.move_names() == ["f5", "d6", "c3"]
    assert entries[1].record.variant == pr.Variant("6x6")


MIXED = ("8x8", "6x6", "8x8", "10x10/anti", "10x10/anti", "8x8")


def test_game_writer_writes_each_change_of_variant(tmp_path):
    """Written game by game (each game encoded alone), a game of the variant before the
    last change still gets its variant line: the third game (8x8 after 6x6) read as 6x6."""
    from polyreversi.formats.writer import GameWriter

    games = [random_game(v, k) for k, v in enumerate(MIXED)]
    path = tmp_path / "games.txt"
    with GameWriter(path) as out:
        for state in games:
            out.add(Record.from_state(state))
    text = path.read_text()
    assert text.count("# variant:") == 5 and text.startswith("# variant: 8x8\n")
    assert [Replay(r).final for r in transcript.read(path)] == games
    assert text == transcript.encode([Record.from_state(s) for s in games])  # as written at once


def test_files_written_one_after_another_are_one_file(tmp_path):
    """``appendable``: a 6x6 file then an 8x8 file, joined (``cat``), keep their variants."""
    six, eight = random_game("6x6", 1), random_game("8x8", 2)
    transcript.write(tmp_path / "a6.txt", [Record.from_state(six)])
    transcript.write(tmp_path / "b8.txt", [Record.from_state(eight)] * 2)
    joined = tmp_path / "ab.txt"
    joined.write_text((tmp_path / "a6.txt").read_text() + (tmp_path / "b8.txt").read_text())
    assert [Replay(r).final for r in transcript.read(joined)] == [six, eight, eight]


def test_game_writer_refuses_a_non_record_after_the_first_game(tmp_path):
    from polyreversi.formats.writer import GameWriter

    with GameWriter(tmp_path / "games.txt") as out:
        out.add(Record.from_state(random_game("8x8", 1)))
        with pytest.raises(TypeError, match="record"):
            out.add("f5d6")


def test_bad_line_is_reported_per_game(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text("f5 d6\nf5 i9\nc4 c3\n", encoding="utf-8")
    entries = list(iter_games(path))
    assert entries[0].error is None and entries[2].error is None
    assert "games.txt: line 2 (game 2): column 4: i9 is not a square" in str(entries[1].error)
    with pytest.raises(RecordError, match="line 2"):
        transcript.read(path)
    path.write_text("# variant: 9x9\nf5\n", encoding="utf-8")
    with pytest.raises(RecordError, match="line 1: board: unknown board '9x9'"):
        list(iter_games(path))


def test_variant_option(tmp_path):
    path = tmp_path / "ten.txt"
    path.write_text("j10 a1\n", encoding="utf-8")
    assert transcript.read(path, variant="10x10")[0].move_names() == ["j10", "a1"]
    assert "not a square of the 8x8 board" in str(next(iter_games(path)).error)
