"""Where polyreversi loses discs in a match against NTest: reads the games of
``selective_match.py --ntest ... --dump FILE`` and splits each game's result
into the phases of the game, all from polyreversi's side, in discs:

    opening   value at ~46 empties - value of the opening position (50 empties)
    midgame 1 value at ~36 empties - value at ~46
    midgame 2 exact value at ~20 empties - value at ~36
    endgame   the final margin - the exact value at ~20

The value of a position is a deep selective search (``--depth``, default 14)
above 20 empties, the exact solve (pr.solve) at the first position of the game
with at most ``--solve-at`` empties (default 20); each measured once per game
at the first position at or below the empties named. A phase's loss is then
what the moves of both sides in it changed; polyreversi's errors are most of it
when NTest plays better. Also per phase (empties bands): polyreversi's mean
seconds, its budget (NTest's previous move), its mean depth and its share of
exact moves, and NTest's mean seconds; and NTest's seconds by empties near the
end (where it solves).

With --move-loss LO-HI it instead scores each move of --side (polyreversi or
ntest) at LO..HI empties against the exact value of the best move
(pr.solve(moves=True)): the mean discs lost a move, the moves that lost any,
and (polyreversi) how many were played from an exact solve; and the moves that
threw the game's outcome away (a won or drawn position left drawn or lost, by the
exact value of the position after the move).

With --outcome-at E it instead gives the match's score as it stood at E empties
(each game's exact value at its first position with at most E empties: the
W/D/L polyreversi would have with perfect play from there on) beside the final
W/D/L, and the games whose outcome changed after it: what the endgame cost in
the score, where the disk-based split above weighs every disk alike.

    python benchmarks/loss_split.py build/ntest_games.jsonl --depth 14
    python benchmarks/loss_split.py build/ntest_games.jsonl --move-loss 13-20 --first 100
    python benchmarks/loss_split.py build/ntest_games.jsonl --outcome-at 20
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Dict, List

import polyreversi as pr
from polyreversi._core import limits
from polyreversi.errors import PolyreversiError
from polyreversi.limit import MAX_DEPTH
from polyreversi.position_text import position_from_text

BANDS = [(60, 45), (44, 37), (36, 21), (20, 15), (14, 0)]
# The most empties an exact solve here is asked for: a solve takes about a second at 22
# and ten times more every three empties (benchmarks/time_budget.md).
SOLVE_MOST = 26
SIDES = ("polyreversi", "ntest")


def empties_arg(text: str) -> int:
    """An empties count for the exact solves (0 .. SOLVE_MOST), for argparse."""
    try:
        e = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of empty squares, got {text!r}") from None
    if not 0 <= e <= SOLVE_MOST:
        raise argparse.ArgumentTypeError(f"{e} empties: 0 .. {SOLVE_MOST} (an exact solve above takes hours)")
    return e


def range_arg(text: str) -> tuple:
    """LO-HI empties (LO <= HI), for argparse."""
    lo, sep, hi = text.partition("-")
    if not sep or not lo:
        raise argparse.ArgumentTypeError(f"expected LO-HI (e.g. 13-20), got {text!r}")
    a, b = empties_arg(lo), empties_arg(hi)
    if a > b:
        raise argparse.ArgumentTypeError(f"LO-HI: {a} is above {b}")
    return a, b


def read_games(path: str, first) -> List[dict]:
    """The games of a --dump file (JSON lines), each checked and replayed once.

    Raises:
        SystemExit: the file cannot be read, or a line is not a game of the dump's form
        (the message names the line and what is wrong).
    """
    games = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                if first is not None and len(games) >= first:
                    break
                where = f"{path} line {number}"
                try:
                    g = json.loads(line)
                    if not isinstance(g, dict):
                        raise ValueError("not a JSON object")
                    for key, kind in (("opening", str), ("colour", int), ("margin", int), ("moves", list)):
                        if not isinstance(g.get(key), kind) or isinstance(g.get(key), bool):
                            raise ValueError(f"{key!r}: expected {kind.__name__}, got {g.get(key)!r}")
                    if g["colour"] not in (0, 1):
                        raise ValueError(f"'colour': 0 (Black) or 1 (White), got {g['colour']!r}")
                    for m in g["moves"]:
                        if not isinstance(m, dict) or m.get("side") not in SIDES or not isinstance(m.get("move"), int):
                            raise ValueError(f"a move: expected {{'side': {'/'.join(SIDES)}, 'move': square, ...}}, "
                                             f"got {m!r}")
                    replay(g["opening"], g["moves"])  # the opening and every move legal
                except (ValueError, TypeError, PolyreversiError) as e:
                    sys.exit(f"loss_split: {where}: not a game of selective_match.py --dump ({e})")
                g.setdefault("game", number)
                games.append(g)
    except OSError as e:
        sys.exit(f"loss_split: cannot read {path}: {e.strerror or e}")
    except UnicodeDecodeError:
        sys.exit(f"loss_split: {path}: not UTF-8 text (a --dump file is JSON lines)")
    if not games:
        sys.exit(f"loss_split: {path}: no games")
    return games


def replay(opening: str, moves: List[dict]):
    """The states before each of the game's moves (passes played where forced)."""
    s = position_from_text(opening, pr.Variant(), pr.Variant)
    states = []
    for m in moves:
        while s.must_pass():
            s.play(s.PASS)
        states.append(s.copy())
        s.play(m["move"])
    return states


def value(state, colour: int, depth: int, solve_at: int, tt_mb: int) -> float:
    """The value of ``state`` for polyreversi (colour 0: Black), discs."""
    if state.empties() <= solve_at:
        v = float(pr.solve(state, tt_mb=tt_mb).score)
    else:
        v = float(pr.search(state, depth=depth, tt_mb=tt_mb).score)
    return v if int(state.to_move) - 1 == colour else -v


def first_at(states, empties: int):
    for s in states:
        if s.empties() <= empties:
            return s
    return None


def sign(v: float) -> int:
    return (v > 0) - (v < 0)


def move_loss(games, lo: int, hi: int, side: str, tt_mb: int) -> None:
    """Prints, per empties count, the discs each move of ``side`` lost against the best,
    and the moves that changed the outcome (win or draw to worse)."""
    loss: Dict[int, List[tuple]] = {}
    for g in games:
        for s, m in zip(replay(g["opening"], g["moves"]), g["moves"]):
            e = s.empties()
            if m["side"] != side or not lo <= e <= hi:
                continue
            r = pr.solve(s, moves=True, tt_mb=tt_mb)
            after = r.scores[m["move"]]
            loss.setdefault(e, []).append((r.score - after, bool(m.get("exact")), sign(after) < sign(r.score)))
    print("| empties | moves | mean discs lost | moves losing any | outcome lost | exact |\n|---|---|---|---|---|---|")
    for e in sorted(loss):
        v = loss[e]
        print(f"| {e} | {len(v)} | {statistics.mean(x[0] for x in v):.2f} | {sum(x[0] > 0 for x in v)} | "
              f"{sum(x[2] for x in v)} | {sum(x[1] for x in v)} |")


def outcome_at(games, empties: int, tt_mb: int) -> None:
    """Prints polyreversi's W/D/L by the exact values at ``empties`` and at the end."""
    at: Dict[int, int] = {}
    final: Dict[int, int] = {}
    moved: Dict[tuple, int] = {}
    for g in games:
        s = first_at(replay(g["opening"], g["moves"]), empties)
        if s is None:  # over before: the final result is the value there
            then = sign(g["margin"])
        else:
            v = pr.solve(s, tt_mb=tt_mb).score
            then = sign(v if int(s.to_move) - 1 == g["colour"] else -v)
        end = sign(g["margin"])
        at[then] = at.get(then, 0) + 1
        final[end] = final.get(end, 0) + 1
        if then != end:
            moved[(then, end)] = moved.get((then, end), 0) + 1
    n = len(games)
    word = {1: "win", 0: "draw", -1: "loss"}

    def line(t: Dict[int, int]) -> str:
        return f"{t.get(1, 0)}/{t.get(0, 0)}/{t.get(-1, 0)}, {100 * (t.get(1, 0) + t.get(0, 0) / 2) / n:.1f} %"

    print(f"| games | W/D/L at {empties} empties (exact) | final W/D/L | outcomes changed after |\n|---|---|---|---|")
    changed = ", ".join(f"{c} {word[a]} → {word[b]}" for (a, b), c in sorted(moved.items(), reverse=True)) or "none"
    print(f"| {n} | {line(at)} | {line(final)} | {changed} |")


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", help="the --dump file of selective_match.py")
    ap.add_argument("--depth", type=int, default=14, help="plies of the deep search above --solve-at")
    ap.add_argument("--solve-at", type=empties_arg, default=20, help="empties of the exact solve")
    ap.add_argument("--marks", default="46,36", help="empties of the midgame values (comma list, falling)")
    ap.add_argument("--tt-mb", type=int, default=64)
    ap.add_argument("--out", help="write the per-game values as JSON lines here")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--move-loss", metavar="LO-HI", type=range_arg,
                      help="instead: each move's loss at these empties (exact)")
    mode.add_argument("--outcome-at", type=empties_arg, metavar="E",
                      help="instead: the W/D/L by the exact values at E empties against the final one")
    ap.add_argument("--side", default="polyreversi", choices=SIDES, help="with --move-loss")
    ap.add_argument("--first", type=int, help="only the first games of the file")
    # A value after an option that starts with '-' ("--move-loss -5-3") is read by argparse
    # as another option ("expected one argument"): joined to its option, the value's own
    # check names what is wrong with it.
    given = list(argv[1:])
    for i in range(len(given) - 1):
        if given[i].startswith("--") and "=" not in given[i] and given[i + 1][:1] == "-" and given[i + 1][1:2].isdigit():
            given[i:i + 2] = [f"{given[i]}={given[i + 1]}", ""]
    args = ap.parse_args([a for a in given if a != ""])
    if args.first is not None and args.first < 1:
        ap.error(f"--first: at least 1 game, got {args.first}")
    if not 1 <= args.depth <= MAX_DEPTH:
        ap.error(f"--depth: 1 .. {MAX_DEPTH}, got {args.depth}")
    if not limits.MIN_TABLE_MIB <= args.tt_mb <= limits.MAX_TABLE_MIB:
        ap.error(f"--tt-mb: {limits.MIN_TABLE_MIB} .. {limits.MAX_TABLE_MIB} MiB, got {args.tt_mb}")
    try:
        marks = [int(x) for x in args.marks.split(",")] + [args.solve_at]
    except ValueError:
        ap.error(f"--marks: whole numbers of empties separated by commas, got {args.marks!r}")
    games = read_games(args.games, args.first)
    if args.outcome_at is not None:
        outcome_at(games, args.outcome_at, args.tt_mb)
        return 0
    if args.move_loss:
        lo, hi = args.move_loss
        move_loss(games, lo, hi, args.side, args.tt_mb)
        return 0
    splits: List[List[float]] = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    for g in games:
        states = replay(g["opening"], g["moves"])
        vals = [value(states[0], g["colour"], args.depth, args.solve_at, args.tt_mb)]
        for e in marks:
            s = first_at(states, e)
            vals.append(vals[-1] if s is None else value(s, g["colour"], args.depth, args.solve_at, args.tt_mb))
        vals.append(float(g["margin"]))
        parts = [b - a for a, b in zip(vals, vals[1:])]
        splits.append(parts)
        print(g["game"], " ".join(f"{v:+6.1f}" for v in vals), flush=True)
        if out:
            out.write(json.dumps({"game": g["game"], "values": vals}) + "\n")
    names = ["opening (50 -> %d)" % marks[0]] + [f"midgame ({a} -> {b})" for a, b in zip(marks, marks[1:])] + \
        [f"endgame ({args.solve_at} -> end)"]
    print("\n| phase | mean disc change for polyreversi | stdev | games losing > 2 discs |")
    print("|---|---|---|---|")
    for k, name in enumerate(names):
        col = [p[k] for p in splits]
        print(f"| {name} | {statistics.mean(col):+.2f} | {statistics.pstdev(col):.2f} | "
              f"{sum(c < -2 for c in col)} |")
    print(f"| total (final margin) | {statistics.mean(g['margin'] for g in games):+.2f} | | |")
    # time and depth per band
    print("\n| empties | polyreversi s/move | its budget | depth | exact | NTest s/move |")
    print("|---|---|---|---|---|---|")
    for hi, lo in BANDS:
        mine = [m for g in games for m in g["moves"] if m["side"] == "polyreversi" and lo <= m["empties"] <= hi]
        theirs = [m for g in games for m in g["moves"] if m["side"] == "ntest" and lo <= m["empties"] <= hi]
        if not mine or not theirs:
            continue
        budgets = [m["budget"] for m in mine if m.get("budget") is not None]
        print(f"| {hi}-{lo} | {statistics.mean(m['seconds'] for m in mine):.4f} | "
              f"{statistics.mean(budgets) if budgets else float('nan'):.4f} | "
              f"{statistics.mean(m['depth'] for m in mine if not m['exact']) if any(not m['exact'] for m in mine) else 0:.1f} | "
              f"{sum(m['exact'] for m in mine) / len(mine):.0%} | {statistics.mean(m['seconds'] for m in theirs):.4f} |")
    print("\n| empties | NTest s/move (mean, max) | polyreversi exact share | polyreversi s/move |")
    print("|---|---|---|---|")
    for e in range(30, 0, -1):
        theirs = [m["seconds"] for g in games for m in g["moves"] if m["side"] == "ntest" and m["empties"] == e]
        mine = [m for g in games for m in g["moves"] if m["side"] == "polyreversi" and m["empties"] == e]
        if theirs and mine:
            print(f"| {e} | {statistics.mean(theirs):.4f}, {max(theirs):.4f} | "
                  f"{sum(m['exact'] for m in mine) / len(mine):.0%} | {statistics.mean(m['seconds'] for m in mine):.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
