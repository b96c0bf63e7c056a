"""``polyreversi engine``: polyreversi as an NBoard or GTP engine on standard input and output."""
from __future__ import annotations

from typing import Optional

import click

from polyreversi._core import limits
from polyreversi.cli.arguments import FiniteFloatRange
from polyreversi.cli.numbers import WholeRange
from polyreversi.limit import MAX_DEPTH, MAX_TIME


@click.command("engine")
@click.option("--protocol", type=click.Choice(["nboard", "gtp"]), default="nboard", show_default=True,
              help="The protocol spoken on standard input and output.")
@click.option("--depth", type=WholeRange(1, MAX_DEPTH), default=None,
              help="Search depth when the front end gives no limit (GTP; NBoard sends 'set depth').")
@click.option("--time", "move_time", type=FiniteFloatRange(min=0, min_open=True, max=MAX_TIME), default=None,
              help="Seconds per move when the front end gives no limit.")
@click.option("--threads", type=WholeRange(0, limits.MAX_THREADS), default=1, show_default=True,
              help="Search threads (0: every core).")
def command(protocol: str, depth: Optional[int], move_time: Optional[float], threads: int) -> None:
    """Run polyreversi as an engine for NBoard (NBoard protocol 2) or for GTP front
    ends such as GoGui and Quarry; docs/engines.md lists the commands and
    polyreversi's extensions for variants the protocols cannot express.

    \b
    Examples:
      polyreversi engine                      # in NBoard: Engines > Add, command 'polyreversi engine'
      polyreversi engine --protocol gtp --time 2
    """
    from polyreversi.engine.living import LivingPlayer
    from polyreversi.search_player import SearchPlayer
    from polyreversi.time_control import EXACT_EMPTIES

    # at a fixed depth go/genmove solve where hint does, as NBoard engines do
    player = LivingPlayer(SearchPlayer(depth, move_time, threads=threads, exact_empties=EXACT_EMPTIES))
    if protocol == "nboard":
        from polyreversi.engine.serve_nboard import serve
    else:
        from polyreversi.engine.serve_gtp import serve
    # A Ctrl-C ends the command with status 130 (the group's rule); a go or hint searching in
    # a thread of its own is stopped before the interpreter ends (search_player's exit hook).
    try:
        serve(player=player)
    except BrokenPipeError:
        pass
