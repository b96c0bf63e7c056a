"""``polyreversi selfplay``: many games between built-in players, with win rates and speed."""
from __future__ import annotations

import time
from typing import Iterator, Optional, Sequence

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from polyreversi._core import Color
from polyreversi.errors import VariantError
from polyreversi.bulk import MAX_GAMES
from polyreversi.selfplay import Tally, finished_games
from polyreversi.variant import Variant

from polyreversi.cli.common import (
    SEED,
    COMPUTER_PLAYERS,
    BLOCKED,
    VARIANT,
    VARIANT_HELP,
    color_name,
    fresh_seed,
    make_console,
    check_out,
    record_for,
    resolve_seats,
    seat_options,
    setup_variant,
    variant_for_check,
    write_records,
    writes_stdout,
)


@click.command("selfplay", epilog=VARIANT_HELP)
@click.argument("variant", type=VARIANT, default="8x8", required=False)
@click.option("--games", "-n", type=click.IntRange(min=1, max=MAX_GAMES), default=100, show_default=True,
              help=f"How many games (at most {MAX_GAMES:,}, as polyreversi.play_games).")
@seat_options(humans=False)
@click.option("--seed", type=SEED, default=None, help="Master seed: the same seed plays the same games.")
@click.option("--blocked", type=BLOCKED, default=None, help="Block N (1-4) or 'random' squares, drawn anew per game.")
@click.option("--out", "-o", default=None, metavar="FILE",
              help="Write every game's record: .jsonl, .parquet, or .ggf / .txt for 2 players; '-' for standard output "
                   "(then the summary goes to stderr).")
@click.option("--to", "to_fmt", default=None, metavar="FORMAT",
              help="Format of --out: jsonl, ggf, transcript (default: from its extension).")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when a terminal).")
@click.option("--ray", "ray_address", default=None, is_flag=False, flag_value="local", metavar="auto|ADDRESS",
              help="Play on Ray: a local Ray without a value, 'auto' or an address for a cluster. "
                   "The same seed plays the same games; --out NAME.parquet is then a folder of shards.")
def command(variant: Variant, games: int, black, white, red, green, players, seed: Optional[int], blocked,
            out: Optional[str], to_fmt: Optional[str], progress: Optional[bool], ray_address: Optional[str]) -> None:
    """Play many games of VARIANT (default 8x8) between built-in players and print
    win rates and speed.

    \b
    Examples:
      polyreversi selfplay --games 1000 --black greedy
      polyreversi selfplay octagon/4p -n 200 --players greedy,random,random,random --out games.jsonl
      polyreversi selfplay 10x10/anti --blocked random --seed 1 -n 50
      polyreversi selfplay 8x8/4p -n 20 --players mcts:300,greedy,greedy,greedy
    """
    setup_variant(variant, blocked)
    names = resolve_seats(variant, {"black": black, "white": white, "red": red, "green": green}, players,
                          allowed=COMPUTER_PLAYERS)
    parquet = out is not None and out.lower().endswith(".parquet")
    if ray_address is not None and out is not None and not parquet:
        raise click.BadParameter("with --ray, records are written as Parquet shards: use NAME.parquet",
                                 param_hint="--out")
    if parquet:
        from polyreversi.cli.parquet_out import check_parquet_out

        check_parquet_out(out, shards=ray_address is not None)
        fmt = "parquet"
    else:
        fmt = check_out(out, games, variant_for_check(variant, blocked), to_fmt)
    seed = fresh_seed(seed)
    console = make_console(stderr=writes_stdout(out))
    err = make_console(stderr=True)
    colors = list(Color)[: variant.players]
    seats = ", ".join(f"{color_name(c)} {n}" for c, n in zip(colors, names))
    extra = f", blocked {blocked} per game" if blocked is not None else ""
    console.print(f"{games} games of {variant}{extra}: {seats}; seed {seed}")

    tally = Tally(variant.players)
    show_bar = err.is_terminal if progress is None else progress
    bar = Progress(TextColumn("selfplay"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=err, disable=not show_bar, transient=True)
    started = time.perf_counter()
    not_playing = 0.0

    records = []
    try:
        with bar:
            task = bar.add_task("games", total=games)
            if ray_address is not None:
                from polyreversi.cli.parquet_out import run_on_ray

                tally = run_on_ray(variant, names, games, seed, blocked, out, ray_address,
                                   lambda done: bar.advance(task, done))
            else:
                for state in finished_games(variant, names, games, seed, blocked):
                    tally.add(state)
                    if out:
                        before = time.perf_counter()
                        records.append(record_for(state, names))
                        not_playing += time.perf_counter() - before
                    bar.advance(task)
    except VariantError as e:
        raise click.UsageError(str(e)) from None
    seconds = time.perf_counter() - started - not_playing  # the games only, not the records or the writer
    if out and ray_address is None:
        if parquet:
            from polyreversi.cli.parquet_out import write_parquet

            write_parquet(out, records)
        else:
            write_records(out, records, fmt)
    for line in tally.lines(seconds):
        console.print(line)
    if out:
        console.print(f"Records written to {out}")
