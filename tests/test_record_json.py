"""The native JSON record: lossless round trips for every variant, validation on read."""
from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import polyreversi as pr
from conftest import play_randomly
from polyreversi.errors import RecordError
from polyreversi.formats import json_record
from polyreversi.formats.json_record import dumps, from_dict, loads, read, read_lines, write, write_lines
from polyreversi.record import Record
from polyreversi.replay import Replay, ReplayError


def combos():
    """Every allowed board x players x anti x free opening x handicap (RULES.md §8)."""
    for board, players, anti, free, handicap in itertools.product(
        ("6x6", "8x8", "10x10", "octagon"), (2, 3, 4), (False, True), (False, True), range(5)
    ):
        if players > 2 and (board == "6x6" or free or handicap):
            continue
        if handicap and board == "octagon":
            continue
        yield board, players, anti, free, handicap


ALL_COMBOS = list(combos())


def make_variant(combo, seed, blocked_count):
    board, players, anti, free, handicap = combo
    color = pr.Color.WHITE if seed % 2 and handicap else pr.Color.BLACK
    v = pr.Variant(board, players, anti=anti, free_opening=free, handicap=handicap, handicap_color=color)
    if blocked_count:
        v = v.with_random_blocked(seed=seed, count=blocked_count)
    return v


def play_random(state, rng, plies=None):
    return play_randomly(state, plies, rng)


def random_record(combo, seed, *, blocked_count, plies, custom_start, names, meta, date):
    rng = random.Random(seed)
    variant = make_variant(combo, seed, blocked_count)
    state = variant.start()
    if custom_start:
        play_random(state, rng, plies=rng.randint(0, 12))
        state = variant.position(state.board(), state.to_move, state.ply)
    play_random(state, rng, plies)
    return Record.from_state(state, players=names[: variant.players], date=date, **meta)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    combo=st.sampled_from(ALL_COMBOS),
    seed=st.integers(0, 2**32 - 1),
    blocked_count=st.integers(0, 4),
    plies=st.none() | st.integers(0, 40),
    custom_start=st.booleans(),
    names=st.lists(st.none() | st.text(max_size=12), min_size=4, max_size=4),
    meta=st.dictionaries(st.text(min_size=1, max_size=6).filter(  # not from_state's own keywords
        lambda k: k not in ("players", "date", "end", "winner", "komi")),
                         JSON_VALUES, max_size=3),
    date=st.none() | st.dates().map(lambda d: d.isoformat()),
)
def test_json_round_trip_is_identical_for_random_games(combo, seed, blocked_count, plies, custom_start, names,
                                                       meta, date):
    record = random_record(combo, seed, blocked_count=blocked_count, plies=plies, custom_start=custom_start,
                           names=names, meta=meta, date=date)
    text = dumps(record)
    again = loads(text)
    assert dumps(again) == text
    assert again == record
    assert Replay(again).final == Replay(record).final
    line = json_record.dumps_line(record)
    assert "\n" not in line and json_record.dumps_line(loads(line)) == line


def test_json_round_trip_every_combination_with_blocked_squares():
    for i, combo in enumerate(ALL_COMBOS):
        for blocked in (0, 1 + i % 4):
            record = random_record(combo, 1000 + i, blocked_count=blocked, plies=None, custom_start=False,
                                   names=["a", "b", "c", "d"], meta={"seed": i}, date=None)
            text = dumps(record)
            assert dumps(loads(text)) == text, combo
            assert loads(text).variant.blocked == record.variant.blocked


def test_json_document_shape():
    state = pr.Variant("8x8", blocked=["b7"]).start()
    state.play("f5")
    obj = json.loads(dumps(Record.from_state(state, players=("Alice", "Bob"), event="club")))
    assert obj["format"] == "polyreversi-record" and obj["version"] == 1
    assert obj["variant"]["blocked"] == ["b7"] and obj["moves"] == ["f5"]
    assert obj["result"] == {"end": "unfinished", "disks": [4, 1], "margin": None}
    assert obj["players"] == ["Alice", "Bob"] and obj["meta"] == {"event": "club"}


def test_passes_are_written_explicitly():
    for seed in range(500):
        state = play_random(pr.Variant("6x6").start(), random.Random(seed))
        if state.PASS in state.moves():
            break
    implicit = [m for m in state.moves() if m != state.PASS]
    text = dumps(Record("6x6", moves=implicit, implicit_passes=True))
    assert "pass" in json.loads(text)["moves"]
    assert loads(text).moves == tuple(state.moves())
    obj = json.loads(text)
    obj["moves"] = [m for m in obj["moves"] if m != "pass"]
    with pytest.raises(ReplayError, match="ply"):
        from_dict(obj)


def test_custom_start_round_trip_three_players():
    variant = pr.Variant("octagon", 3, blocked=["b7"])
    state = play_random(variant.start(), random.Random(3), plies=9)
    start = variant.position(state.board(), state.to_move, state.ply)
    play_random(start, random.Random(4), plies=6)
    record = Record.from_state(start)
    obj = json.loads(dumps(record))
    assert obj["start"]["to_move"] == start.initial().to_move.name.lower()
    assert obj["start"]["ply"] == 9
    assert "#" in obj["start"]["board"][6] and obj["start"]["board"][0].startswith("--")
    assert loads(dumps(record)) == record


# -- validation -----------------------------------------------------------------------

def good():
    state = pr.Variant("8x8").start()
    for m in ("f5", "d6", "c3"):
        state.play(m)
    return json.loads(dumps(Record.from_state(state, players=("A", "B"))))


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda o: o.update(version=2), "version: unknown version 2; this polyreversi reads version 1"),
        (lambda o: o.pop("version"), "version: missing field"),
        (lambda o: o.update(version=True), r"version: expected a whole number .*got a boolean \(True\)"),
        (lambda o: o.pop("moves"), "^moves: missing field$"),
        (lambda o: o["variant"].pop("board"), "^variant.board: missing field$"),
        (lambda o: o.update(colour="x"), "^colour: unknown field$"),
        (lambda o: o.update(format="other"), "format: expected 'polyreversi-record'"),
        (lambda o: o["moves"].__setitem__(1, "i9"), "^moves\\[1\\]: i9 is not a square of the 8x8 board$"),
        (lambda o: o["moves"].__setitem__(2, "k3"), "^moves\\[2\\]: 'k3' is not a square name"),
        (lambda o: o["moves"].__setitem__(2, "a1"), r"^illegal move a1 at ply 2 \(Black to move\)"),
        (lambda o: o["moves"].append("pass"), r"^illegal move pass at ply 3 \(White to move\)"),
        (lambda o: o["variant"].update(blocked=["z1"]), "^variant.blocked\\[0\\]: 'z1' is not a square name"),
        (lambda o: o["variant"].update(blocked=["d4"]), "^variant: blocked"),
        (lambda o: o["variant"].update(players=3, free_opening=True), "^variant: "),
        (lambda o: o["variant"].update(board="9x9"), "^variant.board: "),
        (lambda o: o.update(players=["A"]), "^players: "),
        (lambda o: o.update(players=["A", "B", "C"]), "^players: 3 entries for a 2-player game"),
        (lambda o: o["result"].update(disks=[1, 2, 3]), "^result.disks: 3 counts for a 2-player game"),
        (lambda o: o["result"].update(end="won"), "^result.end: "),
        (lambda o: o["result"].update(disks=[-1, 2]), "^result.disks\\[0\\]: "),
        (lambda o: o.update(start={"board": ["." * 8] * 7, "to_move": "black", "ply": 0}),
         "^start.board: 7 rows; the 8x8 board has 8$"),
        (lambda o: o.update(start={"board": ["." * 8] * 7 + ["." * 7], "to_move": "black", "ply": 0}),
         "^start.board\\[7\\]: 7 cells; the 8x8 board has 8 per row$"),
        (lambda o: o.update(start={"board": ["#" + "." * 7] + ["." * 8] * 7, "to_move": "black", "ply": 0}),
         "^start.board: a1 is marked blocked"),
        (lambda o: o.update(start={"board": ["R" + "." * 7] + ["." * 8] * 7, "to_move": "black", "ply": 0}),
         "^start: "),
        (lambda o: o.update(start={"board": ["." * 8] * 8, "to_move": "red", "ply": 0}),
         "^start.to_move: Red is not a player"),
        (lambda o: o.update(komi="x"), "^komi: "),
        (lambda o: o.update(meta=[]), "^meta: "),
        (lambda o: o.update(meta={"score": float("nan")}), "^meta.score: NaN is not a JSON number"),
        (lambda o: o.update(meta={"a": [1, {"b": float("-inf")}]}), r"^meta.a\[1\].b: -Infinity is not a JSON number"),
        (lambda o: o.update(komi=float("inf")), "^komi: Infinity is not a JSON number"),
        (lambda o: o["result"].update(margin=float("nan")), "^result.margin: NaN is not a JSON number"),
    ],
)
def test_bad_records_name_the_field_or_ply(change, message):
    obj = good()
    change(obj)
    with pytest.raises(RecordError, match=message):
        from_dict(obj)


def test_not_json_gives_line_and_column():
    with pytest.raises(RecordError, match="line 2 column 1: not valid JSON"):
        loads('{"version": 1,\n}')
    with pytest.raises(RecordError, match="record: expected a JSON object, got an array"):
        loads("[]")


def test_validate_false_skips_the_replay_only():
    obj = good()
    obj["moves"][2] = "a1"
    record = from_dict(obj, validate=False)
    assert record.move_names() == ["f5", "d6", "a1"]
    obj["moves"][2] = "i9"
    with pytest.raises(RecordError, match="moves\\[2\\]"):
        from_dict(obj, validate=False)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_fuzzed_text_never_crashes(text):
    try:
        loads(text)
    except RecordError:
        pass


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_fuzzed_fields_never_crash(data):
    obj = good()
    key = data.draw(st.sampled_from(sorted(obj)))
    obj[key] = data.draw(JSON_VALUES)
    try:
        from_dict(obj)
    except RecordError:
        pass


# -- files ---------------------------------------------------------------------------

def test_files_and_lines_round_trip(tmp_path):
    records = [random_record(c, 7 + i, blocked_count=i % 3, plies=None, custom_start=i % 2 == 1,
                             names=["x", None, "z", "w"], meta={"round": i}, date="2024-01-02")
               for i, c in enumerate(ALL_COMBOS[::7])]
    path = tmp_path / "one.json"
    write(path, records[0])
    assert read(path) == records[0]
    lines = tmp_path / "many.jsonl"
    write_lines(lines, records)
    assert read_lines(lines) == records
    assert len(lines.read_text(encoding="utf-8").splitlines()) == len(records)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.jsonl", "one.json"]


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85", "\x1c", "\x0b"])
def test_a_line_of_json_lines_may_hold_unicode_line_breaks(tmp_path, char):
    """JSON writes these raw inside strings; only \\n (or \\r\\n, \\r) ends a line of the file."""
    record = Record("8x8", moves=["f5"], players=(f"A{char}nn", None), meta={"note": f"x{char}y"})
    lines = tmp_path / "many.jsonl"
    write_lines(lines, [record, record])
    assert read_lines(lines) == [record, record]
    lines.write_bytes(lines.read_bytes().replace(b"\n", b"\r\n"))
    assert read_lines(lines) == [record, record]


def test_bad_line_is_named(tmp_path):
    lines = tmp_path / "many.jsonl"
    good_line = json.dumps(good())
    bad = good()
    bad["moves"][1] = "i9"
    lines.write_text(good_line + "\n\n" + json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"many.jsonl: line 3 \(game 2\): moves\[1\]: i9"):
        read_lines(lines)


def test_failed_write_leaves_the_file_as_it_was(tmp_path):
    path = tmp_path / "game.json"
    write(path, Record("8x8", moves=["f5"]))
    before = path.read_bytes()
    with pytest.raises(ReplayError):
        write(path, Record("8x8", moves=["f5", "f5"]))
    with pytest.raises(RecordError, match="meta: cannot be written as JSON"):
        write(path, Record("8x8", meta={"x": object()}))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_missing_and_non_utf8_files(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        read(tmp_path / "none.json")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{")
    with pytest.raises(RecordError, match="not UTF-8"):
        read(bad)


def test_schema_is_published():
    assert json_record.SCHEMA["properties"]["version"] == {"const": 1}
    assert set(json_record.SCHEMA["required"]) == set(good())


def docs_blocks():
    path = Path(__file__).resolve().parents[1] / "docs" / "records.md"
    if not path.exists():
        pytest.skip(f"{path} not found")
    return re.findall(r"```json\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_documented_schema_is_the_schema():
    blocks = [json.loads(b) for b in docs_blocks()]
    assert json_record.SCHEMA in blocks


def test_documented_example_is_a_valid_record():
    example = next(b for b in docs_blocks() if '"format": "polyreversi-record"' in b)
    record = loads(example)
    assert record.variant == pr.Variant.parse("octagon/3p/blocked=b7")
    assert dumps(record) == example
    assert Replay(record).check().status == "unfinished"


# -- reading fast, with the same verdicts and messages; winners -----------------

def _outcome(obj, *, fast: bool):
    """What from_dict makes of obj: the record's JSON, or the error's class and message."""
    import copy
    from unittest import mock

    obj = copy.deepcopy(obj)
    patch = mock.patch.object(json_record, "_fast_moves", return_value=None) if not fast else mock.MagicMock()
    with patch:
        try:
            return ("ok", dumps(from_dict(obj)))
        except (RecordError, TypeError, ValueError) as e:
            return (type(e).__name__, str(e))


PATHS = ["format", "version", "variant", "variant.board", "variant.players", "variant.anti", "variant.free_opening",
         "variant.handicap", "variant.handicap_color", "variant.blocked", "players", "players.0", "moves", "moves.0",
         "moves.2", "result", "result.end", "result.disks", "result.disks.1", "result.margin", "result.winner",
         "date", "start", "komi", "meta", "extra"]
ODD_VALUES = st.none() | st.booleans() | st.integers(-3, 70) | st.sampled_from(
    [1.0, 2.0, -0.5, 10**20, "f5", "F5", "f5\n", "pass", "i9", "a1", "b7", "8x8", "octagon", "black", "white", "red",
     "resigned", "finished", "unfinished", "", [], [1, 2], ["b7"], ["b7", "b7"], ["A", None], {}, {"x": 1},
     {"end": None, "disks": None, "margin": None}, {"board": ["." * 8] * 8, "to_move": "black", "ply": 0},
     {"board": ["." * 8] * 8, "to_move": "white", "ply": 1.0}, float("nan"), float("inf"), {"x": float("nan")},
     [float("-inf")]]
)


def _set(obj, path, value):
    *parents, last = path.split(".")
    for p in parents:
        if isinstance(obj, list) and (not p.isdigit() or int(p) >= len(obj)):
            return
        obj = obj[int(p)] if isinstance(obj, list) else obj.get(p)
        if not isinstance(obj, (dict, list)):
            return
    if isinstance(obj, list) and not last.isdigit():
        return
    if isinstance(obj, list):
        if int(last) < len(obj):
            if value is _DELETE:
                del obj[int(last)]
            else:
                obj[int(last)] = value
    elif value is _DELETE:
        obj.pop(last, None)
    else:
        obj[last] = value


_DELETE = object()


def _changes(most: int):
    return st.lists(st.tuples(st.sampled_from(PATHS), ODD_VALUES | st.just(_DELETE)), min_size=1, max_size=most)


def _fast_and_full_agree(changes) -> None:
    obj = good()
    for path, value in changes:
        _set(obj, path, value)
    assert _outcome(obj, fast=True) == _outcome(obj, fast=False)


test_the_fast_path_gives_the_full_schema_verdict_and_message = settings(max_examples=150, deadline=None)(
    given(_changes(3))(_fast_and_full_agree))
test_the_fast_path_gives_the_full_schema_verdict_and_message_long = pytest.mark.slow(
    settings(max_examples=3000, deadline=None)(given(_changes(4))(_fast_and_full_agree)))


def test_nan_in_meta_is_refused_when_read_as_the_writer_refuses_it(tmp_path):
    # json reads NaN and Infinity (and 1e999 as infinity), which the writer cannot write back.
    text = dumps(Record("8x8"))
    for bad, spelled in (("NaN", "NaN is not a JSON number"), ("Infinity", "Infinity is not a JSON number"),
                         ("-Infinity", "-Infinity is not a JSON number"), ("1e999", "'1e999' is too large for a float")):
        doc = text.replace('"meta": {}', '"meta": {"x": [%s]}' % bad)
        with pytest.raises(RecordError, match=rf"^meta.x\[0\]: {spelled}"):
            loads(doc)
        line = json_record.dumps_line(Record("8x8")).replace('"meta":{}', '"meta":{"x":[%s]}' % bad)
        (tmp_path / "nan.jsonl").write_text(line + "\n")
        with pytest.raises(RecordError, match=rf"meta.x\[0\]: {spelled}"):
            json_record.read_lines(tmp_path / "nan.jsonl")
    fine = Record("8x8", meta={"x": [1.5, -2.0, 1e308]})
    assert loads(dumps(fine)) == fine


def test_the_fast_path_is_taken_for_usual_records():
    obj = good()
    assert json_record._fast_moves(obj) == (37, 43, 18)
    obj["moves"][1] = "i9"  # off the 8x8 board: the full checks explain
    assert json_record._fast_moves(obj) is None


def test_numbers_keep_their_value_whichever_parser_reads_them():
    record = Record("8x8", meta={"big": 12345678901234567890123, "neg": -9223372036854775809, "x": 0.1})
    assert loads(dumps(record)).meta == record.meta
    assert loads(json_record.dumps_line(record)).meta == record.meta
    with pytest.raises(RecordError, match="line 1 column 2: not valid JSON"):
        loads("{]")


def test_the_winner_of_a_resignation_is_kept():
    state = pr.Variant("8x8").start()
    state.play("f5")
    record = Record.from_state(state, end="resigned", winner=pr.Color.WHITE)
    obj = json.loads(dumps(record))
    assert obj["result"] == {"end": "resigned", "disks": [4, 1], "margin": None, "winner": "white"}
    assert loads(dumps(record)) == record and loads(dumps(record)).result.winner == pr.Color.WHITE
    obj["result"]["winner"] = "red"
    with pytest.raises(RecordError, match="result.winner: Red is not a player of a 2-player game"):
        from_dict(obj)
    obj["result"].update(winner="black", end="finished")
    with pytest.raises(RecordError, match="result.winner: only a game that ended by resignation or on time"):
        from_dict(obj)
    obj["result"]["winner"] = "nobody"
    with pytest.raises(RecordError, match="result.winner: 'nobody' is not one of"):
        from_dict(obj)


def test_records_without_a_winner_are_written_as_before():
    obj = good()
    assert "winner" not in obj["result"]


@pytest.mark.parametrize("moves, message", [
    ([37, 999], r"^moves\[0\]: 37 is not a square name"),  # every element is bad: the first is named
    (["f5", 999, "zz"], r"^moves\[1\]: 999 is not a square name"),
    (["zz", 999], r"^moves\[0\]: 'zz' is not a square name"),
    (["f5", "d6", None], r"^moves\[2\]: None is not a square name"),
])
def test_the_first_bad_move_is_named(moves, message):
    obj = good()
    obj["moves"] = moves
    with pytest.raises(RecordError, match=message):
        from_dict(obj)
    obj["result"]["disks"] = ["x", -1]
    obj["moves"] = ["f5"]
    with pytest.raises(RecordError, match=r"^result.disks\[0\]: 'x' is not of type 'integer'"):
        from_dict(obj)


def test_a_long_list_of_bad_moves_is_refused_by_its_first_errors():
    # Every bad move is a schema error: reading them all took 1 GB for 300,000 moves.
    obj = good()
    del obj["players"]
    obj["moves"] = [37] * 300_000
    with pytest.raises(RecordError, match=r"^players: missing field"):
        from_dict(obj)
    obj = good()
    obj["moves"] = [37] * (pr._core.limits.LONGEST_GAME + 1)
    with pytest.raises(RecordError, match=r"^moves: .* is too long"):
        from_dict(obj)


def test_the_variant_is_its_object_or_its_text_in_every_reader(tmp_path):
    import jsonschema
    from click.testing import CliRunner

    from polyreversi.cli import main
    from polyreversi.engine import games

    state = pr.Variant.parse("octagon/3p/blocked=b7").start()
    state.play(state.legal_moves()[0])
    obj = json.loads(dumps(Record.from_state(state)))
    as_text = dict(obj, variant="octagon/3p/blocked=B7")  # read by Variant.parse: any case, as everywhere
    jsonschema.validate(as_text, json_record.SCHEMA)  # the published schema takes both forms
    assert dumps(from_dict(as_text)) == dumps(from_dict(obj))  # the writer writes the object
    path = tmp_path / "game.json"
    path.write_text(json.dumps(as_text))
    assert read(path).variant == pr.Variant.parse("octagon/3p/blocked=b7")
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code == 0 and "unfinished (stopped early):   1" in r.output, r.output
    assert games.state_from_json(json.dumps(as_text)) == state  # the engines' set polyreversi-game
    accepted = "variant: expected the variant's text (such as '8x8' or 'octagon/4p/blocked=b7') or an object"
    for bad in (42, None, ["8x8"]):
        with pytest.raises(RecordError, match=re.escape(accepted)):
            from_dict(dict(obj, variant=bad))
        with pytest.raises(RecordError, match=re.escape(accepted)):
            json_record.loads_game(json.dumps({"variant": bad, "moves": []}))
    with pytest.raises(RecordError, match="^variant: board: unknown board '9x9'"):
        from_dict(dict(obj, variant="9x9"))
    with pytest.raises(RecordError, match="^variant: blocked: 'blocked=random' draws new squares"):
        from_dict(dict(obj, variant="octagon/blocked=random"))  # a record holds the squares used


@pytest.mark.parametrize("ext", [".json", ".jsonl"])
@pytest.mark.parametrize("value", ["yes", 1, None])
def test_validate_is_a_flag(tmp_path, ext, value):
    """validate="yes" was taken as True (a string for a flag): refused when the reader is
    made, before any game; None is 'not given' to the readers (the default)."""
    from polyreversi import formats as _formats

    state = pr.Variant().start()
    state.play("f5")
    path = tmp_path / f"g{ext}"
    _formats.write(path, [state.record()])
    if value is None:
        assert [e.record.plies for e in _formats.iter_games(path, validate=value)] == [1]
        return
    with pytest.raises(TypeError, match=r"^validate: expected True or False, got "):
        _formats.iter_games(path, validate=value)
    with pytest.raises(TypeError, match=r"^validate: expected True or False"):
        json_record.loads(json_record.dumps(state.record()), validate=value)


def test_a_meta_key_named_state_is_metadata():
    # from_state's state is positional-only, so any meta key is free (hypothesis drew 'state')
    record = Record.from_state(pr.Variant.parse("6x6").start(), state="final", players=["a", "b"])
    assert record.meta["state"] == "final"
    assert json_record.loads(json_record.dumps(record)).meta["state"] == "final"
