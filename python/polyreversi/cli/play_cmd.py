"""``polyreversi play``: one game between built-in players or people."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional, Set, Tuple

import click

from polyreversi._core import Color
from polyreversi._status import exit_interrupted, stopped_by, terminate_as_interrupt
from polyreversi.errors import EngineTimeoutError, PolyreversiError, VariantError
from polyreversi.formats import source_name
from polyreversi.players import play_seeded_game, seeded_variant
from polyreversi.state import State
from polyreversi.variant import Variant

from polyreversi.vocabulary import color_name

from polyreversi.cli.arguments import (BLOCKED, BLOCKED_RANGE, PLAYED_VARIANT, PLAYED_VARIANT_HELP, SEED, fresh_seed, setup_variant,
                                       draw_option)
from polyreversi.cli.console import board_for, make_console
from polyreversi.cli.lines import move_line, result_line
from polyreversi.cli.output import check_out, force_option, known_extensions, known_formats, record_for, write_records, writes_stdout
from polyreversi.cli.seats import resolve_seats, seat_options, startup_hint, startup_timeout_option

if TYPE_CHECKING:
    from polyreversi.selfplay import Blocked

# -- the command --------------------------------------------------------------------

@click.command("play", epilog=PLAYED_VARIANT_HELP)
@click.argument("variant", type=PLAYED_VARIANT, default="8x8", required=False)
@seat_options(humans=True)
@click.option("--seed", type=SEED, default=None, help="Seed of the players and the blocked squares (default: new).")
@click.option("--blocked", type=BLOCKED, default=None, help=f"Block N ({BLOCKED_RANGE}) random squares, or 'random' ({BLOCKED_RANGE}).")
@click.option("--quiet", "-q", is_flag=True, help="Show only the final board, not the board after each move.")
@click.option("--hints", is_flag=True, help="Mark the legal moves of the player to move on the boards shown.")
@click.option("--out", "-o", default=None, metavar="FILE",
              help=f"Save the game record, in the format of its extension ({known_extensions()}; a format that "
                   "cannot hold the variant is refused before the game); '-' for standard output (then the boards "
                   "go to stderr). A game stopped early (end of input, Ctrl-C) is saved unfinished.")
@click.option("--to", "to_fmt", default=None, metavar="FORMAT",
              help=f"Format of --out: {known_formats()} (default: from its extension).")
@force_option
@startup_timeout_option(then="one that does not answer in time ends the game")
def command(variant: Variant, black: Optional[str], white: Optional[str], red: Optional[str], green: Optional[str],
            players: Optional[str], humans: Tuple[str, ...], seed: Optional[int], blocked: Blocked, quiet: bool,
            hints: bool, out: Optional[str], to_fmt: Optional[str], force: bool, startup_timeout: float) -> None:
    """Play one game of VARIANT (default 8x8) and print the boards and the result.

    Every seat is a random player unless set: --black greedy, --players greedy,random,
    --human white (you type moves such as f5; 'moves' lists the legal ones).

    \b
    Examples:
      polyreversi play
      polyreversi play 10x10 --black greedy --seed 7 --quiet
      polyreversi play octagon/4p --players greedy,random,random,greedy --blocked random
      polyreversi play octagon/3p --players mcts:2000,greedy,greedy --quiet
      polyreversi play --human black --out game.json
    """
    blocked = setup_variant(variant, blocked)
    names = resolve_seats(variant, {"black": black, "white": white, "red": red, "green": green}, players, humans)
    fmt = check_out(out, 1, variant, to_fmt, force=force, draw=draw_option(blocked))
    seed = fresh_seed(seed)
    try:
        variant = seeded_variant(variant, seed, blocked)
    except VariantError as e:
        raise click.UsageError(str(e)) from None
    to_stdout = writes_stdout(out)
    console = make_console(stderr=to_stdout)
    colors = list(Color)[: variant.players]
    seats = ", ".join(f"{color_name(c)} {n}" for c, n in zip(colors, names))
    console.print(f"{variant}: {seats}; seed {seed}")
    has_human = "human" in names

    def human_next(state: State) -> bool:
        return not state.is_over() and names[int(state.to_move) - 1] == "human"

    start = variant.start()
    latest = [start]
    moved: Set[Color] = set()  # the colours that have made a move: an engine timing out before its first did not start in time
    if not quiet:
        console.print(board_for(console, start, hints=hints or names[0] == "human"))
    elif human_next(start):  # nothing was shown: the person needs to see the board
        console.print(board_for(console, start, hints=True))

    def on_move(state: State, move: int) -> None:
        latest[0] = state.copy()
        before = state.copy()
        before.undo()
        moved.add(before.to_move)
        if quiet and has_human:  # the person sees the other players' moves, not every board
            console.print(move_line(before, move))
            if human_next(state):
                console.print(board_for(console, state, hints=True))
        elif not quiet:
            console.print()
            console.print(move_line(before, move))
            console.print(board_for(console, state, hints=hints or human_next(state)))

    try:
        with terminate_as_interrupt():  # `kill` and `timeout` stop it as Ctrl-C does: the record is saved
            final = play_seeded_game(variant, names, seed, on_move=on_move, startup_timeout=startup_timeout, input=sys.stdin,
                                     output=sys.stderr if to_stdout else sys.stdout, errors=sys.stderr)
    except (EOFError, KeyboardInterrupt) as e:
        sys.stdout.flush()
        if out:
            write_records(out, [record_for(latest[0], names, seed=seed)], fmt)
            console.print(f"Unfinished record saved to {source_name(out, writing=True)}")
        if isinstance(e, KeyboardInterrupt):  # as selfplay and match: say what was kept, then 128 + the signal
            click.echo(f"Interrupted ({stopped_by()}) at ply {latest[0].ply}; the game is unfinished", err=True)
            exit_interrupted()
        raise click.ClickException(f"{e}; game abandoned") from None
    except EngineTimeoutError as e:
        hint = f" ({startup_hint(startup_timeout)})" if latest[0].to_move not in moved else ""
        raise click.ClickException(f"{e}{hint}") from None
    except PolyreversiError as e:  # a player returned an illegal move: a bug worth a clear message
        raise click.ClickException(str(e)) from None
    if quiet:
        console.print(board_for(console, final, hints=False))
    console.print(result_line(final))
    if out:
        write_records(out, [record_for(final, names, seed=seed)], fmt)
        console.print(f"Record saved to {source_name(out, writing=True)}")
