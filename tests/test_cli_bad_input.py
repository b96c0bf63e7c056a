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
