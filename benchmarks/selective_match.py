"""Matches of the selective midgame search (Multi-ProbCut, pr.search's
default): against full width at equal time (self-play), or against NTest,
one thread each, both colours of every opening.

    python benchmarks/selective_match.py --time 0.05 --openings 50
    python benchmarks/selective_match.py --board 10x10 --time 0.05 --openings 20
    python benchmarks/selective_match.py --ntest /work/engines/ntest/ntest.sh --depth 8
    python benchmarks/selective_match.py --ntest /work/engines/ntest/ntest.sh --depth 8 --equal-time --cpu-budget --player
    python benchmarks/selective_match.py --ntest /work/engines/ntest/ntest.sh --depth 8 --solve-from 17 --player
    python benchmarks/selective_match.py --ntest /work/engines/ntest/ntest.sh --depth 8 --player --clock 0.06

Against NTest (NBoard protocol, polyreversi.engine; built outside the repo,
/work/engines/README.md): NTest searches `--depth` plies; polyreversi the
same depth, or with --equal-time as long as NTest took for its previous move
of the game (its first move: NTest's first), with a table of `--tt-mb`
(each pr.search sets its table up again). With --cpu-budget the budget
is NTest's CPU time for its previous search (from its "go" to its move, read
from /proc/PID/task/*/schedstat): its wall time also counts the time it
waited for a core, which on a loaded machine gives polyreversi more CPU than
NTest used (at load 6-7 the same match scored 41-48 % on wall time, 34 % on
CPU time: benchmarks/HISTORY.md). With --cpu-clock polyreversi's own budget
counts its search thread's CPU time too (`_core._set_budget_clock("cpu")`),
not the wall clock: with --cpu-budget both sides then get the same CPU a move
whatever the load (without it, a loaded machine gives polyreversi less CPU than
its budget: 53.7 % at load 4-8 against 56.8 % at rest, benchmarks/HISTORY.md).
With --solve-from E polyreversi solves
exactly from E empties on. NTest's `set depth D` solves near the end itself
(its CCalcParamsStandard: at depth 8 a win/loss/draw solve from 17 empties
and exact below 14; from 13 empties at depth 2, 14 at depth 4), where
`Limit(depth=D)` does not: --solve-from 17 at depth 8 gives both the same
endgame. With --player polyreversi is one living
`SearchPlayer(tt_mb=--tt-mb)` for the whole match (its table kept from move
to move, `new_game()` before each game; the path a user takes), each move
`player.play(state, Limit(time=...))` or `Limit(depth=...)`: it spends the
budget and solves exactly where the solve is predicted to fit in it. With
--clock SECONDS (with --player) polyreversi plays each game on a game clock
instead (`Limit(clock=...)`: SECONDS less the CPU time its moves of the game took),
the way engines play a time control; the line gives both sides' mean CPU seconds a
game, so that equal time per game can be checked (NTest's depth-8 games take about
0.035 s; polyreversi's clock keeps a reserve, so --clock 0.06 spends about 0.032). With
--dump FILE each game against NTest is appended to FILE as a JSON line (the
opening, polyreversi's colour and margin, and each move with its side, empties,
seconds, polyreversi's budget, depth, exactness and score, NTest's reply line):
benchmarks/loss_split.py splits the margins into phases from it.

Openings: standard 8x8 from the WTHOR 2015 games (the position after
`--plies` moves of each game, repeats left out: real, balanced tournament
openings); other boards from seeded games of a shallow search after random
plies (scripts/midgame_positions.py). Each move is pr.search(time=T,
selective=...) with a fresh table; the exact solver takes over near the end
for both alike. Prints W/D/L of the selective side, its score and the Elo
difference with a 95 % interval (normal approximation over the openings'
pair scores, so the colour swap is paired), and appends the line to
`--write`.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import sys
import time
from typing import Optional

import polyreversi as pr
from polyreversi import _core

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from midgame_positions import BENCH_WTHOR, replayed_games, selfplay_positions  # noqa: E402
from paired_score import PairedScore, emit, run_cell  # noqa: E402


def wthor_openings(plies: int, count: int):
    from polyreversi.position_text import position_to_text

    seen, out = set(), []
    for states in replayed_games(BENCH_WTHOR):
        if len(out) >= count:
            break
        if len(states) <= plies:
            continue
        s = states[plies]
        key = position_to_text(s)
        if key not in seen and not s.is_over():
            seen.add(key)
            out.append(s)
    return out


def openings_for(board: str, plies: int, count: int):
    """`count` openings: 8x8 the WTHOR 2015 games after `plies` moves, another board seeded
    self-play positions `plies` moves from its start."""
    if board == "8x8":
        return wthor_openings(plies, count)
    variant = pr.Variant.parse(board)
    return selfplay_positions(variant, [len(variant.squares) - 4 - plies], count, seed=5_000_000)


def play(opening, seconds: float, selective_colour: int):
    """Disk margin of the selective side (colour 0: Black) against full width (with
    Anti-Reversi the opponent's disks less its own, so that a win is positive)."""
    s = opening.copy()
    while not s.is_over():
        if s.must_pass():
            s.play(s.PASS)
            continue
        mine = (int(s.to_move) - 1) == selective_colour
        s.play(pr.search(s, time=seconds, threads=1, selective=mine).move)
    sc = s.scores()
    margin = sc[selective_colour] - sc[1 - selective_colour]
    return -margin if s.variant.anti else margin  # Anti-Reversi: fewer disks wins


def cpu_seconds(pid: int) -> float:
    """CPU seconds the process `pid` has run so far, every thread (Linux: the first field of
    /proc/PID/task/*/schedstat, nanoseconds on a CPU; 0.0 where that is not readable)."""
    total = 0
    for task in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(task, encoding="ascii") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9


class NTestGame:
    """Games against NTest; `times` collects (polyreversi, NTest) wall seconds a move, `cpu`
    the same in CPU seconds (process time; NTest's from its schedstat)."""

    def __init__(self, command: str, depth: int, equal_time: bool, tt_mb: int, solve_from: int, selective: bool,
                 living: bool = False, dump: Optional[str] = None, cpu_budget: bool = False,
                 clock: float = 0.0, our_depth: int = 0):
        from polyreversi.engine import SimpleEngine

        self.engine = SimpleEngine.popen_nboard(command)
        self.depth, self.equal_time, self.tt_mb, self.solve_from = depth, equal_time, tt_mb, solve_from
        self.our_depth = our_depth or depth  # polyreversi's depth where no budget is given
        self.selective = selective
        self.player = pr.SearchPlayer(tt_mb=tt_mb, selective=selective) if living else None
        if self.player is not None and (equal_time or clock):
            self.player.prepare(pr.Variant())  # its table whole before timed moves (docs/player.md)
        self.times = ([], [])
        self.cpu = ([], [])
        self.cpu_budget = cpu_budget
        self.clock = clock  # polyreversi's game clock in CPU seconds (0: none)
        self.game_cpu = ([], [])  # CPU seconds of each game, each side
        process = self.engine.protocol.process
        self.pid = process.proc.pid
        # NTest's CPU time is counted from its "go" (set depth and set game before it rebuild its
        # tables: about 5 ms of CPU a move that no search spends).
        self._go_cpu = 0.0
        send = process.send

        def send_noting_go(line: str) -> None:
            if line == "go":
                self._go_cpu = cpu_seconds(self.pid)
            send(line)

        process.send = send_noting_go
        self.dump = dump
        self.played = 0

    def _search(self, s, seconds=None, clock=None):
        if self.player is not None:
            if clock is not None:
                limit = pr.Limit(clock=clock)
            else:
                limit = pr.Limit(time=seconds) if seconds is not None else pr.Limit(depth=self.our_depth)
            return self.player.play(s, limit)
        if seconds is not None:
            return pr.search(s, time=seconds, threads=1, tt_mb=self.tt_mb, selective=self.selective)
        return pr.search(s, depth=self.our_depth, threads=1, tt_mb=self.tt_mb, selective=self.selective)

    def _ntest(self, s):
        """NTest's move in `s` at --depth and the CPU seconds its search took."""
        r = self.engine.play(s, pr.Limit(depth=self.depth))
        cpu = cpu_seconds(self.pid) - self._go_cpu
        if self.cpu_budget and cpu <= 0:
            self.engine.quit()
            sys.exit(f"--cpu-budget: NTest's search took no CPU time that /proc/{self.pid} shows (a shell "
                     "script that runs NTest without exec measures the shell): run NTest itself or exec it")
        return r, cpu

    def __call__(self, opening, _seconds, colour: int):
        self.engine.new_game()
        if self.player is not None:
            self.player.new_game()
        s = opening.copy()
        last = None  # NTest's seconds for its previous move
        moves = []  # with --dump: one record a move
        spent = [0.0, 0.0]  # CPU seconds of this game, polyreversi and NTest
        while not s.is_over():
            if s.must_pass():
                s.play(s.PASS)
                continue
            empties = s.empties()
            if (int(s.to_move) - 1) == colour:
                c0 = time.process_time()
                solved = empties <= self.solve_from
                clock_left = max(self.clock - spent[0], 1e-4)  # with --clock: what this move may draw on
                if solved:
                    r = pr.solve(s, tt_mb=self.tt_mb)
                elif self.clock:
                    r = self._search(s, clock=clock_left)
                elif self.equal_time:
                    if last is None:  # NTest's time for this very position
                        first, cpu = self._ntest(s)
                        last = cpu if self.cpu_budget else first.seconds
                    r = self._search(s, last)
                else:
                    r = self._search(s)
                self.times[0].append(r.seconds)
                self.cpu[0].append(time.process_time() - c0)
                spent[0] += self.cpu[0][-1]
                moves.append({"side": "polyreversi", "empties": empties, "move": r.move, "seconds": r.seconds,
                              "budget": clock_left if self.clock else last if self.equal_time else None, "depth": empties if solved else r.depth,
                              "exact": solved or r.exact,
                              "score": r.score})
                s.play(r.move)
            else:
                r, cpu = self._ntest(s)
                last = cpu if self.cpu_budget else r.seconds
                self.times[1].append(r.seconds)
                self.cpu[1].append(cpu)
                spent[1] += cpu
                moves.append({"side": "ntest", "empties": empties, "move": r.move, "seconds": r.seconds,
                              "reply": r.text})
                s.play(r.move)
        sc = s.scores()
        margin = sc[colour] - sc[1 - colour]
        self.game_cpu[0].append(spent[0])
        self.game_cpu[1].append(spent[1])
        if self.dump:
            self._write_game(opening, colour, moves, margin)
        return margin

    def _write_game(self, opening, colour: int, moves, margin: int) -> None:
        """Appends one game to the --dump file: a JSON line with the opening (position
        text), polyreversi's colour (0: Black), its final disc margin and every move (the
        passes left out: replaying plays them where the mover has none)."""
        from polyreversi.position_text import position_to_text

        record = {"game": self.played, "opening": position_to_text(opening), "colour": colour, "margin": margin,
                  "moves": moves}
        self.played += 1
        with open(self.dump, "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="8x8")
    ap.add_argument("--time", type=float, default=0.05, help="seconds per move, both sides")
    ap.add_argument("--openings", type=int, default=50)
    ap.add_argument("--plies", type=int, default=10, help="8x8: moves of each WTHOR game in its opening")
    ap.add_argument("--write", help="append the result line to this Markdown file")
    ap.add_argument("--ntest", help="NTest's command (NBoard protocol): play it instead of full width")
    ap.add_argument("--depth", type=int, default=8, help="with --ntest: NTest's depth (and polyreversi's)")
    ap.add_argument("--our-depth", type=int, default=0,
                    help="with --ntest, no budget: polyreversi's depth when not --depth's (0: --depth)")
    ap.add_argument("--equal-time", action="store_true", help="with --ntest: polyreversi takes NTest's time")
    ap.add_argument("--cpu-budget", action="store_true",
                    help="with --equal-time: the budget is NTest's CPU time on its previous move (its "
                         "/proc schedstat), not its wall time, which a loaded machine inflates")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="with --ntest: polyreversi's budgets count its search thread's CPU time, not the "
                         "wall clock (one thread)")
    ap.add_argument("--clock", type=float, default=0.0, metavar="SECONDS",
                    help="with --ntest --player: polyreversi plays each game on a clock of this many CPU "
                         "seconds (Limit(clock=...) less what its moves took), NTest at --depth; "
                         "the line gives both sides' mean CPU seconds a game (equal time per game)")
    ap.add_argument("--tt-mb", type=int, default=16, help="with --ntest: polyreversi's table MiB")
    ap.add_argument("--solve-from", type=int, default=0, help="with --ntest: polyreversi solves from these empties")
    ap.add_argument("--full-width", action="store_true", help="with --ntest: polyreversi searches full width")
    ap.add_argument("--player", action="store_true", help="with --ntest: polyreversi is one living SearchPlayer")
    ap.add_argument("--dump", help="with --ntest: append each game (opening, moves, per-move seconds and depth) "
                                   "as a JSON line to this file (benchmarks/loss_split.py reads it)")
    args = ap.parse_args(argv[1:])
    if not 0 <= args.clock < float("inf"):
        ap.error("--clock: seconds, at least 0 and finite")
    if args.clock and (args.equal_time or not args.player):
        ap.error("--clock: only with --player, and not with --equal-time (a clock replaces the per-move budget)")
    if args.openings < 1 or args.depth < 1 or args.solve_from < 0 or args.tt_mb < 1 or args.our_depth < 0:
        ap.error("--openings, --depth and --tt-mb must be at least 1, --solve-from and --our-depth at least 0")
    ntest_only = [name for name, given in (("--equal-time", args.equal_time), ("--cpu-budget", args.cpu_budget),
                                          ("--cpu-clock", args.cpu_clock),
                                          ("--solve-from", args.solve_from), ("--player", args.player),
                                          ("--dump", args.dump), ("--full-width", args.full_width),
                                          ("--clock", args.clock), ("--our-depth", args.our_depth)) if given]
    if ntest_only and not args.ntest:
        ap.error(f"{', '.join(ntest_only)}: only with --ntest")
    if args.our_depth and (args.equal_time or args.clock):
        ap.error("--our-depth: only without a budget (--equal-time, --clock)")
    if args.cpu_budget and not args.equal_time:
        ap.error("--cpu-budget: only with --equal-time (it sets the budget of equal time)")
    game = play
    if args.ntest:
        game = NTestGame(args.ntest, args.depth, args.equal_time, args.tt_mb, args.solve_from, not args.full_width,
                         args.player, args.dump, args.cpu_budget, args.clock, args.our_depth)
        opponent = f"NTest depth {args.depth}, " + ("equal time" if args.equal_time else
                                                    f"depth {args.our_depth or args.depth}")
        if args.equal_time and args.cpu_budget:
            opponent += " (NTest's CPU time)"
        if args.cpu_clock:
            _core._set_budget_clock("cpu")
            opponent += ", polyreversi's budget on its CPU clock"
        if args.clock:
            opponent = f"NTest depth {args.depth}, polyreversi on a clock of {args.clock:g} CPU s a game"
        if args.solve_from:
            opponent += f", polyreversi solves from {args.solve_from} empties"
        if args.full_width:
            opponent += ", polyreversi full width"
        if args.player:
            opponent += ", polyreversi a living SearchPlayer"
    else:
        opponent = f"full width, {args.time:g} s/move"
    openings = openings_for(args.board, args.plies, args.openings)
    score = PairedScore()
    for i, opening in enumerate(openings):
        points = score.add_pair([game(opening, args.time, colour) for colour in (0, 1)])
        print(score.progress(i + 1, len(openings), points), flush=True)
    if args.ntest:
        mine, theirs = game.times
        opponent += (f" (mean s/move: polyreversi {statistics.mean(mine):.4f}, NTest {statistics.mean(theirs):.4f};"
                     f" CPU {statistics.mean(game.cpu[0]):.4f}, {statistics.mean(game.cpu[1]):.4f};"
                     f" CPU s/game {statistics.mean(game.game_cpu[0]):.4f}, {statistics.mean(game.game_cpu[1]):.4f})")
        game.engine.quit()
    line = f"| {args.board} | {opponent} | {len(openings)} x 2 | {score.cells()} | {run_cell(argv[1:])} |"
    emit("| board | opponent | games | polyreversi W/D/L | score | Elo (95 %) | mean margin | run |", line, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
