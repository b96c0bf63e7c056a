"""``polyreversi selfplay``: many games between built-in players, with win rates and speed."""
from __future__ import annotations

import contextlib
import time
from typing import List, Optional

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from polyreversi._status import exit_interrupted, terminate_as_interrupt
from polyreversi._core import Color
from polyreversi.errors import PolyreversiError, VariantError
from polyreversi.formats import source_name
from polyreversi.formats.writer import signals_deferred
from polyreversi.bulk import MAX_GAMES
from polyreversi.selfplay import Blocked, Tally, finished_games
from polyreversi.variant import Variant

from polyreversi.players import COMPUTER_PLAYERS, series_openings
from polyreversi.vocabulary import color_name

from polyreversi.cli.arguments import (BLOCKED, BLOCKED_RANGE, PLAYED_VARIANT, PLAYED_VARIANT_HELP, SEED, draw_option,
                                       fresh_seed, setup_variant)
from polyreversi.cli.console import make_console, record_warnings_as_lines
from polyreversi.cli.lines import count_of
from polyreversi.cli.numbers import WholeRange
from polyreversi.cli.output import (check_out, force_option, known_extensions, known_formats, open_games, record_for,
                                    writes_stdout)
from polyreversi.cli.seats import resolve_seats, seat_options


@click.command("selfplay", epilog=PLAYED_VARIANT_HELP)
@click.argument("variant", type=PLAYED_VARIANT, default="8x8", required=False)
@click.option("--games", "-n", type=WholeRange(min=1, max=MAX_GAMES), default=100, show_default=True,
              help=f"How many games (at most {MAX_GAMES:,}, as polyreversi.play_games).")
@seat_options(humans=False)
@click.option("--seed", type=SEED, default=None, help="Master seed: the same seed plays the same games.")
@click.option("--blocked", type=BLOCKED, default=None, help=f"Block N ({BLOCKED_RANGE}) or 'random' squares, drawn anew per game.")
@click.option("--out", "-o", default=None, metavar="FILE",
              help=f"Write every game's record as it ends, in the format of its extension ({known_extensions()}; a "
                   "format that cannot hold the variant or many games is refused before the first game); '-' for "
                   "standard output (then the summary goes to stderr). Ctrl-C keeps the finished games.")
@click.option("--to", "to_fmt", default=None, metavar="FORMAT",
              help=f"Format of --out: {known_formats()} (default: from its extension).")
@force_option
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when a terminal).")
@click.option("--ray", "ray_address", default=None, is_flag=False, flag_value="local", metavar="auto|ADDRESS",
              help="Play on Ray: a local Ray without a value, 'auto' or an address for a cluster. "
                   "The same seed plays the same games; --out NAME.parquet is then a folder of shards.")
def command(variant: Variant, games: int, black: Optional[str], white: Optional[str], red: Optional[str],
            green: Optional[str], players: Optional[str], seed: Optional[int], blocked: Blocked,
            out: Optional[str], to_fmt: Optional[str], force: bool, progress: Optional[bool],
            ray_address: Optional[str]) -> None:
    """Play many games of VARIANT (default 8x8) between built-in players and print
    win rates and speed. Each game's record is written to --out as the game ends;
    Ctrl-C (or SIGTERM) stops the run and keeps every finished game in a valid file.

    \b
    Examples:
      polyreversi selfplay --games 1000 --black greedy
      polyreversi selfplay octagon/4p -n 200 --players greedy,random,random,random --out games.jsonl
      polyreversi selfplay 10x10/anti --blocked random --seed 1 -n 50
      polyreversi selfplay 8x8/4p -n 20 --players mcts:300,greedy,greedy,greedy
    """
    blocked = setup_variant(variant, blocked)
    names = resolve_seats(variant, {"black": black, "white": white, "red": red, "green": green}, players,
                          allowed=COMPUTER_PLAYERS)
    if ray_address is not None:  # refused before the run starts, as the other options
        from polyreversi.distributed import ray_module

        try:
            ray_module()
        except ImportError as e:
            raise click.ClickException(str(e)) from None
    if ray_address is not None and out is not None:
        from polyreversi.cli.ray_out import check_shards_out

        check_shards_out(out, to_fmt, force)
    else:
        fmt = check_out(out, games, variant, to_fmt, force=force, draw=draw_option(blocked))
    seed = fresh_seed(seed)
    console = make_console(stderr=writes_stdout(out))
    err = make_console(stderr=True)
    colors = list(Color)[: variant.players]
    seats = ", ".join(f"{color_name(c)} {n}" for c, n in zip(colors, names))
    extra = f", blocked {blocked} per game" if blocked is not None else ""
    console.print(f"{games} games of {variant}{extra}: {seats}; seed {seed}")
    openings = series_openings(variant, names, blocked)
    if openings:
        from polyreversi.match.openings import RANDOM_PLIES, builtin_path

        kind = "balanced opening" if builtin_path(variant) else f"random {RANDOM_PLIES}-ply opening"
        again = f"; games past the {len(openings)}th repeat them" if games > len(openings) else ""
        console.print(f"No seat draws from the seed (the same moves in the same positions): game k starts from "
                      f"{kind} k of {len(openings)}, as in match{again}")

    tally = Tally(variant.players)
    show_bar = err.is_terminal if progress is None else progress
    bar = Progress(TextColumn("selfplay"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=err, disable=not show_bar, transient=True)
    started = time.perf_counter()
    not_playing = 0.0
    interrupted = False
    writer = open_games(out, fmt) if out is not None and ray_address is None else None
    try:
        with record_warnings_as_lines(), terminate_as_interrupt(), writer or contextlib.nullcontext(), bar:
            task = bar.add_task("games", total=games)
            if ray_address is not None:
                from polyreversi.cli.ray_out import run_on_ray
                from polyreversi.distributed import merge

                shards: List[Tally] = []  # the finished shards' tallies, kept if the run is stopped

                def on_shard(shard: Tally) -> None:
                    shards.append(shard)
                    bar.advance(task, shard.games)

                try:
                    tally = run_on_ray(variant, names, games, seed, blocked, out, ray_address, on_shard)
                except KeyboardInterrupt:
                    tally = merge(shards, variant.players)
                    raise
            else:
                for state in finished_games(variant, names, games, seed, blocked):
                    # Ctrl-C here: the game is both counted and written, or neither
                    with signals_deferred() if writer is not None else contextlib.nullcontext():
                        if writer is not None:
                            before = time.perf_counter()
                            writer.add(record_for(state, names))
                            not_playing += time.perf_counter() - before
                        tally.add(state)
                    bar.advance(task)
    except KeyboardInterrupt:
        interrupted = True
    except VariantError as e:
        raise click.UsageError(str(e)) from None
    except PolyreversiError as e:  # the output could not be written (the message names it)
        raise click.ClickException(str(e)) from None
    seconds = time.perf_counter() - started - not_playing  # the games only, not the records or the writer
    for line in tally.lines(seconds):
        console.print(line)
    if interrupted:
        kept = ""
        if writer is not None and out is not None:
            kept = f"; {count_of(writer.games, 'finished game')} written to {source_name(out, writing=True)}"
        if ray_address is not None and out is not None:
            kept = f"; the finished shards ({count_of(tally.games, 'game')}) are in {out}"
        console.print(f"Interrupted after {count_of(tally.games, 'game')} of {games:,}{kept}")
        exit_interrupted()
    if out:
        console.print(f"Records written to {source_name(out, writing=True)}")


