"""Held-out positions of every board and rule, labelled exactly where a solve
is cheap and by a deeper search above, for benchmarks/eval_error.py.

Positions: self-play games of the installed build that no training run
plays (game g of a board draws on ``random.Random(f"eval-error:{board}:{rule}:{g}")``):
0..``RANDOM_MOVES`` random opening moves, then each side plays a depth-
``PLAY_DEPTH`` search. From each game at most one position is taken per
10 empties (chosen by the same generator), until every band has
``per_band`` positions or ``max_games`` games were played; positions where
the mover must pass are skipped (the evaluation is asked of a mover with
a move). Each position is labelled, from the mover's view in disks (with
Anti-Reversi, the opponent's disks minus the mover's: RULES.md section 7):
  * at most ``exact_empties(board, anti)`` empties: ``pr.solve`` (exact);
  * above: a depth ``SEARCH_DEPTH[board]`` search of the same build
    (``pr.search``; exact when it reaches the end). A search of the
    evaluation itself is a biased yardstick (its errors are partly the
    evaluation's own: it understates the error): the table says which
    label each band has;
and, a second label that overstates it (the players' mistakes count as
error), the game's result as train_patterns.py labels the WTHOR games: the
exact score of the game's first position in that exact zone (the self-play moves down to there, perfect play after).
The evaluation measured is ``pr.evaluate`` (what the search uses at its leaves).
"""
from __future__ import annotations

import random
import time
from typing import Dict, List, Tuple

import polyreversi as pr

RANDOM_MOVES = 6
PLAY_DEPTH = 4
# Empties up to which the labels are exact: each solve about a second or less on one core.
EXACT_EMPTIES = {"6x6": 22, "8x8": 20, "10x10": 18, "octagon": 18}
# Anti-Reversi solves prune less (6x6 at 22 empties: 6 s, 8x8 at 20: 2 s): four empties fewer.
ANTI_EXACT_LESS = 4


def exact_empties(board: str, anti: bool) -> int:
    """Empties up to which positions of the board and rule are labelled exactly."""
    return EXACT_EMPTIES[board] - (ANTI_EXACT_LESS if anti else 0)
# Depth of the labelling search above them: about a second a position on one core (loaded VM).
SEARCH_DEPTH = {"6x6": 12, "8x8": 10, "10x10": 8, "octagon": 8}
BAND = 10  # empties per row of the table


def band_of(empties: int, start: int) -> int:
    """The table row of positions with `empties` empties on a board whose start has `start` (the start in the last)."""
    return min(empties, start - 1) // BAND


def sample(board: str, anti: bool, per_band: int, max_games: int) -> List[Tuple[int, float, float, bool, float]]:
    """(empties, evaluation, label, exact, game label) of the held-out positions of one board and rule
    (module docstring)."""
    variant = pr.Variant(board, anti=anti)
    rule = "anti" if anti else "normal"
    start = variant.start().empties()
    bands: Dict[int, list] = {}
    full = band_of(start, start) + 1
    for g in range(max_games):
        if len(bands) == full and all(len(v) >= per_band for v in bands.values()):
            break
        rng = random.Random(f"eval-error:{board}:{rule}:{g}")
        s = variant.start()
        random_moves = rng.randint(0, RANDOM_MOVES)
        seen: Dict[int, list] = {}
        anchor = None  # the exact score, for Black, of the game's first position in the exact zone
        ply = 0
        while not s.is_over():
            black = 1 if s.to_move == pr.Color.BLACK else -1
            if anchor is None and s.empties() <= exact_empties(board, anti):
                anchor = black * pr.solve(s).score
            if not s.must_pass():
                seen.setdefault(band_of(s.empties(), start), []).append((s, black))
            move = rng.choice(s.legal_moves()) if ply < random_moves else pr.search(s, depth=PLAY_DEPTH).move
            s = s.child(move)
            ply += 1
        if anchor is None:  # the game ended above the exact zone: its result (solve scores a finished game)
            anchor = (1 if s.to_move == pr.Color.BLACK else -1) * pr.solve(s).score
        for b, states in sorted(seen.items()):
            if len(bands.setdefault(b, [])) < per_band:
                s, black = rng.choice(states)
                bands[b].append((s, black * anchor))
    rows = []
    for b in sorted(bands):
        for s, game in bands[b]:
            e = s.empties()
            if e <= exact_empties(board, anti):
                label, exact = float(pr.solve(s).score), True
                game = label
            else:
                r = pr.search(s, depth=SEARCH_DEPTH[board])
                label, exact = float(r.score), bool(r.exact)
            rows.append((e, float(pr.evaluate(s)), label, exact, float(game)))
    return rows


def mae_rms(errors: List[float]) -> str:
    """'MAE (RMS)' of errors in disks."""
    mae = sum(abs(d) for d in errors) / len(errors)
    return f"{mae:.2f} ({(sum(d * d for d in errors) / len(errors)) ** 0.5:.2f})"


def table(board: str, anti: bool, per_band: int, max_games: int) -> List[Tuple[int, str]]:
    """(band: empties // 10, Markdown row) (board, rule, empties, positions, labels, MAE (RMS) against them, MAE (RMS) against the
    game's result) of one board and rule."""
    t0 = time.process_time()
    rows = sample(board, anti, per_band, max_games)
    rule = "anti" if anti else "normal"
    out = []
    start = pr.Variant(board, anti=anti).start().empties()
    for b in sorted({band_of(e, start) for e, *_ in rows}):
        sel = [(v, y, x, z) for e, v, y, x, z in rows if band_of(e, start) == b]
        n_exact = sum(x for _, _, x, _ in sel)
        kind = "exact" if n_exact == len(sel) else (f"d{SEARCH_DEPTH[board]}" if n_exact == 0
                                                     else f"{n_exact} exact, d{SEARCH_DEPTH[board]}")
        out.append((b, f"| {board} | {rule} | {b * BAND}-{min(b * BAND + BAND - 1, start)} | {len(sel)} | {kind} | "
                   f"{mae_rms([v - y for v, y, _, _ in sel])} | {mae_rms([v - z for v, _, _, z in sel])} |"))
    print(f"{board} {rule}: {len(rows)} positions, {time.process_time() - t0:.0f} s CPU", flush=True)
    return out
