"""polyreversi's own engine (NBoard and GTP) on its own and under polyreversi's client;
the client against NTest's recorded replies; live tests against NTest."""
import io
import os
import sys

import pytest

import polyreversi as pr
from conftest import engine_session
from polyreversi.engine import SimpleEngine
from polyreversi.engine.serve_gtp import GtpServer
from polyreversi.engine.serve_nboard import NBoardServer, parse_clock
from polyreversi.errors import EngineIllegalMoveError, EngineProtocolError
from polyreversi.limit import MAX_DEPTH
from polyreversi.position_text import position_to_text
from polyreversi.time_control import EXACT_EMPTIES

HERE = os.path.dirname(__file__)
FAKE = os.path.join(HERE, "fake_engine.py")
NTEST = os.environ.get("POLYREVERSI_NTEST")
live = pytest.mark.skipif(not NTEST, reason="POLYREVERSI_NTEST is not set (a command that runs NTest; "
                                             "see docs/engines.md)")


def own(protocol):
    return [sys.executable, "-m", "polyreversi", "engine", "--protocol", protocol]


def session(server_class, text, player=None):
    return engine_session(server_class, text, player)


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
                if state.empties() > EXACT_EMPTIES:
                    assert move == pr.search(state, depth=3).move
                else:  # solved, as NBoard engines do at a fixed depth
                    scores = pr.solve(state, moves=True).scores
                    assert scores[move] == max(scores.values())
            else:
                move = greedy.choose(state)
            state.play(move)


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
@pytest.mark.parametrize("variant", ["6x6", "10x10/anti", "octagon/blocked=b7", "8x8/free"])
def test_round_trip_variants_through_the_extensions(protocol, variant):
    from polyreversi.book import shipped_book

    with SimpleEngine.popen(protocol, own(protocol)) as engine:
        state = pr.Variant.parse(variant).start()
        book = shipped_book(state.variant)  # 6x6: the engine plays its book's moves first
        for _ in range(6):
            result = engine.play(state, pr.Limit(depth=2))
            entry = None if book is None else book.lookup(state)
            assert result.move == (pr.search(state, depth=2).move if entry is None else entry.move)
            state.play(result.move)
        infos = engine.analyse(state, pr.Limit(depth=2), multipv=2)
        assert len(infos) == 2 and infos[0].score >= infos[1].score
        assert all(state.is_legal(i.move) for i in infos)


def test_analyse_for_a_time_through_nboard_stops_the_hint_with_a_ping():
    """A hint with a time limit (``set depth 60``) is stopped by the client's ping at the
    time; the engine writes its values then, and they are the answer (it timed out)."""
    state = pr.Variant().start()
    with SimpleEngine.popen_nboard(own("nboard")) as engine:
        infos = engine.analyse(state, pr.Limit(time=0.3), multipv=2)
        assert engine.play(state, pr.Limit(depth=2)).move == pr.search(state, depth=2).move  # still in step
    assert 1 <= len(infos) <= 2 and all(state.is_legal(i.move) and i.depth >= 1 for i in infos)


def test_analyse_near_the_end_is_exact_through_nboard():
    state = pr.Variant().position_from_text(
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    with SimpleEngine.popen_nboard(own("nboard")) as engine:
        best = engine.analyse(state, pr.Limit(depth=4), multipv=1)[0]
    assert (state.variant.square_name(best.move), best.score, best.exact) == ("g8", 18.0, True)


def test_nboard_go_at_a_depth_plays_the_move_its_hint_shows_near_the_end():
    """At a fixed depth the engine solves from EXACT_EMPTIES on in go as in hint (NTest and
    Edax do): the move played is an exactly best one and its eval the exact score."""
    state = pr.Variant().position_from_text(
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    solved = pr.solve(state, moves=True).scores
    board = position_to_text(state).split()[0].replace("X", "*")
    rows = " ".join(board[i:i + 8] for i in range(0, 64, 8))
    ggf = f"(;GM[Othello]PC[]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 {rows} *];)"
    text = session(NBoardServer, f"nboard 2\nset depth 1\nset game {ggf}\ngo\nhint 1\n")
    go = next(line for line in text.splitlines() if line.startswith("==="))
    move, value = go.split()[1].split("/")[:2]
    hint = next(line for line in text.splitlines() if line.startswith("search "))
    assert solved[state.variant.square(move.lower())] == max(solved.values()) == float(value)
    assert hint.split()[1].lower().startswith(move.lower()) and hint.split()[4] == "100%"


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


def test_nboard_plays_the_opening_book_at_its_fixed_depth():
    """On 6x6 after c2 b4 the book's c5 keeps Black's exact -4; a depth-6 search plays
    d5 (-6). The engine's go and hint (a fixed depth, NBoard's default) answer from the
    book, exact; the player owns the rule (SearchPlayer(book=...)), not the server."""
    from polyreversi.book import shipped_book
    from polyreversi.engine.living import LivingPlayer

    state = pr.Variant("6x6").start()
    state.play("c2")
    state.play("b4")
    book = shipped_book(state.variant)
    if book is None:
        pytest.skip("no 6x6 book in this build (polyreversi/data/book-6x6.npz)")
    entry = book.lookup(state)
    assert (state.variant.square_name(entry.move), entry.value) == ("c5", -4)
    assert state.variant.square_name(pr.search(state, depth=6).move) == "d5"
    game = '{"variant": "6x6", "moves": ["c2", "b4"]}'
    commands = f"nboard 2\nset depth 6\nset polyreversi-game {game}\ngo\nhint 1\n"
    lines = session(NBoardServer, commands).splitlines()
    assert next(line for line in lines if line.startswith("=== ")).split("/")[:2] == ["=== C5", "-4.00"]
    assert [line for line in lines if line.startswith("search ")] == ["search C5 -4.00 0 100%"]
    # without the book the same session plays the depth-6 search's move
    text = session(NBoardServer, commands, LivingPlayer(pr.SearchPlayer(book=False)))
    assert next(line for line in text.splitlines() if line.startswith("=== ")).startswith("=== D5/")


@pytest.mark.parametrize("server, commands, variants", [
    ("gtp", "boardsize 10\nclear_board\npolyreversi-variant octagon\n", ["10x10", "10x10", "octagon"]),
    ("gtp", 'polyreversi-game {"variant": "6x6", "moves": ["c2"]}\n', ["6x6"]),
    ("nboard", "nboard 2\nset game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[5:00]TY[10]BO[10 "
     + "-" * 44 + "O* " + "-" * 8 + "*O" + "-" * 44 + " *];)\n", ["10x10"]),
])
def test_the_servers_prepare_the_players_table_when_a_game_is_set(server, commands, variants):
    # The board's table (and book) are set up when the game is set, not inside its first move.
    from polyreversi.engine.living import LivingPlayer

    class Recording(LivingPlayer):
        def __init__(self) -> None:
            super().__init__(pr.SearchPlayer(tt_mb=1))
            self.prepared = []

        def prepare(self, variant):
            self.prepared.append(str(variant))
            super().prepare(variant)

    player = Recording()
    text = session(GtpServer if server == "gtp" else NBoardServer, commands, player)
    assert "error" not in text and "?" not in text.replace("PC[x]", "")
    assert player.prepared == variants


def test_gtp_plays_the_opening_book_at_its_fixed_depth():
    text = session(GtpServer, "boardsize 6\npolyreversi-depth 6\nplay b c2\nplay w b4\ngenmove b\n")
    assert text.split("\n\n")[-2].lower() == "= c5"


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
    assert text.split("\n\n")[0].startswith("? syntax error: polyreversi-nodes: N: must be 0 to") and "\n= " in text
    text = session(NBoardServer, "nboard 2\nset depth 99999999999999999999\nset depth -5\nset depth 2\nping 1\ngo\n")
    lines = text.splitlines()
    assert lines[1].startswith("status error: set depth: DEPTH: must be 1 to")
    assert lines[2].startswith("status error: set depth: DEPTH: must be 1 to")
    assert any(line.startswith("=== ") for line in lines)


def test_nboard_set_game_names_a_move_out_of_turn():
    start = "BO[8 " + "-" * 27 + "O*------*O" + "-" * 27 + " *]"
    text = session(NBoardServer, f"nboard 2\nset game (;GM[Othello]TY[8]{start}B[F5]B[C4];)\nping 1\n")
    error = text.splitlines()[1]
    assert error.startswith("status error:") and "B[C4]" in error and "Black moves twice in a row" in error
    assert "pass" not in error.split("; ")[0]


@pytest.mark.parametrize("game", [
    '{"variant": {"board": "octagon"}, "moves": ["e4"]}',
    '{"variant": "octagon", "moves": ["e4"], "result": null}',
    '{"format": "polyreversi-record", "version": 1, "variant": {"board": "octagon", "players": 2}, '
    '"players": [null, null], "moves": ["e4"]}',
])
def test_nboard_polyreversi_game_takes_an_unfinished_game_without_a_result(game):
    text = session(NBoardServer, f"nboard 2\nset depth 1\nset polyreversi-game {game}\ngo\n")
    assert "status error" not in text
    state = pr.Variant("octagon").start()
    state.play("e4")
    move = next(line for line in text.splitlines() if line.startswith("=== ")).split()[1].split("/")[0]
    assert state.is_legal(move.lower())


@pytest.mark.parametrize("game, message", [
    ('{"moves": []}', "variant: missing field"),
    ('{"variant": "octagon/x", "moves": []}', "unknown option 'x'"),
    ('{"variant": {"board": "octagon"}, "moves": ["a1"]}', "illegal move a1"),
    ('[1]', "expected a JSON object"),
])
def test_nboard_polyreversi_game_still_names_what_is_wrong(game, message):
    text = session(NBoardServer, f"nboard 2\nset polyreversi-game {game}\nping 1\n")
    assert text.splitlines()[1].startswith("status error:") and message in text.splitlines()[1]


@pytest.mark.parametrize("command, message", [
    ("nboard 99", "nboard: this engine speaks NBoard protocol version 2, not 99"),
    ("nboard 1", "version 2, not 1"),
    ("nboard", "nboard: missing argument VERSION"),
    ("nboard two", "VERSION: expected a whole number"),
])
def test_nboard_speaks_version_2_only(command, message):
    lines = session(NBoardServer, f"{command}\nping 1\n").splitlines()
    assert len(lines) == 2 and lines[1] == "pong 1"
    assert lines[0].startswith("status error: ") and message in lines[0]


def test_nboard_three_players_are_refused():
    record = pr.Variant("8x8", 3).start().record()
    from polyreversi.formats import json_record
    text = session(NBoardServer, f"set polyreversi-game {json_record.dumps_line(record)}\ngo\nping 1\n")
    assert "two players" in text.splitlines()[0]


def test_nboard_clock_is_the_ti_less_the_movers_times():
    assert parse_clock("5:00") == 300 and parse_clock("1:00:00//2:00") == 3600 and parse_clock("x") is None
    server = NBoardServer(io.StringIO(), io.StringIO())
    server.handle("set game (;GM[Othello]TI[1:00]TY[8]B[F5//10.5]W[D6//3];)")
    assert server._limit().clock == pytest.approx(49.5)
    server.handle("set game (;GM[Othello]TI[0//0]TY[8]B[F5];)")
    assert server._limit().clock is None


@pytest.mark.parametrize("spent", ["295", "4:55", "0:04:55", "4:55.0"])
def test_nboard_move_times_count_in_every_ggs_form(spent):
    # Read with float() before, "4:55" counted nothing: 5 minutes left instead of 5 seconds.
    server = NBoardServer(io.StringIO(), io.StringIO())
    server.handle(f"set game (;GM[Othello]TI[5:00]TY[8]B[f5//{spent}]W[d6//0.1];)")
    assert server._limit().clock == pytest.approx(5.0)


def test_nboard_move_commands_run_the_movers_clock_down():
    # A GUI sets the game once and sends each move after it with its time.
    server = NBoardServer(io.StringIO(), io.StringIO())
    server.handle("set game (;GM[Othello]TI[5:00]TY[8];)")
    server.handle("move f5//295")
    assert server._limit().clock == pytest.approx(300)  # White to move: Black's time spent
    server.handle("move d6/0.5/0:10")
    assert server._limit().clock == pytest.approx(5.0)  # Black to move: 300 - 295
    server.handle("move c3")
    assert server._limit().clock == pytest.approx(290.0)  # White: 300 - 10
    server.handle("set polyreversi-clock 7")
    assert server._limit().clock == 7


def test_nboard_clocks_go_to_the_millisecond_to_our_engine_and_never_up_in_ggf():
    # GGF's TI is whole seconds (NTest's reader takes no fraction): rounded down, a clock
    # under a second sent as 1 (TI[0] reads as no time control); polyreversi's own engine
    # is sent the clock itself by `set polyreversi-clock`, which a set game's TI gives way to.
    from polyreversi.engine.games import clock_text

    assert [clock_text(t) for t in (0.1, 0.3, 1.0, 2.5, 59.99, 3600.9)] == [
        "0:00:01", "0:00:01", "0:00:01", "0:00:02", "0:00:59", "1:00:00"]
    server = NBoardServer(io.StringIO(), io.StringIO())
    server.handle("set game (;GM[Othello]TI[0:00:01]TY[8];)")
    server.handle("set polyreversi-clock 0.25")
    assert server._limit().clock == pytest.approx(0.25)
    server.handle("set game (;GM[Othello]TI[0:00:01]TY[8];)")  # a new game: its own TI again
    assert server._limit().clock == pytest.approx(1.0)
    with SimpleEngine.popen("nboard", own("nboard")) as engine:
        sent = []
        send = engine.protocol.process.send
        engine.protocol.process.send = lambda line: (sent.append(line), send(line))[1]
        engine.play(pr.Variant().start(), pr.Limit(clock=0.25))
    assert "set polyreversi-clock 0.250" in sent and not any("TI[" in line for line in sent), sent


def test_nboard_clocks_keep_the_requests_set_up_off():
    # Each request's set-up (the game resent, a ping) counts on the match's clock, not on
    # the engine's: the clock sent is shortened by SETUP_RESERVE x its running mean for
    # each of the mover's moves to come, at most to a tenth.
    from polyreversi.engine import protocol

    with SimpleEngine.popen("nboard", own("nboard")) as engine:
        sent = []
        send = engine.protocol.process.send
        engine.protocol.process.send = lambda line: (sent.append(line), send(line))[1]
        engine.protocol._setup_seconds = 0.01
        start = pr.Variant().start()  # 60 empties: 30 moves of the mover's
        engine.play(start, pr.Limit(clock=1.0))
        assert f"set polyreversi-clock {1.0 - protocol.SETUP_RESERVE * 0.01 * 30:.3f}" in sent, sent
        assert 0 < engine.protocol._setup_seconds < 0.01 + 1.0  # the mean took this request's set-up
        engine.protocol._setup_seconds = 1.0
        engine.play(start, pr.Limit(clock=1.0))
        assert "set polyreversi-clock 0.100" in sent, sent


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
    ("boardsize -1", "unacceptable size -1: polyreversi plays 6, 8, 10 over GTP"),
    ("play b a1", "illegal move"),
    ("play w d3", "illegal move"),  # d3 is not White's move on the start board
    ("play purple d3", "invalid color"),
    ("genmove", "syntax error: expected genmove COLOR, got 'genmove'"),
    ("polyreversi-variant 8x8/4p", "two players"),
    ("polyreversi-depth 0x", "polyreversi-depth: N: expected a whole number, got '0x'"),
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
    server.time_settings(["0", "2", "1"])  # an overtime period is a clock for its moves, not a mean
    assert server._limit(1) == pr.Limit(clock=2.0, moves_to_go=1)
    server.time_settings(["0", "10", "5"])
    assert server._limit(1) == pr.Limit(clock=10.0, moves_to_go=5)
    server.time_left(["b", "4", "2"])
    assert server._limit(1) == pr.Limit(clock=4.0, moves_to_go=2)
    server.time_settings(["60", "0", "0"])
    server.time_left(["b", "12.5", "0"])
    assert server._limit(1) == pr.Limit(clock=12.5)


def test_gtp_canadian_overtime_without_time_left_runs_its_period_down():
    # Each genmove took a fresh 3 s for 5 moves: five moves took up to 3.29 s of a 3 s period (breaker13)
    server = GtpServer(io.StringIO(), io.StringIO())
    server.time_settings(["0", "3", "5"])
    assert server._limit(1) == pr.Limit(clock=3.0, moves_to_go=5)
    server._run_period_down(1, 1.0)
    assert server._limit(1) == pr.Limit(clock=2.0, moves_to_go=4)
    assert server._limit(2) == pr.Limit(clock=3.0, moves_to_go=5)  # the other colour's own period
    for _ in range(4):
        server._limit(1)
        server._run_period_down(1, 0.25)
    assert server._limit(1) == pr.Limit(clock=3.0, moves_to_go=5)  # its five moves made: a new period
    server.time_left(["b", "1.5", "2"])  # the controller's word wins,
    assert server._limit(1) == pr.Limit(clock=1.5, moves_to_go=2)
    server._run_period_down(1, 1.0)  # then the engine's own moves run it down (breaker17:
    assert server._limit(1) == pr.Limit(clock=0.5, moves_to_go=1)  # each move was given 1.5 s again)
    server._run_period_down(1, 0.25)
    assert server._limit(1) == pr.Limit(clock=3.0, moves_to_go=5)  # its moves made: a new period


def test_gtp_without_time_left_the_engine_runs_its_own_clock_down():
    # A controller that sends time_settings and never time_left: each genmove's time comes
    # off that colour's main time, then the overtime; a time_left says the clock again.
    played = GtpServer(io.StringIO("time_settings 3 0 0\npolyreversi-depth 2\ngenmove b\ngenmove w\nquit\n"),
                       io.StringIO())
    played.serve()
    assert set(played.used) == {1, 2} and all(0 < t < 3 for t in played.used.values()), played.used
    assert played._limit(1).clock == pytest.approx(3 - played.used[1])
    server = GtpServer(io.StringIO(), io.StringIO())
    server.time_settings(["3", "0", "0"])
    server.used = {1: 1.25, 2: 0.5}
    assert server._limit(1) == pr.Limit(clock=1.75) and server._limit(2) == pr.Limit(clock=2.5)
    server.time_left(["b", "2", "0"])
    assert server._limit(1) == pr.Limit(clock=2.0)
    server.used[1] = 0.5  # its genmoves since that time_left
    assert server._limit(1) == pr.Limit(clock=1.5)
    server.time_settings(["3", "10", "5"])  # Canadian overtime once the main time is spent,
    server.used = {1: 4.0}  # its period begun inside the move that ran the main time out
    assert server._limit(1) == pr.Limit(clock=9.0, moves_to_go=5)
    server._run_period_down(1, 2.0)
    assert server._limit(1) == pr.Limit(clock=7.0, moves_to_go=4)
    server.time_settings(["3", "0", "0"])  # a new clock forgets what was spent
    assert server._limit(1) == pr.Limit(clock=3.0)


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

            def wait(self, timeout):
                return player.stopped.wait(timeout)

            def result(self, timeout=None):
                from polyreversi.engine.results import PlayResult
                return PlayResult(move=state.legal_moves()[0], score=0.0)
        return Handle()


def test_nboard_ping_is_answered_after_every_earlier_commands_reply():
    """NBoard reads every line before ``pong N`` as the old position's: the ``===`` of a
    go and the lines of a hint sent before the ping come first, whatever the ping stopped."""
    text = session(NBoardServer, "nboard 2\nset depth 30\ngo\nhint 2\nlearn\nping 1\nset depth 2\ngo\nping 2\n")
    lines = text.splitlines()
    pong = lines.index("pong 1")
    assert [line.split()[0] for line in lines[:pong] if line.startswith(("===", "status", "learned"))] == [
        "status", "===", "status", "status", "status", "learned"]
    move = lines[2].split()[1].split("/")[0]
    assert pr.Variant().start().is_legal(move.lower())
    assert lines[pong + 2].startswith("=== ") and lines[-1] == "pong 2"


def test_nboard_ping_stops_a_hint_under_way():
    import threading
    import time

    r, w = os.pipe()
    inp, feed = os.fdopen(r), os.fdopen(w, "w")
    out = io.StringIO()
    thread = threading.Thread(target=NBoardServer(inp, out).serve, daemon=True)
    thread.start()
    feed.write("nboard 2\nset depth 60\nhint 2\n")  # the search would not end on its own
    feed.flush()
    time.sleep(0.5)
    feed.write("ping 3\n")
    feed.flush()
    for _ in range(100):
        if "pong 3" in out.getvalue():
            break
        time.sleep(0.05)
    feed.close()
    thread.join(5)
    inp.close()
    lines = out.getvalue().splitlines()
    assert lines[-2:] == ["status", "pong 3"] and lines[1] == "status analysing"
    assert all(line.startswith("search ") for line in lines[2:-2])


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
    feed.write("learn\nping 5\n")  # learn waits for the search; the ping stops it
    feed.flush()
    time.sleep(0.3)
    feed.close()
    thread.join(5)
    inp.close()  # the read end too: an unclosed pipe is a ResourceWarning, an error under pytest
    lines = out.getvalue().splitlines()
    assert background.stopped.is_set()
    assert lines[-4:] == ["=== D3/0.00/0.00", "status", "learned", "pong 5"]


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


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e300"])
def test_engine_time_out_of_range_is_a_usage_error(value):
    """--time is checked like every option (click's usage error, exit 2), up to the
    one maximum a limit owns (pr.limit.MAX_TIME): no traceback, no search that never ends."""
    from click.testing import CliRunner

    from polyreversi.cli import main

    r = CliRunner().invoke(main, ["engine", "--protocol", "gtp", "--time", value], input="quit\n")
    assert r.exit_code == 2, r.output
    assert "--time" in r.output and "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_limit_time_has_one_maximum():
    from polyreversi.limit import MAX_TIME

    assert pr.Limit(time=MAX_TIME).time == MAX_TIME
    for field in ("time", "clock", "increment"):
        with pytest.raises(ValueError, match=f"{field}: must be .* at most"):
            pr.Limit(**{field: MAX_TIME * 2, **({"clock": 1.0} if field == "increment" else {})})


@pytest.mark.parametrize("command, message", [
    ("time_settings nan 0 0", "time_settings: MAIN"),
    ("time_settings 10 inf 0", "time_settings: BYO"),
    ("time_settings 1e300 0 0", "time_settings: MAIN"),
    ("time_settings 10 0 -1", "time_settings: STONES"),
    ("time_settings 10 0", "time_settings: missing argument STONES"),
    ("time_left black -5 0", "time_left: SECONDS"),
    ("time_left black abc 0", "time_left: SECONDS: expected seconds as a number"),
    ("time_left black 5", "time_left: missing argument STONES"),
    ("time_left", "time_left: missing argument COLOR"),
    ("boardsize", "boardsize: missing argument N"),
    ("boardsize x", "boardsize: N: expected a whole number"),
    ("polyreversi-analyse 0", "polyreversi-analyse: N: must be 1 or more"),
    ("polyreversi-analyse -2", "polyreversi-analyse: N: must be 1 or more"),
    ("polyreversi-analyse x", "polyreversi-analyse: N: expected a whole number"),
    ("polyreversi-depth -1", f"polyreversi-depth: N: must be 0 to {MAX_DEPTH}, got '-1'"),
    (f"polyreversi-depth {MAX_DEPTH + 1}", f"polyreversi-depth: N: must be 0 to {MAX_DEPTH}, got '{MAX_DEPTH + 1}'"),
    ("polyreversi-depth 3 4", "polyreversi-depth: expected one argument N, got '3 4'"),
    ("polyreversi-nodes -1", "polyreversi-nodes: N: must be 0 to"),
])
def test_gtp_bad_arguments_are_refused_at_the_command(command, message):
    """A bad argument is answered ``?`` naming the command and the argument, and changes
    nothing: the next genmove still moves."""
    text = session(GtpServer, f"polyreversi-depth 2\n{command}\ngenmove b\n")
    replies = [r for r in text.split("\n\n") if r]
    assert replies[1].startswith("? ") and message in replies[1], replies[1]
    assert replies[2].startswith("= ") and pr.Variant().start().is_legal(replies[2].split()[1])


@pytest.mark.parametrize("command, message", [
    ("hint x", "hint: N: expected a whole number"),
    ("hint 0", "hint: N: must be 1 or more"),
    ("hint -1", "hint: N: must be 1 or more"),
    ("set contempt abc", "set contempt: N: expected a number"),
    ("set contempt nan", "set contempt: N: expected a finite number"),
    ("set contempt", "set contempt: missing argument N"),
    ("set polyreversi-clock abc", "set polyreversi-clock: SECONDS: expected seconds"),
    ("set polyreversi-clock -3", "set polyreversi-clock: SECONDS: must be"),
    ("set polyreversi-clock inf", "set polyreversi-clock: SECONDS: must be"),
    ("move", "move: missing argument MOVE"),
    ("move d3 f5", "move: expected one argument MOVE, got 'd3 f5'"),
    # every bad depth in one wording (engine/arguments.py), 0 as any other out of range
    ("set depth 0", f"set depth: DEPTH: must be 1 to {MAX_DEPTH}, got '0'"),
    ("set depth -5", f"set depth: DEPTH: must be 1 to {MAX_DEPTH}, got '-5'"),
    (f"set depth {MAX_DEPTH + 1}", f"set depth: DEPTH: must be 1 to {MAX_DEPTH}, got '{MAX_DEPTH + 1}'"),
    ("set depth x", "set depth: DEPTH: expected a whole number, got 'x'"),
    ("set depth", "set depth: missing argument DEPTH"),
    ("set depth 3 4", "set depth: expected one argument DEPTH, got '3 4'"),
])
def test_nboard_bad_arguments_name_the_command(command, message):
    text = session(NBoardServer, f"nboard 2\nset depth 2\n{command}\nping 1\ngo\n")
    lines = text.splitlines()
    assert lines[1] == f"status error: {message}" or lines[1].startswith(f"status error: {message}"), lines[1]
    assert lines[2] == "pong 1" and lines[-2].startswith("=== ")


@pytest.mark.parametrize("commands, end_input, signals", [
    ("set depth 40\ngo\n", False, 1), ("set depth 40\nhint 3\n", False, 1), ("", False, 1),
    ("set depth 40\ngo\n", True, 2), ("set depth 40\nhint 3\n", True, 2),
])
def test_ctrl_c_stops_the_engine_with_status_130_even_while_it_searches(commands, end_input, signals):
    # A go or hint runs its C++ search in a thread: left running at exit it aborted the process
    # ("terminate called without an active exception", status -6), or crashed. With the input
    # ended the server stops the search and waits in the thread's join; a second SIGINT
    # (`timeout -s INT` sends two) came during the exit's stop of the search.
    import signal
    import subprocess
    import threading
    import time

    # SIGINT's default action in the child: a test worker may run with SIGINT ignored, which a
    # child inherits, and Python then raises no KeyboardInterrupt (as a shell's background job).
    p = subprocess.Popen([sys.executable, "-m", "polyreversi", "engine"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # The interpreter is up and reading once it answers a ping: a signal sent during its start
        # (a loaded machine takes seconds to import) ends it before the engine's handler exists.
        p.stdin.write("nboard 2\nping 0\n")
        p.stdin.flush()
        for line in p.stdout:
            if line.strip() == "pong 0":
                break
        def interrupt():
            for _ in range(signals):
                p.send_signal(signal.SIGINT)

        if end_input:  # communicate writes the commands and closes the input; the signals come meanwhile
            timer = threading.Timer(1.0, interrupt)
            timer.start()
            _, err = p.communicate(commands, timeout=60)
            timer.join()
        else:
            p.stdin.write(commands)
            p.stdin.flush()
            time.sleep(1)
            interrupt()
            _, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    # With the input ended, the end of input stops the search and the engine exits (0), or
    # the signals come first (130): either way no abort.
    assert p.returncode in ((0, 130) if end_input else (130,)), err
    assert "terminate" not in err


@pytest.mark.parametrize("command, message", [
    ("move c3/x/y", "move 'c3/x/y': evaluation 'x' is not a decimal number"),
    ("move c4//abc", "move 'c4//abc': time 'abc' is not a time ([[HH:]MM:]SS"),
    ("move c4/1/2/3", "move 'c4/1/2/3': 4 fields; a move is MOVE[/EVAL[/TIME]]"),
    # an exponent is not a GGF evaluation: 1e400 was called "not a number", which it is
    ("move c4/1e5", "move 'c4/1e5': evaluation '1e5' is not a decimal number such as 12, -3.5 or +0.25, "
                    "with no exponent (MOVE/EVAL/TIME)"),
    ("move d6/1e400/9:00", "move 'd6/1e400/9:00': evaluation '1e400' is not a decimal number such as 12"),
])
def test_nboard_move_is_a_ggf_move_and_its_fields_are_checked(command, message):
    # NBoard's move is MOVE[/EVAL[/TIME]], as a GGF move: a field that is not one is named, the move not made.
    text = session(NBoardServer, f"nboard 2\n{command}\nmove f5/-1.5/2.25\nmove d6//01:02\nmove c3/\nhint 1\n")
    lines = text.splitlines()
    assert lines[1].startswith(f"status error: {message}"), lines[1]
    assert "status error" not in "\n".join(lines[2:])  # the three GGF moves were played: White to move after c3
    state = pr.Variant().start()
    for m in ("f5", "d6", "c3"):
        state.play(m)
    best = lines[-2].split()[1]
    assert state.is_legal(best[:2].lower()), lines


@pytest.mark.parametrize("ti", ["abc", "nan", "-5:00", "1:99"])
def test_nboard_an_unreadable_clock_is_said_and_the_game_played_by_depth(ti):
    # It was taken silently as no time control.
    server = NBoardServer(io.StringIO(), io.StringIO())
    server.handle(f"set game (;GM[Othello]TI[{ti}]TY[8];)")
    assert server.output.getvalue() == f"status TI[{ti}] is not a GGF clock ([[HH:]MM:]SS before any '/'): no time control\n"
    assert server.state is not None and server._limit().clock is None
    server.handle("set game (;GM[Othello]TI[5:00//2:00]TY[8];)")
    assert server.output.getvalue().count("\n") == 1 and server._limit().clock == 300


HUGE = "A" * 1_000_000


@pytest.mark.parametrize("server_class, command, message", [
    (GtpServer, HUGE, "? unknown command '" + "A" * 40 + "...' (1000000 characters)"),
    (GtpServer, f"play b {HUGE}", "? syntax error: '" + "A" * 40 + "...' (1000000 characters) is not a move"),
    (NBoardServer, f"set game (;{HUGE}", "property " + "A" * 40 + "... (1000000 characters) has no '[' value"),
    (NBoardServer, f"move {HUGE}", "'" + "A" * 40 + "...' (1000000 characters) is not a move"),
    (NBoardServer, f"move f5/{HUGE}", "evaluation '" + "A" * 40 + "...' (1000000 characters)"),
    (NBoardServer, HUGE, "unknown command '" + "A" * 40 + "...' (1000000 characters)"),
])
def test_a_huge_command_is_answered_with_a_short_line(server_class, command, message):
    # A 5 MB line was echoed whole in the error reply; it is quoted cut, with its length.
    text = session(server_class, command + "\n")
    assert message in text and len(text) < 1_000, text[:300]


def test_gtp_ids_are_ascii_digits():
    # '²' is a digit to str.isdigit: "² name" was answered "=² polyreversi" as if it were an id.
    assert _replies(session(GtpServer, "² name\n7 name\n")) == ["? unknown command '²'", "=7 polyreversi"]


def test_nboard_a_move_with_a_refused_time_is_not_played():
    # 400 digits pass the time's form but not its finiteness: the move was played before
    # the time was read, so the error left Black's c4 on the board (`go` then moved for Black).
    text = session(NBoardServer, f"nboard 2\nmove c4//{'9' * 400}\nmove f5\nhint 1\n")
    lines = text.splitlines()
    assert lines[1].startswith("status error: move 'c4//9999"), lines[1]
    assert "has too many digits for a float" in lines[1]
    assert "status error" not in "\n".join(lines[2:])  # f5 was Black's move: c4 was not made


# -- GTP clocks: time_settings's no-limit case and KGS's kgs-time_settings (smalls4) ----------------------
class _LimitsSeen:
    """A player for GtpServer that plays the first legal move and keeps each limit it is given."""

    def __init__(self):
        self.limits = []

    def play(self, state, limit):
        from polyreversi.engine.results import PlayResult

        self.limits.append(limit)
        return PlayResult(move=state.legal_moves()[0])

    def start(self, state, limit):  # the server's genmove searches in the background
        result = self.play(state, limit)

        class Handle:
            def stop(self):
                pass

            def done(self):
                return True

            def wait(self, timeout):
                return True

            def result(self, timeout=None):
                return result
        return Handle()


def _limit_of(commands):
    """The limit the search gets at a genmove after ``commands``, through the GTP loop."""
    player, out = _LimitsSeen(), io.StringIO()
    GtpServer(io.StringIO("\n".join([*commands, "reg_genmove b", "quit"]) + "\n"), out, player).serve()
    replies = _replies(out.getvalue())
    assert all(r.startswith("=") for r in replies), replies
    return player.limits[-1]


@pytest.mark.parametrize("commands, limit", [
    (["time_settings 60 10 0"], pr.Limit()),  # GTP 2: byo_yomi_time > 0 and stones 0 is no time limit
    (["time_settings 0 0 0"], pr.Limit()),
    (["time_settings 60 0 0"], pr.Limit(clock=60.0)),
    (["time_settings 0 30 10"], pr.Limit(clock=30.0, moves_to_go=10)),  # overtime: a clock for its moves
    (["kgs-time_settings none"], pr.Limit()),
    (["time_settings 60 0 0", "kgs-time_settings NONE"], pr.Limit()),
    (["kgs-time_settings absolute 60"], pr.Limit(clock=60.0)),
    (["kgs-time_settings absolute 60", "time_left b 12.5 0"], pr.Limit(clock=12.5)),
    (["kgs-time_settings byoyomi 0 5 3"], pr.Limit(clock=5.0, moves_to_go=1)),
    (["kgs-time_settings byoyomi 60 5 3"], pr.Limit(clock=60.0, overtime=5.0)),  # then 5 s a move
    (["kgs-time_settings byoyomi 60 5 3", "time_left b 4 2"], pr.Limit(clock=4.0, moves_to_go=1)),  # 4 s of a period
    (["kgs-time_settings byoyomi 60 0 3"], pr.Limit(clock=60.0)),  # no period time: absolute
    (["kgs-time_settings canadian 0 30 10"], pr.Limit(clock=30.0, moves_to_go=10)),
    (["kgs-time_settings canadian 60 30 10", "time_left b 20 5"], pr.Limit(clock=20.0, moves_to_go=5)),  # 20 s, 5 moves
    (["kgs-time_settings canadian 60 30 10"], pr.Limit(clock=60.0, overtime=3.0)),  # then 30 s for 10 moves
    (["time_settings 60 30 10", "time_left b 20 0"], pr.Limit(clock=20.0, overtime=3.0)),
], ids=lambda v: "; ".join(v) if isinstance(v, list) else None)
def test_gtp_clocks_give_the_search_its_limit(commands, limit):
    # time_settings 60 10 0 was a clock of 60 s; kgs-time_settings was an unknown command
    assert _limit_of(commands) == limit


@pytest.mark.parametrize("command, message", [
    ("kgs-time_settings", "kgs-time_settings: missing argument SYSTEM"),
    ("kgs-time_settings fischer 60", "kgs-time_settings: SYSTEM: expected none, absolute, byoyomi or canadian, "
                                     "got 'fischer'"),
    ("kgs-time_settings none 60", "kgs-time_settings: expected one argument SYSTEM, got 'none 60'"),
    ("kgs-time_settings absolute", "kgs-time_settings: missing argument MAIN"),
    ("kgs-time_settings absolute 60 0 0", "kgs-time_settings: expected one argument MAIN, got '60 0 0'"),
    ("kgs-time_settings byoyomi 60 5", "kgs-time_settings: missing argument PERIODS"),
    ("kgs-time_settings byoyomi 60 5 0", "kgs-time_settings: PERIODS: must be 1 or more, got '0'"),
    ("kgs-time_settings canadian 60 30 0", "kgs-time_settings: STONES: must be 1 or more, got '0'"),
    ("kgs-time_settings canadian 60 -1 5", "kgs-time_settings: PERIOD_TIME: must be a finite number of seconds"),
], ids=lambda v: v if v.startswith("kgs") else None)
def test_gtp_kgs_time_settings_refuses_what_it_cannot_read(command, message):
    replies = _replies(session(GtpServer, f"{command}\nknown_command kgs-time_settings\nquit\n"))
    assert replies[0].startswith(f"? syntax error: {message}"), replies[0]
    assert replies[1] == "= true"


@pytest.mark.parametrize("protocol, commands, answer", [
    ("gtp", "boardsize 10\ngenmove b\nquit\n", "= "),
    ("gtp", "boardsize 10\npolyreversi-analyse 2\nquit\n", "="),  # no line when stopped before depth 1
    ("nboard", "nboard 2\nset depth 60\ngo\n", "=== "),
    ("nboard", "nboard 2\nset depth 60\ngo\nquit\n", "=== "),
    ("nboard", "nboard 2\nset depth 60\nhint 2\n", "status"),
])
def test_end_of_input_and_quit_stop_the_search(protocol, commands, answer):
    """The input ends (or says quit) while a search that would run for hours is under
    way: the search stops, answers with its best work, and the engine exits (it searched
    on to its limit, 20 s with --time 20, or without end at depth 60)."""
    import subprocess

    done = subprocess.run(own(protocol) + (["--time", "3600"] if protocol == "gtp" else []), input=commands,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    if protocol == "gtp":  # every command answered, the search's too
        assert len(_replies(done.stdout)) == commands.count("\n"), done.stdout
    assert any(line.startswith(answer) for line in done.stdout.splitlines()), done.stdout


def test_gtp_end_of_input_lets_the_search_finish_within_its_limit():
    """GTP answers in order and has no stop: a piped search gets what its limit buys
    (here every iteration to depth 16, about 0.3 s: its line says depth 16; stopped at the
    end of input it said 8), then the engine exits at
    the end of input (an NBoard search is stopped there: the test above)."""
    import subprocess

    done = subprocess.run(own("gtp"), input="polyreversi-depth 16\npolyreversi-analyse 1\n", capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    line = _replies(done.stdout)[1]
    assert line.startswith("= ") and line.split()[3] == "16", done.stdout


def test_gtp_clients_depth_of_one_call_does_not_bound_the_next():
    # play(depth=1) then a clock: the engine kept searching to depth 1 (breaker18)
    from polyreversi.engine import SimpleEngine

    state = pr.Variant().start()
    with SimpleEngine.popen_gtp(own("gtp"), startup_timeout=30) as engine:
        assert engine.play(state, pr.Limit(depth=1)).move in state.legal_moves()
        infos = engine.analyse(state, pr.Limit(clock=1.0))
        assert infos and max(i.depth for i in infos) > 1, infos


def test_gtp_time_left_stones_under_an_absolute_clock_are_main_time():
    # time_settings 5 0 0 then time_left b 2 2: after two moves Black played at once,
    # on a "period" of 0 s (breaker18)
    server = GtpServer(io.StringIO(), io.StringIO())
    server.time_settings(["5", "0", "0"])
    server.time_left(["b", "2", "2"])
    assert server._limit(1) == pr.Limit(clock=2.0)
    server.used[1] = 0.5
    assert server._limit(1) == pr.Limit(clock=1.5)
