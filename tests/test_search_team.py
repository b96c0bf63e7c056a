"""The search's kept helper threads (cpp/src/search/thread_team.cpp): a
SearchPlayer's live through its moves, search() borrows the process's; the
same scores as one thread, a stop and Ctrl-C still end the search, a forked
child starts its own."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time

import pytest

import polyreversi as pr
from conftest import assert_ctrl_c_stops


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
