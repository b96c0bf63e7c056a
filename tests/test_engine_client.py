"""polyreversi.engine against a fake engine (tests/fake_engine.py): every error path."""
import os
import sys
import time

import pytest

import polyreversi as pr
from polyreversi.engine import SimpleEngine, popen_nboard
from polyreversi.errors import (EngineIllegalMoveError, EngineProtocolError, EngineTerminatedError,
                                EngineTimeoutError)

from engine_checks import (asyncio_move_then_quit, gone, processes_matching, seat_plays_a_game,
                           times_out_and_is_closed)

FAKE = os.path.join(os.path.dirname(__file__), "fake_engine.py")


def fake(protocol, mode="good"):
    return [sys.executable, FAKE, protocol, mode]


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_good_engine_plays_legal_moves_through_a_game(protocol):
    with SimpleEngine.popen(protocol, fake(protocol)) as engine:
        state = pr.Variant().start()
        while not state.is_over():
            result = engine.play(state, pr.Limit(depth=2))
            assert state.is_legal(result.move)
            state.play(result.move)
        assert engine.name == "Fake"
    assert gone(engine)
    assert sum(state.scores()) <= 64


def test_nboard_move_reply_carries_the_score():
    with SimpleEngine.popen_nboard(fake("nboard")) as engine:
        result = engine.play(pr.Variant().start(), pr.Limit(depth=1))
    assert result.score == 0.5 and result.text.startswith("===")


def test_nboard_analyse_gives_values_best_first():
    with SimpleEngine.popen_nboard(fake("nboard")) as engine:
        infos = engine.analyse(pr.Variant().start(), pr.Limit(depth=3), multipv=3)
    assert len(infos) == 3
    assert [i.score for i in infos] == [0.0, -1.0, -2.0]
    assert all(i.depth == 3 and i.pv == [i.move] for i in infos)


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_illegal_move_is_named(protocol):
    with SimpleEngine.popen(protocol, fake(protocol, "illegal")) as engine:
        with pytest.raises(EngineIllegalMoveError, match="illegal .legal: d3, c4, f5, e6"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_nonsense_is_a_protocol_error(protocol):
    with SimpleEngine.popen(protocol, fake(protocol, "nonsense")) as engine:
        with pytest.raises(EngineProtocolError, match="(?i)banana.*not a move"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_hang_times_out_and_the_engine_is_closed(protocol):
    with SimpleEngine.popen(protocol, fake(protocol, "hang"), timeout=3) as engine:
        times_out_and_is_closed(engine)


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_death_is_reported_with_status_and_stderr(protocol):
    with SimpleEngine.popen(protocol, fake(protocol, "die")) as engine:
        with pytest.raises(EngineTerminatedError, match="status 3.*dying on purpose"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_flood_is_stopped(protocol):
    with SimpleEngine.popen(protocol, fake(protocol, "flood")) as engine:
        with pytest.raises(EngineProtocolError, match="more than"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))
    assert gone(engine)


def test_an_engine_opened_after_a_flood_gets_its_own_lines():
    """The reader threads of a closed flooding engine never read the next engine's pipes:
    its descriptors are closed by those threads at their end of file, not under them
    (closing them while a thread was about to read freed the number for the next pipe,
    and the next engine's greeting went to the dead engine's queue: a timeout under load)."""
    for _ in range(6):
        with SimpleEngine.popen_nboard(fake("nboard", "flood")) as flood:
            with pytest.raises(EngineProtocolError, match="more than"):
                flood.play(pr.Variant().start(), pr.Limit(depth=1))
        with SimpleEngine.popen_gtp(fake("gtp"), startup_timeout=15) as engine:
            assert engine.name == "Fake"
        proc = flood.protocol.process.proc
        deadline = time.monotonic() + 10
        while not (proc.stdout.closed and proc.stderr.closed) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert proc.stdin.closed and proc.stdout.closed and proc.stderr.closed  # nothing leaks


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_mute_engine_fails_the_greeting_and_is_not_left_behind(protocol):
    with pytest.raises(EngineTimeoutError):
        SimpleEngine.popen(protocol, fake(protocol, "mute"), startup_timeout=2)


def test_gtp_error_reply_is_a_protocol_error_with_its_text():
    with SimpleEngine.popen_gtp(fake("gtp", "error")) as engine:
        with pytest.raises(EngineProtocolError, match="cannot think"):
            engine.play(pr.Variant().start(), pr.Limit(depth=1))


@pytest.mark.parametrize("limit, said", [
    (pr.Limit(clock=30), "30 0 0; left 30"),  # time_settings MAIN BYO STONES; time_left's seconds
    # byo-yomi after the clock: Canadian overtime of one move a period
    (pr.Limit(clock=30, overtime=2.5), "30 2.5 1; left 30"),
    (pr.Limit(time=2), "0 2 1"),
    # both: the clock, at most the time for each of the mover's 30 moves, as main time
    # (breaker17: the time was lost; breaker18: a period of min(time, clock) spent the clock at once)
    (pr.Limit(time=2, clock=0.5), "0.5 0 0; left 0.5"),
    (pr.Limit(time=0.05, clock=12345.678, overtime=0.3), "1.5 0.05 1; left 1.5"),
    (pr.Limit(time=0.3, clock=0, overtime=2), "0 0.3 1; left 0"),
    (pr.Limit(clock=0.3, moves_to_go=1), "0 0.3 1; left 0.3"),  # a period of one move, not a game's clock
    (pr.Limit(clock=12345.678, moves_to_go=7), "0 12345.678 7; left 12345.678"),
    (pr.Limit(clock=2.3), "2.3 0 0; left 2.3"),
    (pr.Limit(clock=0), "0.001 0 0; left 0.001"),  # run out, not GTP's "no limit"
    (pr.Limit(clock=0, overtime=0.3), "0 0.3 1; left 0"),
])
def test_gtp_client_sends_the_clock_and_its_overtime(limit, said):
    with SimpleEngine.popen_gtp(fake("gtp", "clock")) as engine:
        with pytest.raises(EngineProtocolError) as failure:
            engine.play(pr.Variant().start(), limit)
    assert str(failure.value).endswith(said)


def test_gtp_client_sets_back_what_an_earlier_call_limited():
    # A time of one call stayed the engine's limit at the next call without one (breaker18)
    with SimpleEngine.popen_gtp(fake("gtp", "clock")) as engine:
        for limit in (pr.Limit(time=2), pr.Limit(depth=3)):
            with pytest.raises(EngineProtocolError) as failure:
                engine.play(pr.Variant().start(), limit)
    assert str(failure.value).endswith("0 2 1; 0 0 0")  # GTP 2's "no time limit"


def test_missing_program_is_a_clear_error():
    with pytest.raises(EngineTerminatedError, match="cannot start"):
        SimpleEngine.popen_nboard("/nonexistent/engine --x")


def test_games_the_protocol_cannot_express_are_refused():
    with SimpleEngine.popen_nboard(fake("nboard")) as engine:
        with pytest.raises(EngineProtocolError, match="octagon"):
            engine.play(pr.Variant("octagon").start(), pr.Limit(depth=1))
        with pytest.raises(EngineProtocolError, match="two-player"):
            engine.play(pr.Variant("8x8", 4).start(), pr.Limit(depth=1))
        with pytest.raises(ValueError, match="node limit"):
            engine.play(pr.Variant().start(), pr.Limit(nodes=100))
    with SimpleEngine.popen_gtp(fake("gtp")) as engine:
        with pytest.raises(EngineProtocolError, match="cannot set up"):
            engine.play(pr.Variant("8x8", anti=True).start(), pr.Limit(depth=1))


def test_asyncio_client():
    assert asyncio_move_then_quit(popen_nboard, fake("nboard")) in (19, 26, 37, 44)


def test_engine_as_a_player_spec():
    assert seat_plays_a_game(f"nboard:{sys.executable} {FAKE} nboard").is_over()


def test_ctrl_c_during_a_search_leaves_no_engine(tmp_path):
    import signal
    import subprocess

    script = (f"import sys, polyreversi as pr\n"
              f"from polyreversi.engine import SimpleEngine\n"
              f"e = SimpleEngine.popen_nboard([sys.executable, {FAKE!r}, 'nboard', 'hang', {str(tmp_path)!r}])\n"
              f"print('ready', flush=True)\n"
              f"e.play(pr.Variant().start(), pr.Limit(depth=3))\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    assert "KeyboardInterrupt" in err
    time.sleep(0.3)
    left = processes_matching(str(tmp_path))
    assert not left, f"engine left behind: {left}"


def _engines_left(tag, seconds=5.0):
    """The pids of processes whose command line holds ``tag``, once none is left or after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        left = processes_matching(tag)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def _wait_for_engine(tag, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not _engines_left(tag, 0) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _engines_left(tag, 0), "the engine did not start"


@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_sigterm_during_a_search_leaves_no_engine(tmp_path, protocol):
    """An engine that ignores the end of its input ('hang') is ended when Python is
    terminated; Python still dies of the SIGTERM."""
    import signal
    import subprocess

    tag = str(tmp_path / protocol)
    script = (f"import sys, polyreversi as pr\n"
              f"from polyreversi.engine import SimpleEngine\n"
              f"e = SimpleEngine.popen_{protocol}([sys.executable, {FAKE!r}, {protocol!r}, 'hang', {tag!r}])\n"
              f"print('ready', flush=True)\n"
              f"e.play(pr.Variant().start(), pr.Limit(depth=3))\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=20)
        assert proc.returncode == -signal.SIGTERM
    finally:
        proc.kill()
    assert not _engines_left(tag), "engine left behind"


@pytest.mark.parametrize("concurrency", ["1", "2"])
def test_sigterm_to_a_match_leaves_no_engine(tmp_path, concurrency):
    import signal
    import subprocess

    tag = str(tmp_path / "match")
    seat = f"nboard:{sys.executable} {FAKE} nboard hang {tag}"
    proc = subprocess.Popen([sys.executable, "-m", "polyreversi", "match", seat, "random", "--games", "1",
                             "--depth", "1", "--no-progress", "-j", concurrency], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        _wait_for_engine(tag)
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert not _engines_left(tag), "engine left behind"


def test_gtp_go_coordinates_put_row_1_at_the_bottom_and_skip_i():
    from types import SimpleNamespace

    from polyreversi.engine.gtp import GtpProtocol

    go = GtpProtocol(SimpleNamespace(name="x"), coordinates="go")
    v8, v10 = pr.Variant(), pr.Variant("10x10")
    assert go.vertex(v8, v8.square("a1")) == "a8" and go.vertex(v8, v8.square("h8")) == "h1"
    assert go.vertex(v10, v10.square("i1")) == "j10" and go.vertex(v10, v10.square("j10")) == "k1"
    for state in (v8.start(), v10.start()):
        for m in range(state.variant.n ** 2):
            assert go.parse_vertex(state, go.vertex(state.variant, m)) == m
    assert go.parse_vertex(v8.start(), "pass") == v8.PASS
    with pytest.raises(EngineProtocolError):
        go.parse_vertex(v8.start(), "i3")
    with pytest.raises(ValueError):
        GtpProtocol(SimpleNamespace(name="x"), coordinates="chess")


def test_an_engine_that_refuses_a_hint_raises_at_once(tmp_path):
    """A 'status error' reply to hint ends the analysis with EngineProtocolError, not a wait for the timeout."""
    import sys as _sys
    from polyreversi.errors import EngineProtocolError
    script = tmp_path / "refuser.py"
    script.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    w = line.split()\n"
        "    if w[:1] == ['nboard']: print('set myname refuser', flush=True)\n"
        "    elif w[:1] == ['ping']: print('pong', w[1], flush=True)\n"
        "    elif w[:1] == ['hint']: print('status error: no hints here', flush=True)\n", encoding="utf-8")
    with SimpleEngine.popen_nboard([_sys.executable, str(script)], timeout=5) as engine:
        with pytest.raises(EngineProtocolError, match="refused 'hint 2'"):
            engine.analyse(pr.Variant().start(), pr.Limit(depth=2), multipv=2)
