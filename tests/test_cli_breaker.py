"""What a breaker pass over the command line found: numbers written in other scripts'
digits, with spaces or underscores (which Python's int() and float() read) are usage
errors in click's own words, as the protocols refuse them; a player spec's numbers
likewise; an address Ray cannot read is a usage error naming --ray, not a traceback."""
from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from polyreversi.cli import main


def _error_line(args: list[str]) -> str:
    """The one ``Error:`` line of a refused command, exit status 2 and no traceback."""
    result: Result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize("args, param, text", [
    (["perft", "8x8", "\uff13"], "'DEPTH'", "\uff13"),  # a fullwidth 3
    (["perft", "8x8", " 3"], "'DEPTH'", " 3"),
    (["perft", "8x8", "1_0"], "'DEPTH'", "1_0"),
    (["perft", "8x8", ""], "'DEPTH'", ""),
    (["play", "--seed", "\u0663", "--quiet"], "'--seed'", "\u0663"),  # an Arabic-Indic 3
    (["solve", "x.obf", "--first", "\u0663"], "'--first'", "\u0663"),
    (["show", "x.jsonl", "--ply", "\uff11"], "'--ply' / '-p'", "\uff11"),
    (["match", "random", "greedy", "--plies", "\uff13"], "'--plies'", "\uff13"),
])
def test_an_integer_option_is_ascii_digits(args: list[str], param: str, text: str) -> None:
    assert _error_line(args) == f"Error: Invalid value for {param}: {text!r} is not a valid integer."


@pytest.mark.parametrize("text", ["\uff11", " 1", "1_0"])
def test_a_float_option_is_ascii_decimal_notation(text: str) -> None:
    assert _error_line(["bench", "8x8", "--seconds", text]) == (
        f"Error: Invalid value for '--seconds': {text!r} is not a valid float.")


def test_an_integer_option_keeps_its_sign_and_range() -> None:
    assert _error_line(["bench", "8x8", "--depth", "+0"]) == (
        "Error: Invalid value for '--depth': 0 is not in the range 1<=x<=250.")


COUNT = "an integer in digits 0-9 without a sign or a leading zero"


@pytest.mark.parametrize("spec, option, kind, text", [
    ("mcts:\uff12", "playouts", COUNT, "\uff12"),
    ("mcts:1_0", "playouts", COUNT, "1_0"),
    ("search:\u0662", "depth", COUNT, "\u0662"),
    ("search:+6", "depth", COUNT, "+6"),
    ("mcts:0300", "playouts", COUNT, "0300"),
    ("mcts:time=\uff10.5", "time", "a number", "\uff10.5"),
])
def test_a_player_specs_numbers_are_ascii(spec: str, option: str, kind: str, text: str) -> None:
    assert _error_line(["play", "--black", spec, "--quiet"]) == (
        f"Error: Invalid value for '--black': player {spec!r}: {option} must be {kind}, got {text!r}")


@pytest.mark.parametrize("address", ["nope", ""])
def test_an_address_ray_cannot_read_names_ray(address: str) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'polyreversi[ray]')")
    line = _error_line(["selfplay", "-n", "1", "--no-progress", "--ray", address])
    assert line.startswith("Error: Invalid value for --ray: ") and "address" in line.lower()


@pytest.mark.parametrize("args, param", [
    (["match", "greedy", "random", "-n", "2", "--time", "100000"], "'--time'"),
    (["match", "greedy", "random", "-n", "2", "--clock", "86401"], "'--clock'"),
    (["match", "greedy", "random", "-n", "2", "--increment", "90000"], "'--increment'"),
])
def test_match_seconds_above_a_limits_maximum_are_usage_errors(args: list[str], param: str) -> None:
    # a newcomer's try: these reached the referee and ended in a ValueError traceback at the first game
    from polyreversi.limit import MAX_TIME

    line = _error_line(args)
    assert line.startswith(f"Error: Invalid value for {param}:") and f"<={MAX_TIME:g}" in line


def test_a_margin_without_a_per_move_time_is_a_usage_error() -> None:
    # it was ignored silently: the margin only bounds a move under --time
    assert _error_line(["match", "greedy", "random", "-n", "2", "--margin", "0.5"]) == (
        "Error: --margin is what a move may take past its most under --time: give --time too")
    assert _error_line(["match", "greedy", "random", "-n", "2", "--clock", "5", "--margin", "0"]).startswith(
        "Error: --margin")


def test_a_search_seats_time_above_the_maximum_is_refused_with_the_spec() -> None:
    line = _error_line(["play", "--quiet", "--players", "search:time=100000,random"])
    assert "search:time=100000" in line and "at most 86400" in line


@pytest.mark.parametrize("text", ["9" * 5000, " 3", "03x", "5"])
def test_blocked_is_a_count_of_one_to_four_or_random(text: str) -> None:
    # 5000 digits: int() of the text raised Python's own digit-limit ValueError (a traceback)
    line = _error_line(["play", "--quiet", "--blocked", text])
    assert line.startswith("Error: Invalid value for '--blocked':") and "expected a count from 1 to 4" in line
