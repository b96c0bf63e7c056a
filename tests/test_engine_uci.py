"""The UCI client (polyreversi.engine.uci) and Fairy-Stockfish's Reversi dialect
(polyreversi.engine.fairy), against a fake UCI engine (tests/fake_uci_engine.py)
written independently from Fairy-Stockfish's source; the live test plays the real
engine when POLYREVERSI_FAIRY names it."""
import os
import sys
from pathlib import Path

import pytest

import polyreversi as pr
from polyreversi import players
from polyreversi.engine import SimpleEngine, fairy, popen_uci
from polyreversi.engine.uci import go_command, parse_info, parse_option
from polyreversi.errors import (EngineIllegalMoveError, EngineProtocolError, EngineTerminatedError,
                                EngineTimeoutError)

from engine_checks import asyncio_move_then_quit, gone, seat_plays_a_game, times_out_and_is_closed

FAKE = os.path.join(os.path.dirname(__file__), "fake_uci_engine.py")


def fake(mode="good"):
    return [sys.executable, FAKE, mode]


@pytest.fixture
def ini(tmp_path):
    path = tmp_path / "variants.ini"
    fairy.write_variants_ini(path)
    return str(path)


def white_must_pass(anti=False):
    """Black a1, White b1 c1 h8, White to move: Black's only disk is a corner."""
    board = [[0] * 8 for _ in range(8)]
    board[0][0], board[0][1], board[0][2], board[7][7] = 1, 2, 2, 2
    state = pr.Variant(anti=anti).position(board, 2)
    assert state.must_pass()
    return state


# -- the dialect ------------------------------------------------------------------------
def test_squares_count_ranks_from_the_bottom():
    v8, v10 = pr.Variant("8x8"), pr.Variant("10x10")
    assert fairy.square_text(v8, v8.square("d3")) == "d6"
    assert fairy.square_text(v8, v8.square("a1")) == "a8"
    assert fairy.square_text(v10, v10.square("j10")) == "j1"
    assert fairy.square_text(v10, v10.square("a1")) == "a10"


def test_start_fens_are_fairy_stockfishs_own():
    # variant.cpp flipello_variant / flipello10_variant and the variants.ini flipello6, as written there
    assert fairy.fen(pr.Variant("8x8").start()) == "8/8/8/3pP3/3Pp3/8/8/8[" + "P" * 60 + "p" * 60 + "] w - - 0 1"
    assert fairy.fen(pr.Variant("10x10").start()).startswith("10/10/10/10/4pP4/4Pp4/10/10/10/10[" + "P" * 96)
    assert fairy.fen(pr.Variant("6x6").start()).startswith("6/6/2pP2/2Pp2/6/6[" + "P" * 32 + "p" * 32 + "]")
    assert fairy.fen(pr.Variant("octagon").start()).startswith("**6**/*8*/10/10/4pP4/4Pp4/10/10/*8*/**6**[")


def test_fen_hands_shrink_by_the_disks_each_side_placed():
    s = pr.Variant().start()
    s.play("f5")
    text = fairy.fen(s)
    assert text.endswith("] b - - 0 1")
    hand = text[text.index("[") + 1:text.index("]")]
    assert hand.count("P") == 59 and hand.count("p") == 60


def test_moves_and_passes_round_trip():
    s = pr.Variant().start()
    assert fairy.move_text(s, s.variant.square("f5")) == "P@f4"
    assert fairy.parse_move(s, "P@f4") == s.variant.square("f5")
    s.play("f5")
    assert fairy.move_text(s, s.variant.square("f6")) == "P@f3"  # the piece type, for either colour
    assert fairy.parse_move(s, "p@f3") == s.variant.square("f6")
    # White must pass: its pass is its lowest-ranked, first-filed disk to itself
    w = white_must_pass()
    assert fairy.move_text(w, w.PASS) == "h1h1"
    assert fairy.parse_move(w, "h1h1") == w.PASS
    assert fairy.parse_move(s, "(none)") == s.PASS
    for bad in ("e2e4", "P@z9", "banana", "P@a11"):
        with pytest.raises(ValueError):
            fairy.parse_move(s, bad)


def test_variants_without_a_fairy_name_are_refused():
    with pytest.raises(EngineProtocolError, match="two-player"):
        fairy.variant_name(pr.Variant("8x8", 3))
    with pytest.raises(EngineProtocolError, match="blocked"):
        fairy.variant_name(pr.Variant("8x8", blocked=("a1",)))
    assert fairy.variant_name(pr.Variant("octagon", anti=True)) == "anti-flipello-octagon"


def test_variants_ini_defines_every_name_not_built_in(ini):
    text = Path(ini).read_text(encoding="utf-8")
    for (board, anti), name in fairy.VARIANT_NAMES.items():
        if name not in ("flipello", "flipello10"):
            assert f"[{name}:" in text


def test_variants_ini_is_not_left_half_written(tmp_path, monkeypatch):
    path = tmp_path / "v.ini"
    path.write_text("old")

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        fairy.write_variants_ini(path)
    assert path.read_text() == "old"
    assert os.listdir(tmp_path) == ["v.ini"]


# -- protocol pieces ----------------------------------------------------------------------
def test_option_lines_are_read_with_spaces_and_combos():
    o = parse_option("option name Skill Level type spin default 20 min -20 max 20")
    assert (o.name, o.type, o.default, o.min, o.max) == ("Skill Level", "spin", "20", -20, 20)
    o = parse_option("option name UCI_Variant type combo default chess var chess var flipello var flipello10")
    assert o.var == ["chess", "flipello", "flipello10"]
    o = parse_option("option name VariantPath type string default <empty>")
    assert o.default == "<empty>"
    assert parse_option("option type spin") is None
    with pytest.raises(EngineProtocolError, match="1 .. 512"):
        parse_option("option name Threads type spin default 1 min 1 max 512").check(0, "x")


def test_info_lines_are_read():
    info = parse_info("info depth 7 seldepth 9 multipv 2 score cp -35 nodes 1234 nps 10 time 3 pv P@d6 p@c6")
    assert info["depth"] == 7 and info["multipv"] == 2 and info["score"] == ("cp", -35, None)
    assert info["pv"] == ["P@d6", "p@c6"]
    assert parse_info("info depth 9 score mate 3 lowerbound pv P@a1")["score"] == ("mate", 3, "lowerbound")
    assert parse_info("info string variant flipello")["string"] == "variant flipello"


def test_go_command_of_each_limit():
    assert go_command(pr.Limit(depth=6)) == "go depth 6"
    assert go_command(pr.Limit(time=0.1)) == "go movetime 100"
    assert go_command(pr.Limit(nodes=5000)) == "go nodes 5000"
    assert go_command(pr.Limit(clock=2.5, increment=0.1, moves_to_go=10)) == \
        "go wtime 2500 btime 2500 winc 100 binc 100 movestogo 10"


# -- against the fake engine ---------------------------------------------------------------
@pytest.mark.parametrize("board", ["8x8", "10x10", "6x6", "octagon"])
@pytest.mark.parametrize("anti", [False, True])
def test_games_on_every_board_are_played_to_the_end(board, anti, ini):
    with SimpleEngine.popen_uci(fake(), options={"VariantPath": ini}) as engine:
        state = pr.Variant(board, anti=anti).start()
        while not state.is_over():
            result = engine.play(state, pr.Limit(depth=2))
            assert state.is_legal(result.move)
            assert result.text.startswith("bestmove ")
            state.play(result.move)
        assert engine.name == "FakeFish"
        assert engine.protocol.values["UCI_Variant"] == fairy.VARIANT_NAMES[(board, anti)]
    assert gone(engine)


def test_a_variant_the_engine_does_not_know_names_the_remedy():
    with SimpleEngine.popen_uci(fake()) as engine:
        assert engine.play(pr.Variant("8x8").start(), pr.Limit(depth=1)).move is not None
        with pytest.raises(EngineProtocolError, match="flipello-octagon.*VariantPath"):
            engine.play(pr.Variant("octagon").start(), pr.Limit(depth=1))


def test_options_are_checked_against_the_declaration(ini):
    with pytest.raises(EngineProtocolError, match="no option 'Nonsense'"):
        SimpleEngine.popen_uci(fake(), options={"Nonsense": 1})
    with pytest.raises(EngineProtocolError, match="Threads.*1 .. 512"):
        SimpleEngine.popen_uci(fake(), options={"Threads": 0})
    with pytest.raises(EngineProtocolError, match="does not know the variant 'nosuch'"):
        SimpleEngine.popen_uci(fake(), options={"UCI_Variant": "nosuch"})
    # a fixed variant (here given before the file that defines it) is used for every game
    with SimpleEngine.popen_uci(fake(), options={"UCI_Variant": "flipello6", "VariantPath": ini,
                                                 "skill level": 3}) as engine:
        assert engine.protocol.values == {"VariantPath": ini, "Skill Level": "3", "UCI_Variant": "flipello6"}
        assert engine.play(pr.Variant("6x6").start(), pr.Limit(depth=1)).move is not None


def test_analyse_gives_multipv_lines_best_first(ini):
    with SimpleEngine.popen_uci(fake(), options={"VariantPath": ini}) as engine:
        state = pr.Variant().start()
        infos = engine.analyse(state, pr.Limit(depth=3), multipv=3)
        assert [i.score for i in infos] == [0.9, 0.8, 0.7]
        assert [i.move for i in infos] == state.legal_moves()[:3]
        assert all(len(i.pv) == 2 and i.depth == 3 and not i.exact for i in infos)
        assert engine.protocol.values["MultiPV"] == "3"
        engine.play(state, pr.Limit(depth=1))
        assert engine.protocol.values["MultiPV"] == "1"


def test_anti_reversi_without_a_pass_move_is_read_as_a_pass(ini):
    state = white_must_pass(anti=True)
    with SimpleEngine.popen_uci(fake("nopass"), options={"VariantPath": ini}) as engine:
        assert engine.play(state, pr.Limit(depth=1)).move == state.PASS


def test_a_forced_pass_is_written_as_fairy_stockfish_does(ini):
    state = white_must_pass()
    with SimpleEngine.popen_uci(fake(), options={"VariantPath": ini}) as engine:
        result = engine.play(state, pr.Limit(depth=1))
    assert result.move == state.PASS and result.text == "bestmove h1h1"


def test_illegal_and_nonsense_moves_are_named():
    with SimpleEngine.popen_uci(fake("illegal")) as engine:
        with pytest.raises(EngineIllegalMoveError, match="illegal"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))
    with SimpleEngine.popen_uci(fake("nonsense")) as engine:
        with pytest.raises(EngineProtocolError, match="e2e4.*not a Reversi move"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))


def test_hang_times_out_and_the_engine_is_closed():
    with SimpleEngine.popen_uci(fake("hang"), timeout=2) as engine:
        times_out_and_is_closed(engine)


def test_death_flood_and_silence():
    with SimpleEngine.popen_uci(fake("die")) as engine:
        with pytest.raises(EngineTerminatedError, match="status 3.*dying on purpose"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))
    with SimpleEngine.popen_uci(fake("flood")) as engine:
        with pytest.raises(EngineProtocolError, match="more than"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))
    assert gone(engine)
    with pytest.raises(EngineTimeoutError):
        SimpleEngine.popen_uci(fake("mute"), startup_timeout=2)


def test_bad_requests_are_refused_before_the_engine_is_asked():
    with SimpleEngine.popen_uci(fake()) as engine:
        with pytest.raises(ValueError, match="needs a depth"):
            engine.play(pr.Variant().start(), pr.Limit())
        with pytest.raises(EngineProtocolError, match="two-player"):
            engine.play(pr.Variant("8x8", 4).start(), pr.Limit(depth=1))


def test_asyncio_client():
    assert asyncio_move_then_quit(popen_uci, fake()) in (19, 26, 37, 44)


def test_uci_seat_spec_carries_options(ini):
    kind, options = players.parse_player_spec(f"uci:VariantPath={ini}:Hash=8:{sys.executable} {FAKE}")
    assert kind == "uci"
    assert options == {"command": f"{sys.executable} {FAKE}", "options": {"VariantPath": ini, "Hash": "8"}}
    assert players.parse_player_spec("uci:/x/fairy-stockfish --a=b")[1]["options"] == {}
    with pytest.raises(ValueError, match="command"):
        players.parse_player_spec("uci:Hash=8:")
    assert seat_plays_a_game(f"uci:VariantPath={ini}:{sys.executable} {FAKE}", "octagon").is_over()


def test_match_with_a_uci_seat(ini, tmp_path):
    from polyreversi.match.runner import MatchConfig, play_game
    from polyreversi.match.referee import TimeControl

    spec = f"uci:VariantPath={ini}:{sys.executable} {FAKE}"
    config = MatchConfig([pr.Variant("10x10", anti=True).start()], [spec, "random"], TimeControl(depth=1))
    for k in range(2):
        _, outcome = play_game(config, k)
        assert outcome.forfeit is None and outcome.record.replay().final.is_over()


# -- the real engine -------------------------------------------------------------------------
FAIRY = os.environ.get("POLYREVERSI_FAIRY")


@pytest.mark.skipif(not FAIRY, reason="POLYREVERSI_FAIRY is not set (the path of a Fairy-Stockfish built with "
                                      "largeboards=yes; /work/engines/README.md)")
@pytest.mark.parametrize("board", ["8x8", "10x10", "6x6", "octagon"])
@pytest.mark.parametrize("anti", [False, True])
def test_live_fairy_stockfish_plays_legal_games(board, anti, ini):
    with SimpleEngine.popen_uci(FAIRY, options={"VariantPath": ini}) as engine:
        state = pr.Variant(board, anti=anti).start()
        random = pr.RandomPlayer(seed=7)
        while not state.is_over():
            if int(state.to_move) == 1:
                state.play(engine.play(state, pr.Limit(depth=2)).move)
            else:
                state.play(random.choose(state))
        infos = engine.analyse(pr.Variant(board, anti=anti).start(), pr.Limit(depth=3), multipv=2)
        assert len(infos) == 2 and infos[0].move != infos[1].move


def test_match_command_takes_a_uci_seat(ini):
    from click.testing import CliRunner

    from polyreversi.cli import main

    r = CliRunner().invoke(main, ["match", f"uci:VariantPath={ini}:{sys.executable} {FAKE}", "random", "-n", "2",
                                  "--depth", "1", "--variant", "octagon", "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "+2 =0 -0" in r.output
    r = CliRunner().invoke(main, ["match", "uci:Hash=8:", "random"])
    assert r.exit_code != 0 and "command" in r.output


# -- info lines that contradict themselves or the position ------------------------------
# At the 8x8 start (Black to move) the legal moves are d3 c4 f5 e6: P@d6 P@c5 P@f4 P@e3 here.
GOOD = "info depth 5 multipv 1 score cp 25 pv P@f4 p@f3"


@pytest.mark.parametrize("bad,why", [
    ("info depth 6 score cp 10 mate 3 pv P@d6", "two scores"),
    ("info depth 6 score mate 3 score cp 10 pv P@d6", "two scores"),
    ("info depth 6 score cp ten pv P@d6", "score cp ten: not 'cp N' or 'mate N'"),
    ("info depth 6 score wdl 500 pv P@d6", "not 'cp N' or 'mate N'"),
    ("info depth 6 score mate 0 pv P@d6", "score mate 0 (no move left) with a pv"),
    ("info depth 6 score mate 65 pv P@d6", "score mate 65: more moves than the board's 64 squares"),
    ("info depth 6 score cp 100001 pv P@d6", "score cp 100001: beyond ±100,000"),
    ("info depth 6 score cp -2000000 pv P@d6", "beyond ±100,000"),
    ("info depth 6 multipv 0 score cp 5 pv P@d6", "multipv 0: not a whole number of 1 or more"),
    ("info depth -1 score cp 5 pv P@d6", "depth -1: not a whole number of 0 or more"),
    ("info depth x score cp 5 pv P@d6", "depth x: not a whole number"),
    ("info depth 6 score cp 5 pv", "an empty pv"),
    ("info depth 6 score cp 5 pv P@a8 P@d6", "pv starts with 'P@a8', not a legal move at ply 0"),
    ("info depth 6 score cp 5 pv e2e4", "pv starts with 'e2e4'"),
])
def test_an_absurd_info_line_is_ignored_and_named_when_nothing_usable_is_left(monkeypatch, bad, why):
    state = pr.Variant().start()
    monkeypatch.setenv("FAKE_UCI_INFO", f"{GOOD}|{bad}")  # the good line stays the analysis
    with SimpleEngine.popen_uci(fake("lines")) as engine:
        [info] = engine.analyse(state, pr.Limit(depth=6))
        assert (info.move, info.score, info.depth, info.exact) == (state.variant.square("f5"), 0.25, 5, False)
        assert engine.play(state, pr.Limit(depth=6)).move == state.legal_moves()[0]  # bestmove is still read
    monkeypatch.setenv("FAKE_UCI_INFO", bad)
    with SimpleEngine.popen_uci(fake("lines")) as engine:
        with pytest.raises(EngineProtocolError, match="no usable info line") as caught:
            engine.analyse(state, pr.Limit(depth=6))
        assert why in str(caught.value) and bad in str(caught.value)


def test_usable_info_lines_at_their_limits_are_read(monkeypatch):
    state = pr.Variant().start()
    lines = ["info depth 0 multipv 1 score cp -100000 pv P@d6",
             "info depth 9 multipv 2 score mate -64 pv P@c5 p@c4 P@a8",  # cut where it stops replaying
             "info depth 9 multipv 3 score mate 2 lowerbound pv P@e3",  # a bound: passed over, not an error
             "info depth 9 currmove P@f4 currmovenumber 3"]  # progress
    monkeypatch.setenv("FAKE_UCI_INFO", "|".join(lines))
    with SimpleEngine.popen_uci(fake("lines")) as engine:
        first, second = engine.analyse(state, pr.Limit(depth=9), multipv=3)
    assert (first.move, first.score, first.depth) == (state.variant.square("d3"), -1000.0, 0)
    assert (second.score, second.exact) == (-64.0, True)
    assert [state.variant.square_name(m) for m in second.pv] == ["c4", "c5"]
    assert parse_info("info score cp 3 mate 1 pv P@d6")["invalid"] == "two scores"
