"""``polyreversi perft``: count the leaves of the game tree (RULES.md §9)."""
from __future__ import annotations

import time

import click

from polyreversi.state import perft, perft_divide

from polyreversi.cli.common import VARIANT, VARIANT_HELP, make_console


@click.command("perft", epilog=VARIANT_HELP)
@click.argument("variant", type=VARIANT)
@click.argument("depth", type=click.IntRange(min=0, max=60))
@click.option("--divide", is_flag=True, help="Also print the leaves under each first move.")
def command(variant, depth: int, divide: bool) -> None:
    """Count the leaves DEPTH plies below the start of VARIANT (a forced pass is a
    ply, a finished game one leaf). The figure goes to stdout, the time to stderr.

    \b
    Examples:
      polyreversi perft 8x8 8
      polyreversi perft octagon/4p 5 --divide
    """
    console = make_console()
    start = variant.start()
    began = time.perf_counter()
    if divide:
        if depth == 0:
            raise click.BadParameter("--divide needs a depth of 1 or more", param_hint="DEPTH")
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
