"""Variant text for environments: a variant, optionally with ``blocked=random``.

``"octagon/4p/blocked=random"`` is the octagon for four players with 1-4 blocked
squares drawn anew at every reset (RULES.md §4); ``blocked=random3`` fixes the
count at 3. Everything else is :meth:`polyreversi.Variant.parse` text.

>>> spec = EnvSpec.parse("8x8/blocked=random2")
>>> spec.variant, spec.random_blocked
(Variant.parse('8x8'), 2)
>>> len(spec.draw(np.random.default_rng(1)).blocked)
2
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Union

import numpy as np

from polyreversi.errors import VariantError
from polyreversi.variant import Variant, as_variant

_RANDOM = re.compile(r"blocked=random([1-4])?", re.IGNORECASE)


@dataclass(frozen=True)
class EnvSpec:
    """The rules of an environment's games.

    Attributes:
        variant: the fixed rules (without the randomly drawn blocked squares).
        random_blocked: None (the variant as it is), 0 (1-4 squares drawn per game,
            count uniform) or 1-4 (that many squares drawn per game).
    """

    variant: Variant
    random_blocked: Optional[int] = None

    @classmethod
    def parse(cls, value: Union[str, Variant, "EnvSpec"]) -> "EnvSpec":
        """An EnvSpec from variant text (with optional ``blocked=random[K]``), a Variant or an EnvSpec.

        Raises:
            VariantError: bad variant text, ``blocked=random`` together with listed
                blocked squares, or not text/Variant at all.
        """
        if isinstance(value, EnvSpec):
            return value
        if isinstance(value, Variant):
            return cls(value)
        if not isinstance(value, str):
            raise VariantError(f"variant: expected a Variant or text such as 'octagon/4p/blocked=random', got {value!r}")
        parts = value.strip().split("/")
        draws = [p for p in parts if _RANDOM.fullmatch(p.strip())]
        if len(draws) > 1:
            raise VariantError(f"variant: blocked=random given {len(draws)} times in {value!r}")
        rest = [p for p in parts if not _RANDOM.fullmatch(p.strip())]
        if not rest or not rest[0].strip():
            raise VariantError(f"variant: no board in {value!r}; boards: 6x6, 8x8, 10x10, octagon")
        variant = as_variant("/".join(rest))
        if not draws:
            return cls(variant)
        if variant.blocked:
            raise VariantError(f"variant: {value!r} lists blocked squares and asks for random ones; use one")
        count = _RANDOM.fullmatch(draws[0].strip()).group(1)
        return cls(variant, int(count) if count else 0)

    def draw(self, rng: np.random.Generator) -> Variant:
        """The variant of one game: with its blocked squares drawn from ``rng`` when random."""
        if self.random_blocked is None:
            return self.variant
        seed = int(rng.integers(0, 2**63))
        return self.variant.with_random_blocked(seed=seed, count=self.random_blocked or None)

    def __str__(self) -> str:
        if self.random_blocked is None:
            return str(self.variant)
        return f"{self.variant}/blocked=random{self.random_blocked or ''}"


__all__ = ["EnvSpec"]
