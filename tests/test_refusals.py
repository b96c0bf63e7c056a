"""Bad input of every kind (None, floats, huge ints, text, Unicode, empty strings) is
refused where it is given, naming the argument, in the facade's one wording
(``NAME: expected ..., got ...``), its echo cut when huge by the one helper
(:func:`polyreversi.errors.quoted`): never an AttributeError from inside, an
"'int' object is not iterable", a pybind11 message or a 5000-digit message."""
from __future__ import annotations

import io
import re
from fractions import Fraction
from typing import Any, Callable, List

import numpy as np
import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi import formats
from polyreversi.cli import main
from polyreversi.engine.serve_gtp import GtpServer
from polyreversi.engine.serve_nboard import NBoardServer
from polyreversi.envs import EnvSpec
from polyreversi.envs.symmetry import symmetries
from polyreversi.errors import QUOTED_CHARS, quoted
from polyreversi.book import load_book
from polyreversi.formats import obf
from polyreversi.players import parse_player_spec

V = pr.Variant("8x8")
HUGE = 10**5000  # more digits than int() converts to text (4300)
HUGE_SHOWN = "1" + "0" * (QUOTED_CHARS - 1) + "... (5001 digits)"


class _NoRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


# -- the one helper that cuts an echoed value ---------------------------------------------
@pytest.mark.parametrize("value, shown", [
    (HUGE, HUGE_SHOWN), (-HUGE, "-" + HUGE_SHOWN), (10**39, repr(10**39)), (-(10**40), "-1" + "0" * 39 + "... (41 digits)"),
    ("x" * 50, "'" + "x" * QUOTED_CHARS + "...' (50 characters)"), ("", "''"), (None, "None"), (1.5, "1.5"),
    (True, "True"), (np.int64(7), repr(np.int64(7))), (pr.Color.BLACK, repr(pr.Color.BLACK)),
    ([1] * 100, "[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ... (300 characters)"),
    (_NoRepr(), "<a _NoRepr with no repr>"),
], ids=["huge", "-huge", "39 digits", "-41 digits", "text", "empty", "None", "float", "bool", "np.int64", "Color",
        "list", "no repr"])
def test_quoted_cuts_every_kind_of_value(value: Any, shown: str) -> None:
    assert quoted(value) == shown


@pytest.mark.parametrize("text", ["x" * 50, "\u00e9" * 50, "\u4e94" * 41, "\U0001f600" * 40, "\u00e9" * 39 + "x" * 5])
def test_the_core_cuts_a_quoted_text_where_the_facade_does(text: str) -> None:
    # The core's quoted() (a square name here) cuts at QUOTED_CHARS characters, as
    # errors.quoted does: not at as many bytes, which cut non-ASCII text short.
    with pytest.raises(pr.InvalidSquareError) as info:
        V.start().play(text)
    assert str(info.value).startswith(quoted(text) + " is not a square name")


@pytest.mark.parametrize("call", [
    lambda: pr.perft(V, HUGE), lambda: pr.perft_divide(V, -HUGE), lambda: pr.search(V.start(), depth=HUGE),
    lambda: V.start().play(HUGE), lambda: pr.Batch(V, 2).step([19, 19], threads=HUGE),
], ids=["perft", "perft_divide", "search", "play", "threads"])
def test_a_5000_digit_int_is_echoed_cut(call: Callable[[], Any]) -> None:
    # each raised int()'s own "Exceeds the limit (4300 digits) for integer string conversion"
    with pytest.raises(ValueError) as info:
        call()
    assert "1" + "0" * (QUOTED_CHARS - 1) + "... (5001 digits)" in str(info.value)
    assert len(str(info.value)) < 400


def test_a_huge_command_line_number_is_echoed_cut() -> None:
    # click echoed all 5000 digits (and int() refused them in its own words)
    for args in (["perft", "8x8", "1" * 5000], ["match", "random", "greedy", "--games", "-" + "1" * 5000]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        last = result.output.splitlines()[-1]
        assert "...' (50" in last and "has more than 30 digits" in last and len(last) < 300


# -- 1. formats ------------------------------------------------------------------------------
@pytest.mark.parametrize("entries, message", [
    ("x", "entries: expected GameEntry items (as iter_games gives), got str"),
    (None, "entries: expected GameEntry items (as iter_games gives), got NoneType"),
    (b"x", "entries: expected GameEntry items (as iter_games gives), got bytes"),
    ([3], "entries[0]: expected a GameEntry, got int"),
])
def test_records_of_names_what_is_not_entries(entries: Any, message: str) -> None:
    # records_of('x') raised AttributeError: 'str' object has no attribute 'checked'
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        formats.records_of(entries)


@pytest.mark.parametrize("value", [None, "x", 3, V])
def test_a_position_line_of_what_is_not_a_state(value: Any) -> None:
    # obf.position_to_text(None) raised AttributeError: 'NoneType' object has no attribute 'variant'
    with pytest.raises(TypeError, match=f"^state: expected a State, got {type(value).__name__}$"):
        obf.position_to_text(value)


# -- 2. a game's players -----------------------------------------------------------------------
@pytest.mark.parametrize("players, message", [
    (3, "players: expected a sequence of names (text) or None, got int"),
    ("ab", "players: expected a sequence of names (text) or None, got str"),
    ({"a": 1}, "players: expected a sequence of names (text) or None, got dict"),
    ([3, 4], "players[0]: expected a name (text) or None, got 3"),
    (["a", "x" * 100], None),
    (["a", "b", "c"], "players: 3 names for a 2-player game"),
    (["\ud800"], "players[0]: '\\ud800' (character 1) is a lone surrogate"),
])
def test_a_games_players_are_checked_when_it_is_made(players: Any, message: Any) -> None:
    # Game('8x8', 3): "'int' object is not iterable"; Game('8x8', [3, 4]) and 'ab' were accepted
    if message is None:
        assert pr.Game("8x8", players).record.players == tuple(players)
        return
    for make in (lambda: pr.Game("8x8", players), lambda: pr.record_of(V.start(), players=players),
                 lambda: pr.Record("8x8", (), players=players)):
        with pytest.raises(pr.RecordError, match=f"^{re.escape(message)}"):
            make()


def test_a_games_players_none_and_short_are_padded() -> None:
    assert pr.Game("8x8", None).players == (None, None)
    assert pr.Game("octagon/3p", ["a"]).players == ("a", None, None)
    assert pr.Game("8x8", iter(["a", "b"])).record.players == ("a", "b")


# -- 3. callbacks ----------------------------------------------------------------------------------
@pytest.mark.parametrize("on_move", [3, "print", [print]])
def test_play_game_refuses_a_callback_that_is_not_callable_before_playing(on_move: Any) -> None:
    moves: List[int] = []

    def player(state: pr.State) -> int:
        moves.append(1)
        return state.legal_moves()[0]

    with pytest.raises(TypeError, match=f"^on_move: expected a function called as on_move\\(state, move\\), "
                                        f"got {type(on_move).__name__}$"):
        pr.play_game("8x8", [player, player], on_move=on_move)
    assert moves == []


# -- 4. perft ----------------------------------------------------------------------------------
@pytest.mark.parametrize("depth, given", [("x", "'x'"), (2.0, "2.0"), (None, "None"), (True, "True")])
def test_perft_names_its_depth_in_the_facades_wording(depth: Any, given: str) -> None:
    for call in (pr.perft, pr.perft_divide):
        with pytest.raises(TypeError, match=f"^depth: expected an int, got {re.escape(given)}$"):
            call(V, depth)


# -- 5. seat specs ----------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["search:depth= 3", "mcts: 3", "mcts :3", "search:time=\t1", "mcts:\u00a03"])
def test_a_seat_spec_with_spaces_inside_is_refused(spec: str) -> None:
    with pytest.raises(ValueError, match="a spec has no spaces inside, as '"):
        parse_player_spec(spec)
    result = CliRunner().invoke(main, ["match", "random", spec, "--games", "1"])
    assert result.exit_code == 2 and "a spec has no spaces inside" in result.output


def test_a_seat_spec_keeps_its_spaces_around_and_an_engines_command() -> None:
    assert parse_player_spec(" mcts:3 ") == ("mcts", {"playouts": 3})
    assert parse_player_spec("gtp:my engine --flag") == ("gtp", {"command": "my engine --flag"})


def test_a_huge_seat_spec_is_echoed_cut() -> None:
    with pytest.raises(ValueError) as info:
        parse_player_spec("x" * 5000)
    assert "...' (5000 characters)" in str(info.value) and len(str(info.value)) < 1000


# -- 6. protocols --------------------------------------------------------------------------------------
def _gtp(text: str) -> List[str]:
    out = io.StringIO()
    GtpServer(io.StringIO(text), out).serve()
    return [line for line in out.getvalue().splitlines() if line]


@pytest.mark.parametrize("command", ["undo", "clear_board", "showboard", "final_score", "name", "version",
                                     "protocol_version", "list_commands", "quit"])
def test_gtp_commands_without_arguments_refuse_extra_words(command: str) -> None:
    # each answered '=' (quit quit): a failed command does nothing, a refused quit does not quit
    assert _gtp(f"{command} extra words\nname\n") == [
        f"? syntax error: {command}: expected no argument, got 'extra words'", "= polyreversi"]


def test_gtp_known_command_takes_one_name() -> None:
    # known_command with no argument answered '= false'
    assert _gtp("known_command\nknown_command play\nknown_command play x\nknown_command nope\n") == [
        "? syntax error: known_command: missing argument COMMAND_NAME", "= true",
        "? syntax error: known_command: expected one argument COMMAND_NAME, got 'play x'", "= false"]


def test_gtp_echoes_huge_extra_words_cut() -> None:
    reply = _gtp("undo " + "x" * 5000 + "\n")[0]
    assert reply.endswith("...' (5000 characters)") and len(reply) < 200


@pytest.mark.parametrize("command", ["go", "learn"])
def test_nboard_commands_without_arguments_refuse_extra_words(command: str) -> None:
    # go 1 searched, ignoring its word
    out = io.StringIO()
    NBoardServer(io.StringIO(f"nboard 2\n{command} 1\nping 3\n"), out).serve()
    assert out.getvalue().splitlines()[1:] == [f"status error: {command}: expected no argument, got '1'", "pong 3"]


# -- 8. a variant of the wrong type ----------------------------------------------------------------------
@pytest.mark.parametrize("call, expected", [
    (lambda v: pr.Batch(v, 2), "a Variant or text such as '8x8'"),
    (lambda v: pr.Game(v), "a Variant or text such as '8x8'"),
    (lambda v: pr.play_game(v, []), "a Variant, variant text or a State"),
    (lambda v: symmetries(v), "a Variant, variant text or a State"),
    (lambda v: EnvSpec.parse(v), "a Variant, an EnvSpec or text such as 'octagon/4p/blocked=random'"),
], ids=["Batch", "Game", "play_game", "symmetries", "EnvSpec.parse"])
@pytest.mark.parametrize("value", [3, None, 1.5, b"8x8"], ids=["int", "None", "float", "bytes"])
def test_a_variant_of_the_wrong_type_is_a_type_error(call: Callable[[Any], Any], expected: str, value: Any) -> None:
    # each was a VariantError (a ValueError)
    with pytest.raises(TypeError, match=f"^{re.escape(f'variant: expected {expected}, got {type(value).__name__}')}$"):
        call(value)


@pytest.mark.parametrize("call", [lambda: pr.Batch("9x9", 2), lambda: symmetries("8x8/nope"), lambda: pr.Game("")],
                         ids=["Batch", "symmetries", "Game"])
def test_text_that_names_no_variant_stays_a_variant_error(call: Callable[[], Any]) -> None:
    with pytest.raises(pr.VariantError):
        call()


# -- 10. a batch's arrays: one check ----------------------------------------------------------------------
@pytest.mark.parametrize("values, error, message", [
    (None, TypeError, "expected {what} of shape {shape}, got NoneType"),
    ("x", TypeError, "expected {what} of shape {shape}, got str"),
    ([[1, 2], [3]], ValueError, "expected shape {shape}, got a ragged sequence"),
    (np.zeros((3, 3), np.int32), ValueError, "expected shape {shape}, got (3, 3)"),
])
def test_a_batchs_moves_and_policies_are_checked_in_one_wording(values: Any, error: type, message: str) -> None:
    batch = pr.Batch(V, 2)
    for call, name, what, shape in ((batch.step, "moves", "integers", "(2,)"),
                                    (batch.sample, "probs", "float32 numbers", "(2, 65) (B games, N*N+1 moves)")):
        expected = f"{name}: " + message.format(what=what, shape=shape)
        with pytest.raises(error, match=f"^{re.escape(expected)}$"):
            call(values)
    assert list(batch.plies()) == [0, 0]


def test_a_batchs_autoreset_of_huge_text_is_echoed_cut() -> None:
    with pytest.raises(ValueError) as info:
        pr.Batch(V, 2).step([19, 19], autoreset="x" * 5000)
    assert "...' (5000 characters)" in str(info.value)


# -- 9. State's methods of Python ---------------------------------------------------------------------------
@pytest.mark.parametrize("method", ["to_text", "record"])
def test_states_python_methods_are_named_as_called(method: str) -> None:
    # the message named _state_to_text() and _state_record(), the functions behind them
    with pytest.raises(TypeError, match=f"^State.{method}\\(\\) takes 1 positional argument but 2 were given$"):
        getattr(V.start(), method)(3)


def test_a_seat_specs_number_of_too_many_digits_says_so() -> None:
    # "playouts must be an integer, got '999...'": it was one, of 5000 digits
    with pytest.raises(ValueError, match=r"playouts: '9{40}\.\.\.' \(5000 characters\) has more than 30 digits$"):
        parse_player_spec("mcts:" + "9" * 5000)
    assert parse_player_spec("mcts:" + "1" * 30) == ("mcts", {"playouts": int("1" * 30)})  # the player refuses it
    with pytest.raises(ValueError, match="playouts must be an integer in digits 0-9 without a sign or a leading zero"):
        parse_player_spec("mcts:" + "0" * 29 + "7")  # a leading zero, as Batch.choose refuses it


# -- the next newcomer's list (2026-12-05) --------------------------------------------------------------------
@pytest.mark.parametrize("call", [
    lambda v: pr.Limit(time=v), lambda v: pr.Limit(clock=v), lambda v: pr.Limit(increment=v),
    lambda v: pr.SearchPlayer(time=v), lambda v: pr.MCTSPlayer(time=v), lambda v: pr.search(V.start(), time=v),
    lambda v: pr.SearchPlayer(variety=v), lambda v: pr.mcts(V.start(), playouts=10, exploration=v)])
@pytest.mark.parametrize("value", [10 ** 400, -10 ** 400, Fraction(10 ** 400)], ids=["1e400", "-1e400", "Fraction"])
def test_a_number_too_large_for_a_float_is_refused_by_name(call: Any, value: Any) -> None:
    # float() raised OverflowError before the range check named the argument
    with pytest.raises(ValueError, match=r"^(time|clock|increment|variety|exploration): must be a finite number"):
        call(value)


@pytest.mark.parametrize("value, error", [(True, TypeError), (2.5, TypeError), (float("nan"), TypeError),
                                          ("3", TypeError), (-1, ValueError), (10 ** 5000, ValueError)],
                         ids=["True", "2.5", "nan", "'3'", "-1", "10**5000"])
def test_play_games_max_plies_is_checked(value: Any, error: type) -> None:
    # True played 1 ply, 2.5 played 3, nan and -1 played none, '3' raised '<' not supported
    players = [pr.RandomPlayer(seed=1), pr.RandomPlayer(seed=2)]
    with pytest.raises(error, match="^max_plies: "):
        pr.play_game(V, players, max_plies=value)
    assert pr.play_game(V, players, max_plies=4).ply == 4


@pytest.mark.parametrize("call", [lambda p: formats.read(p), lambda p: formats.write(p, [], "json")])
def test_a_file_name_of_bytes_or_with_a_nul_is_refused_by_name(call: Any, tmp_path: Any) -> None:
    # bytes read as "cannot tell the format from the extension \".json'\"" and wrote a pattern error;
    # a NUL gave the OS's "embedded null byte" without the path
    with pytest.raises(TypeError, match=r"^path: expected a file name or '-' \(standard input or output\), got bytes$"):
        call(str(tmp_path / "g.json").encode())
    with pytest.raises(ValueError, match=r"^path: 'a\\x00b.json': a file name has no NUL character$"):
        call("a\x00b.json")


def test_transcript_separator_and_dotted_package_names() -> None:
    from polyreversi.formats import transcript

    with pytest.raises(TypeError, match="^separator: expected text, got NoneType$"):
        transcript.dumps(pr.Record.from_state(V.start()), None)  # type: ignore[arg-type]
    assert not hasattr(pr, "a.b")  # ModuleNotFoundError before
    assert pr.formats.obf.__name__ == "polyreversi.formats.obf"  # AttributeError until imported


@pytest.mark.parametrize("call", [lambda v: pr.play_games(V, 2, policy=v), lambda v: pr.solve(V.start(), convention=v),
                                  lambda v: pr.play_games(V, 2, seed=v)])
def test_a_huge_name_or_seed_is_echoed_cut(call: Any) -> None:
    # a 10,000-character policy, convention or seed was echoed whole (vocabulary.choice, the seed check)
    with pytest.raises((TypeError, ValueError)) as info:
        call("x" * 10000)
    assert "...' (10000 characters)" in str(info.value) and len(str(info.value)) < 300


# -- smalls2: the echoes that were left uncut (2026-12-05) -------------------------------------------------
BIG = "x" * 100_000


def _message(call: Callable[[], Any]) -> str:
    with pytest.raises(Exception) as info:  # each site's own class: the message is what is checked
        call()
    return str(info.value)


def test_quoted_cuts_a_name_at_its_own_longer_limit() -> None:
    from polyreversi.errors import QUOTED_NAME_CHARS, quoted_name

    assert QUOTED_NAME_CHARS > QUOTED_CHARS
    path = "/a" * 60  # 120 characters: whole as a name, cut as a value
    assert quoted_name(path) == repr(path) and "..." in quoted(path)
    assert quoted_name("y" * 1000) == "'" + "y" * QUOTED_NAME_CHARS + "...' (1000 characters)"
    assert quoted(12345, 3) == "123... (5 digits)"


@pytest.mark.parametrize("call", [
    lambda: pr.Variant(BIG), lambda: pr.Variant("8x8", anti=BIG), lambda: pr.Variant("8x8", handicap_color=BIG),
    lambda: V.position([0] * 64, BIG), lambda: pr.Record(V, moves=[BIG.encode()]),
    lambda: pr.Record(V, date=[BIG]), lambda: pr.Record(V, komi=BIG), lambda: pr.Result(end=BIG),
    lambda: pr.Result(disks=[BIG]), lambda: pr.Result(margin=BIG), lambda: pr.Result(end="resigned", winner=BIG),
    lambda: pr.StartPosition((0,) * 64, ply=BIG), lambda: pr.SearchPlayer(level=1, time=Fraction(10 ** 5000 + 1, 10 ** 5000)),
    lambda: formats.read("-", BIG), lambda: obf.parse_scores(V.start(), BIG + ":1"),
    lambda: V.position_from_text(BIG), lambda: pr.svg.scene(V.start(), colors={BIG: "red"}),
    lambda: pr.engine.SimpleEngine.popen(BIG, "/bin/true"), lambda: pr.engine.SimpleEngine.popen("nboard", "/no/" + BIG),
], ids=["board", "anti", "handicap_color", "to_move", "moves", "date", "komi", "end", "disks", "margin", "winner", "ply",
        "level", "format", "annotation", "position", "svg colors", "protocol", "command"])
def test_a_huge_value_is_echoed_cut(call: Callable[[], Any]) -> None:
    # each echoed the value whole ({x!r}): 100 KB messages (the Fraction: no repr at all)
    message = _message(call)
    assert "characters)" in message or "digits)" in message or "with no repr>" in message, message[:300]
    assert len(message) < 600, message[:300]


def test_a_2000_seat_players_list_is_echoed_cut() -> None:
    # the usage error printed all 14 KB of the list
    result = CliRunner().invoke(main, ["play", "8x8", "--players", ",".join(["random"] * 2000)])
    assert result.exit_code == 2
    assert "got 2,000 names" in result.output and "(13999 characters)" in result.output
    assert len(result.output) < 1200


@pytest.mark.parametrize("change", [
    lambda o: o.update({BIG: 1}), lambda o: o.update(date=[BIG]), lambda o: o.update(meta={BIG: float("nan")}),
    lambda o: o.update(moves=[BIG]), lambda o: o.update(format=BIG),
], ids=["unknown field", "date", "meta key", "move", "format"])
def test_a_jsonl_record_with_a_huge_field_is_refused_in_a_line(change: Callable[[Any], Any], tmp_path: Any) -> None:
    # the unknown field's name (100 KB) and jsonschema's own "[...] is not of type" were whole
    import json

    obj = {"format": "polyreversi-record", "version": 1, "variant": "8x8", "players": [None, None], "moves": [],
           "result": None, "date": None, "start": None, "komi": None, "meta": {}}
    change(obj)
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps(obj) + "\n", encoding="utf-8")
    message = _message(lambda: formats.read(str(path)))
    assert message.startswith(f"{path}: line 1 (game 1): ") and len(message) < 400, message[:400]


# -- 3. JSON Lines numbers --------------------------------------------------------------------------------
@pytest.mark.parametrize("field, value, message", [
    ("version", "1.0", r"version: expected a whole number \(this polyreversi reads version 1\), got a number \(1.0\)"),
    ("version", "true", r"version: expected a whole number .*got a boolean"),
    ("komi", "NaN", r"komi: NaN is not a JSON number"),
    ("komi", "-Infinity", r"komi: -Infinity is not a JSON number"),
    ("variant", '{"board": "8x8", "players": 2.0, "anti": false, "free_opening": false, "handicap": 0, '
                '"handicap_color": "black", "blocked": []}', r"variant.players: 2.0 is not of type 'integer'"),
    ("variant", '{"board": "8x8", "players": 2, "anti": false, "free_opening": false, "handicap": 0.0, '
                '"handicap_color": "black", "blocked": []}', r"variant.handicap: 0.0 is not of type 'integer'"),
])
def test_a_jsonl_number_of_the_wrong_kind_is_refused_naming_line_and_field(field: str, value: str, message: str,
                                                                           tmp_path: Any) -> None:
    # version 1.0 and players 2.0 were read (JSON Schema's integer takes 2.0)
    fields = {"format": '"polyreversi-record"', "version": "1", "variant": '"8x8"', "players": "[null, null]",
              "moves": "[]", "result": "null", "date": "null", "start": "null", "komi": "null", "meta": "{}"}
    fields[field] = value
    path = tmp_path / "g.jsonl"
    good = ", ".join(f'"{k}": {v}' for k, v in {**fields, field: '"8x8"' if field == "variant" else
                                                   "1" if field == "version" else "null"}.items())
    path.write_text("{" + good + "}\n{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}\n", encoding="utf-8")
    with pytest.raises(pr.RecordError, match=f"^{re.escape(str(path))}: line 2 \\(game 2\\): {message}"):
        formats.read(str(path))


# -- 2. a bare int as blocked squares ---------------------------------------------------------------------
def test_a_bare_int_as_blocked_is_refused_saying_what_to_give() -> None:
    # Variant(blocked=3) blocked d1 (index 3) while --blocked 3 draws three random squares
    with pytest.raises(pr.VariantError, match=r"^blocked: 3 alone could be a square or a count: give squares as a "
                                              r"list \(\[3\] or names such as \['d1'\]\), or draw that many random "
                                              r"squares with Variant.with_random_blocked\(count=...\)$"):
        pr.Variant("8x8", blocked=3)
    with pytest.raises(pr.VariantError, match=r"^blocked: np.int64\(3\) alone .* list \(\[3\] or"):
        pr.Variant("8x8").replace(blocked=np.int64(3))
    assert pr.Variant("8x8", blocked=[3]).blocked == pr.Variant("8x8", blocked="d1").blocked == (3,)
    with pytest.raises(TypeError, match=r"^blocked: expected 'random' or None, got 3; for 3 random squares per game "
                                        r"give blocked='random', blocked_count=3$"):
        pr.Batch(V, 2, blocked=3)
    with pytest.raises(TypeError, match=r"^blocked: expected 'random' or None, got \[3\]$"):
        pr.Batch(V, 2, blocked=[3])
    assert pr.Batch(V, 2, blocked="random", blocked_count=3, seed=1).state(0).variant.blocked.__len__() == 3


# -- 4. obf.format_line's scores --------------------------------------------------------------------------
@pytest.mark.parametrize("scores, error, message", [
    ([1], TypeError, r"^scores: expected a mapping \{move: score\}, got list$"),
    ({37: 1.5}, TypeError, r"^scores\[F5\]: expected an int, got 1.5$"),
    ({37: None}, TypeError, r"^scores\[F5\]: expected an int, got None$"),
    ({37: True}, TypeError, r"^scores\[F5\]: expected an int, got True$"),
    ({37: HUGE}, ValueError, r"^scores\[F5\]: must be -64 to 64, got 10{39}\.\.\. \(5001 digits\)$"),
    ({37: 65}, ValueError, r"^scores\[F5\]: must be -64 to 64, got 65$"),
    ({HUGE: 1}, pr.InvalidSquareError, r"^scores: square 10{39}\.\.\. \(5001 digits\) is off the 8x8 grid"),
    ({37.0: 1}, pr.InvalidSquareError, r"^scores: square: expected a whole number, got 37.0$"),
    ({37: 1, "f5": 2}, ValueError, r"^scores: F5 is given twice \(as 'f5' and before\)$"),
], ids=["list", "float", "None", "bool", "huge", "65", "huge move", "float move", "twice"])
def test_obf_format_line_names_a_bad_score(scores: Any, error: type, message: str) -> None:
    # a list: "'list' object has no attribute 'items'"; 1.5: "Unknown format code 'd'"; 10**5000: int()'s 4300-digit
    # limit; 65 and True were written (a line parse_scores refuses, or reads as +1)
    with pytest.raises(error, match=message):
        obf.format_line(V.start(), scores)


def test_obf_format_line_writes_what_parse_scores_reads() -> None:
    s = V.start()
    line = obf.format_line(s, {"f5": 1, "c4": -64, np.int64(19): 4})
    assert line.endswith("; D3:+4; F5:+1; C4:-64;") and obf.parse_line(line).scores == {19: 4, 37: 1, 26: -64}
    assert obf.format_line(s, {}) == obf.format_line(s) == s.to_text()


# -- 5. the PettingZoo and Gymnasium seeds and actions -------------------------------------------------------
@pytest.mark.parametrize("seed, error, message", [
    (-1, ValueError, r"^seed: must be in 0 \.\. 2\*\*64 - 1"), (2 ** 64, ValueError, r"^seed: must be in 0 \.\. 2\*\*64 - 1"),
    (3.5, TypeError, r"^seed: expected an int or None, got 3.5$"), ("1", TypeError, r"^seed: expected an int or None"),
    (HUGE, ValueError, r"^seed: must be in .*\(5001 digits\)$"),
], ids=["-1", "2**64", "3.5", "'1'", "huge"])
def test_env_reset_seeds_are_the_packages_checked_seeds(seed: Any, error: type, message: str) -> None:
    # numpy's "expected non-negative integer", "SeedSequence expects int", gymnasium's own Error, int()'s limit
    pytest.importorskip("pettingzoo")
    from polyreversi.envs.gymnasium import ReversiEnv
    from polyreversi.envs.pettingzoo import raw_env

    for env in (raw_env(), ReversiEnv()):
        with pytest.raises(error, match=message):
            env.reset(seed=seed)


def test_a_pettingzoo_step_of_a_huge_action_is_refused_cut() -> None:
    # "Exceeds the limit (4300 digits) for integer string conversion"
    pytest.importorskip("pettingzoo")
    from polyreversi.envs.pettingzoo import raw_env

    env = raw_env()
    env.reset(seed=1)
    with pytest.raises(pr.IllegalMoveError, match=r"^action 10{39}\.\.\. \(5001 digits\): square 1.* is off the 8x8 grid"):
        env.step(HUGE)


# -- 6, 7. protocol numbers and missing texts -------------------------------------------------------------
def test_a_too_long_number_has_one_wording_on_the_command_line_and_in_the_protocols() -> None:
    # GTP and NBoard said "expected a whole number" of a 35-digit whole number; the CLI "more than 30 digits"
    number = "9" * 35
    said = f"'{number}' has more than 30 digits"
    out = io.StringIO()
    NBoardServer(io.StringIO(f"nboard 2\nping {number}\n"), out).serve()
    assert out.getvalue().splitlines()[1] == f"status error: ping: N: {said}"
    out = io.StringIO()
    GtpServer(io.StringIO(f"boardsize {number}\n"), out).serve()
    assert out.getvalue().splitlines()[0] == f"? syntax error: boardsize: N: {said}"
    result = CliRunner().invoke(main, ["perft", "8x8", number])
    assert f"{said}: no option takes it" in result.output


@pytest.mark.parametrize("command, reply", [
    ("polyreversi-variant", "? syntax error: polyreversi-variant: missing argument TEXT"),
    ("polyreversi-game  ", "? syntax error: polyreversi-game: missing argument JSON"),
])
def test_a_gtp_extension_without_its_text_is_a_syntax_error(command: str, reply: str) -> None:
    # "? variant: expected text such as '8x8'..., got ''" and a JSON parser's "Expecting value"
    out = io.StringIO()
    GtpServer(io.StringIO(command + "\n"), out).serve()
    assert out.getvalue().splitlines()[0] == reply


def test_an_nboard_set_without_its_text_names_the_missing_argument() -> None:
    out = io.StringIO()
    NBoardServer(io.StringIO("nboard 2\nset game\nset polyreversi-game \n"), out).serve()
    assert out.getvalue().splitlines()[1:] == ["status error: set game: missing argument GGF",
                                               "status error: set polyreversi-game: missing argument JSON"]


# -- 8. transcripts: the column of the character that breaks a move ----------------------------------------
@pytest.mark.parametrize("text, message", [
    ("f\u0665d6", r"^column 2: unexpected '\u0665' \(U\+0665\) \(expected a square such as f5, or pass\)$"),
    ("f5d\u0666", r"^column 4: unexpected '\u0666' \(U\+0666\)"),
    ("\u0661. f5", r"^column 1: unexpected '\u0661' \(U\+0661\)"),
    ("f5\x00", r"^column 3: unexpected '\\x00' \(U\+0000\)"),
    ("f5d6c3?", r"^column 7: unexpected '\?' \(expected"),
])
def test_a_transcript_names_the_column_and_character_that_break_it(text: str, message: str) -> None:
    # 'f٥d6' named column 1, 'f'; '١. f5' read the Arabic-Indic one as a move number
    from polyreversi.formats import transcript

    with pytest.raises(pr.RecordError, match=message):
        transcript.parse(text)


# -- the breaker pass on the above -------------------------------------------------------------------------
@pytest.mark.parametrize("call", [lambda v: pr.Record(V, komi=v), lambda v: pr.Result(end="finished", margin=v)],
                         ids=["komi", "margin"])
@pytest.mark.parametrize("value", [10 ** 400, -10 ** 5000, Fraction(10 ** 400)], ids=["1e400", "-1e5000", "Fraction"])
def test_a_komi_or_margin_too_large_for_a_float_is_refused_by_name(call: Any, value: Any) -> None:
    # math.isfinite raised OverflowError ("int too large to convert to float")
    with pytest.raises(pr.RecordError, match=r"^(komi|result\.margin): ((-?10{39}|Fraction\(10+)\.\.\. \(\d+ (digits|characters)\) "
                                         r"has too many digits for a float \(at most 1\.798e\+308\)$)"):
        call(value)
    assert call(3) is not None


@pytest.mark.parametrize("field", ["komi", "margin"])
def test_a_komi_or_margin_is_any_finite_number_a_float_holds(field: str) -> None:
    # Fraction(1, 2) and Decimal('0.5') were refused as "expected a finite number" (the komi),
    # Decimal('0.5') as "expected a number" (the margin), Decimal('1e400') as "expected a finite number"
    from decimal import Decimal

    from polyreversi.formats import json_record

    def record(value: Any) -> pr.Record:
        if field == "komi":
            return pr.Record(V, komi=value)
        return pr.Record(V, result=pr.Result(end="finished", margin=value))

    def stored(value: Any) -> Any:
        r = record(value)
        return r.komi if field == "komi" else r.result.margin  # type: ignore[union-attr]

    for value in (Fraction(1, 2), Decimal("0.5"), np.float32(0.5), 0.5):
        assert stored(value) == 0.5 and type(stored(value)) is float
        assert json_record.loads(json_record.dumps(record(value))) == record(0.5)
    assert stored(3) == 3 and type(stored(3)) is int and stored(np.int64(-2)) == -2
    assert stored(Decimal("1e-400")) == 0.0  # a float holds it (as 0.0), as float('1e-400') reads it
    name = "komi" if field == "komi" else "result.margin"
    for value, said in [
        (Decimal("1e400"), "Decimal('1E+400') is too large for a float (at most 1.798e+308)"),
        (Decimal(10 ** 400), "Decimal('1" + "0" * 30 + "... (412 characters) has too many digits for a float "
                             "(at most 1.798e+308)"),
        (Decimal("NaN"), "expected a finite number, got Decimal('NaN')"),
        (Decimal("sNaN"), "expected a finite number, got Decimal('sNaN')"),
        (Decimal("-Infinity"), "expected a finite number, got Decimal('-Infinity')"),
        (float("inf"), "expected a finite number, got inf"),
        ("0.5", "expected a number, got '0.5'"), (True, "expected a number, got True"),
    ]:
        with pytest.raises(pr.RecordError) as info:
            record(value)
        assert str(info.value) == f"{name}: {said}"


def test_a_decimal_is_a_number_of_seconds_or_a_weight_too() -> None:
    # "time: expected seconds as a number, got Decimal('0.5')": the arguments took a Fraction, not a Decimal
    from decimal import Decimal

    assert pr.Limit(time=Decimal("0.5")).time == 0.5 and pr.SearchPlayer(variety=Decimal("0.25")).variety == 0.25
    with pytest.raises(ValueError) as info:  # float() refuses a signalling NaN in its own words
        pr.Limit(time=Decimal("sNaN"))
    assert str(info.value) == "time: must be a finite number of seconds above 0, at most 86400, got Decimal('sNaN')"
    with pytest.raises(TypeError, match=r"^time: expected seconds as a number, got True$"):
        pr.Limit(time=True)


@pytest.mark.parametrize("game, said", [
    ("KM[1e400]", "KM (the komi): '1e400' is too large for a float (at most 1.798e+308)"),
    ("KM[" + "9" * 400 + "]", "KM (the komi): '" + "9" * 40 + "...' (400 characters) has too many digits for a float "
                               "(at most 1.798e+308)"),
    ("RE[+" + "9" * 400 + "]", "RE (Black's margin): '+" + "9" * 39 + "...' (401 characters) has too many digits "
                               "for a float (at most 1.798e+308)"),
], ids=["KM exponent", "KM digits", "RE digits"])
def test_a_ggf_komi_or_margin_beyond_a_float_says_so(game: str, said: str) -> None:
    # "KM[1e400]: expected a finite number (the komi)"; RE: "result.margin: expected a finite number, got inf"
    from polyreversi.formats import ggf

    text = f"(;GM[Othello]PC[x]PB[a]PW[b]{game}BO[8 " + "-" * 27 + "O*------*O" + "-" * 27 + " *]B[f5];)"
    with pytest.raises(pr.RecordError) as info:
        ggf.parse_game(text)
    assert str(info.value) == f"game 1 (line 1 column 1): {said}"
    assert ggf.parse_game(text.replace(game, "KM[0.5]")).komi == 0.5


@pytest.mark.parametrize("blocked, message", [
    (None, "expected square names or indices, got None"), (2.0, "expected square names or indices, got 2.0"),
    ("", "'' is not a square name"), ([None], "expected a whole number, got None"),
    (HUGE, r"10{39}\.\.\. \(5001 digits\) alone could be a square or a count"),
], ids=["None", "2.0", "empty", "[None]", "huge"])
def test_variant_blocked_refuses_every_odd_value_by_name(blocked: Any, message: str) -> None:
    with pytest.raises(pr.VariantError, match=f"^blocked: {message}"):
        pr.Variant("8x8", blocked=blocked)


@pytest.mark.parametrize("blocked, error", [("", ValueError), (3.0, TypeError), (True, TypeError), (b"random", TypeError),
                                            (["random"], TypeError)])
def test_batch_blocked_refuses_every_odd_value_by_name(blocked: Any, error: type) -> None:
    with pytest.raises(error, match="^blocked: expected 'random' or None, got "):
        pr.Batch(V, 2, blocked=blocked)


@pytest.mark.parametrize("blocked", [3, 2.0, "d1"])
def test_a_variant_text_with_blocked_given_too_is_refused_by_name(blocked: Any) -> None:
    # 3 and 2.0 raised "'int' object is not iterable" while checking whether options came twice
    with pytest.raises(pr.VariantError, match=r"^board: '8x8/anti' is a variant's whole text; give the options"):
        pr.Variant("8x8/anti", blocked=blocked)
    assert pr.Variant("8x8/anti", blocked=()) == pr.Variant("8x8/anti", blocked=None) == pr.Variant("8x8", anti=True)


@pytest.mark.parametrize("count", [0, 5, -1, HUGE], ids=["0", "5", "-1", "huge"])
def test_with_random_blocked_words_its_count_range_as_the_facade(count: int) -> None:
    # 5 gave the core's "... allowed: 1 to 4 (0: a count drawn from that range)", where 0 is refused here
    with pytest.raises(pr.VariantError, match=r"^count: must be 1 to 4, got -?[0-9.]+( \(5001 digits\))? \(None: a count "
                                              r"drawn from that range\)$"):
        V.with_random_blocked(seed=1, count=count)
    assert len(V.with_random_blocked(seed=1, count=4).blocked) == 4


@pytest.mark.parametrize("method", ["board", "copy", "empties", "initial", "key", "moves", "scores", "winners"])
def test_a_state_query_given_an_argument_says_it_takes_none(method: str) -> None:
    # plain CPython methods: Python's own message, not pybind11's list of overloads
    state = pr.Variant("8x8").start()
    with pytest.raises(TypeError, match=rf"^State\.{method}\(\) takes no arguments \(1 given\)$"):
        getattr(state, method)(1)
    getattr(state, method)()  # and it still answers without one


def test_a_whole_number_of_millions_of_bits_is_shown_by_its_logarithm() -> None:
    # exact digits of 2**10**7 cost a power of ten as large (16 s); the core's text gives
    # the leading digits and the count from the logarithm, for the facade and the core alike
    huge = 1 << 10**7  # 9049817306... with 3,010,300 digits
    assert quoted(huge) == "904981... (about 3010300 digits)"
    assert quoted(-huge) == "-904981... (about 3010300 digits)"
    with pytest.raises(ValueError, match=re.escape("got 904981... (about 3010300 digits)")):
        pr.perft(V.start(), huge)


@pytest.mark.parametrize("scores, name", [({0: 5}, "A1"), ({64: 0}, "PS"), ({"f5": 2, "h8": 0}, "H8")])
def test_obf_refuses_a_score_of_a_move_that_is_not_legal(scores: Any, name: str) -> None:
    # parse_line would read it back as a move's score, and solve --moves call it wrong
    with pytest.raises(pr.IllegalMoveError, match=rf"^scores: {name} has a score but is no legal move here"):
        obf.format_line(V.start(), scores)


# -- smalls3: file names, click's own echoes, GTP ids and JSON numbers (2026-12-05) -------------------------
LONG_PATH = "/nonexistent-" + "d" * 5000 + "/g.txt"  # a folder that does not exist: nothing is made


@pytest.mark.parametrize("call", [
    lambda p: formats.read(p), lambda p: formats.write(p, [pr.Record.from_state(V.start())]),
    lambda p: formats.read(p + ".wtb"), lambda p: obf.read(p + ".obf"), lambda p: load_book(p + ".npz"),
    lambda p: formats.read(p[:-4] + ".unknown"),
], ids=["read", "write", "wthor", "obf", "book", "extension"])
def test_a_5kb_file_name_is_cut_in_the_librarys_messages(call: Callable[[str], Any]) -> None:
    # the whole 5 kB path was echoed, in every message naming a file
    from polyreversi.errors import QUOTED_NAME_CHARS

    message = _message(lambda: call(LONG_PATH))
    assert LONG_PATH[:QUOTED_NAME_CHARS] + "... (" in message and len(message) < 2 * QUOTED_NAME_CHARS + 200, message[:500]


@pytest.mark.parametrize("args", [
    ["show", LONG_PATH], ["replay", LONG_PATH], ["convert", LONG_PATH, "-", "--to", "json"], ["solve", LONG_PATH],
    ["analyse", LONG_PATH], ["match", "greedy", "random", "--openings", LONG_PATH],
    ["match", "greedy", "random", "--out", LONG_PATH[:-4] + ".jsonl"], ["selfplay", "--games", "1", "--out", LONG_PATH],
    ["convert", "GAME", LONG_PATH], ["show", "GAME", "--png", LONG_PATH[:-4] + ".png"],
], ids=["show", "replay", "convert in", "solve", "analyse", "--openings", "match --out", "selfplay --out",
        "convert out", "--png"])
def test_a_5kb_file_name_is_cut_on_the_command_line(args: List[str], tmp_path: Any) -> None:
    from polyreversi.errors import QUOTED_NAME_CHARS

    game = tmp_path / "g.txt"
    game.write_text("f5d6\n")
    result = CliRunner().invoke(main, [str(game) if a == "GAME" else a for a in args], input="")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "... (" in result.output and len(result.output) < 2 * QUOTED_NAME_CHARS + 800, result.output[:500]


@pytest.mark.parametrize("args", [
    ["match", "greedy", "random", "--to", "x" * 5000], ["match", "greedy", "random", "--to=" + "x" * 5000],
    ["play", "--human", "x" * 5000], ["match", "greedy", "random", "--sprt", "x" * 5000, "1"],
    ["match", "greedy", "random", "--" + "x" * 5000], ["--" + "x" * 5000], ["x" * 5000],
    ["perft", "8x8", "1", "x" * 5000], ["perft", "8x8", "1", "x " * 2500],
], ids=["choice", "choice=", "--human", "float", "unknown option", "group option", "command", "extra argument",
        "extra with spaces"])
def test_clicks_own_messages_echo_a_5000_character_value_cut(args: List[str]) -> None:
    # click's messages ('...' is not one of ..., No such option, Got unexpected extra argument) were 5 kB
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output[:300]
    assert re.search(r"\.\.\.'? \(50\d\d characters\)", result.output) and len(result.output) < 600, result.output[:600]


def test_gtp_refuses_a_5000_digit_command_id_without_echoing_it() -> None:
    out = io.StringIO()
    GtpServer(io.StringIO("9" * 5000 + " name\n7 name\n"), out).serve()
    first, second = out.getvalue().split("\n\n")[:2]
    assert first == "? command id: '" + "9" * QUOTED_CHARS + "...' (5000 characters) has more than 30 digits"
    assert second.startswith("=7 ")


@pytest.mark.parametrize("value", ["9" * 5000, "+" + "9" * 31])
def test_gtp_time_settings_names_a_number_of_too_many_digits(value: str) -> None:
    # it said "got inf": float() of 5000 digits
    out = io.StringIO()
    GtpServer(io.StringIO(f"1 time_settings {value} 0 0\n"), out).serve()
    reply = out.getvalue()
    assert reply.startswith("?1 syntax error: time_settings: MAIN: ") and "has more than 30 digits" in reply
    assert "inf" not in reply and len(reply) < 200


@pytest.mark.parametrize("value", ["1e999", "1" + "0" * 400 + ".5", "-1"])
def test_gtp_time_settings_shows_the_number_as_given(value: str) -> None:
    # it said "got inf" for 1e999 and 400 digits with a fraction, "got -1.0" for -1
    out = io.StringIO()
    GtpServer(io.StringIO(f"1 time_settings {value} 0 0\n"), out).serve()
    reply = out.getvalue()
    assert reply.startswith("?1 syntax error: time_settings: MAIN: must be a finite number of seconds"), reply
    assert "inf" not in reply and "-1.0" not in reply and f"got '{value[:10]}" in reply


@pytest.mark.parametrize("field, where", [
    ("moves", "moves[0]"), ("komi", "komi"), ("meta", "meta.a[1]"),
])
def test_a_jsonl_integer_of_5000_digits_is_named_by_line_and_field(field: str, where: str, tmp_path: Any) -> None:
    # Python's own "Exceeds the limit (4300 digits) ... use sys.set_int_max_str_digits()" came out instead
    import json

    obj: dict = {"format": "polyreversi-record", "version": 1, "variant": "8x8", "players": [None, None],
                 "moves": [], "result": None, "date": None, "start": None, "komi": None, "meta": {}}
    good = json.dumps(obj)
    obj[field] = {"moves": ["HUGE"], "komi": "HUGE", "meta": {"a": [1, "HUGE"]}}[field]
    path = tmp_path / "g.jsonl"
    path.write_text(good + "\n" + json.dumps(obj).replace('"HUGE"', "-" + "9" * 5000) + "\n", encoding="utf-8")
    message = _message(lambda: formats.read(str(path)))
    assert message == (f"{path}: line 2 (game 2): {where}: '-" + "9" * (QUOTED_CHARS - 1) + "...' (5001 characters) "
                       "has more than 4300 digits; a record cannot hold it")


# -- smalls3: five arguments named as given ----------------------------------------------------------------
def test_an_engine_command_that_is_a_folder_says_so(tmp_path: Any) -> None:
    # it said "no such file" for a folder that exists
    result = CliRunner().invoke(main, ["match", f"nboard:{tmp_path}", "random"])
    assert result.exit_code == 2
    assert f"engine command {str(tmp_path)!r}: is a folder, not a program" in result.output


@pytest.mark.parametrize("text, message", [
    ("1\u0660. f5", "column 2: unexpected '\u0660' (U+0660)"), ("f5 12\u0661. d6", "column 6: unexpected '\u0661' (U+0661)"),
])
def test_a_move_number_broken_by_another_scripts_digit_names_that_digit(text: str, message: str) -> None:
    # column 1, the ASCII digit before it, was named
    from polyreversi.formats import transcript

    with pytest.raises(pr.RecordError, match="^" + re.escape(message)):
        transcript.parse(text)


@pytest.mark.parametrize("blocked, error, message", [
    (5, pr.VariantError, "blocked: must be 1 to 4, got 5 ('random': a count drawn from that range)"),
    (2.5, pr.VariantError, "blocked: expected a whole number, got 2.5"),
])
def test_play_series_names_a_bad_blocked_count_blocked(blocked: Any, error: type, message: str) -> None:
    # it said "count: ...", the name of with_random_blocked's argument
    from polyreversi.players import play_series

    with pytest.raises(error, match="^" + re.escape(message)):
        list(play_series(V, ["random", "random"], 2, blocked=blocked))


def test_batch_blocked_random_k_points_to_blocked_count() -> None:
    with pytest.raises(ValueError, match=re.escape("got 'random3'; for 3 random squares per game give "
                                                   "blocked='random', blocked_count=3")):
        pr.Batch(V, 2, blocked="random3")


@pytest.mark.parametrize("call, message", [
    (lambda: V.start().play(None), "move: expected a square index (int) or a name such as 'f5' or 'pass', got NoneType"),
    (lambda: V.start().cell(1.5), "square: expected a square index (int) or a name such as 'f5' or 'pass', got float"),
    (lambda: V.square_name(None), "index: expected an int, got None"),
    (lambda: V.square_name("e6"), "index: expected an int, got 'e6'"),
], ids=["play", "cell", "square_name None", "square_name text"])
def test_a_square_argument_of_the_wrong_type_is_a_type_error_naming_it(call: Callable[[], Any], message: str) -> None:
    # play: "a move is a square index ..., not NoneType"; square_name: InvalidSquareError "square: ..."
    with pytest.raises(TypeError, match="^" + re.escape(message) + "$") as info:
        call()
    assert not isinstance(info.value, pr.InvalidSquareError)


# -- smalls3: State's one-argument methods in CPython's words -------------------------------------------------
ONE_ARGUMENT = [("is_legal", "move", 19), ("why_illegal", "move", 19), ("child", "move", 19), ("flips", "move", 19),
                ("cell", "square", 27)]


@pytest.mark.parametrize("method, name, value", ONE_ARGUMENT, ids=[m for m, _, _ in ONE_ARGUMENT])
def test_a_state_method_of_one_argument_called_otherwise_names_itself(method: str, name: str, value: int) -> None:
    # pybind11's "incompatible function arguments. The following argument types are supported: ..."
    state = V.start()
    call = getattr(state, method)
    for args, kwargs, given in (((), {}, 0), ((value, value), {}, 2), ((value,), {name: value}, 2)):
        with pytest.raises(TypeError, match=rf"^State\.{method}\(\) takes exactly one argument \({given} given\)$"):
            call(*args, **kwargs)
    with pytest.raises(TypeError, match=rf"^State\.{method}\(\) got an unexpected keyword argument 'x{{40}}\.\.\.' "
                                        rf"\(5000 characters\); its argument is '{name}'$"):
        call(**{"x" * 5000: value})
    assert call(value) == call(**{name: value})  # by position and by its documented keyword alike
    assert f"({name})" in str(__import__("inspect").signature(call))


@pytest.mark.parametrize("method, name, value", ONE_ARGUMENT, ids=[m for m, _, _ in ONE_ARGUMENT])
def test_a_state_method_of_one_argument_names_a_wrong_type(method: str, name: str, value: int) -> None:
    with pytest.raises(TypeError, match=rf"^{name}: expected a square index \(int\) or a name such as 'f5' or 'pass', "
                                        "got NoneType$"):
        getattr(V.start(), method)(None)


# -- smalls4: what the last newcomer pass left (2026-12-05) ---------------------------------------------------
@pytest.mark.parametrize("args", [
    ["match", "greedy", "random", "--to", "x" * 100], ["match", "greedy", "random", "--to=" + "x" * 100],
    ["play", "--human", "x" * 100], ["match", "greedy", "random", "--sprt", "x" * 100, "1"],
    ["match", "greedy", "random", "--" + "x" * 100], ["--" + "x" * 100], ["x" * 100],
    ["perft", "8x8", "1", "x" * 100],
], ids=["choice", "choice=", "--human", "float", "unknown option", "group option", "command", "extra argument"])
def test_clicks_own_messages_cut_a_value_of_100_characters(args: List[str]) -> None:
    # only words past the file-name limit (200) were cut: a 41-200 character value was echoed whole
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output[:300]
    assert "x" * (QUOTED_CHARS + 1) not in result.output, result.output
    assert re.search(r"x{38,40}\.\.\.'? \(10[0-9] characters\)", result.output), result.output


def test_a_file_name_of_100_characters_is_still_named_whole_by_the_command() -> None:
    path = "/nonexistent-" + "d" * 80 + "/g.txt"
    result = CliRunner().invoke(main, ["show", path])
    assert result.exit_code != 0 and path in result.output, result.output


@pytest.mark.parametrize("field, value, said", [
    ("komi", "9" * 4000, "9" * QUOTED_CHARS + "... (4000 digits) has too many digits for a float (at most 1.798e+308)"),
    ("komi", "1" + "0" * 4000 + ".5", "'1" + "0" * (QUOTED_CHARS - 1) + "...' (4003 characters) has too many digits "
                                      "for a float (at most 1.798e+308); a record cannot hold it"),
    ("komi", "1e400", "'1e400' is too large for a float (at most 1.798e+308); a record cannot hold it"),
    ("margin", "-" + "9" * 4000, "-" + "9" * QUOTED_CHARS + "... (4000 digits) has too many digits for a float "
                                 "(at most 1.798e+308)"),
], ids=["komi int", "komi fraction", "komi exponent", "margin int"])
def test_a_jsonl_float_field_of_4000_digits_says_so_by_line_and_field(field: str, value: str, said: str,
                                                                      tmp_path: Any) -> None:
    # "komi: expected a finite number, got 999... (4000 digits)"; 400 digits and ".5": "Infinity is not a JSON number"
    import json

    obj: dict = {"format": "polyreversi-record", "version": 1, "variant": "8x8", "players": [None, None],
                 "moves": [], "result": None, "date": None, "start": None, "komi": None, "meta": {}}
    good = json.dumps(obj)
    obj["result"] = {"winner": "black", "end": "finished", "disks": None, "margin": "HUGE"} if field == "margin" else None
    obj["komi"] = "HUGE" if field == "komi" else None
    path = tmp_path / "g.jsonl"
    path.write_text(good + "\n" + json.dumps(obj).replace('"HUGE"', value) + "\n", encoding="utf-8")
    where = "result.margin" if field == "margin" else field
    assert _message(lambda: formats.read(str(path))) == f"{path}: line 2 (game 2): {where}: {said}"


@pytest.mark.parametrize("args, said", [
    (["--openings", "/dev/null"], "/dev/null: cannot tell the format from the extension '(none)'; known: "),
    (["--openings", "-"], "Error: standard input has no extension; give --openings-format FORMAT"),
], ids=["no extension", "stdin"])
def test_match_openings_of_no_format_point_to_the_cli_option(args: List[str], said: str) -> None:
    # it said "or give the format (fmt=NAME)", a Python argument
    result = CliRunner().invoke(main, ["match", "greedy", "random", *args], input="")
    assert result.exit_code == 1 and said in result.output and "fmt=" not in result.output, result.output
    assert result.output.rstrip().endswith("give --openings-format FORMAT"), result.output


def test_match_reads_openings_of_the_format_given() -> None:
    result = CliRunner().invoke(main, ["match", "greedy", "random", "--openings", "-", "--openings-format", "transcript",
                                       "-n", "2", "--no-progress"], input="f5d6\nf5f6\n")
    assert result.exit_code == 0 and "greedy vs random: " in result.output, result.output
    result = CliRunner().invoke(main, ["match", "greedy", "random", "--openings-format", "obf"])
    assert result.exit_code == 2 and "--openings-format is the format of --openings" in result.output, result.output


@pytest.mark.parametrize("blocked", ["random9", "random0", 9, 0, "random" + "9" * 50, HUGE], ids=[
    "random9", "random0", "9", "0", "random + 50 digits", "huge"])
def test_batch_blocked_suggests_only_a_count_the_core_takes(blocked: Any) -> None:
    # 'random9' said "give blocked='random', blocked_count=9", which the core refuses (1 to 4)
    from polyreversi._core import limits

    message = _message(lambda: pr.Batch(V, 2, blocked=blocked))
    assert message.endswith(f"; for random squares per game give blocked='random' and blocked_count, "
                            f"{limits.MIN_RANDOM_BLOCKED} to {limits.MAX_BLOCKED}"), message
    with pytest.raises(ValueError, match="blocked_count: must be 1 to 4"):  # what the old advice led to
        pr.Batch(V, 2, blocked="random", blocked_count=9)
    pr.Batch(V, 2, blocked="random", blocked_count=limits.MAX_BLOCKED)  # and what the new one names


def test_state_play_takes_its_argument_by_keyword_as_child_and_flips_do() -> None:
    # play(move=37): "play() takes no keyword arguments" (a METH_O method), while child(move=37) worked
    import inspect

    state = V.start()
    state.play(move=37)
    assert state.moves() == [37] and state == V.start().child(move=37)
    assert str(inspect.signature(state.play)) == "(move)"
    for args, kwargs, given in (((), {}, 0), ((19, 19), {}, 2), ((19,), {"move": 19}, 2)):
        with pytest.raises(TypeError, match=rf"^State\.play\(\) takes exactly one argument \({given} given\)$"):
            state.play(*args, **kwargs)
    with pytest.raises(TypeError, match=r"^State\.play\(\) got an unexpected keyword argument 'mv'; its argument is 'move'$"):
        state.play(mv=19)
    assert state.moves() == [37]  # nothing refused was played


@pytest.mark.parametrize("kwargs, error, message", [
    ({"blocked": -1}, pr.VariantError, "blocked: must be 1 to 4, got -1"),
    ({"blocked": "x"}, pr.VariantError, "blocked: 'x'; expected 'random' or a count 1-4"),
    ({"seed": -1}, ValueError, "seed: must be in 0 .. 2**64 - 1"),
    ({"games": -1}, ValueError, "games: must be 0 to"),
    ({"players": ["random"]}, ValueError, "players: 8x8 has 2 players, got 1"),
], ids=["blocked -1", "blocked text", "seed", "games", "players"])
def test_play_series_refuses_its_arguments_when_called(kwargs: dict, error: type, message: str) -> None:
    # a generator: blocked=-1 raised only at the first next(), far from the call
    from polyreversi.players import play_series

    arguments: dict = {"variant": V, "players": ["random", "random"], "games": 2, **kwargs}
    with pytest.raises(error, match="^" + re.escape(message)):
        play_series(**arguments)  # no next()


@pytest.mark.parametrize("args", [
    ["selfplay", "-n", "1", "--to", "jsonl"], ["selfplay", "-n", "1", "--to", "jsonl", "--ray"],
    ["play", "--black", "greedy", "--white", "greedy", "--to", "json"],
    ["match", "greedy", "random", "-n", "2", "--to", "jsonl"],
], ids=["selfplay", "selfplay --ray", "play", "match"])
def test_to_without_out_is_refused(args: List[str]) -> None:
    # --to was silently ignored: the games were played and nothing written
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "Error: --to is the format of --out: give --out FILE too" in result.output
    assert "games of" not in result.output and "Game over" not in result.output  # refused before any game


def test_play_takes_the_startup_timeout_of_match() -> None:
    # match had --startup-timeout; play waited a fixed 30 s for an engine that never greets
    import sys
    from pathlib import Path

    from polyreversi.engine.protocol import STARTUP_TIMEOUT
    from polyreversi.players import play_seeded_game

    for command in ("play", "match"):
        help_text = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
        assert "--startup-timeout SECONDS Seconds an external engine may take to start and greet" in help_text
        assert f"[default: {STARTUP_TIMEOUT}; 0<x<=86400]" in help_text
    result = CliRunner().invoke(main, ["play", "--startup-timeout", "0"])
    assert result.exit_code == 2 and "Invalid value for '--startup-timeout': 0 is not in the range" in result.output
    mute = f"nboard:{sys.executable} {Path(__file__).parent / 'fake_engine.py'} nboard mute"
    for seat in ("--black", "--white"):  # White's engine starts after Black's first move
        result = CliRunner().invoke(main, ["play", seat, mute, "--startup-timeout", "0.5", "--quiet"])
        assert result.exit_code == 1, result.output
        # the hint match gives (one helper): play said only that the engine did not answer
        assert result.output.endswith("did not answer 'pong 1' in time; it was closed "
                                      "(it had --startup-timeout 0.5 s to start)\n"), result.output
    with pytest.raises(ValueError, match=r"^startup_timeout: must be a finite number of seconds above 0, at most 86400, "
                                         r"got -5$"):
        play_seeded_game(V, ["random", "random"], 1, startup_timeout=-5)


def test_a_parquet_meta_integer_of_5000_digits_is_named_by_game_and_field(tmp_path: Any) -> None:
    # Python's own "Exceeds the limit (4300 digits) ... use sys.set_int_max_str_digits()" came out instead
    pa = pytest.importorskip("pyarrow", reason="pyarrow (the [parquet] extra) is not installed")
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow (the [parquet] extra) is not installed")
    from polyreversi import datasets

    table = datasets.games_table([pr.Record(V), pr.Record(V)])
    column = table.column_names.index("meta")
    table = table.set_column(column, "meta", pa.array(["{}", '{"a": [1, -' + "9" * 5000 + "]}"]))
    path = tmp_path / "g.parquet"
    pq.write_table(table, path)
    assert _message(lambda: formats.read(str(path))) == (
        f"{path}: game 2: meta.a[1]: '-" + "9" * (QUOTED_CHARS - 1) + "...' (5001 characters) has more than 4300 digits; "
        "a record cannot hold it")


def test_a_match_config_is_checked_when_made_and_not_changed_after() -> None:
    # cfg.startup_timeout = -5 was taken, and refused only when the match ran
    import dataclasses

    from polyreversi.match import MatchConfig, builtin_openings

    config = MatchConfig(builtin_openings(V), ["greedy", "random"])
    with pytest.raises(dataclasses.FrozenInstanceError, match="startup_timeout"):
        config.startup_timeout = -5  # type: ignore[misc]
    with pytest.raises(ValueError, match="^startup_timeout: must be a finite number of seconds above 0"):
        dataclasses.replace(config, startup_timeout=-5)
    assert dataclasses.replace(config, startup_timeout=5).startup_timeout == 5.0
    with pytest.raises(TypeError, match="^control: expected a TimeControl, got str$"):
        MatchConfig(builtin_openings(V), ["greedy", "random"], "depth 2")  # type: ignore[arg-type]


def test_a_match_config_keeps_its_sequences_as_tuples_of_its_own() -> None:
    # frozen, but config.specs.append("search:9") and a change to a list or State it was given reached it
    from polyreversi.match import MatchConfig, builtin_openings

    openings, specs = builtin_openings(V), ["greedy", "random"]
    config = MatchConfig(openings, specs)
    assert config.specs == ("greedy", "random") and type(config.openings) is tuple
    assert config.openings == tuple(openings) and config.schedule(1) == (0, ["random", "greedy"])
    with pytest.raises(AttributeError):
        config.specs.append("search:9")  # type: ignore[attr-defined]
    specs[0], before = "search:1", openings[0].copy()
    openings[0].play(openings[0].legal_moves()[0])
    assert config.specs == ("greedy", "random") and config.openings[0] == before
    assert MatchConfig(iter(openings[:2]), (s for s in ("greedy", "random"))).players == 2  # any iterable, as before


@pytest.mark.parametrize("args", [["replay"], ["show"], ["analyse", "--depth", "1"], ["replay", "--game", "1", "--ply", "1"]])
@pytest.mark.parametrize("ext", [".json", ".ggf"])
def test_a_huge_player_name_is_cut_where_the_cli_shows_it(tmp_path, args, ext):
    """A record's names and event are shown cut (Record.title(), QUOTED_NAME_CHARS): a
    10-million-character name was printed whole by replay, show and analyse."""
    from polyreversi.errors import QUOTED_NAME_CHARS

    state = V.start()
    state.play("f5")
    state.play("d6")
    path = tmp_path / f"big{ext}"
    formats.write(path, [state.record(players=["x" * 200_000, "b"], event="e" * 100_000)])
    result = CliRunner().invoke(main, [args[0], str(path), *args[1:]])
    assert result.exit_code in (0, 1), result.output
    assert "x" * QUOTED_NAME_CHARS + "... (200000 characters)" in result.output
    assert len(result.output) < 4000, result.output[:300]
