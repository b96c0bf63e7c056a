"""``polyreversi engine``: polyreversi as an NBoard or GTP engine on standard input and output."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import click

from polyreversi._core import limits
from polyreversi.cli.arguments import FiniteFloatRange
from polyreversi.limit import MAX_DEPTH, MAX_TIME

if TYPE_CHECKING:
    from polyreversi.search_player import SearchPlayer


@click.command("engine")
@click.option("--protocol", type=click.Choice(["nboard", "gtp"]), default="nboard", show_default=True,
              help="The protocol spoken on standard input and output.")
@click.option("--depth", type=click.IntRange(1, MAX_DEPTH), default=None,
              help="Search depth when the front end gives no limit (GTP; NBoard sends 'set depth').")
@click.option("--time", "move_time", type=FiniteFloatRange(min=0, min_open=True, max=MAX_TIME), default=None,
              help="Seconds per move when the front end gives no limit.")
@click.option("--threads", type=click.IntRange(0, limits.MAX_THREADS), default=1, show_default=True,
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

    player = LivingPlayer(SearchPlayer(depth, move_time, threads=threads))
    if protocol == "nboard":
        from polyreversi.engine.serve_nboard import serve
    else:
        from polyreversi.engine.serve_gtp import serve
    try:
        serve(player=player)
    except BrokenPipeError:
        pass
    except KeyboardInterrupt:
        # A go or hint searches in a thread of its own: stop it and let it end before the
        # interpreter does (a C++ search still running at exit aborts the process); then
        # the group's Ctrl-C exit status, 130.
        _stop_searches(player.player)
        raise


def _stop_searches(player: SearchPlayer, wait: float = 5.0) -> None:
    """Stops the player's search and waits up to ``wait`` seconds for the threads that run
    searches to end (a search begins by clearing the stop, so it is asked again)."""
    import threading
    import time

    deadline = time.monotonic() + wait
    for thread in threading.enumerate():
        if thread.name not in ("polyreversi-search", "polyreversi-analysis"):
            continue
        while thread.is_alive() and time.monotonic() < deadline:
            player.stop()
            thread.join(0.05)
