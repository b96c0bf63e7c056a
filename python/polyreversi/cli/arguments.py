"""The arguments the game commands share: VARIANT, --blocked, --seed, and a float option
that refuses NaN."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Optional, Union

import click

from polyreversi._validate import float_problem, is_digits, shown
from polyreversi import _core
from polyreversi.errors import VariantError
from polyreversi.players import SEED_END, SEED_MIN
from polyreversi.variant import Variant, parse_with_draw

from polyreversi.cli.numbers import WholeRange

if TYPE_CHECKING:
    from polyreversi.selfplay import Blocked

VARIANT_HELP = (
    "VARIANT is BOARD[/3p|/4p][/anti][/free][/handicap=K[w]][/blocked=SQ,SQ], where BOARD is 6x6, 8x8, "
    "10x10 or octagon; e.g. 8x8, 10x10/anti, octagon/4p/blocked=b7,i3."
)
#: The blocked squares a draw may ask for (the core's bounds), as help texts show them.
DRAWN_BLOCKED = range(_core.limits.MIN_RANDOM_BLOCKED, _core.limits.MAX_BLOCKED + 1)
BLOCKED_RANGE = f"{DRAWN_BLOCKED[0]}-{DRAWN_BLOCKED[-1]}"
#: VARIANT_HELP of the commands that play: blocked squares may be drawn per game.
PLAYED_VARIANT_HELP = (VARIANT_HELP[:-1] + f", or octagon/4p/blocked=random ({BLOCKED_RANGE} squares drawn per game; "
                       "random2: two).")


class VariantParam(click.ParamType):  # type: ignore[type-arg, unused-ignore]  # generic in click 8.5, not in 8.2 (allowed)
    """A variant in its short text form (``octagon/4p/anti``), read by the one parser
    (:func:`polyreversi.variant.parse_with_draw`). With ``draws`` (the commands that
    play), ``blocked=random[K]`` asks for blocked squares drawn per game, as
    ``--blocked random|K`` does (:func:`setup_variant` merges the two)."""

    name = "variant"

    def __init__(self, draws: bool = False) -> None:
        self.draws = draws

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Variant:
        if isinstance(value, Variant):
            return value
        try:
            variant, draw = parse_with_draw(value)
        except VariantError as e:
            self.fail(str(e), param, ctx)
        if draw is not None:
            if not self.draws:
                self.fail(f"{shown(value)}: blocked=random draws squares for games played; this command takes "
                          "listed squares (blocked=SQ,SQ)", param, ctx)
            if ctx is not None:
                ctx.meta[_DRAW_KEY] = draw
        return variant


_DRAW_KEY = "polyreversi.blocked_draw"


class BlockedParam(click.ParamType):  # type: ignore[type-arg, unused-ignore]  # as VariantParam
    """``random`` (a count drawn too) or a count of blocked squares (:data:`DRAWN_BLOCKED`)
    drawn from the seed."""

    name = "N|random"

    def convert(self, value: Any, param: Optional[click.Parameter],
                ctx: Optional[click.Context]) -> Union[int, str]:
        if isinstance(value, int):
            return value
        text = str(value).lower()
        if text == "random":
            return "random"
        # the length first: int() of thousands of digits raises its own ValueError
        if is_digits(text) and len(text) <= len(str(DRAWN_BLOCKED[-1])) and int(text) in DRAWN_BLOCKED:
            return int(text)
        self.fail(f"{shown(value)}: expected a count from {DRAWN_BLOCKED[0]} to {DRAWN_BLOCKED[-1]}, or 'random'", param, ctx)


VARIANT = VariantParam()
#: VARIANT of the commands that play games: ``blocked=random[K]`` is a draw per game.
PLAYED_VARIANT = VariantParam(draws=True)
BLOCKED = BlockedParam()


class FiniteFloatRange(click.FloatRange):
    """A float option in a range that refuses NaN and infinity as usage errors (click's
    FloatRange lets NaN through every bound check), and text that is not ASCII decimal
    notation (float() also reads ' 1.5', '1_0' and other scripts' digits)."""

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> float:
        if isinstance(value, str) and (not value.isascii() or "_" in value or value != value.strip()):
            self.fail(f"{shown(value)} is not a valid float.", param, ctx)
        number: float = click.FLOAT.convert(value, param, ctx)  # not a number: click's own message
        # Finite first: inf is out of every range too, but said as nan is.
        problem = float_problem(number, value if isinstance(value, str) else None)
        if problem is not None:
            self.fail(problem, param, ctx)
        try:
            super().convert(value, param, ctx)
        except click.BadParameter:
            # Out of range: the value as typed (click's message gives -1.0 for -1).
            self.fail(f"{value} is not in the range {self._describe_range()}.", param, ctx)
        return number

    def _describe_range(self) -> str:
        # click writes a float bound as repr (86400.0); a person writes 86400.
        low = "<" if self.min_open else "<="
        high = "<" if self.max_open else "<="
        if self.min is None:
            return f"x{high}{self.max:g}"
        if self.max is None:
            return f"x{'>' if self.min_open else '>='}{self.min:g}"
        return f"{self.min:g}{low}x{high}{self.max:g}"


#: The --seed option's type: the range every seed of the library takes (players.seed_key).
SEED = WholeRange(SEED_MIN, SEED_END - 1)


def fresh_seed(seed: Optional[int]) -> int:
    """``seed``, or a new one from the OS (printed so the game can be repeated)."""
    return seed if seed is not None else random.SystemRandom().randrange(2**32)


def setup_variant(variant: Variant, blocked: Blocked) -> Blocked:
    """The blocked squares to draw per game: ``--blocked`` or the variant text's
    ``blocked=random[K]`` (None: none drawn).

    Raises:
        click.UsageError: both ask for a draw, or a draw and a variant with listed squares.
    """
    ctx = click.get_current_context(silent=True)
    drawn = ctx.meta.get(_DRAW_KEY) if ctx is not None else None
    if blocked is not None and drawn is not None:
        raise click.UsageError(f"--blocked {blocked} and blocked=random in the variant both draw squares: use one")
    if blocked is not None and variant.blocked:
        raise click.UsageError(f"--blocked {blocked} and a variant with blocked squares ({variant}): use one")
    return blocked if blocked is not None else drawn


def draw_option(blocked: Blocked) -> Optional[str]:
    """The option, as typed, that draws blocked squares for every game (``--blocked 2``,
    ``blocked=random in the variant``), for messages about the draw; None without a draw.
    ``blocked`` is what :func:`setup_variant` returned."""
    if blocked is None:
        return None
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.meta.get(_DRAW_KEY) is not None:
        count = "" if blocked == "random" else blocked
        return f"blocked=random{count} in the variant"
    return f"--blocked {blocked}"
