"""Matches of the trained board evaluation (board_patterns.hpp; the weights of
scripts/train_board_eval.py) against the shape terms it replaces, at equal
depth, one thread each: every built-in balanced opening of the board
(polyreversi.match.openings.builtin) played twice, colours swapped. Both
sides are SearchPlayer(depth=D) of this build; the shape side's searches run
with the board weights switched off (``_core._set_board_patterns``, read
when a search sets up its board). Prints W/D/L of the trained side, its
score, the Elo difference with its 95 % interval (polyreversi.match.elo) and
the mean disk margin, and appends a row to ``--write`` (a Markdown table).
With ``--time T`` both sides search T CPU seconds a move instead
(``SearchPlayer(time=T)``, the core's budget clock on CPU time: the load of
other processes does not shorten a move), for an evaluation slower than the
one it replaces. ``--handicap``, ``--free-opening`` and ``--blocked K`` play
those options (the trained side then uses the board's trained evaluation on
them, the other the shape terms): their openings are random ones of the
option (builtin(): 4 random plies from its start), and with ``--blocked``
each opening gets its own K random squares (with_random_blocked(seed=k)).
``--extra-plies P`` plays P more random plies (seeded by the opening's
number) after builtin opening k mod its count: the free opening has only a
dozen distinct 4-ply beginnings (its first four plies fill the centre).

    nice -n 10 python benchmarks/board_eval_match.py --board 10x10 --depth 4 --jobs 2
    nice -n 10 python benchmarks/board_eval_match.py --board 8x8 --anti --depth 4
    nice -n 10 python benchmarks/board_eval_match.py --board 8x8 --anti --time 0.02
    nice -n 10 python benchmarks/board_eval_match.py --board 8x8 --handicap 1 --depth 4
    nice -n 10 python benchmarks/board_eval_match.py --board 8x8 --blocked 4 --depth 4
"""
from __future__ import annotations

import argparse
import datetime
import multiprocessing
import os
import random
import time

import polyreversi as pr
from polyreversi import _core
from polyreversi._core import limits
from polyreversi.match import elo as elo_mod
from polyreversi.match.openings import builtin


def variant_of(board, anti, options, k):
    """The variant of opening k: options = (handicap, free opening, blocked count, extra plies)."""
    handicap, free_opening, blocked, _ = options
    variant = pr.Variant(board=board, anti=anti, handicap=handicap, free_opening=free_opening)
    return variant.with_random_blocked(seed=k, count=blocked) if blocked else variant


def game(task):
    """The trained side's disk margin of one game: task = (board, anti, options, opening index, trained colour,
    depth, tt_mb, selective, seconds a move or None)."""
    board, anti, options, k, trained_colour, depth, tt_mb, selective, seconds = task
    variant = variant_of(board, anti, options, k)
    openings = builtin(variant)
    s = openings[k % len(openings)].copy()
    rng = random.Random(k)
    for _ in range(options[3]):
        if not s.is_over():
            s.play(rng.choice(s.legal_moves()))
    _core._set_budget_clock("cpu")
    players = {t: pr.SearchPlayer(depth=None if seconds else depth, time=seconds, tt_mb=tt_mb, selective=selective)
               for t in (True, False)}
    while not s.is_over():
        if s.must_pass():
            s.play(s.PASS)
            continue
        trained = int(s.to_move) - 1 == trained_colour
        _core._set_board_patterns(trained)
        s.play(players[trained].choose(s))
    _core._set_board_patterns(True)
    scores = s.scores()
    margin = scores[trained_colour] - scores[1 - trained_colour]
    return -margin if anti else margin


def has_weights(variant: pr.Variant) -> bool:
    """True when the trained evaluation of the variant is not the shape terms' (on positions of a random game)."""
    rng = random.Random(0)
    s = variant.start()
    while not s.is_over():
        if pr.evaluate(s) != pr.evaluate(s, shape=True):
            return True
        s = s.child(rng.choice(s.legal_moves()))
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", required=True, choices=["6x6", "8x8", "10x10", "octagon"])
    ap.add_argument("--anti", action="store_true")
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--time", type=float, help="CPU seconds a move instead of --depth")
    ap.add_argument("--openings", type=int, default=50, help="at most this many openings (each played twice)")
    ap.add_argument("--tt-mb", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--full-width", action="store_true", help="both sides without ProbCut (selective=False)")
    ap.add_argument("--handicap", type=int, default=0, help="corner handicap 1-4 (for Black)")
    ap.add_argument("--free-opening", action="store_true")
    ap.add_argument("--blocked", type=int, default=0, help="this many random blocked squares, drawn per opening")
    ap.add_argument("--extra-plies", type=int, default=0, help="random plies after each builtin opening")
    ap.add_argument("--write", help="Markdown file to append the result row to")
    a = ap.parse_args()
    # Every value checked here, before the first game: the core's bounds and the variant's own checks.
    if a.time is None and not 1 <= a.depth <= limits.MAX_DEPTH:
        ap.error(f"--depth: 1 .. {limits.MAX_DEPTH}, got {a.depth}")
    if a.time is not None and not 0 < a.time <= limits.MAX_SECONDS:
        ap.error(f"--time: more than 0 and at most {limits.MAX_SECONDS:g} CPU seconds, got {a.time}")
    if not limits.MIN_TABLE_MIB <= a.tt_mb <= limits.MAX_TABLE_MIB:
        ap.error(f"--tt-mb: {limits.MIN_TABLE_MIB} .. {limits.MAX_TABLE_MIB} MiB, got {a.tt_mb}")
    for name, value in (("--openings", a.openings), ("--jobs", a.jobs)):
        if value < 1:
            ap.error(f"{name}: at least 1, got {value}")
    if not 0 <= a.extra_plies <= limits.LONGEST_GAME:
        ap.error(f"--extra-plies: 0 .. {limits.LONGEST_GAME}, got {a.extra_plies}")
    try:
        pr.Variant(a.board, anti=a.anti, handicap=a.handicap, free_opening=a.free_opening)
        if a.blocked:
            pr.Variant(a.board).with_random_blocked(seed=0, count=a.blocked)
    except (ValueError, pr.VariantError) as e:
        ap.error(f"--handicap / --free-opening / --blocked: {e}")
    if not has_weights(pr.Variant(a.board, anti=a.anti)):
        ap.error(f"{a.board}{' Anti-Reversi' if a.anti else ''} has no trained weights: nothing to match")
    if a.write and not os.path.isdir(os.path.dirname(os.path.abspath(a.write))) or a.write and os.path.isdir(a.write):
        ap.error(f"--write: {a.write!r} is not a file in an existing folder")
    options = (a.handicap, a.free_opening, a.blocked, a.extra_plies)
    count = a.openings if a.blocked or a.extra_plies else len(builtin(variant_of(a.board, a.anti, options, 0))[: a.openings])
    tasks = [(a.board, a.anti, options, k, c, a.depth, a.tt_mb, not a.full_width, a.time)
             for k in range(count) for c in (0, 1)]
    t0 = time.time()
    load = os.getloadavg()[0]
    if a.jobs > 1:
        with multiprocessing.Pool(a.jobs) as pool:
            margins = pool.map(game, tasks)
    else:
        margins = [game(t) for t in tasks]
    w = sum(m > 0 for m in margins)
    d = sum(m == 0 for m in margins)
    l_ = sum(m < 0 for m in margins)
    e = elo_mod.elo(w, d, l_)
    share = (w + 0.5 * d) / len(margins)
    rule = ("anti" if a.anti else "normal") + (f" handicap {a.handicap}" if a.handicap else "") + (
        " free opening" if a.free_opening else "") + (f" blocked {a.blocked}" if a.blocked else "") + (
        f" +{a.extra_plies} random plies" if a.extra_plies else "")
    width = "full width" if a.full_width else "selective"
    limit = f"{a.time:g} s" if a.time else f"{a.depth}"
    line = (f"{a.board} {rule}, {'' if a.time else 'depth '}{limit} {width}: trained +{w} ={d} -{l_} ({len(margins)} games, "
            f"{100 * share:.1f} %), Elo {e.elo:+.0f} [{e.low:+.0f}, {e.high:+.0f}], "
            f"mean margin {sum(margins) / len(margins):+.1f} disks, {time.time() - t0:.0f} s, "
            f"load {load:.1f}-{os.getloadavg()[0]:.1f}")
    print(line, flush=True)
    if a.write:
        new = not os.path.exists(a.write)
        with open(a.write, "a", encoding="utf-8") as f:
            if new:
                f.write("| date | board | rule | depth or time | search | games | W/D/L (trained) | score | Elo [95 %] | mean margin |\n"
                        "|---|---|---|---|---|---|---|---|---|---|\n")
            f.write(f"| {datetime.date.today()} | {a.board} | {rule} | {limit} | {width} | {len(margins)} | {w}/{d}/{l_} | "
                    f"{100 * share:.1f} % | {e.elo:+.0f} [{e.low:+.0f}, {e.high:+.0f}] | "
                    f"{sum(margins) / len(margins):+.1f} |\n")


if __name__ == "__main__":
    main()
