"""What the writer writes, the reader reads, for every format.

For records of every kind (variants, starts, names with brackets and non-Latin
letters, resignations with and without a winner, komi, dates, metadata), each
format either refuses the record at write time with a RecordError naming the
game, or writes it so that reading it back gives every field again, except the
fields named in the one RecordWarning the write issued: nothing is lost silently.
"""
from __future__ import annotations

import random
import struct
import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import polyreversi as pr
from conftest import shared_data
from polyreversi import formats
from polyreversi.errors import RecordError, RecordWarning
from polyreversi.formats._lost import result_derivable
from polyreversi.record import UNCOUNTED, Record, Result
from polyreversi.replay import Replay, final_margin

FORMATS = {"json": ".json", "jsonl": ".jsonl", "ggf": ".ggf", "transcript": ".txt", "wthor": ".wtb"}
VARIANTS = ["8x8", "8x8", "6x6", "10x10", "8x8/anti", "octagon", "8x8/3p", "10x10/4p", "8x8/free",
            "8x8/handicap=2", "8x8/blocked=a1"]
WTHOR_META = ("tournament_index", "player_indexes", "theoretical_score", "theoretical_depth", "source", "event")
RESERVED = set(WTHOR_META) | {"ggf", "synchro", "random_start", "color_preference", "move_evals", "move_times"}

NAMES = st.none() | st.text(alphabet="Ann Bo[]\\é李-.;)(", max_size=22)
META_KEYS = st.text(alphabet="abcxyz_", min_size=1, max_size=6).filter(lambda k: k not in RESERVED)
META_VALUES = st.none() | st.integers(-5, 10**6) | st.text(max_size=6) | st.lists(st.integers(0, 9), max_size=3)
GGF_TAGS = st.dictionaries(st.sampled_from(["PC", "RB", "RW", "TI", "XX"]), st.text(alphabet="abc 1.:/", max_size=6),
                           min_size=1, max_size=3)


@st.composite
def records(draw, variants=tuple(VARIANTS)):
    variant = pr.Variant.parse(draw(st.sampled_from(variants)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = variant.start()
    if variant.players == 2 and draw(st.booleans()) and draw(st.booleans()):  # a custom start, now and then
        for _ in range(rng.randint(0, 8)):
            if not state.is_over():
                state.play(rng.choice(state.legal_moves()))
        state = variant.position(state.board(), state.to_move, draw(st.sampled_from([0, state.ply])))
    plies = draw(st.none() | st.integers(0, 70))
    while not state.is_over() and (plies is None or state.ply < plies):
        state.play(rng.choice(state.legal_moves()))
    end = draw(st.sampled_from([None, None, "resigned", "time", "agreed"]))
    winner = None
    if end in UNCOUNTED:
        winner = draw(st.sampled_from([None, pr.Color.BLACK, pr.Color.WHITE][: 1 + variant.players]))
    meta = draw(st.dictionaries(META_KEYS, META_VALUES, max_size=2))
    if draw(st.booleans()):
        meta["event"] = draw(st.text(alphabet="Paris Open 2015", max_size=25))
    if draw(st.booleans()):
        meta["ggf"] = draw(GGF_TAGS)
    if draw(st.integers(0, 3)) == 0:  # WTHOR's own fields, sometimes out of their range
        meta["theoretical_score"] = draw(st.integers(-1, 66))
        meta["theoretical_depth"] = draw(st.sampled_from([0, 20, 24, 300]))
        meta["player_indexes"] = draw(st.sampled_from([[0, 1], [5, 5], [2, 70000], "x"]))
        meta["tournament_index"] = draw(st.integers(0, 3))
    two = variant.players == 2
    record = Record.from_state(
        state,
        players=[draw(NAMES) for _ in range(variant.players)],
        date=draw(st.none() | st.sampled_from(["2015", "2024-05-01", "2003.12.15_12:33:18.MST", "spring"])),
        end=end,
        winner=winner,
        komi=draw(st.sampled_from([None, 1.5, -2.25])) if two else None,
        **meta,
    )
    shape = draw(st.sampled_from(["as played", "no result", "margin only", "source said nothing"]))
    if shape == "no result":
        record = record.replace(result=None)
    elif shape == "margin only" and two:  # a result as GGF or WTHOR give it
        margin = draw(st.sampled_from([-64, -2, 0, 10, 63, 0.5]))
        if end in UNCOUNTED:
            winner = None if not margin else pr.Color.BLACK if margin > 0 else pr.Color.WHITE
        record = record.replace(result=Result(end, margin=margin, winner=winner if end in UNCOUNTED else None))
    elif shape == "source said nothing" and two:
        record = record.replace(result=Result(None, margin=final_margin(state)))
    return record


def canonical(record: Record) -> dict:
    """The fields of a record, derived data filled in the same way whatever the source."""
    replay = Replay(record)
    final, initial = replay.final, replay.initial
    result = record.result
    canon_result = None
    if result is not None and not result_derivable(record, replay):
        end = result.end or ("finished" if final.is_over() else "unfinished")
        margin, winner = result.margin, result.winner
        if end in UNCOUNTED and winner is None and margin:
            winner = pr.Color.BLACK if margin > 0 else pr.Color.WHITE
        if end in UNCOUNTED and margin is None and winner is not None:
            margin = 64 if winner == pr.Color.BLACK else -64  # the winner takes all (GGF's RE[+64.00:r])
        if margin is None and end in ("finished", "agreed"):
            margin = final_margin(final) - (record.komi or 0)
        disks = result.disks if result.disks is not None else tuple(final.scores())
        canon_result = (end, tuple(disks), None if margin is None else float(margin), winner)
    return {
        "variant": record.variant,
        "start": (tuple(initial.board().ravel().tolist()), initial.to_move, initial.ply),
        "moves": replay.moves,
        "players": record.players,
        "date": record.date,
        "komi": record.komi,
        "result": canon_result,
        "meta": record.meta,
    }


def write_and_read(games, fmt: str):
    """(records read back, the warnings' text) or (None, the RecordError) when refused."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"games{FORMATS[fmt]}"
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", RecordWarning)
            try:
                formats.write(path, games, fmt)
            except RecordError as e:
                assert list(Path(folder).iterdir()) == [], "a refused write left a file"
                return None, e
            written = " | ".join(str(w.message) for w in caught if issubclass(w.category, RecordWarning))
            back = formats.read(path, fmt)
        return back, written


def check_round_trip(games, fmt: str) -> int:
    """Writes and reads back ``games``; where the format refuses the list, each game
    alone (one game it cannot hold refuses the whole file, and most drawn lists hold
    one: the others would go unchecked). Returns how many games went round."""
    games = games[:1] if fmt == "json" else games  # a .json file holds one game
    back, said = write_and_read(games, fmt)
    if back is not None:
        assert len(back) == len(games)
        for record, read_back in zip(games, back):
            check_fields(record, read_back, fmt, said)
        return len(games)
    # refused: a clear error naming the file and the game
    assert isinstance(said, RecordError) and f"games{FORMATS[fmt]}: game " in str(said), said
    return sum(check_round_trip([game], fmt) for game in games) if len(games) > 1 else 0


def check_fields(record: Record, read_back: Record, fmt: str, said: str) -> None:
    back = [read_back]
    before, after = canonical(record), canonical(back[0])
    if fmt == "wthor":
        _wthor_additions(before, after, back[0])
    for field in ("variant", "start", "moves", "players", "date", "komi", "result"):
        if before[field] != after[field]:
            assert field in said, f"{fmt}: {field} changed silently: {before[field]!r} -> {after[field]!r}"
    for key, value in before["meta"].items():
        if after["meta"].get(key) != value:
            assert f"meta.{key}" in said, f"{fmt}: meta.{key} changed silently: {value!r} -> {after['meta'].get(key)!r}"
    extra = set(after["meta"]) - set(before["meta"]) - (set(WTHOR_META) if fmt == "wthor" else set())
    assert not extra, f"{fmt}: meta gained {extra}"
    if fmt in ("json", "jsonl"):  # lossless
        assert said == "" and back[0] == record.replace(moves=Replay(record).moves, implicit_passes=False)


def _wthor_additions(before: dict, after: dict, back: Record) -> None:
    """WTHOR writes a score for every game: for a game the source gave none (an unfinished
    game without a recorded score) it is the disks with the empties to the leader."""
    if before["result"] is None and after["result"] is not None and after["result"][0] == "unfinished":
        black, white = Replay(back).final.scores()
        leader = black - white + (64 - black - white) * ((black > white) - (white > black))
        if after["result"] == ("unfinished", (black, white), float(leader), None):
            after["result"] = None
    after["meta"] = {k: v for k, v in after["meta"].items() if k in before["meta"] or k not in WTHOR_META}
    if "source" in before["meta"]:
        after["meta"]["source"] = before["meta"]["source"]  # where the game was read from, made anew


@pytest.mark.parametrize("fmt", list(FORMATS))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games=st.lists(records(), min_size=1, max_size=3))
def test_read_write_keeps_every_field_or_says_so(fmt, games):
    check_round_trip(games, fmt)


# WTHOR holds standard 8x8 games only, one in six of the variants drawn above, and a list
# of games is refused whole for one of them: its fields get their own games here.
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games=st.lists(records(variants=("8x8",)), min_size=1, max_size=3))
def test_wthor_keeps_every_field_of_standard_games_or_says_so(games):
    check_round_trip(games, "wthor")


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(FORMATS))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games=st.lists(records(), min_size=1, max_size=4))
def test_read_write_keeps_every_field_or_says_so_long(fmt, games):
    check_round_trip(games, fmt)


def test_convert_names_what_the_target_cannot_hold_in_one_line(tmp_path):
    from click.testing import CliRunner

    from polyreversi.cli import main

    # the first 300 games of a real database (its header says so), its name files beside it
    data = bytearray(shared_data("wthor", "WTH_2015.wtb").read_bytes()[: 16 + 68 * 300])
    struct.pack_into("<I", data, 4, 300)
    wtb = tmp_path / "first300.wtb"
    wtb.write_bytes(bytes(data))
    for name in ("WTHOR.JOU", "WTHOR.TRN"):
        (tmp_path / name).write_bytes(shared_data("wthor", name).read_bytes())
    result = CliRunner().invoke(main, ["convert", str(wtb), str(tmp_path / "x.ggf")])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert lines == [f"warning: {tmp_path / 'x.ggf'}: GGF cannot hold meta.player_indexes (300 of 300 games), "
                     "meta.source (300 of 300 games), meta.theoretical_depth (300 of 300 games), "
                     "meta.theoretical_score (300 of 300 games), meta.tournament_index (300 of 300 games); "
                     "left out"]
    back = formats.read(tmp_path / "x.ggf")
    assert back[0].meta["event"] and back[0].players[0]  # the event and the names are carried
