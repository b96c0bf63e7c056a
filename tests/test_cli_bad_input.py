"""Bad input to the command line: each case gets one ``Error:`` line that says what is
wrong and names the option or file, never a traceback (docs/cli.md)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from polyreversi.cli import main


def cli(args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def error_line(result) -> str:
    """The one ``Error:`` line of a refused command (asserting there is exactly one)."""
    assert result.exit_code in (1, 2), result.output
    assert isinstance(result.exception, SystemExit), result.exception  # click's exit, no other exception
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


# -- blocked squares drawn per game, and a format that cannot hold blocked squares -----------

@pytest.mark.parametrize("args, option", [
    (["selfplay", "8x8/blocked=random"], "blocked=random in the variant"),
    (["selfplay", "8x8/blocked=random2"], "blocked=random2 in the variant"),
    (["selfplay", "8x8", "--blocked", "random"], "--blocked random"),
    (["play", "8x8", "--blocked", "3"], "--blocked 3"),
])
@pytest.mark.parametrize("out, title", [("x.wtb", "WTHOR"), ("x.ggf", "GGF")])
def test_a_draw_of_blocked_squares_is_refused_by_a_format_without_them(folder, args, option, out, title):
    line = error_line(cli(args + ["--out", out]))
    # The reason is the format and the option that draws, not a square nobody chose.
    assert line.endswith(f"{out}: {title} cannot hold blocked squares, and {option} draws them for every game"), line
    assert list(folder.iterdir()) == []


def test_listed_blocked_squares_are_named_as_the_reason(folder):
    line = error_line(cli(["selfplay", "8x8/blocked=a1", "--out", "x.wtb"]))
    assert "WTHOR cannot hold blocked squares (8x8/blocked=a1)" in line


def test_a_draw_of_blocked_squares_is_written_where_the_format_holds_them(folder):
    result = cli(["selfplay", "8x8/blocked=random", "-n", "2", "--seed", "1", "--no-progress", "--out", "x.jsonl"])
    assert result.exit_code == 0, result.output
    assert len((folder / "x.jsonl").read_text().splitlines()) == 2


# -- match --out: a file the match appends to and reads back --------------------------------

@pytest.mark.parametrize("out, why", [
    ("x.txt", "x.txt: a match appends each game as it ends to JSON Lines or GGF (.jsonl, .ggf), not transcript"),
    ("x.wtb", "x.wtb: a match appends each game as it ends to JSON Lines or GGF (.jsonl, .ggf), not WTHOR"),
    ("x", "x: cannot tell the format from the extension '(none)'"),
    ("-", "standard output cannot be resumed from"),
    ("adir", "adir: is a folder"),
    ("no/such/x.jsonl", "the folder"),
])
def test_match_out_is_checked_before_the_first_game(folder, out, why):
    # Accepted before: .txt and .wtb got JSON Lines, '-' became a file named '-'; a missing folder
    # was a bare OSError after the openings were read.
    (folder / "adir").mkdir()
    line = error_line(cli(["match", "greedy", "random", "-n", "1", "--no-progress", "--out", out]))
    assert line.startswith("Error: Invalid value for --out: ") and why in line, line
    assert sorted(p.name for p in folder.iterdir()) == ["adir"]  # nothing written


def test_match_out_that_is_not_utf8_is_named_not_a_traceback(folder):
    (folder / "bin.jsonl").write_bytes(b"garbage\x00\xff\n")
    line = error_line(cli(["match", "greedy", "random", "-n", "1", "--no-progress", "--out", "bin.jsonl"]))
    assert line == "Error: bin.jsonl: not UTF-8 text (byte 8)"


def test_match_out_without_an_extension_takes_to(folder):
    result = cli(["match", "greedy", "random", "-n", "1", "--no-progress", "--out", "x", "--to", "ggf"])
    assert result.exit_code == 0, result.output
    assert (folder / "x").read_text().startswith("(;GM[Othello]")


# -- solve names a missing file and a folder as every file command does ----------------------

@pytest.mark.parametrize("name, why", [("nope.obf", "nope.obf: no such file"),
                                       ("no/such/x.obf", "no/such/x.obf: no such file"),
                                       ("adir", "adir: is a folder, not a game file")])
def test_solve_names_a_missing_file_or_a_folder_one_way(folder, name, why):
    (folder / "adir").mkdir()
    assert error_line(cli(["solve", name])) == f"Error: {why}"
    assert error_line(cli(["replay", name])) == f"Error: {why}"  # the same words


@pytest.mark.parametrize("name, content, kind", [
    ("games.wtb", b"\x14\x0f\x0b\x05\xc2\x07", "WTHOR"),  # binary: once 'not UTF-8 text (byte 4)'
    ("games.jsonl", b'{"format": "polyreversi-record"}\n', "JSON Lines"),
])
def test_solve_given_a_game_file_says_it_reads_obf_positions(folder, name, content, kind):
    (folder / name).write_bytes(content)
    assert error_line(cli(["solve", name])) == (
        f"Error: {name}: a {kind} game file, not positions; expected OBF positions (Edax OBF lines, "
        "or polyreversi's extension for other boards)")


def test_solve_of_a_bad_obf_or_txt_file_still_names_the_byte_or_the_line(folder):
    (folder / "bad.obf").write_bytes(b"\xff")
    assert error_line(cli(["solve", "bad.obf"])) == "Error: bad.obf: not UTF-8 text (byte 0)"
    (folder / "p.txt").write_text("f5d6\n")  # .txt holds transcripts and OBF lines alike
    assert error_line(cli(["solve", "p.txt"])).startswith("Error: p.txt:1: position: expected")


def test_a_unicode_digit_is_not_a_count(folder):
    # '²' passed str.isdigit and int('²') then raised: a traceback for play --blocked ².
    assert error_line(cli(["play", "--blocked", "²", "--quiet"])) == (
        "Error: Invalid value for '--blocked': '²': expected a count from 1 to 4, or 'random'")
