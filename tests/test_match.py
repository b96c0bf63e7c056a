"""polyreversi.match: Elo/SPRT maths against known values, the referee's forfeits,
the runner's rotations, resumption and output, the match command."""
import json
import math
import re
import os
import sys

import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi.cli import main
from polyreversi.match import MatchConfig, TimeControl, builtin_openings, play, run
from polyreversi.match import elo as elo_math
from polyreversi.match.openings import from_file
from polyreversi.engine import EngineSeat

from engine_checks import process_lines, processes_matching

FAKE = os.path.join(os.path.dirname(__file__), "fake_engine.py")


# -- Elo and SPRT ---------------------------------------------------------------------
@pytest.mark.parametrize("share, expected", [(0.5, 0.0), (0.75, 190.85), (0.64, 99.95), (0.25, -190.85),
                                             (10 / 11, 400.0)])
def test_elo_of_known_score_shares(share, expected):
    assert elo_math.elo_of_share(share) == pytest.approx(expected, abs=0.01)
    assert elo_math.share_of_elo(expected) == pytest.approx(share, abs=1e-4)


def test_an_even_match_prints_elo_0_not_minus_0():
    # 1-0-1 printed "Elo -0.0 [-inf, +inf]": -400 * log10(1/p - 1) is -0.0 at p = 1/2.
    assert str(elo_math.elo(1, 0, 1)) == "0.0 [-inf, +inf]"
    assert str(elo_math.elo(2, 0, 2)).startswith("0.0 ± 798.1 (95 %: -798.1 .. +798.1)")
    assert math.copysign(1, elo_math.elo_of_share(0.5)) == 1
    assert str(elo_math.EloEstimate(-0.04, -10, 10)) == "0.0 ± 10.0 (95 %: -10.0 .. +10.0)"  # rounds to nothing
    assert str(elo_math.elo(60, 20, 20)).startswith("+147.2")


def test_elo_interval_is_the_normal_interval_on_the_score():
    e = elo_math.elo(60, 20, 20)  # mean 0.7, per-game variance 0.16, n 100: 0.7 ± 1.96 * 0.04
    assert e.elo == pytest.approx(147.19, abs=0.01)
    assert e.low == pytest.approx(elo_math.elo_of_share(0.7 - elo_math.Z95 * 0.04))
    assert e.high == pytest.approx(elo_math.elo_of_share(0.7 + elo_math.Z95 * 0.04))
    even = elo_math.elo(10, 0, 10)
    assert even.elo == 0 and even.low == pytest.approx(-even.high)


def test_elo_of_a_clean_sweep_has_a_finite_lower_bound():
    e = elo_math.elo(4, 0, 0)
    assert e.elo == math.inf and math.isfinite(e.low) and e.low > 0


def test_sprt_bounds_and_llr():
    low, high = elo_math.sprt_bounds(0.05, 0.05)
    assert high == pytest.approx(math.log(19)) and low == pytest.approx(-math.log(19))
    # LLR = n (s1 - s0) (2m - s0 - s1) / (2 v), worked by hand for 60/20/20, elo 0 vs 10
    s1 = 1 / (1 + 10 ** (-10 / 400))
    assert elo_math.llr(60, 20, 20, 0, 10) == pytest.approx(100 * (s1 - 0.5) * (1.4 - 0.5 - s1) / 0.32)
    assert elo_math.sprt(600, 200, 200, 0, 10)[1] == "H1"
    assert elo_math.sprt(200, 200, 600, 0, 10)[1] == "H0"
    assert elo_math.sprt(5, 0, 5, 0, 10)[1] is None
    # every game the same: read with one more draw, so a sweep decides
    assert elo_math.sprt(40, 0, 0, 0, 400)[1] == "H1"
    assert elo_math.sprt(0, 0, 40, 0, 400)[1] == "H0"
    assert elo_math.sprt(1, 0, 0, 0, 10)[1] is None
    assert elo_math.llr(0, 5, 0, 0, 10) == 0.0
    with pytest.raises(ValueError):
        elo_math.sprt(1, 1, 1, 10, 0)


# -- referee ------------------------------------------------------------------------------
class Illegal:
    def choose(self, state):
        return next(m for m in range(64) if not state.is_legal(m))


class Crashes:
    def choose(self, state):
        raise RuntimeError("boom")


@pytest.mark.parametrize("seat, reason", [(Illegal(), "illegal move"), (Crashes(), "failure")])
def test_forfeits_are_recorded(seat, reason):
    out = play(pr.Variant().start(), [pr.GreedyPlayer(seed=1), seat], ["greedy", "bad"])
    assert out.points == [1.0, 0.0]
    assert out.forfeit["reason"] == reason and out.forfeit["color"] == "White"
    assert out.record.result.end == "resigned" and out.record.result.winner == pr.Color.BLACK


class Taking:
    """Plays its first legal move after ``seconds`` of sleep."""

    def __init__(self, seconds):
        self.seconds = seconds

    def choose(self, state):
        import time

        time.sleep(self.seconds)
        return state.legal_moves()[0]


def test_lost_clock_is_a_forfeit():
    import time

    class Slow:
        def choose(self, state):
            time.sleep(0.3)
            return state.legal_moves()[0]

    out = play(pr.Variant().start(), [Slow(), pr.GreedyPlayer(seed=1)], ["slow", "greedy"],
               TimeControl(clock=0.5))
    assert out.forfeit["reason"] == "time" and out.points == [0.0, 1.0]
    assert out.record.result.end == "time"


def test_byo_yomi_after_the_clock_lets_each_move_take_the_overtime():
    control = TimeControl(clock=0.05, overtime=0.3)
    assert control.limit(0.02) == pr.Limit(clock=0.02, overtime=0.3)
    assert control.limit(None) == pr.Limit()
    assert control.text() == "clock=0.05 margin=1.0 overtime=0.3"
    start = pr.Variant("6x6").start()  # 16 moves a side at most
    within = play(start, [Taking(0.02), pr.GreedyPlayer(seed=1)], ["within", "greedy"], control)
    assert within.forfeit is None and within.record.result.end == "finished"  # the clock ran out by move 3
    over = play(start, [Taking(0.5), pr.GreedyPlayer(seed=1)], ["over", "greedy"], control)
    assert over.forfeit["reason"] == "time" and "overtime ran out" in over.forfeit["detail"]
    assert over.forfeit["ply"] == 0


@pytest.mark.parametrize("kwargs, error, words", [
    ({"overtime": 1}, ValueError, "TimeControl: increment, moves_to_go and overtime need a clock: give a clock"),
    ({"clock": 1, "overtime": -1}, ValueError, "TimeControl: overtime: must be a finite number of seconds 0"),
    ({"clock": -1}, ValueError, "TimeControl: clock: must be"),  # was a forfeit at ply 0
    ({"time": "1"}, TypeError, "TimeControl: time: expected seconds"),
    ({"margin": float("nan")}, ValueError, "margin: must be a finite number of seconds 0 or more"),
])
def test_a_bad_time_control_is_refused_when_made(kwargs, error, words):
    with pytest.raises(error, match=words):
        TimeControl(**kwargs)


def test_a_search_player_spends_a_clock_and_its_overtime():
    out = play(pr.Variant("6x6").start(), [pr.SearchPlayer(), pr.GreedyPlayer(seed=1)], ["search", "greedy"],
               TimeControl(clock=0.05, overtime=0.2))
    assert out.forfeit is None and out.record.result.end == "finished"
    spent = [float(t) for t in out.record.meta["move_times"][0::2]]
    assert sum(spent) > 0.05  # past the clock: the overtime was used


def test_a_per_move_time_is_a_mean_a_move_may_exceed_up_to_the_players_stop():
    from polyreversi.time_control import MOVE_STOP_FACTOR

    control = TimeControl(time=0.02, margin=0.05)  # a loaded machine's sleeps overshoot
    within = play(pr.Variant().start(), [Taking(0.03), pr.GreedyPlayer(seed=1)], ["within", "greedy"], control)
    assert within.forfeit is None  # 1.5 times the time: what a search player's move may take
    over = play(pr.Variant().start(), [Taking(MOVE_STOP_FACTOR * 0.02 + 0.1), pr.GreedyPlayer(seed=1)],
                ["over", "greedy"], control)
    assert over.forfeit["reason"] == "time" and "over its most, 0.0860 s (1.8 times it" in over.forfeit["detail"]


def test_engine_failures_are_forfeits_not_crashes():
    for mode, reason in (("illegal", "illegal move"), ("die", "failure"), ("nonsense", "failure")):
        with EngineSeat("nboard", [sys.executable, FAKE, "nboard", mode]) as seat:
            out = play(pr.Variant().start(), [seat, pr.GreedyPlayer(seed=1)], ["fake", "greedy"],
                       TimeControl(depth=1))
        assert out.forfeit["reason"] == reason, mode
        assert out.points == [0.0, 1.0]


def test_engine_seat_without_limits_plays_at_its_own_depth():
    with EngineSeat("nboard", [sys.executable, FAKE, "nboard"]) as seat:
        out = play(pr.Variant().start(), [seat, pr.GreedyPlayer(seed=1)], ["fake", "greedy"])
    assert out.forfeit is None and out.record.result.end == "finished"


def test_search_seat_gets_the_clock():
    out = play(pr.Variant().start(), [pr.SearchPlayer(), pr.GreedyPlayer(seed=1)], ["search", "greedy"],
               TimeControl(clock=3.0))
    assert out.forfeit is None and out.record.result.end == "finished"
    spent = sum(float(t) for t in out.record.meta["move_times"][0::2])
    assert spent < 3.0


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads resident memory from Linux's /proc")
def test_a_search_seat_on_a_clock_has_its_table_made_before_the_clock_runs():
    # A SearchPlayer without a time grows its table as it fills; a seat on a clock or a
    # per-move time gets it whole from SearchPlayer.prepare before the game (so that no
    # move of it pays for it), a seat at a depth keeps growing.
    def resident():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    before = resident()
    play(pr.Variant("6x6").start(), [pr.SearchPlayer(depth=2, tt_mb=128), pr.GreedyPlayer(seed=1)],
         ["search", "greedy"], TimeControl(depth=2))
    assert resident() - before < 64
    seat = pr.SearchPlayer(depth=2, tt_mb=128)
    out = play(pr.Variant("6x6").start(), [seat, pr.GreedyPlayer(seed=1)], ["search", "greedy"],
               TimeControl(clock=1.0))
    assert out.forfeit is None and resident() - before > 0.9 * 128


def test_the_referee_names_seats_and_controls_that_do_not_fit_the_game():
    start = pr.Variant().start()
    greedy = [pr.GreedyPlayer(seed=1), pr.GreedyPlayer(seed=2)]
    with pytest.raises(ValueError, match="this 2-player game needs 2 seats, one per colour, got 1"):
        play(start, greedy[:1], ["a"])
    with pytest.raises(ValueError, match="this 2-player game needs 2 seats, one per colour, got 3"):
        play(start, greedy + [pr.GreedyPlayer()], ["a", "b", "c"])
    with pytest.raises(ValueError, match="this 2-player game needs 2 names, one per seat, got 3"):
        play(start, greedy, ["a", "b", "c"])
    with pytest.raises(TypeError, match="seats: expected a list of one per colour, got 3"):
        play(start, 3, ["a", "b"])
    with pytest.raises(TypeError, match="names: expected a list of one per colour"):
        play(start, greedy, "ab")

    class Counting:  # a seat that counts its moves: a bad name is refused before any
        moves = 0

        def choose(self, state):
            Counting.moves += 1
            return state.legal_moves()[0]

    with pytest.raises(pr.RecordError, match=r"players\[0\]: expected a name \(text\) or None, got 1"):
        play(start, [Counting(), Counting()], [1, 2])
    assert Counting.moves == 0
    with pytest.raises(ValueError, match=r"one TimeControl for every seat or one per seat \(2\), got 1"):
        play(start, greedy, ["a", "b"], [TimeControl(time=0.01)])
    for bad in (None, ["x", "y"], TimeControl):
        with pytest.raises(TypeError, match="control: expected a TimeControl or a list of one per seat"):
            play(start, greedy, ["a", "b"], bad)


# -- runner ---------------------------------------------------------------------------------
def test_colours_are_swapped_on_every_opening(tmp_path):
    path = tmp_path / "m.jsonl"
    cfg = MatchConfig(builtin_openings(pr.Variant()), ["search:1", "greedy"], TimeControl(depth=1))
    result = run(cfg, 4, out=str(path))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["meta"]["match"]["game"] for line in lines] == [0, 1, 2, 3]
    assert [line["players"] for line in lines] == [["search:1", "greedy"], ["greedy", "search:1"]] * 2
    assert lines[0]["meta"]["match"]["opening"] == lines[1]["meta"]["match"]["opening"] == 0
    assert result.tally.wins + result.tally.draws + result.tally.losses == 4


def test_resume_plays_only_missing_games_and_drops_a_cut_line(tmp_path):
    path = tmp_path / "m.jsonl"
    cfg = MatchConfig(builtin_openings(pr.Variant()), ["search:1", "greedy"], TimeControl(depth=1))
    run(cfg, 3, out=str(path))
    with open(path, "a") as f:
        f.write('{"version": 1, "vari')  # a write cut short
    result = run(cfg, 5, out=str(path))
    assert (result.resumed, result.played) == (3, 2)
    games = [json.loads(line)["meta"]["match"]["game"] for line in path.read_text().splitlines()]
    assert games == [0, 1, 2, 3, 4]


def test_resume_refuses_a_file_of_another_match(tmp_path):
    path = tmp_path / "m.jsonl"
    run(MatchConfig(builtin_openings(pr.Variant()), ["search:1", "random"], TimeControl(depth=1)), 2, out=str(path))
    before = path.read_text()
    other_seats = MatchConfig(builtin_openings(pr.Variant()), ["search:2", "greedy"], TimeControl(depth=1))
    with pytest.raises(pr.RecordError, match="another match .*search:2, greedy"):
        run(other_seats, 4, out=str(path))
    other_board = MatchConfig(builtin_openings(pr.Variant("6x6")), ["search:1", "random"], TimeControl(depth=1))
    with pytest.raises(pr.RecordError, match="another match .*6x6"):
        run(other_board, 4, out=str(path))
    assert path.read_text() == before  # nothing appended
    # The same seats in another order: game k's colours would follow another schedule, so that a
    # resumed game could repeat an opening with the same colours and never play it with the others.
    swapped = MatchConfig(builtin_openings(pr.Variant()), ["random", "search:1"], TimeControl(depth=1))
    with pytest.raises(pr.RecordError, match=re.escape(
            "game 1 was played with the PLAYERs in another order (search:1 random; this match: random search:1)")):
        run(swapped, 4, out=str(path))
    assert path.read_text() == before


def test_resume_refuses_a_file_made_with_other_openings(tmp_path):
    # Accepted before: the second set's games were appended and tallied with the first's.
    path, ops = tmp_path / "m.jsonl", tmp_path / "openings.txt"
    ops.write_text("c4e3f6e6\nf5d6c3d3\n")
    seats, control = ["search:1", "random"], TimeControl(depth=1)
    run(MatchConfig(builtin_openings(pr.Variant()), seats, control), 2, out=str(path))
    before = path.read_text()
    with pytest.raises(pr.RecordError, match=re.escape("game 1 began with another opening (")):
        run(MatchConfig(from_file(str(ops), pr.Variant(), 2), seats, control), 4, out=str(path))
    two = tmp_path / "two.jsonl"
    run(MatchConfig(from_file(str(ops), pr.Variant(), 2), seats, control), 2, out=str(two))
    with pytest.raises(pr.RecordError, match=re.escape(
            "game 1 began with another opening (c4 e3; this match's opening 1: c4 e3 f6)")):
        run(MatchConfig(from_file(str(ops), pr.Variant(), 3), seats, control), 4, out=str(two))
    assert run(MatchConfig(from_file(str(ops), pr.Variant(), 2), seats, control), 4, out=str(two)).resumed == 2
    assert path.read_text() == before


def test_a_file_with_more_games_than_asked_is_counted_whole_and_said(tmp_path):
    path = tmp_path / "m.jsonl"
    args = ["match", "search:1", "random", "--depth", "1", "--out", str(path), "--no-progress"]
    assert CliRunner().invoke(main, [*args, "-n", "6"]).exit_code == 0
    result = CliRunner().invoke(main, [*args, "-n", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("search:1 vs random: +") and sum(int(x) for x in re.findall(r"[+=-](\d+)", lines[0].split(",")[0])) == 6
    assert lines[1:3] == [f"6 games read from {path}, 0 played now",
                          f"{path} holds 4 games numbered beyond --games 2 (it was made with more): they are counted above too"]
    assert len(path.read_text().splitlines()) == 6  # nothing played, nothing dropped
    swapped = CliRunner().invoke(main, ["match", "random", "search:1", "--depth", "1", "--out", str(path), "-n", "6"])
    assert swapped.exit_code == 1 and "give them as when the file was made" in swapped.output


@pytest.mark.parametrize("fmt", ["jsonl", "ggf"])
def test_resume_refuses_games_of_another_time_control(tmp_path, fmt):
    path = tmp_path / f"m.{fmt}"
    openings = builtin_openings(pr.Variant())
    run(MatchConfig(openings, ["search:1", "random"], TimeControl(depth=1)), 2, out=str(path), fmt=fmt)
    before = path.read_text()
    assert ("TC[depth=1]" if fmt == "ggf" else '"control":"depth=1"') in before
    for control, recorded in ((TimeControl(depth=2), "depth=2"), (TimeControl(time=0.05), "time=0.05 margin=1.0"),
                              (TimeControl(depth=1, time=0.05), "depth=1 time=0.05 margin=1.0")):
        with pytest.raises(pr.RecordError, match=rf"game 1 was played with another time control \(depth=1; this "
                                                 rf"one is {recorded}\); resume with that control"):
            run(MatchConfig(openings, ["search:1", "random"], control), 4, out=str(path), fmt=fmt)
    assert path.read_text() == before  # nothing appended
    assert run(MatchConfig(openings, ["search:1", "random"], TimeControl(depth=1)), 4, out=str(path),
               fmt=fmt).resumed == 2


def test_a_match_file_from_before_the_control_was_recorded_still_resumes(tmp_path):
    path = tmp_path / "m.jsonl"
    cfg = MatchConfig(builtin_openings(pr.Variant()), ["search:1", "random"], TimeControl(depth=1))
    run(cfg, 2, out=str(path))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for line in lines:
        del line["meta"]["match"]["control"]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    again = MatchConfig(cfg.openings, cfg.specs, TimeControl(depth=2))
    assert run(again, 3, out=str(path)).resumed == 2  # nothing to compare: taken as it is


def test_ggf_output_and_resume(tmp_path):
    path = tmp_path / "m.ggf"
    cfg = MatchConfig(builtin_openings(pr.Variant()), ["search:1", "greedy"], TimeControl(depth=1))
    first = run(cfg, 2, out=str(path), fmt="ggf")
    again = run(cfg, 2, out=str(path), fmt="ggf")
    assert again.played == 0 and again.resumed == 2
    assert (again.tally.wins, again.tally.draws, again.tally.losses) == (first.tally.wins, first.tally.draws,
                                                                       first.tally.losses)
    assert len(pr.formats.read(str(path))) == 2


def test_parallel_games_and_sprt_stop(tmp_path):
    cfg = MatchConfig(builtin_openings(pr.Variant()), ["search:2", "random"], TimeControl(depth=2))
    result = run(cfg, 40, out=str(tmp_path / "m.jsonl"), concurrency=2, sprt=(0, 400))
    assert result.sprt is not None and result.sprt[1] == "H1"
    assert result.tally.games < 40


def test_four_player_rotations():
    v = pr.Variant("octagon", 4)
    cfg = MatchConfig(builtin_openings(v), ["greedy", "random", "mcts:20", "mcts:10"], TimeControl())
    result = run(cfg, 4)
    assert result.tally.games == 4
    assert sum(result.tally.points.values()) == pytest.approx(4)


def test_openings_from_files(tmp_path):
    path = tmp_path / "o.txt"
    path.write_text("f5d6c3\nf5f6\n")
    states = from_file(str(path), pr.Variant(), fmt="transcript")
    assert [s.ply for s in states] == [3, 2]
    builtin = builtin_openings(pr.Variant())
    assert len(builtin) >= 50 and all(s.ply == 8 for s in builtin)
    for board in ("6x6", "10x10", "octagon"):
        assert len(builtin_openings(pr.Variant(board))) == 50


# -- command -------------------------------------------------------------------------------
def test_match_command(tmp_path):
    out = tmp_path / "m.jsonl"
    r = CliRunner().invoke(main, ["match", "search:1", "greedy", "-n", "2", "--depth", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "search:1 vs greedy: +" in r.output and "Elo" in r.output
    r = CliRunner().invoke(main, ["match", "search:1", "greedy", "-n", "2", "--depth", "1", "--out", str(out)])
    assert "2 games read" in r.output
    r = CliRunner().invoke(main, ["match", "search:1", "nboard:"])
    assert r.exit_code == 2 and "give the engine's command" in r.output
    r = CliRunner().invoke(main, ["match", "greedy", "random", "random"])
    assert r.exit_code == 2 and "2 players" in r.output


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_interrupted_match_keeps_its_games_leaves_no_process_and_resumes(tmp_path, sig):
    import signal
    import subprocess
    import time

    out = tmp_path / "m.jsonl"
    engine = f"nboard:{sys.executable} {FAKE} nboard good {tmp_path}"  # the path tells our engines apart
    cmd = [sys.executable, "-m", "polyreversi", "match", engine, "search:5", "--games", "400", "-j", "2",
           "--out", str(out), "--no-progress"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 3):
        time.sleep(0.2)
    proc.send_signal(getattr(signal, sig))
    output, _ = proc.communicate(timeout=30)
    assert proc.returncode == 128 + getattr(signal, sig), output  # 130 or 143: as play and selfplay
    assert "interrupted after" in output and "resume" in output
    lines = out.read_text().splitlines()
    assert f"interrupted after {len(lines)} games" in output, output  # the summary counts what the file holds
    assert 3 <= len(lines) < 400 and all(json.loads(line)["meta"]["match"]["game"] >= 0 for line in lines)
    for _ in range(50):  # a terminated worker may take a moment to be reaped
        left = processes_matching(str(tmp_path))
        if not left:
            break
        time.sleep(0.1)
    assert not left, f"processes left behind (the match, its workers or engines):\n{process_lines(left)}"
    done = {json.loads(line)["meta"]["match"]["game"] for line in lines}
    cfg_games = max(done) + 3
    r = CliRunner().invoke(main, ["match", engine, "search:5", "-n", str(cfg_games), "--out", str(out)])
    assert f"{len(lines)} games read" in r.output


def test_a_seats_own_depth_wins_over_the_matchs():
    from polyreversi.match.runner import seat_control

    control = TimeControl(depth=4, clock=60.0)
    assert seat_control("search:8", control) == TimeControl(depth=8, clock=60.0)
    assert seat_control("search:time=0.5", control) == TimeControl(time=0.5, clock=60.0)
    assert seat_control("greedy", control) is control
    assert seat_control("nboard:ntest -x", control) is control
    cfg = MatchConfig(builtin_openings(pr.Variant()), ["search:3", "search:1"], TimeControl(depth=1))
    result = run(cfg, 2)
    assert result.tally.games == 2


def test_openings_from_obf_and_ggf_files(tmp_path):
    from polyreversi.formats import ggf, obf

    state = pr.Variant().start()
    for move in ("f5", "d6", "c3"):
        state.play(move)
    (tmp_path / "o.obf").write_text(obf.format_line(state) + "\n")
    [position] = from_file(str(tmp_path / "o.obf"), pr.Variant())
    assert position.board().tolist() == state.board().tolist() and position.to_move == state.to_move
    final = pr.play_game("8x8", [pr.GreedyPlayer(seed=1), pr.GreedyPlayer(seed=2)])
    (tmp_path / "g.ggf").write_text(ggf.dumps(final.record()) + "\n")
    [cut] = from_file(str(tmp_path / "g.ggf"), pr.Variant(), plies=6)
    assert cut.moves() == final.moves()[:6]
    with pytest.raises(pr.RecordError, match="finished"):
        from_file(str(tmp_path / "g.ggf"), pr.Variant())
    with pytest.raises(pr.RecordError, match="not 6x6|a game of"):
        from_file(str(tmp_path / "g.ggf"), pr.Variant("6x6"), plies=6)


def test_a_device_as_the_output_is_refused_before_any_game():
    """/dev/full reads zero bytes forever: resuming from it would never end."""
    from polyreversi.errors import RecordError
    from polyreversi.match.runner import read_done
    with pytest.raises(RecordError, match="not a regular file"):
        read_done("/dev/full", "jsonl")


@pytest.mark.parametrize("engine, why", [("gtp:/nonexistent/engine", "no such file"),
                                         ("gtp:no-such-engine-on-path", "not found on PATH"),
                                         ("plain file", None)])
def test_an_engine_that_cannot_start_is_a_usage_error_before_any_game(engine, why, tmp_path):
    if why is None:  # a file that is not executable
        plain = tmp_path / "engine.py"
        plain.write_text("")
        plain.chmod(0o644)
        engine, why = f"gtp:{plain}", "not executable"
    result = CliRunner().invoke(main, ["match", engine, "greedy", "--games", "2", "--no-progress"])
    assert result.exit_code == 2, result.output
    assert why in result.output and "forfeit" not in result.output, result.output


@pytest.mark.parametrize("values, said", [
    (["nan", "5"], "expected a finite number, got 'nan'"), (["0", "inf"], "expected a finite number, got 'inf'"),
    (["0", "1e400"], "'1e400' is too large for a float (at most 1.798e+308)"),  # was "'1e400' is not a finite number"
])
def test_sprt_bounds_must_be_finite_numbers(values, said):
    result = CliRunner().invoke(main, ["match", "greedy", "random", "--sprt", *values])
    assert result.exit_code == 2 and f"Invalid value for '--sprt': {said}" in result.output, result.output


def test_match_usage_errors_say_what_to_give():
    result = CliRunner().invoke(main, ["match", "6x6", "search:2", "greedy"])
    assert result.exit_code == 2 and "(6x6 is a variant: give it as --variant 6x6)" in result.output
    result = CliRunner().invoke(main, ["match", "search:2", "greedy", "--plies", "3"])
    assert result.exit_code == 2 and "--plies cuts the games of --openings: give --openings FILE too" in result.output


def test_openings_shorter_than_plies_are_refused_naming_the_file_and_the_shortest(tmp_path):
    # Accepted silently before: every opening was shorter than asked, so none was cut.
    path = tmp_path / "short.txt"
    path.write_text("f5 d6 c3 d3 c4 f4\nf5 f6 e6 f4 e3\nf5 d6 c5 f4 e3 f6 d3 f3\n")
    with pytest.raises(pr.RecordError, match=re.escape(
            f"{path}: --plies 7, but 2 of its 3 games have fewer moves (the shortest, game 2, has 5); "
            "give --plies 5 or less")):
        from_file(str(path), pr.Variant(), plies=7)
    assert [s.ply for s in from_file(str(path), pr.Variant(), plies=5)] == [5, 5, 5]
    result = CliRunner().invoke(main, ["match", "greedy", "random", "--openings", str(path), "--plies", "50",
                                       "--no-progress"])
    assert result.exit_code == 1 and "Error: " in result.output and "give --plies 5 or less" in result.output
    assert "greedy vs random" not in result.output  # no game was played


def test_plies_with_obf_positions_is_refused(tmp_path):
    from polyreversi.formats import obf

    state = pr.Variant().start()
    state.play("f5")
    (tmp_path / "o.obf").write_text(obf.format_line(state) + "\n")
    with pytest.raises(pr.RecordError, match="--plies 4 cuts games, and an OBF file holds positions"):
        from_file(str(tmp_path / "o.obf"), pr.Variant(), plies=4)


@pytest.mark.parametrize("name", ["m.jsonl", "m.ggf"])
def test_resume_refuses_a_file_made_from_other_obf_positions(tmp_path, name):
    # OBF openings have no moves: the resume check compared moves only and took any file.
    from polyreversi.formats import obf

    for file, moves in (("a.obf", ("f5", "d6")), ("b.obf", ("c4", "e3"))):
        state = pr.Variant().start()
        for move in moves:
            state.play(move)
        (tmp_path / file).write_text(obf.format_line(state) + "\n")
    path = tmp_path / name
    seats, control = ["greedy", "random"], TimeControl()
    fmt = "ggf" if name.endswith(".ggf") else "jsonl"
    run(MatchConfig(from_file(str(tmp_path / "a.obf"), pr.Variant()), seats, control), 2, out=str(path), fmt=fmt)
    before = path.read_text()
    with pytest.raises(pr.RecordError, match=re.escape(
            "game 1 began from another position than this match's opening 1: give the --openings it was made with")):
        run(MatchConfig(from_file(str(tmp_path / "b.obf"), pr.Variant()), seats, control), 4, out=str(path), fmt=fmt)
    with pytest.raises(pr.RecordError, match="game 1 began from another position"):  # the standard start
        run(MatchConfig(builtin_openings(pr.Variant()), seats, control), 4, out=str(path), fmt=fmt)
    assert path.read_text() == before  # nothing appended
    again = run(MatchConfig(from_file(str(tmp_path / "a.obf"), pr.Variant()), seats, control), 4, out=str(path),
                fmt=fmt)
    assert (again.resumed, again.played) == (2, 2)  # the same positions resume


def test_the_four_player_example_of_match_help_plays():
    # The tally is by PLAYER, so the example names four different ones (it once gave
    # 'random' twice and was refused); it is run as written, with small settings.
    help_text = CliRunner().invoke(main, ["match", "--help"]).output
    example = next(line.split()[2:] for line in help_text.splitlines() if "--variant octagon/4p" in line)
    assert example == ["mcts:200", "brs:3", "greedy", "random", "--variant", "octagon/4p"]
    small = ["mcts:20", "brs:1"] + example[2:]
    result = CliRunner().invoke(main, ["match", *small, "--games", "4"])
    assert result.exit_code == 0, result.output
    assert re.fullmatch(r"mcts:20: \d/4, brs:1: \d/4, greedy: \d/4, random: \d/4\n", result.output.splitlines()[-1] + "\n")


def test_an_illegal_move_in_an_openings_file_names_the_file_and_the_game(tmp_path):
    ops = tmp_path / "illegal.txt"
    ops.write_text("f5d6c3\nf5d6a1\n")
    result = CliRunner().invoke(main, ["match", "search:2", "greedy", "--games", "4", "--openings", str(ops),
                                       "--plies", "3"])
    assert result.exit_code != 0
    assert f"Error: {ops}: game 2: illegal move a1 at ply 2" in result.output
    assert "Traceback" not in result.output


@pytest.mark.skipif(not os.path.exists("/bin/true"), reason="/bin/true (an engine that exits at once) is absent")
def test_a_seat_that_forfeits_every_game_fails_the_match_naming_it():
    # the match printed +0 =0 -2 and exited 0: a tally of forfeits read as a result; an
    # engine that never answers now stops the match at its first game
    r = CliRunner().invoke(main, ["match", "nboard:/bin/true", "random", "--games", "2"])
    assert r.exit_code == 1, r.output
    assert "nboard:/bin/true forfeited every game it played (1 of 1): failure: EngineTerminatedError" in r.output
    assert r.output.endswith("the match stopped after 1 of 2 games: nboard:/bin/true did not answer in its last game\n")
    # it exited at once: "(it had --startup-timeout 30 s to start)" pointed at a wait that did not run out
    mute = f"nboard:{sys.executable} {FAKE} nboard mute"
    r = CliRunner().invoke(main, ["match", mute, "random", "--games", "2", "--startup-timeout", "0.5"])
    assert r.exit_code == 1, r.output
    assert r.output.endswith(f"{mute} did not answer in its last game (it had --startup-timeout 0.5 s to start)\n")
    r = CliRunner().invoke(main, ["match", "greedy", "random", "--games", "2"])
    assert r.exit_code == 0 and "forfeited" not in r.output


def test_a_tally_counts_each_seats_forfeits():
    from polyreversi.match.runner import Tally

    t = Tally(["a", "b"])
    t.add(["a", "b"], [0.0, 1.0], {"color": "Black", "reason": "failure", "detail": "x", "ply": 0})
    t.add(["b", "a"], [1.0, 0.0], {"color": "White", "reason": "time", "detail": "y", "ply": 3})
    assert t.failed() == ["a"] and t.forfeited == {"a": 2} and t.last_forfeit["a"]["detail"] == "y"
    t.add(["a", "b"], [1.0, 0.0])
    assert t.failed() == []


def test_an_engine_that_never_greets_is_waited_for_once_a_game_and_stops_the_match(monkeypatch):
    # `match "nboard:sleep 100" random` waited the fixed 30 s twice a game (at new_game,
    # then again at the first move) for every game of the match
    from polyreversi.engine.simple import SimpleEngine

    starts = []
    popen = SimpleEngine.popen.__func__

    def counting(cls, *args, **kwargs):
        starts.append(kwargs.get("startup_timeout"))
        return popen(cls, *args, **kwargs)

    monkeypatch.setattr(SimpleEngine, "popen", classmethod(counting))
    mute = f"nboard:{sys.executable} {FAKE} nboard mute"
    config = MatchConfig(builtin_openings(pr.Variant()), [mute, "random"], TimeControl(time=0.2),
                         startup_timeout=0.5)
    result = run(config, 4)
    assert (result.played, result.stopped) == (1, mute)
    assert starts == [0.5]  # one start, with the wait given
    forfeit = result.tally.forfeits[0]
    assert forfeit["color"] == "Black" and "did not answer" in forfeit["detail"]


def test_an_engine_that_answered_once_does_not_stop_the_match():
    from polyreversi.match.referee import GameOutcome

    assert GameOutcome.__dataclass_fields__["unanswered"].default is False
    good = f"nboard:{sys.executable} {FAKE} nboard good"
    result = run(MatchConfig(builtin_openings(pr.Variant()), [good, "random"], TimeControl(depth=1)), 2)
    assert (result.played, result.stopped) == (2, None)


def test_the_startup_timeout_option_is_checked_and_shown():
    r = CliRunner().invoke(main, ["match", "greedy", "random", "--startup-timeout", "0"])
    assert r.exit_code == 2 and "--startup-timeout" in r.output
    from polyreversi.engine.protocol import STARTUP_TIMEOUT

    help_text = " ".join(CliRunner().invoke(main, ["match", "--help"]).output.split())
    assert f"[default: {STARTUP_TIMEOUT};" in help_text
    with pytest.raises(ValueError, match="startup_timeout: must be a finite number of seconds above 0"):
        MatchConfig(builtin_openings(pr.Variant()), ["greedy", "random"], startup_timeout=-1)


def test_a_ggf_match_file_keeps_the_stop_of_an_engine_that_never_answered(tmp_path):
    # GGF keeps no meta: the resumed tally counted no forfeits, so a resumed match played
    # every remaining game against the silent engine and exited 0
    mute = f"nboard:{sys.executable} {FAKE} nboard mute"
    out = str(tmp_path / "m.ggf")
    config = MatchConfig(builtin_openings(pr.Variant()), [mute, "random"], TimeControl(time=0.2),
                         startup_timeout=0.5)
    assert run(config, 6, out=out, fmt="ggf").stopped == mute
    again = run(config, 6, out=out, fmt="ggf")
    assert (again.resumed, again.played, again.stopped) == (1, 1, mute)
    assert again.tally.failed() == [mute]


@pytest.mark.parametrize("openings, specs, error, message", [
    ([], ["random", "greedy"], ValueError, "openings: none given"),
    (None, ["random"], ValueError, "8x8 has 2 players: give 2 PLAYERs, got 1"),
    (None, ["search:1", "search:1"], ValueError, "give each PLAYER once"),
    ([1], ["random", "greedy"], TypeError, "openings\\[0\\]: expected a State, got int"),
])
def test_a_match_config_refuses_what_no_schedule_can_play(openings, specs, error, message):
    # they were a bare ZeroDivisionError, an IndexError, and a match of a seat against itself
    with pytest.raises(error, match=message):
        MatchConfig(builtin_openings(pr.Variant()) if openings is None else openings, specs)


def test_a_seat_of_a_three_player_game_that_runs_out_of_clock_forfeits_and_the_others_share_the_win():
    # A seat that takes no clock plays at its own pace (here 0.6 s a move) and the referee
    # holds it to the clock: over it, the seat forfeits; no colour is put ahead of the rest.
    seats = [Taking(0.6), pr.MCTSPlayer(playouts=20, seed=1), pr.MultiPlayer(depth=1)]
    out = play(pr.Variant.parse("8x8/3p").start(), seats, ["a", "b", "c"], TimeControl(clock=0.5))
    assert out.points == [0.0, 0.5, 0.5]
    assert out.forfeit is not None and out.forfeit["color"] == "Black" and out.forfeit["reason"] == "time"
    assert out.record.result.end == "time" and out.record.result.winner is None
    # read back (a resumed match), the record gives the same points
    from polyreversi.formats import json_record
    from polyreversi.match.runner import points_of

    assert points_of(json_record.loads(json_record.dumps(out.record))) == [0.0, 0.5, 0.5]


@pytest.mark.parametrize("error", [RuntimeError, ZeroDivisionError, KeyError, AttributeError])
def test_a_failing_seat_of_a_four_player_game_forfeits(error):
    class Boom:
        def choose(self, state):
            raise error("boom")

    seats = [pr.RandomPlayer(seed=1), Boom(), pr.RandomPlayer(seed=2), pr.RandomPlayer(seed=3)]
    out = play(pr.Variant.parse("8x8/4p").start(), seats, ["a", "b", "c", "d"])
    assert out.points == [1 / 3, 0.0, 1 / 3, 1 / 3] and out.forfeit["reason"] == "failure"
    assert out.record.result.end == "resigned" and "boom" in out.forfeit["detail"]


def test_ctrl_c_in_a_seat_is_not_a_forfeit():
    def interrupted(state):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play(pr.Variant.parse("8x8/3p").start(), [interrupted, pr.RandomPlayer(seed=1), pr.RandomPlayer(seed=2)],
             ["a", "b", "c"])
