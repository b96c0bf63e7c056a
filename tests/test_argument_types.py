"""A State, a Variant or a Batch of the wrong type, given to a public function or method,
is a TypeError naming the public argument in the one wording of
``polyreversi._validate.instance`` (``NAME: expected a CLS, got TYPE``): never an
AttributeError from inside, a pybind11 message naming a binding, or the function's
name in place of the argument's."""
from __future__ import annotations

import re
from typing import Any, Callable

import pytest

import polyreversi as pr
from polyreversi import book, replay, svg
from polyreversi.baseline import BaselineNetwork
from polyreversi.envs import EnvSpec
from polyreversi.envs import observation, render, symmetry
from polyreversi.envs.actions import checked_action
from polyreversi.match import builtin_openings
from polyreversi.match import play as match_play
from polyreversi.players import parse_move

V = pr.Variant("8x8")


class Stranger:
    """Not a State, a Variant or a Batch: has none of their attributes."""


def _symmetry() -> Any:
    return symmetry.symmetries(V)[1]


CASES: list[tuple[str, Callable[[Any], Any], str, str]] = [
    ("record_of", lambda x: pr.record_of(x), "state", "State"),
    ("Record.from_state", lambda x: pr.Record.from_state(x), "state", "State"),
    ("StartPosition.of", lambda x: pr.StartPosition.of(x), "state", "State"),
    ("StartPosition.state", lambda x: pr.StartPosition.of(V.start()).state(x), "variant", "Variant"),
    ("Game(state=)", lambda x: pr.Game(state=x), "state", "State"),
    ("search", lambda x: pr.search(x, depth=1), "state", "State"),
    ("solve", lambda x: pr.solve(x), "state", "State"),
    ("evaluate", lambda x: pr.evaluate(x), "state", "State"),
    ("SearchPlayer.play", lambda x: pr.SearchPlayer(depth=1).play(x), "state", "State"),
    ("SearchPlayer.choose", lambda x: pr.SearchPlayer(depth=1).choose(x), "state", "State"),
    ("SearchPlayer.analyse", lambda x: pr.SearchPlayer(depth=1).analyse(x), "state", "State"),
    ("SearchPlayer.start", lambda x: pr.SearchPlayer(depth=1).start(x), "state", "State"),
    ("InformedMCTSPlayer.play", lambda x: pr.InformedMCTSPlayer(playouts=10).play(x), "state", "State"),
    ("mcts", lambda x: pr.mcts(x, playouts=10), "state", "State"),
    ("observe", lambda x: pr.observe(x), "state", "State"),
    ("book.canonical", lambda x: book.canonical(x), "state", "State"),
    ("replay.final_margin", lambda x: replay.final_margin(x), "state", "State"),
    ("envs.action_mask", lambda x: observation.action_mask(x), "state", "State"),
    ("envs.rewards", lambda x: observation.rewards(x), "state", "State"),
    ("envs.observe_batch", lambda x: observation.observe_batch(x), "batch", "Batch"),
    ("envs.batch_rewards", lambda x: observation.batch_rewards(x), "batch", "Batch"),
    ("envs.render.ansi", lambda x: render.ansi(x), "state", "State"),
    ("envs.render.render", lambda x: render.render(x, "ansi"), "state", "State"),
    ("envs.checked_action", lambda x: checked_action(19, x), "state", "State"),
    ("Symmetry.state", lambda x: _symmetry().state(x), "state", "State"),
    ("players.parse_move", lambda x: parse_move(x, "f5"), "state", "State"),
    ("match.builtin_openings", lambda x: builtin_openings(x), "variant", "Variant"),
    ("match.play", lambda x: match_play(x, [], []), "start", "State"),
    ("Replay", lambda x: pr.Replay(x), "record", "Record"),
    ("svg.frames", lambda x: svg.frames(x), "source", "State, a list of States or a Record"),
    ("perft", lambda x: pr.perft(x, 1), "state_or_variant", "State, a Variant or variant text"),
    ("perft_divide", lambda x: pr.perft_divide(x, 1), "state_or_variant", "State, a Variant or variant text"),
    ("EnvSpec", lambda x: EnvSpec(x), "variant", "Variant"),
    ("BaselineNetwork", lambda x: BaselineNetwork({}, x), "variant", "Variant"),
]


#: Calls whose argument may be None (its default).
OPTIONAL = {"Game(state=)"}


@pytest.mark.parametrize("value", [Stranger(), None, 3, "f5"], ids=["object", "None", "int", "str"])
@pytest.mark.parametrize("label,call,name,cls", CASES, ids=[c[0] for c in CASES])
def test_a_wrong_type_is_a_type_error_naming_the_argument(label: str, call: Callable[[Any], Any], name: str,
                                                          cls: str, value: Any) -> None:
    if "Variant" in cls and isinstance(value, str):
        pytest.skip("variant text is a Variant's other form")
    if label in OPTIONAL and value is None:
        pytest.skip("None is the argument's default")
    message = f"{name}: expected a {cls}, got {type(value).__name__}"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        call(value)


@pytest.mark.parametrize("moves,given", [
    (None, "NoneType"), ("f5", "str"), (Stranger(), "Stranger"), (1.5, "float"), ({"a": 1}, "dict"),
    ([None, None], "dtype object"), ([19.0, 19.0], "dtype float64"), ([True, False], "dtype bool"),
], ids=["None", "str", "object", "float", "dict", "Nones", "floats", "bools"])
def test_batch_step_of_the_wrong_type_is_a_type_error_whatever_its_shape(moves: Any, given: str) -> None:
    batch = pr.Batch(V, 2)
    with pytest.raises(TypeError, match=f"^{re.escape(f'moves: expected integers of shape (2,), got {given}')}$"):
        batch.step(moves)
    assert list(batch.plies()) == [0, 0]


@pytest.mark.parametrize("moves,given", [(19, "()"), ([19], "(1,)"), ([19, [19]], "a ragged sequence")])
def test_batch_step_of_integers_of_the_wrong_shape_is_a_value_error(moves: Any, given: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(f'moves: expected shape (2,), got {given}')}$"):
        pr.Batch(V, 2).step(moves)


@pytest.mark.parametrize("variant, message", [
    (3, "variant: expected a Variant or text such as '8x8', got int"),
    ("9x9", "variant: board: unknown board '9x9'"),
])
def test_a_records_variant_is_named_once(variant: Any, message: str) -> None:
    with pytest.raises(pr.RecordError, match=f"^{re.escape(message)}"):
        pr.Record(variant, ())


@pytest.mark.parametrize("values,given", [
    ("x", "str"), (Stranger(), "Stranger"), ({"a": 1}, "dict"), ([["x"] * 65] * 2, "dtype <U1"),
], ids=["str", "object", "dict", "texts"])
def test_batch_sample_of_the_wrong_type_is_a_type_error_whatever_its_shape(values: Any, given: str) -> None:
    batch = pr.Batch(V, 2)
    for method, name in ((batch.sample, "probs"), (batch.sample_logits, "logits")):
        message = f"{name}: expected float32 numbers of shape (2, 65) (B games, N*N+1 moves), got {given}"
        with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
            method(values)


def test_a_records_player_name_takes_a_colour_of_its_game() -> None:
    # player_name(0) gave the last player's name and player_name(-1) the first's (a list index)
    import polyreversi as pr

    record = pr.record_of(pr.Variant().start(), players=["Alice", "Bob"])
    assert (record.player_name(1), record.player_name(pr.Color.WHITE)) == ("Alice", "Bob")
    for color in (0, -1, 3):
        with pytest.raises(ValueError, match="color: must be 1 to 2"):
            record.player_name(color)
    for color in ("black", True, 1.0):
        with pytest.raises(TypeError, match="color: expected an int"):
            record.player_name(color)


@pytest.mark.parametrize("fmt", ["ggf", "txt", "wtb", "jsonl"])
def test_writing_an_item_that_is_not_a_record_is_a_type_error_and_writes_nothing(fmt: str, tmp_path: Any) -> None:
    # ggf, txt and wtb raised AttributeError ('NoneType' object has no attribute 'variant')
    import polyreversi.formats as formats

    path = tmp_path / f"games.{fmt}"
    path.write_bytes(b"kept")
    with pytest.raises(TypeError, match="record: expected a Record, got NoneType"):
        formats.write(path, [None])
    assert path.read_bytes() == b"kept"


def test_a_search_players_time_above_the_maximum_is_refused_when_made() -> None:
    import polyreversi as pr
    from polyreversi.limit import MAX_TIME

    with pytest.raises(ValueError, match="time: .*at most 86400"):
        pr.SearchPlayer(time=MAX_TIME * 2)
    assert pr.SearchPlayer(time=MAX_TIME).time == MAX_TIME


def test_one_games_writers_and_the_fen_name_a_wrong_type() -> None:
    # each raised AttributeError ('NoneType' object has no attribute ...)
    from polyreversi.engine import fairy
    from polyreversi.formats import ggf, transcript

    for dump in (ggf.dumps, transcript.dumps):
        with pytest.raises(TypeError, match="record: expected a Record, got NoneType"):
            dump(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state: expected a State, got int"):
        fairy.fen(3)  # type: ignore[arg-type]
