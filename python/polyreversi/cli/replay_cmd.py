"""``polyreversi replay``: replay every game of record files and check their results."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

import click

from polyreversi.errors import PolyreversiError, RecordError
from polyreversi.formats import GameEntry, UnsupportedGameError, source_name
from polyreversi.replay import Replay, ReplayError

from polyreversi.cli.console import make_console, progress_over, record_warnings_as_lines
from polyreversi.errors import without_controls
from polyreversi.cli.input import entries_as_recorded, game_entry, read_entries, reader_options
from polyreversi.cli.numbers import WHOLE
from polyreversi.cli.output import known_formats
from polyreversi.cli.positions import position_at, print_position

# Progress bars only for files at least this long (and only on a terminal).
PROGRESS_MIN_GAMES = 200


#: The reader options given on the command line (by their names in formats.check_options).
Options = Dict[str, Optional[str]]


@dataclass
class FileReport:
    """What replaying one file found."""

    path: str
    fmt: str
    read: int = 0
    legal: int = 0
    matched: int = 0
    unfinished: int = 0
    early: int = 0  # resigned, time, agreed
    unchecked: int = 0  # finished, no result recorded
    mismatches: int = 0
    illegal: int = 0
    unreadable: int = 0
    unsupported: int = 0  # well-formed games the engine cannot play (GGF 4x4)
    notes: List[Tuple[str, str]] = field(default_factory=list)  # (kind, line)

    @property
    def failed(self) -> bool:
        return bool(self.mismatches or self.illegal or self.unreadable)


def replay_file(path: str, fmt: Optional[str], options: Options, progress: bool,
                allow_empty: bool = False) -> FileReport:
    """Replays every game of a file (``-``: standard input) and counts what it finds.

    Raises:
        RecordError: the file cannot be read at all, or holds no game (unless ``allow_empty``).
    """
    fmt, entries = read_entries(path, fmt, options, allow_empty=allow_empty)
    report = FileReport(source_name(path), fmt, read=len(entries))
    for entry in _progress(entries, Path(path).name, progress):
        _replay_entry(entry, report)
    return report


def _replay_entry(entry: GameEntry, report: FileReport) -> None:
    if entry.error is not None:
        error, kind = entry.error, "unreadable"
        if isinstance(error, ReplayError):
            kind = "illegal"
        elif isinstance(error, UnsupportedGameError):
            kind = "unsupported"
        setattr(report, kind, getattr(report, kind) + 1)
        report.notes.append((kind, f"{kind}: {_located(str(error), report.path, entry.number)}"))
        return
    record = entry.checked()  # the entry's error was handled above
    who = f"game {entry.number} ({record.title()})"
    try:
        replay = Replay(record)
    except ReplayError as e:
        report.illegal += 1
        report.notes.append(("illegal", f"illegal: {who}: {e}"))
        return
    except RecordError as e:
        report.unreadable += 1
        report.notes.append(("unreadable", f"unreadable: {who}: {e}"))
        return
    report.legal += 1
    check = replay.check()
    if check.status == "match":
        report.matched += 1
    elif check.status == "mismatch":
        report.mismatches += 1
        report.notes.append(("mismatch", f"mismatch: {who}: {check.message}"))
    elif check.status == "unfinished":
        report.unfinished += 1
        report.notes.append(("unfinished", f"unfinished: {who}: {check.message}"))
    elif check.status == "unchecked":
        report.unchecked += 1
    else:
        report.early += 1
        report.notes.append((check.status, f"{check.status}: {who}: {check.message}"))


def _located(message: str, path: str, number: int) -> str:
    """An error message without the file's name (the report names it), starting with the game."""
    if message.startswith(f"{path}: "):
        message = message[len(path) + 2:]
    return message if f"game {number}" in message else f"game {number}: {message}"


def summary_lines(report: FileReport) -> List[str]:
    """The summary of one file, as printed."""
    lines = [
        f"{report.path} ({report.fmt})",
        f"  games read:                   {report.read}",
        f"  replayed legally:             {report.legal}",
        f"  finished, result matches:     {report.matched}",
        f"  unfinished (stopped early):   {report.unfinished}",
    ]
    if report.early:
        lines.append(f"  resigned / time / agreed:     {report.early}")
    if report.unchecked:
        lines.append(f"  finished, no recorded result: {report.unchecked}")
    lines += [
        f"  result mismatches:            {report.mismatches}",
        f"  illegal games:                {report.illegal}",
    ]
    if report.unreadable:
        lines.append(f"  unreadable games:             {report.unreadable}")
    if report.unsupported:
        lines.append(f"  games the engine cannot play: {report.unsupported}")
    lines += [f"  {line}" for _, line in report.notes]
    return lines


def show_position(path: str, fmt: Optional[str], options: Options, game: int, ply: Optional[int]) -> int:
    """Prints the board of one game at one ply (as ``polyreversi show``); returns the exit status."""
    fmt, entries = entries_as_recorded(path, fmt, options)
    position = position_at(game_entry(entries, game, path).checked(), ply, game)  # an error is raised above
    print_position(make_console(), source_name(path), game, position)
    return 1 if position.illegal is not None else 0


def _progress(entries: Sequence[GameEntry], label: str, enabled: bool) -> Iterator[GameEntry]:
    return progress_over(entries, f"replaying {label}", enabled=enabled, minimum=PROGRESS_MIN_GAMES)


@click.command("replay")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--format", "-f", "fmt", default=None, metavar="FORMAT",
              help=f"File format: {known_formats()} (default: from each file's extension).")
@reader_options(beside="the file")
@click.option("--game", type=WHOLE, default=None, help="With --ply: the game to show, numbered from 1.")
@click.option("--allow-empty", is_flag=True, help="A file with no game is not an error (it reports 0 games).")
@click.option("--ply", type=WHOLE, default=None,
              help="Print the board of --game at this ply, numbered as in show --ply (negative: from the end).")
def command(files: Tuple[str, ...], fmt: Optional[str], variant: Optional[str], players_file: Optional[str],
            tournaments_file: Optional[str], game: Optional[int], allow_empty: bool, ply: Optional[int]) -> None:
    """Replay every game of FILE... (JSON, JSON Lines, GGF, WTHOR .wtb, transcripts,
    Parquet games tables or OBF positions),
    checking each move, and compare the final disks with the recorded results.

    Prints, per file: the games read, those that replay legally, the finished games
    whose result matches, the unfinished ones, and every mismatch or illegal game
    with its number and players. Games are numbered from 1. Exit status 1 if any
    game is illegal, unreadable or does not match its result, or a file cannot be
    read; games the engine cannot play (a 4x4 GGF game) are listed but do not fail.

    \b
    Examples:
      polyreversi replay ../shared/data/wthor/WTH_2015.wtb
      polyreversi replay games.ggf games.jsonl
      polyreversi replay games.txt --variant 10x10
      polyreversi replay WTH_2015.wtb --game 12 --ply 30
    """
    with record_warnings_as_lines():
        _replay(files, fmt, {"variant": variant, "players_file": players_file, "tournaments_file": tournaments_file},
                game, allow_empty, ply)


def _replay(files: Tuple[str, ...], fmt: Optional[str], options: Options, game: Optional[int], allow_empty: bool,
            ply: Optional[int]) -> None:
    if game is not None or ply is not None:
        if len(files) != 1:
            raise click.ClickException("--game/--ply show one game: give one FILE")
        try:
            status = show_position(files[0], fmt, options, game if game is not None else 1, ply)
        except PolyreversiError as e:
            raise click.ClickException(str(e)) from None
        sys.exit(status)
    progress = sys.stderr.isatty()
    failed = False
    totals = FileReport("total", "all")
    for path in files:
        try:
            report = replay_file(path, fmt, options, progress, allow_empty)
        except PolyreversiError as e:
            click.echo(f"Error: {e}", err=True)
            failed = True
            continue
        click.echo("\n".join(without_controls(line, keep="\t") for line in summary_lines(report)))  # one line each
        failed = failed or report.failed
        for name in ("read", "legal", "matched", "unfinished", "early", "unchecked", "mismatches", "illegal",
                     "unreadable", "unsupported"):
            setattr(totals, name, getattr(totals, name) + getattr(report, name))
    if len(files) > 1:
        click.echo(
            f"total: {totals.read} games read, {totals.legal} replayed legally, {totals.matched} finished games "
            f"match, {totals.unfinished} unfinished, {totals.mismatches} mismatches, {totals.illegal} illegal, "
            f"{totals.unreadable} unreadable, {totals.unsupported} the engine cannot play"
        )
    sys.exit(1 if failed else 0)
