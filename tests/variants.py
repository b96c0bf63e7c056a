"""Every allowed combination of the rules (RULES.md §8), for grid tests."""
from __future__ import annotations

import itertools
from typing import Iterator, NamedTuple

from polyreversi import Variant

from reference import RefVariant


class Combo(NamedTuple):
    board: str
    players: int
    anti: bool
    free_opening: bool
    handicap: int
    blocked: int  # how many random blocked squares

    @property
    def id(self) -> str:
        parts = [self.board, f"{self.players}p"]
        parts += ["anti"] if self.anti else []
        parts += ["free"] if self.free_opening else []
        parts += [f"h{self.handicap}"] if self.handicap else []
        parts += [f"b{self.blocked}"] if self.blocked else []
        return "-".join(parts)


def all_combos() -> Iterator[Combo]:
    """Board x players x anti x free opening x handicap 0-4 x blocked count 0-4."""
    for board in ("6x6", "8x8", "10x10", "octagon"):
        for players in (2, 3, 4):
            if players > 2 and board == "6x6":
                continue
            for anti, free in itertools.product((False, True), repeat=2):
                if free and players > 2:
                    continue
                for handicap in range(5):
                    if handicap and (players > 2 or board == "octagon"):
                        continue
                    for blocked in range(5):
                        yield Combo(board, players, anti, free, handicap, blocked)


def make_variant(combo: Combo, seed: int) -> Variant:
    """The combo as a Variant, with `combo.blocked` squares drawn from `seed`."""
    v = Variant(combo.board, combo.players, anti=combo.anti, free_opening=combo.free_opening, handicap=combo.handicap)
    if combo.blocked:
        v = v.with_random_blocked(seed=seed, count=combo.blocked)
    return v


def ref_variant(v: Variant) -> RefVariant:
    """The reference's twin of an engine Variant."""
    return RefVariant(
        board=v.board,
        players=v.players,
        anti=v.anti,
        free_opening=v.free_opening,
        handicap=v.handicap,
        handicap_color=int(v.handicap_color),
        blocked=frozenset(v.blocked),
    )
