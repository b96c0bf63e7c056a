"""``polyreversi perft``: count the leaves of the game tree (RULES.md §9)."""
from __future__ import annotations

import re
import time
from typing import List

import click

from polyreversi.state import checked_perft_depth, perft, perft_divide
from polyreversi.variant import Variant

from polyreversi.cli.arguments import VARIANT, VARIANT_HELP
from polyreversi.cli.console import make_console
from polyreversi.cli.numbers import WHOLE


class _NegativeDepth(click.Command):
    """Reads ``perft 8x8 -1`` as DEPTH -1, for the range check to refuse, where click takes
    ``-1`` for an unknown option; a real unknown option (``--bogus``) stays an error."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        if "--" not in args:  # after "--", a negative DEPTH is an argument already
            numbers = [a for a in args if re.fullmatch(r"-\d+", a)]
            if numbers:
                args = [a for a in args if a not in numbers] + ["--", *numbers]
        return super().parse_args(ctx, args)


@click.command("perft", cls=_NegativeDepth, epilog=VARIANT_HELP)
@click.argument("variant", type=VARIANT)
@click.argument("depth", type=WHOLE)
@click.option("--divide", is_flag=True, help="Also print the leaves under each first move.")
def command(variant: Variant, depth: int, divide: bool) -> None:
    """Count the leaves DEPTH plies below the start of VARIANT (a forced pass is a
    ply, a finished game one leaf). DEPTH is 0 up to the longest game of VARIANT
    (its empty squares, twice that with two players: a pass before each move at
    most); deeper, the count cannot change. The figure goes to stdout, the time to stderr.

    \b
    Examples:
      polyreversi perft 8x8 8
      polyreversi perft octagon/4p 5 --divide
    """
    console = make_console()
    start = variant.start()
    try:  # the core owns the range (perft_max_depth; from 1 to divide) and why; the facade words it
        checked_perft_depth(start, depth, divide=divide)
    except ValueError as e:
        raise click.BadParameter(str(e).replace(": ", " ", 1), param_hint="DEPTH") from None  # "depth must be ..."
    began = time.perf_counter()
    if divide:
        counts = perft_divide(start, depth)
        for move, leaves in counts.items():
            console.print(f"{variant.square_name(move):<5} {leaves}")
        total = sum(counts.values()) if counts else perft(start, depth)
    else:
        total = perft(start, depth)
    seconds = time.perf_counter() - began
    console.print(f"perft({depth}) of {variant}: {total}")
    rate = f", {total / seconds / 1e6:.1f} M leaves/s" if seconds > 0 else ""
    click.echo(f"{seconds:.3f} s{rate}", err=True)

