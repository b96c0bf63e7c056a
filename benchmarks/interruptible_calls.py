"""What Ctrl-C costs a call: the calls that stop on Ctrl-C (Batch.choose with search
and MCTS policies, pr.search by depth, perft from depth 7) side by side, from
Python's main thread (the work runs on a thread kept waiting for it, while the
main thread watches for signals) and from another thread (which sees no signal:
the work runs on the calling thread, nothing handed over).

The rounds alternate between the two and each figure is the median: on a shared
machine the wall-clock rates swing with the other jobs, and the hand-over's cost
is wall-clock time (a thread's wake-up), so CPU time would not show it.

    python benchmarks/interruptible_calls.py [--seconds 0.5] [--rounds 7]
"""
from __future__ import annotations

import argparse
import statistics
import threading
import time
from typing import Callable, Dict, List

import numpy as np

import polyreversi as pr


def midgame(plies: int = 20, seed: int = 1) -> pr.State:
    s = pr.Variant().start()
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        moves = s.legal_moves()
        s.play(moves[rng.integers(len(moves))])
    return s


def cases() -> Dict[str, Callable[[], object]]:
    out: Dict[str, Callable[[], object]] = {}
    for size in (1, 16, 64):
        batch = pr.Batch("8x8", size, seed=1)
        for _ in range(20):  # midgame positions
            batch.step(batch.choose("random", seed=1))
        for policy in ("search:1", "search:3", "mcts:100"):
            out[f"Batch({size}).choose({policy})"] = (
                lambda b=batch, p=policy: b.choose(p, seed=1, threads=1))
    s = midgame()
    out["search(depth=1)"] = lambda: pr.search(s, depth=1, tt_mb=1)
    out["search(depth=6)"] = lambda: pr.search(s, depth=6, tt_mb=1)
    six = pr.Variant("6x6").start()
    out["perft(6x6, 7)"] = lambda: pr.perft(six, 7)
    return out


def rate(call: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``call`` over about ``seconds``."""
    n, began = 0, time.perf_counter()
    while True:
        call()
        n += 1
        spent = time.perf_counter() - began
        if spent >= seconds:
            return n / spent


def rate_in_thread(call: Callable[[], object], seconds: float) -> float:
    got: List[float] = []
    worker = threading.Thread(target=lambda: got.append(rate(call, seconds)))
    worker.start()
    worker.join()
    return got[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=0.5, help="length of a round (default 0.5)")
    ap.add_argument("--rounds", type=int, default=7, help="rounds of each (default 7)")
    a = ap.parse_args()
    print(f"{'call':28} {'main thread':>13} {'other thread':>13} {'main/other':>10} {'per call':>10}")
    for name, call in cases().items():
        main_rates: List[float] = []
        other_rates: List[float] = []
        for _ in range(a.rounds):
            main_rates.append(rate(call, a.seconds))
            other_rates.append(rate_in_thread(call, a.seconds))
        m, o = statistics.median(main_rates), statistics.median(other_rates)
        print(f"{name:28} {m:11,.0f}/s {o:11,.0f}/s {m / o:10.3f} {(1 / m - 1 / o) * 1e6:+8.0f} us", flush=True)


if __name__ == "__main__":
    main()
