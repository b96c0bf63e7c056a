"""The score of a match played as opening pairs (each opening twice, the colours
swapped), shared by the match scripts in benchmarks/ that write a Markdown row.

The Elo interval is the normal approximation over the openings' pair scores
(so the colour swap is paired), not the per-game trinomial one of
``polyreversi.match`` (strength.py): the pairs' variance is the smaller and the
truer one when an opening favours one colour. A score share of 0 or 1 is read
as 1e-6 or 1 - 1e-6, so a sweep prints a finite (±2400) Elo.
"""
from __future__ import annotations

import datetime
import math
import os
import shlex
import statistics
from typing import List, Optional, Sequence, Tuple

from polyreversi.match.elo import Z95, elo_of_share


def elo(p: float) -> float:
    """The Elo difference of a score share, clipped to a finite value."""
    return elo_of_share(min(max(p, 1e-6), 1 - 1e-6))


class PairedScore:
    """W/D/L, disk margins and pair scores of one side over opening pairs."""

    def __init__(self) -> None:
        self.wins = self.draws = self.losses = 0
        self.margins: List[int] = []
        self.pairs: List[float] = []

    def add_pair(self, margins: Sequence[int]) -> List[float]:
        """Records one opening's games (the side's disk margin in each) and returns
        their points (1, 0.5, 0)."""
        points = []
        for m in margins:
            self.margins.append(m)
            self.wins, self.draws, self.losses = self.wins + (m > 0), self.draws + (m == 0), self.losses + (m < 0)
            points.append(1.0 if m > 0 else 0.5 if m == 0 else 0.0)
        self.pairs.append(sum(points) / len(points))
        return points

    def progress(self, opening: int, total: int, points: Sequence[float]) -> str:
        """The line printed after each opening."""
        return f"opening {opening}/{total}: {list(points)}  W/D/L {self.wins}/{self.draws}/{self.losses}"

    def share(self) -> float:
        return (self.wins + self.draws / 2) / (self.wins + self.draws + self.losses)

    def elo(self) -> Tuple[float, float, float]:
        """``(elo, low, high)``: the Elo difference and its 95 % interval."""
        p = self.share()
        se = statistics.stdev(self.pairs) / math.sqrt(len(self.pairs)) if len(self.pairs) > 1 else 0.5
        return elo(p), elo(p - Z95 * se), elo(p + Z95 * se)

    def mean_margin(self) -> float:
        return statistics.mean(self.margins)

    def cells(self) -> str:
        """The row's middle: ``W/D/L | score | Elo [low, high] | mean margin``."""
        e, lo, hi = self.elo()
        return (f"{self.wins}/{self.draws}/{self.losses} | {100 * self.share():.1f} % | {e:+.0f} [{lo:+.0f}, {hi:+.0f}] "
                f"| {self.mean_margin():+.1f}")


def run_cell(argv: Sequence[str]) -> str:
    """The row's last cell: when, the load, and the command's arguments."""
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return f"{when}, load {os.getloadavg()[0]:.1f}, `{shlex.join(argv)}`"


def emit(header: str, line: str, write: Optional[str]) -> None:
    """Prints the header and the row; appends the row to ``write`` when given."""
    print(header)
    print(line)
    if write:
        with open(write, "a") as f:
            f.write(line + "\n")
