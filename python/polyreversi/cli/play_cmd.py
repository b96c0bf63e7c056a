"""``polyreversi play``: one game between built-in players or people."""
from __future__ import annotations

import sys

import click

from polyreversi._core import Color
from polyreversi.errors import PolyreversiError, VariantError
from polyreversi.players import HumanPlayer, make_player, play_game, seeded_variant
from polyreversi.state import State
from polyreversi.variant import Variant

from polyreversi.cli.common import (
    BLOCKED,
    VARIANT,
    VARIANT_HELP,
    board_for,
    check_out,
    color_name,
    fresh_seed,
    make_console,
    move_line,
    record_for,
    resolve_seats,
    result_line,
    seat_options,
    setup_variant,
    variant_for_check,
    write_records,
)

# -- the command --------------------------------------------------------------------

@click.command("play", epilog=VARIANT_HELP)
@click.argument("variant", type=VARIANT, default="8x8", required=False)
@seat_options(humans=True)
@click.option("--seed", type=int, default=None, help="Seed of the players and the blocked squares (default: new).")
@click.option("--blocked", type=BLOCKED, default=None, help="Block N (1-4) random squares, or 'random' (1-4).")
@click.option("--quiet", "-q", is_flag=True, help="Show only the final board, not the board after each move.")
@click.option("--hints", is_flag=True, help="Mark the legal moves of the player to move on the boards shown.")
@click.option("--out", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Save the game record: .json, .jsonl, .ggf (2 players) or .txt (a transcript).")
def command(variant: Variant, black, white, red, green, players, humans, seed, blocked, quiet, hints, out) -> None:
    """Play one game of VARIANT (default 8x8) and print the boards and the result.

    Every seat is a random player unless set: --black greedy, --players greedy,random,
    --human white (you type moves such as f5; 'moves' lists the legal ones).

    \b
    Examples:
      polyreversi play
      polyreversi play 10x10 --black greedy --seed 7 --quiet
      polyreversi play octagon/4p --players greedy,random,random,greedy --blocked random
      polyreversi play --human black --out game.json
    """
    setup_variant(variant, blocked)
    names = resolve_seats(variant, {"black": black, "white": white, "red": red, "green": green}, players, humans)
    check_out(out, 1, variant_for_check(variant, blocked))
    seed = fresh_seed(seed)
    try:
        variant = seeded_variant(variant, seed, blocked)
    except VariantError as e:
        raise click.UsageError(str(e)) from None
    console = make_console()
    colors = list(Color)[: variant.players]
    seats = ", ".join(f"{color_name(c)} {n}" for c, n in zip(colors, names))
    console.print(f"{variant}: {seats}; seed {seed}")
    has_human = "human" in names

    start = variant.start()
    if not quiet:
        console.print(board_for(console, start, hints=hints or names[0] == "human"))

    def on_move(state: State, move: int) -> None:
        before = state.copy()
        before.undo()
        if quiet and has_human:  # the person sees the other players' moves, not every board
            console.print(move_line(before, move))
        elif not quiet:
            console.print()
            console.print(move_line(before, move))
            next_human = not state.is_over() and names[int(state.to_move) - 1] == "human"
            console.print(board_for(console, state, hints=hints or next_human))

    human = HumanPlayer(input=sys.stdin, output=sys.stdout, errors=sys.stderr)

    def human_seat(state: State) -> int:
        if quiet:  # nothing was shown: the person needs to see the board
            console.print(board_for(console, state, hints=True))
        return human.choose(state)

    import random

    rng = random.Random(seed)
    seat_players = []
    for name in names:
        player_seed = rng.getrandbits(63)  # drawn for every seat, so seeds do not shift with humans
        seat_players.append(human_seat if name == "human" else make_player(name, seed=player_seed))
    try:
        final = play_game(variant, seat_players, on_move=on_move)
    except EOFError as e:
        sys.stdout.flush()
        raise click.ClickException(f"{e}; game abandoned") from None
    except PolyreversiError as e:  # a player returned an illegal move: a bug worth a clear message
        raise click.ClickException(str(e)) from None
    if quiet:
        console.print(board_for(console, final, hints=False))
    console.print(result_line(final))
    if out:
        write_records(out, [record_for(final, names, seed=seed)])
        console.print(f"Record saved to {out}")
