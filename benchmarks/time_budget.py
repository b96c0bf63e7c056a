"""Time used against the budget given: SearchPlayer.play(state, Limit(time=T)).

For each budget T, the same positions (8x8, from seeded random games at 10 to
44 plies, so the opening, the midgame and the start of the endgame) are
searched by one living SearchPlayer per budget (its table kept from move to move, as in
a game, and the time its moves saved: SearchPlayer.saved_time), with --new-player by a
new SearchPlayer for each position (its first move), and with --fresh by pr.search (a
fresh table per call, for comparison). The wall time
of the whole Python call is set against T: mean and max ratio per budget. The
process CPU time is given too: on a loaded machine the wall time includes time
the OS gave to other processes.

    python benchmarks/time_budget.py --positions 40 --budgets 0.002,0.005,0.01,0.03,0.1,0.3,1
    python benchmarks/time_budget.py --clock 3 --increment 0 --games 4
    python benchmarks/time_budget.py --board octagon --positions 30 --budgets 0.1

--board names the variant of the positions (default 8x8): the same seeded
random games on that board, 10 to 44 plies in.

With --clock, self-play games instead: each side a living SearchPlayer with a
game clock of that many seconds (and increment), its wall time per move
charged to its clock; the table gives the clock left at the end and the
smallest clock left before any move (a negative clock would be a loss on time).

With --breakdown, where the wall time of each SearchPlayer.play goes: the C++
search's own wall time and the CPU time of the thread that runs it (a search
of at most 1 s runs in the calling thread, so ``time.thread_time`` around the
binding's call is the search's CPU), and the Python around it (the rest of
the call's wall time). A C++ CPU near the budget with a wall time far above it
is time the OS gave to other processes.

    python benchmarks/time_budget.py --breakdown --budgets 0.002,0.005,0.01

With --first-moves, fresh processes each make a SearchPlayer (its wall and CPU
time and page faults) and then play 12 moves at a 2 ms budget: the CPU time and
page faults of each of those first searches (a table whose pages are mapped
inside the first timed moves shows there).

    python benchmarks/time_budget.py --first-moves --processes 5 --tt-mb 64

--package DIR runs any of these with the polyreversi package copied into DIR
(another build, e.g. the one before a change: `cp -r python/polyreversi DIR/ &&
cp build/dev/_core*.so DIR/polyreversi/`).

Results: benchmarks/time_budget.md.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

def _package_argument(argv):
    """The folder of --package DIR or --package=DIR in ``argv``, or None."""
    for k, word in enumerate(argv):
        if word == "--package" and k + 1 < len(argv):
            return argv[k + 1]
        if word.startswith("--package="):
            return word.split("=", 1)[1]
    return None


if __name__ == "__main__" and _package_argument(sys.argv) is not None:  # another build, before polyreversi is imported
    _dir = os.path.abspath(_package_argument(sys.argv))
    if not os.path.isdir(os.path.join(_dir, "polyreversi")):
        print(f"usage: time_budget.py [-h] ... [--package PACKAGE]\n"
              f"time_budget.py: error: argument --package: no polyreversi package in {_dir}", file=sys.stderr)
        sys.exit(2)
    sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
    sys.path.insert(0, _dir)

import polyreversi as pr  # noqa: E402
from midgame_speed import at_least_one, two_player_variant  # noqa: E402


def positions(n: int, seed: int, board: str = "8x8"):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = pr.Variant(board).start()
        plies = rng.randrange(10, 45)
        for _ in range(plies):
            if s.is_over():
                break
            s = s.child(rng.choice(s.legal_moves()))
        if not s.is_over():
            out.append(s)
    return out


def measure(make, budget, states):
    """Wall and CPU time over ``budget`` and depth of ``make(budget)(state)`` for each state
    (``make`` runs before the clock starts)."""
    walls, cpus, depths = [], [], []
    for s in states:
        call = make(budget)
        w0, c0 = time.perf_counter(), time.process_time()
        r = call(s)
        walls.append((time.perf_counter() - w0) / budget)
        cpus.append((time.process_time() - c0) / budget)
        depths.append(r.depth)
    return walls, cpus, depths


class _Timed:
    """A SearchPlayer's searcher with the binding's search call timed (wall and thread CPU)."""

    def __init__(self, real):
        self.real, self.last = real, {}

    def __getattr__(self, name):
        return getattr(self.real, name)

    def search(self, *args):
        w0, c0 = time.perf_counter(), time.thread_time()
        out = self.real.search(*args)
        self.last = {"wall": time.perf_counter() - w0, "cpu": time.thread_time() - c0, "cpp": out[5]}
        return out


def _ready(player, state) -> None:
    """The player's table mapped whole before any timed move (docs/player.md); a
    --package build from before SearchPlayer.prepare (2026-12-07) maps it when made."""
    if hasattr(player, "prepare"):
        player.prepare(state.variant)
    else:
        player.play(state, pr.Limit(depth=1))


def breakdown(budgets, states) -> None:
    player = pr.SearchPlayer()
    _ready(player, states[0])
    timed = _Timed(player._searcher)
    player._searcher = timed
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); {len(states)} positions\n")
    print("| budget (s) | wall/budget mean | max | C++ wall/budget mean | max | C++ thread CPU/budget mean | max | "
          "Python around the search (us) median | max |")
    print("|---|---|---|---|---|---|---|---|---|")
    for t in budgets:
        rows = []
        for s in states:
            w0 = time.perf_counter()
            player.play(s, pr.Limit(time=t))
            wall = time.perf_counter() - w0
            rows.append((wall / t, timed.last["cpp"] / t, timed.last["cpu"] / t, (wall - timed.last["wall"]) * 1e6))
        w, c, u, py = zip(*rows)
        print(f"| {t:g} | {statistics.mean(w):.2f} | {max(w):.2f} | {statistics.mean(c):.2f} | {max(c):.2f} | "
              f"{statistics.mean(u):.2f} | {max(u):.2f} | {statistics.median(py):.0f} | {max(py):.0f} |", flush=True)
    print(f"\nload average at end: {os.getloadavg()[0]:.1f}")


def clock_games(clock: float, increment: float, games: int, seed: int) -> None:
    rng = random.Random(seed)
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); clock {clock:g} s, "
          f"increment {increment:g} s\n")
    print("| game | moves | Black: clock left | White: clock left | smallest clock left | longest move (s) | "
          "exact from (empties) |")
    print("|---|---|---|---|---|---|---|")
    for g in range(games):
        state = pr.Variant().start()
        for _ in range(4):  # a random opening
            state = state.child(rng.choice(state.legal_moves()))
        players = {1: pr.SearchPlayer(), 2: pr.SearchPlayer()}
        for p in players.values():
            _ready(p, state)
        left = {1: clock, 2: clock}
        smallest, longest, moves, exact_from = clock, 0.0, 0, None
        while not state.is_over():
            side = int(state.to_move)
            smallest = min(smallest, left[side])
            t0 = time.perf_counter()
            r = players[side].play(state, pr.Limit(clock=max(left[side], 0.0), increment=increment or None))
            used = time.perf_counter() - t0
            longest = max(longest, used)
            left[side] += increment - used
            if r.exact and exact_from is None:
                exact_from = int((state.board() == pr.vocabulary.EMPTY).sum())
            state = state.child(r.move)
            moves += 1
        smallest = min(smallest, left[1], left[2])
        print(f"| {g + 1} | {moves} | {left[1]:.3f} | {left[2]:.3f} | {smallest:.3f} | {longest:.3f} | "
              f"{exact_from} |", flush=True)
    print(f"\nload average at end: {os.getloadavg()[0]:.1f}")


FIRST_MOVES = r"""
import json, random, resource, sys, time
if sys.argv[1]:  # another build's package, not the editable install
    sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
    sys.path.insert(0, sys.argv[1])
import polyreversi as pr
tt_mb, seed = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
states = []
while len(states) < 12:
    s = pr.Variant().start()
    for _ in range(rng.randrange(10, 40)):
        if s.is_over():
            break
        s = s.child(rng.choice(s.legal_moves()))
    if not s.is_over():
        states.append(s)
faults = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_minflt
f0, w0, c0 = faults(), time.perf_counter(), time.process_time()
player = pr.SearchPlayer(time=0.002, tt_mb=tt_mb)  # a timed player: its table mapped when made
made = {"wall": time.perf_counter() - w0, "cpu": time.process_time() - c0, "faults": faults() - f0}
moves = []
for s in states:
    f0, c0 = faults(), time.thread_time()
    player.play(s, pr.Limit(time=0.002))
    moves.append({"cpu": time.thread_time() - c0, "faults": faults() - f0})
print(json.dumps({"made": made, "moves": moves}))
"""


def first_moves(processes: int, tt_mb: int, package: str) -> None:
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); tt_mb {tt_mb}, "
          f"{processes} fresh processes, 12 moves at 2 ms each\n")
    print("| process | make: wall (ms) | make: CPU (ms) | make: page faults | first 3 moves: CPU (ms) each | "
          "page faults, moves 1-12 | largest move CPU (ms) |")
    print("|---|---|---|---|---|---|---|")
    for k in range(processes):
        out = subprocess.run([sys.executable, "-c", FIRST_MOVES, package, str(tt_mb), str(k)],
                             capture_output=True, text=True, check=True)
        r = json.loads(out.stdout)
        m, moves = r["made"], r["moves"]
        print(f"| {k + 1} | {m['wall'] * 1e3:.1f} | {m['cpu'] * 1e3:.1f} | {m['faults']} | "
              f"{', '.join('%.1f' % (x['cpu'] * 1e3) for x in moves[:3])} | {sum(x['faults'] for x in moves)} | "
              f"{max(x['cpu'] for x in moves) * 1e3:.1f} |", flush=True)
    print(f"\nload average at end: {os.getloadavg()[0]:.1f}")


def _seconds(text: str) -> float:
    try:
        t = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seconds: not a number: {text!r}") from None
    if not 0 < t <= pr.limit.MAX_TIME:  # NaN too
        raise argparse.ArgumentTypeError(f"seconds: must be > 0 and at most {pr.limit.MAX_TIME:g}, got {text!r}")
    return t


def _budgets(text: str) -> list:
    return [_seconds(b.strip()) for b in text.split(",")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=at_least_one, default=40)
    ap.add_argument("--budgets", type=_budgets, default="0.002,0.005,0.01,0.03,0.1,0.3,1")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", type=two_player_variant, default="8x8", help="the variant of the positions (pr.Variant's name)")
    ap.add_argument("--fresh", action="store_true", help="also pr.search with a fresh table per call")
    ap.add_argument("--new-player", action="store_true",
                    help="also a new SearchPlayer for each position (its first move: no time saved before)")
    ap.add_argument("--clock", type=_seconds, help="self-play games with this game clock per side (seconds)")
    ap.add_argument("--increment", type=float, default=0.0)
    ap.add_argument("--games", type=at_least_one, default=4)
    ap.add_argument("--breakdown", action="store_true",
                    help="where each play's wall time goes: the C++ search (wall, thread CPU) and the Python around it")
    ap.add_argument("--first-moves", action="store_true",
                    help="fresh processes: making a SearchPlayer and its first 12 moves at 2 ms (CPU, page faults)")
    ap.add_argument("--processes", type=at_least_one, default=5)
    ap.add_argument("--tt-mb", type=int, default=64)
    ap.add_argument("--package", help="run with the polyreversi package copied into this folder")
    args = ap.parse_args()
    if not 0 <= args.increment <= pr.limit.MAX_TIME:  # NaN and inf too
        ap.error(f"--increment: must be 0 .. {pr.limit.MAX_TIME:g}, got {args.increment}")
    if not pr._core.limits.MIN_TABLE_MIB <= args.tt_mb <= pr._core.limits.MAX_TABLE_MIB:
        ap.error(f"--tt-mb: must be {pr._core.limits.MIN_TABLE_MIB} .. {pr._core.limits.MAX_TABLE_MIB}, "
                 f"got {args.tt_mb}")
    print(f"polyreversi: {os.path.dirname(pr.__file__)}")
    if args.first_moves:
        first_moves(args.processes, args.tt_mb, os.path.abspath(args.package) if args.package else "")
        return
    if args.clock is not None:
        clock_games(args.clock, args.increment, args.games, args.seed)
        return
    budgets = args.budgets
    states = positions(args.positions, args.seed, args.board)
    if args.breakdown:
        breakdown(budgets, states)
        return
    def new_player():
        player = pr.SearchPlayer()
        _ready(player, states[0])
        return player

    living = {}

    def one_player(t):  # one player per budget, for all the positions
        if t not in living:
            living[t] = new_player()
        return lambda s: living[t].play(s, pr.Limit(time=t))

    def first_move(t):  # a new player for each position: its first move
        player = new_player()
        return lambda s: player.play(s, pr.Limit(time=t))

    calls = {"SearchPlayer.play": one_player}
    if args.new_player:
        calls["a new SearchPlayer's first play"] = first_move
    if args.fresh:
        calls["pr.search (fresh table)"] = lambda t: lambda s: pr.search(s, time=t)
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); "
          f"{len(states)} {args.board} positions per budget\n")
    print("| call | budget (s) | wall/budget mean | wall/budget max | CPU/budget mean | CPU/budget max | "
          "over 1.1x | depth mean |")
    print("|---|---|---|---|---|---|---|---|")
    for name, call in calls.items():
        for t in budgets:
            walls, cpus, depths = measure(call, t, states)
            over = sum(w > 1.1 for w in walls)
            print(f"| {name} | {t:g} | {statistics.mean(walls):.2f} | {max(walls):.2f} | "
                  f"{statistics.mean(cpus):.2f} | {max(cpus):.2f} | {over}/{len(walls)} | "
                  f"{statistics.mean(depths):.1f} |", flush=True)
    print(f"\nload average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
