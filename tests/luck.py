"""How likely a match result is under luck alone: exact binomial tails, for
tests that assert a player is stronger by a margin luck cannot reach."""
from __future__ import annotations

from fractions import Fraction
from math import comb

#: A result is called "not luck" when luck alone gives it with at most this chance.
CHANCE = 1e-6


def tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), exactly (rational arithmetic, then a float)."""
    q = Fraction(p).limit_denominator(10**6)
    return float(sum(comb(n, i) * q**i * (1 - q) ** (n - i) for i in range(max(k, 0), n + 1)))


def smallest_unlucky(n: int, p: float, chance: float = CHANCE) -> int:
    """The smallest k with P(X >= k) <= chance for X ~ Binomial(n, p)."""
    lo, hi = 0, n + 1
    while lo < hi:
        mid = (lo + hi) // 2
        if tail(mid, n, p) <= chance:
            hi = mid
        else:
            lo = mid + 1
    return lo
