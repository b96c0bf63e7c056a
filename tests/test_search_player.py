"""The living SearchPlayer: exact against the solver, multi-PV against brute
force, a table kept between moves, a search stopped from another thread, one
search at a time, the clock's budgets, levels, and bad input."""
import copy
import os
import pickle
import random
import subprocess
import sys
import threading
import time

import pytest

import polyreversi as pr
from polyreversi import time_control
from polyreversi.errors import ConcurrentUseError
from polyreversi.levels import LEVELS
from polyreversi.search_player import STOPPED_DEPTH


def random_position(plies, seed, variant="8x8"):
    rng = random.Random(seed)
    state = pr.Variant(variant).start() if isinstance(variant, str) else variant.start()
    while True:
        s = state
        for _ in range(plies):
            if s.is_over():
                break
            s = s.child(rng.choice(s.legal_moves()))
        if not s.is_over() and len(s.legal_moves()) >= 3:
            return s
        seed += 1000
        rng = random.Random(seed)


def mover_disc_difference(state, child):
    scores = child.scores()
    me = int(state.to_move) - 1
    return scores[me] - scores[1 - me]


def negamax(state, depth):
    """Depth-limited minimax with the search's evaluation (a pass is a ply; game ends exact)."""
    if state.is_over():
        scores = state.scores()
        me = int(state.to_move) - 1
        return float(scores[me] - scores[1 - me])
    if depth == 0:
        return pr.evaluate(state)
    return max(-negamax(state.child(m), depth - 1) for m in state.legal_moves())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_play_is_exact_where_the_search_reaches_the_end(seed):
    state = random_position(50, seed)  # about 10 empties
    empties = 60 - 50
    player = pr.SearchPlayer(depth=empties + 2)
    result = player.play(state)
    solved = pr.solve(state, moves=True)
    assert result.exact and result.score == solved.score
    assert solved.scores[result.move] == solved.score
    assert result.pv[0] == result.move and result.move in state.legal_moves()


@pytest.mark.parametrize("seed", [4, 5])
def test_analyse_gives_the_solver_scores_of_the_best_moves(seed):
    state = random_position(48, seed)
    solved = pr.solve(state, moves=True).scores
    k = min(3, len(solved))
    infos = pr.SearchPlayer(depth=30).analyse(state, multipv=k)
    assert len(infos) == k
    assert all(i.exact for i in infos)
    assert [i.score for i in infos] == sorted(solved.values(), reverse=True)[:k]
    for i in infos:
        assert solved[i.move] == i.score and i.pv[0] == i.move


@pytest.mark.parametrize("seed,depth", [(6, 1), (7, 2), (8, 3)])
def test_analyse_matches_brute_force_at_small_depth(seed, depth):
    state = random_position(20, seed)
    player = pr.SearchPlayer(selective=False)
    moves = state.legal_moves()
    infos = player.analyse(state, pr.Limit(depth=depth), multipv=len(moves))
    brute = {m: -negamax(state.child(m), depth - 1) for m in moves}
    assert sorted(i.move for i in infos) == sorted(moves)
    for i in infos:
        assert i.score == pytest.approx(brute[i.move], abs=1e-9)
        assert i.depth == depth and not i.exact
    assert [i.score for i in infos] == sorted((i.score for i in infos), reverse=True)
    # the best two alone: the same scores as the first two of all
    top = player.analyse(state, pr.Limit(depth=depth), multipv=2)
    assert [i.score for i in top] == [i.score for i in infos[:2]]


def test_the_table_is_kept_between_moves_and_cleared_by_new_game():
    state = random_position(16, 9)
    player = pr.SearchPlayer(depth=7, tt_mb=1)  # small: the usage sample sees the entries
    first = player.play(state)
    assert player.table_usage > 0
    second = player.play(state)
    assert second.move == first.move and second.score == first.score
    assert second.nodes < first.nodes
    player.new_game()
    assert player.table_usage == 0
    third = player.play(state)
    assert third.nodes == first.nodes  # the same search from an empty table


def resident_mib():
    """This process's resident memory, MiB (Linux: /proc/self/statm)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads resident memory from Linux's /proc")
def test_a_player_without_a_time_holds_the_table_it_fills_and_a_timed_one_its_whole_table():
    # a depth or a level on one thread: the table starts small and grows as it fills;
    # a time or threads: mapped whole when the player is made (no timed move pays for it)
    state = random_position(10, 3)
    before = resident_mib()
    players = [pr.SearchPlayer(depth=4, tt_mb=64) for _ in range(4)] + [pr.SearchPlayer(level=1, tt_mb=64)]
    for p in players:
        p.play(state)
    grown = resident_mib() - before
    assert grown < 64, grown  # 320 MiB were mapped whole before
    timed = [pr.SearchPlayer(time=0.01, tt_mb=32), pr.SearchPlayer(depth=4, threads=2, tt_mb=32)]
    assert resident_mib() - before - grown > 0.9 * 64
    # a timed move grows the table as it fills, it does not map it inside the move
    # (1 GiB took 0.1-4.8 s so); prepare() maps it whole, before a clock runs
    big = pr.SearchPlayer(depth=4, tt_mb=512)
    now = resident_mib()
    big.play(state, pr.Limit(time=0.01))
    assert resident_mib() - now < 64
    big.prepare(pr.Variant())
    assert resident_mib() - now > 0.9 * 512
    del timed, players, big


def test_a_growing_table_keeps_its_entries_as_it_grows_and_when_made_whole():
    # the same scores as a whole table's (full width: the depth's scores whatever the
    # entries), entries kept through every doubling and prepare() (which makes the
    # table whole at once); a timed search grows it as it fills; the core's searcher
    # makes it whole for a call on two threads
    states = [random_position(plies, seed) for plies, seed in [(12, 1), (20, 2), (28, 3)]]
    whole = pr.SearchPlayer(depth=8, time=1000.0, selective=False, tt_mb=16)
    growing = pr.SearchPlayer(depth=8, selective=False, tt_mb=16)
    assert growing.table_usage == 0
    first = []
    for state in states:
        w, g = whole.play(state), growing.play(state)
        assert g.score == w.score
        assert abs(g.nodes - w.nodes) <= 0.05 * w.nodes  # a table's misses: a few nodes
        first.append(g.nodes)
    again = [growing.play(s).nodes for s in states]
    assert all(a < f / 2 for a, f in zip(again, first)), (again, first)  # kept, and found again
    used = growing.table_usage
    assert 0 < used < 1
    growing.prepare(pr.Variant())  # whole now: the entries moved to their buckets
    assert abs(growing.table_usage - used) <= 0.05 + 0.5 * used  # the share, sampled from other buckets
    assert all(n <= a for n, a in zip([growing.play(s).nodes for s in states], again))  # nothing lost
    late = random_position(46, 4)
    solved = pr.solve(late).score
    timed = pr.SearchPlayer(depth=8, selective=False, tt_mb=16)
    timed.play(states[0])
    r = timed.play(late, pr.Limit(depth=30, time=100.0))  # timed: grows as it fills
    assert r.exact and r.score == solved
    # the core's searcher: a call on two threads makes a growing table whole first
    from polyreversi import _core
    with pytest.raises(TypeError):
        _core._Searcher(16, growing=1)  # a bool, not converted
    searcher = _core._Searcher(16, growing=True)
    searcher.clear_stop()
    one = searcher.search(states[1], 8, -1.0, -1, 1, 0, 1, False)
    two = searcher.search(states[1], 8, -1.0, -1, 2, 0, 1, False)
    three = searcher.solve(late, False, 2, False, -1.0, -1)
    assert two[1] == one[1] and three[1] == solved


def test_prepare_makes_the_boards_table_and_keeps_its_entries():
    # prepare(variant) makes the table of the variant's board, as its first search would:
    # the entries of that board and rules are kept, another board's or rules' forgotten.
    player = pr.SearchPlayer(depth=5, tt_mb=1)  # small: the usage sample sees the entries
    ten = pr.Variant("10x10")
    player.prepare(ten)
    assert player.table_usage == 0
    state = ten.start()
    first = player.play(state)
    used = player.table_usage
    assert used > 0
    player.prepare(ten)  # the same board and rules: nothing forgotten
    assert player.table_usage == used
    assert player.play(state).nodes < first.nodes
    player.prepare(pr.Variant("10x10", anti=True))  # other rules: forgotten, as a search would
    assert player.table_usage == 0
    player.play(state)
    player.prepare(pr.Variant())  # another board's table: the 10x10 one is freed
    assert player.table_usage == 0
    assert player.play(state).nodes == first.nodes  # 10x10 from an empty table again
    player.prepare(pr.Variant("8x8", blocked=["a1"]))
    # the entries belong to the evaluation the player searches with, not the rules' own
    anti_eval = pr.SearchPlayer(depth=5, tt_mb=1, evaluation="anti")
    anti_eval.play(state)
    used = anti_eval.table_usage
    anti_eval.prepare(ten)
    assert used > 0 and anti_eval.table_usage == used


@pytest.mark.parametrize("bad, error, match", [
    ("10x10", TypeError, "variant: expected a Variant, got str"),
    (pr.Variant().start(), TypeError, "variant: expected a Variant, got State"),
    (None, TypeError, "variant: expected a Variant, got NoneType"),
    (pr.Variant("8x8/3p"), pr.VariantError, "two-player games only"),
])
def test_prepare_refuses_what_is_not_a_two_player_variant(bad, error, match):
    with pytest.raises(error, match=match):
        pr.SearchPlayer(tt_mb=1).prepare(bad)


def test_prepare_is_refused_while_searching():
    player = pr.SearchPlayer(tt_mb=1)
    handle = player.start(pr.Variant().start(), pr.Limit(depth=60))
    try:
        with pytest.raises(ConcurrentUseError, match="SearchPlayer.prepare: this player is already searching"):
            player.prepare(pr.Variant("10x10"))
    finally:
        handle.stop()
        handle.result()


def test_stop_from_another_thread_returns_a_legal_move():
    state = random_position(10, 10)
    player = pr.SearchPlayer()
    handle = player.start(state, pr.Limit(depth=40))  # far beyond what ends soon
    assert not handle.done()
    threading.Event().wait(0.2)
    handle.stop()
    result = handle.result(timeout=120)  # a guard against a hang, not a time test
    assert result.move in state.legal_moves()
    assert handle.done()
    # the player is free again
    assert player.play(state, pr.Limit(depth=2)).move in state.legal_moves()


def test_stop_before_any_work_still_gives_a_move():
    state = random_position(10, 11)
    player = pr.SearchPlayer()
    handle = player.start(state, pr.Limit(depth=40))
    handle.stop()
    assert handle.result(timeout=120).move in state.legal_moves()


def test_ctrl_c_while_waiting_for_a_background_search_ends_python_cleanly():
    # The search thread is inside the C++ core when the interpreter exits: it must be stopped
    # before Python ends its daemon threads, or the process aborts ("terminate called without
    # an active exception", status 134) or crashes. Two SIGINTs: the second one lands during
    # that stop (as `timeout -s INT` does). Python's own status for a KeyboardInterrupt: -SIGINT.
    import signal
    import subprocess
    import sys

    script = ("import polyreversi as pr\n"
              "h = pr.SearchPlayer().start(pr.Variant().start(), pr.Limit(depth=40))\n"
              "print('searching', flush=True)\n"
              "h.result()\n")
    for _ in range(3):  # a race: each run lost it about one time in two before the fix
        p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            assert p.stdout.readline().strip() == "searching"
            time.sleep(0.5)
            p.send_signal(signal.SIGINT)
            p.send_signal(signal.SIGINT)
            _, err = p.communicate(timeout=60)
        finally:
            if p.poll() is None:
                p.kill()
                p.communicate()
        assert p.returncode == -signal.SIGINT, err
        assert "terminate" not in err and "KeyboardInterrupt" in err


def test_one_search_at_a_time():
    state = random_position(10, 12)
    player = pr.SearchPlayer()
    handle = player.start(state, pr.Limit(depth=40))
    try:
        with pytest.raises(ConcurrentUseError, match="already searching"):
            player.play(state)
        with pytest.raises(ConcurrentUseError):
            player.analyse(state, multipv=2)
        with pytest.raises(ConcurrentUseError):
            player.new_game()
        with pytest.raises(ConcurrentUseError):
            player.start(state)
    finally:
        handle.stop()
        handle.result(timeout=120)


def test_time_and_node_limits_on_solve():
    state = random_position(36, 13)  # 24 empties: far more than 2000 nodes
    r = pr.solve(state, nodes=2000)
    assert not r.complete and r.move is None and r.pv == [] and r.score is None
    small = random_position(52, 14)
    full = pr.solve(small, time=600.0, nodes=10**9)
    assert full.complete and full.score == pr.solve(small).score
    assert full.lower == full.upper == full.score


@pytest.mark.parametrize("variant,plies", [("6x6", 14), ("8x8", 46)])
def test_a_stopped_solve_gives_the_bounds_it_proved(variant, plies):
    """A solve stopped by a node limit has no score, and the bounds it returns hold
    the exact score (checked against the complete solve) at every stopping point."""
    proven = 0
    for seed in range(4):
        state = random_position(plies, 100 + seed, variant)
        exact = pr.solve(state)
        for share in (0.2, 0.4, 0.6, 0.8, 0.9):
            r = pr.solve(state, nodes=max(1, int(exact.nodes * share)))
            if r.complete:
                assert r.score == exact.score == r.lower == r.upper
                continue
            assert r.score is None and r.move is None
            assert r.lower is None or r.lower <= exact.score, (state.to_text(), share, r)
            assert r.upper is None or exact.score <= r.upper, (state.to_text(), share, r)
            proven += (r.lower is not None) + (r.upper is not None)
    assert proven > 0  # the stopping points above reach the exact pass


def test_a_search_stopped_before_its_first_iteration_plays_a_shallow_search():
    class StopFirst:  # the player's searcher, stopped before its first search starts
        def __init__(self, real):
            self.real = real
            self.calls = 0

        def search(self, *args):
            self.calls += 1
            if self.calls == 1:
                self.real.stop()
            return self.real.search(*args)

        def __getattr__(self, name):
            return getattr(self.real, name)

    state = random_position(20, 5)
    shallow = pr.SearchPlayer(depth=STOPPED_DEPTH).play(state)
    player = pr.SearchPlayer(depth=6)
    player._searcher = StopFirst(player._searcher)
    r = player.play(state)
    assert (r.move, r.score, r.depth) == (shallow.move, shallow.score, STOPPED_DEPTH)
    player._searcher = player._searcher.real
    r = player.play(state)
    assert r.depth == 6 and isinstance(r.score, float)


def test_a_stop_during_the_exact_solve_at_a_depth_still_scores_the_move():
    # exact_empties puts the solve before the search; a stop() in it used to leave the
    # search stopped before its first iteration (no score, depth 0).
    state = random_position(36, 1)  # 24 empties: the solve takes seconds
    player = pr.SearchPlayer(depth=8, exact_empties=state.empties())
    handle = player.start(state)
    time.sleep(0.02)
    handle.stop()
    r = handle.result(timeout=10)
    assert r.depth == STOPPED_DEPTH and isinstance(r.score, float) and not r.exact
    assert r.move in state.legal_moves() and r.pv[0] == r.move


def test_node_limit_of_play():
    state = random_position(12, 15)
    r = pr.SearchPlayer().play(state, pr.Limit(nodes=3000))
    assert r.move in state.legal_moves() and r.depth >= 1


def test_clock_plans_never_overdraw_the_clock():
    for clock, increment, moves_to_go in [(60.0, 0.0, None), (1.0, 0.0, None), (0.05, 0.0, None),
                                          (10.0, 1.0, None), (30.0, 0.0, 10)]:
        left = clock
        for empties in range(60, 0, -2):
            limit = pr.Limit(clock=left, increment=increment or None, moves_to_go=moves_to_go)
            plan = time_control.move_time(limit, empties)
            assert 0 < plan.start <= plan.target <= plan.stop
            # the hard stop itself never empties the clock
            assert plan.stop <= max(left - time_control.RESERVE_MIN, left / 10 if left > 0 else 1e-4) + 1e-12
            left = left - plan.stop + increment
            assert left >= 0
    # a machine that makes every move late keeps that much on the clock for each move to come
    calm = time_control.move_time(pr.Limit(clock=3.0), 40)
    late = time_control.move_time(pr.Limit(clock=3.0), 40, overhead=0.02)
    assert late.target < calm.target
    assert calm.target - late.target <= (0.02 - time_control.MOVE_RESERVE) * 20 / 2 + 1e-9
    lost = time_control.move_time(pr.Limit(clock=0.0), 30)
    assert 0 < lost.stop <= 1e-3  # a lost clock: move at once


def test_a_clock_is_spent_over_the_moves_until_the_solve():
    many = time_control.move_time(pr.Limit(clock=60.0), 60).target
    few = time_control.move_time(pr.Limit(clock=60.0), 30).target
    assert 0 < many < few <= 60.0 * time_control.MAX_SHARE
    # moves are counted down to where the solve takes over, not to the end, and that
    # point stays put as the midgame spends its part of the clock
    usable = 60.0 - time_control.RESERVE_MAX
    solve_at = time_control.exact_from(usable, 60)
    assert 20 < solve_at < 30  # 8x8: a solve of seconds
    assert many > usable * (1 - 1 / 3) / ((60 - solve_at) / 2 + 1)
    left = 60.0
    for empties in range(60, solve_at, -2):
        assert time_control.exact_from(left - time_control.RESERVE_MAX, empties) == solve_at
        left -= time_control.move_time(pr.Limit(clock=left), empties).target
    last = time_control.move_time(pr.Limit(clock=10.0, moves_to_go=1), 40)
    assert last.target > 9.0 and last.stop <= 10.0


def test_a_per_move_budget_is_the_target_starts_end_before_it_and_the_stop_after():
    # The stop is the budget plus what earlier moves saved, at most MOVE_STOP_FACTOR times it
    first = time_control.move_time(pr.Limit(time=0.3), 30)
    assert first.target == 0.3 and first.stop == 0.3
    assert first.start == pytest.approx(time_control.MOVE_START_SHARE * 0.3) and first.start < first.target
    # a debt shortens the move, to the last moment an iteration may start at the least
    assert time_control.move_time(pr.Limit(time=0.3), 30, saved=-0.1).stop == pytest.approx(0.2)
    assert time_control.move_time(pr.Limit(time=0.3), 30, saved=-1.0).stop == pytest.approx(first.start)
    assert time_control.saved_after(0.0, 0.3, 0.1) == pytest.approx(0.2)
    assert time_control.saved_after(0.2, 0.3, 0.4) == pytest.approx(0.1)
    assert time_control.saved_after(0.0, 0.3, 0.33) == pytest.approx(-0.03)  # an overrun is owed
    assert time_control.saved_after(0.0, 0.3, 9.0) == pytest.approx(-(1 - time_control.MOVE_START_SHARE) * 0.3)
    assert time_control.move_time(pr.Limit(time=0.3), 30, saved=0.1).stop == pytest.approx(0.4)
    plan = time_control.move_time(pr.Limit(time=0.3), 30, saved=5.0)
    assert plan.target == 0.3 and plan.start == first.start
    assert plan.stop == pytest.approx(time_control.MOVE_STOP_FACTOR * 0.3) and plan.target < plan.stop < 2 * 0.3
    both = time_control.move_time(pr.Limit(time=0.3, clock=60.0), 30, saved=5.0)
    assert both.stop <= plan.stop and both.start <= plan.start and both.target <= 0.3
    assert time_control.move_time(pr.Limit(depth=3), 30) is None
    assert plan.after(0.2).stop == pytest.approx(plan.stop - 0.2)
    assert plan.after(1.0).stop == pytest.approx(plan.stop / 10)


def test_the_longest_per_move_time_plays_and_a_move_time_caps_the_clocks_solve():
    from polyreversi.limit import MAX_TIME

    assert time_control.move_time(pr.Limit(time=MAX_TIME), 30).stop == MAX_TIME
    state = random_position(20, 3)
    r = pr.SearchPlayer(time=MAX_TIME).play(state, pr.Limit(time=MAX_TIME, depth=2))
    assert r.depth == 2 and r.move in state.legal_moves()
    # With a clock and a per-move time, the exact solve is tried only where the move's
    # own time allows it (the clock alone would try a 24-empty solve)
    assert time_control.solve_allowance(pr.Limit(clock=100.0), 24, 0.01) is not None
    assert time_control.solve_allowance(pr.Limit(time=0.01, clock=100.0), 24, 0.01) is None


def test_a_simulated_game_spends_most_of_its_clock():
    # Each move takes what the plan aims at, or its whole hard stop (an unlucky iteration):
    # no flag, and the clock is not hoarded to the end.
    for unlucky in (0, 3):
        left, spent_at_the_solve = 30.0, None
        for k, empties in enumerate(range(60, 0, -2)):
            plan = time_control.move_time(pr.Limit(clock=left), empties)
            if time_control.solve_allowance(pr.Limit(clock=left), empties, plan.target) is not None:
                spent_at_the_solve = 30.0 - left
                break
            left -= plan.stop if unlucky and k % unlucky == 0 else plan.target
            assert left > 0
        assert spent_at_the_solve is not None and 0.5 * 30.0 < spent_at_the_solve < 30.0 - time_control.RESERVE_MAX


@pytest.mark.parametrize("main, overtime", [(2.0, 0.5), (0.3, 1.0), (60.0, 1.0), (0.0, 0.2)])
def test_a_clock_before_an_overtime_is_spent_so_that_the_overtime_is_used(main, overtime):
    # Byo-yomi after the main time (GTP's kgs-time_settings byoyomi MAIN PERIOD 1): each move
    # takes its plan's target, or its hard stop every third move. Spent as sudden death, a
    # 2 s main time gave each move 0.04-0.12 s and the 0.5 s periods were never reached.
    for unlucky in (0, 3):
        left, in_overtime = main, 0
        for k, empties in enumerate(range(60, 0, -2)):
            if left > 0:
                limit = pr.Limit(clock=left, overtime=overtime)
                plan = time_control.move_time(limit, empties)
                alone = time_control.move_time(pr.Limit(clock=left), empties)
                assert plan.target >= alone.target + 0.5 * overtime
                assert plan.stop <= left + time_control.OVERTIME_SHARE * overtime + 1e-12  # within its period
            else:  # a period: a clock of one move that must not run out
                plan = time_control.move_time(pr.Limit(clock=overtime, moves_to_go=1), empties)
                assert plan.stop <= overtime
                in_overtime += 1
            assert 0 < plan.start <= plan.target <= plan.stop
            taken = plan.stop if unlucky and k % unlucky == 0 else plan.target
            left -= min(taken, max(left, 0.0))  # what the period pays for does not come off the main time
        if main / 30 < overtime:  # the main time alone would give a move less than the overtime
            assert in_overtime >= 20, in_overtime


def test_a_days_clock_and_overtime_plan_at_most_a_search_s_longest_time():
    # A Limit(clock=86400, overtime=86400) was accepted, then refused by the search
    # ("time must be at most 86400 seconds, got 90719.7"; breaker17)
    from polyreversi.limit import MAX_TIME

    limit = pr.Limit(clock=MAX_TIME, overtime=MAX_TIME)
    plan = time_control.move_time(limit, 60)
    assert 0 < plan.start <= plan.target <= plan.stop <= MAX_TIME
    r = pr.SearchPlayer().play(pr.Variant().start(), pr.Limit(clock=MAX_TIME, overtime=MAX_TIME, depth=2))
    assert r.depth == 2


def test_play_with_a_clock_over_a_short_game():
    state = random_position(40, 16)
    player = pr.SearchPlayer()
    while not state.is_over():
        r = player.play(state, pr.Limit(clock=2.0, increment=0.01))
        assert r.move in state.legal_moves()
        state = state.child(r.move)


def test_endgame_solve_when_it_fits():
    state = random_position(50, 17)
    r = pr.SearchPlayer().play(state, pr.Limit(time=30.0))
    assert r.exact and r.score == pr.solve(state).score


def test_late_solve_between_the_fitting_solve_and_none():
    # 8x8/anti, 16 empties: 0.023 s predicted (the random-game model); tried first from a
    # 0.046 s budget
    assert time_control.predicted_solve_seconds(16, "8x8/anti") == pytest.approx(0.0232, abs=1e-4)
    limit = pr.Limit(time=0.012)
    assert time_control.solve_allowance(limit, 16, 0.012, "8x8/anti") is None
    assert time_control.late_solve_share(limit, 16, 0.012, "8x8/anti") == time_control.LATE_SEARCH_SHARE
    assert time_control.late_solve_share(limit, 16, 0.005, "8x8/anti") is None  # beyond LATE_SOLVE_FACTOR
    assert time_control.late_solve_share(pr.Limit(time=0.05), 16, 0.05, "8x8/anti") is None  # solved first
    # The standard game's played positions solve in STANDARD_SOLVE_SHARE of that: its solve
    # is tried first from a budget 0.012 s, where 8x8/anti tries it late.
    standard = time_control.predicted_solve_seconds(16, "8x8")
    assert standard == pytest.approx(time_control.STANDARD_SOLVE_SHARE * 0.0232, abs=1e-4)
    assert time_control.predicted_solve_seconds(16) == standard
    assert time_control.solve_allowance(limit, 16, 0.012, "8x8") is not None
    assert time_control.late_solve_share(limit, 16, 0.006, "8x8") == time_control.LATE_SEARCH_SHARE
    for other in ("8x8/anti", "8x8/blocked=b2", "8x8/3p"):
        assert time_control.predicted_solve_seconds(16, other) == pytest.approx(0.0232, abs=1e-4), other
    plan = time_control.MoveTime(1.0, 0.9, 1.0).scaled(0.3)
    assert (plan.target, plan.start, plan.stop) == pytest.approx((0.3, 0.27, 0.3))


def test_late_solve_after_the_search_is_exact(monkeypatch):
    # The search stops after its first iteration; the solve after it has the rest of the
    # budget, ample for 14 empties: its score and move are the solver's.
    monkeypatch.setattr(time_control, "solve_allowance", lambda *args: None)
    monkeypatch.setattr(time_control, "LATE_SOLVE_FACTOR", 1e9)
    monkeypatch.setattr(time_control, "LATE_SEARCH_SHARE", 1e-7)
    state = random_position(46, 23)
    assert state.empties() == 14
    r = pr.SearchPlayer().play(state, pr.Limit(time=30.0))
    exact = pr.solve(state, moves=True)
    assert r.exact and r.depth == 14 and r.score == exact.score
    assert exact.scores[r.move] == exact.score


def test_a_late_solve_that_does_not_end_leaves_the_search_s_move(monkeypatch):
    # 30 empties: no solve ends within the budget; the move is the shorter search's.
    monkeypatch.setattr(time_control, "solve_allowance", lambda *args: None)
    monkeypatch.setattr(time_control, "LATE_SOLVE_FACTOR", 1e9)
    state = random_position(30, 29)
    r = pr.SearchPlayer().play(state, pr.Limit(time=0.05))
    assert not r.exact and r.depth >= 1 and r.move in state.legal_moves() and r.score is not None


def test_no_late_solve_at_a_fixed_depth_or_in_an_analysis(monkeypatch):
    monkeypatch.setattr(time_control, "solve_allowance", lambda *args: None)
    monkeypatch.setattr(time_control, "LATE_SOLVE_FACTOR", 1e9)
    monkeypatch.setattr(time_control, "LATE_SEARCH_SHARE", 1e-7)
    state = random_position(46, 23)
    player = pr.SearchPlayer()
    assert not player.play(state, pr.Limit(depth=2, time=30.0)).exact
    assert not any(i.exact for i in player.analyse(state, pr.Limit(depth=2, time=30.0), multipv=2))


def test_the_solve_is_tried_earlier_on_6x6_where_it_is_cheaper():
    limit = pr.Limit(time=1.0)
    assert time_control.predicted_solve_seconds(22, "6x6") < time_control.predicted_solve_seconds(22, "8x8/anti")
    assert time_control.solve_allowance(limit, 21, 1.0, "6x6") is not None
    assert time_control.solve_allowance(limit, 21, 1.0, "8x8/anti") is None  # 1.1 s predicted
    rng = random.Random(4)
    state = pr.Variant(board="6x6").start()
    while int((state.board() == 0).sum()) > 18:
        state.play(rng.choice(state.legal_moves()))
    if not state.is_over():
        r = pr.SearchPlayer().play(state, pr.Limit(time=2.0))
        assert r.exact and r.score == pr.solve(state).score


def test_levels_play_legal_moves_and_vary_with_the_seed():
    state = pr.Variant().start()
    for level in range(1, len(LEVELS) + 1):
        assert pr.SearchPlayer(level=level).choose(state) in state.legal_moves()
    picks = [pr.SearchPlayer(level=1, seed=s).choose(state) for s in range(12)]
    assert len(set(picks)) > 1  # four symmetric moves, chosen at random
    again = [pr.SearchPlayer(level=1, seed=s).choose(state) for s in range(12)]
    assert picks == again


def test_variety_keeps_to_near_equal_moves():
    state = random_position(20, 18)
    player = pr.SearchPlayer(depth=2, variety=1.0, seed=3, selective=False)
    infos = pr.SearchPlayer(depth=2, selective=False).analyse(state, multipv=len(state.legal_moves()))
    near = {i.move for i in infos if i.score >= infos[0].score - 1.0}
    for _ in range(6):
        assert player.choose(state) in near


def test_seat_specs():
    assert pr.player_from_spec("search:2").depth == 2
    p = pr.player_from_spec("search:level=3")
    assert p.level.number == 3 and repr(p) == "SearchPlayer(level=3)"
    from polyreversi.search_player import SearchPlayer
    assert SearchPlayer is pr.SearchPlayer


@pytest.mark.parametrize("kwargs", [
    {"depth": 3, "variety": 1.5, "seed": 7},
    {"time": 0.05, "evaluation": "anti", "selective": False, "tt_mb": 2},
    {"level": 2, "seed": 0},
])
def test_repr_names_every_option_away_from_its_default(kwargs):
    player = pr.SearchPlayer(**kwargs)
    text = repr(player)
    for key, value in kwargs.items():
        assert f"{key}={value!r}" in text
    again = eval(text, {"SearchPlayer": pr.SearchPlayer})
    assert repr(again) == text and again.seed == player.seed and again.variety == player.variety


@pytest.mark.parametrize("name,value", [("threads", "2"), ("threads", 2), ("depth", 0), ("time", 1.0),
                                        ("level", 3), ("tt_mb", 8), ("variety", -1), ("seed", 1)])
def test_options_are_fixed_once_the_player_is_made(name, value):
    player = pr.SearchPlayer(depth=2)
    before = repr(player)
    with pytest.raises(AttributeError, match=f"SearchPlayer.{name}: the options are fixed"):
        setattr(player, name, value)
    assert repr(player) == before and player.play(pr.Variant().start()).depth == 2


@pytest.mark.parametrize("kwargs", [{}, {"depth": 3, "threads": 2, "variety": 0.5, "seed": 7},
                                    {"level": 2}, {"time": 0.01, "exact_empties": 10, "book": False}])
def test_a_copy_is_a_new_player_with_the_same_options(kwargs):
    import copy
    import pickle

    player = pr.SearchPlayer(**kwargs)
    state = pr.Variant().start().child("f5")
    player.play(state)
    for twin in (pickle.loads(pickle.dumps(player)), copy.copy(player), copy.deepcopy(player)):
        assert twin is not player and repr(twin) == repr(player) and twin.options() == player.options()
        assert twin.last is None and twin.table_usage == 0
        assert twin.play(state).move in state.legal_moves()
    assert pr.SearchPlayer(**player.options()).options() == player.options()


class _Seat(pr.SearchPlayer):
    def __init__(self, strength):
        self.strength = strength  # before the player is made: allowed
        super().__init__(depth=strength, seed=strength)


def test_an_option_cannot_be_deleted_and_a_subclass_copies_as_itself():
    import copy
    import pickle

    player = pr.SearchPlayer(depth=2)
    with pytest.raises(AttributeError, match="SearchPlayer.threads: the options are fixed .* not deleted"):
        del player.threads
    assert player.threads == 1

    seat = _Seat(3)
    seat.nickname = "three"
    for twin in (pickle.loads(pickle.dumps(seat)), copy.deepcopy(seat)):
        assert type(twin) is _Seat and (twin.strength, twin.nickname, twin.depth, twin.seed) == (3, "three", 3, 3)
        with pytest.raises(AttributeError, match="fixed"):
            twin.depth = 4


def test_a_pickled_player_is_checked_again():
    import pickle

    data = pickle.dumps(pr.SearchPlayer(depth=5)).replace(b"K\x05", b"K\x00")  # depth 5 -> 0
    with pytest.raises(ValueError, match="depth"):
        pickle.loads(data)


def test_a_player_crosses_a_spawned_process_pool():
    import concurrent.futures
    import multiprocessing

    player = pr.SearchPlayer(depth=3, selective=False)
    state = pr.Variant().start().child("f5")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        move = pool.submit(player.choose, state).result(timeout=120)
    assert move == pr.SearchPlayer(depth=3, selective=False).choose(state)


@pytest.mark.parametrize("kwargs,error,match", [
    ({"level": 0}, ValueError, "level"),
    ({"level": len(LEVELS) + 1}, ValueError, "level"),
    ({"level": 2.5}, TypeError, "level"),
    ({"level": 2, "depth": 3}, ValueError, "level"),
    ({"tt_mb": 0}, ValueError, "tt_mb"),
    ({"tt_mb": 1 << 20}, ValueError, "tt_mb"),
    ({"time": 0}, ValueError, "time"),
    ({"time": float("nan")}, ValueError, "time"),
    ({"depth": 0}, ValueError, "depth"),
    ({"threads": -1}, ValueError, "threads"),
    ({"variety": -1.0}, ValueError, "variety"),
    ({"evaluation": "best"}, ValueError, "evaluation"),
])
def test_bad_options(kwargs, error, match):
    with pytest.raises(error, match=match):
        pr.SearchPlayer(**kwargs)


def test_a_table_over_the_memory_available_is_refused_at_once():
    """A table the system cannot give now is refused before anything is mapped (mapping
    20000 MiB took 28 s and would have pushed the machine to swap or the OOM killer)."""
    import sys

    available = sys.modules["polyreversi.search"]._available_mib()
    if available is None or available + 64 > pr._core.limits.MAX_TABLE_MIB:
        pytest.skip(f"{available} MiB available: no table size between it and the maximum to try")
    started = time.perf_counter()
    with pytest.raises(MemoryError, match=rf"tt_mb: a hash table of {available + 64} MiB is more than the \d+ MiB "
                                          "of memory available on this machine; give a smaller tt_mb"):
        pr.SearchPlayer(tt_mb=available + 64)
    assert time.perf_counter() - started < 5  # refused, not mapped


def test_a_multiplayer_state_is_refused_naming_the_players_that_play_it():
    import re

    state = pr.Variant("8x8", 3).start()
    for call in (lambda: pr.SearchPlayer(depth=2).play(state), lambda: pr.search(state, depth=2),
                 lambda: pr.solve(state), lambda: pr.evaluate(state)):
        with pytest.raises(pr.VariantError, match="two-player games only") as e:
            call()
        named = re.findall(r"pr\.(\w+)", str(e.value))
        assert {"InformedMCTSPlayer", "multi_mcts", "MultiPlayer", "multi_search", "MCTSPlayer", "mcts"} <= set(named)
        assert all(callable(getattr(pr, name)) for name in named)
    for player in (pr.InformedMCTSPlayer(playouts=20, seed=1), pr.MultiPlayer(depth=1), pr.MCTSPlayer(playouts=20)):
        assert state.is_legal(player.choose(state))  # each named player plays the refused state


def test_bad_calls():
    player = pr.SearchPlayer(depth=2)
    start = pr.Variant().start()
    with pytest.raises(TypeError, match="limit"):
        player.play(start, {"depth": 2})
    with pytest.raises(ValueError, match="multipv"):
        player.analyse(start, multipv=0)
    with pytest.raises(TypeError):
        player.play("not a state")
    with pytest.raises(ValueError, match="clock"):
        pr.Limit(clock=-1.0)
    with pytest.raises(pr.VariantError):
        player.play(pr.Variant(players=3).start())
    over = random_position(0, 1)
    while not over.is_over():
        over = over.child(over.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        player.play(over)
    with pytest.raises(ValueError, match="time"):
        pr.solve(start, time=0)


def test_analyse_near_the_end_is_exact_whatever_the_depth():
    state = random_position(48, 19)  # 12 empties: at most EXACT_EMPTIES
    solved = pr.solve(state, moves=True).scores
    infos = pr.SearchPlayer().analyse(state, pr.Limit(depth=2), multipv=len(solved))
    assert all(i.exact for i in infos) and {i.move: i.score for i in infos} == solved
    # play at a depth plays the depth's move (the solve is for analysis, time and levels)
    assert pr.SearchPlayer().play(state, pr.Limit(depth=2)).move == pr.search(state, depth=2).move


def test_one_player_across_boards_and_threads():
    # the table follows the board (64-bit and 128-bit boards, other rules): the
    # same answers as a fresh player's, at a fixed depth, full width
    player = pr.SearchPlayer(depth=4, selective=False, tt_mb=4)
    for variant in ["6x6", "10x10", "8x8/anti", "octagon", "8x8"]:
        state = random_position(6, 20, variant)
        fresh = pr.SearchPlayer(depth=4, selective=False, tt_mb=4).play(state)
        mine = player.play(state)
        assert (mine.move, mine.score) == (fresh.move, fresh.score), variant
    state = random_position(50, 21)
    two = pr.SearchPlayer(depth=20, threads=2).play(state)
    assert two.exact and two.score == pr.solve(state).score


def test_a_solve_that_does_not_fit_falls_back_to_the_search(monkeypatch):
    # the model says the solve fits; the allowance stops it; the search plays on
    monkeypatch.setattr(time_control, "SOLVE_SECONDS_AT_20", 1e-9)
    state = random_position(34, 22)  # 26 empties: no solve ends in the allowance
    r = pr.SearchPlayer().play(state, pr.Limit(time=0.01))
    assert r.move in state.legal_moves() and not r.exact


def test_the_core_refuses_a_second_search_of_one_searcher():
    from polyreversi import _core
    searcher = _core._Searcher(4)
    state = random_position(10, 23)
    searcher.clear_stop()
    box = {}

    def work():
        try:
            box["r"] = searcher.search(state, 40, -1.0, -1, 1, 0, 1, True)
        except BaseException as e:  # reported below, not lost in the thread
            box["error"] = e

    thread = threading.Thread(target=work)
    thread.start()
    try:
        deadline = time.monotonic() + 60  # a loaded machine may start the worker late
        while True:
            try:
                searcher.new_game()
            except ConcurrentUseError:
                break
            if box or time.monotonic() > deadline:
                pytest.fail(f"the second call was never refused (the search: {box or 'not started'})")
            threading.Event().wait(0.01)
    finally:
        searcher.stop()
        thread.join(120)
    assert box["r"][0] in state.legal_moves()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork is POSIX only")
def test_a_forked_child_of_a_searching_process_gets_a_clear_error_and_a_usable_player():
    # The child's handle raised KeyError: 'result', and the player stayed "already searching"
    # for good (the parent's search thread, which would release it, is not in the child).
    script = """
import os, time, polyreversi as pr
p = pr.SearchPlayer(tt_mb=4)
h = p.start(pr.Variant("10x10").start(), pr.Limit(time=30))
time.sleep(0.2)
pid = os.fork()
if pid == 0:
    try:
        h.result()
        print("no error")
    except RuntimeError as e:
        print("RuntimeError", "forked this one" in str(e))
    p.new_game()
    print("played", p.play(pr.Variant().start(), pr.Limit(depth=2)).depth)
    os._exit(0)
os.waitpid(pid, 0)
h.stop()
print("parent", h.result().move is not None)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-1000:]
    assert done.stdout.split("\n")[:3] == ["RuntimeError True", "played 2", "parent True"], done.stdout


def test_exact_empties_solves_play_at_a_depth_near_the_end():
    # the engines' player (NBoard and GTP at a fixed depth) solves where its analysis does
    state = random_position(48, 19)  # 12 empties
    solved = pr.solve(state, moves=True).scores
    r = pr.SearchPlayer(exact_empties=time_control.EXACT_EMPTIES).play(state, pr.Limit(depth=2))
    assert r.exact and r.score == max(solved.values()) == solved[r.move]
    # above it, the depth's move
    far = random_position(40, 24)  # 20 empties
    assert far.empties() > time_control.EXACT_EMPTIES
    r = pr.SearchPlayer(exact_empties=time_control.EXACT_EMPTIES).play(far, pr.Limit(depth=2))
    assert not r.exact and r.move == pr.search(far, depth=2).move
    assert "exact_empties=14" in repr(pr.SearchPlayer(exact_empties=14))
    with pytest.raises(ValueError, match="exact_empties"):
        pr.SearchPlayer(exact_empties=-1)
    with pytest.raises(TypeError, match="exact_empties"):
        pr.SearchPlayer(exact_empties="14")
    with pytest.raises(ValueError, match="exact_empties"):
        pr.SearchPlayer(level=3, exact_empties=10)


@pytest.mark.parametrize("variant", ["8x8", "8x8/anti", "6x6", "10x10", "octagon"])
def test_a_win_loss_draw_solve_proves_the_solvers_outcome(variant):
    # the core's window (-1, 1): a win's move wins and its score is a proven lower bound,
    # a loss's score an upper bound, a draw exact; checked against pr.solve
    from polyreversi import _core
    searcher = _core._Searcher(4)
    plies = {"6x6": 20, "10x10": 84, "octagon": 72}.get(variant, 48)  # 12 empties
    seen = set()
    for seed in range(12):
        state = random_position(plies, 300 + seed, variant)
        if state.must_pass():
            continue
        exact = pr.solve(state, moves=True)
        searcher.new_game()
        move, score, _pv, _nodes, _secs, _scores, stopped, lower, upper = searcher.solve(
            state, False, 1, False, -1.0, -1, True)
        assert not stopped
        if score >= 1:
            assert exact.score >= score == lower and upper is None and exact.scores[move] >= 1
        elif score <= -1:
            assert exact.score <= score == upper and lower is None
        else:
            assert exact.score == 0 == lower == upper and exact.scores[move] == 0
        seen.add((score > 0) - (score < 0))
    assert len(seen) >= 2, seen  # positions both won and lost


def test_the_player_plays_a_proven_win_where_only_the_win_loss_draw_solve_fits(monkeypatch):
    # the exact solve never fits, the win/loss/draw solve always does
    monkeypatch.setattr(time_control, "SOLVE_SECONDS_AT_20", 1e5)
    monkeypatch.setattr(time_control, "WLD_SHARE", 1e-9)
    outcomes = set()
    for seed in range(10):
        state = random_position(46, 400 + seed)  # 14 empties
        exact = pr.solve(state, moves=True)
        player = pr.SearchPlayer()
        r = player.play(state, pr.Limit(time=1.0))
        if exact.score > 0:  # a proven win, then the exact solve in the rest of the budget
            assert r.exact and r.score == exact.score == exact.scores[r.move]
        elif exact.score == 0:  # a proven draw: exact
            assert r.exact and r.score == 0 == exact.scores[r.move]
        else:  # a proven loss: the search's move (exact if its iterations reach the end)
            assert state.is_legal(r.move) and (not r.exact or r.score == exact.score)
        # an analysis shows values: no proof's bound (a search's value, or the exact one)
        info = player.analyse(state, pr.Limit(time=0.05))[0]
        assert info.exact == (info.depth == state.empties())
        assert not info.exact or info.score == exact.score
        outcomes.add((exact.score > 0) - (exact.score < 0))
    assert {1, -1} <= outcomes


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
def test_ctrl_c_while_waiting_for_a_background_search_stops_it():
    # the handle stays true to the search: done() only once it ended, its result then, the
    # player free again (a join that Ctrl-C interrupts leaves Thread.is_alive() False early)
    script = """
import os, signal, threading, time
import polyreversi as pr
signal.signal(signal.SIGINT, signal.default_int_handler)
state = pr.Variant("10x10").start()
player = pr.SearchPlayer()
handle = player.start(state, pr.Limit(depth=40))
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    handle.result()
    print("finished")
except KeyboardInterrupt:
    r = handle.result(timeout=30)
    assert handle.done() and r.move in state.legal_moves(), r
    print("interrupted", player.play(state, pr.Limit(depth=1)).depth)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-1000:]
    assert done.stdout.split() == ["interrupted", "1"]


def test_a_player_runs_past_its_per_move_time_only_on_what_its_moves_saved(monkeypatch):
    # From a new player's first move its moves under a per-move time take at most their
    # budgets together: each plan gets what the moves before saved (never below 0).
    player = pr.SearchPlayer(tt_mb=1)
    assert player.saved_time == 0.0
    given = []
    move_time = time_control.move_time

    def recorded(limit, empties, board="8x8", overhead=0.0, saved=0.0):
        given.append(saved)
        return move_time(limit, empties, board, overhead, saved)

    monkeypatch.setattr(time_control, "move_time", recorded)
    state = random_position(30, 4)
    player.play(state, pr.Limit(time=60.0, depth=2))  # ends at once: saves nearly 60 s
    assert given == [0.0] and 59.0 < player.saved_time <= 60.0
    saved = player.saved_time
    player.play(state, pr.Limit(depth=2))  # no per-move time: not counted
    assert player.saved_time == saved and given == [0.0, saved]
    player.analyse(state, pr.Limit(time=1.0, depth=2), multipv=2)
    assert given[-1] == saved and saved < player.saved_time <= saved + 1.0
    player.new_game()  # the time is the player's, over its games
    assert player.saved_time > saved
    assert copy.deepcopy(player).saved_time == 0.0 and pickle.loads(pickle.dumps(player)).saved_time == 0.0


def test_a_stopped_or_interrupted_search_saves_nothing():
    player = pr.SearchPlayer(tt_mb=1)
    state = random_position(30, 5)
    handle = player.start(state, pr.Limit(time=60.0))
    time.sleep(0.05)
    handle.stop()
    assert handle.result(timeout=30).move in state.legal_moves()
    assert player.saved_time == 0.0  # "move now": the rest of the minute is not the player's to keep
    player.play(state, pr.Limit(time=60.0, depth=1))
    assert player.saved_time > 59.0  # the next search counts again


def test_a_book_move_saves_its_budget():
    player = pr.SearchPlayer(tt_mb=1)
    result = player.play(pr.Variant("6x6").start(), pr.Limit(time=10.0))
    assert result.exact and result.nodes == 0  # the 6x6 book's move
    assert 9.0 < player.saved_time <= 10.0


def test_the_time_saved_counts_on_the_budget_clock(monkeypatch):
    # Where the searches' budgets count CPU time (the benchmarks' matches on a shared
    # machine: _core._set_budget_clock("cpu")), so does the time saved: the wall time
    # of a loaded machine would make every move look like an overrun.
    from polyreversi import _core

    ticks = iter([100.0, 100.004])
    monkeypatch.setattr(_core, "_budget_clock", lambda: "cpu")
    monkeypatch.setattr(time, "process_time", lambda: next(ticks))
    player = pr.SearchPlayer(tt_mb=1)
    player.play(random_position(30, 6), pr.Limit(time=1.0, depth=1))
    assert player.saved_time == pytest.approx(1.0 - 0.004)


def test_a_move_in_debt_gives_its_solve_the_shorter_budget(monkeypatch):
    # An overrun is owed: the next move's exact solve (predicted to fit) gets what the move
    # may take, not the whole budget, or a failed solve would run up the debt again.
    player = pr.SearchPlayer(tt_mb=1)
    player._saved = -0.004  # an earlier move took 4 ms past its budget
    budgets = []
    allowance = time_control.solve_allowance

    def recorded(limit, empties, budget, board="8x8", share=1.0):
        budgets.append(budget)
        return allowance(limit, empties, budget, board, share)

    monkeypatch.setattr(time_control, "solve_allowance", recorded)
    player.play(random_position(12, 7), pr.Limit(time=0.01))
    assert budgets and budgets[0] == pytest.approx(0.006)


def test_a_finished_three_or_four_player_game_is_reported_as_over_first():
    # as every other player reports it; the player count came first ("two-player games only")
    final = pr.play_game("8x8/4p", [pr.RandomPlayer(seed=i) for i in range(4)])
    player = pr.SearchPlayer(depth=1)
    for call, name in ((player.choose, "choose"), (player.play, "play"), (player.analyse, "analyse")):
        with pytest.raises(ValueError, match=rf"^SearchPlayer\.{name}: the game is over at ply {final.ply}; "
                                             "there is no move to choose$"):
            call(final)
    for other in (pr.MCTSPlayer(), pr.MultiPlayer(), pr.InformedMCTSPlayer()):
        with pytest.raises(ValueError, match=rf"^{type(other).__name__}\.choose: the game is over at ply {final.ply}"):
            other.choose(final)
    with pytest.raises(pr.VariantError, match=r"SearchPlayer\.choose: two-player games only"):
        player.choose(pr.Variant.parse("8x8/4p").start())  # a game under way: its player count
