"""Elo difference, its 95 % interval, and the sequential probability ratio test
(SPRT) of a match, from its wins, draws and losses.

The model is the logistic one of chess rating lists: a score share ``p`` (wins
plus half the draws, per game) is ``-400 log10(1/p - 1)`` Elo. The interval is
the normal approximation on the score share with the games' own (trinomial)
variance, mapped to Elo, as cutechess-cli reports it. The SPRT is the
generalised SPRT of fishtest and fastchess with the normal approximation of the
log-likelihood ratio (Michel Van den Bergh, "Sequential probability ratio tests
for chess"): ``LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v)``, with ``m`` and ``v``
the mean and variance of a game's score and ``s0``, ``s1`` the scores of
``elo0`` and ``elo1``; it stops at ``log(beta / (1 - alpha))`` (H0, no gain of
``elo1``) or ``log((1 - beta) / alpha)`` (H1).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Tuple

#: The two-sided 95 % quantile of the normal distribution.
Z95 = 1.959963984540054


def score_share(wins: int, draws: int, losses: int) -> float:
    """Points per game: (wins + draws / 2) / games.

    Raises:
        ValueError: no games, or a negative count.
    """
    if min(wins, draws, losses) < 0:
        raise ValueError(f"counts must be 0 or more, got {wins}/{draws}/{losses}")
    games = wins + draws + losses
    if games == 0:
        raise ValueError("no games")
    return (wins + draws / 2) / games


def elo_of_share(p: float) -> float:
    """The Elo difference of a score share (+inf at 1, -inf at 0)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return 400.0 * math.log10(p / (1.0 - p))  # (-400 * log10(1/p - 1) made -0.0 of an even score)


def share_of_elo(elo: float) -> float:
    """The expected score share of an Elo difference."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def _variance(wins: int, draws: int, losses: int) -> Tuple[float, float]:
    n = wins + draws + losses
    m = score_share(wins, draws, losses)
    v = (wins * (1 - m) ** 2 + draws * (0.5 - m) ** 2 + losses * m ** 2) / n
    return m, v


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference (first player minus second) and its 95 % interval."""

    elo: float
    low: float
    high: float

    @property
    def margin(self) -> float:
        """Half the interval's width (``elo ± margin`` as cutechess prints it)."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        elo, low, high = _signed(self.elo), _signed(self.low), _signed(self.high)
        if not all(map(math.isfinite, (self.elo, self.low, self.high))):
            return f"{elo} [{low}, {high}]"
        return f"{elo} ± {self.margin:.1f} (95 %: {low} .. {high})"


def _signed(value: float) -> str:
    """An Elo difference with its sign, to a tenth; one that rounds to nothing is 0.0
    (an even match printed "Elo -0.0", a sign that said nothing)."""
    text = f"{value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


def elo(wins: int, draws: int, losses: int) -> EloEstimate:
    """The Elo difference of a W/D/L record and its 95 % interval (the Wilson
    interval when every game scored the same, e.g. all wins).

    >>> e = elo(60, 20, 20)
    >>> round(e.elo, 1), round(e.low, 1), round(e.high, 1)
    (147.2, 86.2, 218.3)

    Raises:
        ValueError: no games, or a negative count.
    """
    n = wins + draws + losses
    m, v = _variance(wins, draws, losses)
    if v == 0:  # every game scored the same: the normal interval is empty; Wilson's is not
        z2 = Z95 * Z95
        centre, half = (m + z2 / (2 * n)) / (1 + z2 / n), Z95 * math.sqrt(z2 / (4 * n * n)) / (1 + z2 / n)
        low, high = (0.0, centre + half) if m == 0 else (centre - half, 1.0) if m == 1 else (centre - half, centre + half)
        return EloEstimate(elo_of_share(m), elo_of_share(low), elo_of_share(high))
    half = Z95 * math.sqrt(v / n)
    return EloEstimate(elo_of_share(m), elo_of_share(m - half), elo_of_share(m + half))


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> Tuple[float, float]:
    """The LLR bounds ``(lower, upper)`` of an SPRT with error rates alpha and beta.

    >>> [round(b, 4) for b in sprt_bounds()]
    [-2.9444, 2.9444]
    """
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError(f"alpha and beta must be between 0 and 1, got {alpha}, {beta}")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) after a
    W/D/L record (0 before any game). A record where every game scored the same has
    no variance to weigh it by: it is read as if one more game had been drawn, so a
    clean sweep counts for H1 (or a clean loss for H0) instead of never deciding.

    >>> round(llr(60, 20, 20, 0, 10), 4)
    1.7337
    """
    if wins + draws + losses == 0:
        return 0.0
    n = wins + draws + losses
    m, v = _variance(wins, draws, losses)
    if v == 0:
        m, v = _variance(wins, draws + 1, losses)
        if v == 0:  # only draws: the record favours neither hypothesis's direction
            return 0.0
    s0, s1 = share_of_elo(elo0), share_of_elo(elo1)
    return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v)


def sprt(wins: int, draws: int, losses: int, elo0: float, elo1: float,
         alpha: float = 0.05, beta: float = 0.05) -> Tuple[float, Optional[str]]:
    """``(llr, decision)``: decision ``"H1"`` (the gain of ``elo1`` is accepted),
    ``"H0"`` (rejected) or None (play on).

    Raises:
        ValueError: ``elo1`` not above ``elo0``; alpha or beta outside (0, 1).
    """
    if not elo1 > elo0:
        raise ValueError(f"SPRT: elo1 must be above elo0, got elo0={elo0}, elo1={elo1}")
    low, high = sprt_bounds(alpha, beta)
    value = llr(wins, draws, losses, elo0, elo1)
    return value, ("H1" if value >= high else "H0" if value <= low else None)
