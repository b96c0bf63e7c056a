"""Variants: the board, the number of players and the options (RULES.md §1-§4, §8)."""
from __future__ import annotations

import importlib
import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, Iterable, Optional, Tuple, Union

from polyreversi import _core, _validate
from polyreversi._validate import integer, is_bool, is_digits, is_integer, shown
from polyreversi._core import Color, VariantError
from polyreversi.errors import quoted

if TYPE_CHECKING:  # types only: NumPy is imported where a board is read
    from numpy.typing import ArrayLike

#: Board names (RULES.md §1), from the core.
BOARDS = _core.BOARDS

#: The largest ply number a custom position may start from: far below the
#: engine's 32-bit ply counter, whatever is played from there (the core's kMaxStartPly).
MAX_PLY = _core.MAX_START_PLY

Square = Union[int, str]


SEED_MIN = 0
"""The smallest seed of the library (:func:`engine_seed`)."""
SEED_END = 2**64
"""One past the largest seed of the library: the engine's generators are 64-bit."""


def engine_seed(seed: Any) -> int:
    """The one seed rule of the library, for the engine's 64-bit generators (random
    blocked squares, MCTS, ``play_games``, ``Batch``) and the Python players alike:
    an int in ``0 .. 2**64 - 1`` as it is, so distinct seeds give distinct draws;
    ``None``: a fresh one from the OS.

    Raises:
        TypeError: not an int (or None). ValueError: outside ``0 .. 2**64 - 1``.
    """
    checked = checked_seed(seed)
    return random.SystemRandom().getrandbits(64) if checked is None else checked


def checked_seed(seed: Any, optional: bool = True) -> Optional[int]:
    """``seed`` as :func:`engine_seed` takes it (None passed through when ``optional``):
    the one check and wording of a seed, for those that keep None to draw later.

    Raises:
        TypeError: not an int (nor None when ``optional``). ValueError: outside
        ``0 .. 2**64 - 1``.
    """
    if seed is None and optional:
        return None
    if not is_integer(seed):
        wanted = "an int or None" if optional else "an int in 0 .. 2**64 - 1"
        raise TypeError(f"seed: expected {wanted}, got {shown(seed)}")
    value = int(seed)
    if not SEED_MIN <= value < SEED_END:
        raise ValueError(f"seed: must be in 0 .. 2**64 - 1 (distinct seeds, distinct draws), got {shown(value)}")
    return value


@dataclass(frozen=True)
class Variant:
    """An immutable, hashable rule set.

    Args:
        board: ``"6x6"``, ``"8x8"``, ``"10x10"`` or ``"octagon"`` (RULES.md §1), or a
            variant's whole text (``"10x10/4p"``, read by :meth:`parse`; the other
            arguments then keep their defaults).
        players: 2, 3 or 4 (RULES.md §2); 6x6 is for 2 players only.
        anti: Anti-Reversi, the fewest disks win (RULES.md §7).
        free_opening: 2 players only; the centre starts empty (RULES.md §3).
        handicap: 0-4 extra corner disks for ``handicap_color`` (2 players, square boards).
        handicap_color: ``Color.BLACK`` (default) or ``Color.WHITE``.
        blocked: 0-4 blocked squares, as indices or names (RULES.md §4): a sequence
            (``["b7", "i3"]``, ``[3]``) or one name (``"d1"``). A bare int is refused:
            wherever polyreversi takes a number of blocked squares it is a count of
            random squares (``--blocked 3``, ``blocked=random3`` in variant text,
            ``play_series(..., blocked=3)``), so ``blocked=3`` here is ambiguous; draw
            random squares with :meth:`with_random_blocked` (``count=``), or per game
            with ``Batch(..., blocked="random", blocked_count=3)``.

    Text is read in any letter case (``Variant("8X8")``, ``blocked=["B7"]``,
    ``handicap_color="WHITE"``), as it is everywhere in polyreversi; every rule
    (RULES.md §8) is checked by the C++ core, whose message this raises.

    Raises:
        VariantError: (a ``ValueError``) naming the option and the allowed values.

    >>> Variant("8X8") == Variant("8x8")
    True
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
        # Types are converted here; every rule (board names in any case, player
        # counts, handicap, blocked squares, RULES.md §8) is checked by the core.
        if not isinstance(board, str):
            raise VariantError(f"board: expected text such as '8x8' or 'octagon', got {quoted(board)}")
        if "/" in board:  # a variant's whole text ('10x10/4p'), read by the one parser
            given = (players != 2 or anti is not False or free_opening is not False or handicap != 0
                     or _handicap_color(handicap_color) != Color.BLACK or _blocked_given(blocked))
            if given:
                raise VariantError(f"board: {quoted(board)} is a variant's whole text; give the options in the text "
                                   "or as arguments, not both")
            parsed = Variant.parse(board)
            for name in ("board", "players", "anti", "free_opening", "handicap", "handicap_color", "blocked", "_rules"):
                object.__setattr__(self, name, getattr(parsed, name))
            return
        players = _whole(players, "players")
        handicap = _whole(handicap, "handicap")
        for name, value in (("anti", anti), ("free_opening", free_opening)):
            if not is_bool(value):
                raise VariantError(f"{name}: expected True or False, got {quoted(value)}")
        color = _handicap_color(handicap_color)
        if is_integer(blocked):
            index: Any = blocked  # an int to mypy's eyes too
            raise VariantError(f"blocked: {quoted(blocked)} alone could be a square or a count: give squares as "
                               f"a list ([{quoted(int(index))}] or names such as ['d1']), or draw that many random "
                               "squares with Variant.with_random_blocked(count=...)")
        if isinstance(blocked, str):
            blocked = [blocked]
        try:
            board.encode()
        except UnicodeEncodeError:  # a lone surrogate (os.fsdecode of bytes that are not UTF-8): no board's name
            raise VariantError(f"board: unknown board {quoted(board)}; allowed: {', '.join(BOARDS)}") from None
        try:
            n = _core.board_side(board)
            squares = [parse_square(n, b, with_pass=False) if isinstance(b, str) else _whole(b, "blocked") for b in blocked]
            for given_square, square in zip(blocked, squares):
                if isinstance(given_square, str) and square == n * n:
                    raise VariantError(f"blocked: {quoted(given_square)} is a pass, not a square; blocked squares "
                                       "are named as a1")
        except _core.InvalidSquareError as e:
            raise VariantError(f"blocked: {e}") from None
        except TypeError:
            raise VariantError(f"blocked: expected square names or indices, got {quoted(blocked)}") from None
        rules = _core.Rules(board, players, bool(anti), bool(free_opening), handicap, color - 1, squares)
        board = rules.args()[0]
        color = Color(color) if handicap else Color.BLACK
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "anti", bool(anti))
        object.__setattr__(self, "free_opening", bool(free_opening))
        object.__setattr__(self, "handicap", handicap)
        object.__setattr__(self, "handicap_color", color)
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
            return parse_square(self.n, name)
        return _core.square_index(self.n, _whole(name, "square", error=_core.InvalidSquareError))

    def square_name(self, index: int) -> str:
        """The name of a square index (``44`` -> ``"e6"``, ``N*N`` -> ``"pass"``).

        Raises InvalidSquareError off the grid, TypeError for an index that is not an int
        (naming ``index``).
        """
        return _core.square_name(self.n, integer(index, "index"))

    def eligible_blocked(self) -> list[int]:
        """Squares that may be blocked in this variant (RULES.md §4), ascending."""
        return _core.eligible_blocked(self.board, self.handicap)

    # -- making games ----------------------------------------------------
    def start(self) -> "_core.State":
        """A new State at the start position (RULES.md §3)."""
        _state_methods()
        return _core.State._start(self._rules, self)

    def position(self, board: ArrayLike, to_move: Union[Color, int] = Color.BLACK, ply: int = 0) -> "_core.State":
        """A State at a custom position.

        Args:
            board: integer array-like of shape (N, N) or (N*N,) with the cell codes of
                ``State.board()`` (0 empty, 1-4 colours, 5 neutral; -1/-2 allowed only on
                this variant's blocked squares and cut-outs).
            to_move: the Color to move (1 .. players).
            ply: the ply number of the position, 0 .. :data:`MAX_PLY`.

        Raises:
            PositionError: wrong shape or dtype, a cell code that is not one, a disk on a
                blocked square or cut-out, colours or a neutral disk this player count does
                not have, a ``to_move`` that is not a player, a ``ply`` out of range.
            TypeError: ``to_move`` or ``ply`` is not an int.
        """
        # Types are converted here; the core checks the values (and names them).
        if not is_integer(to_move):
            raise TypeError(f"to_move: expected a Color or an int 1..{self.players}, got {quoted(to_move)}")
        if not is_integer(ply):
            raise TypeError(f"ply: expected a whole number, got {quoted(ply)}")
        try:
            import numpy as np  # here: a record replayed from its moves needs no array

            cells = np.asarray(board)
        except (TypeError, ValueError, OverflowError) as e:  # ragged lists and the like
            raise _core.PositionError(f"board: expected an integer array of cell codes ({e})") from None
        _state_methods()
        return _core.State._from_cells(self._rules, self, cells, int(to_move), int(ply))

    def position_from_text(self, text: str) -> "_core.State":
        """A State from one line of position text: an Edax OBF line on 8x8
        (``"--XXXXX--OOOXX-O… X"``) or polyreversi's extension for other boards
        (:mod:`polyreversi.formats.obf`); what follows a ``;`` is ignored.

        Raises:
            PositionError: naming the cell, count or side that is wrong, or text for
            another variant.
        """
        from polyreversi.position_text import position_from_text

        _state_methods()
        return position_from_text(text, self, Variant)

    def with_random_blocked(self, seed: Optional[int] = None, count: Optional[int] = None) -> "Variant":
        """This variant with 1-4 blocked squares drawn at random (RULES.md §4).

        The count is uniform in 1..4 unless given; the squares are uniform among
        :meth:`eligible_blocked`. ``seed`` is a 64-bit seed of the engine's generator
        (SplitMix64), ``0 .. 2**64 - 1`` as for :func:`polyreversi.mcts`: the same seed
        gives the same squares, distinct seeds are distinct draws (None: fresh entropy).
        Any blocked squares of this variant are replaced. The draw is the one
        ``Batch(..., blocked="random", seed=seed)`` makes for its game 0.

        Raises:
            VariantError: ``count`` outside 1..4. ValueError: ``seed`` outside
            ``0 .. 2**64 - 1`` (it was once taken modulo 2**64, so -1 drew as 2**64 - 1).
            TypeError: ``seed`` not an int or None.
        """
        seed = engine_seed(seed)
        if count is not None:
            count = checked_random_count(count, "count", "None")
        chosen = _core.random_blocked(self.board, self.handicap, seed, count or 0)
        return self.replace(blocked=chosen)

    def replace(self, **changes: Any) -> "Variant":
        """A copy with some options changed (same keywords as the constructor)."""
        args: Dict[str, Any] = dict(
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

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
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
            raise VariantError(f"variant: expected text such as '8x8' or 'octagon/4p/anti', got {quoted(text)}")
        parts = [p.strip() for p in text.strip().lower().split("/")]
        board, options = parts[0], parts[1:]
        kwargs: Dict[str, Any] = {}
        players = 2
        seen = set()
        for part in options:
            key = part.split("=", 1)[0]
            if key.endswith("p") and is_digits(key[:-1]):
                key = "players"  # 3p and 4p both set it
            if key in seen:
                what = "the player count is" if key == "players" else f"option {quoted(key)}"
                raise VariantError(f"variant: {what} given twice in {quoted(text)}")
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
                if not re.fullmatch(r"[0-9]{1,3}", value):
                    raise VariantError(f"handicap: expected a count 0-{_core.limits.MAX_HANDICAP} with an optional "
                                       f"w or b, got {quoted(part)}")
                kwargs["handicap"] = int(value)
                kwargs["handicap_color"] = color
            elif part.startswith("blocked="):
                if _DRAW.fullmatch(part):
                    raise VariantError(f"blocked: {quoted(part)} draws new squares for each game, a Variant has fixed "
                                       "ones; parse_with_draw reads the draw (play, selfplay and the "
                                       "environments take it in their variant text)")
                names = [s for s in part[len("blocked="):].split(",") if s]
                if not names:
                    raise VariantError(f"blocked: no squares in {quoted(part)}")
                kwargs["blocked"] = names
            else:
                raise VariantError(
                    f"variant: unknown option {quoted(part)} in {quoted(text)}; allowed: 2p, 3p, 4p, anti, free, "
                    "handicap=K[w], blocked=SQ,SQ"
                )
            seen.add(key)
        return cls(board, players, **kwargs)


_DRAW = re.compile(r"blocked=random([0-9]*)")
def parse_with_draw(text: str) -> Tuple[Variant, Union[None, int, str]]:
    """The variant of ``text`` and the blocked squares it asks to draw for each game:
    ``blocked=random`` (``"random"``: 1-4 squares) or ``blocked=randomK`` (``K``, 1-4);
    None when the text lists its squares or has none. The rest of the text is read
    by :meth:`Variant.parse`, the one parser of variant text.

    Raises:
        VariantError: what :meth:`Variant.parse` refuses; a count outside 1-4; a draw
            given twice or together with listed squares.
    """
    if not isinstance(text, str):
        return Variant.parse(text), None
    parts = [p.strip() for p in text.strip().split("/")]
    matches = [(p, m) for p in parts if (m := _DRAW.fullmatch(p.lower()))]
    draws = [p for p, _ in matches]
    if not draws:
        return Variant.parse(text), None
    if len(draws) > 1:
        raise VariantError(f"variant: blocked=random given {len(draws)} times in {quoted(text)}")
    rest = [p for p in parts if p not in draws]
    if any(p.lower().startswith("blocked=") for p in rest):
        raise VariantError(f"variant: blocked=random and listed blocked squares in {quoted(text)}; use one")
    digits = matches[0][1].group(1)
    least, most = _core.limits.MIN_RANDOM_BLOCKED, _core.limits.MAX_BLOCKED
    if digits and not (len(digits) == 1 and least <= int(digits) <= most):
        raise VariantError(f"blocked: {quoted(draws[0])}: draw {least} to {most} squares (blocked=random{least} ... "
                           f"blocked=random{most}), or blocked=random for {least}-{most}")
    return Variant.parse("/".join(rest)), int(digits) if digits else "random"


def checked_random_count(count: Any, name: str, drawn: str) -> int:
    """``count`` of blocked squares to draw, as an int in 1..4 (the core's bounds): the one
    check and wording of every argument that gives one, named ``name``; ``drawn`` is
    what the caller gives instead to have the count drawn (``None``, ``'random'``).

    Raises:
        VariantError: not a whole number, or outside 1..4.
    """
    whole = _whole(count, name)
    low, high = _core.limits.MIN_RANDOM_BLOCKED, _core.limits.MAX_BLOCKED
    # checked here: the core reads 0 as "draw the count" and says so; here `drawn` means that
    if not low <= whole <= high:
        raise VariantError(f"{name}: must be {low} to {high}, got {quoted(whole)} ({drawn}: a count drawn "
                           "from that range)")
    return whole


def _whole(value: Any, name: str, error: type[Exception] = VariantError) -> int:
    """An int option; bools and non-integers are refused."""
    if not is_integer(value):
        raise error(f"{name}: expected a whole number, got {quoted(value)}")
    return int(value)


def parse_square(n: int, text: str, with_pass: bool = True) -> int:
    """The index of a square name on an N x N grid (``"pass"`` is N*N).

    Raises InvalidSquareError for text that is not a square name of the grid; its
    message offers ``'pass'`` only ``with_pass`` (where a pass may be meant).
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates cannot reach the core
        raise _core.InvalidSquareError(f"{quoted(text)} is not a square name") from None
    return _core.parse_square(n, text, with_pass)


def _blocked_given(blocked: Any) -> bool:
    """Whether ``blocked`` asks for blocked squares: anything but None or an empty
    sequence (3 or 2.0 too, which are refused as such, not iterated)."""
    if blocked is None:
        return False
    try:
        return len(tuple(blocked)) > 0
    except TypeError:
        return True


def _handicap_color(value: Any) -> int:
    """A colour number from a Color, an int or a colour name (any case); the core
    checks that it is Black or White."""
    if isinstance(value, str):
        try:
            return int(Color[value.upper()])
        except KeyError:
            raise VariantError(f"handicap_color: {quoted(value)} is not a colour name; allowed: Black, White") from None
    if is_integer(value):
        return int(value)
    raise VariantError(f"handicap_color: expected Black or White, got {quoted(value)}")


_state_ready = False


def _state_methods() -> None:
    """Every State reaches a user through a Variant (start, position) or through
    polyreversi.state, which attaches the native class's Python methods (str, repr,
    record, to_text, pickling): imported at a Variant's first State (without it,
    ``pr.Variant("8x8").start()`` printed as ``<polyreversi._core.State object>``), not
    when this module is imported, because polyreversi.state imports this module: two
    threads entering that cycle at its two ends deadlocked on the import locks
    (``_DeadlockError``, 8 runs in 20 of a search beside a first ``start()``)."""
    global _state_ready
    if not _state_ready:
        importlib.import_module("polyreversi.state")
        _state_ready = True


_validate.refuse_pickle(_core.Rules, "the engine's rule set; pickle the Variant")


def as_variant(value: Union["Variant", str], expected: str = "a Variant or text such as '8x8'") -> Variant:
    """A Variant from a Variant or its short text form.

    Raises:
        TypeError: ``value`` is neither (``variant: expected EXPECTED, got TYPE``: the
            caller says what else it takes, as a State).
        VariantError: text that names no variant.
    """
    if isinstance(value, Variant):
        return value
    if isinstance(value, str):
        return Variant.parse(value)
    raise TypeError(f"variant: expected {expected}, got {type(value).__name__}")


__all__ = ["Variant", "BOARDS", "MAX_PLY", "as_variant", "parse_square", "parse_with_draw"]
