"""Shared pieces of the benchmarks: the peers' game loops, the pure-Python
reference, and a helper that stores a rate beside pytest-benchmark's times.

Every benchmark stores ``extra_info["rate"]`` (units per second, from the
median round) and ``extra_info["unit"]``; ``report.py`` turns a run's JSON into
the ratios of benchmarks/README.md. Peers are skipped, with the reason, when
they are not installed (``pip install '.[peers]'``).
"""
from __future__ import annotations

import functools
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_BENCH = ROOT.parent / "shared" / "bench"
sys.path.insert(0, str(ROOT / "tests"))  # the pure-Python reference rules

SEED = 12345
# A 20-ply opening (from ../shared/bench/_common.py): every engine is timed
# per call on the same midgame position, Black to move with 11 legal moves.
MID20 = [26, 34, 41, 19, 10, 48, 43, 52, 51, 20, 33, 11, 53, 1, 49, 42, 44, 60, 3, 56]


def build_c_anchor(tmp_path_factory, name: str) -> Path:
    """``../shared/bench/NAME.c`` compiled as its header says (gcc -O2 -march=native),
    or the test skipped with the reason."""
    source = SHARED_BENCH / f"{name}.c"
    if not source.exists():
        pytest.skip(f"{source} not found")
    if shutil.which("gcc") is None:
        pytest.skip("gcc not found")
    binary = tmp_path_factory.mktemp(name) / name
    subprocess.run(["gcc", "-O2", "-march=native", "-o", str(binary), str(source)], check=True)
    return binary


def measure(benchmark, fn, *, unit: str, rounds: int = 5, probe: bool = False, **info):
    """Times fn() (which returns how many units it did) and stores the rate.

    probe: also store what the scheduler and the Batch worker pool did over the
    rounds (``extra_info["probe"]``, see :func:`probe_start`), for threaded cases."""
    counts = []

    def run():
        counts.append(fn())

    before = probe_start() if probe else None
    benchmark.pedantic(run, rounds=rounds, iterations=1, warmup_rounds=1)
    if not benchmark.stats:  # --benchmark-disable: run once as a check, nothing timed
        return counts[-1]
    median = benchmark.stats.stats.median
    benchmark.extra_info.update(unit=unit, rate=counts[-1] / median, **info)
    if before is not None:
        benchmark.extra_info["probe"] = probe_end(before)
    return counts[-1]


# -- what the machine did during a threaded benchmark (Linux /proc; empty elsewhere)


def _threads_now() -> dict:
    """Per thread of this process: CPU it last ran on, run and runqueue-wait seconds (schedstat)."""
    out = {}
    try:
        tids = os.listdir("/proc/self/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/self/task/{tid}/stat") as f:
                stat = f.read()
            with open(f"/proc/self/task/{tid}/schedstat") as f:
                run_ns, wait_ns, _ = f.read().split()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        out[tid] = (int(fields[36]), int(run_ns) / 1e9, int(wait_ns) / 1e9)
    return out


def _machine_now() -> tuple:
    """(busy, steal) CPU seconds of the whole machine since boot (/proc/stat)."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return 0.0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    busy = sum(v[:3]) + sum(v[5:8])  # user nice system irq softirq steal
    return busy / tick, v[7] / tick


def probe_start():
    import polyreversi as pr

    pr._core._pool_stats(True)
    times = os.times()
    return _threads_now(), _machine_now(), times.user + times.system


def probe_end(before) -> dict:
    """Over the rounds: the Batch pool's counters (who ran the parts, how late the
    workers started), each busy thread's CPU and runqueue wait (a thread of ours
    waiting for a core), and the CPU the rest of the machine took ("others")."""
    import polyreversi as pr

    threads0, (busy0, steal0), ours0 = before
    pool = pr._core._pool_stats(False)
    threads1, (busy1, steal1), times = _threads_now(), _machine_now(), os.times()
    main = str(os.getpid())
    rows = []
    for tid, (cpu, run, wait) in threads1.items():
        _, run0, wait0 = threads0.get(tid, (cpu, 0.0, 0.0))
        if run - run0 >= 0.005 or tid == main:
            rows.append(dict(thread="main" if tid == main else tid, cpu=cpu, run=round(run - run0, 3),
                             wait=round(wait - wait0, 3)))
    late = [a + b for a, b in zip(pool["late_spinning"], pool["late_parked"])]
    seen = sum(late)
    edges = ["<1", "1-2", "2-5", "5-10", "10-20", "20-50", "50-100", "100-200", "200-500", ">=500"]
    median_late = next((edges[k] for k in range(len(late)) if sum(late[:k + 1]) * 2 >= seen), None) if seen else None
    jobs = pool["jobs"]
    return dict(
        jobs=jobs,
        caller_share=round(pool["caller_parts"] / pool["parts"], 3) if pool["parts"] else None,
        worker_joined=round(pool["worker_jobs_with_parts"] / jobs, 3) if jobs else None,
        worker_start_us_median=median_late,
        worker_parks=pool["worker_parks"],
        caller_wait_us=round(pool["caller_wait_ns"] / jobs / 1e3, 1) if jobs else None,
        threads=rows,
        others_cpu_s=round(busy1 - busy0 - (times.user + times.system - ours0), 3),
        steal_s=round(steal1 - steal0, 3),
    )


def peer(module: str, extra: str = "peers"):
    """Imports a peer engine or skips with the reason."""
    return pytest.importorskip(module, reason=f"{module} is not installed (pip install '.[{extra}]')")


# -- one random game per engine, from a Python loop: returns moves (passes not counted)


def polyreversi_game(rng, variant=None):
    # The Variant is built once, as a program would; start() is the peers' Board().
    s = (variant or default_variant()).start()
    moves = 0
    pass_move = s.PASS
    while True:
        legal = s.legal_moves()
        if not legal:
            return moves
        m = legal[rng.randrange(len(legal))]
        s.play(m)
        moves += m != pass_move


@functools.lru_cache(maxsize=None)
def default_variant():
    import polyreversi as pr

    return pr.Variant()


def rust_reversi_game(rng):
    import rust_reversi as rr

    b, moves = rr.Board(), 0
    while not b.is_game_over():
        if b.is_pass():
            b.do_pass()
            continue
        ms = b.get_legal_moves_vec()
        b.do_move(ms[rng.randrange(len(ms))])
        moves += 1
    return moves


def openspiel_game(rng):
    import pyspiel

    s, moves = pyspiel.load_game("othello").new_initial_state(), 0
    while not s.is_terminal():
        la = s.legal_actions()
        a = la[rng.randrange(len(la))]
        s.apply_action(a)
        moves += a != 64
    return moves


def creversi_game(rng):
    import creversi

    b, moves = creversi.Board(), 0
    while not b.is_game_over():
        ms = list(b.legal_moves)
        m = ms[rng.randrange(len(ms))]
        b.move(m)
        moves += m != creversi.PASS
    return moves


def reference_game(rng):
    import reference as ref

    s = ref.start(ref.RefVariant("8x8", 2))
    moves = 0
    while True:
        legal = ref.legal_moves(s)
        if not legal:
            return moves
        m = legal[rng.randrange(len(legal))]
        s = ref.play(s, m)
        moves += m != 64


def games(game, count: int, seed: int = SEED):
    """A function playing `count` seeded games; returns total moves."""

    def run():
        rng = random.Random(seed)
        return sum(game(rng) for _ in range(count))

    return run
