"""The search's kept helper threads (cpp/src/search/thread_team.cpp): a
SearchPlayer's live through its moves, search() borrows the process's; the
same scores as one thread, a stop and Ctrl-C still end the search, a forked
child starts its own. The root split's speculative windows (root.cpp): two
threads' full-width scores at depths 1-10, exact solves, multi-PV lines and
stopped searches against one thread's."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time

import pytest

import polyreversi as pr
from conftest import assert_ctrl_c_stops, random_endgame, random_position


def game_positions(plies: int, count: int, seed: int, variant: str = "8x8"):
    """`count` positions of one random game from ply `plies` on, each with two moves or more to split."""
    rng = random.Random(seed)
    s = pr.Variant(variant).start()
    out = []
    while len(out) < count:
        assert not s.is_over(), "the game ended early: pick another seed"
        if s.ply >= plies and len(s.legal_moves()) >= 2:
            out.append(s)
        s = s.child(rng.choice(s.legal_moves()))
    return out


@pytest.mark.parametrize("variant", ["8x8", "10x10", "6x6/anti"])
def test_a_player_on_two_threads_plays_the_scores_of_one(variant):
    # Full width at a fixed depth: the minimax value whatever the threads (the
    # selective search's cuts depend on the windows the split gives).
    player = pr.SearchPlayer(depth=5, threads=2, selective=False)
    one = pr.SearchPlayer(depth=5, threads=1, selective=False)
    for s in game_positions(12, 6, 3, variant):
        mine, alone = player.play(s), one.play(s)
        assert mine.score == alone.score and mine.depth == alone.depth == 5, (s.ply, mine, alone)
        for threads in (2, 3, 4):  # the process's team, grown and shrunk between calls
            r = pr.search(s, depth=5, threads=threads, selective=False)
            assert r.score == alone.score, (s.ply, threads, r, alone)
        assert pr.search(s, depth=5, threads=1, selective=False).score == alone.score


def test_searches_from_several_threads_at_once_agree_with_one_at_a_time():
    # One caller holds the process's team; the others start teams of their own.
    states = game_positions(16, 4, 5)
    serial = [pr.search(s, depth=6, threads=1, selective=False).score for s in states]
    got: dict = {}
    workers = [threading.Thread(target=lambda k=k: got.__setitem__(
        k, [pr.search(s, depth=6, threads=2, selective=False).score for s in states])) for k in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert got == {k: serial for k in range(3)}


def test_stopping_a_two_thread_search_and_playing_on():
    state = game_positions(20, 1, 7)[0]
    player = pr.SearchPlayer(threads=2, selective=False)
    handle = player.start(state, pr.Limit(depth=40))
    time.sleep(0.3)
    began = time.perf_counter()
    handle.stop()
    r = handle.result(timeout=60)
    assert r.move in state.legal_moves() and time.perf_counter() - began < 5
    # the team is ready for the next move: the one-thread score at a fixed depth
    after = player.play(state, pr.Limit(depth=5))
    assert after.score == pr.search(state, depth=5, threads=1, selective=False).score


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
def test_ctrl_c_stops_a_player_on_two_threads():
    assert_ctrl_c_stops('pr.SearchPlayer(threads=2).play(pr.Variant("10x10").start(), pr.Limit(depth=60))')


#: Counts the process's threads (Linux: /proc/self/task) around a player's moves
#: and search() calls on two threads, then plays on in a forked child.
KEPT_SCRIPT = """
import json, os, signal
import polyreversi as pr
from test_search_team import game_positions

def threads():
    return len(os.listdir("/proc/self/task"))

states = game_positions(20, 6, 11)
pr.search(states[0], depth=2, threads=2)  # the process's team: one helper, kept
base = threads()
player = pr.SearchPlayer(depth=6, threads=2, selective=False)
counts, scores = [], []
for s in states[:5]:
    scores.append(player.play(s).score)
    pr.search(s, depth=4, threads=2)
    counts.append(threads())
pid = os.fork()
if pid == 0:  # the child has none of its parent's threads: its teams start their own
    signal.alarm(60)
    s = states[5]
    same = player.play(s).score == pr.search(s, depth=6, threads=2, selective=False).score == \
        pr.search(s, depth=6, threads=1, selective=False).score
    os._exit(0 if same else 1)
_, status = os.waitpid(pid, 0)
del player
print(json.dumps({"base": base, "counts": counts, "after": threads(), "child": os.waitstatus_to_exitcode(status),
                  "scores": scores, "alone": [pr.search(s, depth=6, selective=False).score for s in states[:5]]}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts the threads in /proc/self/task")
def test_a_player_keeps_its_helper_between_moves_and_a_forked_child_starts_its_own():
    import os

    done = subprocess.run([sys.executable, "-c", KEPT_SCRIPT], capture_output=True, text=True, timeout=300,
                          cwd=os.path.dirname(os.path.abspath(__file__)))
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout)
    # one helper started by the first move and kept through the next four (not one a
    # root split); joined when the player goes
    assert seen["counts"] == [seen["base"] + 1] * 5 and seen["after"] == seen["base"], seen
    assert seen["child"] == 0 and seen["scores"] == seen["alone"], seen


# The root split's speculative windows (cpp/src/search/root.cpp, Root::split): a
# helper that takes a move before the first is scored searches it with a null
# window at the last iteration's score, and a move bounded by that guess is
# searched again once the best is known. Full width, so every move has one value
# at a depth whatever the windows: two threads must find one thread's.

def move_values(state: pr.State, depth: int) -> dict:
    """Every legal move's full-width value at `depth` (one thread, all moves' lines)."""
    player = pr.SearchPlayer(threads=1, selective=False, book=False)
    infos = player.analyse(state, pr.Limit(depth=depth), multipv=len(state.legal_moves()))
    assert all(i.depth == depth and not i.exact for i in infos), infos
    return {i.move: i.score for i in infos}


def assert_two_threads_score_as_one(state: pr.State, depths) -> None:
    """Two threads' score at each depth is one thread's; a move of its own only on a tie."""
    for depth in depths:
        one = pr.search(state, depth=depth, threads=1, selective=False)
        two = pr.search(state, depth=depth, threads=2, selective=False)
        assert (two.score, two.depth) == (one.score, one.depth), (state.ply, depth, one, two)
        if two.move != one.move:
            assert move_values(state, depth)[two.move] == one.score, (state.ply, depth, one, two)


def split_positions(variant: str, plies: int, seeds) -> list:
    """Random positions of `variant` after `plies` moves with two moves or more, one a seed."""
    states = [random_position(variant, plies, seed) for seed in seeds]
    return [s for s in states if not s.is_over() and len(s.legal_moves()) >= 2]


@pytest.mark.parametrize("variant, plies, seeds, depths", [
    ("8x8", 14, range(2), range(1, 11)), ("8x8", 26, range(2, 4), range(1, 11)),
    ("10x10", 30, range(1), range(1, 7)), ("octagon", 20, range(1), range(1, 8)),
    ("6x6/anti", 8, range(2), range(1, 11)), ("8x8/anti", 16, range(1), range(1, 9)),
])
def test_two_threads_score_each_depth_as_one(variant, plies, seeds, depths):
    states = split_positions(variant, plies, seeds)
    assert states
    for s in states:
        assert_two_threads_score_as_one(s, depths)


@pytest.mark.slow
@pytest.mark.parametrize("variant, plies, depths", [
    ("8x8", 12, range(1, 11)), ("8x8", 20, range(1, 11)), ("8x8", 28, range(1, 11)), ("8x8", 36, range(1, 11)),
    ("10x10", 40, range(1, 9)), ("octagon", 24, range(1, 10)), ("6x6/anti", 10, range(1, 11)),
    ("8x8/anti", 20, range(1, 11)),
])
def test_two_threads_score_each_depth_as_one_on_many_positions(variant, plies, depths):
    states = split_positions(variant, plies, range(100, 110))
    assert len(states) >= 5
    for s in states:
        assert_two_threads_score_as_one(s, depths)


def assert_two_threads_solve_as_one(text: str, empties: int, seeds) -> None:
    """Two threads' exact score is one thread's, and the move they play scores it."""
    for seed in seeds:
        s = random_endgame(text, empties, seed, min_moves=2)
        one = pr.solve(s, threads=1)
        two = pr.solve(s, threads=2)
        assert two.score == one.score, (text, empties, seed, one, two)
        assert -pr.solve(s.child(two.move)).score == one.score, (text, empties, seed, one, two)


@pytest.mark.parametrize("text, empties", [
    ("8x8", 14), ("8x8", 16), ("8x8", 18), ("10x10", 14), ("octagon", 16), ("6x6/anti", 16), ("8x8/anti", 16),
])
def test_two_threads_solve_as_one(text, empties):
    # From 16 empties the solve's passes start from a search estimate (aspiration windows).
    assert_two_threads_solve_as_one(text, empties, range(3))


@pytest.mark.slow
@pytest.mark.parametrize("empties", [14, 16, 17, 18, 19, 20])
def test_two_threads_solve_as_one_on_many_positions(empties):
    # 20 empties: ProbCut passes before the exact one (root.cpp's kSelectiveMin).
    assert_two_threads_solve_as_one("8x8", empties, range(10, 10 + (12 if empties < 20 else 4)))


def test_two_threads_give_one_threads_multi_pv_lines():
    for s in game_positions(14, 3, 21):
        for depth in (3, 6):
            lines = [[i.score for i in pr.SearchPlayer(threads=threads, selective=False, book=False).analyse(
                s, pr.Limit(depth=depth), multipv=3)] for threads in (1, 2)]
            assert lines[0] == lines[1], (s.ply, depth, lines)


def test_a_stopped_two_thread_search_keeps_an_exactly_scored_move_no_worse_than_the_last():
    # Node budgets stop iterations part-way. The move kept has the score reported at
    # the depth reported, and at that depth it is no worse than the last
    # iteration's best (a stopped iteration's move counts only if every move before
    # it, that best first, was scored: a move bounded above the best is not).
    checked = 0
    for s in game_positions(18, 3, 9):
        for budget in (15_000, 40_000, 90_000, 200_000):
            r = pr.search(s, nodes=budget, threads=2, selective=False)
            values = move_values(s, r.depth)
            assert values[r.move] == r.score, (s.ply, budget, r)
            if r.depth > 2:
                last = move_values(s, r.depth - 2)
                top = max(last.values())
                assert r.score >= min(values[m] for m, v in last.items() if v == top), (s.ply, budget, r)
                checked += 1
    assert checked >= 6
