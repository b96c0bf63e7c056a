"""``polyreversi show``: a recorded game's board at any ply, as text or a picture."""
from __future__ import annotations

from typing import Optional

import click

from polyreversi._files import replace_file
from polyreversi.errors import PolyreversiError

from polyreversi.cli.common import board_for, color_name, make_console, status_line


def read_records(path: str, fmt: Optional[str] = None) -> list:
    """Every game record in a file, in any format :func:`polyreversi.formats.read` knows.

    Raises:
        click.ClickException: the file cannot be read, a game in it is bad, or it holds no game.
    """
    from polyreversi.formats import read

    try:
        records = read(path, fmt)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None
    if not records:
        raise click.ClickException(f"{path}: no game in this file")
    return records


def _write(path: str, writer) -> None:
    try:
        writer()
    except OSError as e:
        raise click.FileError(path, hint=e.strerror or str(e)) from None
    except ValueError as e:
        raise click.BadParameter(str(e)) from None


@click.command("show")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--ply", "-p", type=int, default=None,
              help="Show the board after K plies (0 = start; negative counts from the end; default: the end).")
@click.option("--game", "-g", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of the file (1 = the first).")
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl", "transcript", "ggf", "wthor"]), default=None,
              help="The file's format (default: from its extension).")
@click.option("--hints", is_flag=True, help="Mark the legal moves of the player to move.")
@click.option("--svg", "svg_out", type=click.Path(dir_okay=False), default=None, help="Write the board as SVG.")
@click.option("--png", "png_out", type=click.Path(dir_okay=False), default=None, help="Write the board as PNG.")
@click.option("--animate", "animate_out", type=click.Path(dir_okay=False), default=None,
              help="Write the whole game as an animated .svg or .gif.")
@click.option("--size", type=click.IntRange(min=16, max=4096), default=400, show_default=True,
              help="Width of the pictures in pixels.")
def command(file: str, ply, game: int, fmt, hints: bool, svg_out, png_out, animate_out, size: int) -> None:
    """Print a recorded game's board at any ply of FILE (JSON, JSON Lines or any
    format polyreversi reads: GGF, WTHOR, transcripts), and optionally save it as a picture.

    \b
    Examples:
      polyreversi show game.json
      polyreversi show games.jsonl --game 3 --ply 20 --hints
      polyreversi show game.json --svg board.svg --png board.png --animate game.gif
    """
    if animate_out and not animate_out.lower().endswith((".svg", ".gif")):
        raise click.BadParameter(f"{animate_out!r}: the name must end in .svg or .gif", param_hint="--animate")
    records = read_records(file, fmt)
    if game > len(records):
        raise click.BadParameter(f"{file} holds {len(records)} game{'s' if len(records) != 1 else ''}; "
                                 f"choose 1 to {len(records)}", param_hint="--game")
    record = records[game - 1]
    from polyreversi.replay import Replay

    try:
        replay = Replay(record)
    except PolyreversiError as e:
        raise click.ClickException(f"{file}, game {game}: {e}") from None
    plies = len(replay) - 1
    if ply is None:
        ply = plies
    elif not -(plies + 1) <= ply <= plies:
        raise click.BadParameter(f"{ply}: game {game} has plies 0 to {plies} (or -1 to -{plies + 1} from the end)",
                                 param_hint="--ply")
    state = replay[ply]
    k = state.ply - replay.initial.ply
    console = make_console()
    where = f"game {game} of {len(records)}: " if len(records) > 1 else ""
    console.print(f"{where}{record.variant}, {record.title()}, {plies} plies")
    moves = state.moves()
    last = ""
    if moves:
        before = replay[k - 1]
        what = "passed" if moves[-1] == state.PASS else f"played {state.variant.square_name(moves[-1])}"
        last = f": {color_name(before.to_move)} {what}"
    console.print(f"ply {k} of {plies}{last}")
    console.print(board_for(console, state, hints=hints))
    console.print(status_line(state))

    from polyreversi import svg as pictures

    if svg_out:
        text = pictures.svg(state, size=size, legal_moves=hints, flips=True) + "\n"
        _write(svg_out, lambda: replace_file(svg_out, text))
        console.print(f"SVG written to {svg_out}")
    if png_out:
        _write(png_out, lambda: pictures.png(state, png_out, size=size, legal_moves=hints, flips=True))
        console.print(f"PNG written to {png_out}")
    if animate_out:
        _write(animate_out, lambda: pictures.animate(list(replay), animate_out, size=size))
        console.print(f"Animation written to {animate_out}")
