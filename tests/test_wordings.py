"""One wording per rule, from its one owner: perft_divide's depth bound (the core's
check, worded by the facade as every argument's), NBoard's ping number (ASCII digits, as GTP's ids),
match's order of usage errors and its --out streams, and a wrong type of a name."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi.cli import main
from polyreversi.engine.serve_nboard import NBoardServer

WHY = "(no game is longer: 60 empty squares at the variant's start, each move fills one and at most a pass comes before each)"


@pytest.mark.parametrize("depth", [-1, 0, 121, 2**70])
def test_perft_divide_words_its_bound_once_naming_the_argument(depth: int) -> None:
    # the facade said the core's "perft_divide: depth must be ..." where every other check says "depth: ..."
    message = f"depth: must be 1 to 120, got {depth} {WHY}"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        pr.perft_divide(pr.Variant().start(), depth)
    if depth != 0:  # perft's own bound starts at 0
        with pytest.raises(ValueError, match=f"^{re.escape(message.replace(' 1 to', ' 0 to'))}$"):
            pr.perft(pr.Variant().start(), depth)


def test_perft_names_a_depth_that_is_not_an_int_in_the_facades_wording() -> None:
    # was "perft_divide: depth must be an int" (the function's name where the others name the argument)
    for call in (pr.perft, pr.perft_divide, pr._core.perft):
        with pytest.raises(TypeError, match="^depth: expected an int, got '?(3|str)'?$"):
            call(pr.Variant().start(), "3")  # type: ignore[operator]


def _nboard(text: str) -> list[str]:
    import io

    out = io.StringIO()
    NBoardServer(io.StringIO(text), out).serve()
    return out.getvalue().splitlines()


@pytest.mark.parametrize("number", ["²", "٣", "1²", "x"])
def test_nboard_ping_refuses_what_is_not_ascii_digits(number: str) -> None:
    lines = _nboard(f"nboard 2\nping {number}\nping 7\n")
    assert lines[1:] == [f"status error: ping: N: expected a whole number, got {number!r}", "pong 7"]


def test_nboard_numbers_are_ascii_digits_as_gtp_ids() -> None:
    lines = _nboard("nboard 2\nset depth ٣\nping\n")
    assert lines[1:] == ["status error: set depth: DEPTH: expected a whole number, got '٣'", "pong"]


def test_match_names_its_players_problem_before_an_option_out_of_range() -> None:
    result = CliRunner().invoke(main, ["match", "random", "random", "--plies", "-1"])
    assert result.exit_code == 2 and result.output.splitlines()[-1] == (
        "Error: give each PLAYER once (the tally is by PLAYER; add an option to tell two apart)")
    result = CliRunner().invoke(main, ["match", "random", "greedy", "--plies", "-1"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: Invalid value for '--plies': -1 is not in the range 0<=x<=200."


@pytest.mark.parametrize("out, why", [
    ("-", "standard output cannot be resumed from"),
    ("/dev/stdout", "standard output cannot be resumed from"),  # as '-': the rule of writes_stdout
    ("/dev/null", "/dev/null: not a regular file"),
])
def test_match_out_refuses_streams_saying_why(out: str, why: str) -> None:
    result = CliRunner().invoke(main, ["match", "random", "greedy", "--out", out])
    assert result.exit_code == 2 and result.output.splitlines()[-1].startswith(f"Error: Invalid value for --out: {why}")


@pytest.mark.parametrize("algorithm, error", [(1, TypeError), (None, TypeError), ("alphabeta", ValueError)])
def test_multi_search_algorithm_wrong_type_is_a_type_error(algorithm: object, error: type) -> None:
    with pytest.raises(error, match="^algorithm: "):
        pr.multi_search(pr.Variant(players=3).start(), pr.Limit(depth=1), algorithm=algorithm)  # type: ignore[arg-type]
    with pytest.raises(error, match="^algorithm: "):
        pr.MultiPlayer(depth=1, algorithm=algorithm)  # type: ignore[arg-type]
