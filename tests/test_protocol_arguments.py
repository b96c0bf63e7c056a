"""The engine servers' reading of command arguments: a GTP argument that cannot be read
is the GTP 2 specification's failure, ``? syntax error`` (then what was wrong), and
changes nothing; NBoard refuses extra words and numbers that are not ASCII decimal
notation with ``status error``, naming the command and the argument."""
from __future__ import annotations

import io

import pytest

from polyreversi.engine.serve_gtp import GtpServer
from polyreversi.engine.serve_nboard import NBoardServer


def _gtp(text: str) -> list[str]:
    out = io.StringIO()
    GtpServer(io.StringIO(text), out).serve()
    return [r for r in out.getvalue().split("\n\n") if r]


@pytest.mark.parametrize("command, detail", [
    ("komi abc", "komi: NEW_KOMI: expected a number, got 'abc'"),
    ("komi", "komi: missing argument NEW_KOMI"),
    ("komi 6.5 7", "komi: expected one argument NEW_KOMI, got '6.5 7'"),
    ("komi nan", "komi: NEW_KOMI: expected a finite number, got 'nan'"),
    ("komi 1e400", "komi: NEW_KOMI: '1e400' is too large for a float (at most 1.798e+308)"),  # was "expected a finite number"
    ("komi \u0661", "komi: NEW_KOMI: expected a number, got '\u0661'"),  # an Arabic-Indic 1: float() reads it
    ("komi 1_0", "komi: NEW_KOMI: expected a number, got '1_0'"),  # float() reads it as 10
    ("boardsize x", "boardsize: N: expected a whole number, got 'x'"),
    ("boardsize 8 8", "boardsize: expected one argument N, got '8 8'"),
    ("play b zz", "'zz' is not a move"),
    ("play b k1", "'k1' is not a square of 8x8"),
    ("play b", "expected play COLOR MOVE, got 'play b'"),
    ("play purple d3", "invalid color 'purple'"),
    ("genmove", "expected genmove COLOR, got 'genmove'"),
    ("genmove b w", "expected genmove COLOR, got 'genmove b w'"),
    ("genmove x", "invalid color 'x'"),
    ("reg_genmove", "expected reg_genmove COLOR, got 'reg_genmove'"),
    ("time_settings 10 0 x", "time_settings: STONES: expected a whole number, got 'x'"),
    ("time_settings 10 0 1 2", "time_settings: expected one argument STONES, got '1 2'"),
    ("time_settings 1\u0660 0 0", "time_settings: MAIN: expected seconds as a number, got '1\u0660'"),
    ("time_left black 5 0 1", "time_left: expected one argument STONES, got '0 1'"),
    ("time_left purple 5 0", "invalid color 'purple'"),
    ("polyreversi-analyse 1 2", "polyreversi-analyse: expected one argument N, got '1 2'"),
])
def test_gtp_arguments_that_cannot_be_read_are_a_syntax_error(command: str, detail: str) -> None:
    replies = _gtp(f"komi 6.5\n{command}\nshowboard\n")
    assert replies[0] == "="  # a komi that is a float is taken (and unused: Othello has none)
    assert replies[1] == f"? syntax error: {detail}"
    assert replies[2].endswith("black to move; black 2, white 2")  # nothing changed


def test_gtp_komi_takes_any_float_however_ridiculous() -> None:
    assert _gtp("komi -1000.25\nkomi 0\nkomi +7\nkomi 1e3\n") == ["="] * 4


def test_gtp_other_failures_keep_their_standard_words() -> None:
    replies = _gtp("boardsize 7\nplay b a1\n")
    assert replies[0].startswith("? unacceptable size 7") and replies[1].startswith("? illegal move")


def _nboard(text: str) -> list[str]:
    out = io.StringIO()
    NBoardServer(io.StringIO(text), out).serve()
    return out.getvalue().splitlines()


@pytest.mark.parametrize("command, message", [
    ("nboard 2 3", "nboard: expected one argument VERSION, got '2 3'"),
    ("ping 1 2", "ping: expected one argument N, got '1 2'"),
    ("hint 2 3", "hint: expected one argument N, got '2 3'"),
    ("set contempt 1 2", "set contempt: expected one argument N, got '1 2'"),
    ("set contempt 1_0", "set contempt: N: expected a number, got '1_0'"),
    ("set contempt \u0661\u0662", "set contempt: N: expected a number, got '\u0661\u0662'"),
    ("set polyreversi-clock 5 6", "set polyreversi-clock: expected one argument SECONDS, got '5 6'"),
    ("set polyreversi-clock \u0665", "set polyreversi-clock: SECONDS: expected seconds as a number, got '\u0665'"),
    ("set", "set: missing argument NAME (depth, game, contempt, ...)"),
])
def test_nboard_refuses_extra_words_and_numbers_that_are_not_ascii(command: str, message: str) -> None:
    lines = _nboard(f"nboard 2\n{command}\nping 9\n")
    assert lines[1:] == [f"status error: {message}", "pong 9"]


def test_a_ggf_time_too_long_to_be_finite_is_refused() -> None:
    # float() reads 400 digits as infinity: NBoard's `move f5//999...` set that player's clock to 0
    from polyreversi.errors import RecordError
    from polyreversi.formats.ggf import time_seconds

    assert time_seconds("1:00:00") == 3600.0
    with pytest.raises(RecordError, match=r"has too many digits for a float \(at most 1.798e\+308\)"):
        time_seconds("9" * 400)
    with pytest.raises(RecordError, match="more seconds than a float holds"):
        time_seconds("9" * 308 + ":00")  # 1e308 is finite, times 60 past the largest float
