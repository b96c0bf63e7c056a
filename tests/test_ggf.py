"""GGF: every real game replays to its recorded result; writing never writes a wrong game."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import polyreversi as pr
from conftest import random_position, shared_data as data_file
from polyreversi.errors import RecordError, RecordWarning
from polyreversi.formats import UnsupportedGameError, ggf, iter_games
from polyreversi.record import Game, Record, Result
from polyreversi.replay import Replay, ReplayError, final_margin

def ggf_files():
    folder = data_file("ggf")
    files = sorted(folder.glob("*.ggf"))
    if not files:
        pytest.skip(f"no .ggf files in {folder}")
    return files


def random_state(variant, seed, plies=None):
    return random_position(variant, plies, seed)


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


def test_a_colour_moving_twice_out_of_turn_names_the_move_not_a_pass():
    """GGF leaves out only a forced pass: a second Black move where White could move is
    Black's move out of turn, named as written (no pass was written to blame)."""
    with pytest.raises(ReplayError, match=r"B\[f4\] \(move 2, line 1 column 24\): Black moves twice in a row, "
                                          r"but White is to move at ply 1 and has legal moves \(f4 d6 f6\)") as e:
        ggf.parse_game("(;GM[Othello]TY[8]B[f5]B[f4];)")
    assert (e.value.ply, e.value.index, e.value.move) == (1, 1, pr.Variant().PASS)  # where the record goes wrong
    # An illegal move before it is named by the replay, as any illegal move.
    record = ggf.parse_game("(;GM[Othello]TY[8]B[a1]B[f4];)")
    with pytest.raises(ReplayError, match="illegal move a1 at ply 0"):
        Replay(record)


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
        assert back.result == Result("unfinished")  # written RE[?], the GGS / NBoard convention
        assert "RE[?]" in ggf.dumps(record)


def test_handicap_is_written_as_a_start_board():
    state = random_state(pr.Variant("8x8", handicap=3, handicap_color="White"), 4)
    with pytest.warns(RecordWarning, match=r"^GGF cannot hold variant\.handicap \(written as its start board\); left out$"):
        text = ggf.dumps(Record.from_state(state))
    back = ggf.parse_game(text)
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
        winner = pr.Color.WHITE if end != "agreed" else None  # the sign says who won a resignation
        assert ggf.parse_game(text).result == Result(end, margin=-64.0, winner=winner)
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


# -- RE[?], names with brackets, winners of resigned games, nothing lost silently --

NBOARD_GAME = (  # as NBoard sends it to an engine (NBoard protocol, "set game"): RE[?] until the game ends
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)"
)


def test_result_unknown_reads_as_an_unfinished_game_and_is_written_back():
    record = ggf.parse_game(NBOARD_GAME)
    assert record.result == Result("unfinished")
    assert record.players == ("./mEdax", "chris") and record.plies == 8
    assert Replay(record).check().status == "unfinished"
    text = ggf.dumps(record)
    assert "RE[?]" in text
    assert ggf.parse_game(text) == record


@pytest.mark.parametrize("name", ["Ann [FR]", "x]y", "[", "a]"])
def test_a_name_ggf_cannot_hold_is_refused_when_written(tmp_path, name):
    record = Record("8x8", moves=["f5"], players=(name, "Ben"))
    with pytest.raises(RecordError, match=r"PB: .* which a GGF value cannot hold \(GGF has no escape\)"):
        ggf.dumps(record)
    with pytest.raises(RecordError, match="x.ggf: game 1: PB"):
        ggf.write(tmp_path / "x.ggf", [record])
    assert list(tmp_path.iterdir()) == []


def test_a_backslash_is_written_and_read_as_it_is():
    record = Record("8x8", moves=["f5"], players=("C:\\Ann\\", "Ben;)"), date="(;x")
    assert ggf.parse_game(ggf.dumps(record)).players == ("C:\\Ann\\", "Ben;)")


@pytest.mark.parametrize("end, flag", [("resigned", "r"), ("time", "t")])
@pytest.mark.parametrize("winner, sign", [(pr.Color.BLACK, "+"), (pr.Color.WHITE, "-")])
def test_a_game_that_ended_without_a_count_says_who_won(end, flag, winner, sign):
    state = random_state("8x8", 5, plies=21)
    record = Record.from_state(state, end=end, winner=winner)
    text = ggf.dumps(record)
    assert f"RE[{sign}64:{flag}]" in text  # the winner takes all, as the GGF specification's RE[+64.00:r]
    back = ggf.parse_game(text).result
    assert (back.end, back.winner, back.margin) == (end, winner, float(f"{sign}64"))


def test_game_resign_names_the_winner():
    game = Game("8x8", players=("Ann", "Ben"))
    game.play("f5")
    game.resign()  # White, to move, resigns
    assert game.record.result.winner == pr.Color.BLACK
    game.lose_on_time(pr.Color.BLACK)
    assert (game.record.result.end, game.record.result.winner) == ("time", pr.Color.WHITE)
    assert "RE[-64:t]" in ggf.dumps(game.record)


def test_an_unknown_end_is_refused_when_set():
    game = Game("8x8")
    with pytest.raises(RecordError, match="result.end: unknown ending 'resign'"):
        game.end = "resign"
    with pytest.raises(RecordError, match="result.winner: expected the colour of a player"):
        game.winner = pr.Color.RED
    with pytest.raises(RecordError, match="result.winner: expected the colour of a player"):
        game.winner = "black"
    with pytest.raises(RecordError, match="result.end: unknown ending 'won'"):
        Record.from_state(game.state, end="won")
    with pytest.raises(RecordError, match="result.winner: only a game that ended by resignation or on time"):
        Result("finished", winner=pr.Color.BLACK)
    with pytest.raises(RecordError, match="result.winner: White won, but the margin \\+12 says Black won"):
        Result("resigned", margin=12, winner=pr.Color.WHITE)
    with pytest.raises(RecordError, match="result.winner: Red is not a player of a 2-player game"):
        Record("8x8", result=Result("resigned", winner=pr.Color.RED))


def test_a_resignation_with_no_winner_is_not_written_as_a_draw():
    record = Record("8x8", moves=["f5"], result=Result("resigned"))
    with pytest.warns(pr.RecordWarning, match=r"GGF cannot hold result.end \(resigned, winner unknown\)"):
        text = ggf.dumps(record)
    assert "RE[?]" in text and "RE[+0:r]" not in text


def test_event_and_unknown_properties_are_kept_and_written_back(tmp_path):
    text = "(;GM[Othello]PC[GGS/os]EV[Paris Open]RB[2196.37]XX[a]XX[b]TY[8]RE[+2]B[f5];)"
    record = ggf.parse_game(text)
    assert record.meta == {"event": "Paris Open", "ggf": {"PC": "GGS/os", "RB": "2196.37", "XX": ["a", "b"]}}
    assert ggf.parse_game(ggf.dumps(record)).meta == record.meta


def test_what_ggf_cannot_hold_is_named_in_one_warning_per_file(tmp_path):
    state = random_state("8x8", 3, plies=30)
    records = [Record.from_state(state, players=("A", "B"), source=f"game {i}", theoretical_score=32)
               .replace(result=Result(None, margin=10)) for i in range(3)]
    out = tmp_path / "x.ggf"
    with pytest.warns(pr.RecordWarning) as caught:
        ggf.write(out, records)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert message == (f"{out}: GGF cannot hold meta.source (3 of 3 games), meta.theoretical_score (3 of 3 games), "
                       "result.margin (of an unfinished game) (3 of 3 games); left out")
    assert all(r.result == Result("unfinished") for r in ggf.read(out))


def test_nothing_to_warn_about_a_plain_game(recwarn):
    ggf.dumps(Record.from_state(random_state("8x8", 4), players=("A", "B"), event="club"))
    assert not [w for w in recwarn if issubclass(w.category, pr.RecordWarning)]


@pytest.mark.parametrize("move, message", [
    ("F5//abc", "B[F5//abc] (move 1, line 1 column 19): time 'abc' is not a time ([[HH:]MM:]SS"),
    ("F5/x", "B[F5/x] (move 1, line 1 column 19): evaluation 'x' is not a decimal number"),
    ("F5/1/2/3", "B[F5/1/2/3] (move 1, line 1 column 19): 4 fields; a move is MOVE[/EVAL[/TIME]]"),
    ("F5/1/1:2:3:4", "time '1:2:3:4' is not a time"),
    ("F5/1/99:99", "time '99:99' is not a time ([[HH:]MM:]SS, seconds with an optional fraction, MM and SS below 60"),
    ("F5//1:60:00", "time '1:60:00' is not a time"),
])
def test_a_moves_evaluation_and_time_are_what_the_ggf_spec_allows(move, message):
    # GGF (skatgame.net/mburo/ggsa/ggf): B[move[/[eval][/time]]], the time as GGS writes times.
    with pytest.raises(RecordError, match=re.escape(message)):
        ggf.parse_game(f"(;GM[Othello]TY[8]B[{move}];)")
    game = ggf.parse_game("(;GM[Othello]TY[8]B[F5/-1.5/01:02.5]W[d6/]B[c3//]W[f4/+.5/1:00:00];)")
    assert game.meta["move_evals"] == ["-1.5", "", "", "+.5"]
    assert game.meta["move_times"] == ["01:02.5", "", "", "1:00:00"]
    assert ggf.parse_game(ggf.dumps(game)).meta == game.meta  # written back as read
    bad = game.replace(meta=dict(game.meta, move_times=["1", "2", "x/y", "4"]))
    with pytest.raises(RecordError, match=re.escape("meta['move_times'][2]: 'x/y' cannot be written in a GGF move")):
        ggf.dumps(bad)
