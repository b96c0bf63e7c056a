"""polyreversi's own engine (NBoard and GTP) on its own and under polyreversi's client;
the client against NTest's recorded replies; live tests against NTest."""
import io
import os
import sys

import pytest

import polyreversi as pr
from polyreversi.engine import SimpleEngine
from polyreversi.engine.serve_gtp import GtpServer
from polyreversi.engine.serve_nboard import NBoardServer, parse_clock
from polyreversi.errors import EngineIllegalMoveError, EngineProtocolError

HERE = os.path.dirname(__file__)
FAKE = os.path.join(HERE, "fake_engine.py")
NTEST = os.environ.get("POLYREVERSI_NTEST")
live = pytest.mark.skipif(not NTEST, reason="POLYREVERSI_NTEST is not set (a command that runs NTest; "
                                             "see docs/engines.md)")


def own(protocol):
    return [sys.executable, "-m", "polyreversi", "engine", "--protocol", protocol]


def session(server_class, text):
    out = io.StringIO()
    server_class(io.StringIO(text), out).serve()
    return out.getvalue()


# -- round trips: our engine under our client ----------------------------------------------
@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_round_trip_plays_the_librarys_moves(protocol):
    with SimpleEngine.popen(protocol, own(protocol)) as engine:
        assert engine.name == "polyreversi"
        state = pr.Variant().start()
        greedy = pr.GreedyPlayer(seed=3)
        while not state.is_over():
            if state.to_move == pr.Color.BLACK:
                move = engine.play(state, pr.Limit(depth=3)).move
                assert move == pr.search(state, depth=3).move
            else:
                move = greedy.choose(state)
            state.play(move)


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
@pytest.mark.parametrize("variant", ["6x6", "10x10/anti", "octagon/blocked=b7", "8x8/free"])
def test_round_trip_variants_through_the_extensions(protocol, variant):
    with SimpleEngine.popen(protocol, own(protocol)) as engine:
        state = pr.Variant.parse(variant).start()
        for _ in range(6):
            result = engine.play(state, pr.Limit(depth=2))
            assert result.move == pr.search(state, depth=2).move
            state.play(result.move)
        infos = engine.analyse(state, pr.Limit(depth=2), multipv=2)
        assert len(infos) == 2 and infos[0].score >= infos[1].score
        assert all(state.is_legal(i.move) for i in infos)


def test_analyse_near_the_end_is_exact_through_nboard():
    state = pr.Variant().position_from_text(
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    with SimpleEngine.popen_nboard(own("nboard")) as engine:
        best = engine.analyse(state, pr.Limit(depth=4), multipv=1)[0]
    assert (state.variant.square_name(best.move), best.score, best.exact) == ("g8", 18.0, True)


# -- the NBoard engine's replies -------------------------------------------------------------
def test_nboard_session_replies():
    ggf = ("(;GM[Othello]PC[]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 -------- -------- -------- ---O*--- "
           "---*O--- -------- -------- -------- *]B[F5//3.5];)")
    text = session(NBoardServer, f"nboard 2\nset depth 2\nset game {ggf}\nping 7\ngo\nhint 2\nlearn\n"
                                 "set contempt 100\nmove D6\n")  # no ping: a ping during the search would stop it
    lines = text.splitlines()
    assert lines[:2] == ["set myname polyreversi", "pong 7"]
    go = next(line for line in lines if line.startswith("==="))
    move = go.split()[1].split("/")[0]
    state = pr.Variant().start()
    state.play("f5")
    assert move.lower() == state.variant.square_name(pr.search(state, depth=2).move)
    hints = [line for line in lines if line.startswith("search ")]
    assert len(hints) == 2 and all(len(h.split()) == 5 and h.split()[3] == "0" for h in hints)
    assert "learned" in lines and "status error" not in text


@pytest.mark.parametrize("command, message", [
    ("frobnicate", "unknown command"),
    ("set game (;GM[Othello]TY[4];)", "TY"),
    ("move Z9", "not a square"),
    ("move A1", "illegal"),
    ('set polyreversi-game {"version": 1}', ""),
    ("set depth x", ""),
])
def test_nboard_errors_are_status_lines_and_the_engine_carries_on(command, message):
    text = session(NBoardServer, f"nboard 2\n{command}\nping 1\n")
    lines = text.splitlines()
    assert lines[1].startswith("status error:") and message in lines[1]
    assert lines[-1] == "pong 1"


def test_a_refused_limit_leaves_the_old_one():
    """A bad depth or node count is refused and the engine keeps searching with the old limits."""
    text = session(GtpServer, "polyreversi-nodes 99999999999999999999\ngenmove b\n")
    assert text.split("\n\n")[0].startswith("? nodes: must be") and "\n= " in text
    text = session(NBoardServer, "nboard 2\nset depth 99999999999999999999\nset depth -5\nset depth 2\nping 1\ngo\n")
    lines = text.splitlines()
    assert lines[1].startswith("status error: depth: must be 1 to") and lines[2].startswith("status error: set depth")
    assert any(line.startswith("=== ") for line in lines)


def test_nboard_three_players_are_refused():
    record = pr.Variant("8x8", 3).start().record()
    from polyreversi.formats import json_record
    text = session(NBoardServer, f"set polyreversi-game {json_record.dumps_line(record)}\ngo\nping 1\n")
    assert "two players" in text.splitlines()[0]


def test_nboard_clock_is_the_ti_less_the_movers_times():
    assert parse_clock("5:00") == 300 and parse_clock("1:00:00//2:00") == 3600 and parse_clock("x") is None
    server = NBoardServer(io.StringIO(), io.StringIO())
    server.handle("set game (;GM[Othello]TI[1:00]TY[8]B[F5//10.5]W[D6//3];)")
    assert server.clock == pytest.approx(49.5)
    server.handle("set game (;GM[Othello]TI[0//0]TY[8]B[F5];)")
    assert server.clock is None


# -- the GTP engine's replies ------------------------------------------------------------------
def test_gtp_session_replies():
    text = session(GtpServer, "1 protocol_version\n2 name\nboardsize 6\nplay b c2\nplay w pass\n"
                              "known_command genmove\nundo\nundo\nfinal_score\n3 genmove b\nquit\n")
    replies = [r for r in text.split("\n\n") if r]
    assert replies[:2] == ["=1 2", "=2 polyreversi"]
    assert replies[3] == "="
    assert replies[4].startswith("? illegal move")
    assert replies[5] == "= true"
    assert replies[6] == "=" and replies[7].startswith("? cannot undo")
    assert replies[8] == "= 0"
    assert replies[9].startswith("=3 ") and pr.Variant("6x6").start().is_legal(replies[9].split()[1])


@pytest.mark.parametrize("command, message", [
    ("frobnicate", "unknown command"),
    ("boardsize 7", "unacceptable size"),
    ("play b a1", "illegal move"),
    ("play w d3", "illegal move"),  # d3 is not White's move on the start board
    ("play purple d3", "invalid color"),
    ("genmove", "syntax: genmove COLOR"),
    ("polyreversi-variant 8x8/4p", "two players"),
    ("polyreversi-depth 0x", "syntax: polyreversi-depth N"),
])
def test_gtp_errors_are_question_marks(command, message):
    text = session(GtpServer, f"{command}\nname\n")
    first, second = [r for r in text.split("\n\n") if r][:2]
    assert first.startswith("?") and message in first
    assert second == "= polyreversi"


def _replies(text):
    return [r for r in text.split("\n\n") if r]


def test_gtp_genmove_plays_for_the_colour_asked():
    """genmove w with Black to move: White moves on the same board (GTP's consecutive
    moves of one colour); one undo takes that move back, Black to move as before."""
    start = pr.Variant().start()
    white_moves = {start.variant.square_name(m) for m in pr.Variant().position(start.board(), 2).legal_moves()}
    replies = _replies(session(GtpServer, "genmove w\nshowboard\nundo\nshowboard\n"
                                          "reg_genmove w\nshowboard\nplay w e3\nshowboard\nundo\nundo\nquit\n"))
    assert replies[0][2:] in white_moves
    assert replies[1].endswith("black to move; black 1, white 4")
    assert replies[2] == "=" and replies[3].endswith("black to move; black 2, white 2")
    assert replies[4][2:] in white_moves and replies[5] == replies[3]  # reg_genmove changes nothing
    assert replies[6] == "=" and replies[7].endswith("black to move; black 1, white 4")
    assert replies[8] == "=" and replies[9].startswith("? cannot undo")


def test_gtp_undo_takes_back_one_move_per_undo_after_moves_out_of_turn():
    replies = _replies(session(GtpServer, "boardsize 6\ngenmove w\ngenmove w\nundo\nshowboard\nundo\nshowboard\n"
                                          "undo\nquit\n"))
    assert replies[3] == "=" and replies[4].endswith("black to move; black 1, white 4")  # after White's first move
    assert replies[5] == "=" and replies[6].endswith("black to move; black 2, white 2")  # the start, as it was
    assert replies[7].startswith("? cannot undo")


def _before_a_forced_pass(seed=0):
    """The moves of a random 6x6 game up to a position whose mover must pass."""
    import random

    rng = random.Random(seed)
    while True:
        state, played = pr.Variant("6x6").start(), []
        while not state.is_over():
            if state.must_pass():
                return state, played
            move = rng.choice(list(state.legal_moves()))
            played.append((int(state.to_move), move))
            state.play(move)


def test_gtp_genmove_for_the_other_colour_plays_a_forced_pass_first():
    state, played = _before_a_forced_pass()
    mover = "b" if int(state.to_move) == 1 else "w"
    other = "w" if mover == "b" else "b"
    name = lambda m: "pass" if m == state.PASS else state.variant.square_name(m)  # noqa: E731
    plays = "".join(f"play {'b' if c == 1 else 'w'} {name(m)}\n" for c, m in played)
    replies = _replies(session(GtpServer, f"boardsize 6\n{plays}genmove {other}\nundo\nundo\nshowboard\nquit\n"))
    answer = replies[1 + len(played)]
    after_pass = state.copy()
    after_pass.play(state.PASS)
    assert answer.startswith("= ") and after_pass.is_legal(answer[2:])
    assert replies[-2].splitlines()[-1].startswith(f"{'black' if mover == 'b' else 'white'} to move")


def test_gtp_showboard_is_the_board_over_several_lines():
    from polyreversi.text import board_text

    text = session(GtpServer, "boardsize 6\nplay b c2\nshowboard\nquit\n")
    board = _replies(text)[2]
    state = pr.Variant("6x6").start()
    state.play("c2")
    assert board.splitlines() == ["= "] + board_text(state).splitlines() + ["white to move; black 4, white 1"]


def test_gtp_time_settings_give_the_search_its_limit():
    server = GtpServer(io.StringIO(), io.StringIO())
    server.handle = None
    server.time_settings(["0", "2", "1"])
    assert server._limit(1) == pr.Limit(time=2.0)
    server.time_settings(["60", "0", "0"])
    server.time_left(["b", "12.5", "0"])
    assert server._limit(1) == pr.Limit(clock=12.5)


# -- the client against NTest's recorded replies, and live ---------------------------------------
def test_client_reads_ntests_recorded_replies():
    transcript = os.path.join(HERE, "data", "nboard_ntest_session.txt")
    with SimpleEngine.popen_nboard([sys.executable, FAKE, "replay", transcript]) as engine:
        state = pr.Variant().start()
        first = engine.play(state, pr.Limit(depth=4))
        state.play("f5")
        state.play("d6")
        second = engine.play(state, pr.Limit(depth=6))
        assert engine.name == "Ntest6"
    assert (first.move, first.score) == (pr.Variant().square("d3"), -1.34)
    assert (second.move, second.score) == (pr.Variant().square("c4"), -0.51)


@live
def test_ntest_live_plays_legal_moves_and_refuses_6x6():
    with SimpleEngine.popen_nboard(NTEST) as engine:
        state = pr.Variant().start()
        while not state.is_over():
            state.play(engine.play(state, pr.Limit(depth=2)).move)
        assert engine.name.startswith("Ntest")
        # NTest plays 8x8 only: its answer is off the 6x6 board or illegal there
        with pytest.raises((EngineIllegalMoveError, EngineProtocolError)):
            engine.play(pr.Variant("6x6").start(), pr.Limit(depth=2))


@live
def test_ntest_live_match_through_the_referee(tmp_path):
    from polyreversi.match import MatchConfig, TimeControl, builtin_openings, run

    cfg = MatchConfig(builtin_openings(pr.Variant()), [f"nboard:{NTEST}", "search:2"], TimeControl(depth=2))
    result = run(cfg, 2, out=str(tmp_path / "m.jsonl"))
    assert result.tally.games == 2 and not result.tally.forfeits


class _BackgroundPlayer:
    """A stand-in for the living search player's background search: it thinks until stopped."""

    def __init__(self):
        import threading
        self.stopped = threading.Event()

    def start(self, state, limit):
        player = self

        class Handle:
            def stop(self):
                player.stopped.set()

            def done(self):
                return player.stopped.is_set()

            def result(self, timeout=None):
                from polyreversi.engine.results import PlayResult
                return PlayResult(move=state.legal_moves()[0], score=0.0)
        return Handle()


def test_nboard_ping_stops_a_background_search():
    import threading

    from polyreversi.engine.living import LivingPlayer

    living = LivingPlayer()
    background = _BackgroundPlayer()
    living.start = background.start
    r, w = os.pipe()
    inp, feed = os.fdopen(r), os.fdopen(w, "w")
    out = io.StringIO()
    server = NBoardServer(inp, out, living)
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    feed.write("nboard 2\nset depth 60\ngo\n")
    feed.flush()
    import time
    time.sleep(0.3)
    assert "status thinking" in out.getvalue() and "===" not in out.getvalue()
    feed.write("learn\nping 5\n")  # learn waits for the search; ping stops it
    feed.flush()
    time.sleep(0.3)
    feed.close()
    thread.join(5)
    lines = out.getvalue().splitlines()
    assert background.stopped.is_set() and "===" not in out.getvalue()
    assert lines[-2:] == ["pong 5", "learned"]


@pytest.mark.parametrize("protocol, text, expected", [
    ("nboard", "nboard 2\nset depth 2\nping 1\ngo\n", ["set myname polyreversi", "pong 1", "status thinking"]),
    ("gtp", "name\nboardsize 10\ngenmove b\nquit\n", ["= polyreversi", "", "=", ""]),
])
def test_engine_command(protocol, text, expected):
    from click.testing import CliRunner

    from polyreversi.cli import main

    r = CliRunner().invoke(main, ["engine", "--protocol", protocol, "--depth", "2"], input=text)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[: len(expected)] == expected
    if protocol == "nboard":
        assert lines[3].startswith("=== ") and lines[3][4:6].lower() in ("d3", "c4", "f5", "e6")
    else:
        assert pr.Variant("10x10").start().is_legal(lines[4].split()[1])


def test_nboard_after_a_refused_game_makes_no_move_for_the_one_before():
    start = "(;GM[Othello]PC[]PB[a]PW[b]RE[?]TI[0//0]TY[8]BO[8 " + "-" * 27 + "O*------*O" + "-" * 27 + " *];)"
    text = session(NBoardServer, f"nboard 2\nset depth 2\nset game {start}\nset game (;GM[Othello]TY[8]BO[8 x *];)\n"
                                 f"go\nhint 1\nmove d3\nset game {start}\ngo\n")
    lines = text.splitlines()
    errors = [line for line in lines if line.startswith("status error")]
    assert len(errors) == 4 and all("no game" in e for e in errors[1:]), text
    assert [line for line in lines if line.startswith("===")] == [lines[-2]]  # only the go after a new game
