"""Variants: the board, the number of players and the options (RULES.md §1-§4, §8)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence, Tuple, Union

import numpy as np

from polyreversi import _core
from polyreversi._core import Color, VariantError

BOARDS = ("6x6", "8x8", "10x10", "octagon")

Square = Union[int, str]


@dataclass(frozen=True)
class Variant:
    """An immutable, hashable rule set.

    Args:
        board: ``"6x6"``, ``"8x8"``, ``"10x10"`` or ``"octagon"`` (RULES.md §1).
        players: 2, 3 or 4 (RULES.md §2); 6x6 is for 2 players only.
        anti: Anti-Reversi, the fewest disks win (RULES.md §7).
        free_opening: 2 players only; the centre starts empty (RULES.md §3).
        handicap: 0-4 extra corner disks for ``handicap_color`` (2 players, square boards).
        handicap_color: ``Color.BLACK`` (default) or ``Color.WHITE``.
        blocked: 0-4 blocked squares, as indices or names (RULES.md §4).

    Raises:
        VariantError: (a ``ValueError``) naming the option and the allowed values.

    >>> v = Variant("octagon", 4, blocked=("b7", "i3"))
    >>> str(v)
    'octagon/4p/blocked=i3,b7'
    >>> Variant.parse(str(v)) == v
    True
    """

    board: str = "8x8"
    players: int = 2
    anti: bool = False
    free_opening: bool = False
    handicap: int = 0
    handicap_color: Color = Color.BLACK
    blocked: Tuple[int, ...] = ()
    _rules: _core.Rules = field(init=False, repr=False, compare=False, hash=False)

    def __init__(
        self,
        board: str = "8x8",
        players: int = 2,
        *,
        anti: bool = False,
        free_opening: bool = False,
        handicap: int = 0,
        handicap_color: Union[Color, int, str] = Color.BLACK,
        blocked: Iterable[Square] = (),
    ) -> None:
        if not isinstance(board, str) or board not in BOARDS:
            raise VariantError(f"board: unknown board {board!r}; allowed: {', '.join(BOARDS)}")
        players = _whole(players, "players")
        handicap = _whole(handicap, "handicap")
        for name, value in (("anti", anti), ("free_opening", free_opening)):
            if not isinstance(value, (bool, np.bool_)):
                raise VariantError(f"{name}: expected True or False, got {value!r}")
        color = _handicap_color(handicap_color)
        n = _core.board_side(board)
        if isinstance(blocked, (str, int)):
            blocked = [blocked]
        try:
            squares = [_core.parse_square(n, b) if isinstance(b, str) else _whole(b, "blocked") for b in blocked]
        except _core.InvalidSquareError as e:
            raise VariantError(f"blocked: {e}") from None
        except TypeError:
            raise VariantError(f"blocked: expected square names or indices, got {blocked!r}") from None
        rules = _core.Rules(board, players, bool(anti), bool(free_opening), handicap, int(color) - 1, squares)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "anti", bool(anti))
        object.__setattr__(self, "free_opening", bool(free_opening))
        object.__setattr__(self, "handicap", handicap)
        object.__setattr__(self, "handicap_color", color if handicap else Color.BLACK)
        object.__setattr__(self, "blocked", tuple(sorted(squares)))
        object.__setattr__(self, "_rules", rules)

    # -- geometry -------------------------------------------------------
    @property
    def n(self) -> int:
        """The grid side N (6, 8 or 10; the octagon uses a 10x10 grid)."""
        return self._rules.n

    @property
    def PASS(self) -> int:  # noqa: N802 (the field's name for the move)
        """The pass move, N*N."""
        return self.n * self.n

    pass_move = PASS

    @property
    def squares(self) -> list[int]:
        """Playable squares (not cut-outs, not blocked), ascending indices."""
        return self._rules.playable

    def square(self, name: Square) -> int:
        """The index ``row * N + col`` of a square name (``"e6"``, ``"j10"``, ``"pass"``).

        An int is checked and returned. Raises InvalidSquareError off the grid.

        >>> Variant().square("e6")
        44
        """
        if isinstance(name, str):
            return _core.parse_square(self.n, name)
        index = _whole(name, "square", error=_core.InvalidSquareError)
        _core.square_name(self.n, index)  # range check
        return index

    def square_name(self, index: int) -> str:
        """The name of a square index (``44`` -> ``"e6"``, ``N*N`` -> ``"pass"``).

        Raises InvalidSquareError off the grid.
        """
        return _core.square_name(self.n, _whole(index, "square", error=_core.InvalidSquareError))

    def eligible_blocked(self) -> list[int]:
        """Squares that may be blocked in this variant (RULES.md §4), ascending."""
        return _core.eligible_blocked(self.board, self.handicap)

    # -- making games ----------------------------------------------------
    def start(self) -> "_core.State":
        """A new State at the start position (RULES.md §3)."""
        return _core.State(self._rules, self)

    def position(self, board, to_move: Union[Color, int] = Color.BLACK, ply: int = 0) -> "_core.State":
        """A State at a custom position.

        Args:
            board: integer array-like of shape (N, N) or (N*N,) with the cell codes of
                ``State.board()`` (0 empty, 1-4 colours, 5 neutral; -1/-2 allowed only on
                this variant's blocked squares and cut-outs).
            to_move: the Color to move.
            ply: the ply number of the position.

        Raises:
            PositionError: wrong shape or dtype, a disk on a blocked square or cut-out,
                colours or a neutral disk this player count does not have.
        """
        return _core.State._from_cells(self._rules, self, board, to_move, _whole(ply, "ply"))

    def with_random_blocked(self, seed: Optional[int] = None, count: Optional[int] = None) -> "Variant":
        """This variant with 1-4 blocked squares drawn at random (RULES.md §4).

        The count is uniform in 1..4 unless given; the squares are uniform among
        :meth:`eligible_blocked`. The same seed gives the same squares. Any blocked
        squares of this variant are replaced.

        Raises:
            VariantError: ``count`` outside 1..4.
        """
        rng = random.Random(seed)
        if count is None:
            count = rng.randint(1, 4)
        count = _whole(count, "count")
        if not 1 <= count <= 4:
            raise VariantError(f"count: {count} blocked squares asked for; allowed: 1 to 4")
        chosen = rng.sample(self.eligible_blocked(), count)
        return self.replace(blocked=chosen)

    def replace(self, **changes) -> "Variant":
        """A copy with some options changed (same keywords as the constructor)."""
        args = dict(
            board=self.board,
            players=self.players,
            anti=self.anti,
            free_opening=self.free_opening,
            handicap=self.handicap,
            handicap_color=self.handicap_color,
            blocked=self.blocked,
        )
        args.update(changes)
        board, players = args.pop("board"), args.pop("players")
        return Variant(board, players, **args)

    # -- text form -------------------------------------------------------
    def __str__(self) -> str:
        parts = [self.board]
        if self.players != 2:
            parts.append(f"{self.players}p")
        if self.anti:
            parts.append("anti")
        if self.free_opening:
            parts.append("free")
        if self.handicap:
            suffix = "w" if self.handicap_color == Color.WHITE else ""
            parts.append(f"handicap={self.handicap}{suffix}")
        if self.blocked:
            parts.append("blocked=" + ",".join(_core.square_name(self.n, b) for b in self.blocked))
        return "/".join(parts)

    def __repr__(self) -> str:
        return f"Variant.parse({str(self)!r})"

    def __reduce__(self):
        # The native rule set does not pickle; the text form is lossless.
        return (Variant.parse, (str(self),))

    @classmethod
    def parse(cls, text: str) -> "Variant":
        """Reads the short form written by ``str(variant)``.

        Grammar: ``BOARD[/Np][/anti][/free][/handicap=K[w|b]][/blocked=SQ,SQ...]``,
        options in any order, e.g. ``octagon/4p/anti/blocked=b7,i3`` or
        ``8x8/handicap=2w``. Raises VariantError naming the part it cannot read.
        """
        if not isinstance(text, str) or not text.strip():
            raise VariantError(f"variant: expected text such as '8x8' or 'octagon/4p/anti', got {text!r}")
        parts = [p.strip() for p in text.strip().lower().split("/")]
        board, options = parts[0], parts[1:]
        if board not in BOARDS:
            raise VariantError(f"board: unknown board {board!r} in {text!r}; allowed: {', '.join(BOARDS)}")
        kwargs: dict = {}
        players = 2
        seen = set()
        for part in options:
            key = part.split("=", 1)[0]
            if key in seen or (key.endswith("p") and key[:-1].isdigit() and "players" in seen):
                raise VariantError(f"variant: option {key!r} given twice in {text!r}")
            if part in ("2p", "3p", "4p"):
                players = int(part[0])
                seen.add("players")
            elif part == "anti":
                kwargs["anti"] = True
            elif part in ("free", "free_opening"):
                kwargs["free_opening"] = True
            elif part.startswith("handicap="):
                value = part[len("handicap="):]
                color = Color.BLACK
                if value[-1:] in ("w", "b"):
                    color = Color.WHITE if value[-1] == "w" else Color.BLACK
                    value = value[:-1]
                if not value.isdigit():
                    raise VariantError(f"handicap: expected a count 1-4 with an optional w or b, got {part!r}")
                kwargs["handicap"] = int(value)
                kwargs["handicap_color"] = color
            elif part.startswith("blocked="):
                names = [s for s in part[len("blocked="):].split(",") if s]
                if not names:
                    raise VariantError(f"blocked: no squares in {part!r}")
                kwargs["blocked"] = names
            else:
                raise VariantError(
                    f"variant: unknown option {part!r} in {text!r}; allowed: 2p, 3p, 4p, anti, free, "
                    "handicap=K[w], blocked=SQ,SQ"
                )
            seen.add(key)
        return cls(board, players, **kwargs)


def _whole(value, name: str, error=VariantError) -> int:
    """An int option; bools and non-integers are refused."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise error(f"{name}: expected a whole number, got {value!r}")
    return int(value)


def _handicap_color(value) -> Color:
    if isinstance(value, str):
        if value.upper() in ("BLACK", "WHITE"):
            return Color[value.upper()]
    elif isinstance(value, (int, np.integer)) and not isinstance(value, bool) and int(value) in (1, 2):
        return Color(int(value))
    if isinstance(value, Color) and value in (Color.BLACK, Color.WHITE):
        return value
    raise VariantError(f"handicap_color: allowed: Black, White; got {value!r}")


def as_variant(value: Union["Variant", str]) -> Variant:
    """A Variant from a Variant or its short text form."""
    if isinstance(value, Variant):
        return value
    if isinstance(value, str):
        return Variant.parse(value)
    raise VariantError(f"variant: expected a Variant or text such as '8x8', got {value!r}")


__all__ = ["Variant", "BOARDS", "as_variant"]
