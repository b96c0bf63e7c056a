"""Whole-number option types of the commands, in ASCII digits. Light (click and
polyreversi._validate only): a command that reads records imports it without the engine."""
from __future__ import annotations

from typing import Any, Optional, Union

import click

from polyreversi._validate import is_digits, shown, too_many_digits


def _check_ascii_whole(param_type: Union[Whole, WholeRange], value: Any, param: Optional[click.Parameter],
                       ctx: Optional[click.Context]) -> None:
    """Refuses, in click's own words, text that is not ASCII digits with an optional sign:
    click's int() also reads ' 3', '1_000' and other scripts' digits ('３', '٣'), which no
    option means (as :func:`polyreversi._validate.is_digits` for the protocols); and more
    than :data:`polyreversi._validate.MAX_DIGITS` digits, out of any option's range (click
    would echo them all, and int() refuses 4300), the value cut (:func:`polyreversi._validate.shown`)."""
    if not isinstance(value, str):
        return
    digits = value[1:] if value[:1] in ("+", "-") else value
    if not is_digits(digits):
        param_type.fail(f"{shown(value)} is not a valid integer.", param, ctx)
    too_long = too_many_digits(value)
    if too_long is not None:
        bound = f" (the range is {param_type._describe_range()})" if isinstance(param_type, WholeRange) else ""
        param_type.fail(f"{too_long}: no option takes it{bound}.", param, ctx)


class Whole(click.types.IntParamType):
    """A whole-number option in ASCII digits (:func:`_check_ascii_whole`)."""

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> int:
        _check_ascii_whole(self, value, param, ctx)
        result: int = super().convert(value, param, ctx)
        return result


class WholeRange(click.IntRange):
    """A whole-number option in a range, in ASCII digits (:func:`_check_ascii_whole`)."""

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> int:
        _check_ascii_whole(self, value, param, ctx)
        result: int = super().convert(value, param, ctx)
        return result


#: Any whole number, in ASCII digits.
WHOLE = Whole()
