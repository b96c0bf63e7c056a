"""``polyreversi show``: a recorded game's board at any ply, as text or a picture."""
from __future__ import annotations

import sys
from typing import Callable, Optional, Tuple

import click

from polyreversi._files import check_writable, is_stream, write_bytes
from polyreversi.errors import PolyreversiError
from polyreversi.formats import source_name
from polyreversi import svg as pictures

from polyreversi.cli.console import make_console, record_warnings_as_lines
from polyreversi.cli.input import entries_as_recorded, game_entry
from polyreversi.cli.numbers import WHOLE, WholeRange
from polyreversi.cli.output import check_replace, force_option, known_formats, output_error, writes_stdout
from polyreversi.cli.positions import position_at, print_position


def _check_picture(path: Optional[str], suffixes: Tuple[str, ...], flag: str, force: bool, streams: bool = True) -> None:
    """Refuses, before anything is read, a picture name whose extension is not the picture's
    type (``--png board.jpg``), a path that cannot be written and, unless ``force``, an
    existing picture (the rule of every output, :func:`check_replace`). ``-``, ``/dev/stdout``,
    pipes and devices (``streams``) are written as they are: they have no name to mislead a
    reader; ``--animate`` chooses its format by the extension, so it takes named files only."""
    if path is None or (streams and is_stream(path)):
        return
    if not path.lower().endswith(suffixes):
        raise click.BadParameter(f"{source_name(path)}: the name must end in {' or '.join(suffixes)}", param_hint=flag)
    why = check_writable(path)
    if why is not None:
        raise click.BadParameter(f"{source_name(path)}: {why}", param_hint=flag)
    check_replace(path, force, flag)


def _write(path: str, writer: Callable[[], object]) -> None:
    try:
        writer()
    except OSError as e:
        raise output_error(path, e) from None
    except ValueError as e:
        raise click.BadParameter(str(e)) from None


@click.command("show")
@click.argument("file")  # read (and a missing file named) as by every file command: formats.iter_games
@click.option("--ply", "-p", type=WHOLE, default=None,
              help="Show the board at ply K, the position's ply (0 = the standard start; a custom start "
                   "keeps its record's ply, as the status line says); negative counts from the end; "
                   "default: the end.")
@click.option("--game", "-g", type=WholeRange(min=1), default=1, show_default=True,
              help="Which game of the file (1 = the first).")
@click.option("--format", "fmt", default=None, metavar="FORMAT",
              help=f"The file's format: {known_formats()} (default: from its extension; needed for '-', "
                   "standard input).")
@click.option("--hints", is_flag=True, help="Mark the legal moves of the player to move.")
@click.option("--svg", "svg_out", default=None, metavar="FILE.svg", help="Write the board as SVG ('-': stdout).")
@click.option("--png", "png_out", default=None, metavar="FILE.png", help="Write the board as PNG ('-': stdout).")
@click.option("--animate", "animate_out", default=None, metavar="FILE.svg|FILE.gif",
              help="Write the whole game as an animated .svg or .gif.")
@click.option("--size", type=WholeRange(min=1, max=pictures.MAX_RASTER_SIZE), default=400, show_default=True,
              help="Width of the pictures in pixels.")
@force_option
def command(file: str, ply: Optional[int], game: int, fmt: Optional[str], hints: bool, svg_out: Optional[str],
            png_out: Optional[str], animate_out: Optional[str], size: int, force: bool) -> None:
    """Print a recorded game's board at any ply of FILE (any format polyreversi reads:
    JSON, JSON Lines, GGF, WTHOR, transcripts, Parquet, OBF positions), and optionally
    save it as a picture.

    \b
    Examples:
      polyreversi show game.json
      polyreversi show games.jsonl --game 3 --ply 20 --hints
      polyreversi show game.json --svg board.svg --png board.png --animate game.gif
    """
    _check_picture(svg_out, (".svg",), "--svg", force)
    _check_picture(png_out, (".png",), "--png", force)
    _check_picture(animate_out, (".svg", ".gif"), "--animate", force, streams=False)
    if svg_out and png_out and writes_stdout(svg_out) and writes_stdout(png_out):
        raise click.BadParameter("--svg and --png both write to standard output, where the two pictures would "
                                 "run together; give one of them a file", param_hint="--png")
    try:
        with record_warnings_as_lines():
            _, entries = entries_as_recorded(file, fmt)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None
    position = position_at(game_entry(entries, game, file).checked(), ply, game)  # an error is raised above
    console = make_console(stderr=any(writes_stdout(p) for p in (svg_out, png_out)))
    print_position(console, source_name(file), game, position, hints=hints)
    if position.illegal is not None:
        sys.exit(1)
    state = position.state

    if svg_out:
        text = pictures.svg(state, size=size, legal_moves=hints, flips=True) + "\n"
        _write(svg_out, lambda: write_bytes(svg_out, text))
        console.print(f"SVG written to {source_name(svg_out, writing=True)}")
    if png_out:
        _write(png_out, lambda: pictures.png(state, png_out, size=size, legal_moves=hints, flips=True))
        console.print(f"PNG written to {source_name(png_out, writing=True)}")
    if animate_out:
        replay = position.replay
        assert replay is not None  # the record replays: one with an illegal move exited above
        _write(animate_out, lambda: pictures.animate(list(replay), animate_out, size=size))
        console.print(f"Animation written to {source_name(animate_out, writing=True)}")


