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

from dataclasses import dataclass
from typing import Optional, Union

import numpy as np

from polyreversi import _validate
from polyreversi.variant import Variant, parse_with_draw


@dataclass(frozen=True)
class EnvSpec:
    """The rules of an environment's games.

    Attributes:
        variant: the fixed rules (without the randomly drawn blocked squares).
        random_blocked: None (the variant as it is), 0 (1-4 squares drawn per game,
            count uniform) or 1-4 (that many squares drawn per game).

    Raises:
        TypeError: ``variant`` is not a Variant (:meth:`parse` reads text).
    """

    variant: Variant
    random_blocked: Optional[int] = None

    def __post_init__(self) -> None:
        _validate.instance(self.variant, Variant, "variant")

    @classmethod
    def parse(cls, value: Union[str, Variant, "EnvSpec"]) -> "EnvSpec":
        """An EnvSpec from variant text (with optional ``blocked=random[K]``), a Variant or an EnvSpec.

        The text is read by :func:`polyreversi.variant.parse_with_draw`, the one reader
        of ``blocked=random`` for the library and the command line.

        Raises:
            VariantError: bad variant text, a draw count outside 1-4, ``blocked=random``
                given twice or together with listed blocked squares. TypeError: not text, a
                Variant or an EnvSpec.
        """
        if isinstance(value, EnvSpec):
            return value
        if isinstance(value, Variant):
            return cls(value)
        if not isinstance(value, str):
            raise TypeError("variant: expected a Variant, an EnvSpec or text such as 'octagon/4p/blocked=random', "
                            f"got {type(value).__name__}")
        variant, draw = parse_with_draw(value)
        if draw is None:
            return cls(variant)
        return cls(variant, 0 if isinstance(draw, str) else draw)  # "random": 1-4 squares

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
