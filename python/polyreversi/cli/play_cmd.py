"""``polyreversi play``: one game between built-in players or people.

This module also holds the pieces the other game commands share: the VARIANT
argument, the seat options, the board as terminal text, the result line and
record writing.
"""
from __future__ import annotations

import os

import random
import sys
from typing import Callable, Optional, Sequence

import click
from rich.console import Console
from rich.text import Text

from polyreversi._core import Color
from polyreversi.errors import PolyreversiError, VariantError
from polyreversi.players import (COMPUTER_PLAYERS, PLAYER_NAMES, PLAYER_SPEC_HELP, HumanPlayer, check_player_spec,
                                 make_player, play_game, seeded_variant)
from polyreversi.state import State
from polyreversi.text import board_text
from polyreversi.variant import Variant

COLOR_WORDS = ("black", "white", "red", "green")

VARIANT_HELP = (
    "VARIANT is BOARD[/3p|/4p][/anti][/free][/handicap=K[w]][/blocked=SQ,SQ], where BOARD is 6x6, 8x8, "
    "10x10 or octagon; e.g. 8x8, 10x10/anti, octagon/4p/blocked=b7,i3."
)


# -- arguments shared by the game commands ----------------------------------------

class VariantParam(click.ParamType):
    """A variant in its short text form (``octagon/4p/anti``)."""

    name = "variant"

    def convert(self, value, param, ctx):
        if isinstance(value, Variant):
            return value
        try:
            return Variant.parse(value)
        except VariantError as e:
            self.fail(str(e), param, ctx)


class BlockedParam(click.ParamType):
    """``random`` (1-4 squares) or a count 1-4 of blocked squares drawn from the seed."""

    name = "N|random"

    def convert(self, value, param, ctx):
        if isinstance(value, int) or value == "random":
            return value
        text = str(value).strip().lower()
        if text == "random":
            return "random"
        if text.isdigit() and 1 <= int(text) <= 4:
            return int(text)
        self.fail(f"{value!r}: expected a count from 1 to 4, or 'random'", param, ctx)


class PlayerParam(click.ParamType):
    """A seat spec (``greedy``, ``search:6``, ``mcts:time=1``), checked by
    :func:`polyreversi.players.check_player_spec`."""

    name = "player"

    def __init__(self, allowed: Sequence[str] = PLAYER_NAMES) -> None:
        self.allowed = tuple(allowed)

    def convert(self, value, param, ctx):
        try:
            return check_player_spec(value, self.allowed)
        except (ValueError, TypeError) as e:
            self.fail(str(e), param, ctx)


VARIANT = VariantParam()
BLOCKED = BlockedParam()
PLAYER_CHOICE = PlayerParam(PLAYER_NAMES)


def seat_options(humans: bool = True) -> Callable:
    """Adds ``--black``, ``--white``, ``--red``, ``--green`` and ``--players`` to a command
    (and ``--human`` when ``humans``)."""
    choice = PLAYER_CHOICE if humans else PlayerParam(COMPUTER_PLAYERS)

    def decorate(f):
        # click lists options in decorator order: the last applied comes first
        if humans:
            f = click.option("--human", "humans", multiple=True, metavar="COLOR",
                             type=click.Choice(COLOR_WORDS, case_sensitive=False),
                             help="A person plays this colour from the terminal (repeatable).")(f)
        f = click.option("--players", "players", default=None, metavar="P1,P2,...",
                         help="All seats in turn order, e.g. random,greedy or search:6,mcts:2000 or "
                              "greedy,random,random,mcts:time=1.")(f)
        for word in reversed(COLOR_WORDS):
            f = click.option(f"--{word}", word, type=choice, default=None, metavar="PLAYER",
                             help=f"{word.title()}'s player: {PLAYER_SPEC_HELP} (default random).")(f)
        return f

    return decorate


def resolve_seats(variant: Variant, seats: dict, players: Optional[str], humans: Sequence[str] = (),
                  allowed: Sequence[str] = PLAYER_NAMES) -> list:
    """The player name of each colour in turn order, from the seat options.

    Raises:
        click.UsageError: a seat the variant does not have, --players with the wrong count
            or an unknown name, or --players together with a colour option.
    """
    colors = COLOR_WORDS[: variant.players]
    given = {w: v for w, v in seats.items() if v is not None}
    for word in given:
        if word not in colors:
            raise click.UsageError(f"--{word}: {variant} has {variant.players} players ({', '.join(colors)})")
    for word in humans:
        word = word.lower()
        if word not in colors:
            raise click.UsageError(f"--human {word}: {variant} has {variant.players} players ({', '.join(colors)})")
        if given.get(word, "human") != "human":
            raise click.UsageError(f"--human {word} and --{word} {given[word]} name two players for one seat")
    if players is not None:
        if given:
            raise click.UsageError("--players and --" + "/--".join(given) + " both set seats; use one or the other")
        names = [p.strip().lower() for p in players.split(",")]
        if len(names) != variant.players:
            raise click.UsageError(f"--players: {variant} has {variant.players} players ({', '.join(colors)}), "
                                   f"got {len(names)} name{'s' if len(names) != 1 else ''}: {players!r}")
    else:
        names = [str(given.get(w, "random")).lower() for w in colors]
    try:
        names = [check_player_spec(name, allowed, variant.players) for name in names]
    except (ValueError, TypeError) as e:
        raise click.UsageError(f"--players: {e}" if players is not None else str(e)) from None
    for word in humans:
        names[colors.index(word.lower())] = "human"
    return names


def fresh_seed(seed: Optional[int]) -> int:
    """``seed``, or a new one from the OS (printed so the game can be repeated)."""
    return seed if seed is not None else random.SystemRandom().randrange(2**32)


def setup_variant(variant: Variant, blocked) -> None:
    """Checks that --blocked can apply to ``variant``.

    Raises:
        click.UsageError: the variant already lists blocked squares.
    """
    if blocked is not None and variant.blocked:
        raise click.UsageError(f"--blocked {blocked} and a variant with blocked squares ({variant}): use one")


def variant_for_check(variant: Variant, blocked) -> Variant:
    """The variant the games will have, as far as a file format cares: with
    --blocked, some blocked squares."""
    return variant if blocked is None else variant.with_random_blocked(seed=0, count=1)


# -- what is shown ------------------------------------------------------------------

TERMINAL_GLYPHS = {0: ("·", "green3 on dark_green"), 1: ("●", "black on dark_green"),
                   2: ("●", "bright_white on dark_green"), 3: ("●", "red1 on dark_green"),
                   4: ("●", "chartreuse1 on dark_green"), 5: ("●", "grey50 on dark_green"),
                   -1: ("#", "grey35 on grey11"), -2: (" ", "")}


def board_for(console: Console, state: State, *, hints: bool = False, last: bool = True):
    """The board for ``console``: coloured disks on a terminal, the plain text of
    :func:`polyreversi.text.board_text` otherwise (``*`` marks legal moves with ``hints``)."""
    if not console.is_terminal or console.no_color:
        return Text(board_text(state, hints=hints))
    grid = state.board()
    n = grid.shape[0]
    legal = set(state.legal_moves()) if hints else set()
    moves = state.moves()
    last_sq = moves[-1] if (last and moves and moves[-1] != state.PASS) else None
    text = Text()
    text.append("   " + " ".join(chr(ord("a") + c) for c in range(n)) + "\n", style="dim")
    for r in range(n):
        text.append(f"{r + 1:>2} ", style="dim")
        for c in range(n):
            sq = r * n + c
            code = int(grid[r, c])
            char, style = TERMINAL_GLYPHS[code]
            if sq in legal:
                char, style = "∙", f"{COLOR_STYLE[int(state.to_move)]} on dark_green"
            if sq == last_sq:
                style = style.replace("on dark_green", "on green4") + " bold"
            text.append(char, style=style)
            if c + 1 < n:  # the gap between two squares is board, beside a cut-out it is not
                on_board = code != -2 and int(grid[r, c + 1]) != -2
                text.append(" ", style="on dark_green" if on_board else "")
        text.append("\n")
    text.rstrip()
    return text


COLOR_STYLE = {1: "black", 2: "bright_white", 3: "red1", 4: "chartreuse1", 5: "grey50"}
NAME_STYLE = {1: "bold", 2: "bold", 3: "bold red1", 4: "bold chartreuse1"}


def color_name(color) -> str:
    """``Color.RED`` -> ``"Red"``."""
    return Color(int(color)).name.title()


def result_line(state: State) -> str:
    """``"Game over after 60 plies: Black 30, White 34. White wins."`` (or a draw; for an
    unfinished state, the scores so far)."""
    colors = list(Color)[: state.variant.players]
    scores = ", ".join(f"{color_name(c)} {s}" for c, s in zip(colors, state.scores()))
    if not state.is_over():
        return f"Stopped after {state.ply} plies: {scores}."
    winners = state.winners()
    if len(winners) == 1:
        verdict = f"{color_name(winners[0])} wins"
    else:
        verdict = "Draw between " + " and ".join(color_name(c) for c in winners)
    rule = " (Anti-Reversi: fewest disks win)" if state.variant.anti else ""
    return f"Game over after {state.ply} plies: {scores}. {verdict}{rule}."


def status_line(state: State) -> str:
    """:func:`result_line` once the game is over, else ``"Ply 12, Red to move: Black 5, ..."``."""
    if state.is_over():
        return result_line(state)
    colors = list(Color)[: state.variant.players]
    scores = ", ".join(f"{color_name(c)} {s}" for c, s in zip(colors, state.scores()))
    return f"Ply {state.ply}, {color_name(state.to_move)} to move: {scores}."


def move_line(before: State, move: int) -> str:
    """``"12. Red e7, 3 flips"`` for the move about to be played on ``before``."""
    who = color_name(before.to_move)
    if move == before.PASS:
        return f"{before.ply + 1}. {who} passes"
    flips = len(before.flips(move))
    detail = f"{flips} flip{'s' if flips != 1 else ''}" if flips else "placement, no flip"
    return f"{before.ply + 1}. {who} {before.variant.square_name(move)}, {detail}"


def make_console(stderr: bool = False) -> Console:
    """A rich Console on stdout (or stderr): colours on a terminal, plain text when piped."""
    return Console(stderr=stderr, highlight=False, soft_wrap=True)


# -- records ------------------------------------------------------------------------

def check_out(path: Optional[str], games: int = 1, variant: Optional[Variant] = None) -> Optional[str]:
    """Checks before any game is played that records can be written to ``path`` in the
    format its extension names (``.json`` one game, ``.jsonl`` many, ``.ggf``, ``.txt``):
    the folder exists and is writable, and the format can hold games of ``variant``.

    Returns the format name, or None without a path.

    Raises:
        click.BadParameter: an unknown or read-only extension, ``.json`` for many games,
            a missing or read-only folder, a variant the format cannot express.
    """
    if path is None:
        return None
    from polyreversi.formats import WRITABLE, check_expressible, detect_format

    try:
        fmt = detect_format(path)
    except PolyreversiError as e:
        raise click.BadParameter(str(e), param_hint="--out") from None
    if fmt not in WRITABLE:
        raise click.BadParameter(f"{path}: {fmt} files cannot be written; use one of "
                                 f"{', '.join(WRITABLE)}", param_hint="--out")
    if fmt == "json" and games > 1:
        raise click.BadParameter(f"{path}: a .json file holds one game; use .jsonl for {games} games",
                                 param_hint="--out")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.BadParameter(f"{path}: the folder {folder} does not exist", param_hint="--out")
    if not os.access(folder, os.W_OK):
        raise click.BadParameter(f"{path}: the folder {folder} is not writable", param_hint="--out")
    if os.path.isdir(path):
        raise click.BadParameter(f"{path} is a folder", param_hint="--out")
    if variant is not None:
        try:
            check_expressible(variant, fmt)
        except PolyreversiError as e:
            raise click.BadParameter(str(e), param_hint="--out") from None
    return fmt


def record_for(state: State, names: Sequence[str], **meta):
    """The game record of a played state (:func:`polyreversi.record.record_of`), with the
    players' names and the metadata given."""
    from polyreversi.record import record_of

    return record_of(state, players=list(names), **meta)


def write_records(path: str, records: Sequence) -> None:
    """Writes records to ``path`` in the format of its extension (:func:`polyreversi.formats.write`).

    Raises:
        click.ClickException: the file cannot be written, or the format cannot express a
            game (e.g. GGF and a 4-player game); the message names the file.
    """
    from polyreversi.formats import write

    try:
        write(path, records)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None


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
      polyreversi play octagon/3p --players mcts:2000,greedy,greedy --quiet
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
