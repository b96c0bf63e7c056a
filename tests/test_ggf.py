"""GGF: every real game replays to its recorded result; writing never writes a wrong game."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import polyreversi as pr
from polyreversi.errors import RecordError
from polyreversi.formats import UnsupportedGameError, ggf, iter_games
from polyreversi.record import Record, Result
from polyreversi.replay import Replay, ReplayError, final_margin

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def data_file(*parts: str) -> Path:
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found at {path} (tests read ../shared/data beside the project root)")
    return path


def ggf_files():
    folder = data_file("ggf")
    files = sorted(folder.glob("*.ggf"))
    if not files:
        pytest.skip(f"no .ggf files in {folder}")
    return files


def random_state(variant, seed, plies=None):
    rng = random.Random(seed)
    state = pr.Variant.parse(variant).start() if isinstance(variant, str) else variant.start()
    while not state.is_over() and (plies is None or state.ply < plies):
        state.play(rng.choice(state.legal_moves()))
    return state


# -- the real games -------------------------------------------------------------------

def test_every_real_game_replays_to_its_recorded_result():
    games = unsupported = 0
    for path in ggf_files():
        text = path.read_text(encoding="utf-8")
        for entry in iter_games(path):
            if entry.error is not None:
                # The only game the engine cannot play is the 4x4 one, and it says so.
                assert isinstance(entry.error, UnsupportedGameError), entry.error
                assert "TY[4]: a 4x4 board; the engine plays sides 6, 8 and 10 only" in str(entry.error)
                unsupported += 1
                continue
            games += 1
            record = entry.record
            replay = Replay(record)
            final = replay.final
            assert final.is_over(), (path.name, entry.number)
            assert record.result.end == "finished"
            b, w = final.scores()
            assert b + w == 64  # these games fill the board: the margin is the disk difference
            expected = b - w - (record.komi or 0)
            assert abs(record.result.margin - expected) < 0.01, (path.name, entry.number)
            assert replay.check().status == "match"
        assert text.count("(;") == len(list(iter_games(path)))
    assert games >= 15 and unsupported == 1


def test_four_by_four_game_gives_a_clear_error():
    path = data_file("ggf", "nboard_test2.ggf")
    text = path.read_text(encoding="utf-8")
    four = text[: text.index(";)") + 2]
    assert "TY[4]" in four
    with pytest.raises(UnsupportedGameError, match=r"game 1 \(line 1 column 1\): TY\[4\]: a 4x4 board"):
        ggf.loads(four)
    with pytest.raises(RecordError, match="nboard_test2.ggf: game 1"):
        ggf.read(path)


def test_komi_and_random_start_game():
    path = data_file("ggf", "nboard_test2.ggf")
    records = [e.record for e in iter_games(path) if e.record is not None]
    komi = [r for r in records if r.komi is not None]
    assert len(komi) == 1
    record = komi[0]
    raw = path.read_text(encoding="utf-8")
    km = float(re.search(r"KM\[([^\]]*)\]", raw).group(1))
    assert record.komi == km and record.meta["random_start"] == 20
    assert record.start is not None and sum(1 for c in record.start.board if c) == 20
    final = Replay(record).final
    b, w = final.scores()
    assert abs(record.result.margin - ((b - w) - km)) < 0.01
    assert "KB" in record.meta["ggf"] and "KW" in record.meta["ggf"]


def test_explicit_passes_in_real_games():
    path = data_file("ggf", "ntest_TestGames.ggf")
    text = path.read_text(encoding="utf-8")
    games = re.findall(r"\(;.*?;\)", text, re.S)
    records = ggf.read(path)
    with_pass = 0
    for raw, record in zip(games, records):
        written = [m.group(1) for m in re.finditer(r"(?<![A-Z])[BW]\[([^/\]]*)", raw)]
        passes = [i for i, w in enumerate(written) if w.lower() in ("pa", "pass")]
        assert [i for i, m in enumerate(record.moves) if m == 64] == passes
        if passes:
            with_pass += 1
            state = Replay(record)[passes[0]]
            assert state.must_pass()
    assert with_pass >= 4  # games spelling the pass 'pass' and 'PA'


def test_game_ending_with_a_black_pass_leaves_white_to_move():
    path = data_file("ggf", "ntest_TestGames.ggf")
    raw = next(g for g in re.findall(r"\(;.*?;\)", path.read_text(encoding="utf-8")) if "B[PA" in g)
    cut = raw[: raw.index("B[PA")] + "B[PA];)"
    record = ggf.parse_game(cut)
    assert record.moves[-1] == 64
    final = Replay(record).final
    assert final.to_move == pr.Color.WHITE and not final.is_over()


def test_a_written_pass_with_a_legal_move_is_an_error():
    text = "(;GM[Othello]TY[8]B[f5]W[PA]B[d3];)"
    with pytest.raises(ReplayError, match=r"illegal move pass at ply 1 \(White to move\): a player with a legal move may not pass"):
        Replay(ggf.parse_game(text))


def test_missing_pass_is_inserted_when_the_same_colour_moves_twice():
    path = data_file("ggf", "ntest_TestGames.ggf")
    raw = next(g for g in re.findall(r"\(;.*?;\)", path.read_text(encoding="utf-8")) if "B[pass]" in g)
    full = ggf.parse_game(raw)
    without = ggf.parse_game(raw.replace("B[pass]", ""))
    assert without.moves == full.moves
    assert Replay(without).final == Replay(full).final
    # A colour that moves twice where the other player could move is an illegal pass.
    with pytest.raises(ReplayError, match="may not pass"):
        Replay(ggf.parse_game("(;GM[Othello]TY[8]B[f5]B[f4];)"))


# -- round trips -------------------------------------------------------------------------

def test_real_games_round_trip_moves_and_result(tmp_path):
    for path in ggf_files():
        records = [e.record for e in iter_games(path) if e.record is not None]
        out = tmp_path / path.name
        ggf.write(out, records)
        again = ggf.read(out)
        assert len(again) == len(records)
        for a, b in zip(records, again):
            assert b.moves == a.moves and b.result == a.result
            assert (b.players, b.date, b.komi, b.start, b.variant) == (a.players, a.date, a.komi, a.start, a.variant)
            assert b.meta == a.meta
            assert ggf.dumps(b) == ggf.dumps(a)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["6x6", "8x8", "10x10", "8x8/anti", "10x10/anti"]), st.integers(0, 10**6),
       st.none() | st.integers(0, 50))
def test_random_games_round_trip(variant, seed, plies):
    state = random_state(variant, seed, plies)
    record = Record.from_state(state, players=("B", "W"), date="2024-05-01")
    back = ggf.parse_game(ggf.dumps(record))
    assert back.moves == record.moves and back.variant == record.variant
    assert back.players == ("B", "W") and back.date == "2024-05-01"
    final = Replay(back).final
    assert final == state
    if state.is_over():
        assert back.result.end == "finished" and back.result.margin == final_margin(state)
        assert Replay(back).check().status == "match"
    else:
        assert back.result is None  # GGF cannot say "stopped early" but by leaving RE out


def test_handicap_is_written_as_a_start_board():
    state = random_state(pr.Variant("8x8", handicap=3, handicap_color="White"), 4)
    back = ggf.parse_game(ggf.dumps(Record.from_state(state)))
    assert back.variant == pr.Variant("8x8") and back.start is not None
    assert list(back.start.board) == list(state.initial().board().ravel())
    assert Replay(back).final.board().tolist() == state.board().tolist()


@pytest.mark.parametrize(
    "variant, message",
    [
        ("octagon", "GGF cannot express the octagon board"),
        ("8x8/blocked=a1", "GGF cannot express blocked squares"),
        ("8x8/3p", "GGF cannot express a 3-player game"),
        ("10x10/4p", "GGF cannot express a 4-player game"),
        ("8x8/free", "GGF cannot express the free opening"),
    ],
)
def test_writing_what_ggf_cannot_express_is_refused(tmp_path, variant, message):
    record = Record.from_state(random_state(variant, 1))
    with pytest.raises(RecordError, match=message):
        ggf.dumps(record)
    out = tmp_path / "x.ggf"
    with pytest.raises(RecordError, match=f"x.ggf: game 1: {message}"):
        ggf.write(out, [record])
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_result_flags_and_komi_are_written():
    state = random_state("8x8", 2, plies=20)
    for end, flag in (("resigned", ":r"), ("time", ":t"), ("agreed", ":s")):
        record = Record.from_state(state).replace(result=Result(end, margin=-64))
        text = ggf.dumps(record)
        assert f"RE[-64{flag}]" in text
        assert ggf.parse_game(text).result == Result(end, margin=-64.0)
    record = Record.from_state(random_state("8x8", 2)).replace(komi=1.5)
    text = ggf.dumps(record)
    assert "TY[8k]" in text and "KM[1.5]" in text
    assert ggf.parse_game(text).komi == 1.5 and Replay(ggf.parse_game(text)).check().status == "match"


# -- reading details ----------------------------------------------------------------------

@pytest.mark.parametrize(
    "ty, expected",
    [
        ("8", ggf.GameType(8)),
        ("s8r20", ggf.GameType(8, synchro=True, random=20)),
        ("8kr20", ggf.GameType(8, komi=True, random=20)),
        ("10a", ggf.GameType(10, anti=True)),
        ("8K", ggf.GameType(8, komi=True)),
        ("8r", ggf.GameType(8, random=0)),
        ("8b", ggf.GameType(8, color="b")),
    ],
)
def test_types(ty, expected):
    assert ggf.parse_type(ty) == expected


@pytest.mark.parametrize("ty", ["8x", "x8", "", "8kk", "8r20r4"])
def test_unknown_type_is_an_error(ty):
    with pytest.raises(RecordError, match=re.escape(f"TY[{ty}]")):
        ggf.loads(f"(;GM[Othello]TY[{ty}]B[f5];)")


def test_anti_game_and_counters():
    text = "1 (;GM[Othello]TY[8a]B[F5]W[d6];)\n2 (;GM[Othello]TY[8]B[f5];) (;GM[Othello]B[f5/1.5/2.25];)"
    a, b, c = ggf.loads(text)
    assert a.variant == pr.Variant("8x8", anti=True)
    assert a.move_names() == ["f5", "d6"] and b.move_names() == ["f5"]
    assert c.meta["move_evals"] == ["1.5"] and c.meta["move_times"] == ["2.25"]
    assert "F5/1.5/2.25" in ggf.dumps(c)


@pytest.mark.parametrize(
    "text, message",
    [
        ("(;GM[Othello]PB[x;)", r"unbalanced brackets: '\[' of PB is never closed"),
        ("(;GM[Othello]PB[x W[f5];)", r"unbalanced brackets: '\[' inside the value of PB"),
        ("(;GM[Othello]B[f5]", "game 1 is not closed with ';\\)'"),
        ("(;GM[Othello]B[f5];) )", "unexpected '\\)' outside a game"),
        ("(;GM[Othello](;B[f5];)", "unexpected '\\(' in game 1"),
        ("(;GM[Othello]B f5];)", "property B has no '\\[' value"),
        ("hello (;GM[Othello];)", "line 1 column 1: unexpected 'hello"),
    ],
)
def test_malformed_files(text, message):
    with pytest.raises(RecordError, match=message):
        ggf.loads(text)


@pytest.mark.parametrize(
    "text, message",
    [
        ("(;GM[Chess];)", r"GM\[Chess\]: not an Othello game"),
        ("(;GM[Othello]TY[8]B[i9];)", r"game 1 .*B\[i9\] \(move 1, line 1 column 19\): 'i9' is not a square"),
        ("(;GM[Othello]TY[12]B[f5];)", r"TY\[12\]: a 12x12 board"),
        ("(;GM[Othello]TY[8]BO[8 ---- *];)", "BO: 4 cells for a 8x8 board"),
        ("(;GM[Othello]TY[8]BO[6 " + "-" * 36 + " *];)", "BO: a 6x6 board in a game of type TY\\[8\\]"),
        ("(;GM[Othello]BO[8 " + "x" * 64 + " *];)", "BO: cell 1 is 'x'"),
        ("(;GM[Othello]BO[8 " + "-" * 64 + " X];)", "BO: the side to move is 'X'"),
        ("(;GM[Othello]TY[8]RE[win];)", r"RE\[win\]: expected Black's margin"),
        ("(;GM[Othello]TY[8]RE[+2:q];)", r"RE\[\+2:q\]"),
        ("(;GM[Othello]TY[8]KM[abc];)", r"KM\[abc\]: expected a number"),
        ("(;GM[Othello]TY[8r20];)", "a random-start game needs its start board BO"),
    ],
)
def test_bad_games(text, message):
    with pytest.raises(RecordError, match=message):
        ggf.loads(text)


def test_bad_game_is_reported_per_game(tmp_path):
    path = tmp_path / "mixed.ggf"
    path.write_text("(;GM[Othello]TY[8]B[f5];)\n(;GM[Othello]TY[8x]B[f5];)\n(;GM[Othello]TY[8]B[d3];)\n")
    entries = list(iter_games(path))
    assert [e.error is None for e in entries] == [True, False, True]
    assert "mixed.ggf: game 2 (line 2 column 1): TY[8x]" in str(entries[1].error)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="(;)[]GMOthelo BWPAf5d6c3TY8kra/-*0123456789\n", max_size=80))
def test_fuzzed_ggf_never_crashes(text):
    try:
        records = ggf.loads(text)
    except RecordError:
        return
    for record in records:
        try:
            Replay(record)
        except RecordError:
            pass
